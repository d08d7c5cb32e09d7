//! Hollowdeep: the HeroQuest 2021 rules as a Bevy game. Thin binary, everything lives here.

pub mod ai;
pub mod app;
pub mod campaign;
pub mod cli;
pub mod editor;
pub mod embedded;
pub mod epic;
pub mod game;

pub mod input;
pub mod quest;
/// HeroScribe import lives with the quest loader, which opens `.xml` quests through it.
pub use quest::import;
pub mod reading;
pub mod rules;
pub mod save;
pub mod screen;
pub mod seating;
pub mod sim;
pub mod start;
pub mod text;
pub mod ui;
pub mod view;
