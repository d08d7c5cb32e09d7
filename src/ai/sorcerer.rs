//! The baseline sorcerer: each awake monster walks a shortest path to its chosen hero and attacks.
//!
//! Target choice is the documented classic rule: nearest hero by path length, then lowest body,
//! then weakest defence, then highest threat (most attack dice), then lowest id, so ties never
//! depend on anything but the position.
//! The sorcerer reads only the board as it stands: no future dice, no deck order.

use super::{SorcererLevel, attack_squares, field, trim_path};
use crate::game::model::{ActionKind, Command, FigureId, MoveState, Movement, Phase};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::paths::DistanceField;

/// One monster's decision, with the reason the log shows.
#[derive(Clone, Debug)]
pub struct Decision {
    pub commands: Vec<Command>,
    pub reason: String,
}

/// The sorcerer's memory within one turn: the monster acting now and those still to act.
#[derive(Clone, Debug, Default)]
pub struct SorcererTurn {
    pub round: u32,
    pub current: Option<FigureId>,
    /// Classic: monsters still to act, last first.
    pub pending: Vec<FigureId>,
    pub started: bool,
    /// Planning levels: monsters that have finished this turn.
    pub done: std::collections::BTreeSet<FigureId>,
    /// Planning levels: the committed monster's remaining commands (only after a move).
    pub queue: Vec<Command>,
    /// Reasons for monsters that chose to do nothing (no command carries them): the log shows them.
    pub notes: Vec<(FigureId, String)>,
}

/// Squares `m` may walk now: its Speed and, straight on, its Haste's moves (Revised #121).
fn allowance(snap: &Snapshot, m: &FigureSnap) -> u8 {
    let n = match m.fighter.movement {
        Movement::Fixed(n) => n,
        Movement::Dice(n) => n * 6,
    };
    let p = snap.move_progress(m).unwrap_or_default();
    let p = crate::game::model::Progress {
        allowance: p.allowance.or(Some(n)),
        ..p
    };
    snap.walk_left(m, &p).min(u16::from(u8::MAX)) as u8
}

/// Plans one monster's turn against the board as it is now.
pub fn plan_monster(snap: &Snapshot, monster: FigureId) -> Option<Decision> {
    let m = snap.figure(monster)?;
    if !m.alive() || !m.awake || m.idle() || snap.carries_loot(m) {
        return None;
    }
    let may_attack = snap.action_allowed(m, ActionKind::Attack).is_ok();
    let may_cast = snap.action_allowed(m, ActionKind::Spell).is_ok();
    if !may_attack && !may_cast {
        return None;
    }
    if may_cast && let Some(d) = dread_spell(snap, m, !may_attack) {
        return Some(d);
    }
    if !may_attack {
        return None;
    }
    // Highest threat: the most attack dice (a hero's weapon), so the order is reversed.
    let key = |h: &FigureSnap, d: u16| (d, h.body, h.fighter.defend, std::cmp::Reverse(h.fighter.attack), h.id);
    // Already next to someone: hit the weakest there.
    if let Some(t) = snap.attack_targets(m).min_by_key(|h| key(h, 0)) {
        return Some(Decision {
            commands: vec![Command::Attack {
                attacker: m.id,
                target: t.id,
            }],
            reason: format!("{} attacks {}, who is next to it with {} body", m.name, t.name, t.body),
        });
    }
    // A move not yet begun: its first, or one Haste gives (Revised #121).
    if !snap.move_progress(m).is_some_and(|p| p.moving == MoveState::NotStarted) || !snap.may_start_moving(m) {
        return None;
    }
    let f = field(snap, m)?;
    let nearest = |f: &DistanceField| {
        snap.living_heroes()
            .flat_map(|h| {
                attack_squares(snap, m, h)
                    .into_iter()
                    .filter_map(move |s| f.dist(s).map(|d| (h, s, d)))
            })
            .min_by_key(|(h, s, d)| (key(h, *d), *s))
    };
    let Some((hero, square, d)) = nearest(&f) else {
        // Every way to the heroes goes through an open pit, which ends a move (rules-decisions
        // row 17): walk the way over it and stop in the first pit; the monster climbs out on a
        // later turn.
        let over = snap.reach_over_traps(m, 1000)?;
        let (hero, square, _) = nearest(&over)?;
        let mut path = over.path_to(square)?;
        if let Some(i) = path.iter().position(|p| snap.in_pit(*p)) {
            path.truncate(i + 1);
        }
        let path = trim_path(snap, m, path, allowance(snap, m));
        let into = path.last().is_some_and(|p| snap.in_pit(*p));
        let reason = if into {
            format!("{} climbs down into the open pit on its way to {}", m.name, hero.name)
        } else {
            format!("{} heads for {}, the way over an open pit", m.name, hero.name)
        };
        return (!path.is_empty()).then(|| Decision {
            commands: vec![Command::Move { figure: m.id, path }],
            reason,
        });
    };
    let path = trim_path(snap, m, f.path_to(square)?, allowance(snap, m));
    if path.is_empty() {
        return Some(Decision {
            commands: Vec::new(),
            reason: format!("{} waits: no way towards {}", m.name, hero.name),
        });
    }
    let arrives = path.last() == Some(&square);
    let commands = vec![Command::Move { figure: m.id, path }];
    let away = format!("{d} square{} away", crate::game::describe::plural(d as u32));
    let reason = if arrives {
        format!(
            "{} closes in on {} ({away}, {} body) and attacks",
            m.name, hero.name, hero.body
        )
    } else {
        format!("{} advances on {}, the nearest hero ({away})", m.name, hero.name)
    };
    Some(Decision { commands, reason })
}

