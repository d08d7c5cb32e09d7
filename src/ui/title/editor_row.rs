//! The title screen's way into the quest editor (issue 38): a new quest, a dungeon the game
//! writes itself, or the chosen quest opened for editing (a copy of a quest of the book, or
//! the user's own file itself).

use bevy::prelude::*;
use bevy_egui::egui;

use super::TitleState;
use crate::editor::EditorDoc;
use crate::editor::generate::{Generated, GeneratedQuest, generate};
use crate::quest;

/// What the title's generator makes: a HeroQuest quest, a fair fight.
const RULES: &str = "heroquest-2021";
const DIFFICULTY: u8 = 55;

/// A dungeon being made on a thread of its own: the bots rate it, which takes some seconds.
pub(super) struct Generating {
    seed: u64,
    job: std::thread::JoinHandle<Result<Generated, String>>,
}

/// The generated dungeon opened in the editor, its file's words (how it was made and rated)
/// at its head.
fn open_generated(state: &mut TitleState, commands: &mut Commands, seed: u64, made: Generated) {
    let GeneratedQuest::HeroQuest(q) = &made.quest else {
        state.message = Some("The generator made a mission, not a quest.".into());
        return;
    };
    let id = format!("generated-{seed}");
    let doc = crate::editor::generate::file_text(&made, seed, RULES, DIFFICULTY)
        .and_then(|text| EditorDoc::open(&id, &text))
        .unwrap_or_else(|_| EditorDoc::from_quest(&id, q.clone(), None));
    crate::ui::editor::open(commands, doc);
}

/// "Quest editor: New quest · Generate a dungeon · Edit a copy of this quest".
pub(super) fn editor_row(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
    if state.generating.as_ref().is_some_and(|g| g.job.is_finished())
        && let Some(g) = state.generating.take()
    {
        match g.job.join() {
            Ok(Ok(made)) => open_generated(state, commands, g.seed, made),
            Ok(Err(e)) => state.message = Some(format!("No dungeon: {e}")),
            Err(_) => state.message = Some("The generator stopped on an error.".into()),
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Quest editor:");
        if ui
            .button("New quest")
            .on_hover_text("An empty dungeon on the classic board")
            .clicked()
        {
            crate::ui::editor::open(commands, EditorDoc::new_quest("my-quest"));
        }
        if let Some(g) = &state.generating {
            ui.spinner();
            ui.label(format!("Generating dungeon {}: the bots are rating it…", g.seed));
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(250));
        } else if ui
            .button("Generate a dungeon")
            .on_hover_text("A new quest from the seed below, rated by the bots for a fair fight, opened in the editor")
            .clicked()
        {
            let seed = state.seed.trim().parse::<u64>().unwrap_or(1);
            let job = std::thread::spawn(move || generate(seed, RULES, DIFFICULTY));
            state.generating = Some(Generating { seed, job });
        }
        let Some((id, q)) = state.quests.get(state.selected) else {
            return;
        };
        let mission = matches!(q, Ok(q) if q.mission.is_some());
        let yours = !quest::is_builtin(id);
        let label = if yours {
            "Edit this quest"
        } else {
            "Edit a copy of this quest"
        };
        let button = ui.add_enabled(!mission, egui::Button::new(label));
        let button =
            button.on_disabled_hover_text("LEGO Heroica missions are written as RON files for now (docs/heroica.md).");
        if button.clicked() {
            match crate::editor::open_for_editing(id) {
                Ok(doc) => crate::ui::editor::open(commands, doc),
                Err(e) => state.message = Some(format!("Cannot open it in the editor: {e}")),
            }
        }
    });
}
