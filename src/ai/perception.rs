//! What the sorcerer perceives before it plans: walls and doors as flat arrays, who stands where,
//! each hero's walking distances and movement dice, and the threat map (what a square will cost
//! a monster in the heroes' next phase).
//!
//! Everything here is read off the board as it stands. Nothing looks at the dice stream or the
//! treasure deck.

use std::collections::VecDeque;

use crate::game::model::{FigureId, Movement, StatusKind};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;
use crate::rules::odds;

pub const FAR: u16 = u16::MAX;

/// The board as flat arrays: `open[i]` has bit d set when a figure can walk from square i to its
/// neighbour d (N, E, S, W, as `Pos::neighbours`); `door[i]` when a closed door stands there.
#[derive(Clone, Debug)]
pub struct Grid {
    pub width: i32,
    pub height: i32,
    pub open: Vec<u8>,
    pub door: Vec<u8>,
    pub solid: Vec<bool>,
    /// Open pits: a walk may end in one but not go on from it (rules-decisions row 17).
    pub pit: Vec<bool>,
}

impl Grid {
    pub fn new(snap: &Snapshot) -> Grid {
        let b = snap.board();
        let n = b.len();
        let mut open = vec![0u8; n];
        let mut door = vec![0u8; n];
        let mut solid = vec![false; n];
        let mut pit = vec![false; n];
        for i in 0..n {
            let p = b.pos_of_index(i);
            solid[i] = snap.is_solid(p);
            pit[i] = snap.in_pit(p);
            for (d, q) in p.neighbours().into_iter().enumerate() {
                if !b.in_bounds(q) {
                    continue;
                }
                if snap.edge_open(p, q) {
                    open[i] |= 1 << d;
                } else if snap.door_on(p, q).is_some_and(|d| !d.locked) {
                    door[i] |= 1 << d;
                }
            }
        }
        Grid {
            width: b.width,
            height: b.height,
            open,
            door,
            solid,
            pit,
        }
    }

    pub fn len(&self) -> usize {
        self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    pub fn index(&self, p: Pos) -> usize {
        (p.y * self.width + p.x) as usize
    }

    pub fn pos(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.width, i as i32 / self.width)
    }

    /// The neighbour of square `i` in direction `d`, if on the board.
    pub fn step(&self, i: usize, d: usize) -> usize {
        let w = self.width as usize;
        match d {
            0 => i - w,
            1 => i + 1,
            2 => i + w,
            _ => i - 1,
        }
    }

    /// Neighbours reachable in one step through an open edge.
    pub fn open_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..4)
            .filter(move |d| self.open[i] & (1 << d) != 0)
            .map(move |d| self.step(i, d))
    }
}

/// Who stands on a square, as the planner imagines the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occ {
    Empty,
    Hero,
    Monster,
    /// A monster no figure may pass through, friend or foe (Revised #120 Giant).
    Giant,
}

impl Occ {
    /// A monster stands here.
    pub fn monster(self) -> bool {
        matches!(self, Occ::Monster | Occ::Giant)
    }

    /// A monster walking may not pass through: a hero, or a Giant.
    pub fn stops_monsters(self) -> bool {
        matches!(self, Occ::Hero | Occ::Giant)
    }
}

/// A hero as the sorcerer sees it.
#[derive(Clone, Debug)]
pub struct HeroView {
    pub id: FigureId,
    pub at: usize,
    pub body: u8,
    pub defend: u8,
    /// Red dice for the next movement roll; 0 when the hero cannot move next turn.
    pub move_dice: u8,
    /// False when the hero will miss its next turn (asleep, struck by a tempest).
    pub acts: bool,
    /// Walking distance to every square (through heroes and doors, not through monsters).
    pub dist: Vec<u16>,
    /// What the sorcerer gains when this hero falls (spell casters are worth more).
    pub worth: f64,
    /// A healing potion or the Elixir of Life would save this hero from death.
    pub escapes: bool,
    /// The action-point module: whether a monster stood beside the hero when `dist` was taken
    /// (leaving costs a point more, and `dist` counts it). None without the module.
    pub pinned: Option<bool>,
}

impl HeroView {
    /// Points the hero pays to get away from where it stands, in `occ` against `dist`'s board:
    /// a monster moved to its side pins it (1 more), the last one gone frees it (1 less). The
    /// planner's threat map sees the heroes its own moves pin (action-point-movement.md,
    /// Threatened Squares; issue 21, item 8).
    pub fn pin_change(&self, grid: &Grid, occ: &[Occ]) -> i32 {
        let Some(was) = self.pinned else { return 0 };
        let now = grid.open_neighbours(self.at).any(|j| occ[j].monster());
        i32::from(now) - i32::from(was)
    }
}

/// The board, the figures and the heroes' reach, taken once per plan.
#[derive(Clone, Debug)]
pub struct Perception {
    pub grid: Grid,
    pub occ: Vec<Occ>,
    pub heroes: Vec<HeroView>,
    /// Steps a monster needs to reach a square next to the nearest hero (monster walking rules).
    pub to_heroes: Vec<u16>,
    /// The same for each hero on its own (index as `heroes`).
    pub to_hero: Vec<Vec<u16>>,
}

