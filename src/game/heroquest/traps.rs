//! Traps going off: pits, falling blocks, spears and trapped furniture, on the hero who springs
//! them, and the damage dice that roll undefended.

use bevy::prelude::*;

use super::*;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::*;
use crate::rules::combat;
use crate::rules::dice;
use crate::rules::geometry::Pos;

/// What springing a trap did to the move.
pub(in crate::game) struct Sprung {
    pub events: Vec<GameEvent>,
    /// The move stops here.
    pub stop: bool,
    /// The hero's turn ends.
    pub ends_turn: bool,
}

fn set_trap_state(world: &mut World, id: u32, state: TrapState) {
    let mut q = world.query::<&mut Trap>();
    for mut t in q.iter_mut(world) {
        if t.id == id {
            t.state = state;
        }
    }
}

/// Rolls `n` combat dice at a hero with no defence: each skull wounds.
pub(in crate::game) fn undefended(world: &mut World, hero: FigureId, n: u8, cause: &str) -> Vec<GameEvent> {
    let roll = dice::roll_combat(rng(world), n);
    let hits = combat::skulls(&roll);
    let mut evs = vec![GameEvent::Wounded {
        figure: hero,
        amount: hits,
        dice: roll,
        cause: cause.to_string(),
    }];
    evs.extend(apply_damage(world, hero, hits, None));
    evs
}

/// heroquest-2021.md, Traps: a hero steps onto an armed trap at `at`, having come from `from`;
/// `ahead` is the next square of the move, if any.
pub(in crate::game) fn spring(
    world: &mut World,
    trap: &Trap,
    hero: &FigureSnap,
    from: Pos,
    ahead: Option<Pos>,
) -> Sprung {
    spring_with(world, trap, hero, from, ahead, false)
}

/// `spring` after a jump or disarm rolled a skull. That skull is the trap striking
/// (heroquest-2021.md, Jumping a Trap and Disarming a Trap: "Skull: trap springs, suffer
/// damage"): a spear then wounds without rolling again.
pub(in crate::game) fn spring_on_skull(
    world: &mut World,
    trap: &Trap,
    hero: &FigureSnap,
    from: Pos,
    ahead: Option<Pos>,
) -> Sprung {
    spring_with(world, trap, hero, from, ahead, true)
}

fn spring_with(
    world: &mut World,
    trap: &Trap,
    hero: &FigureSnap,
    from: Pos,
    ahead: Option<Pos>,
    skull: bool,
) -> Sprung {
    let rules = world.resource::<ActiveQuest>().0.rules.clone();
    set_trap_state(world, trap.id, TrapState::Sprung);
    let mut evs = vec![GameEvent::TrapSprung {
        trap: trap.id,
        kind: trap.kind,
        figure: hero.id,
        at: trap.at,
        text: match trap.kind {
            TrapKind::Pit => "You have stumbled into a pit!".into(),
            TrapKind::FallingBlock => "A falling-block trap! The ceiling is caving in!".into(),
            TrapKind::Spear => "A spear shoots out of the wall!".into(),
            TrapKind::Furniture => trap.text.clone(),
        },
    }];
    match trap.kind {
        TrapKind::Pit => {
            let n = rules.traps.pit_damage;
            evs.push(GameEvent::Wounded {
                figure: hero.id,
                amount: n,
                dice: Vec::new(),
                cause: "the fall".into(),
            });
            evs.extend(apply_damage(world, hero.id, n, None));
            Sprung {
                events: evs,
                stop: true,
                ends_turn: true,
            }
        }
        TrapKind::FallingBlock => {
            evs.extend(undefended(
                world,
                hero.id,
                rules.traps.falling_block_dice,
                "the falling block",
            ));
            // Out from under the rock, "ahead or back": ahead (the move's next square) if that
            // is free, else back; but never to a side the rubble has shut off from the way out
            // while another side still leads there: back, or straight on past the trap when the
            // move ended on it (rules-decisions row 17).
            let snap = Snapshot::capture(world).expect("quest in play");
            if let Some(h) = snap.figure(hero.id).filter(|h| h.alive()) {
                let free = |q: Pos| snap.can_step(h, trap.at, q) && snap.can_stop_on(h, q);
                let straight_on = Pos::new(2 * trap.at.x - from.x, 2 * trap.at.y - from.y);
                let sides: Vec<Pos> = [
                    ahead.filter(|q| free(*q)),
                    Some(from),
                    Some(straight_on).filter(|q| free(*q)),
                ]
                .into_iter()
                .flatten()
                .collect();
                let out = snap.ways_out();
                let dest = sides
                    .iter()
                    .copied()
                    .find(|q| out.dist(*q).is_some())
                    .unwrap_or(sides[0]);
                world.get_mut::<GridPos>(h.entity).expect("on board").0 = dest;
                evs.push(GameEvent::HeroMoved {
                    figure: h.id,
                    from: trap.at,
                    to: dest,
                });
                // Pushed onto special terrain: its failure, with no card (the action-point module).
                evs.extend(super::points::pushed_onto(world, h.id, dest));
                // Pushed onto another armed trap, the hero springs that one too.
                if let Some(next) = armed_floor_trap_at(world, dest).filter(|n| n.id != trap.id) {
                    evs.extend(spring(world, &next, h, from, None).events);
                }
            }
            Sprung {
                events: evs,
                stop: true,
                ends_turn: true,
            }
        }
        TrapKind::Spear if skull => {
            evs.push(GameEvent::Wounded {
                figure: hero.id,
                amount: 1,
                dice: Vec::new(),
                cause: "the spear".into(),
            });
            evs.extend(apply_damage(world, hero.id, 1, None));
            Sprung {
                events: evs,
                stop: true,
                ends_turn: true,
            }
        }
        TrapKind::Spear => {
            let before = evs.len();
            evs.extend(undefended(world, hero.id, rules.traps.spear_dice, "the spear"));
            let hit = evs[before..]
                .iter()
                .any(|e| matches!(e, GameEvent::Wounded { amount, .. } if *amount > 0));
            Sprung {
                events: evs,
                stop: hit,
                ends_turn: hit,
            }
        }
        TrapKind::Furniture => {
            evs.push(GameEvent::Wounded {
                figure: hero.id,
                amount: trap.damage,
                dice: Vec::new(),
                cause: trap.text.clone(),
            });
            evs.extend(apply_damage(world, hero.id, trap.damage, None));
            Sprung {
                events: evs,
                stop: true,
                ends_turn: true,
            }
        }
    }
}
