//! Quests as RON files: permissive raw types, validation into a `Quest`, and the built-in catalog.

pub mod gear;
pub mod locate;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use crate::rules::board::{self, Board, DataProblem, PathPart};
use crate::rules::geometry::{Edge, Pos, Rect};
use crate::rules::ruleset::{MonsterDef, RuleSet};

/// The quest format this build reads.
pub const FORMAT: u32 = 1;

/// A quest file as written, before validation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Quest")]
pub struct RawQuest {
    pub format: u32,
    pub name: String,
    #[serde(default = "default_board")]
    pub board: String,
    #[serde(default = "default_rules")]
    pub rules: String,
    /// Modules the quest is played with (ids: `hollowdeep rules` lists them).
    #[serde(default)]
    pub modules: Vec<String>,
    pub briefing: String,
    #[serde(default)]
    pub heroes: Option<Vec<String>>,
    pub hero_starts: Vec<(i32, i32)>,
    pub stairway: (i32, i32, i32, i32),
    #[serde(default)]
    pub doors: Vec<RawDoor>,
    #[serde(default)]
    pub monsters: Vec<RawMonster>,
    #[serde(default)]
    pub furniture: Vec<RawFurniture>,
    #[serde(default)]
    pub blocked: Vec<(i32, i32)>,
    pub objective: RawObjective,
    pub wandering_monster: String,
    #[serde(default)]
    pub traps: Vec<RawTrap>,
    /// Doors hidden in walls until a hero searches for secret doors.
    #[serde(default)]
    pub secret_doors: Vec<RawSecretDoor>,
    /// Treasure the quest places in rooms: found by the first hero to search the room.
    #[serde(default)]
    pub treasure: Vec<RawTreasure>,
    /// Extra gear per hero for this quest (weapon in hand, carried items, potions, gold).
    #[serde(default)]
    pub equipment: BTreeMap<String, RawGear>,
    /// Fixed spell schools per caster; without it the heroes draft schools at the start.
    #[serde(default)]
    pub spell_schools: Option<BTreeMap<String, Vec<String>>>,
    /// What happens when: triggers and their effects (see docs/quest-format.md, Events).
    #[serde(default)]
    pub events: Vec<RawEvent>,
    /// Things only this quest has (a stolen crown, a key), by id: placed as special treasure or
    /// given by events like any item, and left behind when the quest ends.
    #[serde(default)]
    pub quest_items: BTreeMap<String, RawQuestItem>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawQuestItem {
    pub name: String,
    pub text: String,
}

/// One quest event as written: when it happens, what it does.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub when: RawTrigger,
    pub then: Vec<RawEffect>,
    /// Fire every time the trigger happens, not just the first.
    #[serde(default)]
    pub repeat: bool,
    /// Fire only before round N begins (a trap that springs only while its room is still sealed).
    #[serde(default)]
    pub before_round: Option<u32>,
}

