//! Victory and defeat under the HeroQuest rules, judged after every command: the quest's
//! objective, heroes leaving by the stairway or a way out, a rescue's captive.

use bevy::prelude::*;

use crate::game::model::*;
use crate::game::snapshot::Snapshot;
use crate::quest::ObjectiveKind;
use crate::rules::geometry::Pos;

use super::end_turn;

/// After every command, the captive of a rescue: freed by a hero beside them (the first in turn
/// order), left waiting if their hero falls or leaves, out by the stairway when their hero stands
/// on it.
fn settle_captive(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let Some(c) = snap.captive().filter(|c| c.alive()) else {
        return evs;
    };
    let at = c.pos.expect("alive");
    let leader = c.follows.and_then(|id| snap.figure(id)).filter(|h| h.alive());
    let leader = match leader {
        Some(h) => Some(h),
        None => {
            let freer = snap.living_heroes().find(|h| {
                h.pos
                    .is_some_and(|p| p.is_orthogonally_adjacent(at) && snap.edge_open(p, at))
            });
            let mut cap = world.get_mut::<Captive>(c.entity).expect("captive");
            cap.follows = freer.map(|h| h.id);
            if let Some(h) = freer {
                evs.push(GameEvent::CaptiveFreed {
                    captive: c.id,
                    hero: h.id,
                });
            }
            freer
        }
    };
    if let Some(h) = leader
        && h.pos.is_some_and(|p| snap.quest.stairway.contains(p))
    {
        world.entity_mut(c.entity).insert(Escaped).remove::<GridPos>();
        evs.push(GameEvent::CaptiveRescued { captive: c.id });
    }
    evs
}

/// After every command: objective, heroes leaving by the stairway, victory and defeat.
/// Also gives back the picture it read when it changed nothing (see `submit_from`).
pub(in crate::game) fn settle(world: &mut World) -> (Vec<GameEvent>, Option<Snapshot>) {
    let Some(snap) = Snapshot::capture(world) else {
        return (Vec::new(), None);
    };
    if let Phase::Over(_) = snap.turn.phase {
        return (Vec::new(), Some(snap));
    }
    // A card gained or lost moves its bearer's maximum Body and Mind (Revised #99).
    let mut evs = super::cards::raise(world, &snap);
    let quest = snap.quest.clone();
    let mut done = snap.turn.objective_done;
    let round = snap.turn.round;
    if let ObjectiveKind::Rescue(_) = &quest.objective.kind {
        let captive = snap.captive();
        if captive.is_some_and(|c| !c.escaped && c.body == 0) {
            world.resource_mut::<Turn>().phase = Phase::Over(Outcome::Lost);
            evs.push(GameEvent::QuestLost { round });
            return (evs, None);
        }
        let freed = settle_captive(world, &snap);
        let rescued = freed.iter().any(|e| matches!(e, GameEvent::CaptiveRescued { .. }));
        evs.extend(freed);
        if rescued {
            return ([evs, settle(world).0].concat(), None);
        }
    }
    if !done {
        done = match &quest.objective.kind {
            ObjectiveKind::DefeatNamed(names) => !snap.monsters().any(|m| names.contains(&m.name)),
            ObjectiveKind::DefeatAll => snap.monsters().next().is_none(),
            ObjectiveKind::Reach(p) => snap.living_heroes().any(|h| h.pos == Some(*p)),
            // Only the quest's events complete it (script::run sets `objective_done`).
            ObjectiveKind::Scripted(_) => false,
            // Carried out of the dungeon counts; a fallen hero's things lie on the floor.
            ObjectiveKind::FindItem { item, .. } => {
                snap.heroes().any(|h| (h.alive() || h.escaped) && h.equipment.has(item))
            }
            // Met below, when the first hero gets out.
            ObjectiveKind::Escape(_) => false,
            ObjectiveKind::Rescue(_) => snap.captive().is_some_and(|c| c.escaped),
        };
        if done {
            world.resource_mut::<Turn>().objective_done = true;
            evs.push(GameEvent::ObjectiveCompleted);
        }
    }
    let escape = matches!(quest.objective.kind, ObjectiveKind::Escape(_));
    if done && !quest.objective.return_to_stairway && !escape {
        world.resource_mut::<Turn>().phase = Phase::Over(Outcome::Won);
        evs.push(GameEvent::QuestWon { round });
        return (evs, None);
    }
    let mut active_left = false;
    // An escape: a hero on a way out leaves the dungeon, and the first to do so meets the goal.
    // Men-at-arms go out with the heroes (Revised #152).
    let party = || snap.living_heroes().chain(snap.men_at_arms().filter(|m| m.alive()));
    if let ObjectiveKind::Escape(exits) = &quest.objective.kind {
        for h in party() {
            if h.pos.is_some_and(|p| exits.contains(&p)) {
                world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
                evs.push(GameEvent::HeroGotOut { figure: h.id });
                active_left |= snap.turn.phase == Phase::Hero(h.id);
                // A hero's going meets the goal, not a man-at-arms's.
                if !done && h.is_hero() {
                    done = true;
                    world.resource_mut::<Turn>().objective_done = true;
                    evs.push(GameEvent::ObjectiveCompleted);
                }
            }
        }
    }
    if done {
        for h in party() {
            if h.pos.is_some_and(|p| quest.stairway.contains(p)) {
                world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
                evs.push(GameEvent::HeroEscaped { figure: h.id });
                active_left |= snap.turn.phase == Phase::Hero(h.id);
            }
        }
    }
    // The quest's events on a hero getting out (the first hero out's reward, Revised #155), before
    // the end is judged: the last hero out still collects.
    let out: Vec<GameEvent> = evs
        .iter()
        .filter(|e| matches!(e, GameEvent::HeroGotOut { .. } | GameEvent::HeroEscaped { .. }))
        .cloned()
        .collect();
    if !out.is_empty() {
        evs.extend(crate::game::script::run(world, None, &out));
    }
    // Every change above comes with an event: without one, the picture taken first still holds.
    let snap = if evs.is_empty() {
        snap
    } else {
        Snapshot::capture(world).expect("quest in play")
    };
    let walled = walled_in(&snap, done);
    let on_board = snap.living_heroes().filter(|h| !walled.contains(&h.id)).count();
    let escaped = snap.heroes().filter(|h| h.escaped).count();
    // Heroes who have not come on yet (the action-point module) may still: the quest goes on
    // for them, unless its goal is met, when they are as good as out.
    let waiting = snap.heroes().filter(|h| h.off_map()).count();
    if on_board == 0 && (waiting == 0 || done) {
        let outcome = match (escaped + waiting > 0, done) {
            (true, true) => Outcome::Won,
            (true, false) => Outcome::Retreated,
            _ => Outcome::Lost,
        };
        world.resource_mut::<Turn>().phase = Phase::Over(outcome);
        evs.extend(walled.iter().map(|&figure| GameEvent::WalledIn { figure }));
        evs.push(match outcome {
            Outcome::Won => GameEvent::QuestWon { round },
            Outcome::Lost => GameEvent::QuestLost { round },
            Outcome::Retreated => GameEvent::QuestAbandoned { round },
        });
        return (evs, None);
    }
    if active_left {
        evs.extend(end_turn(world, &snap));
    }
    let still = evs.is_empty().then_some(snap);
    (evs, still)
}

