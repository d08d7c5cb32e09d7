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
    let replay = Replay::new(&q, id, seed, Default::default(), game.commands.clone());
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
    std::fs::write(&newer, text.replacen("format: 2", "format: 7", 1)).unwrap();
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

/// The window's replay viewer feeds the commands through the game's message path one at a
/// time (the headless app here, with its systems): stepping, pausing and playing end in the
/// same game as the replay played back in one go, and nobody else moves meanwhile.
#[test]
fn the_replay_viewer_steps_pauses_and_plays_to_the_same_game() {
    use hollowdeep::game::model::EventLog;
    let (_, replay, dir, _) = saved_game("watch", 8);
    let q = Arc::new(quest::load(&replay.quest).unwrap());
    let mut app = hollowdeep::sim::headless_app();
    app.insert_resource(hollowdeep::game::Watching {
        commands: replay.commands.clone(),
        next: 0,
        playing: false,
        step: false,
    });
    hollowdeep::game::logic::start_quest(app.world_mut(), q, replay.seed);
    app.update();
    // Paused at the start: frames pass, nothing happens (not even the computer sorcerer).
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<hollowdeep::game::Watching>().next, 0);
    // Three steps, three commands.
    for _ in 0..3 {
        app.world_mut().resource_mut::<hollowdeep::game::Watching>().step = true;
        app.update();
    }
    assert_eq!(app.world().resource::<hollowdeep::game::Watching>().next, 3);
    // Play to the end (no pace headless: a command a frame).
    app.world_mut().resource_mut::<hollowdeep::game::Watching>().playing = true;
    for _ in 0..replay.commands.len() + 10 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<hollowdeep::game::Watching>().next,
        replay.commands.len()
    );
    let watched = app.world().resource::<EventLog>().0.clone();
    assert_eq!(without_reasons(&watched), replay.play().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}
