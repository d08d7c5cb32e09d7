//! Walking, as the snapshot answers it: the squares a figure may reach (its distance field,
//! around or over known traps), the board's own distances, and what a step costs: a square,
//! and under the action-point module a point more to leave a square a seen monster threatens
//! (action-point-movement.md, Threatened Squares).

use super::*;

impl Snapshot {
    /// Heroes spend action points on steps and minor actions (the action-point module,
    /// action-point-movement.md).
    pub fn action_points(&self) -> bool {
        self.quest.modules.action_points()
    }

    /// Per square (board index): a monster the heroes have seen stands in Range 1, orthogonally
    /// beside it with no wall or closed door between (action-point-movement.md, Threatened
    /// Squares; checklists.md 1.3 #10), so a hero pays one more point to leave it.
    pub fn threatened_squares(&self) -> Vec<bool> {
        let b = self.board();
        let mut t = vec![false; (b.width.max(0) * b.height.max(0)) as usize];
        for m in self.monsters().filter(|m| m.awake) {
            let Some(mp) = m.pos else { continue };
            for q in mp.neighbours() {
                if self.edge_open(mp, q) {
                    t[b.index(q)] = true;
                }
            }
        }
        t
    }

    /// Whether leaving `p` costs a hero one more point (see `threatened_squares`).
    pub fn threatened(&self, p: Pos) -> bool {
        self.monsters()
            .filter(|m| m.awake)
            .filter_map(|m| m.pos)
            .any(|mp| mp.is_orthogonally_adjacent(p) && self.edge_open(mp, p))
    }

    /// What a step from `from` into `to` costs `fig`: one square; under the action-point module
    /// a hero pays the square's terrain cost (1 for plain floor) and one point more to leave a
    /// threatened square.
    pub fn step_cost(&self, fig: &FigureSnap, from: Pos, to: Pos) -> u16 {
        if !(fig.hero && self.action_points()) {
            return 1;
        }
        u16::from(self.quest.terrain.get(&to).map_or(1, |t| t.cost)) + u16::from(self.threatened(from))
    }

    /// What walking `path` from `from` costs `fig` (squares, or action points).
    pub fn path_cost(&self, fig: &FigureSnap, from: Pos, path: &[Pos]) -> u16 {
        let mut at = from;
        let mut cost = 0u16;
        for &q in path {
            cost = cost.saturating_add(self.step_cost(fig, at, q));
            at = q;
        }
        cost
    }

    /// The squares a hero off the board may come on at: the stairway's, save those a figure
    /// holds that it may not stop beside (a monster; heroes share the stairway, rules-decisions
    /// #7).
    pub fn entrance(&self, fig: &FigureSnap) -> Vec<Pos> {
        self.quest
            .stairway
            .squares()
            .filter(|p| self.board().in_bounds(*p) && self.can_stop_on(fig, *p))
            .collect()
    }

    /// What coming onto the board at `p` costs: the square's terrain cost (1 for the stairway's
    /// plain floor).
    pub fn entry_cost(&self, p: Pos) -> u16 {
        u16::from(self.quest.terrain.get(&p).map_or(1, |t| t.cost))
    }

    /// Whether the quest's levers and portcullises are in play: under the action-point module, or
    /// in an edition whose base game has them (Revised #51).
    pub fn levers_in_play(&self) -> bool {
        self.action_points() || self.rules().edition.portcullises
    }

    /// Whether a hero entering `p` leaves the board at once under the action-point module
    /// (action-point-movement.md, Entering and Exiting the Map; checklists.md 1.3 #5): an
    /// escape's ways out at any time, the stairway once the quest's goal is met.
    pub fn leaves_by(&self, p: Pos) -> bool {
        let way_out =
            matches!(&self.quest.objective.kind, crate::quest::ObjectiveKind::Escape(exits) if exits.contains(&p));
        way_out || (self.turn.objective_done && self.on_stairway(p))
    }

    /// May `fig` walk through the square `other` stands on? Its own side's figures, and under a
    /// Veil of Mist a hero passes monsters too; but no figure passes a Giant (Revised #120).
    pub fn may_pass(&self, fig: &FigureSnap, other: &FigureSnap) -> bool {
        if other.giant() && other.id != fig.id {
            return false;
        }
        other.hero == fig.hero || (fig.hero && fig.has(StatusKind::VeilOfMist))
    }

    /// Squares `fig` can walk to with `steps` steps, as a distance field from its square.
    pub fn reach(&self, fig: &FigureSnap, steps: u16) -> Option<DistanceField> {
        self.walk_field(fig, steps, true)
    }

    /// Like `reach`, but walking over known traps as if they were not there (to find the ones
    /// in the way).
    pub fn reach_over_traps(&self, fig: &FigureSnap, steps: u16) -> Option<DistanceField> {
        self.walk_field(fig, steps, false)
    }

