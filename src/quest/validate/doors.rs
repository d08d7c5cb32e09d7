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

/// Locked doors, portcullises and levers (the action-point module, action-point-movement.md:
/// Pick a Lock, Locked Doors, Portcullises, Pull a Lever): each needs the module in the quest's
/// `modules`, save a portcullis and a lever under an edition that has them (Revised #51); a
/// locked door or portcullis starts closed, a portcullis has no lock, and a lever
/// stands on free floor and opens a door of `doors`.
pub(super) fn locks(
    cx: &mut Ctx,
    modules: &crate::rules::systems::Modules,
) -> (BTreeSet<Edge>, BTreeSet<Edge>, Vec<(Pos, Edge)>) {
    let raw = cx.raw;
    let need = |what: &str| {
        format!(
            "{what} needs the action-point module (add modules: [\"action-points\"] to the quest){}",
            if what == "a locked door" {
                ""
            } else {
                " or HeroQuest Revised's rules"
            }
        )
    };
    let (mut locks, mut portcullises, mut levers) = (BTreeSet::new(), BTreeSet::new(), Vec::new());
    for (i, d) in raw.doors.iter().enumerate() {
        let edge = Edge::new(pos(d.at), pos(d.to));
        if !(d.locked || d.portcullis) || !cx.doors.iter().any(|(e, _)| *e == edge) {
            continue;
        }
        let (field, what) = if d.portcullis {
            ("portcullis", "a portcullis")
        } else {
            ("locked", "a locked door")
        };
        let at = vec![Field("doors"), Index(i), Field(field)];
        // A portcullis is a piece of Revised's base game (#51); a lock to pick is the module's.
        let base = d.portcullis && !d.locked && cx.rules.edition.portcullises;
        if !modules.action_points() && !base {
            cx.out.err(at, need(what));
        } else if d.locked && d.portcullis {
            cx.out.err(
                at,
                "a portcullis has no lock to pick: mark the door locked or portcullis, not both".into(),
            );
        } else if d.open {
            cx.out.err(at, format!("{what} starts closed: it cannot also be open"));
        } else if d.portcullis {
            portcullises.insert(edge);
        } else {
            locks.insert(edge);
        }
    }
    for (i, l) in raw.levers.iter().enumerate() {
        let (at, a, b) = (pos(l.at), pos(l.opens.0), pos(l.opens.1));
        if !modules.action_points() && !cx.rules.edition.portcullises {
            cx.out.err(vec![Field("levers"), Index(i)], need("a lever"));
        } else if !cx.on_board(at) || cx.solid(at) {
            cx.out.err(
                vec![Field("levers"), Index(i), Field("at")],
                format!("the lever at {at} must stand on a free floor square of the board"),
            );
        } else if cx.stair.contains(at) {
            cx.out.err(
                vec![Field("levers"), Index(i), Field("at")],
                format!("the lever at {at} is on the stairway, where heroes come on and leave: put it on the floor"),
            );
        } else if levers.iter().any(|(p, _)| *p == at) {
            cx.out.err(
                vec![Field("levers"), Index(i), Field("at")],
                format!("a second lever at {at}: one lever a square"),
            );
        } else if !cx.doors.iter().any(|(e, _)| *e == Edge::new(a, b)) {
            cx.out.err(
                vec![Field("levers"), Index(i), Field("opens")],
                format!("the lever opens {a}-{b}, which is not one of the quest's doors"),
            );
        } else {
            levers.push((at, Edge::new(a, b)));
        }
    }
    (locks, portcullises, levers)
}

/// Special terrain (the action-point module, action-point-movement.md: Terrain, Failure Event,
/// Dangerous Event): each square needs the module, stands on free floor once, costs 1 to 6
/// points, and a dangerous square names its failure.
pub(super) fn terrain(cx: &mut Ctx, modules: &crate::rules::systems::Modules) -> BTreeMap<Pos, Terrain> {
    let raw = cx.raw;
    let mut out = BTreeMap::new();
    let mut seen = BTreeSet::new();
    for (i, t) in raw.terrain.iter().enumerate() {
        let at = pos(t.at);
        let here = |f: &'static str| vec![Field("terrain"), Index(i), Field(f)];
        if !modules.action_points() {
            cx.out.err(
                vec![Field("terrain"), Index(i)],
                "special terrain needs the action-point module: add modules: [\"action-points\"] to the quest".into(),
            );
        } else if !cx.on_board(at) || cx.solid(at) {
            cx.out.err(
                here("at"),
                format!("terrain at {at} must be a free floor square of the board"),
            );
        } else if cx.stair.contains(at) {
            cx.out.err(
                here("at"),
                format!("terrain at {at} is on the stairway, where heroes come on and leave: keep it plain floor"),
            );
        } else if !seen.insert(at) {
            cx.out.err(here("at"), format!("terrain at {at} is listed twice"));
        } else if !(1..=6).contains(&t.cost) {
            cx.out.err(
                here("cost"),
                format!("a square costs 1 to 6 action points, not {}", t.cost),
            );
        } else if t.dangerous && t.failure.is_none() {
            cx.out.err(
                vec![Field("terrain"), Index(i)],
                "a dangerous square needs a failure: Wound(n), EndMove or Pit".into(),
            );
        } else if let Some(Failure::Wound(n)) = t.failure
            && (n == 0 || n > MAX_WOUND)
        {
            cx.out.err(
                here("failure"),
                format!("Wound(n) does 1 to {MAX_WOUND} wounds, not {n}"),
            );
        } else {
            out.insert(
                at,
                Terrain {
                    cost: t.cost,
                    dangerous: t.dangerous,
                    failure: t.failure.clone(),
                    name: t.name.clone(),
                },
            );
        }
    }
    out
}

/// Linked portals (Revised #155): both ends on free floor off the stairway, two different
/// squares, and no square the end of two portals.
pub(super) fn portals(cx: &mut Ctx) {
    let raw = cx.raw;
    for (i, portal) in raw.portals.iter().enumerate() {
        let mut ok = true;
        for (f, end) in [("a", portal.a), ("b", portal.b)] {
            let at = pos(end);
            let here = vec![Field("portals"), Index(i), Field(f)];
            let used = cx.portals.iter().any(|(a, b)| *a == at || *b == at);
            let why = if !cx.on_board(at) || cx.solid(at) {
                format!("the portal at {at} must stand on a free floor square of the board")
            } else if cx.stair.contains(at) {
                format!("the portal at {at} is on the stairway, where heroes come on and leave")
            } else if used {
                format!("{at} is already the end of another portal: one portal a square")
            } else {
                continue;
            };
            cx.out.err(here, why);
            ok = false;
        }
        if ok && portal.a == portal.b {
            cx.out.err(
                vec![Field("portals"), Index(i)],
                format!("a portal links two squares, and both ends here are {}", pos(portal.a)),
            );
        } else if ok {
            cx.portals.push((pos(portal.a), pos(portal.b)));
        }
    }
}
