//! The Investigation action (HeroQuest Revised, checklists §1.1 #94: "a generic action with no
//! effect of its own" that quest events ask for: a portal, a lever, an inscription) and the tests
//! a quest asks a hero to make (#17–18), and the linked portals an Investigation wakes (#155).

use bevy::prelude::*;

use super::actions::{Outcome, hero};
use super::*;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::{rng, set_progress};
use crate::quest::Trigger;
use crate::rules::dice::{self, Face};
use crate::rules::geometry::Pos;
use crate::rules::ruleset::TestKind;

/// The squares `h` could investigate now: its own and those orthogonally beside it (no wall
/// between) that a quest event still waits on. Elsewhere there is nothing to investigate, so the
/// action is neither offered nor accepted (rules-decisions row 70).
pub fn investigable(snap: &Snapshot, h: &FigureSnap) -> Vec<Pos> {
    let Some(at) = h.pos else { return Vec::new() };
    let watched: Vec<Pos> = snap
        .quest
        .events
        .iter()
        .enumerate()
        .filter(|(i, e)| crate::game::script::can_still_fire(snap, *i, e))
        .filter_map(|(_, e)| match e.when {
            Trigger::Investigated(p) => Some(p),
            _ => None,
        })
        .collect();
    // A portal not yet woken waits on an Investigation at either end (#155).
    let dormant = snap
        .quest
        .portals
        .iter()
        .enumerate()
        .filter(|(i, _)| !snap.dungeon.portals_open.contains(&(*i as u32)))
        .flat_map(|(_, (a, b))| [*a, *b]);
    let watched: Vec<Pos> = watched.into_iter().chain(dormant).collect();
    let mut out = Vec::new();
    for p in std::iter::once(at).chain(at.neighbours()) {
        if (p == at || snap.edge_open(at, p)) && watched.contains(&p) && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The hero investigates `at`: its action; the quest's events answer.
pub(super) fn investigate(world: &mut World, snap: &Snapshot, id: FigureId, at: Pos) -> Outcome {
    let h = hero(snap, id)?;
    may_act(snap, h)?;
    if !investigable(snap, h).contains(&at) {
        return Err(format!("there is nothing at {at} for {} to investigate", h.name));
    }
    let p = take_action(snap, h, ActionKind::Other)?;
    set_progress(world, h.id, p);
    let mut evs = vec![GameEvent::Investigated { hero: h.id, at }];
    // Investigating either end of a dormant portal wakes the pair (#155).
    if let Some(i) = portal_at(snap, at) {
        let mut dungeon = world.resource_mut::<Dungeon>();
        if dungeon.portals_open.insert(i) {
            evs.push(GameEvent::PortalOpened { hero: h.id, portal: i });
        }
    }
    Ok(evs)
}

/// The quest's portal pair with an end on `at`, if any.
pub fn portal_at(snap: &Snapshot, at: Pos) -> Option<u32> {
    snap.quest
        .portals
        .iter()
        .position(|(a, b)| *a == at || *b == at)
        .map(|i| i as u32)
}

/// Where the portal `f` stands on would carry it now, or why it cannot step through: the pair
/// must be woken, the figure of the heroes' side, moving with a square left, and the far end
/// free to stop on. The portal's index, its far end, and the figure's move as it stands.
pub fn portal_exit(snap: &Snapshot, f: &FigureSnap) -> Result<(u32, Pos, Progress), String> {
    let at = f.pos.ok_or_else(|| format!("{} is not on the board", f.name))?;
    let i = portal_at(snap, at).ok_or_else(|| format!("{} is not standing on a portal", f.name))?;
    if !f.hero {
        return Err("only the heroes and their men-at-arms step through portals".into());
    }
    if !snap.dungeon.portals_open.contains(&i) {
        return Err(format!(
            "the portal at {at} sleeps until a hero investigates one of its ends"
        ));
    }
    let mut p = snap.move_progress(f).unwrap_or_else(|| snap.turn.progress(f.id));
    if p.allowance.is_none() {
        match f.fighter.movement {
            Movement::Fixed(n) => p.allowance = Some(n),
            Movement::Dice(_) => return Err(format!("{} must roll for movement first", f.name)),
        }
    }
    if p.moving == MoveState::Done || !snap.may_start_moving(f) {
        return Err(format!("{} has no move left this turn to step through", f.name));
    }
    if let Some(why) = f.rooted_by() {
        return Err(format!("{} {why} and cannot move this turn", f.name));
    }
    if snap.walk_left(f, &p) == 0 {
        return Err(format!("{} has no square of movement left", f.name));
    }
    let (a, b) = snap.quest.portals[i as usize];
    let to = if at == a { b } else { a };
    if !snap.can_stop_on(f, to) {
        return Err(format!("someone stands on the portal's far end at {to}"));
    }
    Ok((i, to, p))
}

/// `id` steps through the portal it stands on (#155): one square of its move (a point under the
/// action-point module), as a step would cost; what it sees on the far side is revealed.
pub(super) fn use_portal(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let f = snap.figure(id).ok_or_else(|| format!("there is no figure {}", id.0))?;
    may_act(snap, f)?;
    let (portal, to, p) = portal_exit(snap, f)?;
    let from = f.pos.expect("on a portal");
    world.get_mut::<GridPos>(f.entity).expect("figure on board").0 = to;
    let mut p = snap.after_walking(f, p, 1);
    p.moving = if p.steps_left() == 0 {
        MoveState::Done
    } else {
        MoveState::Moving
    };
    set_progress(world, f.id, p);
    let mut evs = vec![
        GameEvent::PortalUsed {
            figure: f.id,
            portal,
            from,
            to,
        },
        // A move like any other for the quest's events, the sounds and the log's walk.
        GameEvent::HeroMoved { figure: f.id, from, to },
    ];
    evs.extend(super::reveal(world));
    Ok(evs)
}

/// A test a quest asks `hero` to make: one d6 per current Body or Mind, any 6 passes. The
/// events, and whether it passed.
pub(in crate::game) fn test(world: &mut World, hero: FigureId, kind: TestKind) -> (Vec<GameEvent>, bool) {
    let Some(snap) = Snapshot::capture(world) else {
        return (Vec::new(), false);
    };
    let Some(h) = snap.figure(hero) else {
        return (Vec::new(), false);
    };
    let n = kind.dice(h.body, h.mind);
    let pips: Vec<u8> = (0..n).map(|_| dice::roll_d6(rng(world))).collect();
    let passed = TestKind::passes(&pips);
    let dice = pips.into_iter().map(Face::Pip).collect();
    (
        vec![GameEvent::TestRolled {
            hero,
            test: kind,
            dice,
            passed,
        }],
        passed,
    )
}
