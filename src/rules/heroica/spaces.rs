//! A Heroica board: spaces on a grid (squares that are not spaces are not part of the board),
//! doors on the edges between spaces, and how figures move on it (heroica.md, Moving Heroes and
//! Fighting monsters; checklists §1.2 #4, #9–#12, #17). Pure: what stands where comes in as
//! closures, so the rule system, its tests and its computer players ask the same questions.

use std::collections::BTreeSet;

use crate::rules::geometry::{Edge, Pos};
use crate::rules::paths::DistanceField;

/// The spaces of a mission and its closed doors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spaces {
    pub width: i32,
    pub height: i32,
    space: Vec<bool>,
    closed: BTreeSet<Edge>,
}

/// Neighbours in the order every tie is broken in: north, east, south, west.
pub fn around(p: Pos) -> [Pos; 4] {
    [
        Pos::new(p.x, p.y - 1),
        Pos::new(p.x + 1, p.y),
        Pos::new(p.x, p.y + 1),
        Pos::new(p.x - 1, p.y),
    ]
}

impl Spaces {
    pub fn new(width: i32, height: i32, spaces: impl IntoIterator<Item = Pos>) -> Spaces {
        let mut sp = Spaces {
            width: width.max(0),
            height: height.max(0),
            space: vec![false; (width.max(0) * height.max(0)) as usize],
            closed: BTreeSet::new(),
        };
        for p in spaces {
            if sp.inside(p) {
                let i = sp.index(p);
                sp.space[i] = true;
            }
        }
        sp
    }