impl Perception {
    pub fn new(snap: &Snapshot) -> Perception {
        let grid = Grid::new(snap);
        let mut occ = vec![Occ::Empty; grid.len()];
        for f in snap.figures.iter() {
            if let Some(p) = f.pos {
                occ[grid.index(p)] = if f.hero {
                    Occ::Hero
                } else if f.giant() {
                    Occ::Giant
                } else {
                    Occ::Monster
                };
            }
        }
        // A rescue's captive is a target like a hero (worth the quest), who never strikes back.
        let captive = snap.captive().filter(|c| c.alive());
        // Men-at-arms (Revised #151–152) are targets too, worth less than a hero.
        let men = snap.men_at_arms().filter(|m| m.alive());
        let heroes: Vec<HeroView> = snap
            .living_heroes()
            .chain(captive)
            .chain(men)
            .map(|h| hero_view(snap, &grid, &occ, h))
            .collect();
        let starts: Vec<usize> = heroes.iter().map(|h| h.at).collect();
        let to_hero: Vec<Vec<u16>> = starts.iter().map(|h| monster_steps_to(&grid, &occ, &[*h])).collect();
        // The nearest hero's steps are the least of each hero's.
        let to_heroes = (0..grid.len())
            .map(|i| to_hero.iter().map(|d| d[i]).min().unwrap_or(FAR))
            .collect();
        Perception {
            grid,
            occ,
            heroes,
            to_heroes,
            to_hero,
        }
    }
}

/// What the fall of a rescue's captive is worth to the sorcerer: the quest, so more than any hero.
const CAPTIVE_WORTH: f64 = 30.0;

/// What the fall of a man-at-arms is worth: a blade fewer at the heroes' side, and the gold it
/// cost; less than half a hero.
const MAN_AT_ARMS_WORTH: f64 = 3.0;

fn hero_view(snap: &Snapshot, grid: &Grid, occ: &[Occ], h: &FigureSnap) -> HeroView {
    let at = grid.index(h.pos.expect("living heroes stand somewhere"));
    let acts = !h.idle() && !h.captive;
    let move_dice = match h.fighter.movement {
        _ if !acts || h.rooted() => 0,
        Movement::Dice(n) if h.has(StatusKind::SwiftWind) => n * 2,
        Movement::Dice(n) => n,
        Movement::Fixed(_) => 2,
    };
    let rules = snap.rules();
    let escapes = h.equipment.has("elixir_of_life")
        || h.inventory.potions.iter().any(|p| {
            rules
                .potions
                .get(p)
                .is_some_and(|d| matches!(d.effect, crate::rules::ruleset::Effect::Heal { .. }))
        });
    let casters = h.spellbook.ready().count() as f64;
    HeroView {
        id: h.id,
        at,
        body: h.body,
        defend: snap.defend_dice(h),
        move_dice,
        acts,
        dist: if snap.action_points() {
            hero_points(grid, occ, at)
        } else {
            hero_steps(grid, occ, at)
        },
        pinned: snap
            .action_points()
            .then(|| grid.open_neighbours(at).any(|j| occ[j].monster())),
        // Killing the captive wins the quest for the sorcerer.
        worth: if h.captive {
            CAPTIVE_WORTH
        } else if h.serves.is_some() {
            MAN_AT_ARMS_WORTH
        } else {
            8.0 + casters.min(4.0) * 0.75
        },
        escapes,
    }
}

/// BFS for a hero: open edges and closed doors (a hero opens them on the way), through other
/// heroes, never through monsters or solid squares.
pub fn hero_steps(grid: &Grid, occ: &[Occ], start: usize) -> Vec<u16> {
    let mut dist = vec![FAR; grid.len()];
    let mut queue = VecDeque::with_capacity(64);
    dist[start] = 0;
    queue.push_back(start);
    while let Some(i) = queue.pop_front() {
        let passable = grid.open[i] | grid.door[i];
        for d in 0..4 {
            if passable & (1 << d) == 0 {
                continue;
            }
            let j = grid.step(i, d);
            if dist[j] != FAR || grid.solid[j] || occ[j].monster() {
                continue;
            }
            dist[j] = dist[i] + 1;
            queue.push_back(j);
        }
    }
    dist
}

/// `hero_steps` in action points (the action-point module, action-point-movement.md): a square
/// costs 1, leaving a square beside a monster (open edge) 1 more, and a closed door on the way 1
/// more to open. The sorcerer plans knowing that a hero its monsters stand beside pays to get
/// away from them. (A monster not yet seen costs a hero nothing; the sorcerer plans only with
/// seen monsters, so every monster here counts.)
pub fn hero_points(grid: &Grid, occ: &[Occ], start: usize) -> Vec<u16> {
    let beside_monster = |i: usize| grid.open_neighbours(i).any(|j| occ[j].monster());
    let field = crate::rules::paths::DistanceField::weighted(
        grid.width,
        grid.height,
        &[grid.pos(start)],
        FAR - 1,
        |i, d, j| {
            let through_door = grid.door[i] & (1 << d) != 0;
            let passable = grid.open[i] & (1 << d) != 0 || through_door;
            (passable && !grid.solid[j] && !occ[j].monster())
                .then(|| 1 + u16::from(beside_monster(i)) + u16::from(through_door))
        },
    );
    (0..grid.len())
        .map(|i| field.dist(grid.pos(i)).unwrap_or(FAR))
        .collect()
}

