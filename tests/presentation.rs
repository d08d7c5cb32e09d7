//! What the player hears and sees that is not the rules: the synthesised sounds, which events
//! make them, and the settings that change the look and the motion.

use hollowdeep::game::model::*;
use hollowdeep::save::settings::{Palette, Settings};
use hollowdeep::view::sound::Sfx;

#[test]
fn every_sound_is_audible_short_unclipped_and_the_same_every_time() {
    for s in Sfx::ALL {
        let a = s.samples();
        assert_eq!(a, s.samples(), "{s:?} changes from run to run");
        let secs = a.len() as f32 / 22_050.0;
        assert!((0.05..=1.0).contains(&secs), "{s:?} lasts {secs} s");
        let peak = a.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(peak > 0.05, "{s:?} is silent (peak {peak})");
        assert!(peak <= 1.0, "{s:?} clips (peak {peak})");
        // It starts and ends quietly (no click).
        assert!(a[0].abs() < 0.02 && a[a.len() - 1].abs() < 0.02, "{s:?} clicks");
    }
}

#[test]
fn the_game_events_make_the_sounds_players_expect() {
    let f = FigureId(0);
    let attack = |damage| GameEvent::Attack {
        attacker: f,
        target: FigureId(1),
        attack: vec![],
        defend: vec![],
        damage,
    };
    assert_eq!(Sfx::of(&attack(2)), Some(Sfx::Hit));
    assert_eq!(Sfx::of(&attack(0)), Some(Sfx::Blocked));
    assert_eq!(Sfx::of(&GameEvent::DoorOpened { door: 0, by: f }), Some(Sfx::Door));
    assert_eq!(Sfx::of(&GameEvent::QuestWon { round: 3 }), Some(Sfx::Victory));
    assert_eq!(Sfx::of(&GameEvent::QuestLost { round: 3 }), Some(Sfx::Defeat));
    assert_eq!(Sfx::of(&GameEvent::ObjectiveCompleted), None);
}

