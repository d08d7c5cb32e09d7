//! Saves and undo: a game rebuilt from its seed, commands and notes is the same game; the
//! autosave is written after every command, atomically, with a backup; damaged and newer files
//! are refused by name and never written over; undo is offered only when it reveals nothing.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::logic;
use hollowdeep::game::model::Command;
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::quest::{self, Quest};
use hollowdeep::save::SavedQuest;
use hollowdeep::save::autosave::{self, SaveSlot};
use hollowdeep::sim::{self, Matchup};

use crate::common::*;

const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";
/// A monster far away in a closed room, so a test quest has one.
const FAR_ORC: &str = "(kind: \"orc\", at: (20, 17))";

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hollowdeep-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn first_quest() -> (String, Arc<Quest>) {
    let id = quest::builtin_quests()[0].0;
    (id.to_string(), Arc::new(quest::load(id).unwrap()))
}

/// Everything a player could see or the rules could ask about, as text to compare.
fn digest(world: &mut World) -> String {
    let snap = Snapshot::capture(world).expect("quest in play");
    let figures: Vec<_> = snap
        .figures
        .iter()
        .map(|f| {
            (
                f.id,
                f.pos,
                f.body,
                f.mind,
                f.awake,
                f.escaped,
                f.status.clone(),
                format!("{:?} {:?} {:?}", f.equipment, f.inventory, f.spellbook),
            )
        })
        .collect();
    format!(
        "{figures:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        snap.doors, snap.traps, snap.fog.revealed, snap.turn, snap.dungeon
    )
}

/// A game between bots (the sorcerer reasoning aloud), stopped after `commands` commands.
fn game_so_far(q: &Arc<Quest>, seed: u64, commands: usize) -> World {
    game_so_far_against(q, seed, commands, SorcererLevel::Normal)
}

fn game_so_far_against(q: &Arc<Quest>, seed: u64, commands: usize, sorcerer: SorcererLevel) -> World {
    let matchup = Matchup {
        sorcerer,
        heroes_bot: HeroBot::Competent,
    };
    let mut world = sim::headless_world(q.clone(), seed, matchup);
    for _ in 0..commands {
        let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        logic::submit(&mut world, cmd);
    }
    world
}

fn commands_and_notes(world: &World) -> (Vec<Command>, Vec<(u32, GameEvent)>) {
    (
        world.resource::<CommandLog>().0.clone(),
        world.resource::<NoteLog>().0.clone(),
    )
}

/// Saves and undo rebuild a game from its commands and notes: the same board and log, and the
/// computer players go on exactly as in the live game, also from the middle of a sorcerer's
/// turn (its memory of the turn is thought over again, not saved), at every planning level.
#[test]
fn a_game_rebuilt_from_its_commands_and_notes_is_the_same_game() {
    let levels = [SorcererLevel::Normal, SorcererLevel::Hard, SorcererLevel::Easy];
    for (id, _, _) in quest::builtin_quests() {
        let q = Arc::new(quest::load(id).unwrap());
        let mut reasons = 0;
        for (seed, n) in [(4, 60), (9, 150), (12, 400)] {
            for level in levels {
                let mut live = game_so_far_against(&q, seed, n, level);
                let (commands, notes) = commands_and_notes(&live);
                reasons += notes.len();
                let matchup = Matchup {
                    sorcerer: level,
                    heroes_bot: HeroBot::Competent,
                };
                let mut rebuilt = sim::headless_world(q.clone(), seed, matchup);
                logic::restore(&mut rebuilt, q.clone(), seed, &commands, &notes);
                assert_eq!(digest(&mut live), digest(&mut rebuilt), "{id} seed {seed}");
                assert_eq!(
                    live.resource::<EventLog>().0,
                    rebuilt.resource::<EventLog>().0,
                    "{id} seed {seed}: the log reads differently"
                );
                // And the game goes on the same way from there.
                for _ in 0..40 {
                    let a = hollowdeep::ai::decide(&mut live);
                    let b = hollowdeep::ai::decide(&mut rebuilt);
                    assert_eq!(a, b, "{id} seed {seed} {level:?}: the games part after the restore");
                    let Some(c) = a else { break };
                    logic::submit(&mut live, c.clone());
                    logic::submit(&mut rebuilt, c);
                }
                assert_eq!(digest(&mut live), digest(&mut rebuilt));
            }
        }
        assert!(reasons > 0, "{id}: the sorcerer gave no reasons to keep");
    }
}

fn slot_at(path: &Path, source: &str) -> SaveSlot {
    let mut slot = SaveSlot::new(source, true, vec!["dwarf".into()]);
    slot.path = Some(path.to_path_buf());
    slot
}

