//! Headless games, hero bots against the sorcerer: the `simulate` report.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::game::model::{Command, EventLog, GameEvent, Outcome, Phase, Turn};
use bevy::prelude::World;

use crate::ai::{HeroBot, SorcererLevel};
use crate::ai::{Opponents, SorcererMind};
use crate::game::{self, Controller, Controllers, logic};
use crate::quest::Quest;
use crate::rules::heroica::play::Happening;

/// A game that has not ended after this many rounds counts as unfinished.
pub const MAX_ROUNDS: u32 = 300;
/// Safety net against a bot that never ends its turn (commands in one game).
const MAX_COMMANDS: usize = 200_000;

#[derive(Clone, Debug, Default)]
pub struct GameResult {
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub events: Vec<GameEvent>,
    pub think_ns: Vec<u64>,
    /// The figures' names, for telling the story (`GameResult::story`).
    pub names: crate::game::model::FigureNames,
    /// Every command sent, in order: with the seed, the whole game (see `save::Replay`).
    pub commands: Vec<Command>,
}

/// The players of a simulated game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Matchup {
    pub sorcerer: SorcererLevel,
    pub heroes_bot: HeroBot,
}

/// A headless app (no window, no rendering) with the game and the computer players' driver:
/// for tests.
pub fn headless_app() -> bevy::prelude::App {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins((game::plugin, crate::ai::driver::plugin));
    app
}

/// A world holding a quest in play with computer players on both sides, and nothing else: the
/// same resources and the same `logic::submit` path as the window, without the frame loop.
pub fn headless_world(quest: Arc<Quest>, seed: u64, matchup: Matchup) -> World {
    let mut world = World::new();
    world.insert_resource(Controllers::all(Controller::Bot));
    world.insert_resource(Opponents {
        sorcerer: matchup.sorcerer,
        heroes_bot: matchup.heroes_bot,
    });
    world.insert_resource(SorcererMind::default());
    world.insert_resource(crate::ai::driver::hooks());
    logic::start_quest(&mut world, quest, seed);
    world
}

/// Plays one game headless with bots for every hero: each computer player's command goes
/// straight into `logic::submit`, the one place that changes the board.
pub fn play_one(quest: Arc<Quest>, seed: u64, matchup: Matchup) -> GameResult {
    let mut world = headless_world(quest, seed, matchup);
    play_out(&mut world)
}

