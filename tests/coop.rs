//! Couch co-op without a window: two seats, one with a gamepad and one with the keyboard alone,
//! each plays a whole hero turn through synthetic device input (the same messages the window's
//! keyboard and gamepad backends send), and a hand-over between two seats that share a gamepad.

use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::prelude::*;
use hollowdeep::game::logic;
use hollowdeep::game::model::Command;
use hollowdeep::game::model::*;
use hollowdeep::input::seats::{self, ActionMenu, Device, Seat, SeatTurn, Seats};

use crate::common::*;

struct Table {
    app: App,
    pad: Entity,
}

impl Table {
    /// Barbarian and dwarf in the top corridor, played by the seats given.
    fn new(seats: Vec<Seat>) -> Table {
        Table::with(&["barbarian", "dwarf"], seats)
    }

    fn with(heroes: &[&str], seats: Vec<Seat>) -> Table {
        let q = quest(
            heroes,
            &[(5, 0), (4, 0)],
            "",
            "(kind: \"orc\", at: (20, 17))",
            "DefeatAll(return_to_stairway: false)",
        );
        let mut app = hollowdeep::sim::headless_app();
        app.add_plugins(bevy::input::InputPlugin)
            .add_plugins((seats::headless_plugin, hollowdeep::input::sorcerer::headless_plugin));
        // The scripted player acts the frame a turn passes: no beat (tests/clicks.rs tests it).
        app.insert_resource(hollowdeep::screen::TurnBeat::off());
        app.insert_resource(classic());
        app.insert_resource(Seats(seats));
        logic::start_quest(app.world_mut(), q, 11);
        app.update();
        // A gamepad is plugged in.
        let pad = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected {
                name: "Test pad".into(),
                vendor_id: None,
                product_id: None,
            },
        ));
        app.update();
        Table { app, pad }
    }

    /// Presses and releases a gamepad button (a frame each, as a player's thumb would).
    fn button(&mut self, b: GamepadButton) {
        for value in [1.0, 0.0] {
            self.app
                .world_mut()
                .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                    self.pad, b, value,
                )));
            self.app.update();
        }
    }

    fn key(&mut self, k: KeyCode) {
        press_key(&mut self.app, k);
    }

    /// Points at `at` and clicks the left button, as the window's pointer would.
    fn click(&mut self, at: hollowdeep::rules::geometry::Pos) {
        use bevy::input::ButtonState;
        use bevy::input::mouse::MouseButtonInput;
        self.app.init_resource::<hollowdeep::view::HoverSquare>();
        self.app.world_mut().resource_mut::<hollowdeep::view::HoverSquare>().0 = Some(at);
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.app.world_mut().write_message(MouseButtonInput {
                button: MouseButton::Left,
                state,
                window: Entity::PLACEHOLDER,
            });
            self.app.update();
        }
    }

    fn turn(&self) -> Turn {
        self.app.world().resource::<Turn>().clone()
    }

    fn commands(&self) -> Vec<Command> {
        self.app.world().resource::<CommandLog>().0.clone()
    }

    fn pos(&mut self, id: u32) -> Option<hollowdeep::rules::geometry::Pos> {
        hollowdeep::game::snapshot::Snapshot::capture(self.app.world_mut())
            .and_then(|s| s.figure(FigureId(id)).and_then(|f| f.pos))
    }

    fn rejected(&self) -> Vec<GameEvent> {
        self.app
            .world()
            .resource::<EventLog>()
            .0
            .iter()
            .filter(|e| matches!(e, GameEvent::CommandRejected { .. }))
            .cloned()
            .collect()
    }
}

fn seat(player: &str, hero: &str, device: Device) -> Seat {
    Seat {
        player: player.into(),
        heroes: vec![hero.into()],
        device,
    }
}

