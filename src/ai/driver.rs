//! The computer players' driver: who the opponents are, the sorcerer's memory between commands,
//! `decide` (the next command of whichever computer player is to act, shared by the window and
//! `simulate`), and the system that plans the sorcerer on the async compute pool in the window.

use std::time::Instant;

use bevy::prelude::*;

use crate::ai;
use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::Snapshot;
use crate::game::{Controller, Controllers, GameSet, Pace, Paused, ReplayHooks, Watching, logic};

/// The driver's resources and its system, and its hooks for rebuilding a game.
pub fn plugin(app: &mut App) {
    app.init_resource::<SorcererMind>()
        .init_resource::<Opponents>()
        .insert_resource(hooks())
        .add_systems(
            Update,
            drive_computer_players
                .in_set(GameSet::Think)
                .run_if(resource_exists::<ActiveQuest>),
        );
}

/// What a rebuilt game asks of the sorcerer: forget the turn, then recall each plan.
pub fn hooks() -> ReplayHooks {
    ReplayHooks {
        start: |world| {
            if let Some(mut mind) = world.get_resource_mut::<SorcererMind>() {
                mind.turn = Default::default();
            }
        },
        command: recall_sorcerer,
    }
}

/// The sorcerer's planning memory and think-time measurements (for `simulate`'s report only).
#[derive(Resource, Default, Debug)]
pub struct SorcererMind {
    pub turn: ai::sorcerer::SorcererTurn,
    /// Nanoseconds spent planning in the current sorcerer turn.
    pub current_ns: u64,
    /// Planning time of each completed sorcerer turn.
    pub turn_ns: Vec<u64>,
}

/// Who the computer players are: the sorcerer's level and the bot that plays unclaimed heroes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opponents {
    pub sorcerer: ai::SorcererLevel,
    pub heroes_bot: ai::HeroBot,
}

/// Where the sorcerer plans: inline (headless runs, tests) or on Bevy's async compute pool (the
/// window, so it never freezes). The plan is the same either way; only when it arrives differs.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlanOffThread(pub bool);

type Thought = (ai::sorcerer::SorcererTurn, Command, Option<(FigureId, String)>, u64);

/// A sorcerer plan being made on the async compute pool.
#[derive(Resource)]
pub struct Thinking(bevy::tasks::Task<Thought>);

fn drive_computer_players(world: &mut World) {
    if world.get_resource::<Paused>().is_some_and(|p| p.0) || world.contains_resource::<Watching>() {
        return;
    }
    if let Some(mut thinking) = world.remove_resource::<Thinking>() {
        match bevy::tasks::futures::check_ready(&mut thinking.0) {
            Some(thought) => {
                let cmd = settle_thought(world, thought);
                world.write_message(cmd);
            }
            None => {
                world.insert_resource(thinking);
            }
        }
        return;
    }
    let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    {
        let mut pace = world.resource_mut::<Pace>();
        if pace.delay > 0.0 && !pace.fast_forward {
            pace.waited += dt;
            if pace.waited < pace.delay {
                return;
            }
            pace.waited = 0.0;
        }
    }
    if !world.resource::<Messages<Command>>().is_empty() {
        return;
    }
    let off_thread = world.get_resource::<PlanOffThread>().is_some_and(|p| p.0);
    let computer_sorcerer = world.resource::<Controllers>().sorcerer == Controller::Bot;
    if off_thread
        && computer_sorcerer
        && let Some(snap) = Snapshot::capture(world)
        && snap.turn.phase == Phase::Sorcerer
        && snap.turn.pending.is_none()
        && snap.table.is_none()
    {
        let (mut turn, level) = sorcerer_inputs(world);
        let task = bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
            let started = Instant::now();
            let (cmd, reason) = ai::sorcerer::next_command(&snap, &mut turn, level);
            (turn, cmd, reason, started.elapsed().as_nanos() as u64)
        });
        world.insert_resource(Thinking(task));
        return;
    }
    if let Some(cmd) = decide(world) {
        world.write_message(cmd);
    }
}

