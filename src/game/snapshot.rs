//! A read-only picture of the board taken from the ECS world: what the rules, bots and UI ask about.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;

use super::model::*;
use crate::quest::Quest;
use crate::rules::geometry::{Edge, Pos};
use crate::rules::los::line_of_sight;
use crate::rules::paths::DistanceField;

#[derive(Clone, Debug)]
pub struct FigureSnap {
    pub id: FigureId,
    pub entity: Entity,
    /// None once dead or escaped.
    pub pos: Option<Pos>,
    pub hero: bool,
    /// Rule-set id: hero class or monster kind.
    pub kind: String,
    pub name: String,
    pub body: u8,
    pub body_max: u8,
    pub mind: u8,
    pub fighter: Fighter,
    pub awake: bool,
    pub escaped: bool,
}

impl FigureSnap {
    pub fn alive(&self) -> bool {
        self.pos.is_some() && self.body > 0
    }
}

#[derive(Clone, Debug)]
pub struct Snapshot {
    pub quest: Arc<Quest>,
    pub doors: Vec<Door>,
    door_at: BTreeMap<Edge, usize>,
    solid: Vec<bool>,
    pub figures: Vec<FigureSnap>,
    occupant: Vec<Option<usize>>,
    pub turn: Turn,
    pub fog: Fog,
}

impl Snapshot {
    /// Reads the world; None when no quest is in play.
    pub fn capture(world: &mut World) -> Option<Snapshot> {
        let quest = world.get_resource::<ActiveQuest>()?.0.clone();
        let turn = world.get_resource::<Turn>()?.clone();
        let fog = world.get_resource::<Fog>()?.clone();
        let mut doors: Vec<Door> = world.query::<&Door>().iter(world).copied().collect();
        doors.sort_by_key(|d| d.id);
        let door_at = doors.iter().enumerate().map(|(i, d)| (d.edge, i)).collect();
        let board = &quest.board;
        let mut solid = vec![false; board.len()];
        for p in &quest.blocked {
            solid[board.index(*p)] = true;
        }
        for f in &quest.furniture {
            for p in f.rect.squares() {
                solid[board.index(p)] = true;
            }
        }
        let mut figures = Vec::new();
        let mut q = world.query::<(
            Entity,
            &FigureId,
            Option<&GridPos>,
            Option<&Hero>,
            Option<&Monster>,
            &Body,
            Option<&Mind>,
            &Fighter,
            Has<Awake>,
            Has<Escaped>,
        )>();
        for (entity, id, pos, hero, monster, body, mind, fighter, awake, escaped) in q.iter(world) {
            let (kind, name) = match (hero, monster) {
                (Some(h), _) => (h.class.clone(), h.name.clone()),
                (None, Some(m)) => (
                    m.kind.clone(),
                    m.name
                        .clone()
                        .unwrap_or_else(|| crate::rules::ruleset::RuleSet::monster_name(&m.kind)),
                ),
                (None, None) => continue,
            };
            figures.push(FigureSnap {
                id: *id,
                entity,
                pos: pos.map(|p| p.0),
                hero: hero.is_some(),
                kind,
                name,
                body: body.current,
                body_max: body.max,
                mind: mind.map_or(0, |m| m.current),
                fighter: *fighter,
                awake,
                escaped,
            });
        }
        figures.sort_by_key(|f| f.id);
        let mut occupant = vec![None; board.len()];
        for (i, f) in figures.iter().enumerate() {
            if let Some(p) = f.pos {
                occupant[board.index(p)] = Some(i);
            }
        }
        Some(Snapshot {
            quest,
            doors,
            door_at,
            solid,
            figures,
            occupant,
            turn,
            fog,
        })
    }

    pub fn board(&self) -> &crate::rules::board::Board {
        &self.quest.board
    }

    pub fn figure(&self, id: FigureId) -> Option<&FigureSnap> {
        self.figures
            .binary_search_by_key(&id, |f| f.id)
            .ok()
            .map(|i| &self.figures[i])
    }

    pub fn figure_at(&self, p: Pos) -> Option<&FigureSnap> {
        if !self.board().in_bounds(p) {
            return None;
        }
        self.occupant[self.board().index(p)].map(|i| &self.figures[i])
    }

    pub fn heroes(&self) -> impl Iterator<Item = &FigureSnap> {
        self.figures.iter().filter(|f| f.hero)
    }

    pub fn living_heroes(&self) -> impl Iterator<Item = &FigureSnap> {
        self.heroes().filter(|f| f.alive())
    }

