//! The quest being edited: the quest as written (`RawQuest`), the file it came from, the edits
//! that can be undone and redone, and the rules engine's problems with it, checked after every
//! edit.
//!
//! Every change goes through `EditorDoc::apply` with an `Edit`: the editor window sends the
//! same edits for a mouse click and for a key, and the tests build quests with them.

use std::path::{Path, PathBuf};

use crate::quest::{
    RawDoor, RawEvent, RawFurniture, RawLever, RawMonster, RawObjective, RawPortal, RawQuest, RawSecretDoor,
    RawTerrain, RawTrap, RawTrapKind, RawTreasure, Winnable,
};
use crate::rules::board::{Board, PathPart};
use crate::rules::geometry::Pos;
use crate::rules::ruleset::RuleSet;
use crate::rules::systems::{Modules, RuleSystem};

/// A square, `(x, y)` as the quest file writes it.
pub type Sq = (i32, i32);

/// How many edits can be undone.
const HISTORY: usize = 500;

/// Undo and redo for a document of type `T`: the states before the edits made (at most
/// `HISTORY`) and after the edits undone.
#[derive(Clone, Debug)]
pub(crate) struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T: Clone> History<T> {
    pub(crate) fn new() -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub(crate) fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// An edit made: `before` is what it changed.
    pub(crate) fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > HISTORY {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    pub(crate) fn undo(&mut self, current: &mut T) -> Result<(), String> {
        let prev = self.undo.pop().ok_or("nothing to undo")?;
        self.redo.push(std::mem::replace(current, prev));
        Ok(())
    }

    pub(crate) fn redo(&mut self, current: &mut T) -> Result<(), String> {
        let next = self.redo.pop().ok_or("nothing to redo")?;
        self.undo.push(std::mem::replace(current, next));
        Ok(())
    }
}

/// Writes a document's text to `path` (atomically, the file it replaces kept as `<name>.bak`),
/// refusing a file that already holds something else unless `overwrite`; `own` is where the
/// document was last saved. The file's stem is the document's id from then on.
pub(crate) fn write_file(path: &Path, text: &str, own: Option<&Path>, overwrite: bool) -> Result<String, String> {
    if !overwrite && own != Some(path) && path.exists() {
        return Err(format!("{} already exists", path.display()));
    }
    crate::save::write_text(path, text, true)?;
    Ok(path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default())
}

/// A piece put on a square.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// One of the heroes' start squares.
    HeroStart,
    /// A square no figure may enter.
    Blocked,
    Monster(String),
    Furniture {
        kind: String,
        rotated: bool,
    },
    Trap(RawTrapKind),
    /// Special treasure in the room that holds the square.
    Treasure,
    /// The stairway's top-left square (the stairway is 2 x 2).
    Stairway,
    /// A lever opening the locked door or portcullis on the edge `opens` (the action-point
    /// module).
    Lever {
        opens: (Sq, Sq),
    },
    /// A square of special terrain (the action-point module): its cost, danger and failure.
    Terrain(RawTerrain),
}

/// What a door on an edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorKind {
    Closed,
    Open,
    Secret,
    /// Locked until a hero picks it (the action-point module).
    Locked,
    /// Opened only by a lever or a quest event (the action-point module).
    Portcullis,
}

/// One change to the quest: what a click, a key or a field in the editor sends.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Put a piece on a square (a second hero start, monster or trap on a taken square replaces
    /// what stood there).
    Place {
        piece: Piece,
        at: Sq,
    },
    /// A door on the edge between two squares side by side (replacing any door there).
    Door {
        at: Sq,
        to: Sq,
        kind: DoorKind,
    },
    /// Take away whatever stands on a square, the topmost piece first (a monster, a trap, a
    /// hero start, furniture, treasure, a blocked mark).
    Remove {
        at: Sq,
    },
    /// Take away the door on an edge.
    RemoveDoor {
        at: Sq,
        to: Sq,
    },
    /// Move the topmost piece on a square to another.
    Move {
        from: Sq,
        to: Sq,
    },
    Name(String),
    Briefing(String),
    /// The rule system the quest is written for.
    Rules(String),
    Module {
        id: String,
        on: bool,
    },
    WanderingMonster(String),
    Objective(RawObjective),
    /// A monster's own name and numbers (the entry at `index` replaced).
    Monster {
        index: usize,
        monster: RawMonster,
    },
    Treasure {
        index: usize,
        treasure: RawTreasure,
    },
    /// Linked portals between two squares (HeroQuest Revised #155).
    Portal {
        a: Sq,
        b: Sq,
    },
    /// The men-at-arms the heroes hire before the quest (HeroQuest Revised), in seat order.
    MenAtArms(Vec<String>),
    AddEvent(RawEvent),
    Event {
        index: usize,
        event: RawEvent,
    },
    RemoveEvent(usize),
    Undo,
    Redo,
}

