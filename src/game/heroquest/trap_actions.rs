//! What a hero does about a found trap: disarming it (2021's combat die, or Revised's 1d6 +
//! Dexterity, `rules::ruleset::Disarm`) and jumping it.

use bevy::prelude::*;

use super::actions::{Outcome, here, hero, trap_hand};
use super::*;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::{rng, set_progress};
use crate::rules::combat::{self};
use crate::rules::dice::{self, Face};
use crate::rules::geometry::Pos;
use crate::rules::ruleset::Disarm;

/// Is the hero next to the trap (orthogonally, no wall between; for furniture, next to the piece)?
pub fn next_to_trap(snap: &Snapshot, at: Pos, t: &Trap) -> bool {
    match t.furniture {
        None => at.is_orthogonally_adjacent(t.at) && snap.edge_open(at, t.at),
        Some(i) => snap.quest.furniture[i]
            .rect
            .squares()
            .any(|q| at.is_orthogonally_adjacent(q) && snap.area(q) == snap.area(at)),
    }
}

/// The trap with this id, or why not.
fn trap_named(snap: &Snapshot, trap: u32) -> Result<Trap, String> {
    snap.trap(trap)
        .cloned()
        .ok_or_else(|| format!("there is no trap {trap}"))
}

/// heroquest-2021.md, Action 6: Disarm a Trap (see docs/rules-decisions.md on the roll).
pub fn disarm(world: &mut World, snap: &Snapshot, id: FigureId, trap: u32) -> Outcome {
    let (h, t) = (trap_hand(snap, id)?, trap_named(snap, trap)?);
    let rules = snap.quest.rules.clone();
    let how = rules.edition.disarm;
    let dexterity = disarm_skill(&rules, h)?;
    if t.state != TrapState::Known {
        return Err("only a trap the heroes have found, and that has not been sprung, can be disarmed".into());
    }
    let at = here(h);
    if !next_to_trap(snap, at, &t) {
        return Err(format!("{} must stand next to the trap to disarm it", h.name));
    }
    if t.furniture.is_none() && snap.figure_at(t.at).is_some() {
        return Err("someone is standing on the trap".into());
    }
    if matches!(how, Disarm::Dexterity { .. }) {
        let area = snap.area(at);
        if snap.monsters().any(|m| m.pos.is_some_and(|p| snap.area(p) == area)) {
            return Err("no trap can be disarmed with a monster in the same room or corridor".into());
        }
    }
    let p = take_action(snap, h, ActionKind::Other)?;
    set_progress(world, h.id, p);
    // 2021: one combat die, a skull springs it. Revised (#64–65): 1d6 + Dexterity, the target
    // or more disarms it.
    let (roll, sprung) = match how {
        Disarm::ToolKit => {
            let roll = dice::roll_combat(rng(world), 1);
            let sprung = combat::skulls(&roll) > 0;
            (roll, sprung)
        }
        Disarm::Dexterity { target } => {
            let d = dice::roll_d6(rng(world));
            (vec![Face::Pip(d)], d + dexterity.unwrap_or(0) < target)
        }
    };
    if sprung {
        let mut evs = Vec::new();
        // The trap goes off: the hero steps onto it (square traps) and suffers it.
        if t.furniture.is_none() {
            world.get_mut::<GridPos>(h.entity).expect("on board").0 = t.at;
            evs.push(GameEvent::HeroMoved {
                figure: h.id,
                from: at,
                to: t.at,
            });
        }
        evs.push(GameEvent::DisarmFailed {
            trap,
            hero: h.id,
            roll,
            dexterity,
        });
        let sprung = super::spring_on_skull(world, &t, h, at, None);
        evs.extend(sprung.events);
        let now = Snapshot::capture(world).expect("quest in play");
        if sprung.ends_turn && now.turn.phase == Phase::Hero(h.id) {
            evs.extend(end_turn(world, &now));
        }
        return Ok(evs);
    }
    let mut q = world.query::<&mut Trap>();
    for mut tt in q.iter_mut(world) {
        if tt.id == trap {
            tt.state = TrapState::Disarmed;
        }
    }
    let mut evs = vec![GameEvent::TrapDisarmed {
        trap,
        by: h.id,
        roll,
        dexterity,
    }];
    // Revised (#65, "moved onto the token"): a hero who disarms a trap on the floor ends on its
    // square.
    if matches!(how, Disarm::Dexterity { .. }) && t.furniture.is_none() {
        world.get_mut::<GridPos>(h.entity).expect("on board").0 = t.at;
        evs.push(GameEvent::HeroMoved {
            figure: h.id,
            from: at,
            to: t.at,
        });
        evs.extend(super::reveal(world));
    }
    Ok(evs)
}

