//! Placing each piece of the map on our classic board: furniture inside one room, blocked and
//! dark squares, doors on the wall between the two squares they cover, secret doors against
//! the side the tile faces, traps and monsters on free squares; what cannot be is dropped with
//! the reason.

use super::Fate;
use super::build::{Entry, Furniture, Layout, Monster, Sq, hs, pos};
use super::heroscribe::{Map, MapObject, Rotation};
use super::objects::Role;
use crate::quest::TrapKind;
use crate::rules::geometry::Edge;
use std::collections::BTreeSet;

pub(super) fn furniture(o: &MapObject, l: &mut Layout) {
    let squares: Vec<Sq> = o.squares().collect();
    let a = l.area((o.x, o.y));
    let inside = squares.iter().all(|s| l.is_room(*s) && l.area(*s) == a);
    let clash = squares
        .iter()
        .find(|s| l.solid.contains(s) || l.stair.contains(s) || l.dark.contains(s));
    let what = format!("{} at {}", o.def.id, hs((o.x, o.y)));
    if !inside {
        return l.say(
            Fate::Dropped,
            o.at,
            format!("{what}: furniture must lie inside one room of our board"),
        );
    }
    if let Some(s) = clash {
        return l.say(
            Fate::Dropped,
            o.at,
            format!(
                "{what}: {} is already taken (stairway, furniture, blocked or dark)",
                hs(*s)
            ),
        );
    }
    let (kind, exact, trapped) = match o.def.role {
        Role::Furniture { kind, exact } => (kind, exact, false),
        Role::Chest { trapped } => ("chest", true, trapped),
        _ => return,
    };
    l.solid.extend(squares);
    let rotated = o.rotation.swaps() && o.w != o.h;
    l.draft.furniture.push(Entry {
        item: Furniture {
            kind,
            at: (o.x, o.y),
            rotated,
            trap: trapped.then_some(1),
        },
        at: Some(o.at),
        comments: Vec::new(),
    });
    let fate = if exact && !trapped {
        Fate::Mapped
    } else {
        Fate::Approximated
    };
    let extra = if trapped {
        ", trapped (1 body point: the file gives no number)"
    } else if exact {
        ""
    } else {
        " (the nearest piece we have)"
    };
    l.say(
        fate,
        o.at,
        format!("{what}: {kind}{}{extra}", if rotated { ", turned" } else { "" }),
    );
}

pub(super) fn blocked(o: &MapObject, l: &mut Layout) {
    let what = format!("{} at {}", o.def.id, hs((o.x, o.y)));
    let squares: Vec<Sq> = o.squares().collect();
    if let Some(s) = squares.iter().find(|s| l.solid.contains(s) || l.stair.contains(s)) {
        return l.say(Fate::Dropped, o.at, format!("{what}: {} is already taken", hs(*s)));
    }
    for s in &squares {
        l.solid.insert(*s);
        l.draft.blocked.push(Entry {
            item: *s,
            at: Some(o.at),
            comments: Vec::new(),
        });
    }
    let fate = if matches!(o.def.role, Role::Blocked) {
        Fate::Mapped
    } else {
        Fate::Approximated
    };
    l.say(
        fate,
        o.at,
        format!("{what}: blocked square{}", if squares.len() > 1 { "s" } else { "" }),
    );
}

/// Dark corridor squares become blocked; dark rooms are left without doors.
pub(super) fn dark(map: &Map, l: &mut Layout) {
    let mut corridor = 0;
    let mut rooms = BTreeSet::new();
    let mut first = None;
    for (s, at) in &map.dark {
        if l.is_room(*s) {
            rooms.insert(l.area(*s));
        } else if !l.solid.contains(s) && !l.stair.contains(s) {
            l.solid.insert(*s);
            l.draft.blocked.push(Entry {
                item: *s,
                at: Some(*at),
                comments: vec!["dark".into()],
            });
            corridor += 1;
            first.get_or_insert(*at);
        }
    }
    if let Some(at) = first.or(map.dark.first().map(|d| d.1)) {
        l.say(
            Fate::Approximated,
            at,
            format!(
                "dark areas: {corridor} corridor squares are blocked squares; {} dark rooms get no door",
                rooms.len()
            ),
        );
    }
}