    pub fn monsters(&self) -> impl Iterator<Item = &FigureSnap> {
        self.figures.iter().filter(|f| !f.hero && f.alive())
    }

    /// Furniture or a blocked square: nobody stands there.
    pub fn is_solid(&self, p: Pos) -> bool {
        !self.board().in_bounds(p) || self.solid[self.board().index(p)]
    }

    pub fn door_on(&self, a: Pos, b: Pos) -> Option<&Door> {
        self.door_at.get(&Edge::new(a, b)).map(|i| &self.doors[*i])
    }

    pub fn door(&self, id: u32) -> Option<&Door> {
        self.doors.iter().find(|d| d.id == id)
    }

    /// Nothing stands on the edge between two adjacent squares: no wall, or an open door in it.
    pub fn edge_open(&self, a: Pos, b: Pos) -> bool {
        if !self.board().in_bounds(a) || !self.board().in_bounds(b) {
            return false;
        }
        if !self.board().wall_between(a, b) {
            return true;
        }
        self.door_on(a, b).is_some_and(|d| d.open)
    }

    /// The figure at `p` as `fig`'s side knows it: heroes do not know about monsters nobody has
    /// seen (a hidden monster is always seen before a hero could step onto it: every step reveals
    /// the squares next to the hero).
    pub fn known_figure_at(&self, fig: &FigureSnap, p: Pos) -> Option<&FigureSnap> {
        self.figure_at(p).filter(|o| !(fig.hero && !o.hero && !o.awake))
    }

    /// Can `fig` step from `a` to the adjacent `b`? Figures pass their own side but not the other.
    pub fn can_step(&self, fig: &FigureSnap, a: Pos, b: Pos) -> bool {
        if !self.edge_open(a, b) || self.is_solid(b) {
            return false;
        }
        match self.known_figure_at(fig, b) {
            Some(other) => other.hero == fig.hero,
            None => true,
        }
    }

    pub fn on_stairway(&self, p: Pos) -> bool {
        self.quest.stairway.contains(p)
    }

    /// Can `fig` finish its move on `p`? Only heroes may share a stairway square.
    pub fn can_stop_on(&self, fig: &FigureSnap, p: Pos) -> bool {
        if self.is_solid(p) {
            return false;
        }
        // Every other figure on the square counts, not just the one the occupancy table kept:
        // mid-move, a hero passing a teammate shares its square for a moment.
        self.figures
            .iter()
            .filter(|o| o.id != fig.id && o.pos == Some(p))
            .filter(|o| !(fig.hero && !o.hero && !o.awake))
            .all(|o| fig.hero && o.hero && self.on_stairway(p))
    }

    /// Squares `fig` can walk to with `steps` steps, as a distance field from its square.
    pub fn reach(&self, fig: &FigureSnap, steps: u16) -> Option<DistanceField> {
        let start = fig.pos?;
        let b = self.board();
        Some(DistanceField::new(b.width, b.height, start, steps, |p, q| {
            self.can_step(fig, p, q)
        }))
    }

    /// Centre-to-centre line of sight: walls and closed doors block, and so do figures in between.
    pub fn sees(&self, a: Pos, b: Pos) -> bool {
        line_of_sight(a, b, |p, q| !self.edge_open(p, q), |p| self.figure_at(p).is_some())
    }

    /// Line of sight for looking around a room or corridor: only walls and closed doors block.
    pub fn sees_past_figures(&self, a: Pos, b: Pos) -> bool {
        line_of_sight(a, b, |p, q| !self.edge_open(p, q), |_| false)
    }

    /// Can `attacker` hit `target` from where they stand (adjacent, or diagonal with the right weapon)?
    pub fn can_attack(&self, attacker: &FigureSnap, target: &FigureSnap) -> bool {
        let (Some(a), Some(t)) = (attacker.pos, target.pos) else {
            return false;
        };
        if attacker.hero == target.hero || !attacker.alive() || !target.alive() {
            return false;
        }
        if a.is_orthogonally_adjacent(t) {
            return self.edge_open(a, t);
        }
        attacker.fighter.diagonal && a.is_diagonally_adjacent(t) && self.sees(a, t)
    }

    pub fn attack_targets<'a>(&'a self, attacker: &'a FigureSnap) -> impl Iterator<Item = &'a FigureSnap> + 'a {
        self.figures.iter().filter(move |t| self.can_attack(attacker, t))
    }

    /// The figure whose turn it is (a hero), if any.
    pub fn active_hero(&self) -> Option<&FigureSnap> {
        match self.turn.phase {
            Phase::Hero(id) => self.figure(id),
            _ => None,
        }
    }
}
