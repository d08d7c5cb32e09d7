//! Squares, directions and rectangles on the grid (0-based, x right, y down).

use serde::{Deserialize, Serialize};

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The four orthogonal neighbours, in a fixed order (N, E, S, W) so searches are deterministic.
    pub fn neighbours(self) -> [Pos; 4] {
        Dir::ALL.map(|d| self.step(d))
    }

    /// The eight surrounding squares (orthogonal first, then diagonal).
    pub fn ring(self) -> [Pos; 8] {
        let [n, e, s, w] = self.neighbours();
        [
            n,
            e,
            s,
            w,
            Pos::new(self.x + 1, self.y - 1),
            Pos::new(self.x + 1, self.y + 1),
            Pos::new(self.x - 1, self.y + 1),
            Pos::new(self.x - 1, self.y - 1),
        ]
    }

    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    pub fn manhattan(self, o: Pos) -> i32 {
        // abs_diff: coordinates from bad data must not overflow.
        i32::try_from(u64::from(self.x.abs_diff(o.x)) + u64::from(self.y.abs_diff(o.y))).unwrap_or(i32::MAX)
    }

    pub fn is_orthogonally_adjacent(self, o: Pos) -> bool {
        self.manhattan(o) == 1
    }

    pub fn is_diagonally_adjacent(self, o: Pos) -> bool {
        self.x.abs_diff(o.x) == 1 && self.y.abs_diff(o.y) == 1
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }
}

/// An axis-aligned block of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x.saturating_add(self.w) && p.y < self.y.saturating_add(self.h)
    }

    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        // Saturating, so rectangles from bad data never overflow.
        (self.y..self.y.saturating_add(self.h))
            .flat_map(move |y| (self.x..self.x.saturating_add(self.w)).map(move |x| Pos::new(x, y)))
    }
}

/// An undirected edge between two orthogonally adjacent squares, stored in a canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Edge(pub Pos, pub Pos);

impl Edge {
    pub fn new(a: Pos, b: Pos) -> Self {
        if a <= b { Edge(a, b) } else { Edge(b, a) }
    }

    pub fn touches(&self, p: Pos) -> bool {
        self.0 == p || self.1 == p
    }

    pub fn other(&self, p: Pos) -> Option<Pos> {
        if self.0 == p {
            Some(self.1)
        } else if self.1 == p {
            Some(self.0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_canonical() {
        let a = Pos::new(3, 4);
        let b = Pos::new(3, 5);
        assert_eq!(Edge::new(a, b), Edge::new(b, a));
        assert_eq!(Edge::new(a, b).other(a), Some(b));
    }

    #[test]
    fn rect_squares_row_major() {
        let r = Rect { x: 1, y: 2, w: 2, h: 2 };
        let v: Vec<_> = r.squares().collect();
        assert_eq!(v, vec![Pos::new(1, 2), Pos::new(2, 2), Pos::new(1, 3), Pos::new(2, 3)]);
        assert!(r.contains(Pos::new(2, 3)) && !r.contains(Pos::new(3, 3)));
    }
}
