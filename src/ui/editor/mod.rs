//! The quest editor's window (issue 38): the board in the middle, the tools on the left, the
//! rules engine's problems and the square being looked at on the right, and the quest's name,
//! rules, saving, "Play it now" and "Rate it" along the top. A LEGO Heroica mission is edited
//! in the same window (`mission`): its map in the middle, its own tools and words on the left.
//!
//! Every change is an `editor::Edit` applied to the `EditorDoc` (a `MissionEdit` to the
//! `MissionDoc`): a click, a key and a field all send the same edits the tests send. The keys are the board's (as in play): arrows move the
//! cursor, Enter or Space uses the tool there, Delete takes away, Shift+arrow puts a door on
//! that side; a text field being typed in has every key.

use std::sync::Arc;
use std::time::Instant;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::editor::rate::{Rating, RatingJob};
use crate::editor::{Document, DoorKind, Edit, MissionEdit, Piece, Sq};
use crate::quest::RawTrapKind;
use crate::screen::Screen;
use crate::start::PendingQuest;

mod board;
pub mod check;
mod mission;
mod side;

pub use mission::MissionTool;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Look at a square; drag a piece to move it.
    Select,
    HeroStart,
    Door,
    Monster,
    Furniture,
    Trap,
    Treasure,
    Blocked,
    Stairway,
    /// The objective's square (a square to reach, the captive, an exit).
    Goal,
    Erase,
    /// A lever opening a locked door or portcullis (the action-point module).
    Lever,
    /// A square of special terrain (the action-point module).
    Terrain,
    /// Linked portals: one end, then the other (HeroQuest Revised).
    Portal,
}

impl Tool {
    /// The tools in the palette's order, with their key (1–9, 0, G, L, H, P).
    pub const ALL: [(Tool, &'static str, &'static str); 14] = [
        (Tool::Select, "1", "Select and move"),
        (Tool::HeroStart, "2", "Hero start"),
        (Tool::Door, "3", "Door"),
        (Tool::Monster, "4", "Monster"),
        (Tool::Furniture, "5", "Furniture"),
        (Tool::Trap, "6", "Trap"),
        (Tool::Treasure, "7", "Special treasure"),
        (Tool::Blocked, "8", "Blocked square"),
        (Tool::Stairway, "9", "Stairway"),
        (Tool::Erase, "0", "Erase"),
        (Tool::Goal, "G", "Objective square"),
        (Tool::Lever, "L", "Lever (action points)"),
        (Tool::Terrain, "H", "Terrain (action points)"),
        (Tool::Portal, "P", "Portals (Revised)"),
    ];
}

/// The editor, while it is open (and while its quest is being played from it).
#[derive(Resource)]
pub struct EditorState {
    pub doc: Document,
    pub board: crate::rules::board::Board,
    pub tool: Tool,
    pub monster_kind: String,
    pub furniture_kind: String,
    pub rotated: bool,
    pub trap_kind: RawTrapKind,
    pub door_kind: DoorKind,
    /// The keyboard's square.
    pub cursor: Sq,
    /// The square being looked at (a click, a problem chosen).
    pub selected: Option<Sq>,
    pub selected_problem: Option<usize>,
    /// What the last action said (an edit refused, a file saved).
    pub message: Option<(String, bool)>,
    /// The file name the quest is saved under, in the user's quest folder.
    pub file_name: String,
    pub rating: Option<RatingJob>,
    pub rated: Option<Rating>,
    pub games_per_level: u32,
    /// The main thread's time in each frame that began while the bots played, in ms.
    pub frame_ms: Vec<f64>,
    /// A question waiting for an answer (leave unsaved, write over a file).
    pub ask: Option<Ask>,
    /// A square pressed with the Select tool (a drag moves its piece).
    pub drag_from: Option<Sq>,
    /// The event being written, as RON.
    pub event_text: String,
    /// The event `event_text` will replace, and how many events the quest had when its text was
    /// taken (an undo or a removal since then makes it a new event again); None: a new event.
    pub event_editing: Option<(usize, usize)>,
    /// The event's text box takes the keys and scrolls into view on the next frame (an event
    /// just taken into it).
    pub event_focus: bool,
    /// The door a new lever opens (None: the last locked door or portcullis written).
    pub lever_opens: Option<(Sq, Sq)>,
    /// The special terrain the Terrain tool puts down.
    pub terrain: crate::quest::RawTerrain,
    /// A portal's first end, waiting for its second.
    pub portal_from: Option<Sq>,
    /// A mission's tools: the one chosen and what it puts down.
    pub mission: mission::MissionTools,
}

