//! The quest editor's model, kept apart from the window: the quest being edited and the edits
//! that change it (`doc`), and writing a quest back as RON with its comments kept (`write`,
//! over the shape `ron_text` reads).

pub mod doc;
pub mod rate;
pub mod ron_text;
pub mod write;

pub use doc::{DoorKind, Edit, EditorDoc, Piece, Problem, Sq};
