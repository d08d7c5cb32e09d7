//! Games on disk: replays and the autosaved quest in progress. Both are the rule set, the quest,
//! the seed and every command, which rebuild the game exactly; both are versioned RON written
//! atomically, and a file that cannot be read is named with its problem and left as it is.

pub mod autosave;
pub mod check;
pub mod crash;
pub mod files;
pub mod games;
pub mod settings;

pub use files::{config_dir, data_dir, user_quest_dir, write_text};
use files::{read_ron, write_ron};
pub use games::saves_dir;

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::ai::{HeroBot, SorcererLevel};
use crate::game::model::{ActiveQuest, Command, CommandLog, GameEvent, Seed, Turn};
use crate::quest::{self, Quest};

/// The replay format this build writes and reads (2: refused commands are left out and a
/// check digests the game command by command; 1 had neither and is still read).
pub const REPLAY_FORMAT: u32 = 2;

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
    /// The sorcerer's level: it decides more than the sorcerer's commands (where a wandering
    /// monster appears). Files before it was kept were played against the normal sorcerer.
    #[serde(default)]
    pub sorcerer: SorcererLevel,
    /// The bot that played the heroes (it chose the commands; the rules do not read it).
    #[serde(default)]
    pub heroes_bot: HeroBot,
    /// The modules the game was played with (ids); none in files from before they existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
    /// Heroes one person played together (Revised #39); none: each hero its own player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<Vec<String>>,
    /// Every command the game accepted, in order.
    pub commands: Vec<Command>,
    /// What the game did, digested command by command (format 2 on).
    #[serde(default)]
    pub check: Option<check::Check>,
}

impl Replay {
    /// A replay of these commands played from `seed`, with its check (the game is played once,
    /// headless, to digest it).
    pub fn new(
        quest: &Quest,
        quest_source: &str,
        seed: u64,
        sorcerer: SorcererLevel,
        commands: Vec<Command>,
    ) -> Replay {
        Replay::played_by(quest, quest_source, seed, sorcerer, HeroBot::default(), commands)
    }

    /// `new`, naming the hero bot that chose the heroes' commands.
    pub fn played_by(
        quest: &Quest,
        quest_source: &str,
        seed: u64,
        sorcerer: SorcererLevel,
        heroes_bot: HeroBot,
        commands: Vec<Command>,
    ) -> Replay {
        let mut world = rebuild_world(sorcerer);
        world.resource_mut::<crate::ai::Opponents>().heroes_bot = heroes_bot;
        crate::game::logic::start_quest(&mut world, Arc::new(quest.clone()), seed);
        for c in commands {
            crate::game::logic::submit(&mut world, c);
        }
        Replay::of_world(&world, quest_source).expect("a headless world has a quest in play")
    }

    /// The game played in `world` (a quest started by `logic::start_quest`) as a replay.
    pub fn of_world(world: &bevy::prelude::World, quest_source: &str) -> Option<Replay> {
        let quest = &world.get_resource::<ActiveQuest>()?.0;
        let seed = world.get_resource::<Seed>()?.0;
        let opponents = world
            .get_resource::<crate::ai::Opponents>()
            .copied()
            .unwrap_or_default();
        let (sorcerer, heroes_bot) = (opponents.sorcerer, opponents.heroes_bot);
        let mut r = Replay {
            format: REPLAY_FORMAT,
            rules: quest.system.id().to_string(),
            quest: quest_source.to_string(),
            seed,
            sorcerer,
            heroes_bot,
            modules: quest.modules.ids(),
            players: quest.players.clone(),
            commands: world.get_resource::<CommandLog>()?.0.clone(),
            check: None,
        };
        r.check = Some(check::of_world(world, &r.setup()));
        Some(r)
    }

    /// What the check starts from besides the commands: rule system, seed and sorcerer, and the
    /// modules when there are any (so files without modules keep their checks).
    fn setup(&self) -> serde_json::Value {
        let mut v = vec![
            serde_json::json!(self.rules),
            serde_json::json!(self.seed),
            serde_json::to_value(self.sorcerer).unwrap_or_default(),
        ];
        if !self.modules.is_empty() {
            v.push(serde_json::json!(self.modules));
        }
        if !self.players.is_empty() {
            v.push(serde_json::json!({ "players": self.players }));
        }
        serde_json::Value::Array(v)
    }