/// A question the editor asks before it acts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    LeaveUnsaved,
    Overwrite(std::path::PathBuf),
}

impl EditorState {
    pub fn new(doc: Document) -> EditorState {
        let file_name = doc
            .path()
            .and_then(|p| p.file_stem())
            .map_or_else(|| doc.id().to_string(), |s| s.to_string_lossy().into_owned());
        let cursor = match &doc {
            Document::Quest(_) => (12, 4),
            Document::Mission(_) => (0, 0),
        };
        EditorState {
            board: crate::rules::board::classic_board(),
            doc,
            tool: Tool::Select,
            monster_kind: "goblin".into(),
            furniture_kind: "chest".into(),
            rotated: false,
            trap_kind: RawTrapKind::Pit,
            door_kind: DoorKind::Closed,
            cursor,
            selected: None,
            selected_problem: None,
            message: None,
            file_name,
            rating: None,
            rated: None,
            games_per_level: 200,
            frame_ms: Vec::new(),
            ask: None,
            drag_from: None,
            event_text: String::new(),
            event_editing: None,
            event_focus: false,
            lever_opens: None,
            terrain: crate::quest::RawTerrain {
                at: (0, 0),
                cost: 2,
                dangerous: false,
                failure: None,
                name: "Rubble".into(),
            },
            portal_from: None,
            mission: mission::MissionTools::default(),
        }
    }

    /// Applies an edit, saying why when it cannot be made (undo and redo serve either kind of
    /// document).
    pub fn edit(&mut self, edit: Edit) {
        let undoing = matches!(edit, Edit::Undo | Edit::Redo);
        let done = match (&mut self.doc, edit) {
            (doc, Edit::Undo) => doc.undo(false),
            (doc, Edit::Redo) => doc.undo(true),
            (Document::Quest(doc), edit) => doc.apply(edit),
            (Document::Mission(_), _) => Err("that is an edit of a HeroQuest quest".into()),
        };
        self.edited(done, undoing);
    }

    /// Applies an edit to the mission open.
    pub fn edit_mission(&mut self, edit: MissionEdit) {
        let undoing = matches!(edit, MissionEdit::Undo | MissionEdit::Redo);
        let done = match &mut self.doc {
            Document::Mission(doc) => doc.apply(edit),
            Document::Quest(_) => Err("that is an edit of a LEGO Heroica mission".into()),
        };
        self.edited(done, undoing);
    }

    /// What an edit's outcome does to the window.
    fn edited(&mut self, done: Result<(), String>, undoing: bool) {
        match done {
            Ok(()) => {
                self.message = None;
                self.rated = None;
                if undoing {
                    self.selected_problem = None;
                }
            }
            Err(e) => self.message = Some((e, true)),
        }
    }

    /// Uses the tool on a square.
    pub fn use_tool(&mut self, at: Sq) {
        self.cursor = at;
        let (objective, lever_door) = match &self.doc {
            Document::Mission(_) => return mission::use_tool(self, at),
            Document::Quest(doc) => (
                doc.quest.objective.clone(),
                side::lever_doors(&doc.quest).last().copied(),
            ),
        };
        let piece = match self.tool {
            Tool::Select => {
                self.selected = Some(at);
                return;
            }
            Tool::Erase => return self.edit(Edit::Remove { at }),
            Tool::Goal => return self.edit(Edit::Objective(side::objective_at(&objective, at))),
            Tool::Door => {
                self.message = Some((
                    "Click near the wall the door goes in (or Shift+arrow on the keyboard).".into(),
                    false,
                ));
                return;
            }
            Tool::HeroStart => Piece::HeroStart,
            Tool::Monster => Piece::Monster(self.monster_kind.clone()),
            Tool::Furniture => Piece::Furniture {
                kind: self.furniture_kind.clone(),
                rotated: self.rotated,
            },
            Tool::Trap => Piece::Trap(self.trap_kind),
            Tool::Treasure => Piece::Treasure,
            Tool::Blocked => Piece::Blocked,
            Tool::Stairway => Piece::Stairway,
            Tool::Terrain => Piece::Terrain(self.terrain.clone()),
            Tool::Lever => match self.lever_opens.or(lever_door) {
                Some(opens) => Piece::Lever { opens },
                None => {
                    self.message = Some((
                        "A lever opens a locked door or a portcullis: put one first.".into(),
                        true,
                    ));
                    return;
                }
            },
            Tool::Portal => match self.portal_from.take() {
                None => {
                    self.portal_from = Some(at);
                    self.selected = Some(at);
                    self.message = Some(("Now the portal's other end.".into(), false));
                    return;
                }
                Some(a) => return self.edit(Edit::Portal { a, b: at }),
            },
        };
        self.selected = Some(at);
        self.edit(Edit::Place { piece, at });
    }

