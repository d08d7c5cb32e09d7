//! Quest events: after every accepted command, the quest's triggers are checked against what
//! just happened, and the effects of those that fire are applied (effects may set off further
//! events, a few rounds deep). Called only from `logic::submit`, so events replay with the game.

use bevy::prelude::*;

use super::model::Command;
use super::model::*;
use super::snapshot::Snapshot;
use crate::quest::{Effect, SearchKind, Trigger};
use crate::rules::bounds::add_gold;
use crate::rules::geometry::Pos;

/// How many times effects may set off further events after one command.
const CHAIN: usize = 8;

/// What set the events off: the command, and where a searching hero stood when it searched (a hero
/// may not be standing anywhere afterwards: a search can kill).
#[derive(Clone, Copy)]
pub(super) struct Cause<'a> {
    pub cmd: &'a Command,
    pub at: Option<Pos>,
}

/// Fires the events that `cause` (None: the quest's opening) and its events `evs` set off;
/// returns what they did.
pub(super) fn run(world: &mut World, cause: Option<Cause>, evs: &[GameEvent]) -> Vec<GameEvent> {
    let Some(quest) = world.get_resource::<ActiveQuest>().map(|q| q.0.clone()) else {
        return Vec::new();
    };
    if quest.events.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut pending: Vec<GameEvent> = evs.to_vec();
    let mut command = cause;
    for _ in 0..CHAIN {
        if pending.is_empty() && command.is_none() {
            break;
        }
        let Some(snap) = Snapshot::capture(world) else { break };
        if matches!(snap.turn.phase, Phase::Over(_)) {
            break;
        }
        let figure_names = world.resource::<FigureNames>().clone();
        let mut fired = Vec::new();
        for (i, e) in quest.events.iter().enumerate() {
            if !can_still_fire(&snap, i, e) {
                continue;
            }
            if let Some(by) = triggered(&snap, &figure_names, &e.when, command, &pending) {
                fired.push((i, by));
            }
        }
        command = None;
        let mut next = Vec::new();
        for (i, by) in fired {
            world.resource_mut::<Dungeon>().fired.insert(i);
            for effect in &quest.events[i].then {
                if world
                    .get_resource::<Turn>()
                    .is_some_and(|t| matches!(t.phase, Phase::Over(_)))
                {
                    break;
                }
                next.extend(apply(world, effect, by));
            }
        }
        out.extend(next.iter().cloned());
        pending = next;
    }
    out
}

/// Whether the quest's event `i` can still fire: not fired yet (or it repeats), and its
/// `before_round` not passed.
pub(in crate::game) fn can_still_fire(snap: &Snapshot, i: usize, e: &crate::quest::QuestEvent) -> bool {
    (e.repeat || !snap.dungeon.fired.contains(&i)) && e.before_round.is_none_or(|r| snap.turn.round < r)
}

/// Would a hero's step from `from` onto `to` set off a quest event that can still fire (it enters
/// a room or a square an event watches, and does more than speak)? The move stops there, so the hero is where the event
/// finds them (a door that slams shut behind the hero has the hero inside).
pub(super) fn step_sets_off(snap: &Snapshot, from: Pos, to: Pos) -> bool {
    let board = snap.board();
    let area = |p: Pos| board.in_bounds(p).then(|| board.area(p));
    snap.quest.events.iter().enumerate().any(|(i, e)| {
        if !can_still_fire(snap, i, e) {
            return false;
        }
        // Words alone (a tip, a description) do not stop a hero.
        if e.then.iter().all(|f| matches!(f, Effect::Message(_))) {
            return false;
        }
        match &e.when {
            Trigger::EntersArea(a) => area(to) == Some(*a) && area(from) != Some(*a),
            Trigger::EntersSquare(at) => *at == to,
            _ => false,
        }
    })
}

