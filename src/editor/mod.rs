//! The quest editor's model, kept apart from the window: the quest being edited and the edits
//! that change it (`doc`), writing a quest back as RON with its comments kept (`write`, over
//! the shape `ron_text` reads), the bots' rating (`rate`) and the dungeons the game writes
//! itself (`generate`).

pub mod doc;
pub mod generate;
pub mod rate;
pub mod ron_text;
pub mod write;

pub use doc::{DoorKind, Edit, EditorDoc, Piece, Problem, Sq};

/// The quest's file as a document: the user's own file is edited where it is (saving keeps a
/// `.bak` of it); a quest of the book is a copy, saved into the user's folder under a name of
/// its own.
pub fn open_for_editing(id: &str) -> Result<EditorDoc, String> {
    use crate::quest;
    let mission = |text: &str| {
        quest::mission::looks_like_mission(text)
            .then(|| format!("{id} is a LEGO Heroica mission: the editor writes HeroQuest quests (a mission is written as RON, docs/heroica.md)"))
    };
    if !quest::is_builtin(id) {
        let path = std::path::Path::new(id);
        let bytes = crate::reading::read_limited(path, crate::reading::limits::QUEST)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
        if let Some(e) = mission(&text) {
            return Err(e);
        }
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
    if let Some(e) = mission(text) {
        return Err(e);
    }
    EditorDoc::open(&format!("{id}-copy"), text)
}