/// One thing the rules engine finds wrong (or warns of) in the quest, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub message: String,
    /// The entry, as the quest file names it: `monsters[3].at`.
    pub place: String,
    /// The square the entry stands on, when it has one.
    pub square: Option<Sq>,
    /// A warning leaves the quest playable.
    pub warning: bool,
}

/// The quest in the editor.
#[derive(Clone, Debug)]
pub struct EditorDoc {
    pub quest: RawQuest,
    /// The quest's id (its file's stem).
    pub id: String,
    /// The text the quest was loaded from (saving writes over it, keeping its comments).
    pub original: Option<String>,
    /// Where it is saved; None until the first save.
    pub path: Option<PathBuf>,
    history: History<RawQuest>,
    /// The problems after the last edit.
    pub problems: Vec<Problem>,
    /// Whether there are edits not yet saved.
    pub dirty: bool,
    /// The tables of the quest's rule system and modules, and the (rules, modules) they are for.
    tables: (String, Vec<String>, std::sync::Arc<RuleSet>),
}

impl EditorDoc {
    /// A new quest: a stairway, four start squares and nothing else yet.
    pub fn new_quest(id: &str) -> EditorDoc {
        let quest = RawQuest {
            format: crate::quest::FORMAT,
            name: "A New Quest".into(),
            board: "classic".into(),
            rules: RuleSystem::default().id().into(),
            also_rules: Vec::new(),
            modules: Vec::new(),
            briefing: "Write here what the heroes are told before they go down.".into(),
            heroes: None,
            hero_starts: vec![(12, 2), (13, 2), (12, 3), (13, 3)],
            stairway: (12, 2, 2, 2),
            doors: Vec::new(),
            monsters: Vec::new(),
            furniture: Vec::new(),
            blocked: Vec::new(),
            objective: RawObjective::DefeatAll {
                return_to_stairway: true,
            },
            wandering_monster: "orc".into(),
            traps: Vec::new(),
            secret_doors: Vec::new(),
            levers: Vec::new(),
            terrain: Vec::new(),
            portals: Vec::new(),
            counts_for_champion: true,
            series: None,
            treasure: Vec::new(),
            equipment: Default::default(),
            men_at_arms: Vec::new(),
            spell_schools: None,
            events: Vec::new(),
            quest_items: Default::default(),
        };
        EditorDoc::from_quest(id, quest, None)
    }

    /// A quest read from its text (a shipped quest, a user's file): the text is kept, so saving
    /// unchanged gives the same bytes.
    pub fn open(id: &str, text: &str) -> Result<EditorDoc, String> {
        let (quest, body) = super::write::read::<RawQuest>(id, text)?;
        Ok(EditorDoc::from_quest(id, quest, Some(body)))
    }

