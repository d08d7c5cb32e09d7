//! Builds the windowed app: engine plugins, the game, the board view, the panels and input.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::RequestRedraw;
use bevy::window::{PresentMode, WindowResolution};
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

use crate::game::{self, Controller, Controllers, Pace, logic};
pub use crate::screen::{JustRestored, Screen, SettingsProblem, UndoAvailable, UndoRequest};
pub use crate::start::PendingQuest;

/// Options for runs in a window, used by the checks that take screenshots.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct WindowArgs {
    /// Save a screenshot of the window to this PNG file.
    #[arg(long, global = true, value_name = "PATH")]
    pub screenshot: Option<std::path::PathBuf>,
    /// Frame after which the screenshot is taken.
    #[arg(long, global = true, default_value_t = 60, value_name = "N")]
    pub after_frames: u32,
    /// Exit cleanly after this many frames.
    #[arg(long, global = true, value_name = "N")]
    pub quit_after_frames: Option<u32>,
    /// Open a window of the title screen at start: players or options (for screenshots).
    #[arg(long, global = true, value_name = "WINDOW", value_parser = ["players", "options"])]
    pub open: Option<String>,
    /// Walk every screen and write which interactive widgets lie out of reach to this file,
    /// then exit (the layout check of `tests/layout.rs`, issue 39).
    #[arg(long, global = true, value_name = "PATH", hide = true)]
    pub layout_check: Option<std::path::PathBuf>,
    /// With --layout-check: also a screenshot of each screen of the tour, into this folder.
    #[arg(long, global = true, value_name = "DIR", hide = true)]
    pub layout_shots: Option<std::path::PathBuf>,
    /// With `edit`: rate the quest at once, for SECONDS, and print the main thread's frame
    /// times while the bots play (`ui::editor::check`).
    #[arg(long, global = true, value_name = "SECONDS", hide = true)]
    pub rate_check: Option<f32>,
}

/// Where the app begins.
pub enum Start {
    Title,
    /// `pace`: seconds between the computer's moves; None keeps the player's setting.
    /// `seats`: the players for this game; None keeps the ones set up in the game.
    Quest {
        quest: PendingQuest,
        pace: Option<f32>,
        seats: Option<crate::input::seats::Seats>,
    },
    /// The quest editor on a quest (`hollowdeep edit`).
    Editor(Box<crate::editor::Document>),
    /// Watch a replay (its quest and seed are in `quest`; its commands fed one by one).
    Watch {
        quest: PendingQuest,
        commands: Vec<game::model::Command>,
        pace: Option<f32>,
    },
}

/// Takes back the last command when asked and allowed: the game is rebuilt without it.
fn apply_undo(world: &mut World) {
    world.remove_resource::<UndoRequest>();
    match logic::undo(world) {
        Ok(_) => {
            world.remove_resource::<crate::ai::Thinking>();
            *world.resource_mut::<crate::ai::SorcererMind>() = Default::default();
            world.insert_resource(JustRestored);
        }
        // Said in the log, once however often the key is pressed (the log counts repeats).
        Err(why) => {
            world.write_message(game::model::GameEvent::CommandRejected { reason: why });
        }
    }
}

fn track_undo(world: &mut World) {
    let status = logic::undo_status(world);
    let what = match &status {
        Ok(i) => world
            .get_resource::<game::model::CommandLog>()
            .and_then(|log| log.0.get(*i))
            .map(|c| {
                let names = world
                    .get_resource::<game::model::FigureNames>()
                    .cloned()
                    .unwrap_or_default();
                game::describe::command(c, &names)
            })
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    let now = UndoAvailable(status, what);
    if world.get_resource::<UndoAvailable>() != Some(&now) {
        world.insert_resource(now);
    }
}

#[derive(Resource, Clone)]
struct FrameChecks {
    args: WindowArgs,
    frame: u32,
}

/// The baseline for memory measurements: Bevy's default plugins in a window of the game's size
/// with a 2D camera, none of the game.
pub fn run_bare_window() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Bare Bevy window".into(),
                resolution: WindowResolution::new(1600, 900),
                present_mode: PresentMode::AutoVsync,
                ..default()
            }),
            ..default()
        }))
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .run();
}

