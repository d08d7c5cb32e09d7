//! The LEGO Heroica mission being edited (issue 38: "for a mission the spaces, items, doors,
//! keys, buttons and monsters"): the mission as written (`RawMission`), its history, and the
//! mission checks' problems after every edit, each with its entry and square.
//!
//! A mission's board is its map: every change to a space, the start or the target rewrites one
//! character of it (the map grows, up to the largest board, when a space is put past its edge).
//! Everything that stands on a space is an entry of its list, as the file writes it.

use std::path::{Path, PathBuf};

use super::doc::{History, Problem, Sq, place_name, write_file};
use crate::quest::mission::{
    Found, MissionDoorKind, RawButton, RawMission, RawMissionDoor, RawMissionMonster, RawPlaced, Thing, check_mission,
};
use crate::rules::heroica::HeroicaTables;

/// The largest map side (the mission checks' own limit).
pub const MAX_SIDE: i32 = 64;

/// What a square of the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// No space: the heroes never stand there.
    Blank,
    Space,
    /// The one start space, where every hero begins (moved there when set).
    Start,
    /// The one target space (moved there when set).
    Target,
}

impl Square {
    fn char(self) -> char {
        match self {
            Square::Blank => ' ',
            Square::Space => '.',
            Square::Start => 'S',
            Square::Target => 'T',
        }
    }
}

/// A piece put on a square of a mission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MissionPiece {
    Monster(String),
    /// Lying on the space, picked up by the hero who stops there.
    Item(Thing),
    /// Opened with a key.
    Chest(Thing),
    /// Opened by the hero who stops there: a thing, or a monster climbing out.
    Coffin(Thing),
    Rock,
    /// A button, opening the magic door on the edge between two spaces.
    Button {
        opens: (Sq, Sq),
    },
    /// A torch on the wall (a blank square beside the path).
    Torch,
}

/// One change to a mission: what a click, a key or a field of the editor sends.
#[derive(Clone, Debug, PartialEq)]
pub enum MissionEdit {
    /// Makes a square of the map a space, the start, the target or no space.
    Square {
        at: Sq,
        is: Square,
    },
    /// Puts a piece on a square (replacing what stood there).
    Place {
        piece: MissionPiece,
        at: Sq,
    },
    /// A door on the edge between two spaces side by side (replacing any door there).
    Door {
        at: Sq,
        to: Sq,
        kind: MissionDoorKind,
    },
    RemoveDoor {
        at: Sq,
        to: Sq,
    },
    /// Takes away the piece on a square; on a square with none, the space itself.
    Remove {
        at: Sq,
    },
    /// Moves the piece on a square (or the start, or the target) to another.
    Move {
        from: Sq,
        to: Sq,
    },
    Name(String),
    Story(String),
    /// Played as Battle Heroica (a player takes the monsters) unless a player chooses.
    Battle(bool),
    /// The heroes who play it, in seat order; None: the default ones.
    Heroes(Option<Vec<String>>),
    /// A monster's own strength (None: its kind's).
    Strength {
        index: usize,
        strength: Option<u8>,
    },
    Undo,
    Redo,
}

/// The mission in the editor.
#[derive(Clone, Debug)]
pub struct MissionDoc {
    pub mission: RawMission,
    /// The mission's id (its file's stem).
    pub id: String,
    /// The text it was loaded from (saving writes over it, keeping its comments).
    pub original: Option<String>,
    /// Where it is saved; None until the first save.
    pub path: Option<PathBuf>,
    history: History<RawMission>,
    pub problems: Vec<Problem>,
    pub dirty: bool,
}

impl MissionDoc {
    /// A new mission: a short path from the start to the target, played as a race.
    pub fn new_mission(id: &str) -> MissionDoc {
        let mission = RawMission {
            format: 1,
            name: "A New Mission".into(),
            story: "Write here what the heroes are told before they set out.".into(),
            map: vec!["S.......T".into()],
            monsters: Vec::new(),
            items: Vec::new(),
            chests: Vec::new(),
            coffins: Vec::new(),
            rocks: Vec::new(),
            doors: Vec::new(),
            buttons: Vec::new(),
            torches: Vec::new(),
            battle: false,
            heroes: None,
        };
        MissionDoc::from_mission(id, mission, None)
    }

    /// A mission read from its text: the text is kept, so saving unchanged gives the same bytes.
    pub fn open(id: &str, text: &str) -> Result<MissionDoc, String> {
        let (mission, body) = super::write::read::<RawMission>(id, text)?;
        Ok(MissionDoc::from_mission(id, mission, Some(body)))
    }