    /// A quest built elsewhere (the generator), not yet written anywhere.
    pub fn from_quest(id: &str, quest: RawQuest, original: Option<String>) -> EditorDoc {
        let mut doc = EditorDoc {
            quest,
            id: id.to_string(),
            original,
            path: None,
            history: History::new(),
            problems: Vec::new(),
            dirty: false,
            tables: (
                String::new(),
                Vec::new(),
                std::sync::Arc::new(RuleSystem::default().tables()),
            ),
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

    /// The tables of the rule system and modules the quest is written for (the default rule
    /// system's when they are unknown).
    pub fn rules(&self) -> &RuleSet {
        &self.tables.2
    }

    /// Reads the tables again when the quest's rule system or modules changed.
    fn refresh_tables(&mut self) {
        let (rules, modules) = (&self.quest.rules, &self.quest.modules);
        if self.tables.0 == *rules && self.tables.1 == *modules {
            return;
        }
        let system = RuleSystem::from_id(rules).unwrap_or_default();
        let tables = Modules::choose(rules, modules)
            .map(|m| system.tables_under(&m))
            .unwrap_or_else(|_| system.tables());
        self.tables = (rules.clone(), modules.clone(), std::sync::Arc::new(tables));
    }

    /// The board (the classic board for any other name: a quest's own board file is drawn only
    /// once it is saved beside it).
    pub fn board(&self) -> Board {
        crate::rules::board::classic_board()
    }

    /// Makes one change; an edit that cannot be made changes nothing and says why.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        match edit {
            Edit::Undo => self.history.undo(&mut self.quest)?,
            Edit::Redo => self.history.redo(&mut self.quest)?,
            edit => {
                let mut q = self.quest.clone();
                change(&mut q, edit, self)?;
                self.history.record(std::mem::replace(&mut self.quest, q));
            }
        }
        self.dirty = true;
        self.check();
        Ok(())
    }

    /// Runs the validator (with the winnable-layout check) over the quest as it stands.
    pub fn check(&mut self) {
        self.refresh_tables();
        let result = crate::quest::validate(&self.id, &self.quest, None, Winnable::Required);
        let (errors, warnings) = match result {
            Ok((_, w)) => (Vec::new(), w),
            Err(e) => (e, Vec::new()),
        };
        let problem = |p: crate::rules::board::DataProblem, warning| Problem {
            square: square_of(&self.quest, &p.path),
            place: place_name(&p.path),
            message: p.message,
            warning,
        };
        self.problems = errors.into_iter().map(|p| problem(p, false)).collect();
        self.problems.extend(warnings.into_iter().map(|p| problem(p, true)));
    }

    /// Whether the quest can be played as it stands.
    pub fn playable(&self) -> bool {
        self.problems.iter().all(|p| p.warning)
    }

    /// The checked quest, ready to play; None while it has problems.
    pub fn playable_quest(&self) -> Option<crate::quest::Quest> {
        crate::quest::validate(&self.id, &self.quest, None, Winnable::Required)
            .ok()
            .map(|(q, _)| q)
    }

    /// The quest as RON: over the text it came from when it has one, else afresh.
    pub fn text(&self) -> Result<String, String> {
        super::write::text(self.original.as_deref(), &self.quest)
    }

    /// Saves to `path` (atomically; the file it replaces is kept as `<name>.bak`). A file that
    /// already holds something else is written over only with `overwrite`.
    pub fn save_to(&mut self, path: &Path, overwrite: bool) -> Result<(), String> {
        let text = self.text()?;
        self.id = write_file(path, &text, self.path.as_deref(), overwrite)?;
        self.original = Some(text);
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        Ok(())
    }

    /// What stands on a square, topmost first, in words.
    pub fn pieces_at(&self, at: Sq) -> Vec<String> {
        let q = &self.quest;
        let mut out = Vec::new();
        out.extend(
            q.monsters
                .iter()
                .filter(|m| m.at == at)
                .map(|m| m.name.clone().unwrap_or_else(|| format!("monster: {}", m.kind))),
        );
        out.extend(
            q.traps
                .iter()
                .filter(|t| t.at == at)
                .map(|t| format!("trap: {:?}", t.kind)),
        );
        if q.hero_starts.contains(&at) {
            out.push("a hero's start".into());
        }
        if let Some(f) = self.furniture_index_at(at) {
            out.push(format!("furniture: {}", q.furniture[f].kind));
        }
        if q.blocked.contains(&at) {
            out.push("blocked".into());
        }
        for l in q.levers.iter().filter(|l| l.at == at) {
            out.push(format!("a lever opening {:?}-{:?}", l.opens.0, l.opens.1));
        }
        for p in q.portals.iter().filter(|p| p.a == at || p.b == at) {
            let other = if p.a == at { p.b } else { p.a };
            out.push(format!("a portal to {other:?}"));
        }
        for t in q.terrain.iter().filter(|t| t.at == at) {
            let name = if t.name.is_empty() { "special terrain" } else { &t.name };
            let danger = if t.dangerous { ", dangerous" } else { "" };
            out.push(format!("{name} (costs {}{danger})", t.cost));
        }
        out
    }

