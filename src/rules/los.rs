//! Line of sight, centre to centre, exactly as the 2021 rulebook draws it; and, for HeroQuest
//! Revised (#29), from the centre to any point of the target's square, tested at nine points.
//!
//! The segment joins the centres of two squares. It is blocked when it crosses a blocking edge
//! (a wall or a closed door) or passes through the inside of a square that blocks (a figure),
//! other than the two end squares. A line that only touches a corner still sees, unless both
//! ways around that corner are walled (the corner is solid): see docs/rules-decisions.md.

use super::geometry::Pos;

/// The squares whose inside the segment passes through, in order, with the crossing kind.
/// Returns None when the line is blocked by an edge.
pub fn line_of_sight(
    a: Pos,
    b: Pos,
    edge_blocks: impl Fn(Pos, Pos) -> bool,
    square_blocks: impl Fn(Pos) -> bool,
) -> bool {
    line_to(a, b, (0, 0), &edge_blocks, &square_blocks)
}

/// The nine points of a square that sight to "any point" of it is tested against (HeroQuest
/// Revised #29), as quarter-square offsets from its centre: the centre, then a quarter square in
/// from each corner and each side's middle. Points inside the square, not on its edge, so a
/// line never ends on a wall.
const ANY_POINT: [(i32, i32); 9] = [
    (0, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
];

/// Sight from the centre of `a` to any point of `b` (HeroQuest Revised #29), approximated by the
/// nine points of `ANY_POINT`: seen when a line to one of them is clear.
pub fn line_of_sight_any_point(
    a: Pos,
    b: Pos,
    edge_blocks: impl Fn(Pos, Pos) -> bool,
    square_blocks: impl Fn(Pos) -> bool,
) -> bool {
    ANY_POINT
        .iter()
        .any(|o| line_to(a, b, *o, &edge_blocks, &square_blocks))
}

/// The segment from the centre of `a` to the point `off` quarter squares from the centre of
/// `b` (each -1, 0 or 1: inside `b`).
fn line_to(
    a: Pos,
    b: Pos,
    off: (i32, i32),
    edge_blocks: &impl Fn(Pos, Pos) -> bool,
    square_blocks: &impl Fn(Pos) -> bool,
) -> bool {
    if a == b {
        return true;
    }
    let dx = b.x - a.x;
    let dy = b.y - a.y;
    let (nx, ny) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    // The segment's run in quarter squares; the i-th grid line it crosses across x lies
    // (4i - 2) quarters from the start (a centre), so crossings compare as (2i - 1) * run.
    let (rx, ry) = ((4 * dx + off.0).abs(), (4 * dy + off.1).abs());
    let (mut i, mut j) = (1, 1);
    let mut cur = a;
    while i <= nx || j <= ny {
        let next = if i > nx {
            std::cmp::Ordering::Greater
        } else if j > ny {
            std::cmp::Ordering::Less
        } else {
            ((2 * i - 1) * ry).cmp(&((2 * j - 1) * rx))
        };
        let to = match next {
            std::cmp::Ordering::Less => {
                i += 1;
                let to = Pos::new(cur.x + sx, cur.y);
                if edge_blocks(cur, to) {
                    return false;
                }
                to
            }
            std::cmp::Ordering::Greater => {
                j += 1;
                let to = Pos::new(cur.x, cur.y + sy);
                if edge_blocks(cur, to) {
                    return false;
                }
                to
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
                // Through a corner point: the four edges meeting there decide. The line is blocked
                // when the walls present separate `cur` from `to` (any two edges do, unless both
                // merely fence off one of the side squares); one wall ending at the corner is grazed.
                let via_x = Pos::new(cur.x + sx, cur.y);
                let via_y = Pos::new(cur.x, cur.y + sy);
                let to = Pos::new(cur.x + sx, cur.y + sy);
                let e1 = edge_blocks(cur, via_x);
                let e2 = edge_blocks(cur, via_y);
                let e3 = edge_blocks(via_x, to);
                let e4 = edge_blocks(via_y, to);
                let count = [e1, e2, e3, e4].iter().filter(|e| **e).count();
                let fences_one_side = count == 2 && ((e1 && e3) || (e2 && e4));
                if count >= 2 && !fences_one_side {
                    return false;
                }
                to
            }
        };
        cur = to;
        if cur != b && square_blocks(cur) {
            return false;
        }
    }
    debug_assert_eq!(cur, b);
    true
}

/// For each square, every square a figure standing there could ever see: only the board's walls
/// block, never a door (all taken as open) or a figure. `line_of_sight` with fewer blockers never
/// sees less, so this bounds what can be seen at any moment; the fog asks `line_of_sight` only
/// about the squares in the bound, instead of the whole board, after every step a hero takes.
/// A square's row is worked out the first time it is asked for and then kept (shared by every
/// game of the quest, on any thread).
pub struct SightBound {
    width: i32,
    height: i32,
    /// Per square, bit d (N, E, S, W) set when that side is open with every door open.
    open: Box<[u8]>,
    rows: Box<[std::sync::OnceLock<Box<[u64]>>]>,
}

impl std::fmt::Debug for SightBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let done = self.rows.iter().filter(|r| r.get().is_some()).count();
        write!(f, "SightBound({}x{}, {done} rows worked out)", self.width, self.height)
    }
}

