//! A LEGO Heroica mission file (issue 22; shared/rules/heroica.md; docs/heroica.md): a map of
//! spaces drawn as text, the start and target spaces, and lists of what stands on them
//! (monsters, items, chests, coffins, rocks, doors, buttons, torches). Read into permissive raw
//! types, then checked, every problem reported at once as `file:line:col: message`, like quests.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::locate;
use super::{Problem, Problems};
use crate::rules::board::PathPart::{self, Field, Index};
use crate::rules::geometry::{Edge, Pos};
use crate::rules::heroica::HeroicaTables;
use crate::rules::heroica::spaces::Spaces;
pub use crate::rules::heroica::{MissionDoorKind, Thing};

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawMissionMonster {
    pub kind: String,
    pub at: (i32, i32),
    /// The table's strength, unless the mission says otherwise (1 to 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlaced {
    pub at: (i32, i32),
    pub thing: Thing,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawMissionDoor {
    pub at: (i32, i32),
    pub to: (i32, i32),
    pub kind: MissionDoorKind,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawButton {
    pub at: (i32, i32),
    pub opens: ((i32, i32), (i32, i32)),
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename = "Mission")]
pub struct RawMission {
    pub format: u32,
    pub name: String,
    pub story: String,
    /// One string a row, one character a square: `.` a space, `S` a start space, `T` the target
    /// space, a blank no space.
    pub map: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<RawMissionMonster>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<RawPlaced>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chests: Vec<RawPlaced>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coffins: Vec<RawPlaced>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rocks: Vec<(i32, i32)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doors: Vec<RawMissionDoor>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<RawButton>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub torches: Vec<(i32, i32)>,
    /// Played as Battle Heroica unless a player chooses otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub battle: bool,
    /// The heroes who play it, in seat order (1 to 4 of the table's eight); empty: the four
    /// default ones (three in Battle, where a player takes the monsters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heroes: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissionMonster {
    pub kind: String,
    pub name: String,
    pub at: Pos,
    pub strength: u8,
}

/// The largest map side: the board a mission is played on is at most 64 squares each way.
const MAX_SIDE: i32 = 64;

/// A checked mission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    pub id: String,
    pub name: String,
    pub story: String,
    /// The spaces, every door closed.
    pub spaces: Spaces,
    pub starts: Vec<Pos>,
    pub target: Pos,
    pub monsters: Vec<MissionMonster>,
    pub items: BTreeMap<Pos, Thing>,
    pub chests: BTreeMap<Pos, Thing>,
    pub coffins: BTreeMap<Pos, Thing>,
    pub rocks: BTreeSet<Pos>,
    pub doors: BTreeMap<Edge, MissionDoorKind>,
    /// Each button and the door it opens.
    pub buttons: BTreeMap<Pos, Edge>,
    pub torches: BTreeSet<Pos>,
    pub battle: bool,
    /// The heroes who play it, in seat order (empty: the default ones).
    pub heroes: Vec<String>,
}

