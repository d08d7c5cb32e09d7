//! Tools for making quests: the dungeon generator (`generate`).

pub mod generate;
