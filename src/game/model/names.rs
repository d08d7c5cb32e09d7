//! The names the log uses: every figure's, the board's rooms, the doors, and LEGO Heroica's
//! spaces by their way to the target.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;

use super::FigureId;

/// Display names of every figure of the quest, kept after a monster dies (for the log), and
/// the board, to name a place by its room rather than its coordinates.
#[derive(Resource, Default, Clone, Debug)]
pub struct FigureNames(
    pub BTreeMap<FigureId, String>,
    pub Option<Arc<crate::rules::board::Board>>,
    /// The doors by id, to say where a door leads.
    pub BTreeMap<u32, crate::rules::geometry::Edge>,
    /// Played with the action-point module: a roll is points, and the log says what a minor
    /// action cost.
    pub bool,
    /// A LEGO Heroica mission (None: none): the monsters' side is the monster player, a
    /// mission's end is told by Heroica's own line, and a space is named by the way to the
    /// target (its spaces and the target's), never by coordinates.
    pub Option<HeroicaPlaces>,
    /// What the rule set calls the sorcerer's spells ("Chaos spell" under Revised); empty:
    /// "Dread spell".
    pub String,
);

impl FigureNames {
    /// What the sorcerer's spells are called in this game.
    pub fn sorcerers_spell(&self) -> &str {
        if self.5.is_empty() { "Dread spell" } else { &self.5 }
    }
}

/// What LEGO Heroica's log needs to name a space as a player would.
#[derive(Clone, Debug)]
pub struct HeroicaPlaces {
    /// Every space's walking distance from the target (by the spaces' own ways, every door open).
    from_target: Arc<crate::rules::paths::DistanceField>,
}

impl HeroicaPlaces {
    pub fn new(spaces: &crate::rules::heroica::spaces::Spaces, target: crate::rules::geometry::Pos) -> Self {
        HeroicaPlaces {
            from_target: Arc::new(spaces.distances(&[target], u16::MAX, |_| true)),
        }
    }

    /// A space in words: "the target space", "beside the target", "5 spaces from the target".
    pub fn place(&self, p: crate::rules::geometry::Pos) -> String {
        match self.from_target.dist(p) {
            Some(0) => "the target space".into(),
            Some(1) => "beside the target".into(),
            Some(d) => format!("{d} spaces from the target"),
            None => "a space".into(),
        }
    }
}

impl FigureNames {
    pub fn get(&self, id: FigureId) -> String {
        self.0.get(&id).cloned().unwrap_or_else(|| format!("figure {}", id.0))
    }

    /// Where a door leads, in words: " to the Guard Hall" (a room from the corridor), " between
    /// the Guard Hall and the Larder" (two rooms); empty when it is not known.
    pub fn door_place(&self, door: u32) -> String {
        let Some(edge) = self.2.get(&door) else {
            return String::new();
        };
        let room = |p| self.1.as_ref().is_some_and(|b| b.is_room(p)).then(|| self.place(p));
        match (room(edge.0), room(edge.1)) {
            (Some(a), Some(b)) if a != b => format!(" between {a} and {b}"),
            (Some(a), _) | (None, Some(a)) => format!(" to {a}"),
            _ => String::new(),
        }
    }

    /// Where a square is, in words a player reads on the board: "the Guard Hall", "the
    /// corridor" (a board with no name for the room: "a room").
    pub fn place(&self, p: crate::rules::geometry::Pos) -> String {
        let Some(board) = self.1.as_ref().filter(|b| b.in_bounds(p)) else {
            return "the dungeon".into();
        };
        match board.room_name(p) {
            Some(name) => crate::text::the(name),
            None if board.is_room(p) => "a room".into(),
            None => "the corridor".into(),
        }
    }
}