#[test]
fn a_save_round_trips_keeps_a_backup_and_leaves_no_temporary_files() {
    let (id, q) = first_quest();
    let dir = temp_dir("roundtrip");
    let path = dir.join("saves").join("quest-in-progress.ron");
    let mut world = game_so_far(&q, 5, 80);
    let slot = slot_at(&path, &id);
    let first = autosave::snapshot(&world, &slot)
        .expect("a quest is in play")
        .seal(&world);
    assert_eq!(first.commands.len(), 80);
    first.write(&path).unwrap();
    let first_bytes = std::fs::read(&path).unwrap();
    let read = SavedQuest::read(&path).unwrap();
    assert_eq!(read, first);
    assert_eq!(read.companions, vec!["dwarf".to_string()]);
    assert_eq!(read.sorcerer, SorcererLevel::Normal);

    // Resuming rebuilds the very game that was saved.
    let mut resumed = sim::headless_world(q.clone(), 1, Matchup::default());
    logic::restore(
        &mut resumed,
        read.load_quest().unwrap(),
        read.seed,
        &read.commands,
        &read.notes,
    );
    assert_eq!(digest(&mut resumed), digest(&mut world));

    for _ in 0..10 {
        if let Some(c) = hollowdeep::ai::decide(&mut world) {
            logic::submit(&mut world, c);
        }
    }
    let second = autosave::snapshot(&world, &slot).unwrap().seal(&world);
    second.write(&path).unwrap();
    assert_eq!(SavedQuest::read(&path).unwrap(), second);
    let backup = hollowdeep::save::files::backup_path(&path);
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        first_bytes,
        "the backup is the previous save"
    );
    let names: Vec<String> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.ends_with(".tmp")),
        "temporary files left behind: {names:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn damaged_truncated_and_newer_saves_are_refused_by_name_and_left_untouched() {
    let (id, q) = first_quest();
    let dir = temp_dir("damaged");
    let good = dir.join("good.ron");
    let world = game_so_far(&q, 6, 50);
    autosave::snapshot(&world, &slot_at(&good, &id))
        .unwrap()
        .seal(&world)
        .write(&good)
        .unwrap();
    let text = std::fs::read_to_string(&good).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated.ron",
            text.as_bytes()[..text.len() / 2].to_vec(),
            "not a valid save",
        ),
        ("empty.ron", Vec::new(), "not a valid save"),
        ("binary.ron", vec![0xff, 0xfe, 0x00, 0x41], "not a text file"),
        (
            "newer.ron",
            text.replacen("format: 2", "format: 7", 1).into_bytes(),
            "newer than this build reads",
        ),
        (
            "scrambled.ron",
            text.replacen("commands: [", "commands: {", 1).into_bytes(),
            "not a valid save",
        ),
    ];
    for (name, bytes, expect) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let err = SavedQuest::read(&path).expect_err(name);
        assert!(err.contains(name), "{name}: the error does not name the file: {err}");
        assert!(err.contains(expect), "{name}: expected \"{expect}\" in: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name} was changed");
        assert!(hollowdeep::app::PendingQuest::resume(&path).is_err());
    }
    // A save of a quest that is gone names the quest.
    let gone = dir.join("gone.ron");
    std::fs::write(
        &gone,
        text.replacen(&format!("quest: \"{id}\""), "quest: \"no-such-quest\"", 1),
    )
    .unwrap();
    let err = hollowdeep::app::PendingQuest::resume(&gone)
        .err()
        .expect("the quest is gone");
    assert!(err.contains("no-such-quest"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A headless app with the window's autosave, its slot pointed at `path`.
fn autosaving_game(q: Arc<Quest>, id: &str, path: &Path) -> Game {
    let mut g = Game::start_undrafted(q, 8);
    g.app.add_plugins(autosave::plugin);
    g.app.insert_resource(slot_at(path, id));
    g.app.update();
    g
}

#[test]
fn the_autosave_follows_every_command_and_goes_when_the_quest_ends() {
    let (id, q) = first_quest();
    let dir = temp_dir("autosave");
    let path = dir.join("quest-in-progress.ron");
    // A game going on in a file that cannot be read (continued from its backup): at the first
    // write the unreadable file is moved aside whole, never written over.
    std::fs::write(&path, b"Saved(format: 1, trunc").unwrap();
    let mut g = autosaving_game(q, &id, &path);
    let aside = dir.join("quest-in-progress.ron.damaged");
    assert!(!aside.exists(), "nothing is written before the first command");
    assert_eq!(std::fs::read(&path).unwrap(), b"Saved(format: 1, trunc");
    for i in 0..30 {
        let Some(cmd) = hollowdeep::ai::decide(g.app.world_mut()).or_else(|| {
            let snap = g.snap();
            Some(hollowdeep::ai::heroes::next_command(&snap, HeroBot::Competent))
        }) else {
            break;
        };
        g.send(cmd);
        if i == 0 {
            assert_eq!(std::fs::read(&aside).unwrap(), b"Saved(format: 1, trunc");
        }
        let on_disk = SavedQuest::read(&path).unwrap();
        let log = g.app.world().resource::<CommandLog>().0.clone();
        assert_eq!(on_disk.commands, log, "the save lags the game");
    }
    // The quest ends: nothing is left to continue.
    g.app.world_mut().resource_mut::<Turn>().phase = Phase::Over(Outcome::Lost);
    g.app.update();
    assert!(!path.exists(), "a finished quest's save is removed");
    assert!(!hollowdeep::save::files::backup_path(&path).exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// Heroes on the stairway of a small test quest, nothing in sight.
fn quiet_start() -> Game {
    let q = quest(&["barbarian", "dwarf"], &[(12, 2), (13, 2)], "", FAR_ORC, DEFEAT_ALL);
    Game::start(q, 4)
}

fn undo_status(g: &Game) -> Result<usize, String> {
    logic::undo_status(g.app.world())
}

#[test]
fn undo_takes_back_a_quiet_move_and_explains_when_it_cannot() {
    let mut g = quiet_start();
    assert_eq!(undo_status(&g), Err("Nothing to undo yet.".to_string()));
    let hero = match g.turn().phase {
        Phase::Hero(id) => id,
        other => panic!("expected a hero's turn, got {other:?}"),
    };
    g.send(Command::RollMovement { hero });
    let why = undo_status(&g).expect_err("dice were rolled");
    assert!(why.contains("movement dice"), "{why}");

    // One step onto the stairway square beside it and back: the way back reveals nothing.
    let snap = g.snap();
    let me = snap.figure(hero).unwrap().clone();
    let start = me.pos.unwrap();
    let next = start
        .neighbours()
        .into_iter()
        .find(|&p| snap.can_step(&me, start, p) && snap.can_stop_on(&me, p))
        .expect("a free square beside the hero");
    g.send(Command::Move {
        figure: hero,
        path: vec![next],
    });
    let before_back = (digest(g.app.world_mut()), g.log());
    let evs = g.send(Command::Move {
        figure: hero,
        path: vec![start],
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(hero.0), Some(start));
    let keep = undo_status(&g).expect("a move over known squares can be undone");
    assert_eq!(keep, g.app.world().resource::<CommandLog>().0.len() - 1);

    // Undo, as the button's request does.
    logic::undo(g.app.world_mut()).expect("undo");
    assert_eq!(g.pos(hero.0), Some(next), "the hero is back where it stood");
    assert_eq!(
        (digest(g.app.world_mut()), g.log()),
        before_back,
        "the game is as it was before"
    );

    // An attack rolls dice: it stands.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"goblin\", at: (6, 0)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 2);
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    let why = undo_status(&g).expect_err("combat dice were rolled");
    assert!(why.contains("combat dice") || why.contains("fell"), "{why}");

    // The sorcerer's moves are never taken back.
    let mut g = quiet_start();
    g.end_hero_turns();
    let why = undo_status(&g).expect_err("the sorcerer's turn");
    assert!(why.contains("sorcerer"), "{why}");
    while g.turn().phase == Phase::Sorcerer {
        g.app.update();
    }
    let why = undo_status(&g).expect_err("the sorcerer has moved");
    assert!(why.contains("sorcerer has moved"), "{why}");

    // Nor is a move the computer made for a companion.
    let mut g = quiet_start();
    let first = match g.turn().phase {
        Phase::Hero(id) => id,
        _ => unreachable!(),
    };
    g.app.world_mut().insert_resource(hollowdeep::game::Controllers {
        heroes: hollowdeep::game::Controller::Human,
        companions: [first].into_iter().collect(),
        sorcerer: hollowdeep::game::Controller::Bot,
    });
    g.send(Command::EndTurn);
    let why = undo_status(&g).expect_err("a companion's move");
    assert!(why.contains("computer"), "{why}");
}

#[test]
fn a_move_that_reveals_a_room_cannot_be_undone() {
    // The barbarian opens the door of the room below the corridor: the room is revealed.
    let q = quest(&["barbarian"], &[(12, 2)], "", FAR_ORC, DEFEAT_ALL);
    let mut g = Game::start(q, 3);
    for _ in 0..40 {
        let snap = g.snap();
        if snap.active_hero().is_none() {
            g.send(Command::EndTurn);
            continue;
        }
        let cmd = hollowdeep::ai::heroes::next_command(&snap, HeroBot::Competent);
        let evs = g.send(cmd);
        if evs.iter().any(|e| matches!(e, GameEvent::AreaRevealed { .. })) && rejected(&evs).is_none() {
            let why = undo_status(&g).expect_err("it revealed something");
            assert!(why.contains("revealed") || why.contains("dice"), "{why}");
            return;
        }
    }
    panic!("the hero never revealed anything in 40 commands");
}

#[test]
fn the_users_quest_folder_lists_good_and_broken_quests() {
    let dir = temp_dir("user-quests");
    let vault = quest::builtin_quests()[1].2;
    std::fs::write(dir.join("b-mine.ron"), vault).unwrap();
    std::fs::write(dir.join("a-broken.ron"), b"Quest(format: 1, name: \"Half").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a quest").unwrap();
    let list = quest::catalogue(Some(&dir));
    // The quest book and LEGO Heroica's missions come first.
    let builtin = quest::builtin_quests().len() + quest::mission::builtin_missions().len();
    assert_eq!(
        list.len(),
        builtin + 2,
        "{:?}",
        list.iter().map(|(s, _)| s).collect::<Vec<_>>()
    );
    let (broken, err) = (&list[builtin].0, list[builtin].1.as_ref().expect_err("broken"));
    assert!(broken.ends_with("a-broken.ron"));
    assert!(err.contains("a-broken.ron:1:"), "the first error has its place: {err}");
    let (mine, q) = (&list[builtin + 1].0, list[builtin + 1].1.as_ref().expect("loads"));
    assert!(mine.ends_with("b-mine.ron"));
    assert_eq!(q.name, quest::load(quest::builtin_quests()[1].0).unwrap().name);
    // A missing folder is no error: just the built-in quests.
    assert_eq!(quest::catalogue(Some(&dir.join("nowhere"))).len(), builtin);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn settings_round_trip_and_a_bad_settings_file_gives_the_defaults_and_says_why() {
    use hollowdeep::save::settings::Settings;
    let dir = temp_dir("settings");
    let path = dir.join("settings.ron");
    // No file yet: the defaults, no complaint.
    let (s, problem) = Settings::load_from(&path);
    assert_eq!(s, Settings::default());
    assert!(problem.is_none());
    let chosen = Settings {
        sorcerer: SorcererLevel::Hard,
        companions: ["dwarf".to_string(), "elf".to_string()].into(),
        pace: 0.8,
        ui_scale: 1.25,
        modules: vec!["referee-dice-pool".to_string()],
        ..Settings::default()
    };
    chosen.save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path), (chosen.clone(), None));
    // A module this build does not know is left out, and said so.
    let (checked, notes) = Settings {
        modules: vec!["loaded-dice".into(), "referee-dice-pool".into()],
        ..Settings::default()
    }
    .checked();
    assert_eq!(checked.modules, vec!["referee-dice-pool".to_string()]);
    assert!(
        notes.iter().any(|n| n.contains("\"loaded-dice\" is left out")),
        "{notes:?}"
    );
    // A second write keeps the first as the backup.
    let faster = Settings {
        pace: 0.1,
        ..chosen.clone()
    };
    faster.save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path).0, faster);
    assert_eq!(
        Settings::load_from(&hollowdeep::save::files::backup_path(&path)).0,
        chosen
    );
    // A file with only some fields (an older build, or trimmed by hand) fills in the rest;
    // values out of range are brought inside it.
    // Each value brought into range is named, with the value used.
    std::fs::write(&path, "(format: 1, sorcerer: easy, ui_scale: 9.0)").unwrap();
    let (s, problem) = Settings::load_from(&path);
    let problem = problem.expect("an out-of-range value is reported");
    assert!(
        problem.contains("settings.ron") && problem.contains("ui_scale 9 is outside 0.75 to 1.75, so 1.75 is used"),
        "{problem}"
    );
    assert_eq!(s.sorcerer, SorcererLevel::Easy);
    assert_eq!(s.pace, Settings::default().pace);
    assert_eq!(s.ui_scale, hollowdeep::save::settings::UI_SCALE_RANGE.1);
    // Damaged, misspelt, newer: the defaults, a message naming the file and the problem, and
    // the file left as it was.
    for (bytes, expect) in [
        (&b"(format: 1, sorcerer: har"[..], "not a valid settings file"),
        (&b"(format: 1, pase: 0.5)"[..], "pase"),
        (&b"(format: 4)"[..], "newer than this build reads"),
        (&[0xffu8, 0x00][..], "not a text file"),
    ] {
        std::fs::write(&path, bytes).unwrap();
        let (s, problem) = Settings::load_from(&path);
        assert_eq!(s, Settings::default());
        let problem = problem.expect("a bad file is reported");
        assert!(problem.contains("settings.ron"), "{problem}");
        assert!(problem.contains(expect), "expected \"{expect}\" in: {problem}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "the file was changed");
    }
    let _ = std::fs::remove_dir_all(dir);
}
