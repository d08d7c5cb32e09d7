//! From a HeroScribe map to our quest's pieces on the classic board: each object is placed
//! where our rules allow it (doors on walls, furniture inside one room, nothing on top of
//! anything else; `place`) or dropped with the reason, so the quest that comes out loads.
//! Marks and notes are read in `marks`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::heroscribe::{Map, MapObject};
use super::objects::Role;
use super::place::{blocked, dark, door, furniture, monster, secret_door, trap};
use super::{Fate, Line, XmlPos, marks, notes};
use crate::quest::TrapKind;
use crate::rules::board::{Board, classic_board};
use crate::rules::geometry::{Edge, Pos};

/// A square, 0-based.
pub type Sq = (i32, i32);

/// One entry of the quest, with where it came from and the notes kept beside it.
#[derive(Clone, Debug)]
pub struct Entry<T> {
    pub item: T,
    pub at: Option<XmlPos>,
    pub comments: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Monster {
    pub kind: &'static str,
    pub at: Sq,
    pub name: Option<String>,
    pub attack: Option<u8>,
    pub defend: Option<u8>,
}

impl Monster {
    /// A monster of `kind` at `at` with the rule set's stats and no name.
    pub fn plain(kind: &'static str, at: Sq) -> Monster {
        Monster {
            kind,
            at,
            name: None,
            attack: None,
            defend: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Furniture {
    pub kind: &'static str,
    pub at: Sq,
    pub rotated: bool,
    pub trap: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct Treasure {
    pub room: Sq,
    pub find: notes::Find,
}

/// Our quest, ready to be written.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    pub name: String,
    pub region: Option<String>,
    pub briefing: String,
    pub briefing_why: Option<String>,
    pub wandering: &'static str,
    pub wandering_why: String,
    pub stairway: Sq,
    pub stairway_why: Option<String>,
    pub doors: Vec<Entry<(Sq, Sq, bool)>>,
    pub secret_doors: Vec<Entry<(Sq, Sq)>>,
    pub blocked: Vec<Entry<Sq>>,
    pub monsters: Vec<Entry<Monster>>,
    pub furniture: Vec<Entry<Furniture>>,
    pub traps: Vec<Entry<(TrapKind, Sq)>>,
    pub treasure: Vec<Entry<Treasure>>,
    pub objective: String,
    pub objective_why: String,
    /// Notes tied to no square, and marks with nothing beside them.
    pub notes: Vec<String>,
}

/// The builder's view of the board while pieces go down.
pub struct Layout<'a> {
    pub board: Board,
    pub draft: Draft,
    pub report: &'a mut Vec<Line>,
    pub dark: BTreeSet<Sq>,
    /// Squares under furniture or blocked.
    pub solid: BTreeSet<Sq>,
    pub stair: BTreeSet<Sq>,
    pub figures: BTreeSet<Sq>,
    pub traps: BTreeSet<Sq>,
    pub edges: BTreeSet<Edge>,
}

pub fn pos(s: Sq) -> Pos {
    Pos::new(s.0, s.1)
}

/// A square as the file names it (1-based), for messages.
pub fn hs(s: Sq) -> String {
    format!("left {}, top {}", s.0 + 1, s.1 + 1)
}

impl Layout<'_> {
    pub fn say(&mut self, fate: Fate, at: XmlPos, message: String) {
        self.report.push(Line { fate, at, message });
    }
    pub fn on_board(&self, s: Sq) -> bool {
        self.board.in_bounds(pos(s))
    }
    pub fn area(&self, s: Sq) -> Option<crate::rules::board::AreaId> {
        self.on_board(s).then(|| self.board.area(pos(s)))
    }
    pub fn is_room(&self, s: Sq) -> bool {
        self.board.is_room(pos(s))
    }
    /// Free for a figure, a trap or a door's side.
    pub fn free(&self, s: Sq) -> Result<(), &'static str> {
        if !self.on_board(s) {
            Err("is off the board")
        } else if self.dark.contains(&s) && !self.stair.contains(&s) {
            Err("is in a dark (unused) part of the board")
        } else if self.solid.contains(&s) {
            Err("is under furniture or a blocked square")
        } else {
            Ok(())
        }
    }
}

/// Builds our quest from the map; every decision goes into `report`.
pub fn build(map: &Map, stem: &str, report: &mut Vec<Line>) -> Draft {
    let mut l = Layout {
        board: classic_board(),
        draft: Draft::default(),
        report,
        dark: map.dark.iter().map(|(s, _)| *s).collect(),
        solid: BTreeSet::new(),
        stair: BTreeSet::new(),
        figures: BTreeSet::new(),
        traps: BTreeSet::new(),
        edges: BTreeSet::new(),
    };
    heading(map, stem, &mut l);
    let by_role = |f: fn(&Role) -> bool| map.objects.iter().filter(move |o| f(&o.def.role));
    stairway(by_role(|r| matches!(r, Role::Stairway)), &mut l);
    for o in by_role(|r| matches!(r, Role::Furniture { .. } | Role::Chest { .. })) {
        furniture(o, &mut l);
    }
    for o in by_role(|r| matches!(r, Role::Blocked | Role::Obstacle)) {
        blocked(o, &mut l);
    }
    dark(map, &mut l);
    for o in &map.objects {
        match o.def.role {
            Role::Door { open, approx } => door(o, open, approx, &mut l),
            Role::SecretDoor => secret_door(o, &mut l),
            Role::Trap { kind, exact } => trap(o, kind, exact, &mut l),
            Role::Monster { kind, exact } => monster(o, kind, exact, &mut l),
            Role::Hero => l.say(
                Fate::Mapped,
                o.at,
                format!("{} figure: our heroes start on the stairway", o.def.id),
            ),
            Role::Drop(why) => l.say(
                Fate::Dropped,
                o.at,
                format!("{} at {}: {why}", o.def.id, hs((o.x, o.y))),
            ),
            _ => {}
        }
        if o.rounded {
            l.say(
                Fate::Approximated,
                o.at,
                format!(
                    "{} lies between squares: put on the nearest, {}",
                    o.def.id,
                    hs((o.x, o.y))
                ),
            );
        }
    }
    marks::apply(map, &mut l);
    falling_blocks(&mut l);
    unreachable(&mut l);
    objective(&mut l);
    l.draft
}

fn heading(map: &Map, stem: &str, l: &mut Layout) {
    let name = map.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
    l.draft.name = name.map(str::to_string).unwrap_or_else(|| stem.to_string());
    if name.is_none() {
        l.say(
            Fate::Approximated,
            map.at,
            format!("the quest has no name: named \"{}\" after the file", l.draft.name),
        );
    }
    l.draft.region = map.region.clone();
    if let Some((w, h)) = &map.boards {
        l.say(
            Fate::Approximated,
            map.at,
            format!("the quest is {w} x {h} boards wide: only its first board is imported"),
        );
    }
    for (at, what) in &map.extra {
        l.say(Fate::Dropped, *at, format!("{what}: our quests have one board"));
    }
    let speech = map.speech.as_ref().map(|s| plain(&s.text)).filter(|s| !s.is_empty());
    match (speech, &map.speech) {
        (Some(s), Some(t)) => {
            l.draft.briefing = s;
            l.say(Fate::Mapped, t.at, "the speech: the briefing".into());
        }
        (_, t) => {
            l.draft.briefing = format!("{}: a quest imported from HeroScribe.", l.draft.name);
            l.draft.briefing_why = Some("the file has no speech: a placeholder briefing; write your own".into());
            l.say(
                Fate::Approximated,
                t.as_ref().map_or(map.at, |t| t.at),
                "no speech: a placeholder briefing".into(),
            );
        }
    }
}

/// Text on one line, runs of white space made one space, control characters left out.
pub fn plain(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

fn stairway<'m>(mut found: impl Iterator<Item = &'m MapObject>, l: &mut Layout) {
    let fits = |l: &Layout, s: Sq| {
        let sq = [s, (s.0 + 1, s.1), (s.0, s.1 + 1), (s.0 + 1, s.1 + 1)];
        let a = l.area(s);
        sq.iter()
            .all(|q| l.on_board(*q) && l.area(*q) == a && !l.dark.contains(q))
    };
    let mut placed = None;
    for o in found.by_ref() {
        if placed.is_some() {
            l.say(
                Fate::Dropped,
                o.at,
                format!("a second stairway at {}: our quests have one", hs((o.x, o.y))),
            );
        } else if fits(&*l, (o.x, o.y)) {
            placed = Some((o.x, o.y));
            l.say(
                Fate::Mapped,
                o.at,
                format!(
                    "the stairway at {}; the heroes start on its four squares",
                    hs((o.x, o.y))
                ),
            );
        } else {
            l.say(
                Fate::Dropped,
                o.at,
                format!("the stairway at {} crosses a wall or a dark area", hs((o.x, o.y))),
            );
        }
    }
    let s = placed.unwrap_or_else(|| {
        // No stairway: the first clear 2 x 2 nearest the board's middle.
        let lr: &Layout = l;
        let mut spots: Vec<Sq> = (0..25)
            .flat_map(|x| (0..18).map(move |y| (x, y)))
            .filter(|s| fits(lr, *s))
            .collect();
        spots.sort_by_key(|s| ((s.0 - 12).abs() + (s.1 - 8).abs(), *s));
        let s = spots.first().copied().unwrap_or((12, 8));
        l.draft.stairway_why =
            Some("the map has no stairway: placed by the importer; move it where the quest wants it".into());
        l.say(
            Fate::Approximated,
            XmlPos::new(1, 1),
            format!("the map has no usable stairway: one is placed at {}", hs(s)),
        );
        s
    });
    l.draft.stairway = s;
    l.stair = [s, (s.0 + 1, s.1), (s.0, s.1 + 1), (s.0 + 1, s.1 + 1)]
        .into_iter()
        .collect();
}

/// The squares the heroes can walk to from the stairway with every door open.
pub fn reach(l: &Layout) -> BTreeSet<Sq> {
    let open: BTreeSet<Edge> = l.edges.clone();
    let walk = |s: Sq| l.on_board(s) && !l.solid.contains(&s);
    let mut seen: BTreeSet<Sq> = l.stair.iter().copied().filter(|s| walk(*s)).collect();
    let mut todo: VecDeque<Sq> = seen.iter().copied().collect();
    while let Some(s) = todo.pop_front() {
        for n in pos(s).neighbours() {
            let q = (n.x, n.y);
            let through = !l.board.wall_between(pos(s), n) || open.contains(&Edge::new(pos(s), n));
            if walk(q) && through && seen.insert(q) {
                todo.push_back(q);
            }
        }
    }
    seen
}

/// A falling block turns its square to rock once sprung: where that square is the only way on
/// (a cut), the rest of the quest could never be reached again, so it becomes a spear trap.
fn falling_blocks(l: &mut Layout) {
    let before = reach(l).len();
    for i in 0..l.draft.traps.len() {
        let (kind, s) = l.draft.traps[i].item;
        if kind != TrapKind::FallingBlock {
            continue;
        }
        l.solid.insert(s);
        let cut = reach(l).len() + 1 < before;
        if cut {
            l.solid.remove(&s);
            l.draft.traps[i].item.0 = TrapKind::Spear;
            let at = l.draft.traps[i].at.unwrap_or_default();
            l.say(
                Fate::Approximated,
                at,
                format!(
                    "the falling block at {} would cut the board in two once sprung: a Spear trap instead",
                    hs(s)
                ),
            );
        }
    }
    for t in &l.draft.traps {
        l.solid.remove(&t.item.1);
    }
}

/// Monsters nobody can reach are left out (the objective needs every one); a quest with no
/// monster left gets one placeholder beside the stairway.
fn unreachable(l: &mut Layout) {
    let reached = reach(l);
    let (keep, out): (Vec<_>, Vec<_>) = std::mem::take(&mut l.draft.monsters)
        .into_iter()
        .partition(|m| reached.contains(&m.item.at));
    l.draft.monsters = keep;
    for m in out {
        let at = m.at.unwrap_or_default();
        l.say(
            Fate::Dropped,
            at,
            format!(
                "the {} at {}: no door leads there from the stairway",
                m.item.kind,
                hs(m.item.at)
            ),
        );
    }
    if !l.draft.monsters.is_empty() {
        return;
    }
    let mut order: Vec<Sq> = reached
        .iter()
        .copied()
        .filter(|s| !l.stair.contains(s) && !l.dark.contains(s))
        .collect();
    let (sx, sy) = l.draft.stairway;
    order.sort_by_key(|s| ((s.0 - sx).abs() + (s.1 - sy).abs(), *s));
    let kind = l.draft.wandering;
    if let Some(s) = order.first().copied() {
        l.draft.monsters.push(Entry {
            item: Monster::plain(kind, s),
            at: None,
            comments: vec!["placeholder: the map has no monster the heroes can reach; our quests need one".into()],
        });
        l.say(
            Fate::Approximated,
            XmlPos::new(1, 1),
            format!("no monster can be reached: a placeholder {kind} is put at {}", hs(s)),
        );
    }
}

fn objective(l: &mut Layout) {
    let names: Vec<String> = l.draft.monsters.iter().filter_map(|m| m.item.name.clone()).collect();
    let mut seen = BTreeMap::new();
    let names: Vec<String> = names
        .into_iter()
        .filter(|n| seen.insert(n.clone(), ()).is_none())
        .collect();
    if names.is_empty() {
        l.draft.objective = "DefeatAll(return_to_stairway: true)".into();
        l.draft.objective_why =
            "no monster is named in the notes: defeat every monster, then return to the stairway".into();
    } else {
        let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
        l.draft.objective = format!("DefeatNamed(names: [{}], return_to_stairway: true)", list.join(", "));
        l.draft.objective_why = format!(
            "a note names {}: defeat them, then return to the stairway",
            names.join(", ")
        );
    }
    let why = l.draft.objective_why.clone();
    l.say(
        Fate::Approximated,
        XmlPos::new(1, 1),
        format!("objective chosen by the importer ({why}); the file's prose may want something else"),
    );
}