    /// The squares the cursor moves over: the board, or the mission's map and room around it.
    pub fn bounds(&self) -> (i32, i32) {
        match &self.doc {
            Document::Quest(_) => (self.board.width, self.board.height),
            Document::Mission(doc) => mission::canvas(doc),
        }
    }

    /// Takes away what stands on a square.
    pub fn remove(&mut self, at: Sq) {
        match &self.doc {
            Document::Quest(_) => self.edit(Edit::Remove { at }),
            Document::Mission(_) => self.edit_mission(MissionEdit::Remove { at }),
        }
    }

    /// Whether bots are playing the quest now.
    pub fn rating_running(&self) -> bool {
        self.rating.as_ref().is_some_and(|r| !r.finished())
    }
}

/// Set while the quest is played from the editor: the title screen hands back to it.
#[derive(Resource)]
pub struct ReturnToEditor;

/// When the main schedule of this frame began, and whether the bots were rating then.
#[derive(Resource)]
pub(super) struct FrameStart(pub Instant, pub bool);

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, editor_screen.run_if(in_state(Screen::Editor)))
        .add_systems(OnEnter(Screen::Title), back_to_editor)
        .add_systems(First, frame_start)
        .add_systems(
            Last,
            (frame_time, check::rate_check).chain().run_if(in_state(Screen::Editor)),
        );
}

/// Opens the editor on a quest.
pub fn open(commands: &mut Commands, doc: Document) {
    commands.insert_resource(EditorState::new(doc));
    commands.set_state(Screen::Editor);
}

/// Back from playing the quest: the editor again, as it was left.
fn back_to_editor(mut commands: Commands, back: Option<Res<ReturnToEditor>>, state: Option<Res<EditorState>>) {
    if back.is_some() {
        commands.remove_resource::<ReturnToEditor>();
        if state.is_some() {
            commands.set_state(Screen::Editor);
        }
    }
}

fn frame_start(mut commands: Commands, state: Option<Res<EditorState>>) {
    let rating = state.is_some_and(|s| s.rating_running());
    commands.insert_resource(FrameStart(Instant::now(), rating));
}

/// The main thread's time this frame, kept for each frame that began while the bots rated the
/// quest (issue 38: no frame over 50 ms on the main thread while they play).
fn frame_time(start: Option<Res<FrameStart>>, state: Option<ResMut<EditorState>>) {
    let (Some(start), Some(mut state)) = (start, state) else {
        return;
    };
    if start.1 {
        let ms = start.0.elapsed().as_secs_f64() * 1000.0;
        state.frame_ms.push(ms);
    }
}

/// A name for a file: lower case, words joined by hyphens.
pub fn file_stem(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "my-quest".into() } else { out }
}