/// The living heroes that fallen blocks have walled in for good (rules-decisions row 17), so
/// that the quest need not wait for them: no way leads out from where they stand
/// (`Snapshot::ways_out`: the stairway, or a way out of an escape, through any door, secret
/// or not yet found), they have no magic to get out (an unused Ring of Return, or walking through
/// walls: the status itself, or a spell or card that gives it to anyone in the party), and the
/// goal cannot be met where they are. Only a sprung falling block ever seals a square after the
/// quest has begun, and a quest is checked winnable as written, so none is walled in without one.
fn walled_in(snap: &Snapshot, done: bool) -> Vec<FigureId> {
    let rubble = snap
        .traps
        .iter()
        .any(|t| t.kind == TrapKind::FallingBlock && t.state == TrapState::Sprung);
    if !rubble {
        return Vec::new();
    }
    let rules = snap.rules();
    let through_walls = |e: &crate::rules::ruleset::Effect| {
        matches!(e, crate::rules::ruleset::Effect::Status(StatusKind::PassThroughRock))
    };
    let magic = snap.living_heroes().any(|h| {
        h.has(StatusKind::PassThroughRock)
            || h.spellbook
                .ready()
                .any(|s| rules.spells.get(s).is_some_and(|d| through_walls(&d.effect)))
            || h.equipment
                .items
                .iter()
                .any(|i| (rules.items.get(i).and_then(|d| d.uses.as_ref())).is_some_and(|u| through_walls(&u.effect)))
    });
    if magic {
        return Vec::new();
    }
    let out = snap.ways_out();
    snap.living_heroes()
        .filter(|h| {
            let Some(at) = h.pos else { return false };
            !snap.artifact_ready(h, "ring_of_return") && out.dist(at).is_none() && !goal_within_reach(snap, at, done)
        })
        .map(|h| h.id)
        .collect()
}

/// Whether a hero walled in at `at` might still meet the quest's goal where it is: only a goal
/// met without going out can be, and a goal the rules cannot see into (a quest event's, or an
/// item that may lie anywhere) is given the benefit of the doubt.
fn goal_within_reach(snap: &Snapshot, at: Pos, done: bool) -> bool {
    let objective = &snap.quest.objective;
    if done || objective.return_to_stairway {
        return false;
    }
    let within = snap.ways_through(&[at]);
    let reached = |p: Option<Pos>| p.is_some_and(|p| within.dist(p).is_some());
    match &objective.kind {
        ObjectiveKind::DefeatNamed(names) => snap.monsters().any(|m| names.contains(&m.name) && reached(m.pos)),
        ObjectiveKind::DefeatAll => snap.monsters().any(|m| reached(m.pos)),
        ObjectiveKind::Reach(p) => reached(Some(*p)),
        ObjectiveKind::Scripted(_) | ObjectiveKind::FindItem { .. } => true,
        ObjectiveKind::Escape(_) | ObjectiveKind::Rescue(_) => false,
    }
}
