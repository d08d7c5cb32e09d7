//! Breadth-first reachability on the square grid: distance fields and shortest paths.

use super::geometry::Pos;

pub const UNREACHED: u16 = u16::MAX;

/// The parent of a square a figure came onto the board at (`weighted_entering`): its paths
/// start there.
const ENTERED: u32 = u32::MAX - 1;

/// Distances (in steps) from one start square, with a parent per square to rebuild paths.
#[derive(Clone, Debug)]
pub struct DistanceField {
    width: i32,
    height: i32,
    dist: Vec<u16>,
    parent: Vec<u32>,
}

impl DistanceField {
    /// BFS from `start` through edges for which `can_step(from, to)` holds, up to `max_steps`.
    /// Neighbours are tried in a fixed order, so the same inputs give the same paths.
    pub fn new(width: i32, height: i32, start: Pos, max_steps: u16, can_step: impl Fn(Pos, Pos) -> bool) -> Self {
        Self::multi(width, height, &[start], max_steps, can_step)
    }

    /// BFS from several start squares at once (distance to the nearest of them).
    pub fn multi(width: i32, height: i32, starts: &[Pos], max_steps: u16, can_step: impl Fn(Pos, Pos) -> bool) -> Self {
        let w = width.max(1);
        let at = |i: usize| Pos::new(i as i32 % w, i as i32 / w);
        Self::on_grid(width, height, starts, max_steps, |p, _, q| can_step(at(p), at(q)))
    }