/// The sorcerer's memory (a refused command retires the monster) and level.
fn sorcerer_inputs(world: &mut World) -> (ai::sorcerer::SorcererTurn, ai::SorcererLevel) {
    let rejected = last_was_rejected(world);
    let mut turn = std::mem::take(&mut world.resource_mut::<SorcererMind>().turn);
    if rejected {
        // Never retry a refused command: that monster is done for this turn.
        if let Some(cur) = turn.current.take() {
            turn.done.insert(cur);
        }
        turn.queue.clear();
    }
    let level = world.get_resource::<Opponents>().copied().unwrap_or_default().sorcerer;
    (turn, level)
}

/// Before a command is replayed (`logic::restore`): if the sorcerer sent it, the sorcerer
/// thinks it over again, so that its memory of the turn (the monsters done, the one in the
/// middle of its plan and the rest of that plan) is what it was when the command was sent, and
/// a game rebuilt from a save goes on as the live game would have. Its reasons are not logged
/// again: the notes restored with the commands hold them. A command the sorcerer would not have
/// sent (one a test scripted) leaves it with a fresh memory.
pub fn recall_sorcerer(world: &mut World, sent: &Command) {
    // Only the sorcerer's commands: a hero's costs no read of the world.
    let sorcerers = world.get_resource::<Turn>().is_some_and(|t| t.phase == Phase::Sorcerer);
    if !sorcerers || !world.contains_resource::<SorcererMind>() {
        return;
    }
    let Some(snap) = Snapshot::capture(world) else {
        return;
    };
    if snap.table.is_some() {
        // Heroica's monster player keeps no memory between commands.
        return;
    }
    let (mut turn, level) = sorcerer_inputs(world);
    let (cmd, _) = ai::sorcerer::next_command(&snap, &mut turn, level);
    turn.notes.clear();
    world.resource_mut::<SorcererMind>().turn = if cmd == *sent { turn } else { Default::default() };
}

/// Stores the sorcerer's memory and think time, and logs its reasons; returns its command.
fn settle_thought(world: &mut World, (mut turn, cmd, reason, spent): Thought) -> Command {
    let notes = std::mem::take(&mut turn.notes);
    let mut mind = world.resource_mut::<SorcererMind>();
    mind.turn = turn;
    mind.current_ns += spent;
    if cmd == Command::EndTurn {
        let total = std::mem::take(&mut mind.current_ns);
        mind.turn_ns.push(total);
    }
    for (figure, text) in notes.into_iter().chain(reason) {
        logic::narrate(world, GameEvent::SorcererReasoned { figure, text });
    }
    cmd
}

/// The next command of whichever computer player is to move now, planned on this thread; None
/// when a person is to move or the quest is over. Headless games call this in a loop.
pub fn decide(world: &mut World) -> Option<Command> {
    decide_from(world, None).map(|(cmd, _)| cmd)
}