/// Whether `h` may try to disarm a trap now, wherever one is: the skill, and under Revised no
/// monster in its room or corridor (#62).
pub fn may_try_disarm(snap: &Snapshot, h: &FigureSnap) -> bool {
    let rules = snap.rules();
    if disarm_skill(rules, h).is_err() {
        return false;
    }
    match (rules.edition.disarm, h.pos) {
        (Disarm::ToolKit, _) => true,
        (Disarm::Dexterity { .. }, Some(at)) => {
            let area = snap.area(at);
            !snap.monsters().any(|m| m.pos.is_some_and(|p| snap.area(p) == area))
        }
        (Disarm::Dexterity { .. }, None) => false,
    }
}

/// The chance that `h`'s attempt disarms a trap: 2021's combat die (no skull, 1/2); Revised's
/// 1d6 + Dexterity at or above the target.
pub fn disarm_chance(rules: &crate::rules::ruleset::RuleSet, h: &FigureSnap) -> f64 {
    match (rules.edition.disarm, disarm_skill(rules, h)) {
        (_, Err(_)) => 0.0,
        (Disarm::ToolKit, Ok(_)) => 0.5,
        (Disarm::Dexterity { target }, Ok(dex)) => {
            let need = i32::from(target) - i32::from(dex.unwrap_or(0));
            f64::from((7 - need).clamp(0, 6)) / 6.0
        }
    }
}

/// Whether `h` may try to disarm a trap under these rules, and the Dexterity it adds to the die
/// where the rules roll 1d6 + Dexterity. 2021: a tool kit, or the Dwarf's own skill. Revised
/// (#63): any hero whose board has a Dexterity score, even 0.
pub fn disarm_skill(rules: &crate::rules::ruleset::RuleSet, h: &FigureSnap) -> Result<Option<u8>, String> {
    // A man-at-arms: only one whose card gives it a Dexterity, the Scout (#62–63).
    if h.serves.is_some() {
        return match rules.men_at_arms.get(&h.kind).and_then(|m| m.dexterity) {
            Some(d) if matches!(rules.edition.disarm, Disarm::Dexterity { .. }) => Ok(Some(d)),
            _ => Err(format!("{} is a man-at-arms who does not disarm traps", h.name)),
        };
    }
    let def = rules.heroes.get(&h.kind);
    match rules.edition.disarm {
        Disarm::ToolKit => {
            if !def.is_some_and(|d| d.disarms_without_kit) && !h.equipment.has("tool_kit") {
                return Err(format!("{} needs a tool kit to disarm traps", h.name));
            }
            Ok(None)
        }
        Disarm::Dexterity { .. } => match rules.board(&h.kind).and_then(|b| b.dexterity) {
            Some(d) => Ok(Some(d)),
            None => Err(format!("{} has no Dexterity and cannot disarm traps", h.name)),
        },
    }
}

/// heroquest-2021.md, Jumping a Trap: two squares of movement over a known trap (a jump over
/// its one square, `leap`).
pub fn jump(world: &mut World, snap: &Snapshot, id: FigureId, trap: u32, to: Pos) -> Outcome {
    let (h, t) = (hero(snap, id)?, trap_named(snap, trap)?);
    if !t.jumpable() {
        return Err("only a known trap on the floor or an open pit can be jumped".into());
    }
    leap(world, snap, h, &[t.at], to, Some(trap))
}

/// HeroQuest Revised, Jumping (#55–58): over any number of squares, a combat die for each.
pub fn jump_far(world: &mut World, snap: &Snapshot, id: FigureId, over: &[Pos], to: Pos) -> Outcome {
    let h = hero(snap, id)?;
    if !snap.rules().edition.jump_far {
        return Err("under these rules a hero jumps only a known trap next to it, landing just beyond".into());
    }
    if over.is_empty() {
        return Err("a jump passes over at least one square".into());
    }
    leap(world, snap, h, over, to, None)
}

