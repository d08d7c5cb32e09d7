//! HeroQuest Revised's advanced game in the world (checklists §1.1 #156–174): a hero's Fate and
//! Skills, and what Morcar holds for the quest (its Dungeon cards, its Event deck).

use std::collections::BTreeSet;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A hero's Fate tokens (#161, #170): won by winning quests, spent on skills between quests and,
/// during one, on recovery, an extra activation or one roll (#172–174).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Fate {
    pub tokens: u8,
    /// The kinds of roll the hero has spent Fate on and not yet rolled: the next roll of each
    /// is set to the faces the hero wants (#174).
    pub set: BTreeSet<RollKind>,
}

/// A hero's Skill cards (#156, #167), by id, and what they give it, worked out where the quest
/// begins (`Skills::of`).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Skills {
    pub ids: Vec<String>,
    /// Their abilities: extra actions, Haste.
    pub abilities: Vec<crate::rules::ruleset::Ability>,
    /// How much higher the hero's Mind counts for a Mastery test.
    pub mastery: u8,
    /// Body and Mind one Fate recovers, in all.
    pub fate_recovers: u8,
    /// The hero plays on its board's Champion side (#166).
    pub champion: bool,
}

impl Skills {
    /// A hero's skills under the advanced tables, with what they add up to.
    pub fn of(adv: &crate::rules::ruleset::AdvancedDef, ids: &[String]) -> Skills {
        let mut s = Skills {
            ids: ids.to_vec(),
            fate_recovers: adv.fate_recovers,
            ..Default::default()
        };
        for d in ids.iter().filter_map(|i| adv.skills.get(i)) {
            s.abilities.extend(d.abilities.iter().cloned());
            s.mastery = s.mastery.saturating_add(d.mastery);
            s.fate_recovers = s.fate_recovers.saturating_add(d.fate_recovers);
            s.champion |= d.champion;
        }
        s
    }
}

/// A roll Fate may set (#174: an attack, a defence or a test).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RollKind {
    Attack,
    Defence,
    /// A test: a Mastery test, a Test of Strength or Will, a disarming roll.
    Test,
}

impl RollKind {
    pub fn name(self) -> &'static str {
        match self {
            RollKind::Attack => "attack",
            RollKind::Defence => "defence",
            RollKind::Test => "test",
        }
    }
}

/// What a hero spends one Fate on during a quest (#172–174).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FateUse {
    /// Up to the tables' `fate_recovers` Body and Mind, in all, Body first (#172).
    Recover,
    /// An extra activation out of turn, taken at once at a boundary between two activations
    /// of another player's or Morcar's turn (#173).
    Activation,
    /// The hero's next roll of this kind shows the faces it wants (#174).
    Roll(RollKind),
}

/// What Morcar holds in a quest of the advanced game: the Dungeon cards it chose (#168), its
/// Event deck (#169), and its Event cards still to play at its first turn.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Morcar {
    /// Its budget in marks, the sum over the heroes' skills (#168).
    pub budget: u32,
    /// The Dungeon cards in play, by id.
    pub cards: Vec<String>,
    /// The Event deck: indexes into the tables' `event_cards`, drawn from the end.
    pub deck: Vec<usize>,
    /// Event cards to play at the start of its first turn (a Dungeon card's, or the
    /// co-operative turn order's one).
    pub held: u8,
    /// The heroes on an extra activation bought with Fate (#173), with the phase to go back to.
    pub interrupt: Option<(crate::game::model::FigureId, crate::game::model::Phase)>,
}

/// The Magic Spell deck of Revised's Apprentice Spell System (#177): the cards still to draw
/// (drawn from the end) and those cast, shuffled into a new deck when the deck runs out. The
/// heroes' hands are their `Spellbook`s.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MagicDeck {
    pub draw: Vec<String>,
    pub discard: Vec<String>,
}
