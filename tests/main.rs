//! The one integration-test binary (every extra binary relinks Bevy): scenarios, loaders, simulation, window.

mod action_points;
mod ai;
mod campaign;
mod common;
mod coop;
mod e2e;
mod events;
mod fuzz;
mod golden;
mod import;
mod legality;
mod objectives;
mod presentation;
mod quests;
mod referee_pool;
mod reload;
mod replay;
mod rules_2021;
mod rules_scenarios;
mod saves;
mod simulation;
mod structure;
mod targets;
mod trust;
mod tutorial;
mod words;
