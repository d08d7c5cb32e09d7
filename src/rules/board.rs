//! Board geometry as data: rooms and corridors as areas, walls as edges between areas.

use std::collections::BTreeSet;

use serde::Deserialize;

use super::geometry::{Edge, Pos, Rect};

/// Index of an area (room or corridor) on a board. Area 0 is always the corridor network.
pub type AreaId = u16;
pub const CORRIDOR: AreaId = 0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaKind {
    Corridor,
    Room,
}

#[derive(Clone, Debug)]
pub struct Area {
    pub key: String,
    pub name: String,
    pub kind: AreaKind,
}

/// A validated board: every square belongs to exactly one area.
#[derive(Clone, Debug)]
pub struct Board {
    pub id: String,
    pub name: String,
    pub width: i32,
    pub height: i32,
    areas: Vec<AreaId>,
    pub area_info: Vec<Area>,
    extra_walls: BTreeSet<Edge>,
    /// Per square, bit d (N, E, S, W as `Pos::neighbours`) set when a wall stands on that side
    /// (the board's rim included): `wall_between` is asked millions of times by line of sight.
    wall_mask: Vec<u8>,
}

/// The board file as written (`assets/boards/*.ron`), before validation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Board")]
pub struct BoardDef {
    pub name: String,
    pub width: i32,
    pub height: i32,
    pub rooms: Vec<RoomDef>,
    #[serde(default)]
    pub walls: Vec<((i32, i32), (i32, i32))>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomDef {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    pub rects: Vec<(i32, i32, i32, i32)>,
}

/// A problem in a board file: the data path of the offending entry and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataProblem {
    pub path: Vec<PathPart>,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathPart {
    Field(&'static str),
    Index(usize),
}

impl DataProblem {
    pub fn new(path: Vec<PathPart>, message: impl Into<String>) -> Self {
        Self {
            path,
            message: message.into(),
        }
    }
}

impl Board {
    /// Validates a board definition; every problem is returned, not just the first.
    pub fn from_def(id: &str, def: &BoardDef) -> Result<Board, Vec<DataProblem>> {
        use PathPart::{Field, Index};
        let mut problems = Vec::new();
        if !(4..=64).contains(&def.width) || !(4..=64).contains(&def.height) {
            problems.push(DataProblem::new(
                vec![Field("width")],
                format!("board size {}x{} is outside 4..=64", def.width, def.height),
            ));
            return Err(problems);
        }
        let mut areas = vec![CORRIDOR; (def.width * def.height) as usize];
        let mut area_info = vec![Area {
            key: "corridor".into(),
            name: "Corridor".into(),
            kind: AreaKind::Corridor,
        }];
        let mut keys = BTreeSet::new();
        for (ri, room) in def.rooms.iter().enumerate() {
            let id = area_info.len() as AreaId;
            if !keys.insert(room.id.clone()) {
                problems.push(DataProblem::new(
                    vec![Field("rooms"), Index(ri), Field("id")],
                    format!("room id \"{}\" is used twice", room.id),
                ));
            }
            if room.rects.is_empty() {
                problems.push(DataProblem::new(vec![Field("rooms"), Index(ri)], "room has no rects"));
            }
            for (ki, &(x, y, w, h)) in room.rects.iter().enumerate() {
                let r = Rect { x, y, w, h };
                let path = vec![Field("rooms"), Index(ri), Field("rects"), Index(ki)];
                if w < 1
                    || h < 1
                    || x < 0
                    || y < 0
                    || x.saturating_add(w) > def.width
                    || y.saturating_add(h) > def.height
                {
                    problems.push(DataProblem::new(
                        path,
                        format!("rect ({x},{y},{w},{h}) is not inside the board"),
                    ));
                    continue;
                }
                let mut clash = None;
                for p in r.squares() {
                    let i = (p.y * def.width + p.x) as usize;
                    if areas[i] != CORRIDOR && areas[i] != id {
                        clash.get_or_insert((p, areas[i]));
                    }
                    areas[i] = id;
                }
                if let Some((p, other)) = clash {
                    let key = &area_info[other as usize].key;
                    problems.push(DataProblem::new(
                        path,
                        format!("rect ({x},{y},{w},{h}) overlaps room \"{key}\" at {p}"),
                    ));
                }
            }
            area_info.push(Area {
                key: room.id.clone(),
                name: room.name.clone().unwrap_or_else(|| room.id.clone()),
                kind: AreaKind::Room,
            });
        }
        let mut extra_walls = BTreeSet::new();
        for (wi, &((ax, ay), (bx, by))) in def.walls.iter().enumerate() {
            let (a, b) = (Pos::new(ax, ay), Pos::new(bx, by));
            let inside = |p: Pos| p.x >= 0 && p.y >= 0 && p.x < def.width && p.y < def.height;
            if !a.is_orthogonally_adjacent(b) || !inside(a) || !inside(b) {
                problems.push(DataProblem::new(
                    vec![Field("walls"), Index(wi)],
                    format!("wall {a}-{b} must join two orthogonally adjacent squares on the board"),
                ));
            } else {
                extra_walls.insert(Edge::new(a, b));
            }
        }
        if problems.is_empty() {
            let mut b = Board {
                id: id.to_string(),
                name: def.name.clone(),
                width: def.width,
                height: def.height,
                areas,
                area_info,
                extra_walls,
                wall_mask: Vec::new(),
            };
            b.wall_mask = (0..b.len())
                .map(|i| {
                    let p = b.pos_of_index(i);
                    p.neighbours()
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| b.wall_between_slow(p, **q))
                        .fold(0u8, |m, (d, _)| m | 1 << d)
                })
                .collect();
            Ok(b)
        } else {
            Err(problems)
        }
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    pub fn index(&self, p: Pos) -> usize {
        (p.y * self.width + p.x) as usize
    }

    pub fn pos_of_index(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.width, i as i32 / self.width)
    }

    pub fn len(&self) -> usize {
        self.areas.len()
    }

    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }

    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.len()).map(|i| self.pos_of_index(i))
    }

    /// Area of an on-board square.
    pub fn area(&self, p: Pos) -> AreaId {
        self.areas[self.index(p)]
    }

    pub fn is_room(&self, p: Pos) -> bool {
        self.in_bounds(p) && self.area(p) != CORRIDOR
    }

    /// The name of the room a square is in (None: the corridor, off the board, or a room the
    /// board leaves unnamed).
    pub fn room_name(&self, p: Pos) -> Option<&str> {
        let info = &self.area_info[self.area(p) as usize];
        (self.is_room(p) && !info.name.trim().is_empty()).then_some(info.name.as_str())
    }

    pub fn area_squares(&self, a: AreaId) -> impl Iterator<Item = Pos> + '_ {
        self.squares().filter(move |&p| self.area(p) == a)
    }

    pub fn area_by_key(&self, key: &str) -> Option<AreaId> {
        self.area_info.iter().position(|a| a.key == key).map(|i| i as AreaId)
    }

    /// True when a wall stands on the edge between two adjacent squares (ignoring doors).
    /// Squares of different areas are separated by walls; so are listed extra walls and the board's rim.
    pub fn wall_between(&self, a: Pos, b: Pos) -> bool {
        if !self.in_bounds(a) || !self.in_bounds(b) {
            return true;
        }
        match direction(a, b) {
            Some(d) => self.wall_mask[self.index(a)] & (1 << d) != 0,
            None => self.wall_between_slow(a, b),
        }
    }

    /// Marks the side between the adjacent squares `a` and `b` as crossable in a per-square
    /// side mask (bit d: N, E, S, W, as `direction`); off-board or non-adjacent pairs are ignored.
    pub fn open_side(&self, sides: &mut [u8], a: Pos, b: Pos) {
        if let (Some(ab), Some(ba)) = (direction(a, b), direction(b, a))
            && self.in_bounds(a)
            && self.in_bounds(b)
        {
            sides[self.index(a)] |= 1 << ab;
            sides[self.index(b)] |= 1 << ba;
        }
    }

    /// Bit d (N, E, S, W) set when a wall stands on that side of square `i` (`index`).
    pub fn walls_at(&self, i: usize) -> u8 {
        self.wall_mask[i]
    }

    fn wall_between_slow(&self, a: Pos, b: Pos) -> bool {
        if !self.in_bounds(a) || !self.in_bounds(b) {
            return true;
        }
        self.area(a) != self.area(b) || self.extra_walls.contains(&Edge::new(a, b))
    }

    /// Every wall edge on the board (for drawing), in a stable order.
    pub fn wall_edges(&self) -> Vec<Edge> {
        let mut v = Vec::new();
        for p in self.squares() {
            for q in [Pos::new(p.x + 1, p.y), Pos::new(p.x, p.y + 1)] {
                if self.in_bounds(q) && self.wall_between(p, q) {
                    v.push(Edge::new(p, q));
                }
            }
        }
        v
    }
}