#[test]
fn look_and_motion_settings_round_trip_and_stay_in_range() {
    let dir = std::env::temp_dir().join(format!("hollowdeep-presentation-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("settings.ron");
    let s = Settings {
        volume: 0.25,
        animation_speed: 2.0,
        reduced_motion: true,
        palette: Palette::ColourBlindSafe,
        ..Settings::default()
    };
    s.save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path), (s, None));
    std::fs::write(&path, "(format: 1, volume: 5.0, animation_speed: -1.0)").unwrap();
    let (s, problem) = Settings::load_from(&path);
    assert_eq!((s.volume, s.animation_speed), (1.0, 0.5));
    // Each value brought into range is named with the value used.
    let problem = problem.expect("out-of-range values are reported");
    assert!(
        problem.contains("volume 5 is outside 0 to 1, so 1 is used"),
        "{problem}"
    );
    assert!(
        problem.contains("animation_speed -1 is outside 0.5 to 3, so 0.5 is used"),
        "{problem}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 18: every setting is checked. A window far larger than any screen, players past the
/// fourth, an unknown hero, an endless name, a gamepad that cannot exist: each is brought into
/// range with a message that names the setting and the value used; the window is then cut to
/// the screen it is on.
#[test]
fn every_setting_out_of_range_is_brought_into_range_and_said() {
    use hollowdeep::input::seats::{Device, Seat, Seats};
    let seat = |name: &str, heroes: &[&str], device| Seat {
        player: name.into(),
        heroes: heroes.iter().map(|h| h.to_string()).collect(),
        device,
    };
    let wild = Settings {
        window_size: (100_000, 100_000),
        pace: f32::NAN,
        companions: ["dwarf".to_string(), "ogre".to_string()].into(),
        seats: Seats(vec![
            seat("   ", &["barbarian"], Device::Keyboard),
            seat(&"A".repeat(300), &["dwarf", "troll"], Device::Gamepad(9)),
            seat("Cy", &["barbarian", "elf"], Device::MouseKeyboard),
            seat("Di", &["wizard"], Device::Gamepad(1)),
            seat("Ed", &[], Device::Gamepad(2)),
        ]),
        ..Settings::default()
    };
    let (s, notes) = wild.checked();
    let all = notes.join("\n");
    assert_eq!(s.window_size, hollowdeep::save::settings::WINDOW_MAX);
    assert!(
        all.contains("window_size (100000, 100000) is outside (640, 360) to (7680, 4320), so (7680, 4320) is used"),
        "{all}"
    );
    assert_eq!(s.pace, Settings::default().pace);
    assert!(all.contains("pace NaN is outside 0 to 1.5, so 0.35 is used"), "{all}");
    assert_eq!(s.companions, ["dwarf".to_string()].into());
    assert!(all.contains("\"ogre\" is not a hero"), "{all}");
    assert_eq!(s.seats.0.len(), 4);
    assert!(all.contains("5 players, but at most 4"), "{all}");
    assert_eq!(s.seats.0[0].player, "Player 1");
    assert_eq!(
        s.seats.0[1].player.chars().count(),
        hollowdeep::save::settings::PLAYER_NAME_MAX
    );
    assert_eq!(s.seats.0[1].heroes, vec!["dwarf".to_string()]);
    assert_eq!(s.seats.0[1].device, Device::Gamepad(3));
    assert!(
        all.contains("gamepad 10 is not one of gamepads 1 to 4, so gamepad 4 is used"),
        "{all}"
    );
    // The barbarian is Player 1's already: Cy keeps the elf.
    assert_eq!(s.seats.0[2].heroes, vec!["elf".to_string()]);
    assert!(all.contains("\"barbarian\" is not a hero or is claimed twice"), "{all}");
    // In range, nothing is said and nothing changes.
    let (same, notes) = Settings::default().checked();
    assert_eq!((same, notes), (Settings::default(), Vec::new()));
    // The window is never larger than the screen.
    use hollowdeep::ui::options::fit_window;
    assert_eq!(fit_window((7680, 4320), Some((1600, 900))), (1600, 900));
    assert_eq!(fit_window((1280, 720), Some((1600, 900))), (1280, 720));
    assert_eq!(fit_window((1920, 1080), Some((1600, 1200))), (1600, 1080));
}

/// Issue 18, "keys do what the screen shows": on the board a button that holds egui's
/// keyboard focus is not pressed by Enter (nor focus moved by Tab) once the board's keys are
/// kept from egui, while a bare egui would press it: that is what sent "End turn" when the
/// menu showed "Search for traps".
#[test]
fn on_the_board_egui_does_not_press_a_focused_button() {
    use bevy_egui::egui;
    let press = |key| {
        [true, false]
            .map(|pressed| egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Default::default(),
            })
            .to_vec()
    };
    // Frame 1 gives the End turn button the focus (as Tab would); frame 2 presses `key`.
    let clicked = |key, board: bool| {
        let ctx = egui::Context::default();
        let mut clicked = false;
        for frame in 0..2 {
            let mut input = egui::RawInput {
                events: if frame == 1 { press(key) } else { Vec::new() },
                ..Default::default()
            };
            if board && frame == 1 {
                hollowdeep::ui::keep_board_keys(&ctx, &mut input);
            }
            let mut out = ctx.run_ui(input, |ui| {
                let r = ui.button("End turn");
                if frame == 0 {
                    r.request_focus();
                }
                clicked |= r.clicked();
            });
            out.textures_delta.clear();
        }
        (clicked, ctx.memory(|m| m.focused().is_some()))
    };
    assert_eq!(
        clicked(egui::Key::Enter, false),
        (true, true),
        "a bare egui presses the focused button"
    );
    assert_eq!(clicked(egui::Key::Enter, true), (false, false));
    assert_eq!(clicked(egui::Key::Space, true), (false, false));
    assert_eq!(clicked(egui::Key::Tab, true), (false, false));
}

/// Every piece of text the dice tray draws, laid out by a bare egui context.
fn tray_text(tray: &hollowdeep::ui::log::DiceTray, tumbling: Option<u32>) -> String {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
        hollowdeep::ui::log::dice_tray(ui, tray, tumbling);
    });
    // No renderer here takes the font atlas.
    out.textures_delta.clear();
    let mut text = String::new();
    for clipped in out.shapes {
        if let egui::Shape::Text(t) = clipped.shape {
            text.push_str(t.galley.text());
            text.push('|');
        }
    }
    text
}

