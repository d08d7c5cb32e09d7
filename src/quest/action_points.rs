//! The quest data of the action-point module (action-point-movement.md): levers and special
//! terrain. Locked doors and portcullises are fields of `RawDoor`.

use serde::{Deserialize, Serialize};

/// A square of special terrain (the action-point module, action-point-movement.md: Terrain,
/// Failure Event, Dangerous Event, Pushed Event).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawTerrain {
    pub at: (i32, i32),
    /// Action points a hero pays to enter it (1 is plain floor).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub cost: u8,
    /// Entering it draws a Response card for each monster beside it; an Eye springs `failure`.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub dangerous: bool,
    /// What happens on a failure (a dangerous square's Eye, or any figure pushed onto it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// What the board says about it on hover ("Rope bridge").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

/// A special square's failure event (checklists.md 1.3 #27).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Failure {
    /// Wounds without defence.
    Wound(u8),
    /// The figure's move ends on the square.
    EndMove,
    /// The HeroQuest pit (rules-decisions #17): the ground opens, the fall wounds (no defence),
    /// the move and the turn end, and the square stays an open pit, fought from with a die fewer.
    Pit,
}

/// A validated terrain square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    pub cost: u8,
    pub dangerous: bool,
    pub failure: Option<Failure>,
    pub name: String,
}

/// A lever (the action-point module): a hero in Range 1 pulls it, for a point, and the door or
/// portcullis `opens` names (by its two squares) opens for good.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawLever {
    pub at: (i32, i32),
    pub opens: ((i32, i32), (i32, i32)),
}