#[derive(Clone, Debug, Deserialize)]
pub enum RawTrigger {
    /// A hero steps into the room that holds this square.
    EntersRoom { room: (i32, i32) },
    /// A hero steps onto this square.
    EntersSquare { at: (i32, i32) },
    /// A hero opens the door between these squares.
    DoorOpened { at: (i32, i32), to: (i32, i32) },
    /// A hero makes this search standing in the room that holds this square.
    Searched { search: RawSearch, room: (i32, i32) },
    /// The last of the monsters with these names falls.
    Killed { names: Vec<String> },
    /// The last monster of this group falls.
    GroupKilled { group: String },
    /// Round N begins.
    Round(u32),
    /// A hero dies.
    HeroDies,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum RawSearch {
    Treasure,
    Traps,
    SecretDoors,
}

#[derive(Clone, Debug, Deserialize)]
pub enum RawEffect {
    /// Read out to the players.
    Message(String),
    /// The room that holds this square is revealed (its monsters wake).
    Reveal {
        room: (i32, i32),
    },
    /// The door between these squares opens (a secret one is found too).
    OpenDoor {
        at: (i32, i32),
        to: (i32, i32),
    },
    /// The door between these squares slams shut and cannot be opened until unlocked.
    LockDoor {
        at: (i32, i32),
        to: (i32, i32),
    },
    UnlockDoor {
        at: (i32, i32),
        to: (i32, i32),
    },
    /// Monsters appear (on the nearest free square if theirs is taken).
    Spawn {
        monsters: Vec<RawMonster>,
    },
    /// The hero who set the event off (else the hero whose turn it is) gains gold.
    GiveGold {
        amount: u32,
    },
    /// ... or an item, weapon, armour or potion.
    Give {
        item: String,
    },
    /// The quest's objective is met (for `Scripted` objectives, the only way).
    CompleteObjective,
    /// The quest is lost.
    FailQuest,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum RawTrapKind {
    Pit,
    FallingBlock,
    Spear,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTrap {
    pub kind: RawTrapKind,
    pub at: (i32, i32),
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSecretDoor {
    pub at: (i32, i32),
    pub to: (i32, i32),
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTreasure {
    /// Any square of the room.
    pub room: (i32, i32),
    /// What the sorcerer reads out.
    pub text: String,
    #[serde(default)]
    pub gold: u32,
    #[serde(default)]
    pub potions: Vec<String>,
    #[serde(default)]
    pub items: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawGear {
    #[serde(default)]
    pub weapon: Option<String>,
    #[serde(default)]
    pub items: Vec<String>,
    #[serde(default)]
    pub potions: Vec<String>,
    #[serde(default)]
    pub gold: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFurnitureTrap {
    pub damage: u8,
    pub text: String,
}

fn default_board() -> String {
    "classic".into()
}

fn default_rules() -> String {
    "heroquest-2021".into()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDoor {
    pub at: (i32, i32),
    pub to: (i32, i32),
    #[serde(default)]
    pub open: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMonster {
    pub kind: String,
    pub at: (i32, i32),
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub movement: Option<u8>,
    #[serde(default)]
    pub attack: Option<u8>,
    #[serde(default)]
    pub defend: Option<u8>,
    #[serde(default)]
    pub body: Option<u8>,
    #[serde(default)]
    pub mind: Option<u8>,
    /// Dread spells this monster may cast, once each.
    #[serde(default)]
    pub spells: Vec<String>,
    /// A name shared by monsters that events treat together (`GroupKilled`).
    #[serde(default)]
    pub group: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFurniture {
    pub kind: String,
    pub at: (i32, i32),
    /// Swap the kind's width and height.
    #[serde(default)]
    pub rotated: bool,
    /// A trap sprung by searching this room for treasure before it is disarmed.
    #[serde(default)]
    pub trap: Option<RawFurnitureTrap>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RawObjective {
    /// Kill every monster with one of these names, then (optionally) get back to the stairway.
    DefeatNamed {
        names: Vec<String>,
        #[serde(default = "yes")]
        return_to_stairway: bool,
    },
    /// Kill every monster in the quest.
    DefeatAll {
        #[serde(default = "yes")]
        return_to_stairway: bool,
    },
    /// A hero must stand on this square.
    Reach {
        at: (i32, i32),
        #[serde(default)]
        return_to_stairway: bool,
    },
    /// Met only by a `CompleteObjective` effect of the quest's events; `goal` tells the heroes what to do.
    Scripted {
        goal: String,
        #[serde(default = "yes")]
        return_to_stairway: bool,
    },
    /// A hero must hold this item (a quest item or one of the rule set's), which the quest's
    /// special treasure or events must place.
    FindItem {
        item: String,
        #[serde(default = "yes")]
        return_to_stairway: bool,
    },
    /// The heroes must leave the dungeon through one of these squares (not the stairway they came
    /// down). A hero standing on one climbs out; the quest is won once every hero still alive is out.
    Escape { exits: Vec<(i32, i32)> },
    /// A captive waits at `at`: a hero who stands next to them frees them, they follow that hero,
    /// and the goal is met when they climb the stairway. If they fall, the quest is lost.
    Rescue {
        name: String,
        at: (i32, i32),
        #[serde(default = "captive_body")]
        body: u8,
        #[serde(default = "captive_defend")]
        defend: u8,
        #[serde(default = "yes")]
        return_to_stairway: bool,
    },
}

fn captive_body() -> u8 {
    2
}

fn captive_defend() -> u8 {
    2
}

fn yes() -> bool {
    true
}

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
            ObjectiveKind::Reach(p) => format!("Reach the square {p}"),
            ObjectiveKind::Scripted(goal) => goal.clone(),
            ObjectiveKind::FindItem { name, .. } => format!("Find {name}"),
            ObjectiveKind::Rescue(c) => format!("Free {} and lead them to the stairway", c.name),
            ObjectiveKind::Escape(exits) => match exits.as_slice() {
                [one] => format!("Escape the dungeon by the way out at {one}"),
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
    pub rules: Arc<RuleSet>,
    pub heroes: Vec<String>,
    pub hero_starts: Vec<Pos>,
    pub stairway: Rect,
    pub doors: Vec<(Edge, bool)>,
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
    pub spell_schools: Option<BTreeMap<String, Vec<String>>>,
    pub events: Vec<QuestEvent>,
    /// Names the players gave their heroes (a campaign party), by hero kind; the rule set's
    /// names ("Barbarian") where none is given.
    pub hero_names: BTreeMap<String, String>,
    /// Heroes of the quest the players left out of this game (nobody plays them).
    pub left_out: Vec<String>,
    /// The modules the game is played with: the quest's own, and those the players chose.
    pub modules: crate::rules::systems::Modules,
    /// What each square could ever see (walls only): bounds the fog's sight-line tests.
    pub sight: Arc<crate::rules::los::SightBound>,
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
        q.modules = crate::rules::systems::Modules::choose(&q.rules.id, ids)?;
        Ok(q)
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

use crate::embedded::BUILTIN_QUESTS;

/// Quests built into the binary: (id, file name, RON bytes), sorted by file name.
pub fn builtin_quests() -> &'static [(&'static str, &'static str, &'static [u8])] {
    BUILTIN_QUESTS
}

/// The quest book: the built-in quests in the order they are meant to be played, the two
/// introductory quests first, then the campaign by rising difficulty.
pub const QUEST_BOOK: &[&str] = &[
    "tutorial-1-first-steps",
    "tutorial-2-searching-and-spells",
    "the-goblin-warren",
    "the-silent-granary",
    "the-sunken-reliquary",
    "the-flooded-undercroft",
    "the-cartographers-folly",
    "the-bone-orchard",
    "the-wardens-vault",
    "the-warlords-hall",
    "the-witch-lords-crypt",
];

/// The built-in quests' ids in quest-book order; any the book does not list follow by id.
pub fn book_order() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = BUILTIN_QUESTS.iter().map(|(id, _, _)| *id).collect();
    ids.sort_by_key(|id| (QUEST_BOOK.iter().position(|b| b == id).unwrap_or(usize::MAX), *id));
    ids
}

/// The most quest files the title screen lists from the user's folder (by file name).
pub const MOST_USER_QUESTS: usize = 500;

/// The quests on offer: the built-in ones in quest-book order, then the `.ron` files in
/// `user_dir` (by file name, at most `MOST_USER_QUESTS`), each as (its id or path, the quest or
/// its problems). Broken quests are listed, not hidden; board files (a quest's own board beside
/// it) are not quests and are left out. Every file is read within the quest size limit and
/// only if it is an ordinary file, so no single file can hang or exhaust the scan.
pub fn catalogue(user_dir: Option<&Path>) -> Vec<(String, Result<Arc<Quest>, String>)> {
    let mut list: Vec<(String, Result<Arc<Quest>, String>)> = book_order()
        .into_iter()
        .map(|id| (id.to_string(), load(id).map(Arc::new).map_err(|p| p.to_string())))
        .collect();
    if let Some(dir) = user_dir
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        let mut files: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        files.truncate(MOST_USER_QUESTS);
        let mut boards = BTreeSet::new();
        let mut mine = Vec::new();
        for path in files {
            let src = path.to_string_lossy().into_owned();
            let q = load(&src).map(Arc::new);
            match &q {
                Ok(q) => {
                    boards.insert(q.board_file.clone());
                }
                Err(_) if is_board_file(&path) => continue,
                Err(_) => {}
            }
            mine.push((src, path, q.map_err(|p| p.to_string())));
        }
        list.extend(
            mine.into_iter()
                .filter(|(_, path, _)| !path.canonicalize().is_ok_and(|p| boards.contains(&Some(p))))
                .map(|(src, _, q)| (src, q)),
        );
    }
    list
}

/// Does this file hold a board rather than a quest?
fn is_board_file(path: &Path) -> bool {
    crate::reading::read_limited(path, crate::reading::limits::BOARD)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .is_some_and(|t| quest_options_board(&t))
}

fn quest_options_board(text: &str) -> bool {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str::<board::BoardDef>(text)
        .is_ok()
}

/// Is this the id of a quest built into the game?
pub fn is_builtin(id: &str) -> bool {
    BUILTIN_QUESTS.iter().any(|(b, _, _)| *b == id)
}

/// Loads a quest by built-in id or by path. Never panics, whatever the bytes.
pub fn load(id_or_path: &str) -> Result<Quest, Problems> {
    if let Some((id, file, text)) = BUILTIN_QUESTS.iter().find(|(id, _, _)| *id == id_or_path) {
        return parse(id, &format!("quests/{file}"), text, None);
    }
    let path = Path::new(id_or_path);
    match crate::reading::read_limited(path, crate::reading::limits::QUEST) {
        Ok(bytes) => {
            let id = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            parse(&id, id_or_path, &bytes, path.parent())
        }
        Err(e) => {
            let known: Vec<&str> = BUILTIN_QUESTS.iter().map(|(id, _, _)| *id).collect();
            Err(Problems(vec![Problem {
                file: id_or_path.to_string(),
                line: 1,
                col: 1,
                message: if path.exists() {
                    format!("cannot read quest: {e}")
                } else {
                    format!("cannot read quest: {e} (built-in quests: {})", known.join(", "))
                },
            }]))
        }
    }
}

pub(crate) fn options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses and validates quest bytes. `file` is used in messages; `dir` resolves board paths.
pub fn parse(id: &str, file: &str, bytes: &[u8], dir: Option<&Path>) -> Result<Quest, Problems> {
    let problem = |line, col, message: String| Problem {
        file: file.to_string(),
        line,
        col,
        message,
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let (line, col) = locate::line_col(std::str::from_utf8(valid).unwrap_or(""), valid.len());
            return Err(Problems(vec![problem(
                line,
                col,
                "the file is not valid UTF-8 text".into(),
            )]));
        }
    };
    if text.trim().is_empty() {
        return Err(Problems(vec![problem(
            1,
            1,
            "the file is empty; a quest starts with `Quest(`".into(),
        )]));
    }
    let raw: RawQuest = match options().from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let (line, col) = (e.span.start.line, e.span.start.col);
            let mut message = e.code.to_string();
            // ron reports an unclosed list or struct as a missing comma at the end of the file.
            if (line, col) >= locate::line_col(text, text.trim_end().len().saturating_sub(1)) {
                message.push_str(" at the end of the file: is a closing `)` or `]` missing?");
            }
            return Err(Problems(vec![problem(line, col, message)]));
        }
    };
    validate(id, &raw, dir).map_err(|ps| {
        Problems(
            ps.into_iter()
                .map(|p| {
                    let (line, col) = locate::line_col(text, locate::locate(text, &p.path));
                    problem(line, col, p.message)
                })
                .collect(),
        )
    })
}

fn pos(t: (i32, i32)) -> Pos {
    Pos::new(t.0, t.1)
}

/// The quest's board, and the board file it came from (None: built in).
fn load_board(name: &str, dir: Option<&Path>) -> Result<(Board, Option<PathBuf>), String> {
    if name == "classic" {
        return Ok((board::classic_board(), None));
    }
    let Some(dir) = dir else {
        return Err(format!(
            "unknown board \"{name}\": a built-in quest uses a built-in board (\"classic\")"
        ));
    };
    let path = board_path(name, dir)?;
    let bytes = crate::reading::read_limited(&path, crate::reading::limits::BOARD)
        .map_err(|e| format!("board file \"{name}\": {e}"))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("board file \"{name}\" is not UTF-8 text"))?;
    let board = board::parse_board(name, text).map_err(|e| format!("board file {}: {e}", path.display()))?;
    Ok((board, Some(path)))
}

/// Where a quest's own board file is: a plain relative name inside the quest's folder (a
/// sub-folder too). A shared quest is data: it may not reach outside its folder, so absolute
/// paths, `..`, and links that lead out of the folder are refused before anything is read.
pub fn board_path(name: &str, dir: &Path) -> Result<PathBuf, String> {
    use std::path::Component;
    let rel = Path::new(name);
    let refuse = |why: &str| {
        Err(format!(
            "board \"{name}\" {why}; a quest's board is \"classic\" or a board file in the quest's own folder (\"my-board.ron\")"
        ))
    };
    if name.trim().is_empty() {
        return refuse("is empty");
    }
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
    {
        return refuse("is an absolute path");
    }
    if rel.components().any(|c| matches!(c, Component::ParentDir)) {
        return refuse("climbs out of the quest's folder with \"..\"");
    }
    let folder = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let joined = folder.join(rel);
    // Links are followed to where they lead, and that must still be inside the folder.
    let (Ok(inside), Ok(real)) = (folder.canonicalize(), joined.canonicalize()) else {
        return refuse("is not a file in the quest's folder");
    };
    if !real.starts_with(&inside) {
        return refuse("is a link that leads out of the quest's folder");
    }
    Ok(real)
}

/// Checks one monster entry's kind, name, numbers and Dread spells, and builds it (where it
/// stands is for the caller to check). None when its kind is unknown.
fn check_monster(
    rules: &RuleSet,
    m: &RawMonster,
    path: &[PathPart],
    names: &mut BTreeSet<String>,
    err: &mut impl FnMut(Vec<PathPart>, String),
) -> Option<QuestMonster> {
    use PathPart::{Field, Index};
    let at = |field: &'static str| [path.to_vec(), vec![Field(field)]].concat();
    let Some(base) = rules.monsters.get(&m.kind) else {
        let known: Vec<&str> = rules.monsters.keys().map(String::as_str).collect();
        err(
            at("kind"),
            format!("unknown monster kind \"{}\" (known: {})", m.kind, known.join(", ")),
        );
        return None;
    };
    if let Some(n) = &m.name {
        if n.trim().is_empty() {
            err(at("name"), "a monster's name cannot be empty".into());
        } else if !names.insert(n.clone()) {
            err(at("name"), format!("two monsters are named \"{n}\""));
        }
    }
    if m.group.as_ref().is_some_and(|g| g.trim().is_empty()) {
        err(at("group"), "a group's name cannot be empty".into());
    }
    let stats = MonsterDef {
        name: base.name.clone(),
        only_harmed_by: base.only_harmed_by.clone(),
        undead: base.undead,
        movement: m.movement.unwrap_or(base.movement),
        attack: m.attack.unwrap_or(base.attack),
        defend: m.defend.unwrap_or(base.defend),
        body: m.body.unwrap_or(base.body),
        mind: m.mind.unwrap_or(base.mind),
    };
    for (field, v, lo) in [
        ("movement", stats.movement, 0),
        ("attack", stats.attack, 0),
        ("defend", stats.defend, 0),
        ("body", stats.body, 1),
        ("mind", stats.mind, 0),
    ] {
        if v < lo || v > 20 {
            err(at(field), format!("{field} {v} is outside {lo}..=20"));
        }
    }
    for (j, sp) in m.spells.iter().enumerate() {
        let spath = [path.to_vec(), vec![Field("spells"), Index(j)]].concat();
        match rules.spells.get(sp) {
            Some(d) if d.school.is_none() => {}
            Some(_) => err(
                spath.clone(),
                format!("\"{sp}\" is a hero spell; monsters cast Dread spells"),
            ),
            None => {
                let known: Vec<&str> = rules
                    .spells
                    .iter()
                    .filter(|(_, d)| d.school.is_none())
                    .map(|(k, _)| k.as_str())
                    .collect();
                err(
                    spath.clone(),
                    format!("unknown Dread spell \"{sp}\" (known: {})", known.join(", ")),
                )
            }
        }
        if m.spells[..j].contains(sp) {
            err(spath, format!("Dread spell \"{sp}\" is listed twice"));
        }
    }
    Some(QuestMonster {
        kind: m.kind.clone(),
        at: pos(m.at),
        name: m.name.clone(),
        stats,
        spells: m.spells.clone(),
        group: m.group.clone(),
    })
}

/// Checks a raw quest against its board and rule set; returns every problem found.
pub fn validate(id: &str, raw: &RawQuest, dir: Option<&Path>) -> Result<Quest, Vec<DataProblem>> {
    use PathPart::{Field, Index};
    let mut ps: Vec<DataProblem> = Vec::new();
    let mut err = |path: Vec<PathPart>, msg: String| ps.push(DataProblem::new(path, msg));

    if raw.format != FORMAT {
        err(
            vec![Field("format")],
            format!(
                "quest format {} is not supported; this game reads format {FORMAT}",
                raw.format
            ),
        );
    }
    if raw.name.trim().is_empty() {
        err(vec![Field("name")], "the quest needs a name".into());
    }
    if raw.briefing.trim().is_empty() {
        err(
            vec![Field("briefing")],
            "the quest needs a briefing for the heroes".into(),
        );
    }
    let mut rules = match crate::rules::systems::playable_rule_system(&raw.rules) {
        Ok(_) => RuleSet::heroquest_2021(),
        Err(e) => {
            err(vec![Field("rules")], e);
            RuleSet::heroquest_2021()
        }
    };
    let modules = crate::rules::systems::Modules::choose(&raw.rules, &raw.modules).unwrap_or_else(|e| {
        err(vec![Field("modules")], e);
        Default::default()
    });
    // The quest's own items join its copy of the rule set, so they are found, given, carried,
    // dropped and named like any other.
    for (id, item) in &raw.quest_items {
        let path = vec![Field("quest_items")];
        if rules.weapons.contains_key(id)
            || rules.armor.contains_key(id)
            || rules.items.contains_key(id)
            || rules.potions.contains_key(id)
        {
            err(
                path,
                format!("quest item \"{id}\" has the id of the rule set's own {id}; choose another"),
            );
        } else if item.name.trim().is_empty() || item.text.trim().is_empty() {
            err(path, format!("quest item \"{id}\" needs a name and a text"));
        } else {
            rules.items.insert(
                id.clone(),
                crate::rules::ruleset::ItemDef {
                    name: item.name.clone(),
                    cost: 0,
                    artifact: false,
                    quest: true,
                    text: item.text.clone(),
                },
            );
        }
    }
    let (board, board_file) = match load_board(&raw.board, dir) {
        Ok(b) => b,
        Err(e) => {
            err(vec![Field("board")], e);
            // Without a board nothing else can be checked.
            return Err(ps);
        }
    };
    let on_board = |p: Pos| board.in_bounds(p);

    let mut blocked = BTreeSet::new();
    for (i, &b) in raw.blocked.iter().enumerate() {
        let p = pos(b);
        if !on_board(p) {
            err(
                vec![Field("blocked"), Index(i)],
                format!("blocked square {p} is off the board"),
            );
        } else if !blocked.insert(p) {
            err(
                vec![Field("blocked"), Index(i)],
                format!("square {p} is listed as blocked twice"),
            );
        }
    }

    // Furniture: whole pieces inside one room, not overlapping.
    let mut furniture = Vec::new();
    let mut furniture_traps = Vec::new();
    let mut furniture_at: BTreeMap<Pos, usize> = BTreeMap::new();
    for (i, f) in raw.furniture.iter().enumerate() {
        let path = vec![Field("furniture"), Index(i)];
        let Some(def) = rules.furniture.get(&f.kind) else {
            let known: Vec<&str> = rules.furniture.keys().map(String::as_str).collect();
            err(
                [path.clone(), vec![Field("kind")]].concat(),
                format!("unknown furniture \"{}\" (known: {})", f.kind, known.join(", ")),
            );
            continue;
        };
        let (w, h) = if f.rotated { (def.h, def.w) } else { (def.w, def.h) };
        let rect = Rect {
            x: f.at.0,
            y: f.at.1,
            w,
            h,
        };
        let squares: Vec<Pos> = rect.squares().collect();
        if squares.len() != (w * h) as usize || squares.iter().any(|p| !on_board(*p)) {
            err(path, format!("{} at {} does not fit on the board", def.name, pos(f.at)));
            continue;
        }
        let area = board.area(squares[0]);
        if area == board::CORRIDOR || squares.iter().any(|p| board.area(*p) != area) {
            err(
                path,
                format!(
                    "{} at {} ({}x{}) must lie inside one room without crossing a wall",
                    def.name,
                    pos(f.at),
                    w,
                    h
                ),
            );
            continue;
        }
        let mut clash = false;
        for p in &squares {
            if let Some(other) = furniture_at.insert(*p, i) {
                err(
                    path.clone(),
                    format!(
                        "{} at {} overlaps furniture entry {} at {p}",
                        def.name,
                        pos(f.at),
                        other + 1
                    ),
                );
                clash = true;
                break;
            }
            if blocked.contains(p) {
                err(path.clone(), format!("{} covers the blocked square {p}", def.name));
                clash = true;
                break;
            }
        }
        if !clash {
            if let Some(t) = &f.trap {
                if t.damage == 0 || t.damage > 6 {
                    err(
                        [path.clone(), vec![Field("trap"), Field("damage")]].concat(),
                        format!("a furniture trap does 1 to 6 damage, not {}", t.damage),
                    );
                }
                furniture_traps.push(QuestTrap {
                    kind: TrapKind::Furniture,
                    at: Pos::new(rect.x, rect.y),
                    furniture: Some(furniture.len()),
                    damage: t.damage,
                    text: t.text.clone(),
                });
            }
            furniture.push(QuestFurniture {
                kind: f.kind.clone(),
                rect,
            });
        }
    }
    let solid = |p: Pos| blocked.contains(&p) || furniture_at.contains_key(&p);
    let mut taken: BTreeMap<Pos, String> = BTreeMap::new();

    // Heroes and their start squares.
    let heroes = raw.heroes.clone().unwrap_or_else(|| {
        let mut v: Vec<_> = rules.heroes.iter().collect();
        v.sort_by_key(|(_, h)| h.seat);
        v.into_iter().map(|(k, _)| k.clone()).collect()
    });
    if heroes.is_empty() || heroes.len() > 4 {
        err(
            vec![Field("heroes")],
            format!("a quest takes 1 to 4 heroes, not {}", heroes.len()),
        );
    }
    let mut seen = BTreeSet::new();
    for (i, h) in heroes.iter().enumerate() {
        if !rules.heroes.contains_key(h) {
            let known: Vec<&str> = rules.heroes.keys().map(String::as_str).collect();
            err(
                vec![Field("heroes"), Index(i)],
                format!("unknown hero \"{h}\" (known: {})", known.join(", ")),
            );
        } else if !seen.insert(h.clone()) {
            err(vec![Field("heroes"), Index(i)], format!("hero \"{h}\" is listed twice"));
        }
    }
    if raw.hero_starts.len() < heroes.len() {
        err(
            vec![Field("hero_starts")],
            format!(
                "{} heroes need {} start squares, found {}",
                heroes.len(),
                heroes.len(),
                raw.hero_starts.len()
            ),
        );
    }
    let stair = Rect {
        x: raw.stairway.0,
        y: raw.stairway.1,
        w: raw.stairway.2,
        h: raw.stairway.3,
    };
    let stair_ok = on_board(Pos::new(stair.x, stair.y))
        && stair.w >= 1
        && stair.h >= 1
        && stair.w <= 3
        && stair.h <= 3
        && stair.squares().all(on_board);
    if !stair_ok {
        err(
            vec![Field("stairway")],
            format!(
                "stairway ({},{},{},{}) must be 1 to 3 squares a side and on the board",
                stair.x, stair.y, stair.w, stair.h
            ),
        );
    } else if stair
        .squares()
        .any(|p| board.area(p) != board.area(Pos::new(stair.x, stair.y)) || solid(p))
    {
        err(
            vec![Field("stairway")],
            "the stairway must lie in one area, clear of walls, furniture and blocked squares".into(),
        );
    }
    for (i, &s) in raw.hero_starts.iter().enumerate() {
        let p = pos(s);
        let path = vec![Field("hero_starts"), Index(i)];
        if !on_board(p) {
            err(path, format!("hero start {p} is off the board"));
        } else if solid(p) {
            err(path, format!("hero start {p} is on furniture or a blocked square"));
        } else if let Some(prev) = taken.insert(p, "a hero start".into()) {
            err(path, format!("hero start {p} is already {prev}"));
        }
    }

    // Doors join two adjacent squares with a wall between them.
    let mut doors = Vec::new();
    let mut door_edges = BTreeSet::new();
    for (i, d) in raw.doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        let path = vec![Field("doors"), Index(i)];
        if !on_board(a) || !on_board(b) || !a.is_orthogonally_adjacent(b) {
            err(
                path,
                format!("door {a}-{b} must join two orthogonally adjacent squares on the board"),
            );
        } else if !board.wall_between(a, b) {
            err(
                path,
                format!("door {a}-{b} is not in a wall: both squares are in the same area"),
            );
        } else if !door_edges.insert(Edge::new(a, b)) {
            err(path, format!("door {a}-{b} is listed twice"));
        } else if solid(a) || solid(b) {
            err(path, format!("door {a}-{b} opens onto furniture or a blocked square"));
        } else {
            doors.push((Edge::new(a, b), d.open));
        }
    }

    // Monsters (and those that events bring in later stand on the same kind of square).
    let monster_square_problem = |p: Pos| -> Option<&'static str> {
        if !on_board(p) {
            Some("is off the board")
        } else if solid(p) {
            Some("stands on furniture or a blocked square")
        } else if stair.contains(p) {
            Some("stands on the stairway")
        } else {
            None
        }
    };
    let mut monsters = Vec::new();
    let mut names = BTreeSet::new();
    for (i, m) in raw.monsters.iter().enumerate() {
        let path = vec![Field("monsters"), Index(i)];
        let Some(monster) = check_monster(&rules, m, &path, &mut names, &mut err) else {
            continue;
        };
        let p = monster.at;
        let at_path = [path.clone(), vec![Field("at")]].concat();
        if let Some(why) = monster_square_problem(p) {
            err(at_path, format!("monster \"{}\" at {p} {why}", m.kind));
            continue;
        }
        if let Some(prev) = taken.insert(p, format!("taken by monster entry {}", i + 1)) {
            err(
                at_path,
                format!("monster \"{}\" at {p}: that square is already {prev}", m.kind),
            );
            continue;
        }
        monsters.push(monster);
    }
    if monsters.is_empty() && raw.monsters.is_empty() {
        err(vec![Field("monsters")], "a quest needs at least one monster".into());
    }

    // Traps on squares: clear squares, one trap a square, never on the stairway or a start.
    let mut traps = Vec::new();
    let mut trap_at = BTreeSet::new();
    for (i, t) in raw.traps.iter().enumerate() {
        let p = pos(t.at);
        let path = vec![Field("traps"), Index(i)];
        if !on_board(p) || solid(p) {
            err(
                path,
                format!("trap at {p} is off the board or on furniture or a blocked square"),
            );
        } else if stair.contains(p) || raw.hero_starts.iter().any(|s| pos(*s) == p) {
            err(path, format!("trap at {p} is on the stairway or a hero's start square"));
        } else if !trap_at.insert(p) {
            err(path, format!("two traps at {p}"));
        } else {
            let kind = match t.kind {
                RawTrapKind::Pit => TrapKind::Pit,
                RawTrapKind::FallingBlock => TrapKind::FallingBlock,
                RawTrapKind::Spear => TrapKind::Spear,
            };
            traps.push(QuestTrap {
                kind,
                at: p,
                furniture: None,
                damage: 0,
                text: String::new(),
            });
        }
    }
    traps.extend(furniture_traps);

    // Secret doors: like doors, in a wall, never where a door already is.
    let mut secret_doors = Vec::new();
    for (i, d) in raw.secret_doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        let path = vec![Field("secret_doors"), Index(i)];
        if !on_board(a) || !on_board(b) || !a.is_orthogonally_adjacent(b) {
            err(
                path,
                format!("secret door {a}-{b} must join two orthogonally adjacent squares on the board"),
            );
        } else if !board.wall_between(a, b) {
            err(path, format!("secret door {a}-{b} is not in a wall"));
        } else if !door_edges.insert(Edge::new(a, b)) {
            err(path, format!("secret door {a}-{b} is where another door already is"));
        } else if solid(a) || solid(b) {
            err(
                path,
                format!("secret door {a}-{b} opens onto furniture or a blocked square"),
            );
        } else {
            secret_doors.push(Edge::new(a, b));
        }
    }

