//! Headless games, hero bots against the sorcerer: the `simulate` report.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::game::model::{Command, EventLog, GameEvent, Outcome, Phase, Turn};
use crate::game::{self, Controller, Controllers, SorcererMind, logic};
use crate::quest::Quest;

/// A game that has not ended after this many rounds counts as unfinished.
pub const MAX_ROUNDS: u32 = 300;
/// Safety net against a bot that never ends its turn.
const MAX_FRAMES: usize = 200_000;

#[derive(Clone, Debug, Default)]
pub struct GameResult {
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub events: Vec<GameEvent>,
    pub think_ns: Vec<u64>,
}

/// Plays one game headless with bots for every hero, in a real ECS app.
pub fn play_one(quest: Arc<Quest>, seed: u64) -> GameResult {
    let mut app = game::headless_app();
    app.insert_resource(Controllers {
        heroes: Controller::Bot,
    });
    logic::start_quest(app.world_mut(), quest, seed);
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        let turn = app.world().resource::<Turn>();
        if matches!(turn.phase, Phase::Over(_)) || turn.round > MAX_ROUNDS || frames >= MAX_FRAMES {
            break;
        }
    }
    let world = app.world_mut();
    let turn = world.resource::<Turn>().clone();
    let outcome = match turn.phase {
        Phase::Over(o) => Some(o),
        _ => None,
    };
    GameResult {
        outcome,
        rounds: turn.round.min(MAX_ROUNDS),
        events: std::mem::take(&mut world.resource_mut::<EventLog>().0),
        think_ns: std::mem::take(&mut world.resource_mut::<SorcererMind>().turn_ns),
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ThinkMs {
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub quest: String,
    pub seed: u64,
    pub games: u32,
    pub hero_wins: u32,
    pub sorcerer_wins: u32,
    pub unfinished: u32,
    pub mean_rounds: f64,
    pub heroes_killed: u64,
    pub monsters_killed: u64,
    pub event_counts: BTreeMap<String, u64>,
    pub think_ms: ThinkMs,
    pub games_per_sec: f64,
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let idx = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[idx] as f64 / 1e6
}

/// Runs `games` games on seeds `seed`, `seed + 1`, ... and summarises them.
pub fn simulate(quest: Arc<Quest>, games: u32, seed: u64) -> Report {
    let started = Instant::now();
    let mut r = Report {
        quest: quest.id.clone(),
        seed,
        games,
        hero_wins: 0,
        sorcerer_wins: 0,
        unfinished: 0,
        mean_rounds: 0.0,
        heroes_killed: 0,
        monsters_killed: 0,
        event_counts: BTreeMap::new(),
        think_ms: ThinkMs {
            p50: 0.0,
            p95: 0.0,
            max: 0.0,
        },
        games_per_sec: 0.0,
    };
    let mut think = Vec::new();
    let mut rounds = 0u64;
    for g in 0..games {
        let res = play_one(quest.clone(), seed.wrapping_add(g as u64));
        match res.outcome {
            Some(Outcome::Won) => r.hero_wins += 1,
            Some(Outcome::Lost) | Some(Outcome::Retreated) => r.sorcerer_wins += 1,
            None => r.unfinished += 1,
        }
        rounds += res.rounds as u64;
        for e in &res.events {
            *r.event_counts.entry(e.kind().to_string()).or_default() += 1;
        }
        think.extend(res.think_ns);
    }
    r.heroes_killed = r.event_counts.get("hero_killed").copied().unwrap_or(0);
    r.monsters_killed = r.event_counts.get("monster_killed").copied().unwrap_or(0);
    r.mean_rounds = if games > 0 { rounds as f64 / games as f64 } else { 0.0 };
    think.sort_unstable();
    r.think_ms = ThinkMs {
        p50: percentile(&think, 0.5),
        p95: percentile(&think, 0.95),
        max: think.last().map_or(0.0, |v| *v as f64 / 1e6),
    };
    let secs = started.elapsed().as_secs_f64();
    r.games_per_sec = if secs > 0.0 { games as f64 / secs } else { 0.0 };
    r
}

/// Replays a command list from a seed, headless: the same inputs always give the same events.
pub fn replay(quest: Arc<Quest>, seed: u64, commands: &[Command]) -> Vec<GameEvent> {
    let mut app = game::headless_app();
    logic::start_quest(app.world_mut(), quest, seed);
    for c in commands {
        logic::submit(app.world_mut(), c.clone());
    }
    app.world().resource::<EventLog>().0.clone()
}