pub fn run(start: Start, window: WindowArgs) {
    let open = window.open.clone();
    let layout_check = window.layout_check.clone();
    let rate_check = window.rate_check;
    let layout_shots = window.layout_shots.clone();
    let (settings, settings_problem) = crate::save::settings::Settings::load();
    // No silent exits (issue 39): what the last run left to say, then this run's report hook.
    let data = crate::save::data_dir();
    let last_run = data.as_deref().and_then(crate::save::crash::take_last);
    if let Some(d) = &data {
        crate::save::crash::install(d.clone());
    }
    let settings_problem = match (settings_problem, last_run) {
        (Some(p), Some(l)) => Some(format!("{l}\n• {p}")),
        (p, l) => l.or(p),
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Hollowdeep".into(),
                    // No larger than the designed size until the screen is known: then the
                    // options' system gives it the settings' size, cut to the screen.
                    resolution: WindowResolution::new(
                        settings.window_size.0.min(1600),
                        settings.window_size.1.min(900),
                    ),
                    present_mode: PresentMode::AutoVsync,
                    ..default()
                }),
                ..default()
            })
            .set(ImagePlugin::default_nearest()),
    )
    // A turn-based game idles: it redraws on input, and `keep_drawing` asks for every frame
    // while the computer plays or figures slide; `idle_wakeups` sets how long it may sleep.
    .insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAKEUP),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKEUP),
    })
    .add_systems(Update, idle_wakeups)
    .add_systems(Update, keep_drawing)
    .insert_resource(ClearColor(Color::srgb(0.06, 0.05, 0.07)))
    .add_plugins((game::plugin, crate::ai::driver::plugin))
    // The sorcerer plans on the async compute pool so the window never waits for it.
    .insert_resource(crate::ai::PlanOffThread(true))
    .insert_resource(Pace {
        delay: settings.pace,
        waited: 0.0,
        fast_forward: false,
    })
    .insert_resource(settings.seats.clone())
    .insert_resource(settings)
    .insert_resource(SettingsProblem(settings_problem))
    .init_state::<Screen>()
    .add_plugins((crate::view::plugin, crate::ui::plugin, crate::input::plugin))
    .insert_resource(FrameChecks { args: window, frame: 0 })
    .add_systems(Update, frame_checks)
    .add_systems(OnEnter(Screen::Title), clear_quest)
    .add_systems(Update, begin_pending_quest.run_if(resource_exists::<PendingQuest>));
    app.add_plugins((
        crate::save::autosave::plugin,
        crate::campaign::plugin,
        crate::epic::plugin,
    ))
    .init_resource::<UndoAvailable>()
    .add_systems(
        Update,
        (
            apply_undo
                .run_if(resource_exists::<UndoRequest>)
                .in_set(game::GameSet::Apply)
                .before(game::apply_commands),
            track_undo.in_set(game::GameSet::Present),
        ),
    );
    if let Some(path) = layout_check {
        app.insert_resource(crate::ui::tour::LayoutTour::new(path, layout_shots));
    }
    match open.as_deref() {
        Some("players") => {
            app.insert_resource(crate::ui::party::PlayersOpen(true));
        }
        Some("options") => {
            app.insert_resource(crate::ui::options::OptionsOpen(true));
        }
        _ => {}
    }
    if let Start::Watch { quest, commands, pace } = start {
        if let Some(delay) = pace {
            app.world_mut().resource_mut::<Pace>().delay = delay;
        }
        app.insert_resource(game::Watching {
            commands,
            next: 0,
            playing: true,
            step: false,
        });
        app.insert_resource(quest);
        run_to_the_end(app, data.as_deref());
        return;
    }
    if let Start::Editor(doc) = start {
        app.insert_resource(crate::ui::editor::EditorState::new(*doc));
        if let Some(seconds) = rate_check {
            app.insert_resource(crate::ui::editor::check::RateCheck {
                seconds,
                began: None,
                idle_since: None,
                idle_ms: Vec::new(),
            });
        }
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Editor);
        run_to_the_end(app, data.as_deref());
        return;
    }
    if let Start::Quest { quest, pace, seats } = start {
        if let Some(delay) = pace {
            app.world_mut().resource_mut::<Pace>().delay = delay;
        }
        if let Some(seats) = seats {
            app.insert_resource(seats);
        }
        app.insert_resource(quest);
    }
    run_to_the_end(app, data.as_deref());
}

