//! Issue 39, item 2: clicks and keys that cannot surprise. End turn pressed twice, or a click
//! made as the turn passes, belongs to the turn that ended: the next hero's turn is neither ended
//! nor played by it; a retreat up the stairway is asked before it is done.

use std::sync::Arc;

use bevy::prelude::*;
use hollowdeep::ai::SorcererLevel;
use hollowdeep::game::logic;
use hollowdeep::game::model::{Command, FigureId, Phase, Turn};
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::input::seats::{Action, ActionMenu, Device};
use hollowdeep::quest::Quest;

use crate::common::press_key;

/// Two heroes on the stairway, one seat on `device` playing both, the computer's sorcerer.
fn table(device: Device, seed: u64) -> App {
    let q: Arc<Quest> = crate::common::quest(
        &["barbarian", "dwarf"],
        &[(12, 2), (13, 2)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        "DefeatAll(return_to_stairway: false)",
    );
    crate::common::seated_app(q, seed, device, SorcererLevel::Classic)
}

fn turn(app: &App) -> Turn {
    app.world().resource::<Turn>().clone()
}

/// Runs frames until a hero's turn comes (the sorcerer plays in between) and the turn has
/// settled; that hero.
fn next_hero(app: &mut App) -> FigureId {
    for _ in 0..2000 {
        if let Phase::Hero(h) = turn(app).phase
            && !hollowdeep::screen::turn_settling(app.world())
        {
            return h;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update();
    }
    panic!("no hero's turn came");
}

/// Presses End turn twice, a frame apart, at every hero's turn of three rounds: the first ends
/// that hero's turn, the second is ignored (the next hero's turn is not ended untouched).
fn end_turn_twice(device: Device, key: KeyCode) {
    let mut app = table(device, 4);
    let mut checked = 0;
    while turn(&app).round <= 3 {
        let hero = next_hero(&mut app);
        press_key(&mut app, key);
        let after = turn(&app);
        assert_ne!(
            after.phase,
            Phase::Hero(hero),
            "the first press ends the turn ({device:?})"
        );
        press_key(&mut app, key);
        let again = turn(&app);
        assert_eq!(
            again.phase, after.phase,
            "the second press ended the next turn ({device:?})"
        );
        if let Phase::Hero(next) = after.phase {
            assert_eq!(again.progress(next), after.progress(next), "the next hero was played");
            checked += 1;
        }
        // No hero left the quest.
        let snap = Snapshot::capture(app.world_mut()).unwrap();
        assert!(
            snap.heroes().all(|h| !h.escaped && h.alive()),
            "a hero left ({device:?})"
        );
    }
    assert!(checked >= 3, "too few turns passed to a hero: {checked}");
}

#[test]
fn end_turn_pressed_twice_never_ends_the_next_heros_turn() {
    end_turn_twice(Device::MouseKeyboard, KeyCode::KeyE);
    end_turn_twice(Device::Keyboard, KeyCode::KeyE);
}

#[test]
fn a_retreat_from_the_menu_is_asked_first() {
    // The keyboard player's menu: Retreat up the stairway needs a second Confirm.
    let mut app = table(Device::Keyboard, 4);
    let hero = next_hero(&mut app);
    let snap = Snapshot::capture(app.world_mut()).unwrap();
    let lines = hollowdeep::input::seats::menu_lines(&snap);
    let at = lines
        .iter()
        .position(|(_, c)| matches!(c, Command::Retreat { .. }))
        .expect("on the stairway a hero may retreat");
    app.world_mut().insert_resource(ActionMenu {
        open: true,
        index: at,
        asking: false,
    });
    let confirm = hollowdeep::input::seats::Bindings::default().first_for(Action::Confirm, false);
    assert_eq!(confirm, "Enter", "the default Confirm key");
    let k = KeyCode::Enter;
    press_key(&mut app, k);
    assert!(app.world().resource::<ActionMenu>().asking, "the first Confirm asks");
    assert_eq!(turn(&app).phase, Phase::Hero(hero));
    let snap = Snapshot::capture(app.world_mut()).unwrap();
    assert!(!snap.figure(hero).unwrap().escaped, "not retreated yet");
    press_key(&mut app, k);
    let snap = Snapshot::capture(app.world_mut()).unwrap();
    assert!(snap.figure(hero).unwrap().escaped, "the second Confirm retreats");
}

/// Issue 39, item 3: a new Epic is written only when its first mission begins (a Cancel leaves
/// no file), and an Epic mission left in progress is the game "Go on" takes up.
#[test]
fn an_epic_is_written_only_when_begun_and_a_mission_left_is_taken_up() {
    use hollowdeep::epic::Epic;
    use hollowdeep::save::autosave::{self, SaveSlot};
    let dir = std::env::temp_dir().join(format!("hollowdeep-clicks-epic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("epic.ron");
    let epic = Epic::plan_at(&path, &[], &["knight".to_string(), "wizard".to_string()]).unwrap();
    let pending = hollowdeep::app::PendingQuest::epic_mission(&epic, 3, Default::default()).unwrap();
    assert_eq!(pending.source, "the-goblin-gate");
    assert!(!path.exists(), "planning writes nothing: a Cancel leaves no file");
    epic.write(&path).unwrap();
    // The first mission, played a few commands and left: its file is the mission in progress.
    let saves = dir.join("saves");
    let mut world = hollowdeep::sim::headless_world(pending.quest.clone(), pending.seed, Default::default());
    for _ in 0..6 {
        let Some(c) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        logic::submit(&mut world, c);
    }
    let mut slot = SaveSlot::new(&pending.source, false, Vec::new());
    slot.campaign = true;
    let game = saves.join("the-goblin-gate.ron");
    autosave::snapshot(&world, &slot)
        .unwrap()
        .seal(&world)
        .write(&game)
        .unwrap();
    let games = hollowdeep::save::games::in_progress(&saves);
    let kept = Epic::read(&path).unwrap();
    assert_eq!(
        kept.mission_in_progress(&games),
        Some(game.clone()),
        "Go on takes up the mission left"
    );
    let resumed = hollowdeep::app::PendingQuest::resume(&game).unwrap();
    assert!(resumed.campaign && resumed.restore.is_some_and(|(c, _)| c.len() == 6));
    // A game of another quest is not the Epic's.
    std::fs::remove_file(&game).unwrap();
    let games = hollowdeep::save::games::in_progress(&saves);
    assert_eq!(kept.mission_in_progress(&games), None);
    let _ = std::fs::remove_dir_all(dir);
}