#[test]
fn tumbling_dice_show_no_total_or_damage_until_they_land() {
    use hollowdeep::ui::log::DiceTray;
    let movement = DiceTray::Movement {
        who: "Elf".into(),
        dice: vec![3, 4],
    };
    assert!(
        tray_text(&movement, None).contains("= 7"),
        "{}",
        tray_text(&movement, None)
    );
    for n in 0..12 {
        let rolling = tray_text(&movement, Some(n));
        assert!(rolling.contains("= …"), "{rolling}");
        assert!(
            !rolling.contains("= 1") && !rolling.contains("= 7"),
            "a total while tumbling: {rolling}"
        );
    }
    let combat = DiceTray::Combat {
        who: "Orc attacks Elf".into(),
        attack: vec![hollowdeep::rules::dice::Face::Skull; 2],
        defend: vec![hollowdeep::rules::dice::Face::WhiteShield],
        damage: 1,
    };
    assert!(tray_text(&combat, None).contains("1 body point lost."));
    let rolling = tray_text(&combat, Some(5));
    assert!(
        !rolling.contains("body point") && !rolling.contains("No damage"),
        "a result while tumbling: {rolling}"
    );
}

/// The characters outside plain ASCII in the text files under `dir` (code lines, not comments).
fn unusual_characters(dir: &std::path::Path, found: &mut std::collections::BTreeMap<char, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        let text = std::fs::read_to_string(dir).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for c in line.chars().filter(|c| !c.is_ascii()) {
                found.entry(c).or_insert_with(|| format!("{}:{}", dir.display(), n + 1));
            }
        }
        return;
    };
    for e in entries {
        unusual_characters(&e.expect("a directory entry").path(), found);
    }
}

/// Every character the panels, the log and the quests print must be in the fonts egui ships
/// with: one that is not shows as an empty box (the tray once read "Orc ☐ Elf" for an arrow).
#[test]
fn every_character_the_panels_and_quests_print_has_a_glyph() {
    use bevy_egui::egui;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = std::collections::BTreeMap::new();
    for part in [
        "src/ui",
        "src/view",
        "src/input",
        "src/app.rs",
        "src/game/describe.rs",
        "quests",
    ] {
        unusual_characters(&root.join(part), &mut found);
    }
    assert!(found.contains_key(&'—'), "the scan found nothing: {found:?}");
    let ctx = egui::Context::default();
    let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
    out.textures_delta.clear();
    let missing: Vec<String> = ctx.fonts_mut(|fonts| {
        found
            .iter()
            .filter(|(c, _)| !fonts.has_glyph(&egui::FontId::proportional(14.0), **c))
            .map(|(c, at)| format!("{c:?} (U+{:04X}) at {at}", *c as u32))
            .collect()
    });
    assert!(missing.is_empty(), "no glyph for {missing:?}");
}

#[test]
fn a_wandering_monsters_card_takes_the_article_its_name_needs() {
    use hollowdeep::game::describe::with_article;
    assert_eq!(with_article("Orc"), "An Orc");
    assert_eq!(with_article("Goblin"), "A Goblin");
    assert_eq!(with_article("Abomination"), "An Abomination");
    assert_eq!(with_article("elf"), "An elf");
    assert_eq!(with_article("Mummy"), "A Mummy");
    assert_eq!(with_article("Chaos Warrior"), "A Chaos Warrior");
    assert_eq!(with_article("The Witch Lord"), "The Witch Lord");
}

#[test]
fn a_name_with_its_own_article_reads_the_witch_lord_inside_a_sentence() {
    use hollowdeep::ai::{HeroBot, SorcererLevel};
    use hollowdeep::sim::{Matchup, play_one};
    let q = std::sync::Arc::new(hollowdeep::quest::load("the-witch-lords-crypt").expect("shipped"));
    assert!(
        q.objective.describe().starts_with("Defeat the Witch Lord"),
        "{}",
        q.objective.describe()
    );
    let m = Matchup {
        sorcerer: SorcererLevel::Normal,
        heroes_bot: HeroBot::Competent,
    };
    let (mut inside, mut opening) = (0, 0);
    for seed in 0..6 {
        let story = play_one(q.clone(), seed, m).story();
        // The opening line names the quest by its title, not its file name.
        assert_eq!(
            story[0],
            format!("The quest \"The Witch Lord's Crypt\" begins (seed {seed}).")
        );
        for line in story {
            for (at, _) in line.match_indices("The Witch Lord") {
                let before = line[..at].trim_end();
                assert!(
                    before.is_empty() || before.ends_with(['.', '!', '?', '"']),
                    "mid-sentence capital: {line}"
                );
                opening += 1;
            }
            inside += line.matches("the Witch Lord").count();
        }
    }
    assert!(
        inside > 0 && opening > 0,
        "the Witch Lord never came up ({inside} inside, {opening} opening)"
    );
}

