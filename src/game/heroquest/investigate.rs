//! The Investigation action (HeroQuest Revised, checklists §1.1 #94: "a generic action with no
//! effect of its own" that quest events ask for: a portal, a lever, an inscription) and the tests
//! a quest asks a hero to make (#17–18).

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
    Ok(vec![GameEvent::Investigated { hero: h.id, at }])
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
