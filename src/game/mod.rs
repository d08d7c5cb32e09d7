//! The game layer: ECS state, the command path and the turn-phase systems. Runs headless.

pub mod describe;
mod event_kinds;
pub mod heroica;
pub mod heroquest;
pub mod logic;
pub mod model;
pub mod script;
pub mod snapshot;
mod system;
mod world;

use bevy::prelude::*;

use model::Command;
use model::*;

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
        if let Some(p) = &turn.pending {
            // A hero's choice (a failed Mastery test) is its player's; the rest are Morcar's.
            return match p.chooser() {
                model::Actor::Hero(id) => !self.bot_plays(id),
                model::Actor::Sorcerer => false,
            };
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
    match &turn.pending {
        Some(p) => p.sorcerers(),
        None => turn.phase == Phase::Sorcerer,
    }
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

pub fn plugin(app: &mut App) {
    app.add_message::<Command>()
        .add_message::<GameEvent>()
        .init_state::<TurnPhase>()
        .insert_resource(Controllers::all(Controller::Human))
        .insert_resource(Pace::instant())
        .init_resource::<Paused>()
        .configure_sets(
            Update,
            (GameSet::Input, GameSet::Think, GameSet::Apply, GameSet::Present).chain(),
        )
        .add_systems(
            Update,
            (
                feed_replay
                    .in_set(GameSet::Think)
                    .run_if(resource_exists::<ActiveQuest>),
                (apply_commands, sync_phase).chain().in_set(GameSet::Apply),
            ),
        );
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

/// What a replay asks of whoever drives the computer players (`logic::restore`): `start` when
/// the rebuild begins, `command` before each command is submitted again (the sorcerer recalls
/// the plan it had when it sent it). The game layer names no computer player: `ai::driver`
/// puts its own here.
#[derive(Resource, Clone, Copy)]
pub struct ReplayHooks {
    pub start: fn(&mut World),
    pub command: fn(&mut World, &Command),
}