    let known_thing =
        |id: &str| rules.weapons.contains_key(id) || rules.armor.contains_key(id) || rules.items.contains_key(id);
    // Special treasure, one entry per room.
    let mut treasure = Vec::new();
    let mut treasure_rooms = BTreeSet::new();
    for (i, t) in raw.treasure.iter().enumerate() {
        let p = pos(t.room);
        let path = vec![Field("treasure"), Index(i)];
        if !on_board(p) || board.area(p) == board::CORRIDOR {
            err(
                [path, vec![Field("room")]].concat(),
                format!("treasure square {p} is not inside a room"),
            );
            continue;
        }
        if !treasure_rooms.insert(board.area(p)) {
            err(
                [path, vec![Field("room")]].concat(),
                format!("the room at {p} already has special treasure"),
            );
            continue;
        }
        if t.text.trim().is_empty() {
            err(
                [path.clone(), vec![Field("text")]].concat(),
                "special treasure needs a text to read out".into(),
            );
        }
        for (j, potion) in t.potions.iter().enumerate() {
            if !rules.potions.contains_key(potion) {
                let known: Vec<&str> = rules.potions.keys().map(String::as_str).collect();
                err(
                    [path.clone(), vec![Field("potions"), Index(j)]].concat(),
                    format!("unknown potion \"{potion}\" (known: {})", known.join(", ")),
                );
            }
        }
        for (j, item) in t.items.iter().enumerate() {
            if !known_thing(item) {
                err(
                    [path.clone(), vec![Field("items"), Index(j)]].concat(),
                    format!("unknown item \"{item}\" (not a weapon, armour or item of the rule set)"),
                );
            }
        }
        treasure.push(SpecialTreasure {
            area: board.area(p),
            text: t.text.clone(),
            gold: t.gold,
            potions: t.potions.clone(),
            items: t.items.clone(),
        });
    }