/// Reads and checks a mission. `file` names it in the messages.
pub fn parse_mission(id: &str, file: &str, text: &str) -> Result<Mission, Problems> {
    let problem = |(line, col): (usize, usize), message: String| Problem {
        file: file.to_string(),
        line,
        col,
        message,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let raw: RawMission = match super::options().from_str(text) {
        Ok(r) => r,
        Err(e) => {
            return Err(Problems(vec![problem(
                (e.span.start.line, e.span.start.col),
                e.code.to_string(),
            )]));
        }
    };
    let mut found: Vec<Found> = Vec::new();
    let mission = check(id, &raw, &mut found);
    if found.is_empty() {
        return Ok(mission);
    }
    let mut at: Vec<(usize, String)> = found
        .into_iter()
        .map(|f| {
            let entry = locate::locate(text, &f.path);
            let at = f.column.map_or(entry, |x| locate::char_in_literal(text, entry, x));
            (at, f.message)
        })
        .collect();
    at.sort_by_key(|(at, _)| *at);
    Err(Problems(
        at.into_iter()
            .map(|(at, m)| problem(locate::line_col(text, at), m))
            .collect(),
    ))
}

/// A problem found by the checks: the entry it is in, the character of a map row when it is one
/// square's, and what is wrong.
#[derive(Clone, Debug)]
pub struct Found {
    pub path: Vec<PathPart>,
    pub column: Option<usize>,
    pub message: String,
}

/// Checks a mission as written (the editor's way in: no text to point into), every problem
/// with its entry.
pub fn check_mission(id: &str, raw: &RawMission) -> Result<Mission, Vec<Found>> {
    let mut found = Vec::new();
    let mission = check(id, raw, &mut found);
    if found.is_empty() { Ok(mission) } else { Err(found) }
}

fn pos(p: (i32, i32)) -> Pos {
    Pos::new(p.0, p.1)
}

/// The checks, each problem with its entry.
fn check(id: &str, raw: &RawMission, found: &mut Vec<Found>) -> Mission {
    let tables = HeroicaTables::get();
    let mut err = |path: Vec<PathPart>, message: String| {
        found.push(Found {
            path,
            column: None,
            message,
        })
    };
    if raw.format != 1 {
        err(
            vec![Field("format")],
            format!("format {} is not known here: write format: 1", raw.format),
        );
    }
    // The map: its spaces, starts and target; a character's own column in its row's string.
    // Its size is checked before anything is built from it (issue 34: a map far over the board
    // must cost no memory).
    let height = raw.map.len();
    let width = raw.map.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if width > MAX_SIDE as usize || height > MAX_SIDE as usize {
        err(
            vec![Field("map")],
            format!("the map is {width} wide and {height} high; at most {MAX_SIDE} each way"),
        );
        return Mission {
            id: id.to_string(),
            name: raw.name.clone(),
            story: String::new(),
            spaces: Spaces::new(0, 0, []),
            starts: Vec::new(),
            target: Pos::new(0, 0),
            monsters: Vec::new(),
            items: BTreeMap::new(),
            chests: BTreeMap::new(),
            coffins: BTreeMap::new(),
            rocks: BTreeSet::new(),
            doors: BTreeMap::new(),
            buttons: BTreeMap::new(),
            torches: BTreeSet::new(),
            battle: raw.battle,
            heroes: Vec::new(),
        };
    }
    let (width, height) = (width as i32, height as i32);
    let mut cells = Vec::new();
    let mut starts = Vec::new();
    let mut targets = Vec::new();
    for (y, row) in raw.map.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            match c {
                ' ' => continue,
                '.' => {}
                'S' => starts.push(p),
                'T' => targets.push(p),
                other => {
                    // The character's own column in the row's string (escapes and raw strings
                    // counted as the file writes them, when it is located in a file).
                    found.push(Found {
                        path: vec![Field("map"), Index(y)],
                        column: Some(x),
                        message: format!("'{other}' is not a map character: use '.' for a space, 'S' for a start, 'T' for the target, a blank for no space"),
                    });
                    continue;
                }
            }
            cells.push(p);
        }
    }
    let mut err = |path: Vec<PathPart>, message: String| {
        found.push(Found {
            path,
            column: None,
            message,
        })
    };
    if raw.map.is_empty() || cells.is_empty() {
        err(vec![Field("map")], "the map has no spaces".into());
    }
    // heroica.md: every hero begins on the one Mission Start (checklists §1.2 #3).
    if starts.len() != 1 {
        err(
            vec![Field("map")],
            format!(
                "the map needs one start space 'S', where every hero begins, not {}",
                starts.len()
            ),
        );
    }
    if targets.len() != 1 {
        err(
            vec![Field("map")],
            format!("the map needs one target space 'T', not {}", targets.len()),
        );
    }
    let mut spaces = Spaces::new(width, height, cells);
    let target = targets.first().copied().unwrap_or(Pos::new(0, 0));
    // What stands where: one thing a space, never on a start.
    let mut taken: BTreeMap<Pos, String> = BTreeMap::new();
    let mut place = |err: &mut dyn FnMut(Vec<PathPart>, String), path: Vec<PathPart>, at: Pos, what: String| -> bool {
        if !spaces.is_space(at) {
            err(path, format!("{what} at {at} is not on a space of the map"));
            false
        } else if starts.contains(&at) {
            err(path, format!("{what} at {at} stands on a start space"));
            false
        } else if let Some(other) = taken.get(&at) {
            err(path, format!("{what} at {at} shares its space with {other}"));
            false
        } else {
            taken.insert(at, what);
            true
        }
    };
    let mut seen_heroes = BTreeSet::new();
    let heroes = raw.heroes.clone().unwrap_or_default();
    if raw.heroes.as_ref().is_some_and(Vec::is_empty) {
        err(
            vec![Field("heroes")],
            "heroes: [] names nobody: list 1 to 4 heroes, or leave heroes out for the default ones".into(),
        );
    }
    if raw.name.trim().is_empty() {
        err(vec![Field("name")], "the mission needs a name".into());
    }
    for (i, h) in heroes.iter().enumerate() {
        let path = vec![Field("heroes"), Index(i)];
        if !tables.heroes.contains_key(h) {
            err(
                path,
                format!("unknown hero \"{h}\" (known: {})", known(tables.heroes.keys())),
            );
        } else if !seen_heroes.insert(h.clone()) {
            err(path, format!("the {h} is listed twice"));
        }
    }
    let fewest = super::heroica::fewest_heroes(raw.battle);
    if raw.heroes.is_some() && (heroes.len() < fewest || heroes.len() > 4) {
        err(
            vec![Field("heroes")],
            format!(
                "{fewest} to 4 heroes play {}, not {}",
                if raw.battle { "a Battle" } else { "a race" },
                heroes.len()
            ),
        );
    }
    let mut monsters = Vec::new();
    for (i, m) in raw.monsters.iter().enumerate() {
        let path = vec![Field("monsters"), Index(i)];
        let Some(def) = tables.monsters.get(&m.kind) else {
            err(
                vec![Field("monsters"), Index(i), Field("kind")],
                format!(
                    "unknown monster \"{}\" (known: {})",
                    m.kind,
                    known(tables.monsters.keys())
                ),
            );
            continue;
        };
        let strength = m.strength.unwrap_or(def.strength);
        if !(1..=5).contains(&strength) {
            err(
                vec![Field("monsters"), Index(i), Field("strength")],
                format!("a monster's strength is 1 to 5, not {strength}"),
            );
            continue;
        }
        if place(&mut err, path, pos(m.at), def.name.clone()) {
            monsters.push(MissionMonster {
                kind: m.kind.clone(),
                name: def.name.clone(),
                at: pos(m.at),
                strength,
            });
        }
    }
    let things =
        |list: &[RawPlaced],
         field: &'static str,
         coffin: bool,
         err: &mut dyn FnMut(Vec<PathPart>, String),
         place: &mut dyn FnMut(&mut dyn FnMut(Vec<PathPart>, String), Vec<PathPart>, Pos, String) -> bool| {
            let mut out = BTreeMap::new();
            for (i, t) in list.iter().enumerate() {
                let here = |f: &'static str| vec![Field(field), Index(i), Field(f)];
                let unknown = match &t.thing {
                    Thing::Potion(id) if !tables.potions.contains_key(id) => Some(format!(
                        "unknown potion \"{id}\" (known: {})",
                        known(tables.potions.keys())
                    )),
                    Thing::Weapon(id) if !tables.weapons.contains_key(id) => Some(format!(
                        "unknown weapon \"{id}\" (known: {})",
                        known(tables.weapons.keys())
                    )),
                    Thing::Relic(id) if !tables.relics.contains_key(id) => Some(format!(
                        "unknown relic \"{id}\" (known: {})",
                        known(tables.relics.keys())
                    )),
                    Thing::Monster(id) if !tables.monsters.contains_key(id) => Some(format!(
                        "unknown monster \"{id}\" (known: {})",
                        known(tables.monsters.keys())
                    )),
                    Thing::Monster(_) if !coffin => Some("only a coffin holds a monster".into()),
                    Thing::Gold(0) => Some("Gold(0) is nothing: give 1 or more".into()),
                    Thing::Gold(n) if *n > crate::rules::bounds::MAX_GOLD_GIVEN => Some(format!(
                        "Gold({n}) is more than a mission gives: at most {}",
                        crate::rules::bounds::MAX_GOLD_GIVEN
                    )),
                    _ => None,
                };
                if let Some(why) = unknown {
                    err(here("thing"), why);
                    continue;
                }
                let what = match field {
                    "chests" => "a chest".to_string(),
                    "coffins" => "a coffin".to_string(),
                    _ => "an item".to_string(),
                };
                if place(err, vec![Field(field), Index(i)], pos(t.at), what) {
                    out.insert(pos(t.at), t.thing.clone());
                }
            }
            out
        };
    let items = things(&raw.items, "items", false, &mut err, &mut place);
    let chests = things(&raw.chests, "chests", false, &mut err, &mut place);
    let coffins = things(&raw.coffins, "coffins", true, &mut err, &mut place);
    let mut rocks = BTreeSet::new();
    for (i, r) in raw.rocks.iter().enumerate() {
        if place(&mut err, vec![Field("rocks"), Index(i)], pos(*r), "a rock".into()) {
            rocks.insert(pos(*r));
        }
    }
    let mut doors = BTreeMap::new();
    for (i, d) in raw.doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        let edge = Edge::new(a, b);
        if !a.is_orthogonally_adjacent(b) || !spaces.is_space(a) || !spaces.is_space(b) {
            err(
                vec![Field("doors"), Index(i)],
                format!("a door stands between two side-by-side spaces, and {a}-{b} are not"),
            );
        } else if doors.insert(edge, d.kind).is_some() {
            err(
                vec![Field("doors"), Index(i)],
                format!("the door {a}-{b} is listed twice"),
            );
        }
    }
    let mut buttons = BTreeMap::new();
    for (i, b) in raw.buttons.iter().enumerate() {
        let edge = Edge::new(pos(b.opens.0), pos(b.opens.1));
        if doors.get(&edge) != Some(&MissionDoorKind::Magic) {
            err(
                vec![Field("buttons"), Index(i), Field("opens")],
                format!(
                    "the button opens {}-{}, which is not a magic door of the mission",
                    pos(b.opens.0),
                    pos(b.opens.1)
                ),
            );
        } else if place(&mut err, vec![Field("buttons"), Index(i)], pos(b.at), "a button".into()) {
            buttons.insert(pos(b.at), edge);
        }
    }
    if taken.contains_key(&target) && !monsters.iter().any(|m| m.at == target) {
        err(
            vec![Field("map")],
            format!("the target {target} may hold its guardian monster, nothing else"),
        );
    }
    for (i, d) in raw.doors.iter().enumerate() {
        let edge = Edge::new(pos(d.at), pos(d.to));
        if d.kind == MissionDoorKind::Magic && !buttons.values().any(|e| *e == edge) {
            err(
                vec![Field("doors"), Index(i)],
                format!("no button opens the magic door {}-{}", pos(d.at), pos(d.to)),
            );
        }
    }
    // A key inside a chest takes another key to reach (issue 34): only the keys on the spaces
    // and in coffins open the first lock.
    let keys = items
        .values()
        .chain(coffins.values())
        .filter(|t| **t == Thing::Key)
        .count();
    if keys == 0 && (doors.values().any(|k| *k == MissionDoorKind::Locked) || !chests.is_empty()) {
        let why = if chests.values().any(|t| *t == Thing::Key) {
            "a locked door or a chest needs a key outside the chests: a key inside a chest takes another key to reach"
        } else {
            "a locked door or a chest needs a key somewhere in the mission"
        };
        err(vec![Field("doors")], why.into());
    }
    let mut torches = BTreeSet::new();
    for (i, t) in raw.torches.iter().enumerate() {
        let at = pos(*t);
        if at.x < 0 || at.y < 0 || at.x >= width || at.y >= height {
            err(
                vec![Field("torches"), Index(i)],
                format!("the torch at {at} is off the map"),
            );
        } else {
            torches.insert(at);
        }
    }
    // The target must be reachable from a start, doors and rocks counted as passable.
    if let Some(&start) = starts.first()
        && spaces.is_space(target)
    {
        let dist = spaces.distances(&[start], u16::MAX, |_| true);
        if dist.dist(target).is_none() {
            err(
                vec![Field("map")],
                format!("the target {target} cannot be reached from the start {start}"),
            );
        } else if let Err(shut) = keys_and_buttons(&spaces, &starts, target, &doors, &buttons, &items, &coffins) {
            let i = raw
                .doors
                .iter()
                .position(|d| Edge::new(pos(d.at), pos(d.to)) == shut)
                .unwrap_or(0);
            err(
                vec![Field("doors"), Index(i)],
                format!(
                    "the target {target} lies behind the door {}-{}, and no key or button on the way opens it",
                    shut.0, shut.1
                ),
            );
        }
    }
    for edge in doors.keys() {
        spaces.set_door(edge.0, edge.1, true);
    }
    Mission {
        id: id.to_string(),
        name: raw.name.clone(),
        story: raw.story.clone(),
        spaces,
        starts,
        target,
        monsters,
        items,
        chests,
        coffins,
        rocks,
        doors,
        buttons,
        torches,
        battle: raw.battle,
        heroes,
    }
}

