//! The layout tour (issue 39): `--layout-check PATH` walks the real window through every screen a
//! player meets (the title in its states, its windows, each rule system's play screen, the
//! sorcerer's seat, the end of a quest, the party and armory, at the default interface scale and
//! the largest) and writes, for each, how many interactive widgets egui laid out and which of
//! them a player could not reach: outside the window, and not in a scroll area that brings them
//! in. `tests/layout.rs` runs it under Xvfb at 1280×720, 1366×768 and 1920×1080.
//!
//! The tour drives the game the way a player does: quests begin through `PendingQuest`, moves are
//! commands sent as messages, windows open through the resources their buttons set.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};

use crate::game::model::{Command, FigureId, Phase, Turn};
use crate::game::snapshot::Snapshot;
use crate::screen::Screen;
use crate::start::PendingQuest;

use super::fit::{SCROLLS, Scrolls, UNFOLD};

/// One screen of the tour: `enter` is called once a frame until it says the screen is reached.
struct Step {
    name: &'static str,
    /// At the largest interface scale the options offer (else at 100%).
    large: bool,
    enter: fn(&mut World) -> Result<bool, String>,
}

/// Where each widget of a pass lay, by its id.
type Places = std::collections::BTreeMap<u64, egui::Rect>;

/// The tour under way (`--layout-check PATH`).
#[derive(Resource)]
pub struct LayoutTour {
    path: PathBuf,
    /// A folder for a screenshot of each screen (`--layout-shots`).
    shots: Option<PathBuf>,
    step: usize,
    /// Frames spent on this step; and whether it has been reached (then the frames settling).
    frames: u32,
    reached: bool,
    /// The last look at the widgets, to see when the layout has settled.
    last: Option<Places>,
    report: String,
}

impl LayoutTour {
    pub fn new(path: PathBuf, shots: Option<PathBuf>) -> Self {
        LayoutTour {
            path,
            shots,
            step: 0,
            frames: 0,
            reached: false,
            last: None,
            report: String::new(),
        }
    }
}

/// Frames a step may take to reach its screen (a command a frame), and then to settle before it
/// is judged as it is.
const MOST_FRAMES: u32 = 400;
const MOST_SETTLING: u32 = 60;
/// Frames the layout must hold still (the same widgets in the same places) to be judged.
const SETTLED_FRAMES: u32 = 3;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, tour.run_if(resource_exists::<LayoutTour>));
}

fn tour(world: &mut World) {
    let Some(ctx) = primary_context(world) else {
        return;
    };
    let mut t = world.remove_resource::<LayoutTour>().expect("run only with the tour");
    let Some(step) = STEPS.get(t.step) else {
        // The report is written: a few frames more for the last screenshot to be saved.
        t.frames += 1;
        if t.frames > 3 {
            world.write_message(AppExit::Success);
        }
        world.insert_resource(t);
        return;
    };
    t.frames += 1;
    // Debug builds name each widget (its label) for the report; release builds give the rects.
    // (Not with screenshots: the names come with a frame drawn round each widget.)
    // egui keeps its debug options only in builds with debug assertions.
    #[cfg(debug_assertions)]
    if t.shots.is_none() && !ctx.global_style().debug.show_interactive_widgets {
        ctx.all_styles_mut(|s| s.debug.show_interactive_widgets = true);
    }
    if !t.reached {
        if t.frames == 1 {
            leave_windows(world, &ctx);
            scale(
                world,
                if step.large {
                    crate::save::settings::UI_SCALE_RANGE.1
                } else {
                    1.0
                },
            );
        }
        match (step.enter)(world) {
            Ok(true) => {
                t.reached = true;
                t.frames = 0;
            }
            Ok(false) if t.frames < MOST_FRAMES => {}
            Ok(false) => {
                let _ = writeln!(
                    t.report,
                    "step {}: never reached\n  outside: the step did not reach its screen",
                    name(step)
                );
                next(world, t);
                return;
            }
            Err(e) => {
                let _ = writeln!(t.report, "step {}: never reached\n  outside: {e}", name(step));
                next(world, t);
                return;
            }
        }
        world.insert_resource(t);
        return;
    }
    // Settled: the same widgets in the same places for a few frames running.
    let now = widget_places(&ctx);
    let same = t.last.as_ref() == Some(&now);
    let last = t.last.replace(now);
    if same && t.frames >= SETTLED_FRAMES || t.frames >= MOST_SETTLING {
        // Judged unsettled: which widgets were still moving (a few), for the report.
        let moving: Vec<String> = match (&last, &t.last) {
            (Some(before), Some(now)) if !same => now
                .iter()
                .filter(|(id, r)| before.get(*id) != Some(*r))
                .take(3)
                .map(|(id, r)| format!("widget {id:x} now at {r:?}, before {:?}", before.get(id)))
                .collect(),
            _ => Vec::new(),
        };
        let (count, outside) = unreachable_widgets(&ctx);
        let _ = writeln!(
            t.report,
            "step {}: {count} interactive widgets, {} outside ({} frames to settle)",
            name(step),
            outside.len(),
            t.frames
        );
        for m in moving {
            let _ = writeln!(t.report, "  still moving: {m}");
        }
        if let Some(dir) = &t.shots {
            let file: String = name(step)
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect();
            let path = dir.join(format!("{:02}-{file}.png", t.step + 1));
            world
                .spawn(bevy::render::view::screenshot::Screenshot::primary_window())
                .observe(bevy::render::view::screenshot::save_to_disk(path));
        }
        for o in outside {
            let _ = writeln!(t.report, "  outside: {o}");
        }
        next(world, t);
        return;
    }
    world.insert_resource(t);
}