    // Starting gear: known things the hero may use.
    let mut gear = BTreeMap::new();
    for h in &heroes {
        let Some(def) = rules.heroes.get(h) else { continue };
        gear.insert(
            h.clone(),
            Gear {
                weapon: Some(def.weapon.clone()),
                ..Default::default()
            },
        );
    }
    for (h, g) in &raw.equipment {
        let path = vec![Field("equipment")];
        let Some(def) = rules.heroes.get(h) else {
            err(path, format!("equipment for unknown hero \"{h}\""));
            continue;
        };
        if !heroes.contains(h) {
            err(
                path,
                format!("equipment for the {}, who is not in this quest", def.name),
            );
            continue;
        }
        let entry = gear.entry(h.clone()).or_default();
        if let Some(w) = &g.weapon {
            entry.weapon = Some(w.clone());
        }
        entry.items.extend(g.items.iter().cloned());
        entry.potions.extend(g.potions.iter().cloned());
        entry.gold += g.gold;
        for w in entry.weapon.iter().chain(entry.items.iter()) {
            if !known_thing(w) {
                err(path.clone(), format!("the {} carries unknown item \"{w}\"", def.name));
            } else if let Err(e) = gear::may_carry(&rules, h, w, entry) {
                err(path.clone(), e);
            }
        }
        if entry.weapon.as_ref().is_some_and(|w| !rules.weapons.contains_key(w)) {
            err(path.clone(), format!("the {}'s weapon must be a weapon", def.name));
        }
        for p in &entry.potions {
            if !rules.potions.contains_key(p) {
                err(path.clone(), format!("the {} carries unknown potion \"{p}\"", def.name));
            }
        }
    }