#[test]
fn a_gamepad_seat_and_a_keyboard_seat_each_play_a_whole_turn() {
    let mut t = Table::new(vec![
        seat("Ann", "barbarian", Device::Gamepad(0)),
        seat("Bob", "dwarf", Device::Keyboard),
    ]);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(0)));
    // Ann: A on her own square rolls; the d-pad moves the cursor two squares east; A walks there.
    t.button(GamepadButton::South);
    assert!(
        matches!(t.commands().last(), Some(Command::RollMovement { hero: FigureId(0) })),
        "{:?}",
        t.commands()
    );
    // Bob's keys do nothing on Ann's turn.
    t.key(KeyCode::KeyE);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(0)));
    t.button(GamepadButton::DPadRight);
    t.button(GamepadButton::DPadRight);
    t.button(GamepadButton::South);
    assert_eq!(t.pos(0), Some(p(7, 0)), "{:?}", t.commands());
    // Start ends her turn: Bob's (a different device: no hand-over).
    t.button(GamepadButton::Start);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(1)));
    assert_eq!(t.app.world().resource::<SeatTurn>().hand_over, None);
    // Bob, keyboard only: Enter rolls, the arrows move the cursor, Enter walks.
    t.key(KeyCode::Enter);
    assert!(matches!(
        t.commands().last(),
        Some(Command::RollMovement { hero: FigureId(1) })
    ));
    t.key(KeyCode::ArrowRight);
    t.key(KeyCode::ArrowRight);
    t.key(KeyCode::Enter);
    assert_eq!(t.pos(1), Some(p(6, 0)), "{:?}", t.commands());
    // Tab opens the action menu; its last line ends the turn (Up wraps round to it).
    t.key(KeyCode::Tab);
    assert!(t.app.world().resource::<ActionMenu>().open);
    t.key(KeyCode::ArrowUp);
    t.key(KeyCode::Enter);
    assert!(t.commands().contains(&Command::EndTurn), "{:?}", t.commands());
    // The computer sorcerer plays its turn at once (no pace headless): round 2, Ann again.
    assert_eq!((t.turn().round, t.turn().phase), (2, Phase::Hero(FigureId(0))));
    assert!(t.rejected().is_empty(), "{:?}", t.rejected());
}

#[test]
fn seats_sharing_a_gamepad_hand_it_over_between_turns() {
    let mut t = Table::new(vec![
        seat("Ann", "barbarian", Device::Gamepad(0)),
        seat("Cid", "dwarf", Device::Gamepad(0)),
    ]);
    t.button(GamepadButton::South);
    t.button(GamepadButton::Start);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(1)));
    // The dwarf's turn waits for Cid to take the pad: his first press only says he has it.
    let before = t.commands().len();
    t.button(GamepadButton::RightTrigger);
    assert_eq!(t.commands().len(), before, "a press before the hand-over was taken");
    assert_eq!(t.app.world().resource::<SeatTurn>().hand_over, Some(1));
    t.button(GamepadButton::South);
    assert_eq!(t.app.world().resource::<SeatTurn>().hand_over, None);
    assert_eq!(t.commands().len(), before);
    // Now the pad plays the dwarf: roll, and end the turn.
    t.button(GamepadButton::RightTrigger);
    assert!(matches!(
        t.commands().last(),
        Some(Command::RollMovement { hero: FigureId(1) })
    ));
    t.button(GamepadButton::Start);
    assert_eq!((t.turn().round, t.turn().phase), (2, Phase::Hero(FigureId(0))));
    // Ann takes the pad back: a hand-over again.
    t.button(GamepadButton::RightTrigger);
    assert_eq!(t.app.world().resource::<SeatTurn>().hand_over, Some(0));
    assert!(t.rejected().is_empty(), "{:?}", t.rejected());
}

#[test]
fn seats_are_checked_against_the_quest() {
    let heroes: Vec<String> = ["barbarian", "dwarf"].map(String::from).to_vec();
    let ok = Seats(vec![seat("Ann", "barbarian", Device::Keyboard)]);
    assert!(ok.check(&heroes).is_ok());
    assert_eq!(ok.unclaimed(&heroes), vec![&"dwarf".to_string()]);
    let twice = Seats(vec![
        seat("Ann", "dwarf", Device::Keyboard),
        seat("Bob", "dwarf", Device::Gamepad(0)),
    ]);
    assert!(twice.check(&heroes).unwrap_err().contains("claimed by both"));
    let stranger = Seats(vec![seat("Ann", "wizard", Device::Keyboard)]);
    assert!(stranger.check(&heroes).unwrap_err().contains("not in this quest"));
}