/// Does `when` happen in these events (or this command)? Some(the hero who set it off, if any).
fn triggered(
    snap: &Snapshot,
    figure_names: &FigureNames,
    when: &Trigger,
    cause: Option<Cause>,
    evs: &[GameEvent],
) -> Option<Option<FigureId>> {
    let board = snap.board();
    match when {
        Trigger::EntersArea(area) => {
            let inside = |p: &Pos| board.in_bounds(*p) && board.area(*p) == *area;
            evs.iter().find_map(|e| match e {
                GameEvent::HeroMoved { figure, from, to } if inside(to) && !inside(from) => Some(Some(*figure)),
                GameEvent::HeroEntered { figure, at } if inside(at) => Some(Some(*figure)),
                _ => None,
            })
        }
        Trigger::EntersSquare(at) => evs.iter().find_map(|e| match e {
            GameEvent::HeroMoved { figure, to, .. } | GameEvent::HeroEntered { figure, at: to } if to == at => {
                Some(Some(*figure))
            }
            _ => None,
        }),
        Trigger::DoorOpened(door) => evs.iter().find_map(|e| match e {
            GameEvent::DoorOpened { door: d, by } if d == door => Some(Some(*by)),
            _ => None,
        }),
        Trigger::Searched(kind, area) => {
            let cause = cause?;
            let hero = match (kind, cause.cmd) {
                (SearchKind::Treasure, Command::SearchTreasure { hero })
                | (SearchKind::Traps, Command::SearchTraps { hero })
                | (SearchKind::SecretDoors, Command::SearchSecretDoors { hero }) => *hero,
                _ => return None,
            };
            // Where the hero searched, even if what the search turned up felled the hero.
            let at = cause.at?;
            (board.in_bounds(at) && board.area(at) == *area).then_some(Some(hero))
        }
        Trigger::Killed(names) => {
            // One of them must be the one that fell (those an event has yet to bring in are
            // not "left" before they come).
            let named = |id: &FigureId| figure_names.0.get(id).is_some_and(|n| names.contains(n));
            let fell = evs.iter().find_map(|e| match e {
                GameEvent::MonsterKilled { figure, by } if named(figure) => Some(*by),
                _ => None,
            })?;
            let left = snap.monsters().any(|m| names.contains(&m.name));
            (!left).then_some(fell)
        }
        Trigger::GroupKilled(group) => {
            let in_group = |id: &FigureId| snap.dungeon.groups.get(id) == Some(group);
            let fell = evs.iter().find_map(|e| match e {
                GameEvent::MonsterKilled { figure, by } if in_group(figure) => Some(*by),
                _ => None,
            })?;
            let left = snap.monsters().any(|m| in_group(&m.id));
            (!left).then_some(fell)
        }
        Trigger::Round(n) => evs
            .iter()
            .any(|e| matches!(e, GameEvent::TurnStarted { round, .. } if round == n))
            .then_some(None),
        Trigger::HeroDies => evs.iter().find_map(|e| match e {
            GameEvent::HeroKilled { figure, .. } => Some(Some(*figure)),
            _ => None,
        }),
        Trigger::Investigated(square) => match cause?.cmd {
            Command::Investigate { hero, at } if at == square => Some(Some(*hero)),
            _ => None,
        },
        // A hero (not a man-at-arms) out with the goal met: by the way out, or the stairway.
        Trigger::GotOut => evs.iter().find_map(|e| match e {
            GameEvent::HeroGotOut { figure } | GameEvent::HeroEscaped { figure }
                if snap.figure(*figure).is_some_and(|f| f.is_hero()) =>
            {
                Some(Some(*figure))
            }
            _ => None,
        }),
    }
}

/// The hero an effect's gift goes to: the one who set the event off if still standing (or just
/// out of the dungeon: the first hero out's reward, Revised #155), else the hero whose turn it
/// is, else the first hero standing.
fn recipient(snap: &Snapshot, by: Option<FigureId>) -> Option<FigureId> {
    let standing = |id: FigureId| snap.figure(id).is_some_and(|f| f.hero && f.alive());
    let out = |id: FigureId| snap.figure(id).is_some_and(|f| f.is_hero() && f.escaped);
    by.filter(|id| standing(*id) || out(*id))
        .or_else(|| snap.active_hero().map(|h| h.id).filter(|id| standing(*id)))
        .or_else(|| snap.living_heroes().next().map(|h| h.id))
}

