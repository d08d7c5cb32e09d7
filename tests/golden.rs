//! Golden games (issue 20, step 1): for every shipped quest at two sorcerer levels, one game
//! frozen as files: the replay (rule set, quest, seed, sorcerer, hero bot, every command and its
//! check) and the full event log the rules gave, one JSON event a line. Replaying each must give
//! the very same events. A change that must alter them regenerates them in a commit of its own
//! that says why: `GOLDEN_WRITE=failing cargo test golden` records again those that no longer
//! replay (`GOLDEN_WRITE=1`: all of them); then look at the diff.

use std::path::PathBuf;
use std::sync::Arc;

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::model::GameEvent;
use hollowdeep::quest;
use hollowdeep::save::Replay;
use hollowdeep::sim::{self, Matchup};

const LEVELS: [SorcererLevel; 2] = [SorcererLevel::Classic, SorcererLevel::Hard];
const SEED: u64 = 7;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden")
}

/// The events a replay reproduces: everything but the sorcerer's reasons (those are the
/// computer's thinking aloud, not the rules' answer to a command).
fn ruled(events: &[GameEvent]) -> Vec<GameEvent> {
    events
        .iter()
        .filter(|e| {
            !matches!(
                e,
                GameEvent::SorcererReasoned { .. } | GameEvent::CommandRejected { .. }
            )
        })
        .cloned()
        .collect()
}

fn lines(events: &[GameEvent]) -> String {
    events
        .iter()
        .map(|e| serde_json::to_string(e).expect("events serialise") + "\n")
        .collect()
}

/// Replays the golden game `name`: None when it gives the very events recorded, else where it
/// parts from them.
fn replays(name: &str, id: &str, level: SorcererLevel) -> Option<String> {
    let replay_path = dir().join(format!("{name}.ron"));
    let events_path = dir().join(format!("{name}.events"));
    let replay = match Replay::read(&replay_path) {
        Ok(r) => r,
        Err(e) => return Some(format!("{e} (GOLDEN_WRITE=1 makes it)")),
    };
    assert_eq!((replay.quest.as_str(), replay.seed, replay.sorcerer), (id, SEED, level));
    let played = match replay.play() {
        Ok(p) => p,
        Err(e) => return Some(format!("{name}: {e}")),
    };
    let want = std::fs::read_to_string(&events_path).unwrap_or_default();
    let got = lines(&ruled(&played));
    if got == want {
        return None;
    }
    let first = got
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(got.lines().count().min(want.lines().count()));
    Some(format!(
        "{name}: the replay's events part from the golden game at event {first}:\n  now:    {}\n  golden: {}",
        got.lines().nth(first).unwrap_or("(none)"),
        want.lines().nth(first).unwrap_or("(none)")
    ))
}

/// `GOLDEN_WRITE=1` records every golden game again; `GOLDEN_WRITE=failing` only those that no
/// longer replay (a rules fix that touches a few games leaves the others as they were).
#[test]
fn golden_games_replay_to_the_same_events() {
    let checked = check_golden(&quest::book_order(), None);
    assert_eq!(checked, 2 * quest::book_order().len());
}

/// Issue 36: HeroQuest Revised's golden games, on quests of the book taken under it (their own
/// files, `<quest>.revised.<level>`; the 2021 files never change for Revised).
#[test]
fn revised_golden_games_replay_to_the_same_events() {
    let ids = [
        "the-goblin-warren",
        "the-silent-granary",
        "the-sunken-reliquary",
        "the-warlords-hall",
    ];
    assert_eq!(check_golden(&ids, Some("heroquest-revised")), 2 * ids.len());
}

/// Replays (or records, with `GOLDEN_WRITE`) the golden games of these quests, under `rules`
/// where given; returns how many it checked.
fn check_golden(ids: &[&str], rules: Option<&str>) -> usize {
    let write = std::env::var("GOLDEN_WRITE").ok();
    let mut checked = 0;
    for &id in ids {
        for level in LEVELS {
            let name = match rules {
                Some(_) => format!("{id}.revised.{}", level.as_str()),
                None => format!("{id}.{}", level.as_str()),
            };
            let again = match write.as_deref() {
                None => false,
                Some("failing") => replays(&name, id, level).is_some(),
                Some(_) => true,
            };
            if again {
                let mut q = quest::load(id).unwrap();
                if let Some(r) = rules {
                    q = q.under(r).unwrap();
                }
                let q = Arc::new(q);
                let matchup = Matchup {
                    sorcerer: level,
                    heroes_bot: HeroBot::Competent,
                };
                let game = sim::play_one(q.clone(), SEED, matchup);
                let replay = Replay::new(&q, id, SEED, level, game.commands.clone());
                std::fs::create_dir_all(dir()).unwrap();
                replay.write(&dir().join(format!("{name}.ron"))).unwrap();
                std::fs::write(dir().join(format!("{name}.events")), lines(&ruled(&game.events))).unwrap();
                eprintln!("recorded again: {name}");
            }
            if let Some(why) = replays(&name, id, level) {
                panic!("{why}");
            }
            checked += 1;
        }
    }
    checked
}

/// A game against the classic sorcerer in which a wandering monster appears, saved as a replay,
/// replays to the same events: the replay records the level and the sorcerer's placement is a
/// command (it used to be replayed as the normal sorcerer would have placed it).
#[test]
fn a_classic_game_with_a_wandering_monster_replays_to_the_same_events() {
    let id = "the-goblin-warren";
    let q = Arc::new(quest::load(id).unwrap());
    let matchup = Matchup {
        sorcerer: SorcererLevel::Classic,
        heroes_bot: HeroBot::Competent,
    };
    let game = sim::play_one(q.clone(), 7, matchup);
    assert!(
        game.events
            .iter()
            .any(|e| matches!(e, GameEvent::WanderingMonster { .. })),
        "seed 7 draws a wandering monster"
    );
    let dir = std::env::temp_dir().join(format!("hollowdeep-golden-{}", std::process::id()));
    let path = dir.join("classic.ron");
    Replay::new(&q, id, 7, SorcererLevel::Classic, game.commands.clone())
        .write(&path)
        .unwrap();
    let back = Replay::read(&path).unwrap();
    assert_eq!(back.sorcerer, SorcererLevel::Classic);
    assert_eq!(ruled(&back.play().unwrap()), ruled(&game.events));
    let _ = std::fs::remove_dir_all(dir);
}