    /// Writes the replay atomically: a temporary file beside it, flushed, then renamed over it.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "replay", false)
    }

    /// Reads a replay; every failure names the file and says what is wrong.
    pub fn read(path: &Path) -> Result<Replay, String> {
        let r: Replay = read_ron(path, "replay", 1..=REPLAY_FORMAT, files::limits::GAME, |r: &Replay| {
            r.format
        })?;
        check_format(path, "replay", r.format, r.check.is_some())?;
        Ok(r)
    }

    /// Loads the quest and plays the commands again, headless, checking each against the
    /// file's check: the events, as the game wrote them, or why the file does not replay to
    /// the game that was recorded (the first command that went wrong).
    pub fn play(&self) -> Result<Vec<GameEvent>, String> {
        let q: Quest = quest::load(&self.quest).map_err(|p| format!("the replay's quest: {p}"))?;
        let q = q
            .under(&self.rules)
            .map_err(|e| format!("the replay's rule system: {e}"))?
            .exactly_modules(&self.modules)
            .map_err(|e| format!("the replay's modules: {e}"))?
            .with_players(&self.players);
        let mut world = rebuild_world(self.sorcerer);
        check::rebuild(
            &mut world,
            Arc::new(q),
            self.seed,
            &self.commands,
            &[],
            &self.setup(),
            self.check.as_ref(),
        )
        .map_err(|e| format!("the replay does not play as it was recorded: {e}"))
    }
}

/// A world to rebuild a recorded game in: nothing but what the rules read besides the quest
/// (the sorcerer's level, which places wandering monsters). No computer player thinks here.
fn rebuild_world(sorcerer: SorcererLevel) -> bevy::prelude::World {
    let mut world = bevy::prelude::World::new();
    world.insert_resource(crate::ai::Opponents {
        sorcerer,
        ..Default::default()
    });
    world
}

/// Formats before 2 carry no check; from 2 on one is required.
fn check_format(path: &Path, what: &str, format: u32, checked: bool) -> Result<(), String> {
    match (format, checked) {
        (0, _) => Err(format!(
            "{}: {what} format 0 is not one this build reads",
            path.display()
        )),
        (1, true) => Err(format!(
            "{}: a {what} of format 1 has no check: the file was changed",
            path.display()
        )),
        (1, false) | (_, true) => Ok(()),
        (_, false) => Err(format!(
            "{}: the {what} has no check (format {format} needs one): the file was cut or changed",
            path.display()
        )),
    }
}

/// The save format this build writes and reads (2: with a check, and without refused
/// commands; 1 is still read, unchecked).
pub const SAVE_FORMAT: u32 = 2;

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
    /// The men-at-arms each hero of a campaign party brought (Revised #151), by hero kind.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub campaign_men: std::collections::BTreeMap<String, Vec<String>>,
    /// A campaign party's Fate and Skill cards (Revised's advanced game), by hero kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_fate: Option<std::collections::BTreeMap<String, u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_skills: Option<std::collections::BTreeMap<String, Vec<String>>>,
    /// The schools a campaign party's casters kept from quest to quest, when they brought them
    /// (none: the quest's own, or a draft).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_schools: Option<std::collections::BTreeMap<String, Vec<String>>>,
    /// Heroes the players left out of this game.
    #[serde(default)]
    pub left_out: Vec<String>,
    /// Heroes one person plays together (Revised #39), as the table set them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<Vec<String>>,
    /// A person plays the sorcerer (None: the computer).
    #[serde(default)]
    pub sorcerer_player: Option<crate::seating::SorcererSeat>,
    /// The modules the game is played with (ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
    /// A LEGO Heroica mission's heroes in seat order, when the game chose them (an Epic
    /// campaign's); empty: the mission's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heroes: Vec<String>,
    /// What the game did, digested command by command (format 2 on).
    #[serde(default)]
    pub check: Option<check::Check>,
}

/// What decided a saved game besides its commands: what its check starts from.
#[derive(Serialize)]
struct SaveSetup<'a> {
    rules: &'a str,
    seed: u64,
    sorcerer: SorcererLevel,
    campaign_gear: &'a Option<std::collections::BTreeMap<String, crate::quest::Gear>>,
    hero_names: &'a std::collections::BTreeMap<String, String>,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    campaign_men: &'a std::collections::BTreeMap<String, Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    campaign_schools: &'a Option<std::collections::BTreeMap<String, Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    campaign_fate: &'a Option<std::collections::BTreeMap<String, u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    campaign_skills: &'a Option<std::collections::BTreeMap<String, Vec<String>>>,
    left_out: &'a [String],
    #[serde(skip_serializing_if = "<[Vec<String>]>::is_empty")]
    players: &'a [Vec<String>],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    modules: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    heroes: &'a [String],
}

