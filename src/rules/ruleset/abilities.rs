//! Special abilities and the kinds of damage and tests (HeroQuest Revised, checklists §1.1
//! #17–18, #70–77, #113–136): data on figures and cards, with the numbers the rules read.

use serde::Deserialize;

impl Ability {
    /// Whether the game plays this ability yet: the tables may give a figure only those it does
    /// (an ability the rules ignored would be a promise the game does not keep).
    pub fn built(&self) -> bool {
        use Ability::*;
        matches!(
            self,
            Immune(_)
                | Undead
                | Weakness(_)
                | Long
                | Giant
                | Defencing
                | Rage(_)
                | Haste(_)
                | Command
                | Crush
                | Sentry
                | Steal
                | Artifice(_)
                | Fortune(_)
                | Lore(_)
                | Perception(_)
                | Heavy(_)
                | Unspent
                | Satchel(_)
                | Insight(_)
        )
    }

    /// An ability of a caster's card rather than of its turn: a spell not used up, or more Magic
    /// Spell cards held and drawn (#177). Items carry these; nothing else does.
    pub fn magic(&self) -> bool {
        matches!(self, Ability::Unspent | Ability::Satchel(_) | Ability::Insight(_))
    }

    /// The X of a `Satchel(X)`: Magic Spell cards held beyond half the Mind (#177).
    pub fn satchel(&self) -> u8 {
        match self {
            Ability::Satchel(x) => *x,
            _ => 0,
        }
    }

    /// The X of an `Insight(X)`: Magic Spell cards drawn beyond the one at the end of each
    /// activation (#177).
    pub fn insight(&self) -> u8 {
        match self {
            Ability::Insight(x) => *x,
            _ => 0,
        }
    }

    /// The extra actions of one kind this ability gives a turn (#113, #119, #125, #127, #129).
    pub fn bonus(&self, kind: Bonus) -> u8 {
        match (self, kind) {
            (Ability::Artifice(x), Bonus::SearchTraps)
            | (Ability::Fortune(x), Bonus::SearchTreasure)
            | (Ability::Perception(x), Bonus::SearchSecretDoors)
            | (Ability::Lore(x), Bonus::Cast)
            | (Ability::Rage(x), Bonus::Attack) => *x,
            _ => 0,
        }
    }

    /// The kind of extra action this ability gives, if it gives one.
    pub fn bonus_kind(&self) -> Option<Bonus> {
        [
            Bonus::SearchTraps,
            Bonus::SearchTreasure,
            Bonus::SearchSecretDoors,
            Bonus::Cast,
            Bonus::Attack,
        ]
        .into_iter()
        .find(|b| self.bonus(*b) > 0)
    }

    /// The X of this ability if it is a `Rage(X)` (extra Attack actions, #129).
    pub fn rage(&self) -> u8 {
        match self {
            Ability::Rage(x) => *x,
            _ => 0,
        }
    }

    /// The X of this ability if it is a `Haste(X)` (extra Move actions, #121).
    pub fn haste(&self) -> u8 {
        match self {
            Ability::Haste(x) => *x,
            _ => 0,
        }
    }
}

/// A test a figure makes (checklists §1.1 #17–18): one d6 per current Body (Strength) or
/// Mind (Will); any 6 passes.
#[derive(Clone, Copy, Debug, Deserialize, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TestKind {
    Strength,
    Will,
}

impl TestKind {
    /// How many dice a figure with this Body and Mind rolls.
    pub fn dice(self, body: u8, mind: u8) -> u8 {
        match self {
            TestKind::Strength => body,
            TestKind::Will => mind,
        }
    }

    /// Whether these d6 pass: any 6.
    pub fn passes(pips: &[u8]) -> bool {
        pips.contains(&6)
    }

    /// The chance that `n` dice pass: 1 − (5/6)^n.
    pub fn chance(n: u8) -> f64 {
        1.0 - (5.0f64 / 6.0).powi(i32::from(n))
    }

    pub fn name(self) -> &'static str {
        match self {
            TestKind::Strength => "Test of Strength",
            TestKind::Will => "Test of Will",
        }
    }
}

/// How much of `amount` damage of `kind` a figure with these abilities takes (checklists §1.1
/// #123 Immune, #134 Undead against Spirit, #135 Weakness: doubled, several not adding up).
pub fn damage_taken(abilities: &[Ability], kind: DamageKind, amount: u8) -> u8 {
    let immune = abilities.iter().any(|a| match a {
        Ability::Immune(k) => k.contains(&kind),
        Ability::Undead => kind == DamageKind::Spirit,
        _ => false,
    });
    let weak = abilities
        .iter()
        .any(|a| matches!(a, Ability::Weakness(k) if k.contains(&kind)));
    if immune {
        0
    } else if weak {
        amount.saturating_mul(2)
    } else {
        amount
    }
}

/// The kinds of damage (Revised #70–73). 2021 knows only plain damage.
#[derive(Clone, Copy, Debug, Default, Deserialize, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DamageKind {
    /// Removes Body.
    #[default]
    Plain,
    /// Removes Mind (Revised #71); Mystic Combat's damage.
    Spirit,
    Poison,
    Cold,
    Heat,
    /// The target counts as having rolled no shields (Revised #73).
    Piercing,
}

/// The actions an ability may add to a turn beyond its one other Action (#113, #119, #125,
/// #127, #129).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    SearchTraps,
    SearchTreasure,
    SearchSecretDoors,
    Cast,
    Attack,
}

/// A special ability, on a figure or a card (Revised #113–136): each is a mechanism the rules
/// know, with its number where it has one. An ability the game does not know is an error where
/// the tables name it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Ability {
    /// X extra Search for Traps actions a turn (#113).
    Artifice(u8),
    /// Holds the hero it hurts (#114).
    Crush,
    /// Its side's figures in its sight gain Haste(1) (#115).
    Command,
    /// One friendly shield blocks the whole attack (#117).
    Defencing,
    /// X extra Search for Treasure actions (#119).
    Fortune(u8),
    /// No figure passes through its square (#120).
    Giant,
    /// X extra Move Actions (#121).
    Haste(u8),
    /// Each movement die is X lower, to 1 at least (#122).
    Heavy(i8),
    /// These kinds of damage do nothing to it (#123).
    Immune(Vec<DamageKind>),
    /// Its melee attacks reach diagonally (#124).
    Long,
    /// X extra Cast actions (#125).
    Lore(u8),
    /// X extra Search for Secret Doors actions (#127).
    Perception(u8),
    /// X extra Attack actions (#129).
    Rage(u8),
    /// Opens doors and reveals areas as a hero does (#130).
    Sentry,
    /// Takes a thing from an adjacent hero and runs (#133).
    Steal,
    /// Not removed at 0 Mind, and immune to Spirit damage (#77, #134).
    Undead,
    /// The first spell its bearer casts in a quest is not used up (the Spell Ring's).
    Unspent,
    /// X more Magic Spell cards in the hand (the Apprentice Spell System, #177).
    Satchel(u8),
    /// X more Magic Spell cards drawn at the end of each activation, the hand's size still
    /// holding (#177).
    Insight(u8),
    /// These kinds of damage are doubled; several do not stack (#135).
    Weakness(Vec<DamageKind>),
}