/// An event opens, locks or unlocks a door: the event, and what comes into sight through it.
fn change_door(world: &mut World, door: u32, open: bool, locked: bool) -> Vec<GameEvent> {
    set_door(world, door, open, locked);
    let mut evs = vec![GameEvent::DoorChanged { door, open, locked }];
    if open && let Some(q) = world.get_resource::<ActiveQuest>().map(|q| q.0.system) {
        evs.extend(q.reveal(world));
    }
    evs
}

fn set_door(world: &mut World, door: u32, open: bool, locked: bool) {
    let mut found = None;
    let mut q = world.query::<(Entity, &mut Door)>();
    for (e, mut d) in q.iter_mut(world) {
        if d.id == door {
            d.open = open;
            d.locked = locked;
            found = Some(e);
        }
    }
    // A secret door an event opens is found, too.
    if open && let Some(e) = found {
        world.entity_mut(e).remove::<Concealed>();
    }
}

fn apply(world: &mut World, effect: &Effect, by: Option<FigureId>) -> Vec<GameEvent> {
    let Some(snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let mut evs = Vec::new();
    match effect {
        Effect::Message(text) => evs.push(GameEvent::QuestMessage { text: text.clone() }),
        Effect::Reveal(area) => {
            let board = snap.board();
            let squares: Vec<Pos> = board.area_squares(*area).collect();
            let mut fog = world.resource_mut::<Fog>();
            let fresh = squares.iter().filter(|p| !fog.is_revealed(**p)).count() as u32;
            for p in &squares {
                let i = board.index(*p);
                fog.revealed[i] = true;
            }
            if fresh > 0 {
                evs.push(GameEvent::AreaRevealed {
                    area: board.area_info[*area as usize].name.clone(),
                    squares: fresh,
                });
            }
            // Monsters standing there wake; sight may now reach further.
            evs.extend(snap.quest.system.reveal(world));
        }
        Effect::OpenDoor(door) => evs.extend(change_door(world, *door, true, false)),
        Effect::LockDoor(door) => {
            evs.extend(change_door(world, *door, false, true));
            // A portcullis the quest drops again sets its lever back: pulled once more, it lifts
            // it (rules-decisions row 54), so no drop leaves a way shut for good by accident.
            if let Some(d) = snap.door(*door).filter(|d| d.kind == DoorKind::Portcullis) {
                let levers: Vec<u32> = (0..snap.quest.levers.len() as u32)
                    .filter(|i| snap.quest.levers[*i as usize].1 == d.edge)
                    .collect();
                let mut dungeon = world.resource_mut::<Dungeon>();
                for i in levers {
                    dungeon.levers_pulled.remove(&i);
                }
            }
        }
        Effect::UnlockDoor(door) => {
            let open = snap.door(*door).is_some_and(|d| d.open);
            evs.extend(change_door(world, *door, open, false));
        }
        Effect::Spawn(monsters) => evs.extend(snap.quest.system.bring_monsters(world, monsters)),
        Effect::GiveGold(amount) => {
            if let Some(hero) = recipient(&snap, by)
                && let Some(e) = snap.figure(hero).map(|f| f.entity)
                && let Some(mut inv) = world.get_mut::<Inventory>(e)
            {
                inv.gold = add_gold(inv.gold, *amount);
                evs.push(GameEvent::GoldFound { hero, amount: *amount });
            }
        }
        Effect::Give(item) => {
            if let Some(hero) = recipient(&snap, by) {
                evs.extend(snap.quest.system.give(world, &snap, hero, item));
            }
        }
        Effect::CompleteObjective => {
            let mut turn = world.resource_mut::<Turn>();
            if !turn.objective_done {
                turn.objective_done = true;
                evs.push(GameEvent::ObjectiveCompleted);
            }
        }
        Effect::FailQuest => {
            let mut turn = world.resource_mut::<Turn>();
            let round = turn.round;
            turn.phase = Phase::Over(Outcome::Lost);
            evs.push(GameEvent::QuestLost { round });
        }
        Effect::Test { test, pass, fail } => {
            if let Some(hero) = recipient(&snap, by) {
                let (rolled, passed) = snap.quest.system.test(world, hero, *test);
                evs.extend(rolled);
                for f in if passed { pass } else { fail } {
                    evs.extend(apply(world, f, Some(hero)));
                }
            }
        }
    }
    evs
}