/// Steps for a monster from each square to stand next to one of `heroes` (open edges only:
/// monsters never open doors; through other monsters, never through heroes).
pub fn monster_steps_to(grid: &Grid, occ: &[Occ], heroes: &[usize]) -> Vec<u16> {
    let mut dist = vec![FAR; grid.len()];
    let mut queue = VecDeque::with_capacity(64);
    for &h in heroes {
        for j in grid.open_neighbours(h) {
            if !grid.solid[j] && !occ[j].stops_monsters() && dist[j] == FAR {
                dist[j] = 0;
                queue.push_back(j);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        for j in grid.open_neighbours(i) {
            if dist[j] != FAR || grid.solid[j] || occ[j].stops_monsters() {
                continue;
            }
            dist[j] = dist[i] + 1;
            queue.push_back(j);
        }
    }
    dist
}

/// Where one monster can walk this turn: distances and parents for building paths.
#[derive(Clone, Debug)]
pub struct Walk {
    pub dist: Vec<u16>,
    pub parent: Vec<u32>,
}

impl Walk {
    /// BFS from `start` over at most `steps` steps, through monsters but not heroes.
    pub fn new(grid: &Grid, occ: &[Occ], start: usize, steps: u16) -> Walk {
        let mut dist = vec![FAR; grid.len()];
        let mut parent = vec![u32::MAX; grid.len()];
        let mut queue = VecDeque::with_capacity(64);
        dist[start] = 0;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            if dist[i] >= steps || (grid.pit[i] && i != start) {
                continue;
            }
            for j in grid.open_neighbours(i) {
                if dist[j] != FAR || grid.solid[j] || occ[j].stops_monsters() {
                    continue;
                }
                dist[j] = dist[i] + 1;
                parent[j] = i as u32;
                queue.push_back(j);
            }
        }
        Walk { dist, parent }
    }

    /// Squares the monster may end on (free, or its own square).
    pub fn stops<'a>(&'a self, occ: &'a [Occ], start: usize) -> impl Iterator<Item = usize> + 'a {
        (0..self.dist.len()).filter(move |&i| self.dist[i] != FAR && (i == start || occ[i] == Occ::Empty))
    }

    pub fn path(&self, grid: &Grid, to: usize) -> Vec<Pos> {
        let mut path = Vec::new();
        let mut i = to;
        while self.parent[i] != u32::MAX {
            path.push(grid.pos(i));
            i = self.parent[i] as usize;
        }
        path.reverse();
        path
    }
}

/// The chance a hero gets next to square `c` and strikes at it in the heroes' next phase.
pub fn reach_chance(grid: &Grid, occ: &[Occ], hero: &HeroView, dist: &[u16], c: usize) -> f64 {
    if !hero.acts {
        return 0.0;
    }
    let mut best = FAR;
    for j in grid.open_neighbours(c) {
        if j == hero.at {
            return 1.0;
        }
        if occ[j].monster() || grid.solid[j] {
            continue;
        }
        best = best.min(dist[j]);
    }
    if best == FAR || hero.move_dice == 0 {
        return 0.0;
    }
    let best = (i32::from(best) + hero.pin_change(grid, occ)).max(1) as u16;
    odds::movement_at_least(hero.move_dice, best)
}

/// Expected body points a monster standing on `c` loses in the heroes' next phase: each hero's
/// chance to reach it times the expected damage of its blow, counting only as many heroes as
/// there are free squares around `c` (a monster in a corridor mouth faces one hero at a time).
pub fn threat(grid: &Grid, occ: &[Occ], heroes: &[HeroView], dists: &[&[u16]], blows: &[f64], c: usize) -> f64 {
    let room = grid
        .open_neighbours(c)
        .filter(|&j| !grid.solid[j] && !occ[j].monster())
        .count();
    if room == 0 {
        return 0.0;
    }
    let mut parts: [f64; 8] = [0.0; 8];
    let n = heroes.len().min(8);
    for k in 0..n {
        parts[k] = reach_chance(grid, occ, &heroes[k], dists[k], c) * blows[k];
    }
    parts[..n].sort_by(|a, b| b.total_cmp(a));
    parts[..n.min(room)].iter().sum()
}

/// Expected damage of each hero's blow on `m` (melee dice against its defence).
pub fn blows_on(snap: &Snapshot, heroes: &[HeroView], m: &FigureSnap) -> Vec<f64> {
    heroes
        .iter()
        .map(|h| {
            let Some(hs) = snap.figure(h.id) else { return 0.0 };
            if !snap.can_harm(hs.equipment.weapon.as_deref(), m) {
                return 0.0;
            }
            odds::expected_damage(snap.attack_dice(hs, m, None), snap.defend_dice(m), snap.guard(m))
        })
        .collect()
}
