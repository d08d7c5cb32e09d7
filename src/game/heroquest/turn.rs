//! The end of a turn: conditions that run out, the next hero or the sorcerer, a new round.

use bevy::prelude::*;

use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};

use crate::game::world::*;

pub(in crate::game) fn end_turn(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    use StatusKind::*;
    // A hero's activation ends: it fills its hand of Magic Spells (#177).
    let mut evs = match snap.turn.phase {
        Phase::Hero(id) => super::apprentice::activation_ends(world, snap, id),
        _ => Vec::new(),
    };
    // An extra activation bought with Fate ends where the turn it broke into goes on (#173).
    if let Some(back) = super::fate::end_interrupt(world, snap) {
        evs.extend(back);
        return evs;
    }
    // Conditions that last until the end of the bearer's own turn.
    match snap.turn.phase {
        Phase::Hero(id) => {
            if let Some(h) = snap.figure(id) {
                for s in [
                    PassThroughRock,
                    VeilOfMist,
                    Chained,
                    HeroicBrew,
                    Fear,
                    Asleep,
                    LoseTurn,
                    Hastened,
                ] {
                    evs.extend(remove_status(world, id, s));
                }
                if h.has(Courage) && snap.visible_monsters(h).next().is_none() {
                    evs.extend(remove_status(world, id, Courage));
                }
            }
        }
        Phase::Sorcerer => {
            // A thief out of the heroes' sight at its turn's end got away (Revised #133).
            evs.extend(super::steal::out_of_sight(world));
            for m in snap.monsters() {
                evs.extend(remove_status(world, m.id, LoseTurn));
                evs.extend(remove_status(world, m.id, Hastened));
            }
        }
        Phase::Over(_) => return evs,
    }
    // The heroes' side in its order: each hero, then its men-at-arms (#39, #152); a figure
    // activated out of that order is marked done.
    let order = super::retinue::activation_order(snap);
    let mut turn = (*snap.turn).clone();
    turn.progress.clear();
    turn.acting = None;
    if let Phase::Hero(id) = turn.phase {
        turn.done.insert(id);
    }
    // `snap` holds until a condition ends (each one comes with an event).
    let mut changed = !evs.is_empty();
    loop {
        let fresh = changed.then(|| Snapshot::capture(world).expect("quest in play"));
        let now = fresh.as_ref().unwrap_or(snap);
        let living: Vec<FigureId> = order
            .iter()
            .copied()
            .filter(|id| now.figure(*id).is_some_and(|h| h.in_play()))
            .collect();
        let next = match turn.phase {
            Phase::Hero(_) => match living.iter().find(|h| !turn.done.contains(h)) {
                Some(h) => Actor::Hero(*h),
                None => Actor::Sorcerer,
            },
            Phase::Sorcerer => {
                turn.round += 1;
                turn.done.clear();
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
            turn.done.insert(h);
            for s in [Asleep, LoseTurn, Chained, Fear] {
                evs.extend(remove_status(world, h, s));
            }
            changed = true;
            continue;
        }
        break;
    }
    let sorcerer = turn.phase == Phase::Sorcerer;
    let hero = match turn.phase {
        Phase::Hero(h) => Some(h),
        _ => None,
    };
    world.insert_resource(turn);
    // A hero's turn begins: its held cards turn down, its Cursed cards play (Revised #101, #116).
    if let Some(h) = hero {
        evs.extend(super::cards::turn_begins(world, h));
    }
    if sorcerer {
        evs.extend(super::damage::squeeze(world));
        evs.extend(command_troops(world, snap));
        // Event cards Morcar holds are played as its turn begins (Revised's advanced game).
        evs.extend(super::morcar::turn_begins(world));
    }
    evs
}

/// Command (Revised #115): at the start of the sorcerer's turn, every monster a commander sees
/// gains Haste(1) for the turn.
fn command_troops(world: &mut World, before: &Snapshot) -> Vec<GameEvent> {
    let commands = |f: &FigureSnap| f.has_ability(&crate::rules::ruleset::Ability::Command);
    if !before.monsters().any(commands) {
        return Vec::new();
    }
    let now = Snapshot::capture(world).expect("quest in play");
    now.commanded()
        .into_iter()
        .filter_map(|(m, _)| add_status(world, m, StatusKind::Hastened))
        .collect()
}

/// May `f` act now? Heroes on their own turn; awake monsters on the sorcerer's.
pub fn may_act(snap: &Snapshot, f: &FigureSnap) -> Result<(), String> {
    if f.off_map() {
        return Err(format!(
            "{} is still off the board: come on at the stairway with a move, or end the turn",
            f.name
        ));
    }
    if !f.alive() {
        return Err(format!("{} is not on the board", f.name));
    }
    in_turn(snap, f)
}

/// `may_act` for a hero's movement: a hero off the board (the action-point module) may roll and
/// come on at the stairway, and do nothing else (checklists.md 1.3 #3).
pub fn may_move(snap: &Snapshot, f: &FigureSnap) -> Result<(), String> {
    if f.off_map() && snap.action_points() {
        return in_turn(snap, f);
    }
    may_act(snap, f)
}

/// Whether it is `f`'s turn (or its side's), with nothing else to settle first.
fn in_turn(snap: &Snapshot, f: &FigureSnap) -> Result<(), String> {
    if snap.turn.draft.is_some() {
        return Err("the spell schools must be chosen first".into());
    }
    match snap.turn.phase {
        Phase::Hero(id) if f.hero && id == f.id => Ok(()),
        Phase::Hero(id) => Err(format!(
            "it is {}'s turn",
            snap.figure(id).map_or("another hero", |h| h.name.as_str())
        )),
        Phase::Sorcerer if !f.hero && f.has(StatusKind::Asleep) => Err(format!("{} is asleep", f.name)),
        Phase::Sorcerer if !f.hero && f.has(StatusKind::LoseTurn) => {
            Err(format!("{} loses this turn to the tempest", f.name))
        }
        Phase::Sorcerer if !f.hero && f.awake => Ok(()),
        Phase::Sorcerer if !f.hero => Err(format!("{} has not been seen yet and cannot act", f.name)),
        Phase::Sorcerer => Err("it is the sorcerer's turn".into()),
        Phase::Over(_) => Err("the quest is over".into()),
    }
}

/// What kind of action a figure is about to take (for the one-action rule and its exceptions).
/// Checks the action rules (`Snapshot::action_allowed`); returns the progress to store once the action
/// happens.
/// A hero In Shock uses only its board (Revised #83): no spell, potion, weapon shot or item.
pub(in crate::game) fn cards_usable(f: &FigureSnap) -> Result<(), String> {
    if f.has(StatusKind::InShock) {
        return Err(format!(
            "{} is in shock: only what the hero board gives, no spell, potion, shot or item",
            f.name
        ));
    }
    Ok(())
}

pub(in crate::game) fn take_action(snap: &Snapshot, f: &FigureSnap, kind: ActionKind) -> Result<Progress, String> {
    snap.action_allowed(f, kind)?;
    let mut p = snap.turn.progress(f.id);
    // An action after the one other Action is an ability's extra one (Revised #113, #119, #125,
    // #127): counted against it.
    if p.acted
        && let Some(b) = kind.bonus()
    {
        p.bonus_used[b as usize] = p.bonus_used[b as usize].saturating_add(1);
    }
    p.acted = true;
    match kind {
        ActionKind::Attack => p.attacks += 1,
        ActionKind::Spell => p.spells += 1,
        ActionKind::Search(_) | ActionKind::Other => {}
    }
    if p.moving == MoveState::Moving {
        p.moving = MoveState::Done;
    }
    Ok(p)
}

/// rules-decisions row 37: the sorcerer moves one monster at a time, and a monster finishes its
/// move and its action before the next starts. Once a command of another monster is accepted,
/// the one before it has had its turn (so it can neither move nor act again this turn).
pub(in crate::game) fn one_monster_at_a_time(world: &mut World, cmd: &Command) {
    let who = match cmd {
        Command::Move { figure, .. } => *figure,
        Command::Attack { attacker, .. } => *attacker,
        Command::CastSpell { caster, .. } => *caster,
        Command::Steal { thief, .. } => *thief,
        _ => return,
    };
    let Some(mut turn) = world.get_resource_mut::<Turn>() else {
        return;
    };
    if turn.phase != Phase::Sorcerer {
        return;
    }
    if let Some(prev) = turn.acting.filter(|p| *p != who) {
        let p = turn.progress.entry(prev).or_default();
        p.moving = MoveState::Done;
        p.acted = true;
        // No move of its Haste either (Revised #121).
        p.extra_moves = u8::MAX;
        // Nor attack or cast again (the referee dice pool counts its two actions apart).
        p.attacks = p.attacks.max(1);
        p.spells = p.spells.max(1);
    }
    turn.acting = Some(who);
}
