//! Fate (HeroQuest Revised's advanced game, checklists §1.1 #161, #170–174): what a hero spends
//! one Fate on during a quest. Winning it and buying skills with it belong to the campaign.
//!
//! Readings (docs/rules-decisions.md): Fate on a roll is spent before the roll, on the hero's
//! next roll of that kind, and sets its dice to the best faces (the faces a player would choose);
//! an extra activation is taken at a boundary between two activations: before another hero of
//! the party has done anything in its own, or before any monster has acted in Morcar's turn.

use bevy::prelude::*;

use super::*;
use crate::game::snapshot::{FigureSnap, Snapshot};

/// Whether `h` may spend a Fate on `on` now, else why not.
pub fn may_spend(snap: &Snapshot, h: &FigureSnap, on: FateUse) -> Result<(), String> {
    if snap.rules().adv().is_none() {
        return Err("Fate belongs to the advanced game".into());
    }
    if !h.is_hero() || !h.alive() {
        return Err(format!("{} cannot spend Fate now", h.name));
    }
    if h.fate.tokens == 0 {
        return Err(format!("{} has no Fate left", h.name));
    }
    if snap.turn.pending.is_some() || snap.turn.draft.is_some() {
        return Err("a choice is waiting to be made first".into());
    }
    // Recovery and a roll are bought on the hero's own activation (rules-decisions row 101).
    if on != FateUse::Activation && snap.turn.phase != Phase::Hero(h.id) {
        return Err(format!("{} spends Fate this way on its own turn", h.name));
    }
    match on {
        FateUse::Recover => {
            if h.body >= h.body_max && h.mind >= h.mind_max {
                return Err(format!("{} has lost no Body or Mind", h.name));
            }
            if h.has(StatusKind::InShock) {
                return Err(format!("{} is in shock: Fate cannot reach it now", h.name));
            }
        }
        FateUse::Roll(kind) => {
            if h.fate.set.contains(&kind) {
                return Err(format!("{}'s next {} roll is set already", h.name, kind.name()));
            }
        }
        FateUse::Activation => may_interrupt(snap, h)?,
    }
    Ok(())
}

/// #173: an extra activation at a boundary between two activations of another player's turn or
/// Morcar's: before anyone has acted in the activation now begun, and not the hero's own.
fn may_interrupt(snap: &Snapshot, h: &FigureSnap) -> Result<(), String> {
    let untouched = snap.turn.progress.values().all(|p| *p == Progress::default()) && snap.turn.acting.is_none();
    let interrupting = snap.morcar.interrupt.is_some();
    match snap.turn.phase {
        _ if interrupting => Err("an extra activation is under way".into()),
        Phase::Hero(id) if id == h.id => Err(format!("it is {}'s own activation", h.name)),
        Phase::Hero(id) if super::retinue::same_player(snap, id, h.id) => {
            Err(format!("it is {}'s own player's turn", h.name))
        }
        Phase::Hero(_) | Phase::Sorcerer if untouched => {
            if h.idle() {
                return Err(format!("{} is in no state to act", h.name));
            }
            Ok(())
        }
        Phase::Over(_) => Err("the quest is over".into()),
        _ => Err("an extra activation waits for a boundary between two activations".into()),
    }
}

/// Spends one of `hero`'s Fate on `on` (#172–174).
pub fn spend(world: &mut World, snap: &Snapshot, hero: FigureId, on: FateUse) -> Result<Vec<GameEvent>, String> {
    let h = snap
        .figure(hero)
        .ok_or_else(|| format!("there is no figure {}", hero.0))?;
    may_spend(snap, h, on)?;
    let left = h.fate.tokens - 1;
    {
        let mut f = world.get_mut::<Fate>(h.entity).expect("advanced heroes have Fate");
        f.tokens = left;
        if let FateUse::Roll(kind) = on {
            f.set.insert(kind);
        }
    }
    let mut evs = vec![GameEvent::FateSpent { hero, on, left }];
    match on {
        FateUse::Recover => evs.extend(recover(world, h)),
        FateUse::Roll(_) => {}
        FateUse::Activation => {
            let mut turn = world.resource_mut::<Turn>();
            let back = turn.phase;
            turn.phase = Phase::Hero(hero);
            let mut m = world.resource_mut::<Morcar>();
            m.interrupt = Some((hero, back));
            evs.push(GameEvent::ExtraActivation { hero });
            evs.push(GameEvent::TurnStarted {
                round: snap.turn.round,
                actor: Actor::Hero(hero),
            });
        }
    }
    Ok(evs)
}

/// #172: up to the hero's Fate recovery in Body and Mind, Body first.
fn recover(world: &mut World, h: &FigureSnap) -> Vec<GameEvent> {
    let mut left = h.skills.fate_recovers;
    let body = left.min(h.body_max.saturating_sub(h.body));
    left -= body;
    let mind = left.min(h.mind_max.saturating_sub(h.mind));
    let mut evs = heal(world, h.id, body, "Fate");
    if mind > 0
        && let Some(mut m) = world.get_mut::<Mind>(h.entity)
    {
        m.current = m.current.saturating_add(mind).min(m.max);
        evs.push(GameEvent::MindRestored {
            figure: h.id,
            amount: mind,
        });
    }
    evs
}

/// Whether `f`'s roll of this kind is set by Fate (#174): the Fate spent on it is used up, and
/// the event says so. Empty: it is rolled as it falls.
pub(in crate::game) fn fated(world: &mut World, f: &FigureSnap, kind: RollKind) -> Vec<GameEvent> {
    if !f.fate.set.contains(&kind) {
        return Vec::new();
    }
    if let Some(mut fate) = world.get_mut::<Fate>(f.entity) {
        fate.set.remove(&kind);
    }
    vec![GameEvent::RollSet { hero: f.id, kind }]
}

/// The end of an extra activation bought with Fate: the turn it broke into goes on where it
/// stopped, with the hero's own turn still to come if it had not had it.
pub(in crate::game) fn end_interrupt(world: &mut World, snap: &Snapshot) -> Option<Vec<GameEvent>> {
    let (hero, back) = world.get_resource::<Morcar>()?.interrupt?;
    if snap.turn.phase != Phase::Hero(hero) {
        return None;
    }
    use StatusKind::*;
    let mut evs: Vec<GameEvent> = [PassThroughRock, VeilOfMist, Chained, HeroicBrew, Hastened]
        .into_iter()
        .filter_map(|s| remove_status(world, hero, s))
        .collect();
    world.resource_mut::<Morcar>().interrupt = None;
    let mut turn = world.resource_mut::<Turn>();
    turn.phase = back;
    turn.progress.clear();
    let actor = match back {
        Phase::Hero(h) => Actor::Hero(h),
        _ => Actor::Sorcerer,
    };
    evs.push(GameEvent::TurnStarted {
        round: snap.turn.round,
        actor,
    });
    Some(evs)
}