    fn inside(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    fn index(&self, p: Pos) -> usize {
        (p.y * self.width + p.x) as usize
    }

    pub fn is_space(&self, p: Pos) -> bool {
        self.inside(p) && self.space[self.index(p)]
    }

    pub fn spaces(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
            .filter(|p| self.is_space(*p))
    }

    /// Shuts (or opens) the door between `a` and `b`.
    pub fn set_door(&mut self, a: Pos, b: Pos, closed: bool) {
        if closed {
            self.closed.insert(Edge::new(a, b));
        } else {
            self.closed.remove(&Edge::new(a, b));
        }
    }

    /// Two orthogonally adjacent spaces with no closed door between: one step, and "adjacent"
    /// for fights (a wall or closed door between two spaces means they are not adjacent).
    pub fn open(&self, a: Pos, b: Pos) -> bool {
        a.is_orthogonally_adjacent(b) && self.is_space(a) && self.is_space(b) && !self.closed.contains(&Edge::new(a, b))
    }

    /// The spaces one open step from `p`, north, east, south, west.
    pub fn steps_from(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        around(p).into_iter().filter(move |q| self.open(p, *q))
    }

    /// Walking distances from `from` through the spaces `enter` allows (the start always), up to
    /// `limit` steps: the shared breadth-first field (`rules::paths`).
    pub fn distances(&self, from: &[Pos], limit: u16, enter: impl Fn(Pos) -> bool) -> DistanceField {
        let from: Vec<Pos> = from.iter().copied().filter(|p| self.is_space(*p)).collect();
        DistanceField::multi(self.width, self.height, &from, limit, |a, b| {
            self.open(a, b) && enter(b)
        })
    }

    /// Every space a figure on `from` may end a move of up to `steps` on, with the way there
    /// (heroica.md, Moving Heroes: no diagonal steps; checklists §1.2 #4, #11, #12). `enter`: the
    /// spaces it may step into (not a monster's or a rock's; other heroes it passes); `stops`:
    /// a space it must stop on (beside a monster, for a fight), so no step leads on from it. The
    /// start itself never stops it. Breadth-first in N, E, S, W order, so the way to each space
    /// is the same every time.
    pub fn moves(
        &self,
        from: Pos,
        steps: u8,
        enter: impl Fn(Pos) -> bool,
        stops: impl Fn(Pos) -> bool,
    ) -> Vec<(Pos, Vec<Pos>)> {
        if !self.is_space(from) {
            return Vec::new();
        }
        let field = DistanceField::new(self.width, self.height, from, u16::from(steps), |a, b| {
            self.open(a, b) && enter(b) && (a == from || !stops(a))
        });
        field
            .reached()
            .filter(|(p, d)| *d > 0 && *p != from)
            .filter_map(|(p, _)| field.path_to(p).map(|way| (p, way)))
            .collect()
    }

    /// Where a figure whose move ended on a space another figure holds goes on to (heroica.md,
    /// Moving Heroes: "move your Hero forward to the first available space"; checklists §1.2
    /// #9): one space at a time, straight on when that space is free, else to the free
    /// neighbour farthest by walking distance from `start`, ties N, E, S, W; spaces already
    /// passed are not taken again, and a space where it `stops` (beside a monster) ends it. The
    /// extra spaces, in order (empty: it could not go on).
    pub fn forward(
        &self,
        start: Pos,
        way: &[Pos],
        free: impl Fn(Pos) -> bool,
        enter: impl Fn(Pos) -> bool,
        stops: impl Fn(Pos) -> bool,
    ) -> Vec<Pos> {
        let Some(&last) = way.last() else { return Vec::new() };
        let from_start = self.distances(&[start], u16::MAX, &enter);
        let mut seen: BTreeSet<Pos> = way.iter().copied().chain([start]).collect();
        let mut prev = if way.len() >= 2 { way[way.len() - 2] } else { start };
        let mut at = last;
        let mut extra = Vec::new();
        while !free(at) {
            let straight = Pos::new(2 * at.x - prev.x, 2 * at.y - prev.y);
            // Straight on only into a space it may enter: never into a rock (issue 35, item 12).
            let next = if self.open(at, straight) && free(straight) && enter(straight) && !seen.contains(&straight) {
                Some(straight)
            } else {
                let far = |q: &Pos| from_start.dist(*q).map_or(0, i32::from);
                let pick = |ok: &dyn Fn(Pos) -> bool| {
                    self.steps_from(at)
                        .filter(|q| !seen.contains(q) && enter(*q) && ok(*q))
                        .fold(None::<Pos>, |best, q| match best {
                            Some(b) if far(&b) >= far(&q) => Some(b),
                            _ => Some(q),
                        })
                };
                // A free space if there is one; else on through another figure.
                pick(&|q| free(q)).or_else(|| pick(&|_| true))
            };
            let Some(next) = next else { break };
            seen.insert(next);
            extra.push(next);
            prev = at;
            at = next;
            if stops(at) {
                break;
            }
        }
        extra
    }

    /// Where a hero knocked back from a monster on `monster` goes (heroica.md, Fighting
    /// monsters: "move back 1 space away from the monster"; checklists §1.2 #17): the space it
    /// came from when that is free and not beside the monster; else the free neighbour farthest
    /// from the monster by walking distance, and farther than where it stands, ties N, E, S, W;
    /// else nowhere (it stays).
    pub fn knock_back(
        &self,
        hero: Pos,
        came_from: Option<Pos>,
        monster: Pos,
        free: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        if let Some(back) = came_from
            && self.open(hero, back)
            && free(back)
            && !self.open(back, monster)
            && back != monster
        {
            return Some(back);
        }
        let from_monster = self.distances(&[monster], u16::MAX, |_| true);
        let here = from_monster.dist(hero).unwrap_or(0);
        self.steps_from(hero)
            .filter(|q| *q != monster && free(*q))
            .filter_map(|q| from_monster.dist(q).map(|d| (d, q)))
            .filter(|(d, _)| *d > here)
            .fold(None::<(u16, Pos)>, |best, (d, q)| match best {
                Some((bd, _)) if bd >= d => best,
                _ => Some((d, q)),
            })
            .map(|(_, q)| q)
    }

    /// Whether `to` is within `range` spaces of `from` in a straight line (a row or a column),
    /// every step open and every space between `empty` (the Ranger's and the Bow's shot).
    pub fn in_line(&self, from: Pos, to: Pos, range: u8, empty: impl Fn(Pos) -> bool) -> bool {
        if from == to || (from.x != to.x && from.y != to.y) {
            return false;
        }
        let n = (to.x - from.x).abs() + (to.y - from.y).abs();
        if n > i32::from(range) {
            return false;
        }
        let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
        let mut at = from;
        for k in 1..=n {
            let next = Pos::new(from.x + dx * k, from.y + dy * k);
            if !self.open(at, next) || (next != to && !empty(next)) {
                return false;
            }
            at = next;
        }
        true
    }
}

impl Spaces {
    /// The monsters (of `monsters`) a shot from `from` reaches (checklists §1.2a: the Ranger and
    /// the Bow in a straight line of empty spaces, the Wizard and the Wand around corners): up to
    /// `range` spaces away, every space before the target `empty`.
    pub fn shots(
        &self,
        from: Pos,
        range: u8,
        straight: bool,
        monsters: &[Pos],
        empty: impl Fn(Pos) -> bool,
    ) -> Vec<Pos> {
        if straight {
            return monsters
                .iter()
                .copied()
                .filter(|m| self.in_line(from, *m, range, &empty))
                .collect();
        }
        // Around corners: the walking distance to a space beside the monster, through empty
        // spaces, and one step more onto it.
        let dist = self.distances(&[from], u16::from(range.saturating_sub(1)), &empty);
        monsters
            .iter()
            .copied()
            .filter(|m| {
                *m != from
                    && self
                        .steps_from(*m)
                        .any(|q| dist.dist(q).is_some_and(|d| d < u16::from(range)))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plus-shaped board: a row y = 2 from x = 0..=6 and a column x = 3 from y = 0..=4.
    fn plus() -> Spaces {
        let row = (0..=6).map(|x| Pos::new(x, 2));
        let col = (0..=4).map(|y| Pos::new(3, y));
        Spaces::new(7, 5, row.chain(col))
    }

    #[test]
    fn moves_stop_beside_a_monster_and_never_go_diagonal() {
        let sp = plus();
        let monster = Pos::new(5, 1);
        // (5,1) is not a space: nothing is beside it. A monster on (6,2) stops the hero at (5,2).
        let m2 = Pos::new(6, 2);
        let beside = |p: Pos| sp.open(p, m2);
        let mv = sp.moves(Pos::new(0, 2), 6, |p| p != m2 && p != monster, beside);
        let to: Vec<Pos> = mv.iter().map(|(p, _)| *p).collect();
        assert!(to.contains(&Pos::new(5, 2)));
        assert!(!to.contains(&m2));
        let way = &mv.iter().find(|(p, _)| *p == Pos::new(5, 2)).unwrap().1;
        assert_eq!(way.len(), 5);
        assert!(way.windows(2).all(|w| w[0].is_orthogonally_adjacent(w[1])));
        // Two steps from the crossing reach two spaces each way, not the row's far ends.
        let short = sp.moves(Pos::new(3, 2), 2, |_| true, |_| false);
        assert_eq!(short.len(), 8);
    }

    #[test]
    fn a_monster_player_moves_by_the_same_rules_past_a_healing_hero() {
        // heroica.md, Battle Heroica: a monster moving beside a hero must stop and fight it,
        // but not beside a hero who is healing (checklists §1.2 #52, #53); it never enters a
        // hero's space.
        let sp = plus();
        let (fighting, healing) = (Pos::new(3, 0), Pos::new(1, 2));
        // From (6,2) westwards: the healing hero on (1,2) does not stop it at (2,2).
        let mv = sp.moves(Pos::new(6, 2), 4, |p| p != fighting && p != healing, |_| false);
        assert!(mv.iter().any(|(p, _)| *p == Pos::new(2, 2)));
        // Up the column, the hero on (3,0) stops it at (3,1).
        let mv = sp.moves(
            Pos::new(3, 4),
            4,
            |p| p != fighting && p != healing,
            |p| sp.open(p, fighting),
        );
        assert!(mv.iter().any(|(p, _)| *p == Pos::new(3, 1)));
        assert!(!mv.iter().any(|(p, _)| *p == fighting));
    }

    #[test]
    fn a_door_closes_the_way_and_the_fight() {
        let mut sp = plus();
        sp.set_door(Pos::new(3, 2), Pos::new(4, 2), true);
        assert!(!sp.open(Pos::new(3, 2), Pos::new(4, 2)));
        let mv = sp.moves(Pos::new(0, 2), 6, |_| true, |_| false);
        assert!(!mv.iter().any(|(p, _)| p.x > 3));
    }

    #[test]
    fn forward_goes_straight_on_then_farthest() {
        let sp = plus();
        // Ending on (2,2) held by a hero, coming from the west: straight on to (3,2) if free.
        let held = [Pos::new(2, 2)];
        let extra = sp.forward(
            Pos::new(0, 2),
            &[Pos::new(1, 2), Pos::new(2, 2)],
            |p| !held.contains(&p),
            |_| true,
            |_| false,
        );
        assert_eq!(extra, vec![Pos::new(3, 2)]);
        // At the crossing with (4,2) held too: the free neighbour farthest from the start
        // ((3,1) and (3,3) tie at 4 steps, and north comes first).
        let held = [Pos::new(3, 2), Pos::new(4, 2)];
        let extra = sp.forward(
            Pos::new(0, 2),
            &[Pos::new(1, 2), Pos::new(2, 2), Pos::new(3, 2)],
            |p| !held.contains(&p),
            |_| true,
            |_| false,
        );
        assert_eq!(extra, vec![Pos::new(3, 1)]);
    }

    #[test]
    fn knock_back_returns_the_way_it_came_or_away() {
        let sp = plus();
        // The hero on (4,2) fought a monster on (5,2), having come from (3,2): back there.
        assert_eq!(
            sp.knock_back(Pos::new(4, 2), Some(Pos::new(3, 2)), Pos::new(5, 2), |_| true),
            Some(Pos::new(3, 2))
        );
        // That space held: nowhere farther from the monster (the other ways are not spaces).
        assert_eq!(
            sp.knock_back(Pos::new(4, 2), Some(Pos::new(3, 2)), Pos::new(5, 2), |p| p
                != Pos::new(3, 2)),
            None
        );
        // At the crossing, fighting a monster to the north, having come from it: the three
        // other ways are each 2 from it, and east comes first.
        assert_eq!(
            sp.knock_back(Pos::new(3, 2), Some(Pos::new(3, 1)), Pos::new(3, 1), |_| true),
            Some(Pos::new(4, 2))
        );
    }

    #[test]
    fn a_shot_around_corners_counts_the_walk() {
        let sp = plus();
        // From (0,2) round the corner to a monster on (3,0): (3,1) is 4 steps away, the monster the 5th.
        let m = [Pos::new(3, 0)];
        assert_eq!(sp.shots(Pos::new(0, 2), 5, false, &m, |_| true), m.to_vec());
        assert!(
            sp.shots(Pos::new(0, 2), 4, false, &m, |_| true).is_empty(),
            "5 away, not 4"
        );
        assert!(
            sp.shots(Pos::new(0, 2), 5, true, &m, |_| true).is_empty(),
            "not in a line"
        );
        // A figure in the way blocks the walk.
        assert!(
            sp.shots(Pos::new(0, 2), 5, false, &m, |p| p != Pos::new(2, 2))
                .is_empty()
        );
        // Beside: 1 away.
        assert_eq!(sp.shots(Pos::new(3, 1), 1, false, &m, |_| true), m.to_vec());
    }

    #[test]
    fn a_straight_shot_needs_empty_spaces_between() {
        let sp = plus();
        assert!(sp.in_line(Pos::new(0, 2), Pos::new(4, 2), 5, |_| true));
        assert!(!sp.in_line(Pos::new(0, 2), Pos::new(6, 2), 5, |_| true), "6 away");
        assert!(
            !sp.in_line(Pos::new(0, 2), Pos::new(4, 2), 5, |p| p != Pos::new(2, 2)),
            "a figure between"
        );
        assert!(!sp.in_line(Pos::new(0, 2), Pos::new(3, 0), 5, |_| true), "not a line");
    }
}