#[test]
fn the_spell_draft_is_picked_from_a_menu_with_a_gamepad_and_with_the_keyboard() {
    let mut t = Table::with(
        &["elf", "wizard"],
        vec![
            seat("Ann", "wizard", Device::Gamepad(0)),
            seat("Bob", "elf", Device::Keyboard),
        ],
    );
    let mut picks = 0;
    while let Some(d) = t.turn().draft.clone() {
        assert!(picks < 4, "the draft never ends");
        // The hero picking is the wizard (Ann's pad) or the elf (Bob's keys); each picks the
        // second school on offer: down once, then confirm.
        let wizard = d.next == FigureId(1);
        if t.app.world().resource::<SeatTurn>().hand_over.is_some() {
            if wizard {
                t.button(GamepadButton::South)
            } else {
                t.key(KeyCode::Enter)
            }
        }
        let want = d.left.get(1.min(d.left.len() - 1)).cloned().unwrap();
        if wizard {
            t.button(GamepadButton::DPadDown);
            t.button(GamepadButton::South);
        } else {
            t.key(KeyCode::ArrowDown);
            t.key(KeyCode::Enter);
        }
        assert!(
            t.commands()
                .iter()
                .any(|c| matches!(c, Command::ChooseSchool { hero, school } if *hero == d.next && *school == want)),
            "{:?}",
            t.commands()
        );
        picks += 1;
    }
    assert!(picks >= 2);
    assert!(t.rejected().is_empty(), "{:?}", t.rejected());
}

#[test]
fn escape_pauses_the_game_and_the_computer_waits_until_it_goes_on() {
    let mut t = Table::new(vec![
        seat("Ann", "barbarian", Device::Keyboard),
        seat("Bob", "dwarf", Device::Gamepad(0)),
    ]);
    t.key(KeyCode::Escape);
    assert!(t.app.world().resource::<hollowdeep::game::Paused>().0);
    // Paused, Ann's keys do nothing.
    let before = t.commands().len();
    t.key(KeyCode::KeyR);
    t.key(KeyCode::KeyE);
    assert_eq!(t.commands().len(), before);
    t.key(KeyCode::Escape);
    assert!(!t.app.world().resource::<hollowdeep::game::Paused>().0);
    // Both heroes end their turns; paused at once, the sorcerer makes no move.
    t.key(KeyCode::KeyE);
    t.app.world_mut().insert_resource(hollowdeep::game::Paused(true));
    t.button(GamepadButton::Start);
    assert_eq!(
        t.turn().phase,
        Phase::Hero(FigureId(1)),
        "paused: Bob's Start is not taken"
    );
    // (A command already sent is still carried out: the pause stops input and the computer.)
    t.app.world_mut().write_message(Command::EndTurn);
    for _ in 0..20 {
        t.app.update();
    }
    assert_eq!(
        t.turn().phase,
        Phase::Sorcerer,
        "the sorcerer moved while the game was paused"
    );
    t.app.world_mut().insert_resource(hollowdeep::game::Paused(false));
    for _ in 0..200 {
        t.app.update();
        if t.turn().phase != Phase::Sorcerer {
            break;
        }
    }
    assert_eq!((t.turn().round, t.turn().phase), (2, Phase::Hero(FigureId(0))));
}

#[test]
fn heroes_nobody_plays_can_be_left_out_and_a_save_remembers_it() {
    let q = hollowdeep::quest::load("the-goblin-warren").unwrap();
    let out = vec!["dwarf".to_string(), "wizard".to_string()];
    let small = q.without_heroes(&out);
    assert_eq!(small.heroes, vec!["barbarian".to_string(), "elf".to_string()]);
    assert_eq!(small.hero_starts.len(), 2);
    assert_eq!(small.left_out, out);
    // Everyone left out: the quest keeps its heroes (a game needs one).
    assert_eq!(q.without_heroes(&q.heroes.clone()).heroes, q.heroes);
    // The game starts with two heroes, and its save, read back, rebuilds the same quest.
    let mut g = Game::start(std::sync::Arc::new(small.clone()), 4);
    assert_eq!(g.snap().heroes().count(), 2);
    let slot = hollowdeep::save::autosave::SaveSlot::new("the-goblin-warren", false, Vec::new());
    let saved = hollowdeep::save::autosave::snapshot(g.app.world(), &slot).unwrap();
    assert_eq!(saved.left_out, out);
    let back = saved.load_quest().unwrap();
    assert_eq!(back.heroes, small.heroes);
    assert_eq!(back.hero_starts, small.hero_starts);
}

