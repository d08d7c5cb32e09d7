//! Quests as RON files: permissive raw types, validation into a `Quest`, and the built-in catalog.

mod action_points;
pub mod gear;
mod heroica;
pub use heroica::{DEFAULT_HEROES, check_heroica_gear, fewest_heroes};
pub mod import;
mod load;
pub mod locate;
pub mod mission;
mod party_cards;
mod raw;
pub use raw::*;
mod validate;
pub mod watch;
pub use action_points::{Failure, RawLever, RawTerrain, Terrain};

use load::load_board;
pub(crate) use load::options;
pub use load::{
    MOST_USER_QUESTS, QUEST_BOOK, Winnable, board_path, book_order, builtin_quests, campaign_book, campaign_book_for,
    catalogue, is_builtin, load, parse, parse_with,
};
pub use validate::validate;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use crate::rules::board::{Board, DataProblem, PathPart};
use crate::rules::geometry::{Edge, Pos, Rect};
use crate::rules::ruleset::{MonsterDef, RuleSet};

/// The most men-at-arms one hero may lead (Revised #151).
pub const MAX_MEN_AT_ARMS: usize = 4;

/// The quest format this build reads.
pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectiveKind {
    DefeatNamed(Vec<String>),
    DefeatAll,
    Reach(Pos),
    /// Met by the quest's events; the text is the goal as the heroes are told it.
    Scripted(String),
    /// A hero holds the item (id, display name).
    FindItem {
        item: String,
        name: String,
    },
    /// The way out: heroes on these squares leave the dungeon.
    Escape(Vec<Pos>),
    /// Bring the captive to the stairway.
    Rescue(Captive),
}

/// The prisoner of a `Rescue` objective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captive {
    pub name: String,
    pub at: Pos,
    pub body: u8,
    pub defend: u8,
}

/// A quest event: when it happens, what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestEvent {
    pub when: Trigger,
    pub then: Vec<Effect>,
    pub repeat: bool,
    /// Fires only while the round is below this.
    pub before_round: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    EntersArea(u16),
    EntersSquare(Pos),
    DoorOpened(u32),
    Searched(SearchKind, u16),
    Killed(Vec<String>),
    GroupKilled(String),
    Round(u32),
    HeroDies,
    Investigated(Pos),
    GotOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Treasure,
    Traps,
    SecretDoors,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Message(String),
    Reveal(u16),
    OpenDoor(u32),
    LockDoor(u32),
    UnlockDoor(u32),
    Spawn(Vec<QuestMonster>),
    GiveGold(u32),
    Give(String),
    CompleteObjective,
    FailQuest,
    Test {
        test: crate::rules::ruleset::TestKind,
        pass: Vec<Effect>,
        fail: Vec<Effect>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    pub kind: ObjectiveKind,
    pub return_to_stairway: bool,
}