/// Whether the heroes can open their way to `target` with what lies on the way: each key
/// picked up (on a space or in a coffin; a chest's key costs one to get) opens one locked door,
/// a button its magic door. Rocks count as passable (the store sells the Pick Axe). Else the
/// first door still shut beside the spaces reached.
fn keys_and_buttons(
    spaces: &Spaces,
    starts: &[Pos],
    target: Pos,
    doors: &BTreeMap<Edge, MissionDoorKind>,
    buttons: &BTreeMap<Pos, Edge>,
    items: &BTreeMap<Pos, Thing>,
    coffins: &BTreeMap<Pos, Thing>,
) -> Result<(), Edge> {
    let mut opened: BTreeSet<Edge> = BTreeSet::new();
    loop {
        let mut sp = spaces.clone();
        for edge in doors.keys().filter(|e| !opened.contains(e)) {
            sp.set_door(edge.0, edge.1, true);
        }
        let dist = sp.distances(starts, u16::MAX, |_| true);
        let reached = |p: Pos| dist.dist(p).is_some();
        if reached(target) {
            return Ok(());
        }
        let keys = items
            .iter()
            .chain(coffins.iter())
            .filter(|(p, t)| **t == Thing::Key && reached(**p))
            .count();
        let locks_opened = opened
            .iter()
            .filter(|e| doors.get(e) == Some(&MissionDoorKind::Locked))
            .count();
        let at_hand = |e: &&Edge| reached(e.0) || reached(e.1);
        let pressed = buttons
            .iter()
            .filter(|(b, e)| reached(**b) && !opened.contains(e))
            .map(|(_, e)| *e)
            .next();
        let unlocked = (keys > locks_opened)
            .then(|| {
                doors
                    .iter()
                    .filter(|(e, k)| **k == MissionDoorKind::Locked && !opened.contains(e))
                    .map(|(e, _)| e)
                    .find(at_hand)
                    .copied()
            })
            .flatten();
        match pressed.or(unlocked) {
            Some(e) => {
                opened.insert(e);
            }
            None => {
                return Err(doors
                    .keys()
                    .filter(|e| !opened.contains(e))
                    .find(at_hand)
                    .copied()
                    .unwrap_or_else(|| *doors.keys().next().expect("a door shuts the way")));
            }
        }
    }
}