    /// Breadth-first search on square indexes (row-major): `can_step(from, d, to)` says whether
    /// the step from square `from` across its side `d` (0 N, 1 E, 2 S, 3 W) to the square `to`
    /// may be taken. Neighbours are tried in that order, as `Pos::neighbours`.
    pub fn on_grid(
        width: i32,
        height: i32,
        starts: &[Pos],
        max_steps: u16,
        can_step: impl Fn(usize, usize, usize) -> bool,
    ) -> Self {
        let w = width as usize;
        let mut f = Self::unreached(width, height);
        let mut queue: Vec<u32> = Vec::with_capacity(f.dist.len());
        for &s in starts {
            if f.inside(s) && f.dist[f.idx(s)] == UNREACHED {
                let i = f.idx(s);
                f.dist[i] = 0;
                queue.push(i as u32);
            }
        }
        let n = f.dist.len();
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head] as usize;
            head += 1;
            let d = f.dist[p];
            if d >= max_steps {
                continue;
            }
            let x = p % w;
            // N, E, S, W, as `Pos::neighbours`; written out, as this is the inner loop of every
            // walking question.
            let mut visit = |dir: usize, q: usize| {
                if f.dist[q] == UNREACHED && can_step(p, dir, q) {
                    f.dist[q] = d + 1;
                    f.parent[q] = p as u32;
                    queue.push(q as u32);
                }
            };
            if p >= w {
                visit(0, p - w);
            }
            if x + 1 < w {
                visit(1, p + 1);
            }
            if p + w < n {
                visit(2, p + w);
            }
            if x > 0 {
                visit(3, p - 1);
            }
        }
        f
    }

    /// Cheapest costs from `starts` when a step may cost more than one (action-point-movement.md,
    /// Threatened Squares and Terrain): `step_cost(from, d, to)` is the cost of the step from
    /// square `from` across its side `d` to `to` (None: it may not be taken), all on square
    /// indexes. Squares costing more than `max_cost` are left unreached. Among equal costs the
    /// square reached first is taken first, so with every step costing 1 the field and its paths
    /// are the breadth-first ones.
    pub fn weighted(
        width: i32,
        height: i32,
        starts: &[Pos],
        max_cost: u16,
        step_cost: impl Fn(usize, usize, usize) -> Option<u16>,
    ) -> Self {
        let starts: Vec<(Pos, u16)> = starts.iter().map(|s| (*s, 0)).collect();
        Self::weighted_from(width, height, &starts, false, max_cost, step_cost)
    }

    /// `weighted` for a figure coming onto the board (action-point-movement.md, Entering and
    /// Exiting the Map): it may step onto any of `entries` for that square's cost, and the
    /// paths begin with the square it comes on at.
    pub fn weighted_entering(
        width: i32,
        height: i32,
        entries: &[(Pos, u16)],
        max_cost: u16,
        step_cost: impl Fn(usize, usize, usize) -> Option<u16>,
    ) -> Self {
        Self::weighted_from(width, height, entries, true, max_cost, step_cost)
    }

    fn weighted_from(
        width: i32,
        height: i32,
        starts: &[(Pos, u16)],
        entering: bool,
        max_cost: u16,
        step_cost: impl Fn(usize, usize, usize) -> Option<u16>,
    ) -> Self {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let w = width as usize;
        let mut f = Self::unreached(width, height);
        let n = f.dist.len();
        let mut heap: BinaryHeap<Reverse<(u16, u32, u32)>> = BinaryHeap::new();
        let mut order = 0u32;
        let mut seeds: Vec<(Pos, u16)> = starts.to_vec();
        // Cheaper ways on first, then the order given.
        seeds.sort_by_key(|(_, c)| *c);
        for (s, cost) in seeds {
            if cost <= max_cost && f.inside(s) && f.dist[f.idx(s)] == UNREACHED {
                let i = f.idx(s);
                f.dist[i] = cost;
                if entering {
                    f.parent[i] = ENTERED;
                }
                heap.push(Reverse((cost, order, i as u32)));
                order += 1;
            }
        }
        while let Some(Reverse((d, _, p))) = heap.pop() {
            let p = p as usize;
            if d > f.dist[p] {
                continue;
            }
            let x = p % w;
            let neighbours = [
                (p >= w).then(|| p.wrapping_sub(w)),
                (x + 1 < w).then_some(p + 1),
                (p + w < n).then_some(p + w),
                (x > 0).then(|| p.wrapping_sub(1)),
            ];
            for (dir, q) in neighbours.into_iter().enumerate() {
                let Some(q) = q else { continue };
                let Some(c) = step_cost(p, dir, q) else { continue };
                let nd = d.saturating_add(c);
                if nd <= max_cost && nd < f.dist[q] {
                    f.dist[q] = nd;
                    f.parent[q] = p as u32;
                    heap.push(Reverse((nd, order, q as u32)));
                    order += 1;
                }
            }
        }
        f
    }

    /// A field over a `width` by `height` board with nothing reached yet.
    fn unreached(width: i32, height: i32) -> Self {
        let n = (width.max(0) * height.max(0)) as usize;
        DistanceField {
            width,
            height,
            dist: vec![UNREACHED; n],
            parent: vec![u32::MAX; n],
        }
    }

    fn inside(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    fn idx(&self, p: Pos) -> usize {
        (p.y * self.width + p.x) as usize
    }

    /// Steps to `p`, or None when it was not reached.
    pub fn dist(&self, p: Pos) -> Option<u16> {
        if !self.inside(p) {
            return None;
        }
        let d = self.dist[self.idx(p)];
        (d != UNREACHED).then_some(d)
    }

    /// The squares reached, in row-major order, with their distances.
    pub fn reached(&self) -> impl Iterator<Item = (Pos, u16)> + '_ {
        self.dist
            .iter()
            .enumerate()
            .filter(|(_, d)| **d != UNREACHED)
            .map(|(i, d)| (Pos::new(i as i32 % self.width, i as i32 / self.width), *d))
    }

    /// The path from the start to `p`, excluding the start square; None if unreached.
    pub fn path_to(&self, p: Pos) -> Option<Vec<Pos>> {
        self.dist(p)?;
        let mut path = Vec::new();
        let mut i = self.idx(p);
        while self.parent[i] != u32::MAX {
            path.push(Pos::new(i as i32 % self.width, i as i32 / self.width));
            if self.parent[i] == ENTERED {
                break;
            }
            i = self.parent[i] as usize;
        }
        path.reverse();
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bfs_respects_blockers_and_limits() {
        // A wall of blocked squares at x = 2 except (2,3).
        let blocked = |p: Pos| p.x == 2 && p.y != 3;
        let f = DistanceField::new(5, 5, Pos::new(0, 0), 50, |_, q| !blocked(q));
        assert_eq!(f.dist(Pos::new(1, 0)), Some(1));
        // Down to the gap at row 3, through it, and back up: 1 + 3 + 2 + 3 + 1 steps.
        assert_eq!(f.dist(Pos::new(4, 0)), Some(10));
        assert_eq!(f.dist(Pos::new(2, 0)), None);
        let path = f.path_to(Pos::new(3, 3)).unwrap();
        assert_eq!(path.len(), 6);
        assert!(path.windows(2).all(|w| w[0].is_orthogonally_adjacent(w[1])));
        let short = DistanceField::new(5, 5, Pos::new(0, 0), 2, |_, _| true);
        assert_eq!(short.reached().count(), 6);
    }

    #[test]
    fn a_weighted_field_with_unit_steps_is_the_breadth_first_one() {
        let blocked = |q: usize| q % 5 == 2 && q / 5 != 3;
        let bfs = DistanceField::on_grid(5, 5, &[Pos::new(0, 0)], 50, |_, _, q| !blocked(q));
        let w = DistanceField::weighted(5, 5, &[Pos::new(0, 0)], 50, |_, _, q| (!blocked(q)).then_some(1));
        assert_eq!(bfs.dist, w.dist);
        assert_eq!(bfs.parent, w.parent);
    }

    #[test]
    fn a_field_entering_the_board_starts_its_paths_on_the_square_come_on_at() {
        // Two ways on, (0,0) for 1 and (4,0) for 3: (2,0) is two steps from either, so it is
        // reached from the cheaper one, and its path starts on the square come on at.
        let f =
            DistanceField::weighted_entering(5, 1, &[(Pos::new(4, 0), 3), (Pos::new(0, 0), 1)], 50, |_, _, _| Some(1));
        assert_eq!(f.dist(Pos::new(0, 0)), Some(1));
        assert_eq!(f.dist(Pos::new(4, 0)), Some(3));
        assert_eq!(f.dist(Pos::new(2, 0)), Some(3));
        assert_eq!(
            f.path_to(Pos::new(2, 0)).unwrap(),
            vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)]
        );
        assert_eq!(f.path_to(Pos::new(0, 0)).unwrap(), vec![Pos::new(0, 0)]);
        assert_eq!(f.path_to(Pos::new(4, 0)).unwrap(), vec![Pos::new(4, 0)]);
        // An entry dearer than the budget is no way on.
        let short = DistanceField::weighted_entering(5, 1, &[(Pos::new(4, 0), 3)], 2, |_, _, _| Some(1));
        assert_eq!(short.reached().count(), 0);
    }

    #[test]
    fn a_weighted_field_pays_to_leave_dear_squares_and_goes_around_them() {
        // Leaving (1,0) or (1,1) costs 2 (a threatened square): from (0,0) to (2,0) straight
        // through costs 1 + 2 = 3; around by row 2 costs 1 + 1 + 1 + 1 + 1 + 1 = 6, so straight.
        let dear = |p: usize| p == 1 || p == 6;
        let f = DistanceField::weighted(5, 5, &[Pos::new(0, 0)], 50, |p, _, _| Some(1 + dear(p) as u16));
        assert_eq!(f.dist(Pos::new(1, 0)), Some(1));
        assert_eq!(f.dist(Pos::new(2, 0)), Some(3));
        assert_eq!(f.path_to(Pos::new(2, 0)).unwrap(), vec![Pos::new(1, 0), Pos::new(2, 0)]);
        // (1,2) is reached for 3 by (0,1), (0,2), never through the dear (1,1) (1 + 2).
        assert_eq!(f.dist(Pos::new(1, 2)), Some(3));
        // A budget of 2 stops at the dear square's edge.
        let short = DistanceField::weighted(5, 5, &[Pos::new(0, 0)], 2, |p, _, _| Some(1 + dear(p) as u16));
        assert_eq!(short.dist(Pos::new(2, 0)), None);
        assert_eq!(short.dist(Pos::new(0, 2)), Some(2));
    }
}
