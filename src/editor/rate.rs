//! Rating a quest: the bots play it at each sorcerer level on background threads while the
//! editor stays responsive, reporting as they go, and stopping when asked.
//!
//! Game `i` of a rating is always the same game (level `i / per_level`, seed `seed + i %
//! per_level`), and the summary reads the games in that order, so a finished rating is the same
//! whatever the number of threads or how they were scheduled.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::ai::{HeroBot, SorcererLevel};
use crate::game::model::{GameEvent, Outcome};
use crate::quest::Quest;
use crate::sim::{Matchup, play_one};

/// The levels a rating plays, weakest sorcerer first.
pub const LEVELS: [SorcererLevel; 3] = [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard];

/// One game's outcome, as much as the rating needs.
#[derive(Clone, Debug)]
struct Played {
    hero_win: bool,
    finished: bool,
    rounds: u32,
    /// The names of the monsters that killed a hero, one per kill.
    killers: Vec<String>,
}

/// How the heroes fared against one sorcerer level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevelRating {
    pub games: u32,
    pub hero_wins: u32,
    pub unfinished: u32,
    pub mean_rounds: f64,
}

impl LevelRating {
    /// The heroes' win rate in percent (0 before any game).
    pub fn win_percent(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * f64::from(self.hero_wins) / f64::from(self.games)
        }
    }
}

/// What a rating has found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rating {
    /// One per level of `LEVELS`.
    pub levels: Vec<LevelRating>,
    /// How many heroes each monster (by its name in the game) killed, most first.
    pub killers: Vec<(String, u32)>,
    pub done: usize,
    pub total: usize,
    /// Every game played (not stopped).
    pub complete: bool,
    pub stopped: bool,
}

struct Shared {
    next: AtomicUsize,
    done: AtomicUsize,
    stop: AtomicBool,
    games: Mutex<Vec<Option<Played>>>,
}

/// Bots playing a quest in the background.
pub struct RatingJob {
    shared: Arc<Shared>,
    per_level: usize,
    workers: Vec<JoinHandle<()>>,
}

impl RatingJob {
    /// Starts `per_level` games at each level on `threads` background threads.
    pub fn start(quest: Arc<Quest>, per_level: u32, seed: u64, threads: usize) -> RatingJob {
        let per_level = per_level.max(1) as usize;
        let total = per_level * LEVELS.len();
        let shared = Arc::new(Shared {
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            games: Mutex::new(vec![None; total]),
        });
        let workers = (0..threads.clamp(1, 16))
            .map(|_| {
                let (shared, quest) = (shared.clone(), quest.clone());
                std::thread::Builder::new()
                    .name("quest rating".into())
                    .spawn(move || work(&shared, &quest, per_level, seed))
                    .expect("a thread for the rating")
            })
            .collect();
        RatingJob {
            shared,
            per_level,
            workers,
        }
    }

    /// Asks the bots to stop after the games they are playing.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Whether every thread has finished (all games played, or stopped).
    pub fn finished(&self) -> bool {
        self.workers.iter().all(|w| w.is_finished())
    }

    /// The rating as it stands: the games finished so far, in game order.
    pub fn rating(&self) -> Rating {
        let games = self.shared.games.lock().map(|g| g.clone()).unwrap_or_default();
        let total = games.len();
        let mut levels = Vec::new();
        let mut killers: BTreeMap<String, u32> = BTreeMap::new();
        for chunk in games.chunks(self.per_level) {
            let played: Vec<&Played> = chunk.iter().flatten().collect();
            let n = played.len() as u32;
            let rounds: u32 = played.iter().map(|p| p.rounds).sum();
            levels.push(LevelRating {
                games: n,
                hero_wins: played.iter().filter(|p| p.hero_win).count() as u32,
                unfinished: played.iter().filter(|p| !p.finished).count() as u32,
                mean_rounds: if n == 0 { 0.0 } else { f64::from(rounds) / f64::from(n) },
            });
            for p in played {
                for k in &p.killers {
                    *killers.entry(k.clone()).or_default() += 1;
                }
            }
        }
        let mut killers: Vec<(String, u32)> = killers.into_iter().collect();
        killers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let done = self.shared.done.load(Ordering::Relaxed);
        Rating {
            levels,
            killers,
            done,
            total,
            complete: done == total,
            stopped: self.shared.stop.load(Ordering::Relaxed),
        }
    }
}

impl Drop for RatingJob {
    /// A rating left behind (the editor closed) stops its bots.
    fn drop(&mut self) {
        self.stop();
    }
}

/// Lowers the calling thread's priority, so the window's own threads come first on a busy
/// machine (the bots only wait a little longer).
#[cfg(target_os = "linux")]
fn lower_priority() {
    unsafe extern "C" {
        fn setpriority(which: i32, who: u32, prio: i32) -> i32;
    }
    // SAFETY: setpriority takes three integers and touches no memory of ours. On Linux the nice
    // value is a thread's own: PRIO_PROCESS (0) with `who` 0 is the calling thread alone. A
    // refusal (returned as -1) leaves the priority as it was, which is harmless.
    unsafe {
        setpriority(0, 0, 10);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

fn work(shared: &Shared, quest: &Arc<Quest>, per_level: usize, seed: u64) {
    lower_priority();
    let total = per_level * LEVELS.len();
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        if i >= total {
            return;
        }
        let matchup = Matchup {
            sorcerer: LEVELS[i / per_level],
            heroes_bot: HeroBot::Competent,
        };
        let r = play_one(quest.clone(), seed + (i % per_level) as u64, matchup);
        let killers = r
            .events
            .iter()
            .filter_map(|e| match e {
                GameEvent::HeroKilled { by: Some(by), .. } => r.names.0.get(by).cloned(),
                _ => None,
            })
            .collect();
        let played = Played {
            hero_win: r.outcome == Some(Outcome::Won),
            finished: r.outcome.is_some(),
            rounds: r.rounds,
            killers,
        };
        if let Ok(mut g) = shared.games.lock() {
            g[i] = Some(played);
        }
        shared.done.fetch_add(1, Ordering::Relaxed);
    }
}
