//! The game layer: ECS state, the command path and the turn-phase systems. Runs headless.

pub mod actions;
pub mod describe;
pub mod logic;
pub mod model;
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
        .insert_resource(Controllers {
            heroes: Controller::Human,
        })
        .insert_resource(Pace::instant())
        .init_resource::<SorcererMind>()
        .configure_sets(
            Update,
            (GameSet::Input, GameSet::Think, GameSet::Apply, GameSet::Present).chain(),
        )
        .add_systems(
            Update,
            (
                drive_computer_players
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

/// The sorcerer, and bots for heroes no person plays, each send at most one command a frame.
fn drive_computer_players(world: &mut World) {
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
    let Some(snap) = Snapshot::capture(world) else {
        return;
    };
    let cmd = match snap.turn.phase {
        Phase::Over(_) => return,
        Phase::Hero(_) => {
            if world.resource::<Controllers>().heroes != Controller::Bot {
                return;
            }
            if last_was_rejected(world) {
                // A bot never retries a refused command: it ends its turn instead of looping.
                Command::EndTurn
            } else {
                ai::heroes::next_command(&snap)
            }
        }
        Phase::Sorcerer => {
            let started = Instant::now();
            let rejected = last_was_rejected(world);
            let mut mind_turn = std::mem::take(&mut world.resource_mut::<SorcererMind>().turn);
            if rejected {
                // Never retry a refused command: that monster is done for this turn.
                mind_turn.current = None;
            }
            let (cmd, reason) = ai::sorcerer::next_command(&snap, &mut mind_turn);
            let spent = started.elapsed().as_nanos() as u64;
            let mut mind = world.resource_mut::<SorcererMind>();
            mind.turn = mind_turn;
            mind.current_ns += spent;
            if cmd == Command::EndTurn {
                let total = std::mem::take(&mut mind.current_ns);
                mind.turn_ns.push(total);
            }
            if let Some((figure, text)) = reason {
                logic::narrate(world, GameEvent::SorcererReasoned { figure, text });
            }
            cmd
        }
    };
    world.write_message(cmd);
}

fn last_was_rejected(world: &World) -> bool {
    world
        .get_resource::<EventLog>()
        .and_then(|l| l.0.last())
        .is_some_and(|e| matches!(e, GameEvent::CommandRejected { .. }))
}
