//! Combat resolution: skulls hit, shields of the defender's colour block.

use super::dice::Face;

/// Who is defending decides which shield blocks: white for heroes, black for monsters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Hero,
    Monster,
}

pub fn skulls(faces: &[Face]) -> u8 {
    faces.iter().filter(|f| **f == Face::Skull).count() as u8
}

pub fn blocks(faces: &[Face], defender: Side) -> u8 {
    let shield = match defender {
        Side::Hero => Face::WhiteShield,
        Side::Monster => Face::BlackShield,
    };
    faces.iter().filter(|f| **f == shield).count() as u8
}

/// Who defends, as an attack sees it: the shields that block, and whether one blocks all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guard {
    pub side: Side,
    /// Defencing (HeroQuest Revised #117): one shield of its own blocks the whole attack.
    pub defencing: bool,
}

impl From<Side> for Guard {
    fn from(side: Side) -> Guard {
        Guard { side, defencing: false }
    }
}

/// Body points lost: skulls minus the defender's blocks, never below zero; nothing at all when
/// a Defencing defender rolls a shield of its own.
pub fn damage(attack: &[Face], defend: &[Face], defender: impl Into<Guard>) -> u8 {
    let g = defender.into();
    let blocked = blocks(defend, g.side);
    if g.defencing && blocked > 0 {
        return 0;
    }
    skulls(attack).saturating_sub(blocked)
}

/// Dice rolled after modifiers: never fewer than one (heroquest-2021.md, Attack/Defend Dice).
pub fn dice_after_modifiers(base: u8, modifier: i8) -> u8 {
    (base as i16 + modifier as i16).max(1) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use Face::*;

    #[test]
    fn heroes_block_on_white_monsters_on_black() {
        // heroquest-2021.md, Combat System; issue 2: white shields for heroes, black for monsters.
        let attack = [Skull, Skull, Skull];
        let defend = [WhiteShield, BlackShield];
        assert_eq!(damage(&attack, &defend, Side::Hero), 2);
        assert_eq!(damage(&attack, &defend, Side::Monster), 2);
        assert_eq!(damage(&attack, &[WhiteShield, WhiteShield], Side::Hero), 1);
        assert_eq!(damage(&attack, &[WhiteShield, WhiteShield], Side::Monster), 3);
        assert_eq!(damage(&[Skull], &[BlackShield, BlackShield], Side::Monster), 0);
        assert_eq!(damage(&[WhiteShield], &[], Side::Hero), 0);
    }

    #[test]
    fn a_defencing_shield_blocks_the_whole_attack() {
        // HeroQuest Revised #117 (Defencing): one friendly shield blocks all the damage.
        let g = Guard {
            side: Side::Monster,
            defencing: true,
        };
        assert_eq!(damage(&[Skull, Skull, Skull], &[BlackShield], g), 0);
        assert_eq!(damage(&[Skull, Skull, Skull], &[WhiteShield, WhiteShield], g), 3);
        assert_eq!(
            damage(&[Skull, Skull, Skull], &[WhiteShield, WhiteShield], Side::Hero),
            1
        );
    }

    #[test]
    fn minimum_one_die() {
        assert_eq!(dice_after_modifiers(1, -1), 1);
        assert_eq!(dice_after_modifiers(3, -1), 2);
    }
}
