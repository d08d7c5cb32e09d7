//! A deterministic dungeon generator (issue 38, item 5): from a seed, a rule system and a
//! difficulty, a quest (HeroQuest, on the classic board) or a mission (LEGO Heroica, played as
//! Battle) that the real validator accepts and that the bots have rated near the difficulty.
//!
//! Each rule system's part (`heroquest`, `heroica`) draws a layout from the seed and turns it
//! into a *ladder*: a list of small steps that make the dungeon harder one at a time (a monster
//! added, a monster made a stronger kind, a trap set, a boss made tougher). Level `k` is the
//! layout with the first `k` steps taken, so the hero win rate falls, roughly, as `k` rises.
//! `tune` then searches the ladder for the level whose win rate against the normal sorcerer
//! is the difficulty asked: a bisection on short simulated runs, then a logistic curve fitted
//! to every game played, probed where it crosses the target; the level chosen is the one whose
//! games, pulled toward the curve, come nearest. A layout whose chosen level's games miss the
//! target by more than a tenth, or left a game unfinished, gives way to another drawn from the
//! same seed (`tune_best`, four at most, the best kept). Everything (the layout, the steps,
//! the simulation seeds) comes from the seed, and `sim::simulate` reports the same for any
//! thread count, so one `(seed, rules, difficulty)` always gives the same quest.

mod heroica;
mod heroquest;
mod words;

use std::sync::Arc;

use crate::ai::{HeroBot, SorcererLevel};
use crate::quest::Quest;
use crate::quest::mission::RawMission;
use crate::sim::{Matchup, simulate};

/// A generated quest and how the bots rated it.
#[derive(Clone, Debug)]
pub struct Generated {
    pub quest: GeneratedQuest,
    pub rating: Rating,
}

/// What was generated: a HeroQuest quest or a LEGO Heroica mission, as the files are written.
// One generated quest is held at a time: the size of a raw quest costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum GeneratedQuest {
    HeroQuest(crate::quest::RawQuest),
    Heroica(RawMission),
}

/// The rating: the games played at the chosen level while tuning (heroes won `hero_wins` of
/// `games` against the normal sorcerer), the hero win rate asked (`target`, in percent) and
/// the tuning steps taken (simulated runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    pub games: u32,
    pub hero_wins: u32,
    pub target: u8,
    pub steps: u32,
}

/// The rule systems `generate` takes.
pub const RULES: [&str; 3] = ["heroquest-2021", "heroquest-revised", "heroica"];

/// Generates a quest for `rules` (`"heroquest-2021"`, `"heroquest-revised"` or `"heroica"`)
/// whose hero win rate against the normal sorcerer (competent hero bots) is near `difficulty`
/// percent (5 to 95). The same arguments always give the same quest. Err only for arguments
/// out of range, or when no layout of the seed passes the validator (never seen).
pub fn generate(seed: u64, rules: &str, difficulty: u8) -> Result<Generated, String> {
    generate_with(seed, rules, difficulty, Tuning::default())
}

/// How hard `generate` works at rating: games a step, bisection steps, probes of the fitted
/// curve. Fewer games make a rougher rating (the tests use that); the default is what the
/// difficulty promise is measured with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    pub games: u32,
    pub bisect: u32,
    pub probes: u32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            games: 64,
            bisect: 6,
            probes: 2,
        }
    }
}

/// `generate`, with the rating's effort chosen.
pub fn generate_with(seed: u64, rules: &str, difficulty: u8, tuning: Tuning) -> Result<Generated, String> {
    if !(5..=95).contains(&difficulty) {
        return Err(format!(
            "the difficulty is a hero win rate of 5 to 95 percent, not {difficulty}"
        ));
    }
    match rules {
        "heroquest-2021" | "heroquest-revised" => heroquest::generate(seed, rules, difficulty, tuning),
        "heroica" => heroica::generate(seed, difficulty, tuning),
        other => Err(format!(
            "the generator makes quests for {}, not \"{other}\"",
            RULES.map(|r| format!("\"{r}\"")).join(", ")
        )),
    }
}

/// SplitMix64: a small, fast, well-mixed stream, the same on every platform.
pub(crate) struct Rng(u64);

impl Rng {
    /// A stream for one purpose (`stream`) of one seed.
    pub(crate) fn new(seed: u64, stream: u64) -> Rng {
        let mut r = Rng(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        r.next_u64();
        r
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0 to `n - 1` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// `lo` to `hi`, both included.
    pub(crate) fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below((hi.saturating_sub(lo) + 1) as usize) as u32
    }

    /// True `percent` times in a hundred.
    pub(crate) fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// A number in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// One element of a list that is never empty (the tables).
    pub(crate) fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.below(list.len())]
    }

    pub(crate) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A dungeon at every level of difficulty: level 0 the mildest, `levels()` the fiercest.