fn name(step: &Step) -> String {
    match step.large {
        true => format!("{}, at the largest interface scale", step.name),
        false => step.name.to_string(),
    }
}

/// On to the next step; after the last, the report is written and the app exits.
fn next(world: &mut World, mut t: LayoutTour) {
    t.step += 1;
    t.frames = 0;
    t.reached = false;
    t.last = None;
    if t.step == STEPS.len() {
        let size = world
            .query_filtered::<&bevy::window::Window, With<bevy::window::PrimaryWindow>>()
            .iter(world)
            .next()
            .map(|w| (w.resolution.physical_width(), w.resolution.physical_height()));
        let head = match size {
            Some((w, h)) => format!("window {w}x{h}\nsteps {}\n", STEPS.len()),
            None => format!("window none\nsteps {}\n", STEPS.len()),
        };
        let body = format!("{head}{}", t.report);
        if let Err(e) = std::fs::write(&t.path, body) {
            error!("layout check: cannot write {}: {e}", t.path.display());
            world.write_message(AppExit::error());
        }
    }
    world.insert_resource(t);
}

fn primary_context(world: &mut World) -> Option<egui::Context> {
    world
        .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>()
        .iter_mut(world)
        .next()
        .map(|mut c| c.get_mut().clone())
}

/// Every widget of the last pass and where it lay.
fn widget_places(ctx: &egui::Context) -> Places {
    ctx.viewport(|vp| {
        vp.prev_pass
            .widgets
            .layers()
            .flat_map(|(_, ws)| ws.iter().map(|w| (w.id.value(), w.rect)))
            .collect()
    })
}