    // Fixed spell schools (instead of the draft).
    if let Some(fixed) = &raw.spell_schools {
        let mut used = BTreeSet::new();
        for (h, schools) in fixed {
            let path = vec![Field("spell_schools")];
            let Some(&(_, n)) = rules.spell_draft.iter().find(|(c, _)| c == h) else {
                err(path, format!("\"{h}\" casts no spells"));
                continue;
            };
            if !heroes.contains(h) {
                err(path.clone(), format!("\"{h}\" is not in this quest"));
            }
            if schools.len() > n as usize {
                err(path.clone(), format!("\"{h}\" holds at most {n} schools"));
            }
            for sc in schools {
                if !rules.schools.contains_key(sc) {
                    let known: Vec<&str> = rules.schools.keys().map(String::as_str).collect();
                    err(
                        path.clone(),
                        format!("unknown school \"{sc}\" (known: {})", known.join(", ")),
                    );
                } else if !used.insert(sc.clone()) {
                    err(path.clone(), format!("school \"{sc}\" is given twice"));
                }
            }
        }
    }

    let (kind, ret) = match &raw.objective {
        RawObjective::DefeatNamed {
            names: wanted,
            return_to_stairway,
        } => {
            if wanted.is_empty() {
                err(vec![Field("objective")], "DefeatNamed needs at least one name".into());
            }
            for n in wanted {
                if !names.contains(n) {
                    err(
                        vec![Field("objective")],
                        format!("the objective names \"{n}\", but no monster has that name"),
                    );
                }
            }
            (ObjectiveKind::DefeatNamed(wanted.clone()), *return_to_stairway)
        }
        RawObjective::DefeatAll { return_to_stairway } => (ObjectiveKind::DefeatAll, *return_to_stairway),
        RawObjective::Reach { at, return_to_stairway } => {
            let p = pos(*at);
            if !on_board(p) || solid(p) {
                err(
                    vec![Field("objective")],
                    format!("the square to reach {p} is off the board or not walkable"),
                );
            } else if raw.hero_starts.iter().any(|s| pos(*s) == p) {
                err(
                    vec![Field("objective")],
                    format!("the square to reach {p} is a hero's start square: the quest would be won at once"),
                );
            }
            (ObjectiveKind::Reach(p), *return_to_stairway)
        }
        RawObjective::Scripted {
            goal,
            return_to_stairway,
        } => {
            if goal.trim().is_empty() {
                err(
                    vec![Field("objective")],
                    "a Scripted objective needs a goal to tell the heroes".into(),
                );
            }
            let completes = raw
                .events
                .iter()
                .any(|e| e.then.iter().any(|f| matches!(f, RawEffect::CompleteObjective)));
            if !completes {
                err(
                    vec![Field("objective")],
                    "a Scripted objective is met only by an event's CompleteObjective, and no event has one".into(),
                );
            }
            (ObjectiveKind::Scripted(goal.clone()), *return_to_stairway)
        }
        RawObjective::FindItem {
            item,
            return_to_stairway,
        } => {
            let name = known_thing(item).then(|| rules.thing_name(item));
            if name.is_none() {
                err(
                    vec![Field("objective")],
                    format!(
                        "the item to find, \"{item}\", is neither a quest item nor a weapon, armour or item of the rule set"
                    ),
                );
            }
            let placed = raw.treasure.iter().any(|t| t.items.contains(item))
                || raw.events.iter().any(|e| {
                    e.then
                        .iter()
                        .any(|f| matches!(f, RawEffect::Give { item: i } if i == item))
                });
            if !placed {
                err(
                    vec![Field("objective")],
                    format!(
                        "nothing places \"{item}\" in the dungeon: put it in a room's special treasure or give it with an event"
                    ),
                );
            }
            (
                ObjectiveKind::FindItem {
                    item: item.clone(),
                    name: name.unwrap_or_else(|| item.clone()),
                },
                *return_to_stairway,
            )
        }
        RawObjective::Escape { exits } => {
            if exits.is_empty() {
                err(
                    vec![Field("objective")],
                    "Escape needs at least one way out in `exits`".into(),
                );
            }
            let mut out = Vec::new();
            for (i, &e) in exits.iter().enumerate() {
                let p = pos(e);
                let path = vec![Field("objective"), Field("exits"), Index(i)];
                if !on_board(p) || solid(p) {
                    err(path, format!("the way out {p} is off the board or not walkable"));
                } else if stair.contains(p) {
                    err(
                        path,
                        format!("the way out {p} is on the stairway; an escape leaves by another way"),
                    );
                } else if raw.hero_starts.iter().any(|s| pos(*s) == p) {
                    err(path, format!("the way out {p} is a hero's start square"));
                } else if !out.contains(&p) {
                    out.push(p);
                }
            }
            // The heroes leave by the way out, so there is no stairway to return to.
            (ObjectiveKind::Escape(out), false)
        }
        RawObjective::Rescue {
            name,
            at,
            body,
            defend,
            return_to_stairway,
        } => {
            let p = pos(*at);
            if name.trim().is_empty() {
                err(vec![Field("objective")], "the captive needs a name".into());
            }
            if !on_board(p) || solid(p) {
                err(
                    vec![Field("objective")],
                    format!("the captive's square {p} is off the board or not walkable"),
                );
            } else if stair.contains(p) || raw.hero_starts.iter().any(|s| pos(*s) == p) {
                err(
                    vec![Field("objective")],
                    format!("the captive's square {p} is on the stairway or a hero's start square"),
                );
            } else if monsters.iter().any(|m| m.at == p) {
                err(
                    vec![Field("objective")],
                    format!("a monster already stands on the captive's square {p}"),
                );
            }
            if !(1..=10).contains(body) || *defend > 6 {
                err(
                    vec![Field("objective")],
                    format!("the captive's body must be 1 to 10 and defend 0 to 6 (got {body} and {defend})"),
                );
            }
            (
                ObjectiveKind::Rescue(Captive {
                    name: name.clone(),
                    at: p,
                    body: *body,
                    defend: *defend,
                }),
                *return_to_stairway,
            )
        }
    };