pub(crate) trait Ladder {
    /// What a level is written as (a raw quest or mission).
    type Raw;
    fn levels(&self) -> u32;
    /// The dungeon at `level`, as written and as validated for play; Err when the validator
    /// refuses it.
    fn build(&self, level: u32) -> Result<(Self::Raw, Arc<Quest>), String>;
}

/// The games played at one level.
#[derive(Clone, Copy, Debug)]
struct Observed {
    level: u32,
    games: u32,
    wins: u32,
    unfinished: u32,
}

/// The outcome of tuning: the chosen level as written, its rating, and whether any game
/// played at it did not end.
pub(crate) struct Tuned<R> {
    pub raw: R,
    pub rating: Rating,
    pub unfinished: u32,
}

impl<R> Tuned<R> {
    /// How far the games played at the chosen level fell from the rate asked (0 to 1).
    fn miss(&self) -> f64 {
        let r = &self.rating;
        (f64::from(r.hero_wins) / f64::from(r.games.max(1)) - f64::from(r.target) / 100.0).abs()
    }
}

/// Layouts drawn for one seed before giving up (a refused one is drawn again).
const LAYOUT_TRIES: u64 = 12;
/// Layouts tuned at most: another is tried while the chosen level left games unfinished or its
/// games missed the rate asked by more than `NEAR`; the best one is kept.
const TUNED_TRIES: usize = 4;
/// A rating this near the rate asked ends the search (a tenth: a ladder whose step at the goal
/// jumps from every game won to few, or a rough estimate, sends it to another layout).
const NEAR: f64 = 0.10;

/// The search both rule systems share: `draw(attempt)` gives a layout and the seed its games
/// are played with (None when that attempt drew nothing); a layout whose mildest or fiercest
/// level the validator refuses is passed over; each other one is tuned, until one is near the
/// difficulty with every game ended. The best one tuned is kept (fewest unfinished games, then
/// nearest the rate asked). Err with the last refusal when none could be tuned.
pub(crate) fn tune_best<L: Ladder>(
    mut draw: impl FnMut(u64) -> Option<(L, u64)>,
    target: u8,
    tuning: Tuning,
) -> Result<Tuned<L::Raw>, String> {
    let mut why = String::from("no layout could be drawn");
    let mut best: Option<Tuned<L::Raw>> = None;
    let mut tuned = 0;
    for attempt in 0..LAYOUT_TRIES {
        let Some((layout, seed)) = draw(attempt) else {
            continue;
        };
        // Both ends of the ladder must validate before a game is played on it.
        if let Err(e) = layout.build(0).and_then(|_| layout.build(layout.levels())) {
            why = e;
            continue;
        }
        match tune(&layout, seed, target, tuning) {
            Ok(t) => {
                tuned += 1;
                let done = t.unfinished == 0 && t.miss() <= NEAR;
                let better = |b: &Tuned<L::Raw>| (t.unfinished, t.miss()) < (b.unfinished, b.miss());
                if best.as_ref().is_none_or(better) {
                    best = Some(t);
                }
                if done || tuned == TUNED_TRIES {
                    break;
                }
            }
            Err(e) => why = e,
        }
    }
    best.ok_or(why)
}