/// The interactive widgets of the last pass, and those a player cannot reach, in words: each lies
/// in the window, or (partly) outside it inside a scroll area whose bar is in the window.
pub fn unreachable_widgets(ctx: &egui::Context) -> (usize, Vec<String>) {
    let screen = ctx.content_rect().expand(0.5);
    let widgets: Vec<(egui::LayerId, egui::WidgetRect, Option<egui::WidgetInfo>)> = ctx.viewport(|vp| {
        let all = &vp.prev_pass.widgets;
        all.layers()
            .flat_map(|(layer, ws)| ws.iter().map(move |w| (*layer, *w)))
            .map(|(layer, w)| (layer, w, all.info(w.id).cloned()))
            .collect()
    });
    let global = |layer: egui::LayerId, r: egui::Rect| match ctx.layer_transform_to_global(layer) {
        Some(t) => t * r,
        None => r,
    };
    // The scroll areas of the last pass whose viewports lie in the window.
    let last_pass = ctx.cumulative_pass_nr().saturating_sub(1);
    let views: Vec<(egui::LayerId, egui::Rect)> = ctx
        .data(|d| d.get_temp::<Scrolls>(egui::Id::new(SCROLLS)))
        .filter(|(pass, _)| *pass == last_pass)
        .map(|(_, v)| v)
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, r)| screen.contains_rect(*r))
        .collect();
    let mut count = 0;
    let mut outside = Vec::new();
    for (layer, w, info) in &widgets {
        let interactive = w.sense.senses_click() || w.sense.senses_drag() || w.sense.is_focusable();
        if !interactive || w.rect.width() <= 0.0 || w.rect.height() <= 0.0 {
            continue;
        }
        count += 1;
        let r = global(*layer, w.rect);
        if screen.contains_rect(r) {
            continue;
        }
        // Brought into view by a (vertical) scroll area of the same layer whose viewport, in
        // the window, spans it side to side.
        let scrolls = views
            .iter()
            .any(|(l, view)| l == layer && r.min.x >= view.min.x - 1.0 && r.max.x <= view.max.x + 1.0);
        if scrolls {
            continue;
        }
        let what = match info {
            Some(i) => match &i.label {
                Some(l) if !l.is_empty() => format!("{:?} \"{}\"", i.typ, l.lines().next().unwrap_or_default()),
                _ => format!("{:?}", i.typ),
            },
            None => "a widget".to_string(),
        };
        outside.push(format!(
            "{what} at ({:.0}, {:.0})-({:.0}, {:.0}) in a window of {:.0}x{:.0} points",
            r.min.x,
            r.min.y,
            r.max.x,
            r.max.y,
            ctx.content_rect().width(),
            ctx.content_rect().height()
        ));
    }
    (count, outside)
}

/// Between steps: the windows of the last step are closed and the sections folded again.
fn leave_windows(world: &mut World, ctx: &egui::Context) {
    world.resource_mut::<crate::screen::OptionsOpen>().0 = false;
    world.resource_mut::<super::party::PlayersOpen>().0 = false;
    world.resource_mut::<super::credits::CreditsOpen>().0 = false;
    if let Some(mut p) = world.get_resource_mut::<crate::game::Paused>() {
        p.0 = false;
    }
    unfold(ctx, false);
}

fn unfold(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(UNFOLD), on));
}

fn unfold_world(world: &mut World) {
    if let Some(ctx) = primary_context(world) {
        unfold(&ctx, true);
    }
}

fn scale(world: &mut World, s: f32) {
    if let Some(mut settings) = world.get_resource_mut::<crate::save::settings::Settings>() {
        settings.ui_scale = s;
    }
}

fn on_title(world: &World) -> bool {
    *world.resource::<State<Screen>>().get() == Screen::Title
}

/// Begins a quest as the title's Begin does: the built-in quest with these modules, the
/// computer racing every hero but the first in a LEGO Heroica mission, a person at the
/// sorcerer's seat when asked. Reached once the play screen shows the quest.
fn begin(
    world: &mut World,
    id: &str,
    rules: Option<&str>,
    modules: &[&str],
    person_sorcerer: bool,
) -> Result<bool, String> {
    let begun = format!(
        "{id}{} with [{}]",
        rules.map_or(String::new(), |r| format!(" under {r}")),
        modules.join(", ")
    );
    if world.get_resource::<Begun>().is_some_and(|b| b.0 == begun) {
        let playing = world.resource::<State<Screen>>().get() == &Screen::Playing;
        return Ok(playing && !world.contains_resource::<PendingQuest>() && world.contains_resource::<Turn>());
    }
    let modules: Vec<String> = modules.iter().map(|m| m.to_string()).collect();
    let quest = crate::quest::load(id).map_err(|p| format!("{id}: {p}"))?;
    let quest = match rules {
        Some(r) => quest.under(r).map_err(|e| format!("{id}: {e}"))?,
        None => quest,
    };
    let quest = quest.with_modules(&modules).map_err(|e| format!("{id}: {e}"))?;
    let companions = if quest.mission.is_some() {
        quest.heroes.iter().skip(1).cloned().collect()
    } else {
        Vec::new()
    };
    let sorcerer_player = person_sorcerer.then(|| crate::seating::SorcererSeat {
        player: "Zed".into(),
        device: crate::seating::Device::MouseKeyboard,
    });
    world.insert_resource(Begun(begun));
    world.insert_resource(PendingQuest {
        quest: Arc::new(quest),
        source: id.to_string(),
        seed: 7,
        autoplay: false,
        opponents: Default::default(),
        companions,
        restore: None,
        own_file: None,
        sorcerer_player,
        campaign: false,
    });
    Ok(false)
}

