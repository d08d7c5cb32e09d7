//! A quest file as written (`RawQuest` and its entries), before validation: what `ron` reads,
//! and what the editor writes back (`editor::write`), with each field's default.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{RawLever, RawTerrain};

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

impl RawMonster {
    /// A monster of a kind on a square, with its kind's own name and numbers.
    pub fn plain(kind: &str, at: (i32, i32)) -> RawMonster {
        RawMonster {
            kind: kind.to_string(),
            at,
            name: None,
            movement: None,
            attack: None,
            defend: None,
            body: None,
            mind: None,
            spells: Vec::new(),
            group: None,
        }
    }
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
