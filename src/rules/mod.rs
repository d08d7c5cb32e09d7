//! Pure rules: geometry, boards, dice, line of sight, paths, combat and data tables. No Bevy here.

pub mod board;
pub mod bounds;
pub mod combat;
pub mod dice;
pub mod geometry;
pub mod heroica;
pub mod los;
pub mod noise;
pub mod odds;
pub mod paths;
pub mod pool;
pub mod response;
pub mod ruleset;
pub mod systems;