/// `decide` from a picture of the world as it stands, when the caller holds one (see
/// `logic::submit_from`); gives the command with the picture it was planned on, which still
/// holds: deciding changes nothing on the board.
pub fn decide_from(world: &mut World, snap: Option<Snapshot>) -> Option<(Command, Snapshot)> {
    let snap = match snap {
        Some(snap) => snap,
        None => Snapshot::capture(world)?,
    };
    let person_sorcerer = world.resource::<Controllers>().sorcerer == Controller::Human;
    if let Some(table) = snap.table.clone() {
        return heroica_decides(world, &snap, &table, person_sorcerer).map(|cmd| (cmd, snap));
    }
    // Revised's advanced game: Morcar's Dungeon cards, a hero's failed Mastery test (#165, #168).
    match &snap.turn.pending {
        Some(Pending::DungeonCards { .. }) => {
            if person_sorcerer {
                return None;
            }
            let level = world.get_resource::<Opponents>().copied().unwrap_or_default().sorcerer;
            let (cmd, reason) = ai::morcar::choose_dungeon_cards(&snap, level);
            let by = snap.heroes().next().map_or(FigureId(0), |h| h.id);
            logic::narrate(
                world,
                GameEvent::SorcererReasoned {
                    figure: by,
                    text: reason,
                },
            );
            return Some((cmd, snap));
        }
        Some(Pending::Mastery { .. }) => {
            if world.resource::<Controllers>().human_to_act(&snap.turn) {
                return None;
            }
            let pay = ai::heroes::advanced::pays_mastery(&snap);
            return Some((Command::Mastery { pay }, snap));
        }
        _ => {}
    }
    // A hero bot breaks in with Fate at a boundary between activations (#173).
    if snap.turn.pending.is_none()
        && !last_was_rejected(world)
        && let Some(cmd) = ai::heroes::advanced::interrupt(&snap)
        && let Command::SpendFate { hero, .. } = cmd
        && world.resource::<Controllers>().bot_plays(hero)
    {
        return Some((cmd, snap));
    }
    if let Some(Pending::PlaceWanderer { kind, squares, .. }) = &snap.turn.pending {
        if person_sorcerer {
            return None;
        }
        // The computer sorcerer puts the wandering monster where it hurts most.
        let level = world.get_resource::<Opponents>().copied().unwrap_or_default().sorcerer;
        let at = ai::planner::place_wanderer(&snap, level, kind, squares).or_else(|| squares.first().copied())?;
        return Some((Command::PlaceWanderer { at }, snap));
    }
    let cmd = match snap.turn.phase {
        Phase::Over(_) => None,
        Phase::Sorcerer if person_sorcerer => None,
        Phase::Hero(_) => {
            if world.resource::<Controllers>().human_to_act(&snap.turn) {
                return None;
            }
            if last_was_rejected(world) {
                // A bot never retries a refused command: it ends its turn instead of looping.
                Some(Command::EndTurn)
            } else {
                let bot = world
                    .get_resource::<Opponents>()
                    .copied()
                    .unwrap_or_default()
                    .heroes_bot;
                Some(ai::heroes::next_command(&snap, bot))
            }
        }
        Phase::Sorcerer => {
            let started = Instant::now();
            let (mut turn, level) = sorcerer_inputs(world);
            let (cmd, reason) = ai::sorcerer::next_command(&snap, &mut turn, level);
            let spent = started.elapsed().as_nanos() as u64;
            Some(settle_thought(world, (turn, cmd, reason, spent)))
        }
    };
    cmd.map(|cmd| (cmd, snap))
}

/// LEGO Heroica's computer players: a rival for a hero no person plays, the monster player in
/// Battle (its reasons in the log, as the sorcerer's).
fn heroica_decides(
    world: &mut World,
    snap: &Snapshot,
    table: &crate::rules::heroica::play::Table,
    person_sorcerer: bool,
) -> Option<Command> {
    use crate::game::heroica::command_of;
    let opponents = world.get_resource::<Opponents>().copied().unwrap_or_default();
    match snap.turn.phase {
        Phase::Over(_) => None,
        Phase::Sorcerer if person_sorcerer => None,
        Phase::Hero(id) => {
            if world.resource::<Controllers>().human_to_act(&snap.turn) {
                return None;
            }
            if last_was_rejected(world) {
                return Some(Command::EndTurn);
            }
            Some(command_of(&ai::heroica::rival(
                table,
                id.0,
                opponents.heroes_bot,
                snap.ai_seed,
            )))
        }
        Phase::Sorcerer => {
            if last_was_rejected(world) {
                return Some(Command::EndTurn);
            }
            let started = Instant::now();
            let (act, reason) = ai::heroica_monsters::monster_player(table, opponents.sorcerer, snap.ai_seed);
            let spent = started.elapsed().as_nanos() as u64;
            let cmd = command_of(&act);
            let mut mind = world.resource_mut::<SorcererMind>();
            mind.current_ns += spent;
            if cmd == Command::EndTurn {
                let total = std::mem::take(&mut mind.current_ns);
                mind.turn_ns.push(total);
            }
            if let Some((figure, text)) = reason {
                logic::narrate(
                    world,
                    GameEvent::SorcererReasoned {
                        figure: FigureId(figure),
                        text,
                    },
                );
            }
            Some(cmd)
        }
    }
}

fn last_was_rejected(world: &World) -> bool {
    world
        .get_resource::<EventLog>()
        .and_then(|l| l.0.last())
        .is_some_and(|e| matches!(e, GameEvent::CommandRejected { .. }))
}
