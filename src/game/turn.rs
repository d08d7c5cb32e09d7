//! The end of a turn: conditions that run out, the next hero or the sorcerer, a new round.

use bevy::prelude::*;

use super::model::*;
use super::snapshot::Snapshot;

use super::logic::*;

fn hero_order(snap: &Snapshot) -> Vec<FigureId> {
    snap.heroes().map(|h| h.id).collect()
}

pub(super) fn end_turn(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    use StatusKind::*;
    let mut evs = Vec::new();
    // Conditions that last until the end of the bearer's own turn.
    match snap.turn.phase {
        Phase::Hero(id) => {
            if let Some(h) = snap.figure(id) {
                for s in [PassThroughRock, VeilOfMist, Chained, HeroicBrew, Fear, Asleep, LoseTurn] {
                    evs.extend(remove_status(world, id, s));
                }
                if h.has(Courage) && snap.visible_monsters(h).next().is_none() {
                    evs.extend(remove_status(world, id, Courage));
                }
            }
        }
        Phase::Sorcerer => {
            for m in snap.monsters() {
                evs.extend(remove_status(world, m.id, LoseTurn));
            }
        }
        Phase::Over(_) => return evs,
    }
    let order = hero_order(snap);
    let mut turn = (*snap.turn).clone();
    turn.progress.clear();
    turn.acting = None;
    // `snap` holds until a condition ends (each one comes with an event).
    let mut changed = !evs.is_empty();
    loop {
        let fresh = changed.then(|| Snapshot::capture(world).expect("quest in play"));
        let now = fresh.as_ref().unwrap_or(snap);
        let living: Vec<FigureId> = order
            .iter()
            .copied()
            .filter(|id| now.figure(*id).is_some_and(|h| h.alive()))
            .collect();
        let next = match turn.phase {
            Phase::Hero(id) => {
                let after = order.iter().position(|h| *h == id).map_or(0, |i| i + 1);
                match order[after.min(order.len())..].iter().find(|h| living.contains(h)) {
                    Some(h) => Actor::Hero(*h),
                    None => Actor::Sorcerer,
                }
            }
            Phase::Sorcerer => {
                turn.round += 1;
                match living.first() {
                    Some(h) => Actor::Hero(*h),
                    None => Actor::Sorcerer,
                }
            }
            Phase::Over(_) => return evs,
        };
        turn.phase = match next {
            Actor::Hero(h) => Phase::Hero(h),
            Actor::Sorcerer => Phase::Sorcerer,
        };
        evs.push(GameEvent::TurnStarted {
            round: turn.round,
            actor: next,
        });
        // A hero asleep or struck by a tempest misses this turn.
        if let Actor::Hero(h) = next
            && let Some(hero) = now.figure(h)
            && hero.idle()
        {
            let reason = if hero.has(Asleep) {
                "asleep"
            } else {
                "lost in the tempest"
            };
            evs.push(GameEvent::TurnSkipped {
                figure: h,
                reason: reason.into(),
            });
            for s in [Asleep, LoseTurn, Chained, Fear] {
                evs.extend(remove_status(world, h, s));
            }
            changed = true;
            continue;
        }
        break;
    }
    world.insert_resource(turn);
    evs
}