/// The quest the tour began last.
#[derive(Resource)]
struct Begun(String);

/// Sends the command `pick` chooses from the legal ones, one a frame; reached when it finds none.
fn play_until(world: &mut World, pick: fn(&Snapshot, &[Command]) -> Option<Command>) -> Result<bool, String> {
    let Some(snap) = Snapshot::capture(world) else {
        return Err("no quest in play".into());
    };
    let legal = snap.quest.system.legal(&snap);
    match pick(&snap, &legal) {
        Some(c) => {
            world.write_message(c);
            Ok(false)
        }
        None => Ok(true),
    }
}

fn active_hero(snap: &Snapshot) -> Option<FigureId> {
    match snap.turn.phase {
        Phase::Hero(id) => Some(id),
        _ => None,
    }
}

/// The spell draft, as the bots pick it.
fn draft(snap: &Snapshot, _: &[Command]) -> Option<Command> {
    crate::ai::heroes::choose_school(snap)
}

fn roll(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    let hero = active_hero(snap)?;
    let rolled = snap.turn.progress.get(&hero).is_some_and(|p| p.allowance.is_some());
    draft(snap, legal).or_else(|| {
        (!rolled)
            .then(|| {
                legal
                    .iter()
                    .find(|c| matches!(c, Command::RollMovement { .. }))
                    .cloned()
            })
            .flatten()
    })
}

/// Every hero retreats up the stairway (or ends the turn where none can): the quest ends.
fn retreat(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    if matches!(snap.turn.phase, Phase::Over(_)) {
        return None;
    }
    draft(snap, legal).or_else(|| {
        legal
            .iter()
            .find(|c| matches!(c, Command::Retreat { .. }))
            .or_else(|| legal.iter().find(|c| matches!(c, Command::EndTurn)))
            .cloned()
    })
}

/// One step, then a search for traps (an action that ends the move); reached once acted.
fn step_then_search(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    let hero = active_hero(snap)?;
    let p = snap.turn.progress.get(&hero).copied().unwrap_or_default();
    if p.acted {
        return None;
    }
    if p.steps_used == 0 {
        return legal
            .iter()
            .find(|c| matches!(c, Command::Move { path, .. } if path.len() == 1))
            .cloned();
    }
    legal.iter().find(|c| matches!(c, Command::SearchTraps { .. })).cloned()
}

/// The first hero ends its activation: a man-at-arms's comes next (HeroQuest Revised #39, #152).
fn to_a_man_at_arms(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    let id = active_hero(snap)?;
    let man = snap.figure(id).is_some_and(|f| f.serves.is_some());
    draft(snap, legal).or_else(|| (!man).then_some(Command::EndTurn))
}

/// The Sleeping Gates: the hero whose turn it is walks beside the near portal and wakes it
/// (Revised #155), the others passing.
fn wake_portal(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    if !snap.dungeon.portals_open.is_empty() {
        return None;
    }
    let beside = crate::rules::geometry::Pos::new(1, 7);
    draft(snap, legal)
        .or_else(|| legal.iter().find(|c| matches!(c, Command::Investigate { .. })).cloned())
        .or_else(|| roll(snap, legal))
        .or_else(|| {
            legal
                .iter()
                .find(|c| matches!(c, Command::Move { path, .. } if path.last() == Some(&beside)))
                .cloned()
        })
        .or(Some(Command::EndTurn))
}

/// The heroes play as the competent hero bot would (they walk and open doors, so monsters come
/// into view), the person at the sorcerer's seat passing, until a sorcerer's turn comes with a
/// monster to take.
fn to_the_sorcerer(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    if snap.turn.pending.is_some() {
        return legal.first().cloned();
    }
    match snap.turn.phase {
        Phase::Hero(_) => Some(crate::ai::heroes::next_command(snap, crate::ai::HeroBot::Competent)),
        Phase::Sorcerer => {
            let ready = snap.monsters().any(|m| crate::game::heroquest::may_use(snap, m));
            (!ready).then_some(Command::EndTurn)
        }
        Phase::Over(_) => None,
    }
}