/// A caster with a Dread spell left uses it on a hero it can see (before closing in to fight):
/// the weakest hero for spells that hurt, itself for summons, a wounded monster for mending.
/// `struck`: the monster has already attacked (the referee dice pool's second action), so a
/// hero beside it does not keep it from casting.
fn dread_spell(snap: &Snapshot, m: &FigureSnap, struck: bool) -> Option<Decision> {
    use crate::rules::ruleset::{Effect, SpellTarget};
    let at = m.pos?;
    if !struck && snap.attack_targets(m).next().is_some() {
        return None;
    }
    let seen: Vec<&FigureSnap> = snap
        .living_heroes()
        .filter(|h| h.pos.is_some_and(|p| snap.sees(at, p)))
        .collect();
    let weakest = seen.iter().min_by_key(|h| (h.body, h.id))?;
    for spell in m.spellbook.ready() {
        let Some(d) = snap.rules().spells.get(spell) else {
            continue;
        };
        let target = match (d.target, &d.effect) {
            (SpellTarget::Enemy, Effect::Status(s)) if weakest.has(*s) => continue,
            (SpellTarget::Enemy, _) => weakest.id,
            (SpellTarget::Caster, _) => m.id,
            (SpellTarget::Ally, Effect::Heal { .. }) => {
                match snap
                    .monsters()
                    .filter(|o| o.body < o.body_max && o.pos.is_some_and(|p| p == at || snap.sees(at, p)))
                    .min_by_key(|o| (o.body, o.id))
                {
                    Some(o) => o.id,
                    None => continue,
                }
            }
            (SpellTarget::Ally, _) => m.id,
        };
        let who = snap.figure(target).map_or(String::new(), |t| t.name.clone());
        return Some(Decision {
            commands: vec![Command::CastSpell {
                caster: m.id,
                spell: spell.clone(),
                target,
            }],
            reason: if target == m.id {
                format!("{} calls on {}", m.name, d.name)
            } else {
                format!(
                    "{} casts {} at {}, who has {} body",
                    m.name,
                    d.name,
                    who,
                    snap.figure(target).map_or(0, |t| t.body)
                )
            },
        });
    }
    None
}