/// Issue 18, "keys do what the screen shows": a keyboard-only player opens the action menu
/// with Tab, walks down to "Search for traps" and presses Enter: that command is sent, and
/// nothing else. (egui's own focus navigation never sees these keys on the board: see
/// `presentation::on_the_board_egui_does_not_press_a_focused_button`.)
#[test]
fn the_keyboard_menu_sends_the_highlighted_entry() {
    let mut t = Table::new(vec![seat("Ann", "barbarian", Device::Keyboard)]);
    t.key(KeyCode::Tab);
    assert!(t.app.world().resource::<ActionMenu>().open, "Tab opens the menu");
    let lines = seats::menu_lines(&hollowdeep::game::snapshot::Snapshot::capture(t.app.world_mut()).unwrap());
    let at = lines
        .iter()
        .position(|(_, c)| matches!(c, Command::SearchTraps { .. }))
        .expect("the barbarian may search for traps");
    // Down to the last entry (End the turn), round to the top, then down to the searches.
    for _ in 0..lines.len() - 1 {
        t.key(KeyCode::ArrowDown);
    }
    assert_eq!(t.app.world().resource::<ActionMenu>().index, lines.len() - 1);
    t.key(KeyCode::ArrowDown);
    for _ in 0..at {
        t.key(KeyCode::ArrowDown);
    }
    assert_eq!(t.app.world().resource::<ActionMenu>().index, at);
    let before = t.commands().len();
    t.key(KeyCode::Enter);
    assert_eq!(t.commands()[before..], [Command::SearchTraps { hero: FigureId(0) }]);
    assert!(!t.app.world().resource::<ActionMenu>().open);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(0)), "the turn did not end");
    // While a text field has the keys (a player's name), the board takes none of them.
    t.app.world_mut().resource_mut::<seats::KeyOwner>().text_field = true;
    let before = t.commands().len();
    t.key(KeyCode::KeyE);
    t.key(KeyCode::Escape);
    assert_eq!(t.commands().len(), before);
    assert!(!t.app.world().resource::<hollowdeep::game::Paused>().0);
    t.app.world_mut().resource_mut::<seats::KeyOwner>().text_field = false;
    // The same with a gamepad: Y opens the menu, the d-pad walks it, A does the highlighted
    // entry (the Dwarf's turn, Bob's pad).
    t.key(KeyCode::KeyE);
    t.app
        .world_mut()
        .resource_mut::<Seats>()
        .0
        .push(seat("Bob", "dwarf", Device::Gamepad(0)));
    for _ in 0..3 {
        t.app.update();
    }
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(1)));
    if t.app.world().resource::<SeatTurn>().hand_over.is_some() {
        t.button(GamepadButton::South);
    }
    t.button(GamepadButton::North);
    assert!(t.app.world().resource::<ActionMenu>().open, "Y opens the menu");
    let lines = seats::menu_lines(&hollowdeep::game::snapshot::Snapshot::capture(t.app.world_mut()).unwrap());
    let at = lines
        .iter()
        .position(|(_, c)| matches!(c, Command::SearchSecretDoors { .. }))
        .expect("the dwarf may search for secret doors");
    for _ in 0..at {
        t.button(GamepadButton::DPadDown);
    }
    let before = t.commands().len();
    t.button(GamepadButton::South);
    assert_eq!(
        t.commands()[before..],
        [Command::SearchSecretDoors { hero: FigureId(1) }]
    );
}