#[test]
fn a_corridor_coming_into_view_agrees_with_its_count() {
    use hollowdeep::game::describe::describe;
    use hollowdeep::game::model::{FigureNames, GameEvent};
    let line = |squares| {
        describe(
            &GameEvent::AreaRevealed {
                area: "Corridor".into(),
                squares,
            },
            &FigureNames::default(),
        )
        .unwrap()
    };
    assert_eq!(line(1), "1 corridor square comes into view.");
    assert_eq!(line(7), "7 corridor squares come into view.");
}

#[test]
fn the_sorcerers_reasons_agree_in_number_and_fit_named_foes() {
    // "1 squares" read wrongly, and "where it stands" / "its ground" read oddly for a named foe
    // such as Sir Harrow Black-Iron.
    use hollowdeep::ai::{HeroBot, SorcererLevel};
    use hollowdeep::sim::{Matchup, play_one};
    let mut reasons = 0;
    for id in ["the-warlords-hall", "tutorial-1-first-steps"] {
        let q = std::sync::Arc::new(hollowdeep::quest::load(id).expect("shipped"));
        for sorcerer in [SorcererLevel::Classic, SorcererLevel::Normal] {
            for seed in 0..3 {
                let m = Matchup {
                    sorcerer,
                    heroes_bot: HeroBot::Competent,
                };
                for line in play_one(q.clone(), seed, m).story() {
                    if line.starts_with("Sorcerer:") {
                        reasons += 1;
                        assert!(!line.contains(" 1 squares"), "{line}");
                        assert!(
                            !line.contains("where it stands") && !line.contains("its ground"),
                            "{line}"
                        );
                    }
                }
            }
        }
    }
    assert!(reasons > 100, "only {reasons} reasons");
}

#[test]
fn a_thing_named_for_its_owner_takes_no_article() {
    use hollowdeep::game::describe::{describe, the};
    use hollowdeep::game::model::{FigureId, FigureNames, GameEvent};
    assert_eq!(the("Wand of Magic"), "the Wand of Magic");
    assert_eq!(the("Borin's Armour"), "Borin's Armour");
    assert_eq!(the("Wizard's Cloak"), "the Wizard's Cloak");
    assert_eq!(the("The Spirit Blade"), "the Spirit Blade");
    let mut names = FigureNames::default();
    names.0.insert(FigureId(0), "Dwarf".into());
    let found = |name: &str| {
        describe(
            &GameEvent::ItemFound {
                hero: FigureId(0),
                item: "x".into(),
                name: name.into(),
            },
            &names,
        )
        .unwrap()
    };
    assert_eq!(
        found("Master Orrin's spellbook"),
        "Dwarf takes Master Orrin's spellbook."
    );
    assert_eq!(found("Wand of Magic"), "Dwarf takes the Wand of Magic.");
}

#[test]
fn the_turn_status_line_agrees_with_the_squares_left() {
    use hollowdeep::game::model::{MoveState, Progress};
    use hollowdeep::ui::turn_status;
    let mut p = Progress {
        allowance: Some(7),
        steps_used: 6,
        moving: MoveState::Moving,
        ..Default::default()
    };
    assert_eq!(turn_status(&p, false), "Movement: 1 square left   Action: ready");
    assert_eq!(turn_status(&p, true), "Action points: 1 of 7 left   Action: ready");
    p.steps_used = 2;
    p.acted = true;
    assert_eq!(turn_status(&p, false), "Movement: 5 squares left   Action: used");
}