/// The editor screen.
fn editor_screen(
    mut contexts: EguiContexts,
    state: Option<ResMut<EditorState>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    mut insets: ResMut<crate::view::PanelInsets>,
) -> Result {
    let Some(mut state) = state else {
        commands.set_state(Screen::Title);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    *insets = crate::view::PanelInsets::default();
    if state.rating_running() {
        ctx.request_repaint_after(std::time::Duration::from_millis(200));
    }
    if let Some(job) = &state.rating {
        let r = job.rating();
        if job.finished() {
            state.rating = None;
        }
        state.rated = Some(r);
    }
    if state.ask.is_none() && !ctx.egui_wants_keyboard_input() {
        keyboard(&mut state, &keys, &mut commands);
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "editor-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    top_bar(&mut root, &mut state, &mut commands);
    let help = match state.doc {
        Document::Quest(_) => {
            "Mouse: the tool on a square (a door: near its wall), right-click takes away, drag moves with Select. \
             Keys: arrows move the cursor, Enter uses the tool, Delete takes away, Shift+arrow a door, \
             1–0, G, L, H and P choose the tool, Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves, F5 plays, F6 rates."
        }
        Document::Mission(_) => {
            "Mouse: the tool on a square (a door: near the edge), drag paints spaces with Space and moves with Select, \
             right-click takes away (a piece, then the space). Keys: arrows move the cursor, Enter uses the tool, \
             Delete takes away, Shift+arrow a door, 1–0, K, B and T choose the tool, Ctrl+Z / Ctrl+Y undo and redo, \
             Ctrl+S saves, F5 plays, F6 rates."
        }
    };
    egui::Panel::bottom("editor-help").show(&mut root, |ui| {
        ui.label(egui::RichText::new(help).small());
    });
    let quest = matches!(state.doc, Document::Quest(_));
    if quest {
        side::tools_panel(&mut root, &mut state);
    } else {
        mission::tools_panel(&mut root, &mut state);
    }
    side::right_panel(&mut root, &mut state);
    egui::CentralPanel::default().show(&mut root, |ui| {
        if quest {
            board::board(ui, &mut state);
        } else {
            mission::board(ui, &mut state);
        }
    });
    ask_window(&ctx, &mut state, &mut commands);
    Ok(())
}

/// The board's keys and the editor's shortcuts.
fn keyboard(state: &mut EditorState, keys: &ButtonInput<KeyCode>, commands: &mut Commands) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let (w, h) = state.bounds();
    for (key, d) in [
        (KeyCode::ArrowLeft, (-1, 0)),
        (KeyCode::ArrowRight, (1, 0)),
        (KeyCode::ArrowUp, (0, -1)),
        (KeyCode::ArrowDown, (0, 1)),
    ] {
        if keys.just_pressed(key) {
            let at = state.cursor;
            let to = ((at.0 + d.0).clamp(0, w - 1), (at.1 + d.1).clamp(0, h - 1));
            if shift {
                if to != at {
                    match &state.doc {
                        Document::Quest(_) => {
                            let kind = state.door_kind;
                            state.edit(Edit::Door { at, to, kind });
                        }
                        Document::Mission(_) => {
                            let kind = state.mission.door;
                            state.edit_mission(MissionEdit::Door { at, to, kind });
                        }
                    }
                }
            } else {
                state.cursor = to;
                state.selected = Some(to);
            }
        }
    }
    if ctrl {
        if keys.just_pressed(KeyCode::KeyZ) {
            state.edit(if shift { Edit::Redo } else { Edit::Undo });
        }
        if keys.just_pressed(KeyCode::KeyY) {
            state.edit(Edit::Redo);
        }
        if keys.just_pressed(KeyCode::KeyS) {
            save(state, false);
        }
        return;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        let at = state.cursor;
        state.use_tool(at);
    }
    if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
        let at = state.cursor;
        state.remove(at);
    }
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
        KeyCode::KeyG,
        KeyCode::KeyL,
        KeyCode::KeyH,
        KeyCode::KeyP,
    ];
    if matches!(state.doc, Document::Quest(_)) {
        for (i, k) in digits.iter().enumerate() {
            if keys.just_pressed(*k) {
                state.tool = Tool::ALL[i].0;
            }
        }
    }
    mission::keys(state, keys);
    if keys.just_pressed(KeyCode::KeyR) {
        state.rotated = !state.rotated;
    }
    if keys.just_pressed(KeyCode::F5) {
        play_now(state, commands);
    }
    if keys.just_pressed(KeyCode::F6) {
        start_rating(state);
    }
    if keys.just_pressed(KeyCode::Escape) {
        leave(state, commands);
    }
}

