//! Computer players: the sorcerer (four levels) and the hero bots. They read a snapshot and answer with commands.

pub mod driver;
pub mod heroes;
pub mod heroica;
pub mod heroica_monsters;
pub mod morcar;
pub mod perception;
pub mod planner;
pub mod sorcerer;

use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;
use crate::rules::paths::DistanceField;

/// Cuts a path to the steps allowed, then backs off until it ends on a square the figure may stop on.
pub fn trim_path(snap: &Snapshot, fig: &FigureSnap, mut path: Vec<Pos>, steps: u8) -> Vec<Pos> {
    path.truncate(steps as usize);
    // Under the action-point module a step may cost two (leaving a threatened square).
    if let Some(from) = fig.pos.filter(|_| fig.hero && snap.action_points()) {
        while snap.path_cost(fig, from, &path) > u16::from(steps) {
            path.pop();
        }
    }
    while let Some(last) = path.last() {
        if snap.can_stop_on(fig, *last) {
            break;
        }
        path.pop();
    }
    path
}

/// Unlimited-distance field for `fig` over the squares it may walk through.
pub fn field(snap: &Snapshot, fig: &FigureSnap) -> Option<DistanceField> {
    snap.reach(fig, 1000)
}

/// Squares from which `attacker` could hit `target` orthogonally: adjacent, no wall between, free to stand on.
pub fn attack_squares(snap: &Snapshot, attacker: &FigureSnap, target: &FigureSnap) -> Vec<Pos> {
    let Some(t) = target.pos else {
        return Vec::new();
    };
    t.neighbours()
        .into_iter()
        .filter(|s| snap.board().in_bounds(*s) && snap.edge_open(*s, t) && snap.can_stop_on(attacker, *s))
        .collect()
}

/// How the computer sorcerer plays. Every level obeys the same rules and sees the same board;
/// they differ in how far they look ahead and how well they weigh what they see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SorcererLevel {
    /// The documented baseline: each monster walks to the nearest hero and hits the weakest
    /// (Battle Heroica: the monster nearest a hero charges it).
    Classic,
    /// The planner with plausible mistakes and no regard for the heroes' answer (Battle
    /// Heroica: a careless charge).
    Easy,
    /// A whole-turn plan, monster by monster (sequential greedy), with exact odds and a threat
    /// map, and small mistakes now and then (Battle Heroica: it strikes when the roll reaches a
    /// hero, else holds).
    #[default]
    Normal,
    /// Beam search over the whole turn with an estimate of the heroes' reply (Battle Heroica:
    /// it strikes, and waits in ambush beyond a hero's longest move).
    Hard,
}

impl SorcererLevel {
    pub const ALL: [SorcererLevel; 4] = [
        SorcererLevel::Classic,
        SorcererLevel::Easy,
        SorcererLevel::Normal,
        SorcererLevel::Hard,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SorcererLevel::Classic => "classic",
            SorcererLevel::Easy => "easy",
            SorcererLevel::Normal => "normal",
            SorcererLevel::Hard => "hard",
        }
    }

    /// One line for menus.
    pub fn blurb(self) -> &'static str {
        match self {
            SorcererLevel::Classic => "every monster charges the nearest hero",
            SorcererLevel::Easy => "plans, but makes mistakes",
            SorcererLevel::Normal => "plans the whole turn with exact odds, now and then not the best",
            SorcererLevel::Hard => "searches many plans and expects your answer",
        }
    }

    /// The same level as Battle Heroica's monster player (`heroica_monsters`).
    pub fn heroica_blurb(self) -> &'static str {
        match self {
            SorcererLevel::Classic => "the monster nearest a hero charges it",
            SorcererLevel::Easy => "a careless charge: half its turns any monster",
            SorcererLevel::Normal => "strikes when the roll reaches a hero, else holds",
            SorcererLevel::Hard => "strikes, and waits in ambush beyond your longest move",
        }
    }
}

/// The bots that play heroes in simulations, in `--autoplay`, and for heroes nobody plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HeroBot {
    /// Any possible command, picked at random (from its own seeded stream, never the dice).
    Random,
    /// Fights what is next to it, searches, explores; each hero for itself.
    Greedy,
    /// Moves as a party, focuses attacks where they kill, spares the wounded, uses its kit well.
    #[default]
    Competent,
}

impl HeroBot {
    pub fn as_str(self) -> &'static str {
        match self {
            HeroBot::Random => "random",
            HeroBot::Greedy => "greedy",
            HeroBot::Competent => "competent",
        }
    }
}

pub use crate::rules::noise::mix;
pub use driver::{Opponents, PlanOffThread, SorcererMind, Thinking, decide, decide_from};