fn known<'a>(ids: impl Iterator<Item = &'a String>) -> String {
    ids.map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// Whether a file's text is a mission (its first word, past blanks and comments, is `Mission`),
/// not a quest.
pub fn looks_like_mission(text: &str) -> bool {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.split_once("*/").map_or("", |(_, r)| r);
        } else {
            return rest.starts_with("Mission");
        }
    }
}

/// The missions built into the game (`quests/heroica/*.ron`): (id, file name, bytes).
pub fn builtin_missions() -> &'static [(&'static str, &'static str, &'static [u8])] {
    crate::embedded::BUILTIN_MISSIONS
}

/// The order the missions are offered in: the five races from the easiest (the Epic campaign's
/// order), then Battle; any other built-in mission after them.
pub const MISSION_BOOK: [&str; 6] = [
    "the-goblin-gate",
    "the-bat-caves",
    "the-goblin-kings-hoard",
    "the-golem-forge",
    "the-vampire-crypt",
    "the-werewolf-woods",
];

/// The built-in missions' ids in `MISSION_BOOK` order.
pub fn mission_order() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = builtin_missions().iter().map(|(id, _, _)| *id).collect();
    ids.sort_by_key(|id| MISSION_BOOK.iter().position(|b| b == id).unwrap_or(usize::MAX));
    ids
}

/// A built-in mission by id, or a mission file by path, read and checked.
pub fn load_mission(id_or_path: &str) -> Result<Mission, Problems> {
    let (id, file, bytes): (String, String, Vec<u8>) =
        match builtin_missions().iter().find(|(id, _, _)| *id == id_or_path) {
            Some((id, file, bytes)) => (id.to_string(), format!("quests/heroica/{file}"), bytes.to_vec()),
            None => {
                let path = std::path::Path::new(id_or_path);
                let bytes = crate::reading::read_limited(path, crate::reading::limits::QUEST).map_err(|e| {
                    Problems(vec![Problem {
                        file: id_or_path.to_string(),
                        line: 1,
                        col: 1,
                        message: format!("cannot read mission: {e}"),
                    }])
                })?;
                let id = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (id, id_or_path.to_string(), bytes)
            }
        };
    let text = std::str::from_utf8(&bytes).map_err(|_| {
        Problems(vec![Problem {
            file: file.clone(),
            line: 1,
            col: 1,
            message: "the file is not valid UTF-8 text".into(),
        }])
    })?;
    parse_mission(&id, &file, text)
}
