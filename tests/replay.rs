//! Replay files: a game written by `simulate --save-replay` plays back to the same events, and
//! damaged or newer files are refused with the file's name and the problem, left untouched.

use std::sync::Arc;

use hollowdeep::game::model::GameEvent;
use hollowdeep::quest;
use hollowdeep::save::Replay;
use hollowdeep::sim::{self, Matchup};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("hollowdeep-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn without_reasons(evs: &[GameEvent]) -> Vec<GameEvent> {
    evs.iter()
        .filter(|e| !matches!(e, GameEvent::SorcererReasoned { .. }))
        .cloned()
        .collect()
}

/// Plays a seeded game of the first shipped quest and writes it as `name/game.ron` in a fresh
/// temporary folder: (the game, the replay, the folder, the file).
fn saved_game(name: &str, seed: u64) -> (sim::GameResult, Replay, std::path::PathBuf, std::path::PathBuf) {
    let id = quest::builtin_quests()[0].0;
    let q = Arc::new(quest::load(id).unwrap());
    let game = sim::play_one(q.clone(), seed, Matchup::default());
    let dir = temp_dir(name);
    let path = dir.join("game.ron");
    let replay = Replay::new(&q, id, seed, game.commands.clone());
    replay.write(&path).unwrap();
    (game, replay, dir, path)
}

#[test]
fn a_saved_game_replays_to_the_same_events() {
    let (game, replay, dir, path) = saved_game("roundtrip", 21);
    assert!(!dir.join("game.ron.tmp").exists(), "the temporary file is renamed away");
    let back = Replay::read(&path).unwrap();
    assert_eq!(back, replay);
    let events = back.play().unwrap();
    assert_eq!(events, without_reasons(&game.events));
    // And again: the same output every time.
    assert_eq!(back.play().unwrap(), events);
}

#[test]
fn damaged_and_newer_replays_are_refused_by_name() {
    let (_, replay, dir, good) = saved_game("damaged", 3);
    let id = replay.quest.as_str();
    let text = std::fs::read_to_string(&good).unwrap();

    let cut = dir.join("cut.ron");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let err = Replay::read(&cut).unwrap_err();
    assert!(
        err.starts_with(&cut.display().to_string()) && err.contains("not a valid replay"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&cut).unwrap(),
        text[..text.len() / 2],
        "left untouched"
    );

    let newer = dir.join("newer.ron");
    std::fs::write(&newer, text.replacen("format: 1", "format: 7", 1)).unwrap();
    let err = Replay::read(&newer).unwrap_err();
    assert!(err.contains("newer"), "{err}");

    let noise = dir.join("noise.ron");
    std::fs::write(&noise, [0xFFu8, 0xFE, 0x00, 0x41]).unwrap();
    assert!(Replay::read(&noise).unwrap_err().contains("noise.ron"));

    let other = dir.join("other-quest.ron");
    std::fs::write(&other, text.replacen(id, "no-such-quest", 1)).unwrap();
    let err = Replay::read(&other).unwrap().play().unwrap_err();
    assert!(err.contains("quest"), "{err}");
}