/// Esc always does something: it puts away a card on the table, then opens the pause menu,
/// also once a card's time has run out by itself (a card shown and gone used to keep Esc from
/// pausing for good), for the mouse player as for the others.
#[test]
fn escape_puts_a_card_away_and_otherwise_always_reaches_the_pause_menu() {
    use hollowdeep::ui::log::CardPopup;
    let mut t = Table::new(vec![seat("Ann", "barbarian", Device::MouseKeyboard)]);
    let paused = |t: &Table| t.app.world().resource::<hollowdeep::game::Paused>().0;
    let now = t.app.world().resource::<Time>().elapsed_secs();
    t.app.world_mut().insert_resource(CardPopup {
        title: "Treasure card: Gold".into(),
        text: "You find 25 gold coins.".into(),
        since: Some(now),
        ..Default::default()
    });
    t.key(KeyCode::Escape);
    assert!(
        t.app.world().resource::<CardPopup>().since.is_none(),
        "Esc puts the card away"
    );
    assert!(!paused(&t));
    t.key(KeyCode::Escape);
    assert!(paused(&t), "with nothing open, Esc opens the pause menu");
    t.key(KeyCode::Escape);
    assert!(!paused(&t));
    // A card whose time ran out is gone from the table: Esc pauses at once.
    t.app.world_mut().resource_mut::<CardPopup>().since = Some(now - 600.0);
    t.key(KeyCode::Escape);
    assert!(paused(&t), "a card no longer shown kept Esc from pausing");
    t.key(KeyCode::Escape);
    // A pop-up list egui showed (a spell menu) takes Esc itself: the game does not pause.
    t.app.world_mut().resource_mut::<seats::KeyOwner>().popup = true;
    t.key(KeyCode::Escape);
    assert!(!paused(&t));
}

/// heroquest-2021.md, Game Overview: "one plays Zargon". A person in the sorcerer's seat, with
/// the keyboard alone: the turn opens with a hand-over (nothing of the dungeon shows until the
/// sorcerer's player confirms); the cursor starts on a monster; Enter takes it, Enter on a
/// square walks it there, Enter on a hero in reach strikes; E ends the turn. The computer makes
/// no move for the sorcerer meanwhile, and the heroes' view comes back with the heroes' turn.
/// Two keyboard-only hero seats and a person in the sorcerer's seat with `device`; an orc that
/// has been seen stands at (9, 0). The heroes end their turns: the sorcerer's turn begins.
fn sorcerer_table(device: Device) -> Table {
    let mut t = Table::new(vec![
        seat("Ann", "barbarian", Device::Keyboard),
        seat("Bob", "dwarf", Device::Keyboard),
    ]);
    t.app.insert_resource(hollowdeep::game::Controllers {
        heroes: hollowdeep::game::Controller::Human,
        companions: Default::default(),
        sorcerer: hollowdeep::game::Controller::Human,
    });
    t.app.insert_resource(seats::SorcererSeat {
        player: "Zed".into(),
        device,
    });
    let orc = t
        .app
        .world_mut()
        .query::<(Entity, &FigureId)>()
        .iter(t.app.world())
        .find(|(_, f)| f.0 == 2)
        .unwrap()
        .0;
    t.app
        .world_mut()
        .entity_mut(orc)
        .insert((Awake, GridPos(hollowdeep::rules::geometry::Pos::new(9, 0))));
    t.key(KeyCode::KeyE);
    t.key(KeyCode::Enter);
    t.key(KeyCode::KeyE);
    assert_eq!(t.turn().phase, Phase::Sorcerer);
    t
}

