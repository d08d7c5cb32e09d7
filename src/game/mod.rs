//! The game layer: ECS state, the command path and the turn-phase systems. Runs headless.

pub mod actions;
pub mod choices;
pub mod describe;
pub mod logic;
pub mod model;
pub mod script;
pub mod snapshot;

use std::time::Instant;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::ai;
use model::Command;
use model::*;
use snapshot::Snapshot;

/// The app-wide order of work in a frame: input and computer players propose commands, the game
/// applies them, then the presentation plays back the events.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Think,
    Apply,
    Present,
}

/// Who plays each hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Human,
    Bot,
}

#[derive(Resource, Clone, Debug)]
pub struct Controllers {
    pub heroes: Controller,
    /// Heroes the hero bot plays beside the people (solo play with companions).
    pub companions: std::collections::BTreeSet<FigureId>,
    /// Who plays the sorcerer: the computer (the default) or a person at the table.
    pub sorcerer: Controller,
}

impl Controllers {
    pub fn all(heroes: Controller) -> Controllers {
        Controllers {
            heroes,
            companions: Default::default(),
            sorcerer: Controller::Bot,
        }
    }

    /// Is the sorcerer's player (a person) to act now: the sorcerer's turn, or a choice of the
    /// sorcerer's in the middle of a hero's turn (a wandering monster to place)?
    pub fn sorcerer_to_act(&self, turn: &Turn) -> bool {
        self.sorcerer == Controller::Human && sorcerers_move(turn)
    }

    /// Does the computer play this hero?
    pub fn bot_plays(&self, hero: FigureId) -> bool {
        self.heroes == Controller::Bot || self.companions.contains(&hero)
    }

    /// Is a person's command awaited now: a hero's turn, or a spell-school pick, of a hero no bot
    /// plays (not while the sorcerer has a choice to make)?
    pub fn human_to_act(&self, turn: &Turn) -> bool {
        if turn.pending.is_some() {
            return false;
        }
        let who = match (&turn.draft, turn.phase) {
            (Some(d), _) => Some(d.next),
            (None, Phase::Hero(id)) => Some(id),
            _ => None,
        };
        who.is_some_and(|id| !self.bot_plays(id))
    }
}

/// Is it the sorcerer's move: its turn, or a choice it must make now?
pub fn sorcerers_move(turn: &Turn) -> bool {
    turn.phase == Phase::Sorcerer || turn.pending.is_some()
}

/// Time between automated commands (sorcerer and bots), so a person can follow them.
/// Zero in headless runs. Decisions never depend on it.
#[derive(Resource, Clone, Debug)]
pub struct Pace {
    pub delay: f32,
    pub waited: f32,
    pub fast_forward: bool,
}

impl Pace {
    pub fn instant() -> Self {
        Pace {
            delay: 0.0,
            waited: 0.0,
            fast_forward: false,
        }
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

pub fn plugin(app: &mut App) {
    app.add_message::<Command>()
        .add_message::<GameEvent>()
        .init_state::<TurnPhase>()
        .insert_resource(Controllers::all(Controller::Human))
        .insert_resource(Pace::instant())
        .init_resource::<SorcererMind>()
        .init_resource::<Opponents>()
        .init_resource::<Paused>()
        .configure_sets(
            Update,
            (GameSet::Input, GameSet::Think, GameSet::Apply, GameSet::Present).chain(),
        )
        .add_systems(
            Update,
            (
                (drive_computer_players, feed_replay)
                    .in_set(GameSet::Think)
                    .run_if(resource_exists::<ActiveQuest>),
                (apply_commands, sync_phase).chain().in_set(GameSet::Apply),
            ),
        );
}

/// A headless app (no window, no rendering) with the game plugin: for tests and `simulate`.
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).add_plugins(plugin);
    app
}

/// The one system that applies commands, in the order they were sent.
pub fn apply_commands(world: &mut World) {
    let cmds: Vec<Command> = world.resource_mut::<Messages<Command>>().drain().collect();
    for cmd in cmds {
        logic::submit(world, cmd);
    }
}

/// Mirrors the turn phase into the `TurnPhase` state.
fn sync_phase(turn: Option<Res<Turn>>, state: Res<State<TurnPhase>>, mut next: ResMut<NextState<TurnPhase>>) {
    let want = match turn.map(|t| t.phase) {
        None => TurnPhase::NoQuest,
        Some(Phase::Hero(_)) => TurnPhase::Heroes,
        Some(Phase::Sorcerer) => TurnPhase::Sorcerer,
        Some(Phase::Over(_)) => TurnPhase::Over,
    };
    if *state.get() != want {
        next.set(want);
    }
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

/// The sorcerer, and bots for heroes no person plays, each send at most one command a frame.
/// A replay being watched in the window: its commands are fed one at a time (playing at the
/// pace, or a step at a time); nobody else moves, and nothing is saved.
#[derive(Resource, Clone, Debug)]
pub struct Watching {
    pub commands: Vec<model::Command>,
    pub next: usize,
    pub playing: bool,
    /// One command, now (the Step button).
    pub step: bool,
}

/// Feeds a watched replay's next command when it is time.
fn feed_replay(world: &mut World) {
    let Some(mut w) = world.get_resource::<Watching>().cloned() else {
        return;
    };
    if w.next >= w.commands.len() || world.get_resource::<Paused>().is_some_and(|p| p.0) {
        return;
    }
    let go = if w.step {
        true
    } else if w.playing {
        let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
        let mut pace = world.resource_mut::<Pace>();
        pace.waited += dt;
        if pace.delay > 0.0 && !pace.fast_forward && pace.waited < pace.delay {
            false
        } else {
            pace.waited = 0.0;
            true
        }
    } else {
        false
    };
    if go {
        let cmd = w.commands[w.next].clone();
        w.next += 1;
        w.step = false;
        world.write_message(cmd);
        world.insert_resource(w);
    }
}

/// The game is paused (the pause menu is open): the computer players wait too.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);

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
pub(crate) fn recall_sorcerer(world: &mut World, sent: &Command) {
    // Only the sorcerer's commands: a hero's costs no read of the world.
    let sorcerers = world.get_resource::<Turn>().is_some_and(|t| t.phase == Phase::Sorcerer);
    if !sorcerers || !world.contains_resource::<SorcererMind>() {
        return;
    }
    let Some(snap) = Snapshot::capture(world) else {
        return;
    };
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
    if let Some(model::Pending::PlaceWanderer { kind, squares, .. }) = &snap.turn.pending {
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

fn last_was_rejected(world: &World) -> bool {
    world
        .get_resource::<EventLog>()
        .and_then(|l| l.0.last())
        .is_some_and(|e| matches!(e, GameEvent::CommandRejected { .. }))
}