    /// A mission built elsewhere (the generator), not yet written anywhere.
    pub fn from_mission(id: &str, mission: RawMission, original: Option<String>) -> MissionDoc {
        let mut doc = MissionDoc {
            mission,
            id: id.to_string(),
            original,
            path: None,
            history: History::new(),
            problems: Vec::new(),
            dirty: false,
        };
        doc.check();
        doc
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The map's width and height.
    pub fn size(&self) -> (i32, i32) {
        let w = self.mission.map.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        (w as i32, self.mission.map.len() as i32)
    }

    /// What a square of the map is.
    pub fn square(&self, at: Sq) -> Square {
        square_of_map(&self.mission.map, at)
    }

    /// Makes one change; an edit that cannot be made changes nothing and says why.
    pub fn apply(&mut self, edit: MissionEdit) -> Result<(), String> {
        match edit {
            MissionEdit::Undo => self.history.undo(&mut self.mission)?,
            MissionEdit::Redo => self.history.redo(&mut self.mission)?,
            edit => {
                let mut m = self.mission.clone();
                change(&mut m, edit)?;
                self.history.record(std::mem::replace(&mut self.mission, m));
            }
        }
        self.dirty = true;
        self.check();
        Ok(())
    }

    /// Runs the mission checks over the mission as it stands, and warns of a mission whose
    /// keys are fewer than its locks (a hero may spend the one key on a chest and leave the
    /// way to the target shut: the bots' games then never end).
    pub fn check(&mut self) {
        let m = &self.mission;
        self.problems = match check_mission(&self.id, m) {
            Ok(_) => Vec::new(),
            Err(found) => found.iter().map(|f| problem(m, f)).collect(),
        };
        let keys = m
            .items
            .iter()
            .chain(&m.coffins)
            .chain(&m.chests)
            .filter(|p| p.thing == Thing::Key)
            .count();
        let locked = m.doors.iter().filter(|d| d.kind == MissionDoorKind::Locked).count();
        let locks = locked + m.chests.len();
        if locked > 0 && keys > 0 && keys < locks {
            self.problems.push(Problem {
                message: format!(
                    "{keys} key(s) for {locks} locks ({locked} locked door(s) and {} chest(s)): a hero who opens a chest first may leave a door shut for good",
                    m.chests.len()
                ),
                place: "doors".into(),
                square: m.doors.iter().find(|d| d.kind == MissionDoorKind::Locked).map(|d| d.at),
                warning: true,
            });
        }
    }

    /// Whether it can be played as it stands (warnings leave it playable).
    pub fn playable(&self) -> bool {
        self.problems.iter().all(|p| p.warning)
    }

    /// The checked mission as a quest, ready to play; None while it has problems.
    pub fn playable_quest(&self) -> Option<crate::quest::Quest> {
        check_mission(&self.id, &self.mission)
            .ok()
            .map(crate::quest::Quest::from_mission)
    }

    /// The mission as RON: over the text it came from when it has one, else afresh.
    pub fn text(&self) -> Result<String, String> {
        super::write::text(self.original.as_deref(), &self.mission)
    }

    /// Saves to `path` (see `EditorDoc::save_to`).
    pub fn save_to(&mut self, path: &Path, overwrite: bool) -> Result<(), String> {
        let text = self.text()?;
        self.id = write_file(path, &text, self.path.as_deref(), overwrite)?;
        self.original = Some(text);
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        Ok(())
    }

    /// What stands on a square, in words.
    pub fn pieces_at(&self, at: Sq) -> Vec<String> {
        let m = &self.mission;
        let tables = HeroicaTables::get();
        let mut out = Vec::new();
        for x in m.monsters.iter().filter(|x| x.at == at) {
            let name = tables
                .monsters
                .get(&x.kind)
                .map_or(x.kind.as_str(), |d| d.name.as_str());
            out.push(format!("monster: {name}"));
        }
        for (what, list) in [("item", &m.items), ("chest", &m.chests), ("coffin", &m.coffins)] {
            for p in list.iter().filter(|p| p.at == at) {
                out.push(format!("{what}: {}", crate::game::heroica::describe::thing(&p.thing)));
            }
        }
        if m.rocks.contains(&at) {
            out.push("a rock".into());
        }
        for b in m.buttons.iter().filter(|b| b.at == at) {
            out.push(format!("a button opening {:?}-{:?}", b.opens.0, b.opens.1));
        }
        if m.torches.contains(&at) {
            out.push("a torch".into());
        }
        out
    }
}

/// What a square of a map is (Blank off the map).
fn square_of_map(map: &[String], at: Sq) -> Square {
    if at.0 < 0 || at.1 < 0 {
        return Square::Blank;
    }
    match map.get(at.1 as usize).and_then(|r| r.chars().nth(at.0 as usize)) {
        Some('.') => Square::Space,
        Some('S') => Square::Start,
        Some('T') => Square::Target,
        _ => Square::Blank,
    }
}

/// Writes one character of the map, widening every row (and adding rows) to reach it; a
/// start or target set elsewhere leaves its old square a plain space.
fn set_square(map: &mut Vec<String>, at: Sq, is: Square) -> Result<(), String> {
    if at.0 < 0 || at.1 < 0 || at.0 >= MAX_SIDE || at.1 >= MAX_SIDE {
        return Err(format!(
            "({}, {}) is off the largest map ({MAX_SIDE} by {MAX_SIDE})",
            at.0, at.1
        ));
    }
    if matches!(is, Square::Start | Square::Target) {
        let c = is.char();
        for row in map.iter_mut() {
            if row.contains(c) {
                *row = row.replace(c, ".");
            }
        }
    }
    let (x, y) = (at.0 as usize, at.1 as usize);
    if is != Square::Blank {
        while map.len() <= y {
            map.push(String::new());
        }
        let width = map.iter().map(|r| r.chars().count()).max().unwrap_or(0).max(x + 1);
        for row in map.iter_mut() {
            let n = row.chars().count();
            if n < width {
                row.push_str(&" ".repeat(width - n));
            }
        }
    }
    let Some(row) = map.get_mut(y) else { return Ok(()) };
    let mut chars: Vec<char> = row.chars().collect();
    if x < chars.len() {
        chars[x] = is.char();
        *row = chars.into_iter().collect();
    }
    Ok(())
}

fn same_edge(a: (Sq, Sq), b: (Sq, Sq)) -> bool {
    a == b || (a.0 == b.1 && a.1 == b.0)
}

/// Takes the piece off a square: false when there was none.
fn remove_piece(m: &mut RawMission, at: Sq) -> bool {
    let before = piece_count(m);
    m.monsters.retain(|x| x.at != at);
    m.items.retain(|p| p.at != at);
    m.chests.retain(|p| p.at != at);
    m.coffins.retain(|p| p.at != at);
    m.rocks.retain(|r| *r != at);
    m.buttons.retain(|b| b.at != at);
    m.torches.retain(|t| *t != at);
    piece_count(m) != before
}

fn piece_count(m: &RawMission) -> usize {
    m.monsters.len()
        + m.items.len()
        + m.chests.len()
        + m.coffins.len()
        + m.rocks.len()
        + m.buttons.len()
        + m.torches.len()
}

/// Makes one edit on a copy of the mission.
fn change(m: &mut RawMission, edit: MissionEdit) -> Result<(), String> {
    let tables = HeroicaTables::get();
    match edit {
        MissionEdit::Square { at, is } => {
            if square_of_map(&m.map, at) == is {
                return Err("the square is that already".into());
            }
            set_square(&mut m.map, at, is)?;
            if is == Square::Blank {
                remove_piece(m, at);
                m.doors.retain(|d| d.at != at && d.to != at);
            }
        }
        MissionEdit::Place { piece, at } => {
            let torch = piece == MissionPiece::Torch;
            if !torch && square_of_map(&m.map, at) == Square::Blank {
                return Err(format!("({}, {}) is no space: make it one first", at.0, at.1));
            }
            if torch && (at.0 < 0 || at.1 < 0 || at.0 >= MAX_SIDE || at.1 >= MAX_SIDE) {
                return Err(format!("({}, {}) is off the map", at.0, at.1));
            }
            remove_piece(m, at);
            let placed = |thing: Thing| RawPlaced { at, thing };
            match piece {
                MissionPiece::Monster(kind) => {
                    if !tables.monsters.contains_key(&kind) {
                        return Err(format!("\"{kind}\" is not a Heroica monster"));
                    }
                    m.monsters.push(RawMissionMonster {
                        kind,
                        at,
                        strength: None,
                    });
                }
                MissionPiece::Item(t) => m.items.push(placed(t)),
                MissionPiece::Chest(t) => m.chests.push(placed(t)),
                MissionPiece::Coffin(t) => m.coffins.push(placed(t)),
                MissionPiece::Rock => m.rocks.push(at),
                MissionPiece::Button { opens } => {
                    let magic = m
                        .doors
                        .iter()
                        .any(|d| d.kind == MissionDoorKind::Magic && same_edge((d.at, d.to), opens));
                    if !magic {
                        return Err("a button opens a magic door: put the magic door first".into());
                    }
                    m.buttons.push(RawButton { at, opens });
                }
                MissionPiece::Torch => m.torches.push(at),
            }
        }
        MissionEdit::Door { at, to, kind } => {
            if (at.0 - to.0).abs() + (at.1 - to.1).abs() != 1 {
                return Err("a door stands between two spaces side by side".into());
            }
            if square_of_map(&m.map, at) == Square::Blank || square_of_map(&m.map, to) == Square::Blank {
                return Err("a door stands between two spaces: both sides must be spaces".into());
            }
            m.doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            if kind != MissionDoorKind::Magic {
                m.buttons.retain(|b| !same_edge(b.opens, (at, to)));
            }
            m.doors.push(RawMissionDoor { at, to, kind });
        }
        MissionEdit::RemoveDoor { at, to } => {
            let before = m.doors.len();
            m.doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            if before == m.doors.len() {
                return Err("there is no door there".into());
            }
            m.buttons.retain(|b| !same_edge(b.opens, (at, to)));
        }
        MissionEdit::Remove { at } => {
            if !remove_piece(m, at) {
                if square_of_map(&m.map, at) == Square::Blank {
                    return Err(format!("nothing to take away at ({}, {})", at.0, at.1));
                }
                set_square(&mut m.map, at, Square::Blank)?;
                m.doors.retain(|d| d.at != at && d.to != at);
            }
        }
        MissionEdit::Move { from, to } => {
            if from == to {
                return Err("the piece is already there".into());
            }
            if piece_at(m, from) {
                // A torch hangs on a blank square; every other piece stands on a space.
                let only_torch = m.torches.contains(&from) && {
                    let mut rest = m.clone();
                    rest.torches.retain(|t| *t != from);
                    !piece_at(&rest, from)
                };
                if !only_torch && square_of_map(&m.map, to) == Square::Blank {
                    return Err(format!("({}, {}) is no space", to.0, to.1));
                }
                // What stood there is replaced, as a placing would.
                remove_piece(m, to);
                let shift = |p: &mut Sq| {
                    if *p == from {
                        *p = to;
                    }
                };
                m.monsters.iter_mut().for_each(|x| shift(&mut x.at));
                for list in [&mut m.items, &mut m.chests, &mut m.coffins] {
                    list.iter_mut().for_each(|p| shift(&mut p.at));
                }
                m.rocks.iter_mut().for_each(shift);
                m.buttons.iter_mut().for_each(|b| shift(&mut b.at));
                m.torches.iter_mut().for_each(shift);
            } else {
                match square_of_map(&m.map, from) {
                    s @ (Square::Start | Square::Target) => set_square(&mut m.map, to, s)?,
                    _ => return Err(format!("nothing to move at ({}, {})", from.0, from.1)),
                }
            }
        }
        MissionEdit::Name(n) => m.name = n,
        MissionEdit::Story(s) => m.story = s,
        MissionEdit::Battle(b) => m.battle = b,
        MissionEdit::Heroes(h) => m.heroes = h,
        MissionEdit::Strength { index, strength } => {
            m.monsters.get_mut(index).ok_or("no such monster")?.strength = strength;
        }
        MissionEdit::Undo | MissionEdit::Redo => {}
    }
    Ok(())
}

/// Whether a piece stands on a square.
fn piece_at(m: &RawMission, at: Sq) -> bool {
    m.monsters.iter().any(|x| x.at == at)
        || [&m.items, &m.chests, &m.coffins]
            .iter()
            .any(|l| l.iter().any(|p| p.at == at))
        || m.rocks.contains(&at)
        || m.buttons.iter().any(|b| b.at == at)
        || m.torches.contains(&at)
}

/// A problem of the mission checks, with its entry and square.
fn problem(m: &RawMission, f: &Found) -> Problem {
    use crate::rules::board::PathPart::{Field, Index};
    let index = match f.path.get(1) {
        Some(Index(i)) => Some(*i),
        _ => None,
    };
    let field = match f.path.first() {
        Some(Field(name)) => *name,
        _ => "",
    };
    let placed = |list: &[RawPlaced]| index.and_then(|i| list.get(i)).map(|p| p.at);
    let square = match field {
        "map" => match (index, f.column) {
            (Some(y), Some(x)) => Some((x as i32, y as i32)),
            _ => target_of(m),
        },
        "monsters" => index.and_then(|i| m.monsters.get(i)).map(|x| x.at),
        "items" => placed(&m.items),
        "chests" => placed(&m.chests),
        "coffins" => placed(&m.coffins),
        "rocks" => index.and_then(|i| m.rocks.get(i)).copied(),
        "doors" => index.and_then(|i| m.doors.get(i)).map(|d| d.at),
        "buttons" => index.and_then(|i| m.buttons.get(i)).map(|b| b.at),
        "torches" => index.and_then(|i| m.torches.get(i)).copied(),
        _ => None,
    };
    let mut place = place_name(&f.path);
    if let Some(x) = f.column {
        place.push_str(&format!(" (column {x})"));
    }
    Problem {
        message: f.message.clone(),
        place,
        square,
        warning: false,
    }
}

/// The target's square, when the map has one.
fn target_of(m: &RawMission) -> Option<Sq> {
    m.map
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.chars().position(|c| c == 'T').map(|x| (x as i32, y as i32)))
}