/// Plays the game in `world` to its end (or the round and command limits) with the computer
/// players; the world is left as the game ended, for whoever wants to read it (a campaign).
pub fn play_out(world: &mut World) -> GameResult {
    let world = &mut *world;
    let mut commands = 0;
    // The picture of the board the last command left, handed on while it still holds, so one
    // command reads the world about once instead of three times (the same games: tests/ai.rs).
    let mut snap = None;
    loop {
        let turn = world.resource::<Turn>();
        if matches!(turn.phase, Phase::Over(_)) || turn.round > MAX_ROUNDS || commands >= MAX_COMMANDS {
            break;
        }
        let Some((cmd, seen)) = crate::ai::decide_from(world, snap.take()) else {
            break;
        };
        snap = logic::submit_from(world, cmd, Some(seen)).1;
        commands += 1;
    }
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
        names: world.resource::<crate::game::model::FigureNames>().clone(),
        commands: std::mem::take(&mut world.resource_mut::<crate::game::model::CommandLog>().0),
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ThinkMs {
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
}

impl GameResult {
    /// Everything that happened, in plain words (as the log panel shows it).
    pub fn story(&self) -> Vec<String> {
        crate::game::describe::Lines::all(&self.events, &self.names)
    }
}

/// A 95% Wilson score interval for a proportion.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

pub fn wilson(successes: u32, n: u32) -> Interval {
    if n == 0 {
        return Interval { low: 0.0, high: 1.0 };
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = successes as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 or n successes the bound is exactly 0 or 1 (no rounding crumbs).
    Interval {
        low: if successes == 0 { 0.0 } else { (centre - half).max(0.0) },
        high: if p >= 1.0 { 1.0 } else { (centre + half).min(1.0) },
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub quest: String,
    /// The rule system the games were played under.
    pub rules: String,
    /// The modules they were played with (ids).
    pub modules: Vec<String>,
    pub sorcerer: SorcererLevel,
    pub heroes_bot: HeroBot,
    pub seed: u64,
    pub games: u32,
    pub hero_wins: u32,
    pub hero_win_rate: f64,
    /// Wilson 95% interval of the hero win rate.
    pub hero_win_rate_95: Interval,
    pub sorcerer_wins: u32,
    pub unfinished: u32,
    pub mean_rounds: f64,
    pub heroes_killed: u64,
    pub monsters_killed: u64,
    pub event_counts: BTreeMap<String, u64>,
    pub think_ms: ThinkMs,
    pub games_per_sec: f64,
    /// LEGO Heroica: the missions each seat won, by seat (first seat first); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seat_wins: Vec<u32>,
    /// Battle Heroica: the monster player's wins (two heroes defeated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monster_wins: Option<u32>,
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let idx = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[idx] as f64 / 1e6
}

/// Runs `games` games on seeds `seed`, `seed + 1`, ... and summarises them. Games are spread
/// over `threads` threads; results are merged in seed order, so the report (timings aside) is
/// the same for any thread count.
pub fn simulate(quest: Arc<Quest>, games: u32, seed: u64, matchup: Matchup, threads: usize) -> Report {
    let started = Instant::now();
    let threads = threads.clamp(1, 64).min(games.max(1) as usize);
    let mut results: Vec<(u32, GameResult)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let quest = quest.clone();
                scope.spawn(move || {
                    (t as u32..games)
                        .step_by(threads)
                        .map(|g| (g, play_one(quest.clone(), seed.wrapping_add(g as u64), matchup)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a simulated game panicked"))
            .collect()
    });
    results.sort_by_key(|(g, _)| *g);
    let mut r = Report {
        quest: quest.id.clone(),
        rules: quest.system.id().to_string(),
        modules: quest.modules.ids(),
        sorcerer: matchup.sorcerer,
        heroes_bot: matchup.heroes_bot,
        seed,
        games,
        hero_wins: 0,
        hero_win_rate: 0.0,
        hero_win_rate_95: wilson(0, 0),
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
        seat_wins: if quest.mission.is_some() {
            vec![0; quest.heroes.len()]
        } else {
            Vec::new()
        },
        monster_wins: (quest.mission.is_some() && quest.modules.battle()).then_some(0),
    };
    let mut think = Vec::new();
    let mut rounds = 0u64;
    for (_, res) in results {
        match res.outcome {
            Some(Outcome::Won) => r.hero_wins += 1,
            Some(Outcome::Lost) | Some(Outcome::Retreated) => r.sorcerer_wins += 1,
            None => r.unfinished += 1,
        }
        rounds += res.rounds as u64;
        for e in &res.events {
            *r.event_counts.entry(e.kind().to_string()).or_default() += 1;
            match e {
                // Heroes are numbered by seat.
                GameEvent::Heroica(Happening::Won { hero }) => {
                    if let Some(w) = r.seat_wins.get_mut(*hero as usize) {
                        *w += 1;
                    }
                }
                GameEvent::Heroica(Happening::MonstersWon) => {
                    if let Some(w) = r.monster_wins.as_mut() {
                        *w += 1;
                    }
                }
                _ => {}
            }
        }
        think.extend(res.think_ns);
    }
    r.heroes_killed = r.event_counts.get("hero_killed").copied().unwrap_or(0);
    r.monsters_killed = r.event_counts.get("monster_killed").copied().unwrap_or(0);
    r.mean_rounds = if games > 0 { rounds as f64 / games as f64 } else { 0.0 };
    r.hero_win_rate = if games > 0 {
        r.hero_wins as f64 / games as f64
    } else {
        0.0
    };
    r.hero_win_rate_95 = wilson(r.hero_wins, games);
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
    let mut world = headless_world(quest, seed, Matchup::default());
    for c in commands {
        logic::submit(&mut world, c.clone());
    }
    world.resource::<EventLog>().0.clone()
}

/// How many times a simulated campaign party tries one quest before it gives up the campaign
/// (a player who loses a quest goes back to the armory and tries it again).
pub const CAMPAIGN_TRIES: u32 = 4;

/// One quest of the book, over every simulated campaign.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct CampaignQuest {
    pub quest: String,
    /// Games played (a lost quest counts once per try).
    pub tries: u32,
    pub wins: u32,
    pub win_rate: f64,
    /// Revised's advanced game: Morcar's budget for Dungeon cards at this quest, the marks on the
    /// party's skills (#168), on average over its tries; and the skills learnt in town just before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_dungeon_budget: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skills_learnt_before: Option<u32>,
}

/// One game of a simulated campaign: its quest, whether it was won, Morcar's Dungeon budget in it
/// and the skills the party learnt in town before it (Revised's advanced game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignGame {
    pub quest: String,
    pub won: bool,
    pub budget: u32,
    pub skills_learnt: Vec<String>,
}

/// `simulate --campaign`: whole campaigns through the quest book with one party each.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CampaignReport {
    /// The rule system the campaigns were played under (an id): its book and, under Revised,
    /// its town.
    pub rules: String,
    /// The modules every quest was played with (ids).
    pub modules: Vec<String>,
    pub sorcerer: SorcererLevel,
    pub heroes_bot: HeroBot,
    pub seed: u64,
    pub games: u32,
    /// Campaigns in which the party won every quest of the book.
    pub campaigns_finished: u32,
    pub campaigns_finished_rate: f64,
    /// A party gives up after losing one quest this many times.
    pub tries_per_quest: u32,
    /// Quests won per campaign, on average.
    pub mean_quests_won: f64,
    /// The book's quests in order.
    pub quests: Vec<CampaignQuest>,
    /// Artifacts the parties held when their campaign ended, by id: how often each was kept.
    pub artifacts_held_at_end: BTreeMap<String, u32>,
    /// Revised's advanced game: the Skill cards the parties learnt with Fate between quests, by
    /// id, over every campaign (empty otherwise).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub skills_learnt: BTreeMap<String, u32>,
    pub games_per_sec: f64,
}

/// One campaign under rule system `rules` (an id): a fresh party plays that system's book in
/// order, shops (and, under Revised, pays and hires men-at-arms) between quests, and tries a
/// lost quest again up to `CAMPAIGN_TRIES` times. Returns each game played and the party at
/// the end.
pub fn play_campaign(
    rules: &str,
    seed: u64,
    matchup: Matchup,
    modules: &[String],
) -> (Vec<CampaignGame>, crate::campaign::Campaign) {
    let Ok(rules) = crate::campaign::campaign_rules_under(rules, modules) else {
        return (
            Vec::new(),
            crate::campaign::Campaign::new(&crate::rules::ruleset::RuleSet::heroquest_2021()),
        );
    };
    let mut campaign = crate::campaign::Campaign::new(&rules);
    campaign.modules = modules.to_vec();
    let mut played = Vec::new();
    let mut tries = 0;
    while let Some(id) = campaign.next_quest() {
        if tries == CAMPAIGN_TRIES {
            break;
        }
        tries += 1;
        let known: Vec<(String, Vec<String>)> = campaign
            .party
            .iter()
            .map(|(c, h)| (c.clone(), h.skills.clone()))
            .collect();
        campaign.shop(&rules);
        let skills_learnt: Vec<String> = campaign
            .party
            .iter()
            .flat_map(|(c, h)| {
                let before = known
                    .iter()
                    .find(|(k, _)| k == c)
                    .map(|(_, s)| s.clone())
                    .unwrap_or_default();
                h.skills.iter().filter(move |s| !before.contains(s)).cloned()
            })
            .collect();
        let Ok(q) = crate::quest::load(id) else { break };
        let q = if q.rules.id == rules.id {
            q
        } else {
            let Ok(q) = q.under(&rules.id) else { break };
            q
        };
        let q = campaign.prepare(&q);
        let game_seed = crate::ai::mix(seed ^ (played.len() as u64) << 48);
        let mut world = headless_world(q, game_seed, matchup);
        let result = play_out(&mut world);
        let outcome = result.outcome.unwrap_or(Outcome::Lost);
        let Some(snap) = crate::game::snapshot::Snapshot::capture(&mut world) else {
            break;
        };
        campaign.settle(id, outcome, &snap);
        let won = outcome == Outcome::Won;
        played.push(CampaignGame {
            quest: id.to_string(),
            won,
            budget: snap.morcar.budget,
            skills_learnt,
        });
        if won {
            tries = 0;
        }
    }
    (played, campaign)
}

/// Runs `games` campaigns on seeds `seed`, `seed + 1`, ... over `threads` threads (the report
/// does not depend on how they are spread).
pub fn simulate_campaigns(
    rules: &str,
    games: u32,
    seed: u64,
    matchup: Matchup,
    modules: &[String],
    threads: usize,
) -> CampaignReport {
    let started = Instant::now();
    let threads = threads.clamp(1, 64).min(games.max(1) as usize);
    let mut results: Vec<(u32, (Vec<CampaignGame>, crate::campaign::Campaign))> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t as u32..games)
                        .step_by(threads)
                        .map(|g| (g, play_campaign(rules, seed.wrapping_add(g as u64), matchup, modules)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a simulated campaign panicked"))
            .collect()
    });
    results.sort_by_key(|(g, _)| *g);
    let book = crate::quest::campaign_book_for(rules);
    let mut quests: Vec<CampaignQuest> = book
        .iter()
        .map(|id| CampaignQuest {
            quest: id.to_string(),
            ..Default::default()
        })
        .collect();
    let tables = crate::campaign::campaign_rules_under(rules, modules)
        .unwrap_or_else(|_| crate::rules::ruleset::RuleSet::heroquest_2021());
    let (mut finished, mut won_total) = (0, 0u64);
    let mut artifacts = BTreeMap::new();
    let mut skills = BTreeMap::new();
    let advanced = tables.adv().is_some();
    // Per quest: the budgets added up, and the skills learnt before it.
    let mut budgets = vec![(0u64, 0u32); quests.len()];
    for (_, (played, campaign)) in &results {
        for g in played {
            if let Some(i) = quests.iter().position(|q| q.quest == g.quest) {
                let q = &mut quests[i];
                q.tries += 1;
                q.wins += u32::from(g.won);
                budgets[i].0 += u64::from(g.budget);
                budgets[i].1 += g.skills_learnt.len() as u32;
            }
            won_total += u64::from(g.won);
            for s in &g.skills_learnt {
                *skills.entry(s.clone()).or_insert(0) += 1;
            }
        }
        if campaign.next_quest().is_none() {
            finished += 1;
        }
        for a in campaign.artifacts(&tables) {
            *artifacts.entry(a).or_insert(0) += 1;
        }
    }
    for (q, (budget, learnt)) in quests.iter_mut().zip(budgets) {
        q.win_rate = if q.tries > 0 {
            q.wins as f64 / q.tries as f64
        } else {
            0.0
        };
        if advanced {
            q.mean_dungeon_budget = Some(if q.tries > 0 {
                budget as f64 / f64::from(q.tries)
            } else {
                0.0
            });
            q.skills_learnt_before = Some(learnt);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    CampaignReport {
        rules: rules.to_string(),
        modules: modules.to_vec(),
        sorcerer: matchup.sorcerer,
        heroes_bot: matchup.heroes_bot,
        seed,
        games,
        campaigns_finished: finished,
        campaigns_finished_rate: if games > 0 { finished as f64 / games as f64 } else { 0.0 },
        tries_per_quest: CAMPAIGN_TRIES,
        mean_quests_won: if games > 0 {
            won_total as f64 / games as f64
        } else {
            0.0
        },
        quests,
        artifacts_held_at_end: artifacts,
        skills_learnt: skills,
        games_per_sec: if secs > 0.0 { games as f64 / secs } else { 0.0 },
    }
}
