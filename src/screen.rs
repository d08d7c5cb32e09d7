//! What the window's screens share: which screen is up, the undo request and its answer, the
//! frame a game was rebuilt in, and a settings file that could not be read. Read by the view,
//! the panels and input; set by the app.

use bevy::prelude::*;

/// Top-level screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Playing,
}

/// A person asked to take back the last command (the Undo button, U or Ctrl+Z).
#[derive(Resource)]
pub struct UndoRequest;

/// Whether the last command can be taken back now, and if not why (see `logic::undo_status`),
/// kept for the panels.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct UndoAvailable(pub Result<usize, String>);

impl Default for UndoAvailable {
    fn default() -> Self {
        UndoAvailable(Err("Nothing to undo yet.".into()))
    }
}

/// Set for the frame in which a game was rebuilt (resumed or undone): the log fills again, but
/// no card pops up and the briefing stays closed.
#[derive(Resource)]
pub struct JustRestored;

/// Why the settings file could not be read, for the title screen (the defaults are in use).
#[derive(Resource, Default)]
pub struct SettingsProblem(pub Option<String>);