/// Issue 39, item 7: at a shared table a turn that passes to another person is heard (a short
/// chime, off in the options); one person alone, or the same person again, hears nothing.
#[test]
fn a_turn_passing_to_another_person_at_the_table_chimes() {
    use hollowdeep::view::sound::chimes;
    assert!(chimes(Some(0), Some(1), 2), "Ann's turn passes to Bob");
    assert!(
        chimes(Some(1), Some(usize::MAX), 2),
        "to the person in the sorcerer's seat"
    );
    assert!(!chimes(Some(0), Some(0), 2), "Ann's next hero: she is already playing");
    assert!(!chimes(Some(0), None, 2), "the computer's turn");
    assert!(!chimes(Some(0), Some(1), 1), "one person alone");
    assert!(Settings::default().turn_cue, "on by default");
    assert!(Sfx::ALL.contains(&Sfx::YourTurn));
}

/// Issue 39: under the action-point module an action after a step ends the move, and the points
/// left are lost (action-point-movement.md, Minor Action: actions other than minor ones end the
/// move); the hero card's bar says so instead of offering them.
#[test]
fn the_action_point_bar_empties_once_an_action_ends_the_move() {
    use crate::common::{Game, quest_with};
    use hollowdeep::ui::points_bar;
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (20, 17))",
        "DefeatAll(return_to_stairway: false)",
        "modules: [\"action-points\"],",
    );
    let mut g = Game::start(q, 3);
    let hero = FigureId(0);
    g.send(Command::RollMovement { hero });
    let legal = |g: &mut Game| {
        let snap = g.snap();
        snap.quest.system.legal(&snap)
    };
    let step = legal(&mut g)
        .into_iter()
        .find(|c| matches!(c, Command::Move { path, .. } if path.len() == 1))
        .expect("a one-square walk");
    g.send(step);
    let p = g.turn().progress(hero);
    let all = p.allowance.expect("rolled");
    assert!(p.steps_left() > 0, "points are left after one step: {p:?}");
    assert_eq!(
        points_bar(&p, all),
        (
            f32::from(p.steps_left()) / f32::from(all),
            format!("Action points {}/{all}", p.steps_left())
        )
    );
    let search = legal(&mut g)
        .into_iter()
        .find(|c| matches!(c, Command::SearchTraps { .. }))
        .expect("a search for traps");
    g.send(search);
    let p = g.turn().progress(hero);
    assert_eq!(p.moving, MoveState::Done, "the search ended the move");
    let (share, words) = points_bar(&p, all);
    assert_eq!(share, 0.0, "{words}");
    assert_eq!(words, format!("Move over ({} of {all} unspent)", p.steps_left()));
}

/// Issue 39, the silent exit: the board built again (a new quest begun in place, "Play again",
/// Undo's rebuild) left the old floor's tiles behind, pointing at their despawned map; once one
/// changed (fading in from the fog) the tilemap's render extraction panicked on it and the window
/// closed. Building again leaves only the new floor's tiles, each on a map that exists.
#[test]
fn building_the_board_again_leaves_no_tile_of_the_old_floor() {
    use bevy::prelude::*;
    use bevy_ecs_tilemap::prelude::{TilePos, TilemapId};
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(hollowdeep::view::board::plugin);
    app.add_message::<bevy::window::RequestRedraw>();
    app.insert_resource(hollowdeep::view::art::Art {
        floor_atlas: default(),
        disc: default(),
        ring: default(),
        icons: default(),
    });
    app.insert_resource(Fog {
        width: 0,
        revealed: Vec::new(),
    });
    app.init_resource::<hollowdeep::view::ShowAll>();
    let tiles = |app: &mut App| {
        let world = app.world_mut();
        let maps: Vec<Entity> = world
            .query::<(&TilemapId, &TilePos)>()
            .iter(world)
            .map(|(m, _)| m.0)
            .collect();
        let dangling = maps.iter().filter(|m| world.get_entity(**m).is_err()).count();
        (maps.len(), dangling)
    };
    let mut squares = Vec::new();
    for id in ["the-sunken-reliquary", "tutorial-1-first-steps", "the-bat-caves"] {
        let q = hollowdeep::quest::load(id).expect("a shipped quest");
        squares.push(q.board.squares().count());
        app.insert_resource(ActiveQuest(std::sync::Arc::new(q)));
        app.update();
        app.update();
        let (count, dangling) = tiles(&mut app);
        assert_eq!(dangling, 0, "{id}: tiles point at a map that is gone");
        assert_eq!(count, *squares.last().unwrap(), "{id}: only the new floor's tiles");
    }
}
