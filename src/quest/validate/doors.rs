//! Doors and secret doors: each joins two orthogonally adjacent squares on the board with a wall
//! between them, opens onto no furniture or blocked square, and shares its wall with no other.

use super::*;

/// How problems name one kind of door, and what they say where it differs.
struct Words {
    what: &'static str,
    not_in_wall: &'static str,
    twice: &'static str,
}

const DOOR: Words = Words {
    what: "door",
    not_in_wall: "is not in a wall: both squares are in the same area",
    twice: "is listed twice",
};

const SECRET_DOOR: Words = Words {
    what: "secret door",
    not_in_wall: "is not in a wall",
    twice: "is where another door already is",
};

/// Why a door between `a` and `b` cannot be, or None; its wall joins `edges` once it is known
/// to be a new wall (even when the door then fails).
fn problem(cx: &Ctx, edges: &mut BTreeSet<Edge>, a: Pos, b: Pos, words: &Words) -> Option<String> {
    let Words {
        what,
        not_in_wall,
        twice,
    } = words;
    if !cx.on_board(a) || !cx.on_board(b) || !a.is_orthogonally_adjacent(b) {
        Some(format!(
            "{what} {a}-{b} must join two orthogonally adjacent squares on the board"
        ))
    } else if !cx.board.wall_between(a, b) {
        Some(format!("{what} {a}-{b} {not_in_wall}"))
    } else if !edges.insert(Edge::new(a, b)) {
        Some(format!("{what} {a}-{b} {twice}"))
    } else if cx.solid(a) || cx.solid(b) {
        Some(format!("{what} {a}-{b} opens onto furniture or a blocked square"))
    } else {
        None
    }
}

/// Doors: fills `cx.doors`; returns the walls taken so far, for the secret doors.
pub(super) fn doors(cx: &mut Ctx) -> BTreeSet<Edge> {
    let raw = cx.raw;
    let mut edges = BTreeSet::new();
    for (i, d) in raw.doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        match problem(cx, &mut edges, a, b, &DOOR) {
            Some(msg) => cx.out.err(vec![Field("doors"), Index(i)], msg),
            None => cx.doors.push((Edge::new(a, b), d.open)),
        }
    }
    edges
}

/// Secret doors, never where a door already is: fills `cx.secret_doors`.
pub(super) fn secret_doors(cx: &mut Ctx, mut edges: BTreeSet<Edge>) {
    let raw = cx.raw;
    for (i, d) in raw.secret_doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        match problem(cx, &mut edges, a, b, &SECRET_DOOR) {
            Some(msg) => cx.out.err(vec![Field("secret_doors"), Index(i)], msg),
            None => cx.secret_doors.push(Edge::new(a, b)),
        }
    }
}