/// The quest's name, rules and modules, and the editor's buttons.
fn top_bar(root: &mut egui::Ui, state: &mut EditorState, commands: &mut Commands) {
    egui::Panel::top("editor-top").show(root, |ui| {
        ui.horizontal_wrapped(|ui| {
            let quest = match &state.doc {
                Document::Quest(doc) => Some((doc.quest.rules.clone(), doc.quest.modules.clone())),
                Document::Mission(_) => None,
            };
            let title = if quest.is_some() {
                "Quest editor"
            } else {
                "Mission editor"
            };
            ui.label(egui::RichText::new(title).strong().size(18.0).color(crate::ui::GOLD));
            ui.label("Name:");
            let mut name = state.doc.name().to_string();
            if ui
                .add(egui::TextEdit::singleline(&mut name).desired_width(220.0))
                .changed()
            {
                match &state.doc {
                    Document::Quest(_) => state.edit(Edit::Name(name)),
                    Document::Mission(_) => state.edit_mission(MissionEdit::Name(name)),
                }
            }
            let Some((rules, modules)) = quest else {
                ui.label("LEGO Heroica (a race, or Battle when it says so)");
                return;
            };
            ui.label("Rules:");
            egui::ComboBox::from_id_salt("editor-rules")
                .selected_text(crate::rules::systems::rule_system(&rules).map_or(rules.as_str(), |r| r.name))
                .show_ui(ui, |ui| {
                    for e in crate::rules::systems::heroquest_editions() {
                        let name = crate::rules::systems::rule_system(e.id()).map_or(e.id(), |r| r.name);
                        if ui.selectable_label(rules == e.id(), name).clicked() && rules != e.id() {
                            state.edit(Edit::Rules(e.id().into()));
                        }
                    }
                });
            ui.label("Modules:");
            for (id, m) in crate::rules::systems::modules() {
                if !m.playable || !m.on.contains(&rules.as_str()) {
                    continue;
                }
                let mut on = modules.iter().any(|x| x == id);
                if ui.checkbox(&mut on, m.name).on_hover_text(m.summary).changed() {
                    state.edit(Edit::Module { id: id.into(), on });
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(state.doc.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                state.edit(Edit::Undo);
            }
            if ui
                .add_enabled(state.doc.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                state.edit(Edit::Redo);
            }
            ui.separator();
            ui.label("File:");
            ui.add(egui::TextEdit::singleline(&mut state.file_name).desired_width(180.0));
            ui.label(".ron");
            if ui
                .button("Save")
                .on_hover_text("Ctrl+S: into your quest folder")
                .clicked()
            {
                save(state, false);
            }
            ui.separator();
            let playable = state.doc.playable();
            let why = "Mend the problems on the right first.";
            if ui
                .add_enabled(playable, egui::Button::new("Play it now"))
                .on_hover_text("F5: play the quest as it stands, then come back here")
                .on_disabled_hover_text(why)
                .clicked()
            {
                play_now(state, commands);
            }
            if state.rating_running() {
                if ui.button("■ Stop the bots").clicked()
                    && let Some(job) = &state.rating
                {
                    job.stop();
                }
            } else if ui
                .add_enabled(playable, egui::Button::new("Rate it"))
                .on_hover_text("F6: the bots play it at each sorcerer level")
                .on_disabled_hover_text(why)
                .clicked()
            {
                start_rating(state);
            }
            ui.add(
                egui::DragValue::new(&mut state.games_per_level)
                    .range(20..=1000)
                    .suffix(" games a level"),
            );
            ui.separator();
            if ui.button("Back to the title").on_hover_text("Esc").clicked() {
                leave(state, commands);
            }
        });
        if let Some((m, bad)) = &state.message {
            let color = if *bad {
                egui::Color32::LIGHT_RED
            } else {
                crate::ui::GOLD
            };
            ui.colored_label(color, m);
        }
    });
}

/// Saves into the user's quest folder under the file name; asks before writing over a file
/// that is not this quest's own.
pub fn save(state: &mut EditorState, overwrite: bool) {
    let Some(dir) = crate::save::user_quest_dir() else {
        state.message = Some(("There is no data folder to save quests in.".into(), true));
        return;
    };
    let stem = file_stem(&state.file_name);
    state.file_name = stem.clone();
    // A file of the user's own is saved where it is; anything else into the quest folder.
    let path = match state.doc.path() {
        Some(p) if p.file_stem().is_some_and(|s| s.to_string_lossy() == stem) => p.to_path_buf(),
        _ => dir.join(format!("{stem}.ron")),
    };
    if crate::quest::is_builtin(&stem) {
        state.message = Some((
            format!("\"{stem}\" is a quest of the book: give your file a name of its own."),
            true,
        ));
        return;
    }
    if !overwrite && state.doc.path() != Some(path.as_path()) && path.exists() {
        state.ask = Some(Ask::Overwrite(path));
        return;
    }
    match state.doc.save_to(&path, true) {
        Ok(()) => {
            let warn = if state.doc.playable() {
                ""
            } else {
                " It still has problems: the book lists it as broken until they are mended."
            };
            state.message = Some((format!("Saved {}.{warn}", path.display()), false));
        }
        Err(e) => state.message = Some((format!("Not saved: {e}"), true)),
    }
}

/// Plays the quest as it stands; the title screen hands back to the editor afterwards.
fn play_now(state: &mut EditorState, commands: &mut Commands) {
    let Some(quest) = state.doc.playable_quest() else {
        state.message = Some(("Mend the problems on the right before playing.".into(), true));
        return;
    };
    // The game's save names its quest by file: the quest as it stands goes to a scratch file.
    let id = state.doc.id().to_string();
    let scratch = crate::save::data_dir().map(|d| d.join("editor").join(format!("{}.ron", file_stem(&id))));
    let source = match (&scratch, state.doc.text()) {
        (Some(path), Ok(text)) => match crate::save::write_text(path, &text, false) {
            Ok(()) => path.display().to_string(),
            Err(_) => id,
        },
        _ => id,
    };
    let mut quest = quest;
    quest.id = source.clone();
    commands.insert_resource(PendingQuest {
        quest: Arc::new(quest),
        source,
        seed: 1,
        autoplay: false,
        opponents: Default::default(),
        companions: Vec::new(),
        restore: None,
        own_file: None,
        sorcerer_player: None,
        campaign: false,
    });
    commands.insert_resource(ReturnToEditor);
}

/// Starts the bots on the quest as it stands.
pub fn start_rating(state: &mut EditorState) {
    let Some(quest) = state.doc.playable_quest() else {
        state.message = Some(("Mend the problems on the right before rating.".into(), true));
        return;
    };
    // One core is left to the window.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
    state.frame_ms.clear();
    state.rating = Some(RatingJob::start(Arc::new(quest), state.games_per_level, 1, threads));
}

/// Leaves for the title screen, first asking when there are unsaved edits.
fn leave(state: &mut EditorState, commands: &mut Commands) {
    if state.doc.dirty() {
        state.ask = Some(Ask::LeaveUnsaved);
        return;
    }
    commands.remove_resource::<EditorState>();
    commands.set_state(Screen::Title);
}

/// The question waiting for an answer.
fn ask_window(ctx: &egui::Context, state: &mut EditorState, commands: &mut Commands) {
    let Some(ask) = state.ask.clone() else { return };
    egui::Modal::new(egui::Id::new("editor-ask")).show(ctx, |ui| match ask {
        Ask::LeaveUnsaved => {
            ui.label("The quest has changes that are not saved.");
            ui.horizontal(|ui| {
                if ui.button("Save and leave").clicked() {
                    state.ask = None;
                    save(state, false);
                    if !state.doc.dirty() {
                        leave(state, commands);
                    }
                }
                if ui.button("Leave without saving").clicked() {
                    state.ask = None;
                    commands.remove_resource::<EditorState>();
                    commands.set_state(Screen::Title);
                }
                if ui.button("Stay").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    state.ask = None;
                }
            });
        }
        Ask::Overwrite(path) => {
            ui.label(format!(
                "{} already exists. Write over it? (Its old text is kept as a .bak beside it.)",
                path.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Write over it").clicked() {
                    state.ask = None;
                    save(state, true);
                }
                if ui.button("Keep it").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    state.ask = None;
                    state.message = Some(("Not saved: choose another file name.".into(), true));
                }
            });
        }
    });
}
