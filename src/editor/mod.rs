//! The quest editor's model, kept apart from the window: the quest being edited and the edits
//! that change it (`doc`), the same for a LEGO Heroica mission (`mission`), either one as the
//! editor's `Document`, quest events written from templates (`events`), writing them back as
//! RON with their comments kept (`write`, over the shape `ron_text` reads), the bots' rating
//! (`rate`) and the dungeons the game writes itself (`generate`).

pub mod doc;
pub mod events;
pub mod generate;
pub mod mission;
pub mod rate;
pub mod ron_text;
pub mod write;

pub use doc::{DoorKind, Edit, EditorDoc, Piece, Problem, Sq};
pub use mission::{MissionDoc, MissionEdit, MissionPiece, Square};

/// What the editor has open: a HeroQuest quest or a LEGO Heroica mission. What both have
/// (their file, history, problems, playing and rating) is asked of this; what each is made of
/// is edited through its own document.
// One document is open at a time: the size of a raw quest costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Document {
    Quest(EditorDoc),
    Mission(MissionDoc),
}

/// The same field or call of whichever document is open.
macro_rules! either {
    ($self:expr, $d:ident => $e:expr) => {
        match $self {
            Document::Quest($d) => $e,
            Document::Mission($d) => $e,
        }
    };
}

impl Document {
    pub fn id(&self) -> &str {
        either!(self, d => &d.id)
    }

    /// The quest's or mission's name.
    pub fn name(&self) -> &str {
        match self {
            Document::Quest(d) => &d.quest.name,
            Document::Mission(d) => &d.mission.name,
        }
    }

    pub fn path(&self) -> Option<&std::path::Path> {
        either!(self, d => d.path.as_deref())
    }

    pub fn set_path(&mut self, path: std::path::PathBuf) {
        either!(self, d => d.path = Some(path))
    }

    pub fn dirty(&self) -> bool {
        either!(self, d => d.dirty)
    }

    pub fn problems(&self) -> &[Problem] {
        either!(self, d => &d.problems)
    }

    pub fn playable(&self) -> bool {
        either!(self, d => d.playable())
    }

    pub fn playable_quest(&self) -> Option<crate::quest::Quest> {
        either!(self, d => d.playable_quest())
    }

    pub fn text(&self) -> Result<String, String> {
        either!(self, d => d.text())
    }

    pub fn save_to(&mut self, path: &std::path::Path, overwrite: bool) -> Result<(), String> {
        either!(self, d => d.save_to(path, overwrite))
    }

    pub fn can_undo(&self) -> bool {
        either!(self, d => d.can_undo())
    }

    pub fn can_redo(&self) -> bool {
        either!(self, d => d.can_redo())
    }

    /// Undoes (or with `redo`, redoes) the last edit.
    pub fn undo(&mut self, redo: bool) -> Result<(), String> {
        match (self, redo) {
            (Document::Quest(d), false) => d.apply(Edit::Undo),
            (Document::Quest(d), true) => d.apply(Edit::Redo),
            (Document::Mission(d), false) => d.apply(MissionEdit::Undo),
            (Document::Mission(d), true) => d.apply(MissionEdit::Redo),
        }
    }

    /// A document read from a file's text: a mission when the text is one.
    pub fn open(id: &str, text: &str) -> Result<Document, String> {
        if crate::quest::mission::looks_like_mission(text) {
            MissionDoc::open(id, text).map(Document::Mission)
        } else {
            EditorDoc::open(id, text).map(Document::Quest)
        }
    }
}

/// A quest's or mission's file as a document: the user's own file is edited where it is
/// (saving keeps a `.bak` of it); one of the book is a copy, saved into the user's folder
/// under a name of its own.
pub fn open_for_editing(id: &str) -> Result<Document, String> {
    use crate::quest;
    if !quest::is_builtin(id) {
        let path = std::path::Path::new(id);
        let bytes = crate::reading::read_limited(path, crate::reading::limits::QUEST)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
        let stem = path
            .file_stem()
            .map_or("my-quest".into(), |s| s.to_string_lossy().into_owned());
        let mut doc = Document::open(&stem, &text)?;
        doc.set_path(path.to_path_buf());
        return Ok(doc);
    }
    let (_, _, bytes) = quest::builtin_quests()
        .iter()
        .chain(quest::mission::builtin_missions())
        .find(|(b, _, _)| *b == id)
        .ok_or_else(|| format!("no quest or mission \"{id}\" in the book"))?;
    let text = std::str::from_utf8(bytes).map_err(|_| format!("{id} is not UTF-8 text"))?;
    Document::open(&format!("{id}-copy"), text)
}