#[test]
fn a_person_in_the_sorcerers_seat_walks_and_strikes_with_a_monster() {
    use hollowdeep::input::sorcerer::SorcererHand;
    let mut t = sorcerer_table(Device::Keyboard);
    for _ in 0..10 {
        t.app.update();
    }
    assert_eq!(
        t.turn().phase,
        Phase::Sorcerer,
        "the computer does not play a person's sorcerer"
    );
    assert!(
        t.app.world().resource::<SorcererHand>().hand_over,
        "the turn opens with a hand-over"
    );
    assert!(
        !hollowdeep::input::sorcerer::shows_all(t.app.world()),
        "nothing shows before the hand-over"
    );
    t.key(KeyCode::Enter);
    assert!(hollowdeep::input::sorcerer::shows_all(t.app.world()));
    let before = t.commands().len();
    // The cursor starts on the orc: take it, walk it next to the Barbarian at (5,0), strike.
    t.key(KeyCode::Enter);
    assert_eq!(t.app.world().resource::<SorcererHand>().selected, Some(FigureId(2)));
    for _ in 0..3 {
        t.key(KeyCode::ArrowLeft);
    }
    t.key(KeyCode::Enter);
    assert_eq!(t.pos(2), Some(p(6, 0)), "{:?}", &t.commands()[before..]);
    t.key(KeyCode::ArrowLeft);
    t.key(KeyCode::Enter);
    let sent = t.commands()[before..].to_vec();
    assert!(
        matches!(
            sent.as_slice(),
            [
                Command::Move {
                    figure: FigureId(2),
                    ..
                },
                Command::Attack {
                    attacker: FigureId(2),
                    target: FigureId(0)
                }
            ]
        ),
        "{sent:?}"
    );
    t.key(KeyCode::KeyE);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(0)));
    assert!(
        !hollowdeep::input::sorcerer::shows_all(t.app.world()),
        "the heroes' view is back"
    );
    assert!(t.rejected().is_empty(), "{:?}", t.rejected());
}

/// rules-decisions row 37: one monster at a time. Once another monster moves or acts, the one
/// before it has had its turn.
#[test]
fn the_sorcerer_finishes_one_monster_before_the_next() {
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (9, 0)), (kind: \"goblin\", at: (10, 0))",
        "DefeatAll(return_to_stairway: false)",
    );
    let mut g = Game::start(q, 1);
    // Both have been seen (the goblin stands behind the orc).
    let goblin = g.snap().figure(FigureId(2)).unwrap().entity;
    g.app.world_mut().entity_mut(goblin).insert(Awake);
    g.end_hero_turns();
    let mv = |fig: u32, x: i32| Command::Move {
        figure: FigureId(fig),
        path: vec![p(x, 0)],
    };
    assert!(rejected(&g.send(mv(1, 8))).is_none());
    assert!(rejected(&g.send(mv(2, 9))).is_none());
    let r = rejected(&g.send(mv(1, 7))).expect("the orc's turn is over");
    assert!(r.contains("already moved"), "{r}");
}

/// The sorcerer's seat with the mouse (issue 39, item 5): the Barbarian stands out of the orc's
/// reach, a walk brings him within it; one click on him walks the orc beside him and strikes,
/// the two commands the computer sorcerer would send, in order.
#[test]
fn a_person_in_the_sorcerers_seat_walks_and_strikes_in_one_click() {
    use hollowdeep::game::heroquest::strikes_after_a_walk;
    use hollowdeep::input::sorcerer::{SorcererHand, SorcererIntent, sorcerer_intent};
    let mut t = sorcerer_table(Device::MouseKeyboard);
    t.key(KeyCode::Enter);
    assert!(hollowdeep::input::sorcerer::shows_all(t.app.world()), "handed over");
    t.click(p(9, 0));
    assert_eq!(t.app.world().resource::<SorcererHand>().selected, Some(FigureId(2)));
    let snap = hollowdeep::game::snapshot::Snapshot::capture(t.app.world_mut()).unwrap();
    let orc = snap.figure(FigureId(2)).unwrap().clone();
    let barbarian = snap.figure(FigureId(0)).unwrap().clone();
    assert!(!snap.can_attack(&orc, &barbarian), "out of reach where it stands");
    let strikes = strikes_after_a_walk(&snap, &orc);
    let (_, way) = strikes
        .iter()
        .find(|(id, _)| *id == FigureId(0))
        .expect("a walk brings the Barbarian within reach");
    assert_eq!(way.last(), Some(&p(6, 0)), "the nearest square beside him");
    assert!(
        matches!(
            sorcerer_intent(&snap, Some(FigureId(2)), p(5, 0)),
            Some(SorcererIntent::WalkAndStrike { .. })
        ),
        "pointing at him means walk and strike"
    );
    let before = t.commands().len();
    t.click(p(5, 0));
    let sent = t.commands()[before..].to_vec();
    assert!(
        matches!(
            sent.as_slice(),
            [
                Command::Move { figure: FigureId(2), path },
                Command::Attack { attacker: FigureId(2), target: FigureId(0) }
            ] if path.last() == Some(&p(6, 0))
        ),
        "{sent:?}"
    );
    assert_eq!(t.pos(2), Some(p(6, 0)));
    assert!(t.rejected().is_empty(), "{:?}", t.rejected());
    // It has struck: no walk-and-strike is offered again this turn.
    let snap = hollowdeep::game::snapshot::Snapshot::capture(t.app.world_mut()).unwrap();
    assert!(strikes_after_a_walk(&snap, snap.figure(FigureId(2)).unwrap()).is_empty());
}

