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

/// Body points lost: skulls minus the defender's blocks, never below zero.
pub fn damage(attack: &[Face], defend: &[Face], defender: Side) -> u8 {
    skulls(attack).saturating_sub(blocks(defend, defender))
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
    fn minimum_one_die() {
        assert_eq!(dice_after_modifiers(1, -1), 1);
        assert_eq!(dice_after_modifiers(3, -1), 2);
    }
}