/// A jump of `h` over the squares `over`, landing on `to`: one combat die a square, each face
/// that is not a skull carrying it one square on; all of them, and it lands on `to`; fewer, and
/// it comes down on the first square not passed, springing what is there, and its move ends
/// (#57–58). The movement spent is a square for each die and one for the landing (2021's two
/// squares for one trap). `trap`: 2021's jump of that one trap, told as before.
fn leap(world: &mut World, snap: &Snapshot, h: &FigureSnap, over: &[Pos], to: Pos, trap: Option<u32>) -> Outcome {
    let rules = snap.quest.rules.clone();
    let mut p = snap.turn.progress(h.id);
    if p.allowance.is_none() {
        return Err(format!("{} must roll for movement first", h.name));
    }
    if p.moving == MoveState::Done {
        return Err(format!("{} has already moved this turn", h.name));
    }
    if let Some(why) = h.rooted_by() {
        return Err(format!("{} {why}", h.name));
    }
    let need = (over.len() as u8).saturating_add(rules.traps.jump_squares.saturating_sub(1));
    if p.steps_left() < need {
        return Err(match trap {
            Some(_) => format!("jumping a trap takes {need} squares of movement"),
            None => format!("that jump takes {need} squares of movement"),
        });
    }
    let at = here(h);
    let first = over[0];
    if !(at.is_orthogonally_adjacent(first) && snap.edge_open(at, first)) {
        return Err(match trap {
            Some(_) => format!("{} must stand next to the trap to jump it", h.name),
            None => format!("a jump begins on a square next to {}", h.name),
        });
    }
    // #56: the way may not pass through any figure, friend or foe.
    if over.iter().any(|q| snap.figure_at(*q).is_some()) {
        return Err(match trap {
            Some(_) => "someone is standing on the trap".into(),
            None => "a jump cannot pass over a figure".into(),
        });
    }
    for w in over.windows(2) {
        if !(w[0].is_orthogonally_adjacent(w[1]) && snap.edge_open(w[0], w[1]) && !snap.is_solid(w[1])) {
            return Err(format!("{} to {} is not a step a jump can take", w[0], w[1]));
        }
    }
    let last = over[over.len() - 1];
    if snap.is_solid(first)
        || to == at
        || over.contains(&to)
        || !to.is_orthogonally_adjacent(last)
        || !snap.can_step(h, last, to)
        || !snap.can_stop_on(h, to)
        || snap.figure_at(to).is_some()
    {
        return Err(match trap {
            Some(_) => "that is not a free square next to the trap to land on".to_string(),
            None => "that is not a free square to land on".to_string(),
        });
    }
    p.steps_used += need;
    p.moving = if p.steps_left() == 0 {
        MoveState::Done
    } else {
        MoveState::Moving
    };
    set_progress(world, h.id, p);
    let roll = dice::roll_combat(rng(world), over.len() as u8);
    let carried = roll.iter().filter(|f| **f != Face::Skull).count();
    if carried < over.len() {
        // Short: down on the first square not passed (#58).
        let down = over[carried];
        let from = if carried == 0 { at } else { over[carried - 1] };
        let ahead = over.get(carried + 1).copied().unwrap_or(to);
        world.get_mut::<GridPos>(h.entity).expect("on board").0 = down;
        let mut evs = vec![GameEvent::HeroMoved {
            figure: h.id,
            from: at,
            to: down,
        }];
        // What lies there springs: a trap on the floor, or an open pit to fall into again.
        let armed = snap
            .traps
            .iter()
            .find(|t| t.at == down && t.furniture.is_none() && (t.armed() || t.open_pit()))
            .cloned();
        if let Some(t) = armed {
            evs.push(GameEvent::JumpFailed {
                trap: t.id,
                hero: h.id,
                roll,
            });
            let mut sprung = super::spring_on_skull(world, &t, h, from, Some(ahead));
            sprung.stop = true;
            evs.extend(after_a_jump_springs(world, h.id, p, sprung));
            return Ok(evs);
        }
        evs.push(GameEvent::JumpFellShort {
            figure: h.id,
            roll,
            at: down,
        });
        let mut done = p;
        done.moving = MoveState::Done;
        set_progress(world, h.id, done);
        evs.extend(reveal(world));
        return Ok(evs);
    }
    world.get_mut::<GridPos>(h.entity).expect("on board").0 = to;
    let evs_moved = |evs: &mut Vec<GameEvent>| match trap {
        // 2021's words: over the trap's square, then beyond.
        Some(_) => {
            evs.push(GameEvent::HeroMoved {
                figure: h.id,
                from: at,
                to: first,
            });
            evs.push(GameEvent::HeroMoved {
                figure: h.id,
                from: first,
                to,
            });
        }
        None => evs.push(GameEvent::HeroMoved {
            figure: h.id,
            from: at,
            to,
        }),
    };
    let mut evs = Vec::new();
    evs_moved(&mut evs);
    evs.push(match trap {
        Some(trap) => GameEvent::TrapJumped {
            trap,
            hero: h.id,
            roll,
            to,
        },
        None => GameEvent::Jumped {
            figure: h.id,
            over: over.len() as u8,
            roll,
            to,
        },
    });
    // heroquest-2021.md, Jumping a Trap: the landing square is an ordinary step, so an armed
    // trap there springs (a falling block pushes the hero back to where the jump began).
    if let Some(next) = super::armed_floor_trap_at(world, to) {
        let sprung = spring(world, &next, h, at, None);
        evs.extend(after_a_jump_springs(world, h.id, p, sprung));
        return Ok(evs);
    }
    evs.extend(reveal(world));
    Ok(evs)
}

/// A trap sprung by a jump (on the trap jumped, or on the landing square): what it did, what
/// the heroes now see, the end of the move when it stops the hero, and of the turn when it
/// ends it.
fn after_a_jump_springs(world: &mut World, hero: FigureId, p: Progress, sprung: super::Sprung) -> Vec<GameEvent> {
    let mut evs = sprung.events;
    evs.extend(reveal(world));
    if sprung.stop {
        let mut p2 = p;
        p2.moving = MoveState::Done;
        set_progress(world, hero, p2);
    }
    let now = Snapshot::capture(world).expect("quest in play");
    if sprung.ends_turn && now.turn.phase == Phase::Hero(hero) {
        evs.extend(end_turn(world, &now));
    }
    evs
}