    /// The furniture entry covering a square.
    pub fn furniture_index_at(&self, at: Sq) -> Option<usize> {
        let rules = self.rules();
        self.quest.furniture.iter().position(|f| {
            let (w, h) = rules.furniture.get(&f.kind).map_or((1, 1), |d| (d.w, d.h));
            let (w, h) = if f.rotated { (h, w) } else { (w, h) };
            at.0 >= f.at.0 && at.0 < f.at.0 + w && at.1 >= f.at.1 && at.1 < f.at.1 + h
        })
    }
}

/// Whether two squares are side by side.
fn beside(a: Sq, b: Sq) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

fn same_edge(a: (Sq, Sq), b: (Sq, Sq)) -> bool {
    a == b || (a.0 == b.1 && a.1 == b.0)
}

/// Makes one edit on a copy of the quest.
fn change(q: &mut RawQuest, edit: Edit, doc: &EditorDoc) -> Result<(), String> {
    let board = doc.board();
    let on_board = |s: Sq| board.in_bounds(Pos::new(s.0, s.1));
    match edit {
        Edit::Place { piece, at } => {
            if !on_board(at) {
                return Err(format!("({}, {}) is off the board", at.0, at.1));
            }
            match piece {
                Piece::HeroStart => {
                    if q.hero_starts.contains(&at) {
                        return Err("a hero already starts there".into());
                    }
                    q.hero_starts.push(at);
                }
                Piece::Blocked => {
                    if q.blocked.contains(&at) {
                        return Err("the square is already blocked".into());
                    }
                    q.blocked.push(at);
                }
                Piece::Monster(kind) => {
                    if !doc.rules().monsters.contains_key(&kind) {
                        return Err(format!("\"{kind}\" is not a monster of these rules"));
                    }
                    q.monsters.retain(|m| m.at != at);
                    q.monsters.push(RawMonster::plain(&kind, at));
                }
                Piece::Furniture { kind, rotated } => {
                    if !doc.rules().furniture.contains_key(&kind) {
                        return Err(format!("\"{kind}\" is not furniture of these rules"));
                    }
                    if let Some(i) = doc.furniture_index_at(at) {
                        q.furniture.remove(i);
                    }
                    q.furniture.push(RawFurniture {
                        kind,
                        at,
                        rotated,
                        trap: None,
                        locked: false,
                    });
                }
                Piece::Trap(kind) => {
                    q.traps.retain(|t| t.at != at);
                    q.traps.push(RawTrap { kind, at });
                }
                Piece::Treasure => {
                    if !board.is_room(Pos::new(at.0, at.1)) {
                        return Err("special treasure goes in a room, not the corridor".into());
                    }
                    let area = board.area(Pos::new(at.0, at.1));
                    if q.treasure
                        .iter()
                        .any(|t| on_board(t.room) && board.area(Pos::new(t.room.0, t.room.1)) == area)
                    {
                        return Err("this room already holds special treasure".into());
                    }
                    q.treasure.push(RawTreasure {
                        room: at,
                        text: "You find a purse of gold coins.".into(),
                        gold: 25,
                        potions: Vec::new(),
                        items: Vec::new(),
                    });
                }
                Piece::Lever { opens } => {
                    let door = q
                        .doors
                        .iter()
                        .any(|d| (d.locked || d.portcullis) && same_edge((d.at, d.to), opens));
                    if !door {
                        return Err("a lever opens a locked door or a portcullis: put one first".into());
                    }
                    q.levers.retain(|l| l.at != at);
                    q.levers.push(RawLever { at, opens });
                }
                Piece::Terrain(t) => {
                    q.terrain.retain(|x| x.at != at);
                    q.terrain.push(RawTerrain { at, ..t });
                }
                Piece::Stairway => {
                    let old = q.stairway;
                    let old_starts: Vec<Sq> = (0..4).map(|i| (old.0 + i % 2, old.1 + i / 2)).collect();
                    q.stairway = (at.0, at.1, 2, 2);
                    // Starts that stood on the old stairway move with it.
                    for s in &mut q.hero_starts {
                        if let Some(i) = old_starts.iter().position(|o| o == s) {
                            *s = (at.0 + i as i32 % 2, at.1 + i as i32 / 2);
                        }
                    }
                }
            }
        }
        Edit::Door { at, to, kind } => {
            if !on_board(at) || !on_board(to) || !beside(at, to) {
                return Err("a door stands between two squares side by side".into());
            }
            if !board.wall_between(Pos::new(at.0, at.1), Pos::new(to.0, to.1)) {
                return Err("there is no wall there for a door".into());
            }
            q.doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            q.secret_doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            if kind == DoorKind::Secret {
                q.secret_doors.push(RawSecretDoor { at, to });
            } else {
                q.doors.push(RawDoor {
                    at,
                    to,
                    open: kind == DoorKind::Open,
                    locked: kind == DoorKind::Locked,
                    portcullis: kind == DoorKind::Portcullis,
                });
            }
        }
        Edit::RemoveDoor { at, to } => {
            let before = q.doors.len() + q.secret_doors.len();
            q.doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            q.secret_doors.retain(|d| !same_edge((d.at, d.to), (at, to)));
            if before == q.doors.len() + q.secret_doors.len() {
                return Err("there is no door there".into());
            }
        }
        Edit::Remove { at } => {
            if !remove_top(q, at, doc) {
                return Err(format!("nothing to take away at ({}, {})", at.0, at.1));
            }
        }
        Edit::Move { from, to } => {
            if !on_board(to) {
                return Err(format!("({}, {}) is off the board", to.0, to.1));
            }
            if from == to {
                return Err("the piece is already there".into());
            }
            if let Some(m) = q.monsters.iter().position(|m| m.at == from) {
                q.monsters.retain(|m| m.at != to);
                let m = q.monsters.iter().position(|m| m.at == from).unwrap_or(m);
                q.monsters[m].at = to;
            } else if let Some(t) = q.traps.iter().position(|t| t.at == from) {
                q.traps.retain(|t| t.at != to);
                let t = q.traps.iter().position(|t| t.at == from).unwrap_or(t);
                q.traps[t].at = to;
            } else if let Some(s) = q.hero_starts.iter().position(|s| *s == from) {
                if q.hero_starts.contains(&to) {
                    return Err("a hero already starts there".into());
                }
                q.hero_starts[s] = to;
            } else if let Some(l) = q.levers.iter().position(|l| l.at == from) {
                q.levers.retain(|l| l.at != to);
                let l = q.levers.iter().position(|l| l.at == from).unwrap_or(l);
                q.levers[l].at = to;
            } else if let Some(f) = doc.furniture_index_at(from) {
                q.furniture[f].at = to;
            } else if let Some(t) = q.terrain.iter().position(|t| t.at == from) {
                q.terrain.retain(|t| t.at != to);
                let t = q.terrain.iter().position(|t| t.at == from).unwrap_or(t);
                q.terrain[t].at = to;
            } else {
                return Err(format!("nothing to move at ({}, {})", from.0, from.1));
            }
        }
        Edit::Name(n) => q.name = n,
        Edit::Briefing(b) => q.briefing = b,
        Edit::Rules(r) => {
            RuleSystem::from_id(&r)?;
            q.also_rules.retain(|a| *a != r);
            q.rules = r;
        }
        Edit::Module { id, on } => {
            q.modules.retain(|m| *m != id);
            if on {
                q.modules.push(id);
            }
        }
        Edit::WanderingMonster(kind) => q.wandering_monster = kind,
        Edit::Objective(o) => q.objective = o,
        Edit::Monster { index, monster } => {
            *q.monsters.get_mut(index).ok_or("no such monster")? = monster;
        }
        Edit::Treasure { index, treasure } => {
            *q.treasure.get_mut(index).ok_or("no such treasure")? = treasure;
        }
        Edit::Portal { a, b } => {
            if !on_board(a) || !on_board(b) {
                return Err("both ends of a portal are on the board".into());
            }
            if a == b {
                return Err("a portal's two ends are two squares".into());
            }
            q.portals.retain(|p| ![p.a, p.b].iter().any(|e| *e == a || *e == b));
            q.portals.push(RawPortal { a, b });
        }
        Edit::MenAtArms(list) => {
            if let Some(k) = list.iter().find(|k| !doc.rules().men_at_arms.contains_key(*k)) {
                return Err(format!("\"{k}\" is not a man-at-arms of these rules"));
            }
            q.men_at_arms = list;
        }
        Edit::AddEvent(e) => q.events.push(e),
        Edit::Event { index, event } => *q.events.get_mut(index).ok_or("no such event")? = event,
        Edit::RemoveEvent(index) => {
            if index >= q.events.len() {
                return Err("no such event".into());
            }
            q.events.remove(index);
        }
        Edit::Undo | Edit::Redo => {}
    }
    Ok(())
}

