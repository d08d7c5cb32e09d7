//! Games on disk: replays and the autosaved quest in progress. Both are the rule set, the quest,
//! the seed and every command, which rebuild the game exactly; both are versioned RON written
//! atomically, and a file that cannot be read is named with its problem and left as it is.

pub mod autosave;
pub mod files;
pub mod settings;

pub use files::{autosave_path, config_dir, data_dir, user_quest_dir};
use files::{read_ron, write_ron};

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::ai::{HeroBot, SorcererLevel};
use crate::game::model::{Command, GameEvent};
use crate::quest::{self, Quest};

/// The replay format this build writes and reads.
pub const REPLAY_FORMAT: u32 = 1;

/// A recorded game: what `simulate --save-replay` writes and `replay` reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub format: u32,
    /// The rule set the quest was played under.
    pub rules: String,
    /// A built-in quest id, or the path of the quest file that was played.
    pub quest: String,
    pub seed: u64,
    /// Every command sent, in order (refused ones too: they are part of the game).
    pub commands: Vec<Command>,
}

impl Replay {
    pub fn new(quest: &Quest, quest_source: &str, seed: u64, commands: Vec<Command>) -> Replay {
        Replay {
            format: REPLAY_FORMAT,
            rules: quest.rules.id.clone(),
            quest: quest_source.to_string(),
            seed,
            commands,
        }
    }

    /// Writes the replay atomically: a temporary file beside it, flushed, then renamed over it.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "replay", false)
    }

    /// Reads a replay; every failure names the file and says what is wrong.
    pub fn read(path: &Path) -> Result<Replay, String> {
        read_ron(path, "replay", REPLAY_FORMAT, |r: &Replay| r.format)
    }

    /// Loads the quest and plays the commands again, headless; the events, as the game wrote them.
    pub fn play(&self) -> Result<Vec<GameEvent>, String> {
        let q: Quest = quest::load(&self.quest).map_err(|p| format!("the replay's quest: {p}"))?;
        if q.rules.id != self.rules {
            return Err(format!(
                "the replay was played under rule set \"{}\", but \"{}\" uses \"{}\"",
                self.rules, self.quest, q.rules.id
            ));
        }
        Ok(crate::sim::replay(Arc::new(q), self.seed, &self.commands))
    }
}

/// The save format this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A quest in progress, written after every command: enough to rebuild it exactly and to go on
/// with the same opponents and companions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedQuest {
    pub format: u32,
    pub rules: String,
    /// A built-in quest id, or the path of the quest file.
    pub quest: String,
    /// The quest's name, for the title screen (the quest itself is loaded again on resume).
    pub name: String,
    pub seed: u64,
    pub sorcerer: SorcererLevel,
    pub heroes_bot: HeroBot,
    /// The computer plays every hero.
    pub autoplay: bool,
    /// Heroes (rule-set ids) the computer plays beside the people.
    pub companions: Vec<String>,
    /// The round the game was in when saved, for the title screen.
    pub round: u32,
    pub commands: Vec<Command>,
    /// Events that are not the result of a command (the sorcerer's reasons), with the number
    /// of commands sent before each, so the log reads the same after a resume.
    pub notes: Vec<(u32, GameEvent)>,
    /// A campaign quest: the party's gear each hero brought (it replaces the quest's own), and
    /// the campaign is settled when the quest ends.
    #[serde(default)]
    pub campaign_gear: Option<std::collections::BTreeMap<String, crate::quest::Gear>>,
    /// The names the party's heroes go by (a campaign quest).
    #[serde(default)]
    pub hero_names: std::collections::BTreeMap<String, String>,
    /// Heroes the players left out of this game.
    #[serde(default)]
    pub left_out: Vec<String>,
}

impl SavedQuest {
    /// Writes atomically and keeps the file it replaces as `<name>.bak`.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "save", true)
    }

    pub fn read(path: &Path) -> Result<SavedQuest, String> {
        read_ron(path, "save", SAVE_FORMAT, |s: &SavedQuest| s.format)
    }

    /// The saved quest, loaded again and checked against the rule set it was played under
    /// (with the campaign party's gear, for a campaign quest).
    pub fn load_quest(&self) -> Result<Arc<Quest>, String> {
        let mut q: Quest = quest::load(&self.quest).map_err(|p| format!("the saved game's quest: {p}"))?;
        if let Some(gear) = &self.campaign_gear {
            for (class, g) in gear {
                crate::campaign::check_gear(&q.rules, class, g).map_err(|e| format!("the saved party: {e}"))?;
                q.gear.insert(class.clone(), g.clone());
            }
        }
        q.hero_names = self.hero_names.clone();
        let q = if self.left_out.is_empty() {
            q
        } else {
            q.without_heroes(&self.left_out)
        };
        if q.rules.id != self.rules {
            return Err(format!(
                "the game was saved under rule set \"{}\", but \"{}\" now uses \"{}\"",
                self.rules, self.quest, q.rules.id
            ));
        }
        Ok(Arc::new(q))
    }
}
