//! The title screen's way into the quest editor (issue 38): a new quest, or the chosen quest
//! opened for editing: a copy of a quest of the book, or the user's own file itself.

use bevy::prelude::*;
use bevy_egui::egui;

use super::TitleState;
use crate::editor::EditorDoc;
use crate::quest;

/// "Quest editor: New quest · Edit a copy of …".
pub(super) fn editor_row(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Quest editor:");
        if ui
            .button("New quest")
            .on_hover_text("An empty dungeon on the classic board")
            .clicked()
        {
            crate::ui::editor::open(commands, EditorDoc::new_quest("my-quest"));
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