/// A person in the sorcerer's seat places a wandering monster: the hero's turn waits, the
/// squares next to the searcher are offered, Enter on one puts the monster there.
#[test]
fn a_person_in_the_sorcerers_seat_places_a_wandering_monster() {
    use hollowdeep::input::sorcerer::{SorcererIntent, sorcerer_intent};
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        "DefeatAll(return_to_stairway: false)",
    );
    let mut g = Game::start(q, 1);
    g.app.world_mut().resource_mut::<Turn>().pending = Some(Pending::PlaceWanderer {
        hero: FigureId(0),
        kind: "orc".into(),
        squares: vec![p(4, 0), p(6, 0)],
    });
    let snap = g.snap();
    assert_eq!(sorcerer_intent(&snap, None, p(9, 9)), None);
    assert_eq!(
        sorcerer_intent(&snap, None, p(6, 0)),
        Some(SorcererIntent::Send(Command::PlaceWanderer { at: p(6, 0) }))
    );
    let evs = g.send(Command::PlaceWanderer { at: p(6, 0) });
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::WanderingMonster { at, .. } if *at == p(6, 0)))
    );
    assert!(
        evs.iter().any(|e| matches!(
            e,
            GameEvent::Attack {
                target: FigureId(0),
                ..
            }
        )),
        "it strikes at once"
    );
    assert!(g.turn().pending.is_none());
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)), "the hero's turn goes on");
}

/// The same seat with a gamepad: A hands over and takes the monster, the d-pad walks the
/// cursor, A walks the monster there, Start ends the turn.
#[test]
fn a_person_in_the_sorcerers_seat_plays_with_a_gamepad() {
    let mut t = sorcerer_table(Device::Gamepad(0));
    t.button(GamepadButton::South);
    assert!(hollowdeep::input::sorcerer::shows_all(t.app.world()));
    let before = t.commands().len();
    t.button(GamepadButton::South);
    for _ in 0..2 {
        t.button(GamepadButton::DPadLeft);
    }
    t.button(GamepadButton::South);
    assert_eq!(t.pos(2), Some(p(7, 0)), "{:?}", &t.commands()[before..]);
    t.button(GamepadButton::Start);
    assert_eq!(t.turn().phase, Phase::Hero(FigureId(0)));
}

/// The sorcerer's menu offers the picked monster's Dread spells on the heroes it sees, the
/// other monsters still to move, and the end of the turn; a spell from it is cast like the
/// computer's.
#[test]
fn the_sorcerers_menu_casts_dread_spells() {
    use hollowdeep::input::sorcerer::{SorcererIntent, sorcerer_menu};
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"dread_warrior\", at: (9, 0), name: \"Vel\", spells: [\"fear\"]), (kind: \"orc\", at: (24, 17))",
        "DefeatAll(return_to_stairway: false)",
    );
    let mut g = Game::start(q, 2);
    g.end_hero_turns();
    let snap = g.snap();
    let lines = sorcerer_menu(&snap, Some(FigureId(1)));
    let labels: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        ["Vel: cast Fear on Barbarian", "End the sorcerer's turn"],
        "the orc far away has not been seen"
    );
    let SorcererIntent::Send(cast) = lines[0].1.clone() else {
        panic!("a spell is a command")
    };
    let evs = g.send(cast);
    assert!(
        evs.iter().any(|e| matches!(
            e,
            GameEvent::DreadSpellCast {
                caster: FigureId(1),
                ..
            }
        )),
        "{evs:?}"
    );
}