/// Waits for the computer Morcar to choose its Dungeon cards (Revised's advanced game).
fn dungeon_chosen(world: &mut World) -> Result<bool, String> {
    let turn = world.get_resource::<Turn>().ok_or("no quest in play")?;
    Ok(!matches!(
        turn.pending,
        Some(crate::game::model::Pending::DungeonCards { .. })
    ))
}

/// A caster takes its activation first (the co-operative order) and casts a spell with a Mastery
/// test; reached once the test is rolled (passed, paid for or waiting).
fn mastery_cast(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    if snap.heroes().any(|h| !h.spellbook.cast.is_empty()) || snap.turn.pending.is_some() {
        return None;
    }
    let mastered = |c: &&Command| matches!(c, Command::CastSpell { spell, .. } if snap.rules().spells.get(spell).is_some_and(|d| d.mastery.is_some()));
    draft(snap, legal)
        .or_else(|| legal.iter().find(mastered).cloned())
        .or_else(|| {
            let tested = |s: &String| snap.rules().spells.get(s).is_some_and(|d| d.mastery.is_some());
            let caster = snap.heroes().find(|h| h.spellbook.spells.iter().any(tested))?;
            legal
                .iter()
                .find(|c| matches!(c, Command::Activate { figure } if *figure == caster.id))
                .cloned()
        })
}

/// Revised's Apprentice Spell System: the heroes pass until one with a Magic Spell it may cast
/// now casts it; reached with the card gone from its hand, before the hand is filled again.
fn magic_cast(snap: &Snapshot, legal: &[Command]) -> Option<Command> {
    let short = snap
        .heroes()
        .any(|h| crate::game::heroquest::magic_hand_size(snap, h) > h.spellbook.spells.len() as u8);
    if short || snap.turn.round >= 3 || matches!(snap.turn.phase, Phase::Over(_)) {
        return None;
    }
    if snap.turn.pending.is_some() {
        return legal.first().cloned();
    }
    match snap.turn.phase {
        Phase::Hero(_) => legal
            .iter()
            .find(|c| matches!(c, Command::CastSpell { .. }))
            .cloned()
            .or(Some(Command::EndTurn)),
        _ => Some(Command::EndTurn),
    }
}

/// The heroes pass until Morcar's first turn is over (it plays the Event card it holds).
fn to_round_two(world: &mut World) -> Result<bool, String> {
    let turn = world.get_resource::<Turn>().ok_or("no quest in play")?.clone();
    if turn.round >= 2 || matches!(turn.phase, Phase::Over(_)) {
        return Ok(true);
    }
    if turn.pending.is_none() && matches!(turn.phase, Phase::Hero(_)) {
        world.write_message(Command::EndTurn);
    }
    Ok(false)
}

fn back_to_title(world: &mut World) -> Result<bool, String> {
    if on_title(world) {
        return Ok(true);
    }
    world.resource_mut::<NextState<Screen>>().set(Screen::Title);
    Ok(false)
}