/// A Sentry (Revised #130) beside a closed door that stands between it and the heroes opens it
/// (a free effect, before the monsters move): a door whose far side is nearer a hero, over the
/// board as it is, than the sentry's own square. Every level does this alike.
pub fn sentry_door(snap: &Snapshot) -> Option<Decision> {
    let heroes: Vec<crate::rules::geometry::Pos> = snap.living_heroes().filter_map(|h| h.pos).collect();
    if heroes.is_empty() {
        return None;
    }
    let mut from_heroes: Option<DistanceField> = None;
    for m in snap
        .monsters()
        .filter(|m| m.awake && m.alive() && !m.idle() && !snap.finished_its_turn(m))
    {
        let Some(at) = m.pos else { continue };
        for d in snap.doors_to_open(m) {
            let beyond = if d.edge.0 == at { d.edge.1 } else { d.edge.0 };
            let f = from_heroes.get_or_insert_with(|| snap.terrain_field(&heroes, 1000));
            let near = |p| f.dist(p).unwrap_or(u16::MAX);
            if near(beyond) < near(at) {
                return Some(Decision {
                    commands: vec![Command::OpenDoor { hero: m.id, door: d.id }],
                    reason: format!("{}, a sentry, opens the door on the heroes' side", m.name),
                });
            }
        }
    }
    None
}

/// Thieves (Revised #133) play by their nature at every level, first in the turn or while they
/// are the monster acting: one carrying off a stolen thing runs, out of the heroes' sight if it
/// can, else as far from them as it can; one beside a hero with a thing to take takes the
/// dearest.
pub fn thief_turn(snap: &Snapshot) -> Option<(FigureId, Decision)> {
    use crate::game::heroquest::thefts;
    let mine = |m: &FigureSnap| snap.turn.acting.is_none_or(|a| a == m.id);
    for m in snap.monsters().filter(|m| m.awake && m.alive() && !m.idle() && mine(m)) {
        if snap.carries_loot(m) {
            if let Some(d) = run_away(snap, m) {
                return Some((m.id, d));
            }
            continue;
        }
        let rules = snap.rules();
        let worth = |i: &str| {
            rules
                .weapons
                .get(i)
                .map(|w| w.cost)
                .or_else(|| rules.armor.get(i).map(|a| a.cost))
                .unwrap_or(0)
        };
        if let Some((hero, item)) = thefts(snap, m)
            .into_iter()
            .max_by(|a, b| worth(&a.1).cmp(&worth(&b.1)).then(b.cmp(a)))
        {
            let who = snap.figure(hero).map_or(String::new(), |h| h.name.clone());
            return Some((
                m.id,
                Decision {
                    reason: format!(
                        "{} steals {} from {who}, to run with it",
                        m.name,
                        rules.thing_name(&item)
                    ),
                    commands: vec![Command::Steal {
                        thief: m.id,
                        hero,
                        item,
                    }],
                },
            ));
        }
    }
    None
}

/// The thief's run: to the square it can reach that no hero sees, else the farthest from them.
fn run_away(snap: &Snapshot, m: &FigureSnap) -> Option<Decision> {
    use crate::rules::geometry::Pos;
    let at = m.pos?;
    if !snap.move_progress(m).is_some_and(|p| p.moving == MoveState::NotStarted) || !snap.may_start_moving(m) {
        return None;
    }
    let heroes: Vec<Pos> = snap.living_heroes().filter_map(|h| h.pos).collect();
    let from_heroes = snap.terrain_field(&heroes, 1000);
    let reach = snap.reach(m, u16::from(allowance(snap, m)))?;
    let seen = |q: Pos| heroes.iter().any(|h| *h == q || snap.sees(*h, q));
    let score = |q: Pos| (!seen(q), from_heroes.dist(q).unwrap_or(u16::MAX));
    let best = snap
        .board()
        .squares()
        .filter(|q| *q == at || (reach.dist(*q).is_some() && snap.can_stop_on(m, *q)))
        .max_by(|a, b| score(*a).cmp(&score(*b)).then(b.cmp(a)))?;
    if best == at {
        return None;
    }
    let path = reach.path_to(best)?;
    let reason = if seen(best) {
        format!("{} runs from the heroes with what it stole", m.name)
    } else {
        format!("{} runs out of the heroes' sight with what it stole", m.name)
    };
    Some(Decision {
        commands: vec![Command::Move { figure: m.id, path }],
        reason,
    })
}