/// Which neighbour of `a` (N, E, S, W, as `Pos::neighbours`) `b` is, if it is one.
pub fn direction(a: Pos, b: Pos) -> Option<usize> {
    match (b.x - a.x, b.y - a.y) {
        (0, -1) => Some(0),
        (1, 0) => Some(1),
        (0, 1) => Some(2),
        (-1, 0) => Some(3),
        _ => None,
    }
}

/// The built-in classic board file, embedded so the binary runs from any directory.
pub const CLASSIC_BOARD_RON: &str = include_str!("../../assets/boards/classic.ron");

/// Parses a board file's text. Syntax errors are returned as (line, col, message).
pub fn parse_board(id: &str, text: &str) -> Result<Board, String> {
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let def: BoardDef = options
        .from_str(text)
        .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
    Board::from_def(id, &def).map_err(|ps| ps.into_iter().map(|p| p.message).collect::<Vec<_>>().join("; "))
}

/// The classic 26 x 19 board.
pub fn classic_board() -> Board {
    parse_board("classic", CLASSIC_BOARD_RON).expect("the embedded classic board is valid (checked by tests)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_board_geometry() {
        let b = classic_board();
        assert_eq!((b.width, b.height), (26, 19));
        // Border ring and central verticals are corridor.
        assert!(!b.is_room(Pos::new(0, 0)) && !b.is_room(Pos::new(12, 3)) && !b.is_room(Pos::new(16, 9)));
        // Centre room.
        assert!(b.is_room(Pos::new(10, 7)) && b.is_room(Pos::new(15, 11)));
        assert_eq!(b.area(Pos::new(10, 7)), b.area(Pos::new(15, 11)));
        // Wall between corridor and room, none inside a room or along a corridor.
        assert!(b.wall_between(Pos::new(9, 7), Pos::new(10, 7)));
        assert!(!b.wall_between(Pos::new(10, 7), Pos::new(11, 7)));
        assert!(!b.wall_between(Pos::new(0, 0), Pos::new(1, 0)));
        // Two rooms side by side have a wall between them.
        assert!(b.wall_between(Pos::new(4, 1), Pos::new(5, 1)));
        assert_eq!(b.area_info.len(), 23);
    }

    #[test]
    fn overlapping_rooms_are_reported() {
        let def: BoardDef = ron::from_str(
            "(name: \"t\", width: 8, height: 8, rooms: [(id: \"a\", rects: [(1,1,3,3)]), (id: \"b\", rects: [(2,2,3,3), (7,7,4,4)])])",
        )
        .unwrap();
        let errs = Board::from_def("t", &def).unwrap_err();
        assert_eq!(errs.len(), 2, "{errs:?}");
    }
}