/// What a player opens on the title screen, set as the title's own buttons set it.
#[derive(Clone, Copy)]
pub(super) enum TitleTour {
    /// The first LEGO Heroica mission of the book chosen.
    Mission,
    /// The last entry of the book chosen.
    Last,
    /// The first entry chosen again.
    First,
    /// The question before a new game while others are in progress.
    AskBegin,
    /// The question before a saved game is deleted.
    AskDelete,
    /// The party and armory of a campaign (begun for the tour when there is none).
    Armory,
    /// The Revised campaign's town at one counter (a shop's id, or "guild").
    Town(&'static str),
    /// The Revised campaign between two quests of a Series: the town shut (#143), a valuable
    /// in the first hero's pack.
    TownShut,
}

fn title(world: &mut World, what: TitleTour) -> Result<bool, String> {
    if !on_title(world) {
        return back_to_title(world).map(|_| false);
    }
    let mut state = world.resource_mut::<super::title::TitleState>();
    super::title::tour(&mut state, what)?;
    Ok(true)
}

fn options(w: &mut World) -> Result<bool, String> {
    w.resource_mut::<crate::screen::OptionsOpen>().0 = true;
    unfold_world(w);
    Ok(true)
}

fn players(w: &mut World) -> Result<bool, String> {
    w.resource_mut::<super::party::PlayersOpen>().0 = true;
    Ok(true)
}

fn credits(w: &mut World) -> Result<bool, String> {
    w.resource_mut::<super::credits::CreditsOpen>().0 = true;
    Ok(true)
}

fn pause(w: &mut World) -> Result<bool, String> {
    w.insert_resource(crate::game::Paused(true));
    Ok(true)
}

fn as_is(w: &mut World) -> Result<bool, String> {
    unfold_world(w);
    Ok(true)
}

/// The sorcerer's player takes the seat and picks, of the monsters the menu offers, the one that
/// can walk the farthest (its reach shows best).
fn monster_chosen(w: &mut World) -> Result<bool, String> {
    let snap = Snapshot::capture(w).ok_or("no quest in play")?;
    let reach = |id: FigureId| {
        snap.figure(id)
            .and_then(|m| crate::game::heroquest::reach(&snap, m))
            .map_or(0, |(_, stops)| stops.len())
    };
    let first = crate::input::sorcerer::sorcerer_menu(&snap, None)
        .into_iter()
        .filter_map(|(_, intent)| match intent {
            crate::input::sorcerer::SorcererIntent::Select(id) => Some(id),
            _ => None,
        })
        .max_by_key(|id| (reach(*id), std::cmp::Reverse(id.0)));
    let mut hand = w
        .get_resource::<crate::input::sorcerer::SorcererHand>()
        .cloned()
        .unwrap_or_default();
    hand.hand_over = false;
    hand.selected = first;
    w.insert_resource(hand);
    let Some(id) = first else {
        return Err("the sorcerer's menu offers no monster to take".into());
    };
    Ok(reach(id) > 0)
}

/// The quest editor on a copy of the Warden's Vault with an orc put on the bookcase's square:
/// the rules engine's problem chosen in the list, its square marked on the board.
fn editor_problem(w: &mut World) -> Result<bool, String> {
    use crate::editor::{Edit, EditorDoc, Piece};
    if *w.resource::<State<Screen>>().get() == Screen::Editor {
        return Ok(w.contains_resource::<super::editor::EditorState>());
    }
    if !on_title(w) {
        return back_to_title(w).map(|_| false);
    }
    let (_, _, bytes) = crate::quest::builtin_quests()
        .iter()
        .find(|(id, _, _)| *id == "the-wardens-vault")
        .ok_or("no Warden's Vault in the book")?;
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let mut doc = EditorDoc::open("the-wardens-vault-copy", text)?;
    doc.apply(Edit::Place {
        piece: Piece::Monster("orc".into()),
        at: (9, 1),
    })?;
    let mut state = super::editor::EditorState::new(crate::editor::Document::Quest(doc));
    let chosen = state
        .doc
        .problems()
        .iter()
        .position(|p| p.square.is_some())
        .ok_or("no problem with a square")?;
    state.selected_problem = Some(chosen);
    state.selected = state.doc.problems().get(chosen).and_then(|p| p.square);
    w.insert_resource(state);
    w.resource_mut::<NextState<Screen>>().set(Screen::Editor);
    Ok(false)
}

/// The problem mended (undone), and the bots rating the quest: judged while they play.
fn editor_rating(w: &mut World) -> Result<bool, String> {
    let mut state = w
        .get_resource_mut::<super::editor::EditorState>()
        .ok_or("the editor is not open")?;
    if state.rating.is_none() && state.rated.is_none() {
        state.edit(crate::editor::Edit::Undo);
        state.selected_problem = None;
        super::editor::start_rating(&mut state);
    }
    Ok(state.rated.as_ref().is_some_and(|r| r.done > 0))
}

/// The editor on a copy of the Goblin Warren, its first event taken back into the text to be
/// changed (its Edit button), with the trigger and effect templates beside it.
fn editor_event(w: &mut World) -> Result<bool, String> {
    use crate::editor::{Document, EditorDoc};
    if let Some(state) = w.get_resource::<super::editor::EditorState>()
        && state.event_editing.is_some()
    {
        return Ok(true);
    }
    let (_, _, bytes) = crate::quest::builtin_quests()
        .iter()
        .find(|(id, _, _)| *id == "the-goblin-warren")
        .ok_or("no Goblin Warren in the book")?;
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let doc = EditorDoc::open("the-goblin-warren-copy", text)?;
    let first = doc
        .quest
        .events
        .first()
        .ok_or("the Goblin Warren has no events")?
        .clone();
    let count = doc.quest.events.len();
    let mut state = super::editor::EditorState::new(Document::Quest(doc));
    state.event_text = crate::editor::events::to_text(&first);
    state.event_editing = Some((0, count));
    state.event_focus = true;
    if let crate::quest::RawTrigger::EntersRoom { room } = first.when {
        state.selected = Some(room);
    }
    w.insert_resource(state);
    w.resource_mut::<NextState<Screen>>().set(Screen::Editor);
    Ok(false)
}

/// The editor on a copy of the Goblin Gate with a bat put on the start space: the mission
/// checks' problem chosen, its square marked on the map.
fn mission_problem(w: &mut World) -> Result<bool, String> {
    use crate::editor::{Document, MissionDoc, MissionEdit, MissionPiece};
    if let Some(state) = w.get_resource::<super::editor::EditorState>()
        && matches!(state.doc, Document::Mission(_))
    {
        return Ok(true);
    }
    let (_, _, bytes) = crate::quest::mission::builtin_missions()
        .iter()
        .find(|(id, _, _)| *id == "the-goblin-gate")
        .ok_or("no Goblin Gate among the missions")?;
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let mut doc = MissionDoc::open("the-goblin-gate-copy", text)?;
    doc.apply(MissionEdit::Place {
        piece: MissionPiece::Monster("bat".into()),
        at: (0, 0),
    })?;
    let mut state = super::editor::EditorState::new(Document::Mission(doc));
    state.selected_problem = Some(0);
    state.selected = state.doc.problems().first().and_then(|p| p.square);
    state.mission.tool = super::editor::MissionTool::Chest;
    w.insert_resource(state);
    w.resource_mut::<NextState<Screen>>().set(Screen::Editor);
    Ok(false)
}

const fn step(name: &'static str, large: bool, enter: fn(&mut World) -> Result<bool, String>) -> Step {
    Step { name, large, enter }
}

/// The tour, in an order that reuses each screen reached: the title's states and windows, each
/// rule system's play screen, then the title again with the games the tour left in progress.
#[rustfmt::skip]
const STEPS: &[Step] = &[
    step("the title screen", false, |w| title(w, TitleTour::First)),
    step("the title, a LEGO Heroica mission chosen", false, |w| title(w, TitleTour::Mission)),
    step("the title, the last quest of the book chosen", false, |w| title(w, TitleTour::Last)),
    step("the options", false, options),
    step("the players", false, players),
    step("the credits", false, credits),
    step("the options", true, options),
    step("the players", true, players),
    step("the credits", true, credits),
    step("the title screen", true, |w| title(w, TitleTour::First)),
    step("the title, a LEGO Heroica mission chosen", true, |w| title(w, TitleTour::Mission)),
    step("HeroQuest 2021: the spell draft", false, |w| begin(w, "the-sunken-reliquary", None, &[], false)),
    step("HeroQuest 2021: a hero's turn", false, |w| play_until(w, draft)),
    step("HeroQuest 2021: movement rolled", false, |w| play_until(w, roll)),
    step("HeroQuest 2021: movement rolled", true, as_is),
    step("HeroQuest 2021: the pause menu", true, pause),
    step("HeroQuest 2021: the quest is over", true, |w| play_until(w, retreat)),
    step("HeroQuest 2021: the quest is over", false, as_is),
    step("HeroQuest Revised: the spell draft", false, |w| {
        begin(w, "the-warlords-hall", Some("heroquest-revised"), &[], false)
    }),
    step("HeroQuest Revised: a hero's turn", false, |w| play_until(w, draft)),
    step("HeroQuest Revised: movement rolled", false, |w| play_until(w, roll)),
    step("HeroQuest Revised: a man-at-arms's activation", false, |w| {
        Ok(begin(w, "the-mercenaries-road", None, &[], false)? && play_until(w, to_a_man_at_arms)?)
    }),
    step("HeroQuest Revised: a portal woken", false, |w| {
        Ok(begin(w, "the-sleeping-gates", None, &[], false)? && play_until(w, wake_portal)?)
    }),
    // Revised's advanced game (issue 37), with the co-operative turn order: Morcar's Dungeon
    // cards shown to the heroes, a hero's turn with Fate and the choice of who goes next, a
    // Mastery test in the dice tray, and the Event card Morcar holds played at its first turn.
    step("Revised advanced: Morcar's Dungeon cards shown", false, |w| {
        Ok(begin(w, "the-warlords-hall", Some("heroquest-revised"), &["hqr-advanced", "coop-turn-order"], false)?
            && dungeon_chosen(w)?)
    }),
    step("Revised advanced: Fate and who goes next", false, |w| play_until(w, draft)),
    step("Revised advanced: a Mastery test", false, |w| play_until(w, mastery_cast)),
    step("Revised advanced: an Event card at Morcar's first turn", false, to_round_two),
    // The Apprentice Spell System: each caster's hand of Magic Spells on its card, one cast.
    step("Revised apprentice spells: the hands dealt", false, |w| {
        begin(w, "the-warlords-hall", Some("heroquest-revised"), &["apprentice-spells"], false)
    }),
    step("Revised apprentice spells: a Magic Spell cast", false, |w| play_until(w, magic_cast)),
    step("the action-point module: a hero's turn", false, |w| {
        Ok(begin(w, "the-locksmiths-gauntlet", None, &["action-points"], false)? && play_until(w, draft)?)
    }),
    step("the action-point module: points rolled", false, |w| play_until(w, roll)),
    step("the action-point module: a step, then a search", false, |w| play_until(w, step_then_search)),
    step("the referee dice pool: a hero's turn", false, |w| {
        Ok(begin(w, "the-goblin-warren", None, &["referee-dice-pool"], false)? && play_until(w, draft)?)
    }),
    step("the sorcerer's seat: the hand-over", false, |w| {
        Ok(begin(w, "tutorial-1-first-steps", None, &[], true)? && play_until(w, to_the_sorcerer)?)
    }),
    step("the sorcerer's seat: a monster chosen", false, monster_chosen),
    step("LEGO Heroica: a race", false, |w| begin(w, "the-bat-caves", None, &[], false)),
    step("LEGO Heroica: the store open", false, as_is),
    step("LEGO Heroica: the die rolled", false, |w| play_until(w, roll)),
    step("LEGO Heroica: the store open", true, as_is),
    step("LEGO Heroica: Battle against the monster player", false, |w| {
        begin(w, "the-goblin-gate", None, &["heroica-battle"], false)
    }),
    step("the title with games in progress", false, |w| {
        unfold_world(w);
        back_to_title(w)
    }),
    step("the title, asked before a new game", false, |w| title(w, TitleTour::AskBegin)),
    step("the title, asked before a game is deleted", false, |w| title(w, TitleTour::AskDelete)),
    step("the party and armory", false, |w| title(w, TitleTour::Armory)),
    step("the party and armory", true, |w| title(w, TitleTour::Armory)),
    step("the town's Armoury (Revised)", false, |w| title(w, TitleTour::Town("armoury"))),
    step("the town's Guild Hall (Revised)", false, |w| title(w, TitleTour::Town("guild"))),
    step("the town's Outfitter (Revised)", false, |w| title(w, TitleTour::Town("outfitter"))),
    step("the town's Alchemist (Revised)", true, |w| title(w, TitleTour::Town("alchemist"))),
    step("the town shut in a Series (Revised)", false, |w| title(w, TitleTour::TownShut)),
    // The quest editor (issue 38): a problem chosen; the bots rating the quest; a mission.
    step("the quest editor: a problem chosen", false, editor_problem),
    step("the quest editor: a problem chosen", true, editor_problem),
    step("the quest editor: the bots rating the quest", false, editor_rating),
    step("the quest editor: an event taken back into its text", false, editor_event),
    step("the mission editor: a problem chosen", false, mission_problem),
    step("the mission editor: a problem chosen", true, mission_problem),
];