impl Objective {
    pub fn describe(&self) -> String {
        let goal = match &self.kind {
            ObjectiveKind::DefeatNamed(names) => format!(
                "Defeat {}",
                names
                    .iter()
                    .map(|n| crate::text::in_sentence(n))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            ObjectiveKind::DefeatAll => "Defeat every monster".to_string(),
            ObjectiveKind::Reach(_) => "Reach the square marked on the board".to_string(),
            ObjectiveKind::Scripted(goal) => goal.clone(),
            ObjectiveKind::FindItem { name, .. } => format!("Find {name}"),
            ObjectiveKind::Rescue(c) => format!("Free {} and lead them to the stairway", c.name),
            ObjectiveKind::Escape(exits) => match exits.as_slice() {
                [_] => "Escape the dungeon by the way out marked on the board".to_string(),
                _ => format!("Escape the dungeon by one of the {} ways out", exits.len()),
            },
        };
        if let ObjectiveKind::Rescue(c) = &self.kind {
            // The captive climbs out with the hero leading them: "return" is the same journey.
            return if self.return_to_stairway {
                format!("Free {} and bring them back up the stairway with you", c.name)
            } else {
                goal
            };
        }
        if self.return_to_stairway {
            format!("{goal}, then return to the stairway")
        } else {
            goal
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestMonster {
    pub kind: String,
    pub at: Pos,
    pub name: Option<String>,
    pub stats: MonsterDef,
    pub spells: Vec<String>,
    pub group: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestTrap {
    pub kind: TrapKind,
    pub at: Pos,
    pub furniture: Option<usize>,
    pub damage: u8,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialTreasure {
    pub area: u16,
    pub text: String,
    pub gold: u32,
    pub potions: Vec<String>,
    pub items: Vec<String>,
}

/// A hero's gear at the start of the quest.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    pub weapon: Option<String>,
    pub items: Vec<String>,
    pub potions: Vec<String>,
    pub gold: u32,
}

#[derive(Clone, Debug)]
pub struct QuestFurniture {
    pub kind: String,
    pub rect: Rect,
    /// A locked chest (the action-point module): picked with points, it gives a treasure card.
    pub locked: bool,
}

/// A validated quest, ready to be set up on the board.
#[derive(Clone, Debug)]
pub struct Quest {
    pub id: String,
    pub name: String,
    pub briefing: String,
    pub board: Arc<Board>,
    /// The quest's own board file (None: a built-in board).
    pub board_file: Option<PathBuf>,
    /// The rule system it is played under (its `rules` field, or one of `also_rules` chosen).
    pub system: crate::rules::systems::RuleSystem,
    /// Every rule system it is written for: its `rules`, then its `also_rules`.
    pub written_for: Vec<crate::rules::systems::RuleSystem>,
    /// That rule system's tables, with the quest's own items added.
    pub rules: Arc<RuleSet>,
    pub heroes: Vec<String>,
    pub hero_starts: Vec<Pos>,
    pub stairway: Rect,
    pub doors: Vec<(Edge, bool)>,
    /// Doors (of `doors`) locked until a hero picks them, and portcullises, opened only by a
    /// lever or an event (the action-point module).
    pub locks: BTreeSet<Edge>,
    pub portcullises: BTreeSet<Edge>,
    /// Levers: the square and the door each opens.
    pub levers: Vec<(Pos, Edge)>,
    /// Special terrain by square (the action-point module).
    pub terrain: BTreeMap<Pos, Terrain>,
    /// Linked portal pairs (Revised #155): dormant until investigated (`Dungeon::portals_open`).
    pub portals: Vec<(Pos, Pos)>,
    /// Whether a win counts towards a Champion's ten quests (Revised #155).
    pub counts_for_champion: bool,
    /// The Series it belongs to (Revised #143): no town between two quests of one Series.
    pub series: Option<String>,
    pub monsters: Vec<QuestMonster>,
    pub furniture: Vec<QuestFurniture>,
    pub blocked: BTreeSet<Pos>,
    pub objective: Objective,
    pub wandering_monster: String,
    pub traps: Vec<QuestTrap>,
    pub secret_doors: Vec<Edge>,
    pub treasure: Vec<SpecialTreasure>,
    /// Gear per hero class (every hero of the quest has an entry).
    pub gear: BTreeMap<String, Gear>,
    /// Men-at-arms the quest lends the party, by kind (Revised #151–152; `Quest::retinues`).
    pub men_at_arms: Vec<String>,
    /// The party's own men-at-arms, by hero kind (a campaign's, hired at the Guild Hall): each
    /// hero leads its own first, then any the quest lends, at most four in all.
    pub hired: BTreeMap<String, Vec<String>>,
    pub spell_schools: Option<BTreeMap<String, Vec<String>>>,
    pub events: Vec<QuestEvent>,
    /// Names the players gave their heroes (a campaign party), by hero kind; the rule set's
    /// names ("Barbarian") where none is given.
    pub hero_names: BTreeMap<String, String>,
    /// Heroes of the quest the players left out of this game (nobody plays them).
    pub left_out: Vec<String>,
    /// Heroes one person plays together (Revised #39: a player activates all its figures in
    /// one turn, in the order it chooses): set by the table, kept in saves and replays. A hero
    /// in no group is a player of its own.
    pub players: Vec<Vec<String>>,
    /// A campaign party's Fate and Skill cards, by hero kind (Revised's advanced game, #167,
    /// #170); None: a quest played on its own, where each hero brings the tables' starting Fate
    /// and skills.
    pub fate: Option<BTreeMap<String, u8>>,
    pub skills: Option<BTreeMap<String, Vec<String>>>,
    /// What `validate` found that leaves the quest playable (a monster nobody can reach), located.
    pub warnings: Vec<Problem>,
    /// The modules the game is played with: the quest's own, and those the players chose.
    pub modules: crate::rules::systems::Modules,
    /// What each square could ever see (walls only): bounds the fog's sight-line tests.
    pub sight: Arc<crate::rules::los::SightBound>,
    /// A LEGO Heroica mission's own pieces (`Quest::from_mission`); None for a HeroQuest quest.
    pub mission: Option<Arc<mission::Mission>>,
}

/// The kinds of trap a quest places (the game's `Trap` component carries one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub enum TrapKind {
    Pit,
    FallingBlock,
    Spear,
    /// A trap on a piece of furniture, sprung by searching the room for treasure.
    Furniture,
}

impl Quest {
    /// The quest played with these modules (ids) besides its own, checked against its rule
    /// system: an unknown module, one not playable yet, or two that change the same part are
    /// refused with the reason.
    pub fn with_modules(&self, ids: &[String]) -> Result<Quest, String> {
        let mut all = self.modules.ids();
        all.extend(ids.iter().cloned());
        self.exactly_modules(&all)
    }

    /// The quest played with exactly these modules (a saved game's), its own included or not.
    pub fn exactly_modules(&self, ids: &[String]) -> Result<Quest, String> {
        let mut q = self.clone();
        q.modules = crate::rules::systems::Modules::choose(q.system.id(), ids)?;
        if q.modules.tables_key() != self.modules.tables_key() {
            q.rules = Arc::new(self.own_items_in(q.system.tables_under(&q.modules)));
        }
        Ok(q)
    }

    /// These tables with the quest's own items added.
    fn own_items_in(&self, mut rules: RuleSet) -> RuleSet {
        for (k, item) in self.rules.items.iter().filter(|(_, i)| i.quest) {
            rules.items.insert(k.clone(), item.clone());
        }
        rules
    }

    /// The quest played under the rule system with this id: itself, or a HeroQuest quest under
    /// the other edition (`rules::systems::Edition`), with that edition's tables, the quest's own
    /// items kept and its monsters given that edition's abilities; its modules are checked again.
    /// Anything else is refused with the reason.
    pub fn under(&self, id: &str) -> Result<Quest, String> {
        use crate::rules::systems::RuleSystem;
        let system = RuleSystem::from_id(id)?;
        if system == self.system {
            return Ok(self.clone());
        }
        if !self.written_for.contains(&system) {
            let ids: Vec<String> = self.written_for.iter().map(|s| format!("\"{}\"", s.id())).collect();
            return Err(format!(
                "\"{}\" is written for {} and cannot be played under \"{id}\"",
                self.name,
                ids.join(" and ")
            ));
        }
        let (RuleSystem::HeroQuest(_), RuleSystem::HeroQuest(edition)) = (self.system, system) else {
            return Err(format!(
                "\"{}\" is written for \"{}\" and cannot be played under \"{id}\"",
                self.name,
                self.system.id()
            ));
        };
        let modules = crate::rules::systems::Modules::choose(id, &self.modules.ids())?;
        let rules = self.own_items_in(edition.tables_under(&modules).clone());
        if rules.monsters.get(&self.wandering_monster).is_some_and(|d| d.character) {
            return Err(format!(
                "under \"{id}\" \"{}\" is a Character, and Characters never wander: \"{}\" cannot be its wandering monster",
                self.wandering_monster, self.name
            ));
        }
        let mut q = self.clone();
        for m in &mut q.monsters {
            let Some(def) = rules.monsters.get(&m.kind) else {
                return Err(format!(
                    "\"{id}\" has no monster \"{}\", which \"{}\" places",
                    m.kind, q.name
                ));
            };
            m.stats.abilities = def.abilities.clone();
            m.stats.character = def.character;
        }
        for (class, g) in &q.gear {
            gear::check_gear(&rules, class, g).map_err(|e| format!("under \"{id}\": {e}"))?;
        }
        if let Some(kind) = q.men_at_arms.iter().find(|k| !rules.men_at_arms.contains_key(*k)) {
            return Err(format!(
                "\"{}\" lends the party a {kind}, and \"{id}\" has no such man-at-arms",
                q.name
            ));
        }
        if let Some(kind) = q.hired.values().flatten().find(|k| !rules.men_at_arms.contains_key(*k)) {
            return Err(format!(
                "the party brings a {kind}, and \"{id}\" has no such man-at-arms"
            ));
        }
        q.system = system;
        q.modules = modules;
        // A portcullis and its lever are Revised's base pieces, 2021's only with the module.
        let gated = !q.portcullises.is_empty() || !q.levers.is_empty();
        if gated && !rules.edition.portcullises && !q.modules.action_points() {
            return Err(format!(
                "\"{}\" has a portcullis or a lever, which under \"{id}\" needs the action-point module",
                q.name
            ));
        }
        q.rules = Arc::new(rules);
        Ok(q)
    }

    /// Who leads which men-at-arms (Revised #151–152): each hero its own (`hired`), then those
    /// the quest lends, dealt out in seat order, one to each hero of the game in turn, at most
    /// `MAX_MEN_AT_ARMS` a hero; any left over stay behind. (hero class, kinds), in seat order.
    pub fn retinues(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = self
            .heroes
            .iter()
            .map(|h| {
                let own = self.hired.get(h).map_or(&[][..], |v| v.as_slice());
                (h.clone(), own.iter().take(MAX_MEN_AT_ARMS).cloned().collect())
            })
            .collect();
        if out.is_empty() {
            return out;
        }
        for (i, kind) in self.men_at_arms.iter().enumerate() {
            let n = out.len();
            let slot = &mut out[i % n].1;
            if slot.len() < MAX_MEN_AT_ARMS {
                slot.push(kind.clone());
            }
        }
        out
    }

    /// The quest with these groups of heroes played by one person each (#39): only the quest's
    /// heroes, each in one group at most, and groups of two or more are kept.
    pub fn with_players(&self, groups: &[Vec<String>]) -> Quest {
        let mut q = self.clone();
        let mut seen = std::collections::BTreeSet::new();
        q.players = groups
            .iter()
            .map(|g| {
                g.iter()
                    .filter(|h| q.heroes.contains(h) && seen.insert((*h).clone()))
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .filter(|g| g.len() > 1)
            .collect();
        q
    }

    /// The player (an index) who plays hero `class`: its group's, else one of its own.
    pub fn player_of(&self, class: &str) -> usize {
        self.players
            .iter()
            .position(|g| g.iter().any(|h| h == class))
            .unwrap_or_else(|| {
                let seat = self.heroes.iter().position(|h| h == class).unwrap_or(self.heroes.len());
                self.players.len() + seat
            })
    }

    /// The quest without these heroes (and their start squares): for a table whose players
    /// leave unclaimed heroes out. At least one hero always stays; unknown ids are ignored.
    pub fn without_heroes(&self, out: &[String]) -> Quest {
        let mut q = self.clone();
        let keep: Vec<usize> = (0..q.heroes.len()).filter(|&i| !out.contains(&q.heroes[i])).collect();
        if keep.is_empty() {
            return q;
        }
        q.left_out = q.heroes.iter().filter(|h| out.contains(h)).cloned().collect();
        q.hero_starts = keep.iter().filter_map(|&i| q.hero_starts.get(i).copied()).collect();
        q.heroes = keep.iter().map(|&i| q.heroes[i].clone()).collect();
        // An artifact the quest hands a hero who is left out (the crypt's Spirit Blade) goes to
        // the first hero who plays and may carry it, so the quest can still be won.
        for gone in q.left_out.clone() {
            let Some(given) = q.gear.get(&gone).cloned() else {
                continue;
            };
            for a in given
                .weapon
                .iter()
                .chain(&given.items)
                .filter(|a| q.rules.is_artifact(a))
            {
                let taker = q.heroes.iter().find(|h| {
                    gear::may_carry(&q.rules, h, a, &Gear::default()).is_ok()
                        && !q
                            .gear
                            .get(*h)
                            .is_some_and(|g| g.weapon.as_ref() == Some(a) || g.items.contains(a))
                });
                if let Some(h) = taker.cloned() {
                    let default_weapon = q.rules.heroes.get(&h).map(|d| d.weapon.clone());
                    let g = q.gear.entry(h.clone()).or_default();
                    if g.weapon.is_none() {
                        g.weapon = default_weapon;
                    }
                    gear::stow(&q.rules, &h, &mut g.weapon, &mut g.items, a);
                }
            }
        }
        q
    }
}

/// One problem in a quest file, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }
}

/// Every problem found in one file.
#[derive(Clone, Debug)]
pub struct Problems(pub Vec<Problem>);

impl std::fmt::Display for Problems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

fn pos(t: (i32, i32)) -> Pos {
    Pos::new(t.0, t.1)
}
