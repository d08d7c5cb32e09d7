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
            match open_doc(id, yours) {
                Ok(doc) => crate::ui::editor::open(commands, doc),
                Err(e) => state.message = Some(format!("Cannot open it in the editor: {e}")),
            }
        }
    });
}

/// The quest's file as a document: the user's own file is edited where it is (saving keeps a
/// `.bak` of it); a quest of the book is a copy, saved into the user's folder under a name of
/// its own.
fn open_doc(id: &str, yours: bool) -> Result<EditorDoc, String> {
    if yours {
        let path = std::path::Path::new(id);
        let bytes = crate::reading::read_limited(path, crate::reading::limits::QUEST)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
        let stem = path
            .file_stem()
            .map_or("my-quest".into(), |s| s.to_string_lossy().into_owned());
        let mut doc = EditorDoc::open(&stem, &text)?;
        doc.path = Some(path.to_path_buf());
        return Ok(doc);
    }
    let (_, _, bytes) = quest::builtin_quests()
        .iter()
        .find(|(b, _, _)| *b == id)
        .ok_or_else(|| format!("no quest \"{id}\" in the book"))?;
    let text = std::str::from_utf8(bytes).map_err(|_| format!("{id} is not UTF-8 text"))?;
    EditorDoc::open(&format!("{id}-copy"), text)
}