/// Runs the window until it closes; a clean close takes this run's mark away (`save::crash`).
fn run_to_the_end(mut app: App, data: Option<&std::path::Path>) {
    app.run();
    if let Some(d) = data {
        crate::save::crash::closed_cleanly(d);
    }
}

/// Starts the pending quest: the game resets the board, the view follows `ActiveQuest`.
fn begin_pending_quest(world: &mut World) {
    let Some(p) = world.remove_resource::<PendingQuest>() else {
        return;
    };
    world.insert_resource(p.opponents);
    world.remove_resource::<crate::ai::Thinking>();
    *world.resource_mut::<crate::ai::SorcererMind>() = Default::default();
    // A replay being watched is not a game in progress: nothing is saved.
    if world.contains_resource::<game::Watching>() {
        world.remove_resource::<crate::save::autosave::SaveSlot>();
    } else {
        let mut slot = crate::save::autosave::SaveSlot::new(&p.source, p.autoplay, p.companions.clone());
        slot.campaign = p.campaign;
        if let Some((commands, _)) = &p.restore {
            slot = slot.loaded(p.own_file.clone(), commands.len());
        }
        world.insert_resource(slot);
    }
    world.remove_resource::<crate::campaign::CampaignNews>();
    world.remove_resource::<crate::epic::EpicNews>();
    // An Epic mission says where it stands in its campaign.
    let standing = (p.campaign && p.quest.mission.is_some())
        .then(crate::epic::Epic::path)
        .flatten()
        .and_then(|path| crate::epic::Epic::read(&path).ok())
        .map(|e| crate::epic::EpicStanding::of(&e));
    match standing {
        Some(s) => world.insert_resource(s),
        None => {
            world.remove_resource::<crate::epic::EpicStanding>();
        }
    }
    match &p.restore {
        Some((commands, notes)) => {
            logic::restore(world, p.quest, p.seed, commands, notes);
            world.insert_resource(JustRestored);
            let slot = world.resource::<crate::save::autosave::SaveSlot>();
            info!("Resumed {} at command {}", slot.source, commands.len());
            // Printed for people and scripts: where the game picked up.
            println!("resumed {} at command {}", slot.source, commands.len());
        }
        None => {
            // Who at the table plays which heroes together (Revised #39): part of the game, kept
            // in its save; a resumed game keeps its own.
            let quest = if p.autoplay || p.quest.mission.is_some() {
                p.quest
            } else {
                let seats = world
                    .get_resource::<crate::input::seats::Seats>()
                    .cloned()
                    .unwrap_or_default();
                std::sync::Arc::new(p.quest.with_players(&seats.players(&p.quest.heroes, &p.companions)))
            };
            logic::start_quest(world, quest, p.seed);
        }
    }
    let mut companions: std::collections::BTreeSet<game::model::FigureId> = world
        .query::<(&game::model::FigureId, &game::model::Hero)>()
        .iter(world)
        .filter(|(_, h)| p.companions.contains(&h.class))
        .map(|(id, _)| *id)
        .collect();
    // A companion's men-at-arms are the computer's too (Revised #152).
    let men: Vec<game::model::FigureId> = world
        .query::<(&game::model::FigureId, &game::model::Retainer)>()
        .iter(world)
        .filter(|(_, r)| companions.contains(&r.serves))
        .map(|(id, _)| *id)
        .collect();
    companions.extend(men);
    world.insert_resource(Controllers {
        heroes: if p.autoplay { Controller::Bot } else { Controller::Human },
        companions,
        sorcerer: if p.sorcerer_player.is_some() {
            Controller::Human
        } else {
            Controller::Bot
        },
    });
    match &p.sorcerer_player {
        Some(seat) => world.insert_resource(seat.clone()),
        None => {
            world.remove_resource::<crate::input::seats::SorcererSeat>();
        }
    }
    // From the title screen, or a quest started over in place ("Play again", a reloaded
    // quest file): setting the same state again would run its exit, which takes down the board
    // just built for the new game.
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Screen>>(), Screen::Playing);
}

