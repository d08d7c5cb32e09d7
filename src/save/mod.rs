//! Replays on disk: the quest, the seed and every command, which rebuild the game exactly.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

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
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: cannot encode the replay: {e}", path.display()))?;
        let tmp = path.with_extension("ron.tmp");
        let fail = |e: std::io::Error| format!("{}: {e}", path.display());
        {
            use std::io::Write;
            let mut f = std::fs::File::create(&tmp).map_err(fail)?;
            f.write_all(text.as_bytes()).map_err(fail)?;
            f.sync_all().map_err(fail)?;
        }
        std::fs::rename(&tmp, path).map_err(fail)
    }

    /// Reads a replay; every failure names the file and says what is wrong.
    pub fn read(path: &Path) -> Result<Replay, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = std::str::from_utf8(&bytes).map_err(|e| format!("{}: not a text file ({e})", path.display()))?;
        // The version first, so that a newer file gets a clear answer rather than a field error.
        #[derive(Deserialize)]
        struct Version {
            format: u32,
        }
        let options = ron::Options::default();
        if let Ok(v) = options.from_str::<Version>(text)
            && v.format > REPLAY_FORMAT
        {
            return Err(format!(
                "{}: replay format {} is newer than this build reads ({REPLAY_FORMAT}); update Hollowdeep",
                path.display(),
                v.format
            ));
        }
        let r: Replay = options.from_str(text).map_err(|e| {
            format!(
                "{}:{}:{}: not a valid replay: {}",
                path.display(),
                e.span.start.line,
                e.span.start.col,
                e.code
            )
        })?;
        if r.format != REPLAY_FORMAT {
            return Err(format!(
                "{}: replay format {} is not one this build reads ({REPLAY_FORMAT})",
                path.display(),
                r.format
            ));
        }
        Ok(r)
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