/// Why a door or secret door between `a` and `b` cannot be, if it cannot.
pub(super) fn door_problem(l: &Layout, a: Sq, b: Sq) -> Option<String> {
    for s in [a, b] {
        if let Err(why) = l.free(s) {
            return Some(format!("its square {} {why}", hs(s)));
        }
    }
    if !l.board.wall_between(pos(a), pos(b)) {
        return Some("no wall stands there on our classic board".into());
    }
    l.edges
        .contains(&Edge::new(pos(a), pos(b)))
        .then(|| "a door is there already".into())
}

pub(super) fn door(o: &MapObject, open: bool, approx: Option<&'static str>, l: &mut Layout) {
    // A door covers the two squares either side of its wall: one above the other as drawn,
    // side by side when turned.
    let (a, b) = if o.rotation.swaps() {
        ((o.x, o.y), (o.x + 1, o.y))
    } else {
        ((o.x, o.y), (o.x, o.y + 1))
    };
    let what = format!("{} between {} and {}", o.def.id, hs(a), hs(b));
    if let Some(why) = door_problem(l, a, b) {
        return l.say(Fate::Dropped, o.at, format!("{what}: {why}"));
    }
    l.edges.insert(Edge::new(pos(a), pos(b)));
    l.draft.doors.push(Entry {
        item: (a, b, open),
        at: Some(o.at),
        comments: Vec::new(),
    });
    match approx {
        Some(why) => l.say(Fate::Approximated, o.at, format!("{what}: {why}")),
        None => l.say(
            Fate::Mapped,
            o.at,
            format!("{what}: a{} door", if open { "n open" } else { "" }),
        ),
    }
}

pub(super) fn secret_door(o: &MapObject, l: &mut Layout) {
    // The tile lies on the square inside; the wall it opens is the side the tile's top faces
    // once turned: up as drawn, left, down or right a quarter turn at a time.
    let a = (o.x, o.y);
    let b = match o.rotation {
        Rotation::Downward => (a.0, a.1 - 1),
        Rotation::Rightward => (a.0 - 1, a.1),
        Rotation::Upward => (a.0, a.1 + 1),
        Rotation::Leftward => (a.0 + 1, a.1),
    };
    let what = format!("{} between {} and {}", o.def.id, hs(a), hs(b));
    if let Some(why) = door_problem(l, a, b) {
        return l.say(Fate::Dropped, o.at, format!("{what}: {why}"));
    }
    l.edges.insert(Edge::new(pos(a), pos(b)));
    l.draft.secret_doors.push(Entry {
        item: (a, b),
        at: Some(o.at),
        comments: Vec::new(),
    });
    l.say(Fate::Mapped, o.at, format!("{what}: a secret door"));
}

pub(super) fn trap(o: &MapObject, kind: TrapKind, exact: bool, l: &mut Layout) {
    for s in o.squares().collect::<Vec<_>>() {
        let what = format!("{} at {}", o.def.id, hs(s));
        if let Err(why) = l.free(s) {
            l.say(Fate::Dropped, o.at, format!("{what}: the square {why}"));
        } else if l.stair.contains(&s) || !l.traps.insert(s) {
            l.say(Fate::Dropped, o.at, format!("{what}: on the stairway or another trap"));
        } else {
            l.draft.traps.push(Entry {
                item: (kind, s),
                at: Some(o.at),
                comments: Vec::new(),
            });
            let fate = if exact { Fate::Mapped } else { Fate::Approximated };
            l.say(fate, o.at, format!("{what}: a {kind:?} trap"));
        }
    }
}

pub(super) fn monster(o: &MapObject, kind: &'static str, exact: bool, l: &mut Layout) {
    let s = (o.x, o.y);
    let what = format!("{} at {}", o.def.id, hs(s));
    if let Err(why) = l.free(s) {
        return l.say(Fate::Dropped, o.at, format!("{what}: the square {why}"));
    }
    if l.stair.contains(&s) || !l.figures.insert(s) {
        return l.say(
            Fate::Dropped,
            o.at,
            format!("{what}: on the stairway or another monster"),
        );
    }
    l.draft.monsters.push(Entry {
        item: Monster::plain(kind, s),
        at: Some(o.at),
        comments: Vec::new(),
    });
    if exact {
        l.say(Fate::Mapped, o.at, format!("{what}: {kind}"));
    } else {
        l.say(
            Fate::Approximated,
            o.at,
            format!("{what}: {kind}, the nearest 2021 monster; check its stats"),
        );
    }
}