/// How long the window sleeps without input when nothing on screen is timed. A frame on the
/// software renderer costs about a tenth of a second of CPU, so waking every 100 ms kept a core
/// and a half busy while the game waited for a click.
const IDLE_WAKEUP: Duration = Duration::from_secs(5);
/// While a timed thing is on screen (a card that turns over after a few seconds).
const TIMED_WAKEUP: Duration = Duration::from_millis(250);

/// While a gamepad is connected: its buttons are read by polling, not delivered as window
/// events, so the app must wake often enough for a press to feel immediate.
const GAMEPAD_WAKEUP: Duration = Duration::from_millis(33);

/// Sleeps long when nothing on screen changes by itself, briefly while a card is shown, and
/// only a frame's time while a gamepad is plugged in.
fn idle_wakeups(
    card: Res<crate::ui::log::CardPopup>,
    time: Res<Time>,
    pads: Query<(), With<bevy::input::gamepad::Gamepad>>,
    files: Res<crate::ui::reload::QuestFiles>,
    mut winit: ResMut<WinitSettings>,
    editor: Option<Res<crate::ui::editor::EditorState>>,
) {
    // A quest file being saved: look again once the writes have settled; the bots rating a
    // quest in the editor: show their progress.
    let timed = files.settling()
        || editor.is_some_and(|e| e.rating_running())
        || card
            .since
            .is_some_and(|since| time.elapsed_secs() - since < card.seconds() + 0.5);
    let wait = if !pads.is_empty() {
        GAMEPAD_WAKEUP
    } else if timed {
        TIMED_WAKEUP
    } else {
        IDLE_WAKEUP
    };
    let want = WinitSettings {
        focused_mode: UpdateMode::reactive(wait),
        unfocused_mode: UpdateMode::reactive_low_power(wait),
    };
    if winit.focused_mode != want.focused_mode || winit.unfocused_mode != want.unfocused_mode {
        *winit = want;
    }
}

/// Keeps frames coming while something moves: the sorcerer's or a bot's turn, or a pending quest.
fn keep_drawing(
    turn: Option<Res<game::model::Turn>>,
    controllers: Res<Controllers>,
    checks: Res<FrameChecks>,
    paused: Res<game::Paused>,
    watching: Option<Res<game::Watching>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // A replay playing feeds a command at its pace.
    let replaying = watching.is_some_and(|w| (w.playing || w.step) && w.next < w.commands.len());
    // Paused, the computer waits: nothing moves by itself.
    let automated = replaying
        || !paused.0
            && turn.is_some_and(|t| match t.phase {
                game::model::Phase::Sorcerer => true,
                game::model::Phase::Hero(_) => !controllers.human_to_act(&t),
                game::model::Phase::Over(_) => false,
            });
    // Screenshot and quit-after checks count frames: keep them coming.
    let counting = checks.args.screenshot.is_some()
        || checks.args.quit_after_frames.is_some()
        || checks.args.layout_check.is_some();
    if automated || counting {
        redraw.write(RequestRedraw);
    }
}

/// Leaving a quest for the title screen clears the board.
fn clear_quest(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<game::model::QuestEntity>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    world.remove_resource::<game::model::ActiveQuest>();
    world.remove_resource::<game::model::Turn>();
    // A quest left from the pause menu: its plan in the making is dropped (the save has every
    // command made), and the next quest starts unpaused.
    world.remove_resource::<crate::ai::Thinking>();
    world.insert_resource(game::Paused(false));
}

/// `--screenshot PATH --after-frames N` and `--quit-after-frames N`.
fn frame_checks(mut commands: Commands, mut checks: ResMut<FrameChecks>, mut exit: MessageWriter<AppExit>) {
    checks.frame += 1;
    let frame = checks.frame;
    if let Some(path) = checks.args.screenshot.clone()
        && frame == checks.args.after_frames.max(1)
    {
        let path: PathBuf = path;
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
    }
    if let Some(q) = checks.args.quit_after_frames
        && frame >= q
    {
        exit.write(AppExit::Success);
    }
}
