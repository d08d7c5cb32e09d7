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

use serde::{Deserialize, Serialize};

use crate::rules::board::{Board, DataProblem, PathPart};
use crate::rules::geometry::{Edge, Pos, Rect};
use crate::rules::ruleset::{MonsterDef, RuleSet};

/// The most men-at-arms one hero may lead (Revised #151).
pub const MAX_MEN_AT_ARMS: usize = 4;

/// The quest format this build reads.
pub const FORMAT: u32 = 1;

/// A quest file as written, before validation.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename = "Quest")]
pub struct RawQuest {
    pub format: u32,
    pub name: String,
    #[serde(default = "default_board")]
    pub board: String,
    #[serde(default = "default_rules", skip_serializing_if = "is_default_rules")]
    pub rules: String,
    /// Other rule systems the quest is written for, which players may choose instead (a 2021
    /// quest that plays as well under HeroQuest Revised).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_rules: Vec<String>,
    /// Modules the quest is played with (ids: `hollowdeep rules` lists them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
    pub briefing: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heroes: Option<Vec<String>>,
    /// Optional in a quest played with the action-point module, which brings the heroes down
    /// the stairway instead (issue 35, item 10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hero_starts: Vec<(i32, i32)>,
    pub stairway: (i32, i32, i32, i32),
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doors: Vec<RawDoor>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<RawMonster>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub furniture: Vec<RawFurniture>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked: Vec<(i32, i32)>,
    pub objective: RawObjective,
    pub wandering_monster: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traps: Vec<RawTrap>,
    /// Doors hidden in walls until a hero searches for secret doors.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_doors: Vec<RawSecretDoor>,
    /// Levers that open a door or portcullis (the action-point module).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levers: Vec<RawLever>,
    /// Squares of special terrain (the action-point module).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<RawTerrain>,
    /// Pairs of linked portals: dormant until a hero investigates either end, then a figure of
    /// the heroes' side on one end may step through to the other (Revised #155).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portals: Vec<RawPortal>,
    /// Whether winning the quest counts towards a hero's ten for a Champion (Revised #153,
    /// #155: the introductory quests do not).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub counts_for_champion: bool,
    /// The Series the quest belongs to in a campaign (Revised #143): between two quests of one
    /// Series the party does not go back to town.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
    /// Treasure the quest places in rooms: found by the first hero to search the room.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treasure: Vec<RawTreasure>,
    /// Extra gear per hero for this quest (weapon in hand, carried items, potions, gold).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub equipment: BTreeMap<String, RawGear>,
    /// Men-at-arms the quest lends the party (HeroQuest Revised, #151–152), by kind: dealt out
    /// in seat order, one to each hero in turn, at most four a hero.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub men_at_arms: Vec<String>,
    /// Fixed spell schools per caster; without it the heroes draft schools at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell_schools: Option<BTreeMap<String, Vec<String>>>,
    /// What happens when: triggers and their effects (see docs/quest-format.md, Events).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<RawEvent>,
    /// Things only this quest has (a stolen crown, a key), by id: placed as special treasure or
    /// given by events like any item, and left behind when the quest ends.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub quest_items: BTreeMap<String, RawQuestItem>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawPortal {
    pub a: (i32, i32),
    pub b: (i32, i32),
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawQuestItem {
    pub name: String,
    pub text: String,
}

/// One quest event as written: when it happens, what it does.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub when: RawTrigger,
    pub then: Vec<RawEffect>,
    /// Fire every time the trigger happens, not just the first.
    #[serde(default, skip_serializing_if = "is_false")]
    pub repeat: bool,
    /// Fire only before round N begins (a trap that springs only while its room is still sealed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_round: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
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
    /// A hero takes the Investigation action on this square or from beside it (HeroQuest
    /// Revised's generic action: a portal, a lever, an inscription).
    Investigated { at: (i32, i32) },
    /// A hero leaves the dungeon with the goal met: by an escape's way out, or by the stairway
    /// once the goal is done (not a retreat). Once: the first hero out (Revised #155).
    GotOut,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum RawSearch {
    Treasure,
    Traps,
    SecretDoors,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
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
    /// The hero who set the event off makes a test (checklists §1.1 #17–18): one die per current
    /// Body (Strength) or Mind (Will), any 6 passes; then the effects of `pass` or of `fail`.
    Test {
        test: crate::rules::ruleset::TestKind,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pass: Vec<RawEffect>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        fail: Vec<RawEffect>,
    },
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum RawTrapKind {
    Pit,
    FallingBlock,
    Spear,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawTrap {
    pub kind: RawTrapKind,
    pub at: (i32, i32),
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawSecretDoor {
    pub at: (i32, i32),
    pub to: (i32, i32),
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawTreasure {
    /// Any square of the room.
    pub room: (i32, i32),
    /// What the sorcerer reads out.
    pub text: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub potions: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawGear {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub potions: Vec<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
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

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawDoor {
    pub at: (i32, i32),
    pub to: (i32, i32),
    #[serde(default, skip_serializing_if = "is_false")]
    pub open: bool,
    /// Locked until a hero picks it (the action-point module).
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
    /// A portcullis: no lock to pick, opened only by its lever or a quest event (the
    /// action-point module).
    #[serde(default, skip_serializing_if = "is_false")]
    pub portcullis: bool,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawMonster {
    pub kind: String,
    pub at: (i32, i32),
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defend: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mind: Option<u8>,
    /// Dread spells this monster may cast, once each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<String>,
    /// A name shared by monsters that events treat together (`GroupKilled`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawFurniture {
    pub kind: String,
    pub at: (i32, i32),
    /// Swap the kind's width and height.
    #[serde(default, skip_serializing_if = "is_false")]
    pub rotated: bool,
    /// A trap sprung by searching this room for treasure before it is disarmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trap: Option<RawFurnitureTrap>,
    /// A chest locked until a hero picks it (the action-point module).
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub enum RawObjective {
    /// Kill every monster with one of these names, then (optionally) get back to the stairway.
    DefeatNamed {
        names: Vec<String>,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        return_to_stairway: bool,
    },
    /// Kill every monster in the quest.
    DefeatAll {
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        return_to_stairway: bool,
    },
    /// A hero must stand on this square.
    Reach {
        at: (i32, i32),
        #[serde(default, skip_serializing_if = "is_false")]
        return_to_stairway: bool,
    },
    /// Met only by a `CompleteObjective` effect of the quest's events; `goal` tells the heroes what to do.
    Scripted {
        goal: String,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        return_to_stairway: bool,
    },
    /// A hero must hold this item (a quest item or one of the rule set's), which the quest's
    /// special treasure or events must place.
    FindItem {
        item: String,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
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
        #[serde(default = "captive_body", skip_serializing_if = "is_two")]
        body: u8,
        #[serde(default = "captive_defend", skip_serializing_if = "is_two")]
        defend: u8,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
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

// What a field's default is, for writing a quest back without the defaults it left out.
fn is_true(b: &bool) -> bool {
    *b
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_two(n: &u8) -> bool {
    *n == 2
}

fn is_default_rules(r: &str) -> bool {
    r == default_rules()
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
