//! The heroes' side of the tables: the hero cards and boards, and the men-at-arms a hero may
//! lead (HeroQuest Revised, #151–152; their numbers are ours, checklists §1.1a).

use serde::Deserialize;

use super::Ability;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroDef {
    pub name: String,
    pub body: u8,
    pub mind: u8,
    /// Turn order seat: lower goes first (clockwise from the sorcerer's left).
    pub seat: u8,
    pub weapon: String,
    #[serde(default)]
    pub blurb: String,
    /// Weapons this hero may use; None means any.
    #[serde(default)]
    pub weapons_allowed: Option<Vec<String>>,
    /// False for the Wizard: no armour except what says any hero may wear it.
    #[serde(default = "yes")]
    pub wears_armor: bool,
    /// Disarms traps without a tool kit (the Dwarf).
    #[serde(default)]
    pub disarms_without_kit: bool,
    /// The hero board's numbers that 2021 has no place for (HeroQuest Revised, #21–27); None
    /// keeps the 2021 answer.
    #[serde(default)]
    pub board: Option<HeroBoard>,
}

/// A HeroQuest Revised hero board (checklists §1.1 #21–27, the numbers ours, §1.1a).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct HeroBoard {
    /// Speed dice rolled for each Move Action (#21, #44).
    pub speed_dice: u8,
    /// Spell groups chosen at the start of a quest (#12, #23).
    pub spellcraft: u8,
    /// Defence dice before equipment (#25).
    pub resilience: u8,
    /// Attack dice unarmed (#26, #68).
    pub aggression: u8,
    /// Used by the tests a quest asks for (#24).
    pub brute_force: u8,
    pub wisdom: u8,
    /// None: this hero may not try to disarm a trap (#63).
    pub dexterity: Option<u8>,
}

pub(super) fn yes() -> bool {
    true
}

/// A kind of man-at-arms (Revised #151–152): a figure of the heroes' side that a hero hires and
/// its player activates. Its Speed is fixed, as a monster's; it fights with its own dice, carries
/// no cards, and neither casts nor searches for treasure or secret doors.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ManAtArmsDef {
    pub name: String,
    pub body: u8,
    pub mind: u8,
    /// Squares a Move Action (#21: a fixed Speed).
    pub movement: u8,
    pub attack: u8,
    pub defend: u8,
    /// Its attack is a shot at a figure in sight that is not adjacent (#67).
    #[serde(default)]
    pub ranged: bool,
    /// Gold to hire it at the Mercenaries' Guild Hall (#151).
    pub hire: u32,
    /// Gold after each quest it survives, or it leaves (#151).
    pub upkeep: u32,
    /// May search for traps and try to disarm them (the Scout, #59, #62).
    #[serde(default)]
    pub searches_traps: bool,
    /// Its Dexterity for disarming (#63): None, it may not try.
    #[serde(default)]
    pub dexterity: Option<u8>,
    /// Its special abilities (#113–136), as a monster's.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// Only a Champion may hire it (the Sergeant, #153).
    #[serde(default)]
    pub champions_only: bool,
    pub text: String,
}