/// The computer players every rating is made with.
pub(crate) const MATCHUP: Matchup = Matchup {
    sorcerer: SorcererLevel::Normal,
    heroes_bot: HeroBot::Competent,
};

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Finds the level of `ladder` whose hero win rate is nearest `target` percent (see the module
/// documentation). Err when a level the search asks for does not validate.
fn tune<L: Ladder>(ladder: &L, seed: u64, target: u8, tuning: Tuning) -> Result<Tuned<L::Raw>, String> {
    let goal = f64::from(target) / 100.0;
    let top = ladder.levels();
    let mut seen: Vec<Observed> = Vec::new();
    let mut step = 0u32;
    let mut play = |level: u32, seen: &mut Vec<Observed>| -> Result<(), String> {
        let (_, quest) = ladder.build(level)?;
        let sim_seed = crate::rules::noise::mix(seed ^ 0x5EED_0000 ^ u64::from(step) << 40);
        step += 1;
        let r = simulate(quest, tuning.games.max(1), sim_seed, MATCHUP, threads());
        seen.push(Observed {
            level,
            games: r.games,
            wins: r.hero_wins,
            unfinished: r.unfinished,
        });
        Ok(())
    };
    let (mut lo, mut hi) = (0, top);
    for _ in 0..tuning.bisect {
        if hi <= lo + 1 {
            break;
        }
        let mid = (lo + hi) / 2;
        play(mid, &mut seen)?;
        let o = seen[seen.len() - 1];
        if f64::from(o.wins) / f64::from(o.games.max(1)) > goal {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    if seen.is_empty() {
        play(lo, &mut seen)?;
    }
    for _ in 0..tuning.probes {
        let level = Curve::fit(&seen, top).level_for(goal, &seen, top);
        play(level, &mut seen)?;
    }
    let curve = Curve::fit(&seen, top);
    let mut levels: Vec<u32> = seen.iter().map(|o| o.level).collect();
    levels.sort_unstable();
    levels.dedup();
    // A level's estimate: its own games, pulled toward the curve as if by `PULL` games more.
    // The curve alone smooths over a step where the ladder jumps; the games alone are rough.
    const PULL: f64 = 32.0;
    let estimate = |level: u32| {
        let (games, wins) = seen
            .iter()
            .filter(|o| o.level == level)
            .fold((0.0, 0.0), |(g, w), o| (g + f64::from(o.games), w + f64::from(o.wins)));
        (wins + PULL * curve.rate(level, top)) / (games + PULL)
    };
    let chosen = levels
        .iter()
        .copied()
        .min_by(|a, b| {
            let da = (estimate(*a) - goal).abs();
            let db = (estimate(*b) - goal).abs();
            da.total_cmp(&db).then(a.cmp(b))
        })
        .unwrap_or(0);
    let at: Vec<&Observed> = seen.iter().filter(|o| o.level == chosen).collect();
    let (raw, _) = ladder.build(chosen)?;
    Ok(Tuned {
        raw,
        rating: Rating {
            games: at.iter().map(|o| o.games).sum(),
            hero_wins: at.iter().map(|o| o.wins).sum(),
            target,
            steps: step,
        },
        unfinished: at.iter().map(|o| o.unfinished).sum(),
    })
}

/// A logistic curve of the hero win rate over the level (scaled to 0..1): `1 / (1 + e^-(a + b x))`.
struct Curve {
    a: f64,
    b: f64,
}

impl Curve {
    /// The maximum-likelihood curve through every game played, with a weak prior that keeps it
    /// finite when the games split cleanly (Newton's method on two parameters).
    fn fit(seen: &[Observed], top: u32) -> Curve {
        let scale = f64::from(top.max(1));
        let (mut a, mut b) = (0.0f64, 0.0f64);
        for _ in 0..60 {
            // Gradient and Hessian of the log-likelihood, the prior a, b ~ N(0, 8^2) included.
            let prior = 1.0 / 64.0;
            let (mut ga, mut gb) = (-a * prior, -b * prior);
            let (mut haa, mut hab, mut hbb) = (prior, 0.0, prior);
            for o in seen {
                let x = f64::from(o.level) / scale;
                let p = 1.0 / (1.0 + (-(a + b * x)).exp());
                let n = f64::from(o.games);
                let r = f64::from(o.wins) - n * p;
                ga += r;
                gb += r * x;
                let w = n * p * (1.0 - p);
                haa += w;
                hab += w * x;
                hbb += w * x * x;
            }
            let det = haa * hbb - hab * hab;
            if det.abs() < 1e-12 {
                break;
            }
            let da = (hbb * ga - hab * gb) / det;
            let db = (haa * gb - hab * ga) / det;
            a += da.clamp(-5.0, 5.0);
            b += db.clamp(-5.0, 5.0);
            if da.abs() + db.abs() < 1e-9 {
                break;
            }
        }
        Curve { a, b }
    }

    fn rate(&self, level: u32, top: u32) -> f64 {
        let x = f64::from(level) / f64::from(top.max(1));
        1.0 / (1.0 + (-(self.a + self.b * x)).exp())
    }

    /// The level where the curve crosses `goal`; where it does not fall with the level (too few
    /// games to tell), the level seen nearest the goal.
    fn level_for(&self, goal: f64, seen: &[Observed], top: u32) -> u32 {
        if self.b < -1e-6 {
            let x = ((goal / (1.0 - goal)).ln() - self.a) / self.b;
            return (x * f64::from(top)).round().clamp(0.0, f64::from(top)) as u32;
        }
        seen.iter()
            .min_by(|p, q| {
                let rp = f64::from(p.wins) / f64::from(p.games.max(1));
                let rq = f64::from(q.wins) / f64::from(q.games.max(1));
                (rp - goal).abs().total_cmp(&(rq - goal).abs())
            })
            .map_or(0, |o| o.level)
    }
}

/// The generated quest's file: a comment saying how it was made and how the bots fared, then
/// the quest as the shipped ones are written.
pub fn file_text(g: &Generated, seed: u64, rules: &str, difficulty: u8) -> Result<String, String> {
    let r = &g.rating;
    let head = format!(
        "// Generated by `hollowdeep generate --seed {seed} --rules {rules} --difficulty {difficulty}`.\n\
         // Rated by the bots: the heroes won {} of {} games against the normal sorcerer (asked: {difficulty}%).\n",
        r.hero_wins, r.games
    );
    let body = match &g.quest {
        GeneratedQuest::HeroQuest(q) => crate::editor::write::fresh(q)?,
        GeneratedQuest::Heroica(m) => crate::editor::write::fresh(m)?,
    };
    Ok(head + &body)
}