/// Takes the topmost piece off a square; false when there was none.
fn remove_top(q: &mut RawQuest, at: Sq, doc: &EditorDoc) -> bool {
    if let Some(i) = q.monsters.iter().position(|m| m.at == at) {
        q.monsters.remove(i);
    } else if let Some(i) = q.traps.iter().position(|t| t.at == at) {
        q.traps.remove(i);
    } else if let Some(i) = q.hero_starts.iter().position(|s| *s == at) {
        q.hero_starts.remove(i);
    } else if let Some(i) = q.levers.iter().position(|l| l.at == at) {
        q.levers.remove(i);
    } else if let Some(i) = q.portals.iter().position(|p| p.a == at || p.b == at) {
        q.portals.remove(i);
    } else if let Some(i) = doc.furniture_index_at(at) {
        q.furniture.remove(i);
    } else if let Some(i) = q.treasure.iter().position(|t| t.room == at) {
        q.treasure.remove(i);
    } else if let Some(i) = q.blocked.iter().position(|s| *s == at) {
        q.blocked.remove(i);
    } else if let Some(i) = q.terrain.iter().position(|t| t.at == at) {
        q.terrain.remove(i);
    } else {
        return false;
    }
    true
}

/// `monsters[3].at`, the way the quest format names an entry.
pub(crate) fn place_name(path: &[PathPart]) -> String {
    let mut s = String::new();
    for p in path {
        match p {
            PathPart::Field(f) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(f);
            }
            PathPart::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    if s.is_empty() { "the quest".into() } else { s }
}

/// The square of the entry a problem names: a piece's square, a door's, the stairway's corner.
fn square_of(q: &RawQuest, path: &[PathPart]) -> Option<Sq> {
    use PathPart::{Field, Index};
    let index = match path.get(1) {
        Some(Index(i)) => Some(*i),
        _ => None,
    };
    let field = match path.first() {
        Some(Field(f)) => *f,
        _ => return None,
    };
    match field {
        "hero_starts" => index.and_then(|i| q.hero_starts.get(i).copied()),
        "blocked" => index.and_then(|i| q.blocked.get(i).copied()),
        "stairway" => Some((q.stairway.0, q.stairway.1)),
        "doors" => index.and_then(|i| q.doors.get(i)).map(|d| d.at),
        "secret_doors" => index.and_then(|i| q.secret_doors.get(i)).map(|d| d.at),
        "monsters" => index.and_then(|i| q.monsters.get(i)).map(|m| m.at),
        "furniture" => index.and_then(|i| q.furniture.get(i)).map(|f| f.at),
        "traps" => index.and_then(|i| q.traps.get(i)).map(|t| t.at),
        "treasure" => index.and_then(|i| q.treasure.get(i)).map(|t| t.room),
        "levers" => index.and_then(|i| q.levers.get(i)).map(|l| l.at),
        "terrain" => index.and_then(|i| q.terrain.get(i)).map(|t| t.at),
        "portals" => index.and_then(|i| q.portals.get(i)).map(|p| p.a),
        "objective" => match &q.objective {
            RawObjective::Reach { at, .. } | RawObjective::Rescue { at, .. } => Some(*at),
            RawObjective::Escape { exits } => exits.first().copied(),
            RawObjective::DefeatNamed { names, .. } => q
                .monsters
                .iter()
                .find(|m| m.name.as_ref().is_some_and(|n| names.contains(n)))
                .map(|m| m.at),
            _ => None,
        },
        _ => None,
    }
}