    /// The distance field of `can_step` from `fig`'s square (and, for a hero when
    /// `avoid_known_traps`, never onto a known armed trap), worked out on square indexes: which
    /// squares may be entered is decided once per square instead of once per side crossed.
    fn walk_field(&self, fig: &FigureSnap, steps: u16, avoid_known_traps: bool) -> Option<DistanceField> {
        // A hero off the board comes on at the stairway (action-point-movement.md, Entering and
        // Exiting the Map): the field starts from its free squares, each for its cost.
        let start = match fig.pos {
            Some(p) => Some(p),
            None if fig.off_map() && self.action_points() => None,
            None => return None,
        };
        let b = self.board();
        // Free floor may be entered; then the few squares with a known trap or a figure on them.
        let mut enter: Vec<bool> = self.solid.iter().map(|s| !s).collect();
        if avoid_known_traps && fig.hero {
            for (i, t) in self.traps.iter().enumerate() {
                if t.state == TrapState::Known && b.in_bounds(t.at) {
                    let k = b.index(t.at);
                    if self.square_trap[k] as usize == i + 1 {
                        enter[k] = false;
                    }
                }
            }
        }
        for (i, o) in self.figures.iter().enumerate() {
            let Some(p) = o.pos.filter(|p| b.in_bounds(*p)) else {
                continue;
            };
            let k = b.index(p);
            // The figure the occupancy table keeps for the square decides, as in `can_step`.
            if self.occupant[k] != Some(i as u16) {
                continue;
            }
            // A hero walks over a monster it has not seen (and finds it there).
            let passable = (fig.hero && !o.hero && !o.awake) || self.may_pass(fig, o);
            enter[k] &= passable;
        }
        // An open pit ends a move that enters it (heroquest-2021.md, Pit Trap; rules-decisions
        // row 17): a walk may end in one but not go on from it, save the figure's own square.
        // Left out when looking for the traps in the way, where the pit is one to jump.
        let dead_ends: Vec<usize> = self
            .traps
            .iter()
            .filter(|t| avoid_known_traps && t.open_pit() && b.in_bounds(t.at) && Some(t.at) != start)
            .map(|t| b.index(t.at))
            .collect();
        let through_rock = fig.has(StatusKind::PassThroughRock);
        let may = |k: usize, d: usize, q: usize| {
            (through_rock || self.open_sides[k] & (1 << d) != 0) && enter[q] && !dead_ends.contains(&k)
        };
        if fig.hero && self.action_points() {
            let threatened = self.threatened_squares();
            let mut enter_cost = vec![1u16; b.len()];
            for (p, t) in &self.quest.terrain {
                enter_cost[b.index(*p)] = u16::from(t.cost);
            }
            let cost = |k: usize, d: usize, q: usize| may(k, d, q).then_some(enter_cost[q] + u16::from(threatened[k]));
            let Some(start) = start else {
                let entries: Vec<(Pos, u16)> = self
                    .entrance(fig)
                    .into_iter()
                    .filter(|p| enter[b.index(*p)])
                    .map(|p| (p, enter_cost[b.index(p)]))
                    .collect();
                return Some(DistanceField::weighted_entering(
                    b.width, b.height, &entries, steps, cost,
                ));
            };
            return Some(DistanceField::weighted(b.width, b.height, &[start], steps, cost));
        }
        Some(DistanceField::on_grid(b.width, b.height, &[start?], steps, may))
    }

    /// Every square a figure could ever come to from `from`, as the dungeon now stands: walls
    /// stop it except where a door stands, of any kind (closed, locked or secret, found or not:
    /// each may yet open), and furniture, rubble and fallen blocks cannot be entered. Figures and
    /// traps are ignored: they come and go.
    pub fn ways_through(&self, from: &[Pos]) -> DistanceField {
        let b = self.board();
        DistanceField::multi(b.width, b.height, from, u16::MAX, |a, q| {
            let crossable = !b.wall_between(a, q)
                || self.door_on(a, q).is_some()
                || self.quest.secret_doors.contains(&Edge::new(a, q));
            crossable && !self.is_solid(q)
        })
    }

    /// Every square from which some way still leads out of the dungeon (`ways_through`, from the
    /// stairway and an escape's ways out: a door crossed one way is crossed the other).
    pub fn ways_out(&self) -> DistanceField {
        let exits: &[Pos] = match &self.quest.objective.kind {
            crate::quest::ObjectiveKind::Escape(exits) => exits,
            _ => &[],
        };
        let from: Vec<Pos> = self.quest.stairway.squares().chain(exits.iter().copied()).collect();
        self.ways_through(&from)
    }

    /// Whether some way from `p` still leads out of the dungeon (`ways_out`).
    pub fn way_out_from(&self, p: Pos) -> bool {
        self.ways_out().dist(p).is_some()
    }

    /// Distances from the nearest of `from` over the board alone: walls and closed doors stop
    /// it, furniture and rubble cannot be entered, figures and traps are ignored.
    pub fn terrain_field(&self, from: &[Pos], steps: u16) -> DistanceField {
        let b = self.board();
        DistanceField::on_grid(b.width, b.height, from, steps, |k, d, q| {
            self.open_sides[k] & (1 << d) != 0 && !self.solid[q]
        })
    }
}