/// A quest that hands an artifact to a hero nobody plays (the crypt gives the Barbarian the
/// Spirit Blade, the only thing that wounds the Witch Lord) passes it to the first hero who
/// plays and may carry it, so the smaller party can still win.
#[test]
fn an_artifact_given_to_a_left_out_hero_goes_to_one_who_plays() {
    let q = hollowdeep::quest::load("the-witch-lords-crypt").unwrap();
    let small = q.without_heroes(&["barbarian".to_string()]);
    let holders: Vec<&String> = small
        .heroes
        .iter()
        .filter(|h| {
            small.gear.get(*h).is_some_and(|g| {
                g.weapon.as_deref() == Some("spirit_blade") || g.items.iter().any(|i| i == "spirit_blade")
            })
        })
        .collect();
    assert_eq!(holders, vec![&"dwarf".to_string()], "{:?}", small.gear);
    assert_eq!(small.gear["dwarf"].weapon.as_deref(), Some("spirit_blade"));
    // The game starts with the dwarf holding it.
    let mut g = Game::start(std::sync::Arc::new(small), 4);
    let dwarf = g
        .snap()
        .heroes()
        .find(|h| h.kind == "dwarf")
        .map(|h| h.equipment.weapon.clone());
    assert_eq!(dwarf.flatten().as_deref(), Some("spirit_blade"));
}

impl Table {
    /// The lines the game said this frame and the last (messages, as the log reads them).
    fn said(&self) -> Vec<String> {
        let messages = self.app.world().resource::<Messages<GameEvent>>();
        let mut cursor = bevy::ecs::message::MessageCursor::<GameEvent>::default();
        cursor
            .read(messages)
            .filter_map(|e| match e {
                GameEvent::CommandRejected { reason } => Some(reason.clone()),
                _ => None,
            })
            .collect()
    }
}

#[test]
fn a_key_that_can_do_nothing_says_why_in_one_line() {
    // Issue 24, item 4: the attack and open-door keys with nothing to act on.
    let mut t = Table::new(vec![
        seat("Ann", "barbarian", Device::Keyboard),
        seat("Bob", "dwarf", Device::Keyboard),
    ]);
    let before = t.commands().len();
    t.key(KeyCode::KeyX);
    let said = t.said();
    assert!(
        said.iter()
            .any(|s| s.starts_with("No monster is in reach of Barbarian")),
        "{said:?}"
    );
    t.key(KeyCode::KeyO);
    let said = t.said();
    assert!(
        said.iter()
            .any(|s| s == "There is no closed door next to Barbarian to open."),
        "{said:?}"
    );
    assert_eq!(t.commands().len(), before, "nothing was sent");
}

#[test]
fn an_arrow_key_step_onto_an_ally_walks_on_through_them() {
    // Issue 24, item 4: the keyboard walks through an ally as a mouse path does.
    let q = quest(
        &["barbarian", "dwarf"],
        &[(5, 0), (4, 0)],
        "",
        "(kind: \"orc\", at: (20, 17))",
        "DefeatAll(return_to_stairway: false)",
    );
    let mut g = Game::start(q, 3);
    g.set_allowance(0, 4);
    let snap = g.snap();
    let h = snap.figure(FigureId(0)).expect("barbarian").clone();
    let path = hollowdeep::input::key_step(&snap, &h, p(5, 0), hollowdeep::rules::geometry::Dir::W);
    assert_eq!(path, vec![p(4, 0), p(3, 0)]);
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path
        }))
        .is_none()
    );
    assert_eq!(g.pos(0), Some(p(3, 0)));
    // A free square is one step, as before.
    let snap = g.snap();
    let h = snap.figure(FigureId(0)).expect("barbarian").clone();
    assert_eq!(
        hollowdeep::input::key_step(&snap, &h, p(3, 0), hollowdeep::rules::geometry::Dir::W),
        vec![p(2, 0)]
    );
}