impl SavedQuest {
    fn setup(&self) -> SaveSetup<'_> {
        SaveSetup {
            rules: &self.rules,
            seed: self.seed,
            sorcerer: self.sorcerer,
            campaign_gear: &self.campaign_gear,
            hero_names: &self.hero_names,
            campaign_men: &self.campaign_men,
            campaign_schools: &self.campaign_schools,
            campaign_fate: &self.campaign_fate,
            campaign_skills: &self.campaign_skills,
            left_out: &self.left_out,
            players: &self.players,
            modules: &self.modules,
            heroes: &self.heroes,
        }
    }

    /// Fills in the check from the game in `world` (the game this save describes).
    pub fn seal(mut self, world: &bevy::prelude::World) -> SavedQuest {
        self.check = Some(check::of_world(world, &self.setup()));
        self
    }

    /// Writes atomically and keeps the file it replaces as `<name>.bak`.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "save", true)
    }

    /// Reads a save (its header and commands; `verify` checks that it replays).
    pub fn read(path: &Path) -> Result<SavedQuest, String> {
        let s: SavedQuest = read_ron(path, "save", 1..=SAVE_FORMAT, files::limits::GAME, |s: &SavedQuest| {
            s.format
        })?;
        check_format(path, "save", s.format, s.check.is_some())?;
        Ok(s)
    }

    /// The saved quest, loaded again and checked against the rule set it was played under
    /// (with the campaign party's gear, for a campaign quest).
    pub fn load_quest(&self) -> Result<Arc<Quest>, String> {
        let mut q: Quest = quest::load(&self.quest).map_err(|p| format!("the saved game's quest: {p}"))?;
        if !self.heroes.is_empty() {
            q = q
                .with_mission_heroes(&self.heroes)
                .map_err(|e| format!("the saved game's heroes: {e}"))?;
        }
        if let Some(gear) = &self.campaign_gear {
            for (class, g) in gear {
                if q.mission.is_some() {
                    // An Epic Heroica mission: the packs' things by LEGO Heroica's tables.
                    crate::quest::check_heroica_gear(&q, class, g).map_err(|e| format!("the saved party: {e}"))?;
                } else {
                    crate::quest::gear::check_gear(&q.rules, class, g).map_err(|e| format!("the saved party: {e}"))?;
                }
                q.gear.insert(class.clone(), g.clone());
            }
        }
        q.hero_names = self.hero_names.clone();
        for (class, men) in &self.campaign_men {
            if !q.heroes.contains(class) || men.len() > crate::quest::MAX_MEN_AT_ARMS {
                return Err(format!(
                    "the saved party: the {class} cannot bring {} men-at-arms to this quest",
                    men.len()
                ));
            }
        }
        q.hired = self.campaign_men.clone();
        if let Some(schools) = &self.campaign_schools {
            for (class, list) in schools {
                if !q.heroes.contains(class) {
                    return Err(format!("the saved party: the {class} is not in this quest"));
                }
                if let Some(s) = list.iter().find(|s| !q.rules.schools.contains_key(*s)) {
                    return Err(format!("the saved party: the {class} knows unknown school \"{s}\""));
                }
            }
            q.spell_schools = Some(schools.clone());
        }
        let q = if self.left_out.is_empty() {
            q
        } else {
            q.without_heroes(&self.left_out)
        };
        let q = q.with_players(&self.players);
        let q = q
            .under(&self.rules)
            .map_err(|e| format!("the saved game's rule system: {e}"))?
            .exactly_modules(&self.modules)
            .map_err(|e| format!("the saved game's modules: {e}"))?;
        // A campaign party's Fate and skills (Revised's advanced game).
        let q = match (&self.campaign_fate, &self.campaign_skills) {
            (Some(fate), Some(skills)) => q
                .with_party_cards(fate, skills)
                .map_err(|e| format!("the saved party: {e}"))?,
            (None, None) => q,
            _ => return Err("the saved party: its Fate and its skills come together".into()),
        };
        Ok(Arc::new(q))
    }

    /// Rebuilds the game headless and checks it against the save's check, command by command,
    /// and the round it names. Ok with the quest (ready to rebuild in the window); Err names
    /// the first command that went wrong. Nothing is written.
    pub fn verify(&self) -> Result<Arc<Quest>, String> {
        let quest = self.load_quest()?;
        let mut world = rebuild_world(self.sorcerer);
        check::rebuild(
            &mut world,
            quest.clone(),
            self.seed,
            &self.commands,
            &self.notes,
            &self.setup(),
            self.check.as_ref(),
        )
        .map_err(|e| format!("the saved game does not replay as it was saved: {e}"))?;
        let round = world.get_resource::<Turn>().map_or(0, |t| t.round);
        if self.check.is_some() && round != self.round {
            return Err(format!(
                "the saved game says round {}, but it replays to round {round}: the file was changed",
                self.round
            ));
        }
        Ok(quest)
    }
}