impl SightBound {
    /// `open`: per square (row-major, `width` by `height`), bit d (N, E, S, W) set when that
    /// side has no wall or has a door in it.
    pub fn new(width: i32, height: i32, open: Vec<u8>) -> Self {
        let n = (width.max(0) * height.max(0)) as usize;
        debug_assert_eq!(open.len(), n);
        SightBound {
            width,
            height,
            open: open.into_boxed_slice(),
            rows: (0..n).map(|_| std::sync::OnceLock::new()).collect(),
        }
    }

    /// The squares (as bits of square indexes, 64 to a word) the square `eye` could ever see.
    pub fn row(&self, eye: usize) -> &[u64] {
        self.rows[eye].get_or_init(|| {
            let n = self.rows.len();
            let mut bits = vec![0u64; n.div_ceil(64)];
            let w = self.width;
            let at = |i: usize| Pos::new(i as i32 % w, i as i32 / w);
            let a = at(eye);
            let blocks = |p: Pos, q: Pos| {
                let inside = |r: Pos| r.x >= 0 && r.y >= 0 && r.x < self.width && r.y < self.height;
                if !inside(p) || !inside(q) {
                    return true;
                }
                let d = match (q.x - p.x, q.y - p.y) {
                    (0, -1) => 0,
                    (1, 0) => 1,
                    (0, 1) => 2,
                    (-1, 0) => 3,
                    _ => return true,
                };
                self.open[(p.y * w + p.x) as usize] & (1 << d) == 0
            };
            // The bound of any-point sight (Revised #29) holds the centre's too.
            for k in 0..n {
                if line_of_sight_any_point(a, at(k), blocks, |_| false) {
                    bits[k / 64] |= 1 << (k % 64);
                }
            }
            bits.into_boxed_slice()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Edge;
    use std::collections::BTreeSet;

    fn walls(list: &[((i32, i32), (i32, i32))]) -> BTreeSet<Edge> {
        list.iter()
            .map(|&((a, b), (c, d))| Edge::new(Pos::new(a, b), Pos::new(c, d)))
            .collect()
    }

    fn sees(w: &BTreeSet<Edge>, figures: &[Pos], a: Pos, b: Pos) -> bool {
        line_of_sight(a, b, |p, q| w.contains(&Edge::new(p, q)), |p| figures.contains(&p))
    }

    #[test]
    fn open_floor_sees_everywhere() {
        let w = walls(&[]);
        assert!(sees(&w, &[], Pos::new(0, 0), Pos::new(7, 3)));
        assert!(sees(&w, &[], Pos::new(5, 5), Pos::new(0, 9)));
    }

    #[test]
    fn a_wall_across_the_line_blocks() {
        // heroquest-2021.md, Line of Sight Rule: blocked by walls.
        let w = walls(&[((2, 0), (3, 0))]);
        assert!(!sees(&w, &[], Pos::new(0, 0), Pos::new(5, 0)));
        assert!(sees(&w, &[], Pos::new(0, 1), Pos::new(5, 1)));
    }

    #[test]
    fn figures_between_block_but_end_squares_do_not() {
        // heroquest-2021.md, Line of Sight Rule: blocked by heroes and monsters.
        let w = walls(&[]);
        assert!(!sees(&w, &[Pos::new(2, 0)], Pos::new(0, 0), Pos::new(4, 0)));
        assert!(sees(
            &w,
            &[Pos::new(4, 0), Pos::new(0, 0)],
            Pos::new(0, 0),
            Pos::new(4, 0)
        ));
    }

    #[test]
    fn touching_a_corner_still_sees() {
        // heroquest-2021.md, Line of Sight Rule: a line that just touches a corner still sees.
        // From (0,0) to (2,2) the line passes exactly through the corner points (1,1) and (2,2).
        // One wall beside the corner leaves the other way open.
        let w = walls(&[((0, 0), (1, 0))]);
        assert!(sees(&w, &[], Pos::new(0, 0), Pos::new(2, 2)));
        // Figures on both sides of the corner do not block: the line never enters them.
        assert!(sees(
            &walls(&[]),
            &[Pos::new(1, 0), Pos::new(0, 1)],
            Pos::new(0, 0),
            Pos::new(1, 1)
        ));
    }

    #[test]
    fn a_solid_corner_blocks() {
        // Walls on both ways around the corner: an L of wall closes the diagonal.
        let w = walls(&[((0, 0), (1, 0)), ((0, 0), (0, 1))]);
        assert!(!sees(&w, &[], Pos::new(0, 0), Pos::new(1, 1)));
    }

    #[test]
    fn symmetric_on_random_layouts() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let mut w = BTreeSet::new();
            for _ in 0..12 {
                let p = Pos::new(rng.random_range(0..8), rng.random_range(0..8));
                let q = if rng.random_bool(0.5) {
                    Pos::new(p.x + 1, p.y)
                } else {
                    Pos::new(p.x, p.y + 1)
                };
                w.insert(Edge::new(p, q));
            }
            let figs: Vec<Pos> = (0..3)
                .map(|_| Pos::new(rng.random_range(0..8), rng.random_range(0..8)))
                .collect();
            let a = Pos::new(rng.random_range(0..8), rng.random_range(0..8));
            let b = Pos::new(rng.random_range(0..8), rng.random_range(0..8));
            assert_eq!(sees(&w, &figs, a, b), sees(&w, &figs, b, a), "{a} {b} {w:?} {figs:?}");
        }
    }
}