    // Events: every square, room, door, name and group they mention must exist.
    let mut events = Vec::new();
    let mut groups: BTreeSet<String> = monsters.iter().filter_map(|m| m.group.clone()).collect();
    // Names and groups of monsters that events bring in count wherever the events list them.
    let mut later_names: BTreeSet<String> = BTreeSet::new();
    for e in &raw.events {
        for f in &e.then {
            if let RawEffect::Spawn { monsters } = f {
                groups.extend(monsters.iter().filter_map(|m| m.group.clone()));
                later_names.extend(monsters.iter().filter_map(|m| m.name.clone()));
            }
        }
    }
    for (i, e) in raw.events.iter().enumerate() {
        let path = vec![Field("events"), Index(i)];
        let when = [path.clone(), vec![Field("when")]].concat();
        let room_of = |sq: (i32, i32)| -> Result<u16, String> {
            let p = pos(sq);
            if on_board(p) && board.area(p) != board::CORRIDOR {
                Ok(board.area(p))
            } else {
                Err(format!("{p} is not a square inside a room"))
            }
        };
        let door_between = |a: (i32, i32), b: (i32, i32)| -> Result<u32, String> {
            let edge = Edge::new(pos(a), pos(b));
            if let Some(i) = doors.iter().position(|(d, _)| *d == edge) {
                Ok(i as u32)
            } else if let Some(i) = secret_doors.iter().position(|d| *d == edge) {
                Ok((doors.len() + i) as u32)
            } else {
                Err(format!(
                    "there is no door or secret door between {} and {}",
                    pos(a),
                    pos(b)
                ))
            }
        };
        let trigger = match &e.when {
            RawTrigger::EntersRoom { room } => room_of(*room).map(Trigger::EntersArea),
            RawTrigger::EntersSquare { at } => {
                let p = pos(*at);
                if !on_board(p) || solid(p) {
                    Err(format!("{p} is off the board or not walkable"))
                } else {
                    Ok(Trigger::EntersSquare(p))
                }
            }
            RawTrigger::DoorOpened { at, to } => door_between(*at, *to).map(Trigger::DoorOpened),
            RawTrigger::Searched { search, room } => room_of(*room).map(|a| {
                let kind = match search {
                    RawSearch::Treasure => SearchKind::Treasure,
                    RawSearch::Traps => SearchKind::Traps,
                    RawSearch::SecretDoors => SearchKind::SecretDoors,
                };
                Trigger::Searched(kind, a)
            }),
            RawTrigger::Killed { names: wanted } => {
                match wanted.iter().find(|n| !names.contains(*n) && !later_names.contains(*n)) {
                    _ if wanted.is_empty() => Err("Killed needs at least one name".into()),
                    Some(n) => Err(format!("no monster is named \"{n}\"")),
                    None => Ok(Trigger::Killed(wanted.clone())),
                }
            }
            RawTrigger::GroupKilled { group } => {
                if groups.contains(group) {
                    Ok(Trigger::GroupKilled(group.clone()))
                } else {
                    Err(format!("no monster is in the group \"{group}\""))
                }
            }
            RawTrigger::Round(n) if *n >= 1 => Ok(Trigger::Round(*n)),
            RawTrigger::Round(n) => Err(format!("rounds count from 1, not {n}")),
            RawTrigger::HeroDies => Ok(Trigger::HeroDies),
        };
        let trigger = match trigger {
            Ok(t) => Some(t),
            Err(msg) => {
                err(when, msg);
                None
            }
        };
        if e.then.is_empty() {
            err(
                [path.clone(), vec![Field("then")]].concat(),
                "an event needs at least one effect".into(),
            );
        }
        let mut effects = Vec::new();
        for (j, f) in e.then.iter().enumerate() {
            let fpath = [path.clone(), vec![Field("then"), Index(j)]].concat();
            let effect = match f {
                RawEffect::Message(text) if text.trim().is_empty() => Err("a message cannot be empty".to_string()),
                RawEffect::Message(text) => Ok(Effect::Message(text.clone())),
                RawEffect::Reveal { room } => room_of(*room).map(Effect::Reveal),
                RawEffect::OpenDoor { at, to } => door_between(*at, *to).map(Effect::OpenDoor),
                RawEffect::LockDoor { at, to } => door_between(*at, *to).map(Effect::LockDoor),
                RawEffect::UnlockDoor { at, to } => door_between(*at, *to).map(Effect::UnlockDoor),
                RawEffect::Spawn { monsters: raws } if raws.is_empty() => {
                    Err("Spawn needs at least one monster".to_string())
                }
                RawEffect::Spawn { monsters: raws } => {
                    let mut spawned = Vec::new();
                    for (k, m) in raws.iter().enumerate() {
                        let mpath = [fpath.clone(), vec![Field("monsters"), Index(k)]].concat();
                        let Some(monster) = check_monster(&rules, m, &mpath, &mut names, &mut err) else {
                            continue;
                        };
                        if let Some(why) = monster_square_problem(monster.at) {
                            err(
                                [mpath, vec![Field("at")]].concat(),
                                format!("monster \"{}\" at {} {why}", m.kind, monster.at),
                            );
                            continue;
                        }
                        spawned.push(monster);
                    }
                    Ok(Effect::Spawn(spawned))
                }
                RawEffect::GiveGold { amount } => Ok(Effect::GiveGold(*amount)),
                RawEffect::Give { item } if rules.potions.contains_key(item) || known_thing(item) => {
                    Ok(Effect::Give(item.clone()))
                }
                RawEffect::Give { item } => Err(format!(
                    "unknown item \"{item}\" (not a potion, weapon, armour or item of the rule set)"
                )),
                RawEffect::CompleteObjective => Ok(Effect::CompleteObjective),
                RawEffect::FailQuest => Ok(Effect::FailQuest),
            };
            match effect {
                Ok(f) => effects.push(f),
                Err(msg) => err(fpath, msg),
            }
        }
        if e.before_round == Some(0) || e.before_round == Some(1) {
            err(
                vec![Field("events"), Index(i), Field("before_round")],
                "before_round must be 2 or more (round 1 is the first)".into(),
            );
        }
        if let Some(when) = trigger {
            events.push(QuestEvent {
                when,
                then: effects,
                repeat: e.repeat,
                before_round: e.before_round,
            });
        }
    }
    if !rules.monsters.contains_key(&raw.wandering_monster) {
        err(
            vec![Field("wandering_monster")],
            format!("unknown wandering monster kind \"{}\"", raw.wandering_monster),
        );
    }

    if !ps.is_empty() {
        return Err(ps);
    }
    let sight = {
        let mut open: Vec<u8> = (0..board.len()).map(|i| !board.walls_at(i) & 0x0F).collect();
        for edge in doors.iter().map(|(e, _)| e).chain(secret_doors.iter()) {
            board.open_side(&mut open, edge.0, edge.1);
        }
        Arc::new(crate::rules::los::SightBound::new(board.width, board.height, open))
    };
    Ok(Quest {
        id: id.to_string(),
        name: raw.name.clone(),
        briefing: raw.briefing.clone(),
        board: Arc::new(board),
        board_file,
        rules: Arc::new(rules),
        hero_starts: raw.hero_starts.iter().take(heroes.len()).map(|s| pos(*s)).collect(),
        heroes,
        stairway: stair,
        doors,
        monsters,
        furniture,
        blocked,
        objective: Objective {
            kind,
            return_to_stairway: ret,
        },
        wandering_monster: raw.wandering_monster.clone(),
        traps,
        secret_doors,
        treasure,
        gear,
        spell_schools: raw.spell_schools.clone(),
        events,
        hero_names: BTreeMap::new(),
        left_out: Vec::new(),
        modules,
        sight,
    })
}