/// The next command of the sorcerer's turn (ends the turn when every monster has acted).
/// The classic level re-plans each monster after each of its commands. The planning levels plan
/// the whole remaining turn whenever dice have been rolled since the last plan (an attack, a
/// spell), and otherwise carry on with the monster they committed to.
pub fn next_command(
    snap: &Snapshot,
    mind: &mut SorcererTurn,
    level: SorcererLevel,
) -> (Command, Option<(FigureId, String)>) {
    if snap.turn.phase != Phase::Sorcerer {
        return (Command::EndTurn, None);
    }
    if !mind.started || mind.round != snap.turn.round {
        mind.started = true;
        mind.round = snap.turn.round;
        mind.pending = snap.monsters().filter(|m| m.awake).map(|m| m.id).collect();
        mind.pending.reverse();
        mind.current = None;
        mind.done.clear();
        mind.queue.clear();
    }
    // The advanced game: a turn given up to roll for Danger (#169).
    if let Some(reason) = super::morcar::danger(snap, level) {
        let by = snap.heroes().next().map_or(FigureId(0), |h| h.id);
        return (Command::Danger, Some((by, reason)));
    }
    // Thieves steal and run, whatever the level.
    if let Some((m, d)) = thief_turn(snap)
        && let Some(first) = d.commands.into_iter().next()
    {
        // Whatever the planner had queued for it is planned afresh.
        if mind.current == Some(m) {
            mind.queue.clear();
        }
        return (first, Some((m, d.reason)));
    }
    // Sentries open the doors between them and the heroes first (free effects).
    if let Some(d) = sentry_door(snap)
        && let Some(first) = d.commands.into_iter().next()
    {
        let Command::OpenDoor { hero, .. } = first else {
            unreachable!("a sentry's decision opens a door")
        };
        return (first, Some((hero, d.reason)));
    }
    if level != SorcererLevel::Classic {
        return planned(snap, mind, level);
    }
    loop {
        if let Some(cur) = mind.current {
            let fresh = snap.turn.progress(cur) == Default::default();
            if let Some(d) = plan_monster(snap, cur)
                && let Some(first) = d.commands.into_iter().next()
            {
                return (first, fresh.then_some((cur, d.reason)));
            }
        }
        match mind.pending.pop() {
            Some(next) => mind.current = Some(next),
            None => {
                mind.started = false;
                mind.current = None;
                return (Command::EndTurn, None);
            }
        }
    }
}

fn planned(snap: &Snapshot, mind: &mut SorcererTurn, level: SorcererLevel) -> (Command, Option<(FigureId, String)>) {
    // After a move nothing random has happened: the committed monster goes on with its plan.
    if mind.current.is_some() && !mind.queue.is_empty() {
        let cmd = mind.queue.remove(0);
        return (cmd, None);
    }
    // A bounded loop: each round either sends a command or retires a monster.
    for _ in 0..=snap.figures.len() {
        let Some(step) = super::planner::plan(snap, &mind.done, mind.current, level) else {
            break;
        };
        let fresh = mind.current != Some(step.monster);
        if fresh && let Some(prev) = mind.current {
            mind.done.insert(prev);
        }
        mind.current = Some(step.monster);
        let mut commands = step.commands;
        if commands.is_empty() {
            // Its best choice is to stay where it is and do nothing more.
            mind.done.insert(step.monster);
            mind.current = None;
            if fresh {
                mind.notes.push((step.monster, step.reason));
            }
            continue;
        }
        let first = commands.remove(0);
        // Only what follows a move is kept: after dice, the monster's rest is planned afresh.
        mind.queue = if matches!(first, Command::Move { .. }) {
            commands
        } else {
            Vec::new()
        };
        // A monster's second action (the referee dice pool) is explained too: after its first
        // one's dice, it was planned afresh.
        let second_action = !fresh && matches!(first, Command::Attack { .. } | Command::CastSpell { .. });
        return (first, (fresh || second_action).then_some((step.monster, step.reason)));
    }
    mind.started = false;
    mind.current = None;
    (Command::EndTurn, None)
}
