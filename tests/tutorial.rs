//! Issue 24, item 5: tutorials that teach in order, in the player's own words. Every tip names
//! the controls with `{roll}`-style words, written out for the device that plays (the mouse
//! player clicks; a keyboard-only or gamepad player is never told to click); in played games of
//! the first tutorial each control's tip is on screen before the first time it is used, and in
//! played games of the third each lesson's tip comes before the first action it explains.

use std::collections::BTreeSet;
use std::sync::Arc;

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::logic;
use hollowdeep::game::model::*;
use hollowdeep::quest;
use hollowdeep::seating::{Bindings, Device, device_words};
use hollowdeep::sim::{Matchup, headless_world};

const TOKENS: [&str; 7] = ["{roll}", "{move}", "{end}", "{undo}", "{open}", "{attack}", "{menu}"];

/// The shipped tutorials, in the order they are meant to be played.
const TUTORIALS: [&str; 3] = [
    "tutorial-1-first-steps",
    "tutorial-2-searching-and-spells",
    "tutorial-3-arrows-and-hexes",
];

/// Every tip of a tutorial: its briefing and its messages.
fn tips(id: &str) -> Vec<String> {
    let q = quest::load(id).expect("shipped");
    let mut v = vec![q.briefing.clone()];
    for e in &q.events {
        for effect in &e.then {
            if let quest::Effect::Message(m) = effect {
                v.push(m.clone());
            }
        }
    }
    v
}

#[test]
fn the_tutorials_tips_speak_each_devices_words() {
    let keys = Bindings::default();
    // Every shipped tutorial is in the list.
    let shipped: BTreeSet<&str> = quest::builtin_quests()
        .iter()
        .map(|(id, _, _)| *id)
        .filter(|id| id.starts_with("tutorial-"))
        .collect();
    assert_eq!(shipped, TUTORIALS.into_iter().collect::<BTreeSet<_>>());
    for id in TUTORIALS {
        let all = tips(id);
        assert!(
            all.iter().any(|t| TOKENS.iter().any(|k| t.contains(k))),
            "{id} names no control"
        );
        for tip in &all {
            let mouse = device_words(tip, Device::MouseKeyboard, &keys);
            for device in [Device::Keyboard, Device::Gamepad(0)] {
                let said = device_words(tip, device, &keys);
                assert!(!said.contains('{'), "{id}, {device:?}: {said}");
                let told_to_click = said
                    .split(|c: char| !c.is_alphabetic())
                    .any(|w| w.eq_ignore_ascii_case("click"));
                assert!(!told_to_click, "{id}, {device:?} is told to click: {said}");
            }
            assert!(!mouse.contains('{'), "{id}: {mouse}");
        }
    }
    // The words are the device's own bindings.
    let pad = device_words("{roll}", Device::Gamepad(0), &keys);
    assert_eq!(
        pad,
        format!("press {}", keys.first_for(hollowdeep::seating::Action::Roll, true))
    );
    assert_eq!(
        device_words("{end}", Device::MouseKeyboard, &keys),
        "press E or click End turn"
    );
}

/// One game of a tutorial played by the bots against the normal sorcerer, as its players saw
/// it: the tips in the order they came (the briefing first, then the quest's messages), and
/// every command sent.
struct Played {
    tips: Vec<String>,
    steps: Vec<Step>,
}

/// A command of a played game: whether a hero's turn was on, where the hero whose turn it was
/// stood, and how many tips had come by then.
struct Step {
    cmd: Command,
    hero_turn: bool,
    at: Option<hollowdeep::rules::geometry::Pos>,
    shown: usize,
}

impl Played {
    fn new(q: Arc<quest::Quest>, seed: u64, heroes_bot: HeroBot, rounds: u32) -> Played {
        let m = Matchup {
            sorcerer: SorcererLevel::Normal,
            heroes_bot,
        };
        let mut world = headless_world(q.clone(), seed, m);
        let mut tips = vec![q.briefing.clone()];
        let mut steps = Vec::new();
        let mut read = 0;
        for _ in 0..20_000 {
            let log = &world.resource::<EventLog>().0;
            tips.extend(log[read..].iter().filter_map(|e| match e {
                GameEvent::QuestMessage { text } => Some(text.clone()),
                _ => None,
            }));
            read = log.len();
            let turn = world.resource::<Turn>();
            if matches!(turn.phase, Phase::Over(_)) || turn.round > rounds {
                break;
            }
            let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
                break;
            };
            let snap = hollowdeep::game::snapshot::Snapshot::capture(&mut world).expect("in play");
            steps.push(Step {
                cmd: cmd.clone(),
                hero_turn: matches!(snap.turn.phase, Phase::Hero(_)),
                at: snap.active_hero().and_then(|h| h.pos),
                shown: tips.len(),
            });
            logic::submit(&mut world, cmd);
        }
        Played { tips, steps }
    }

    /// Whether a tip with `words` in it had come before step `shown` (a step's tip count).
    fn said(&self, shown: usize, words: &str) -> bool {
        self.tips[..shown].iter().any(|t| t.contains(words))
    }
}

/// The control a command uses, as a tip names it.
fn token(c: &Command) -> Option<&'static str> {
    Some(match c {
        Command::RollMovement { .. } => "{roll}",
        Command::Move { .. } => "{move}",
        Command::EndTurn => "{end}",
        Command::OpenDoor { .. } => "{open}",
        Command::Attack { .. } => "{attack}",
        _ => return None,
    })
}

#[test]
fn the_first_tutorial_gives_each_tip_before_its_control_is_first_used() {
    let q = Arc::new(quest::load("tutorial-1-first-steps").expect("shipped"));
    for (seed, heroes_bot) in [(1, HeroBot::Competent), (2, HeroBot::Greedy), (3, HeroBot::Competent)] {
        let game = Played::new(q.clone(), seed, heroes_bot, 80);
        let mut used: Vec<&str> = Vec::new();
        for Step {
            cmd, hero_turn, shown, ..
        } in &game.steps
        {
            let Some(t) = token(cmd).filter(|_| *hero_turn) else {
                continue;
            };
            assert!(
                game.said(*shown, t),
                "seed {seed}: {cmd:?} came before its tip {t} (tips so far: {:?})",
                &game.tips[..*shown]
            );
            if !used.contains(&t) {
                used.push(t);
            }
        }
        for t in ["{roll}", "{move}", "{end}", "{open}", "{attack}"] {
            assert!(
                used.contains(&t),
                "seed {seed}: {t} was never used, so its order was not checked"
            );
        }
    }
}

/// A lesson of the third tutorial: what the players do, the step that does it (in the quest),
/// the words of the tip that explains it, and whether the played games must include it (a
/// fallen hero's things and the retreat come only when a game goes badly, so they are checked
/// when they happen).
struct Lesson {
    what: &'static str,
    is: fn(&quest::Quest, &Step) -> bool,
    tip: &'static str,
    always: bool,
}

const ARROWS_AND_HEXES: [Lesson; 7] = [
    Lesson {
        what: "a school of magic chosen in the draft",
        is: |_, s| matches!(s.cmd, Command::ChooseSchool { .. }),
        tip: "schools of magic",
        always: true,
    },
    Lesson {
        what: "a shot or a throw",
        is: |_, s| matches!(s.cmd, Command::Shoot { .. }),
        tip: "Shoot and Throw at",
        always: true,
    },
    Lesson {
        // In a room with no special treasure: one that deals a card.
        what: "a search for treasure that draws a card",
        is: |q, s| {
            matches!(s.cmd, Command::SearchTreasure { .. })
                && s.at
                    .is_some_and(|at| q.treasure.iter().all(|t| t.area != q.board.area(at)))
        },
        tip: "treasure card",
        always: true,
    },
    Lesson {
        what: "a potion given to a friend",
        is: |_, s| matches!(s.cmd, Command::Give { .. }),
        tip: "give a potion",
        always: true,
    },
    Lesson {
        what: "a Dread spell cast at the heroes",
        is: |_, s| !s.hero_turn && matches!(s.cmd, Command::CastSpell { .. }),
        tip: "casts Dread spells",
        always: true,
    },
    Lesson {
        what: "a fallen hero's things picked up",
        is: |_, s| matches!(s.cmd, Command::PickUp { .. }),
        tip: "pick them up",
        always: false,
    },
    Lesson {
        what: "a retreat up the stairway",
        is: |_, s| matches!(s.cmd, Command::Retreat { .. }),
        tip: "retreat up it",
        always: false,
    },
];

/// Each game of `q`'s lessons: the actions taken before the tip that explains them, and the
/// lessons whose action was taken at all.
fn lessons_out_of_order(q: &Arc<quest::Quest>, games: &[u64]) -> (Vec<String>, BTreeSet<&'static str>) {
    let (mut early, mut used) = (Vec::new(), BTreeSet::new());
    for &seed in games {
        let game = Played::new(q.clone(), seed, HeroBot::Competent, 60);
        for lesson in &ARROWS_AND_HEXES {
            let Some(step) = game.steps.iter().find(|s| (lesson.is)(q, s)) else {
                continue;
            };
            used.insert(lesson.what);
            if !game.said(step.shown, lesson.tip) {
                early.push(format!("seed {seed}: {} ({:?}) before its tip", lesson.what, step.cmd));
            }
        }
    }
    (early, used)
}

/// The seeds played: between them the bots take every lesson's action that every game has.
const SEEDS: [u64; 4] = [1, 2, 3, 4];

#[test]
fn the_third_tutorial_gives_each_lesson_before_its_action_is_first_taken() {
    let q = Arc::new(quest::load("tutorial-3-arrows-and-hexes").expect("shipped"));
    let (early, used) = lessons_out_of_order(&q, &SEEDS);
    eprintln!("third tutorial, lessons taken: {used:?}");
    assert!(early.is_empty(), "{early:#?}");
    for lesson in ARROWS_AND_HEXES.iter().filter(|l| l.always) {
        assert!(
            used.contains(lesson.what),
            "{} never happened, so its order was not checked: {used:?}",
            lesson.what
        );
    }
}

#[test]
fn a_lesson_that_comes_after_its_action_is_caught() {
    // The shooting lesson moved from the toll hall's door to the hall's last goblin: by then the
    // heroes have shot at the goblins behind the counter.
    let (_, file, bytes) = quest::builtin_quests()
        .iter()
        .find(|(id, _, _)| *id == "tutorial-3-arrows-and-hexes")
        .expect("shipped");
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let trigger = "when: DoorOpened(at: (13, 13), to: (14, 13)),";
    assert_eq!(text.matches(trigger).count(), 1);
    let late = text.replace(trigger, "when: GroupKilled(group: \"counters\"),");
    let q = Arc::new(quest::parse("late", file, late.as_bytes(), None).unwrap_or_else(|p| panic!("{p}")));
    let (early, _) = lessons_out_of_order(&q, &SEEDS[..1]);
    assert!(
        early.iter().any(|e| e.contains("a shot or a throw")),
        "the late tip went unnoticed: {early:?}"
    );
}

/// A player at the keyboard (or the mouse), played as a new user would: the hero bot chooses
/// what to do and the test presses the keys or clicks the squares that do it, through the same
/// seat and click input as the window (`play_first_tutorial`).
struct Keyboard {
    app: bevy::prelude::App,
}

impl Keyboard {
    /// A player at `device`: the seats' input and the mouse's clicks, as in the window.
    fn on(q: Arc<quest::Quest>, seed: u64, device: Device) -> Keyboard {
        let mut app = crate::common::seated_app(q, seed, device, SorcererLevel::Normal);
        // The scripted player acts the frame a turn passes: no beat (tests/clicks.rs tests it).
        app.insert_resource(hollowdeep::screen::TurnBeat::off());
        Keyboard { app }
    }

    fn key(&mut self, k: bevy::prelude::KeyCode) {
        crate::common::press_key(&mut self.app, k);
    }

    /// Points at `p` and clicks the left button, as the window's pointer would.
    fn click(&mut self, p: hollowdeep::rules::geometry::Pos) {
        use bevy::input::ButtonState;
        use bevy::input::mouse::MouseButtonInput;
        self.app.world_mut().resource_mut::<hollowdeep::view::HoverSquare>().0 = Some(p);
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.app.world_mut().write_message(MouseButtonInput {
                button: bevy::prelude::MouseButton::Left,
                state,
                window: bevy::prelude::Entity::PLACEHOLDER,
            });
            self.app.update();
        }
    }

    /// Walks the board cursor onto `to` with the arrow keys.
    fn cursor_to(&mut self, to: hollowdeep::rules::geometry::Pos) {
        use bevy::prelude::KeyCode;
        for _ in 0..60 {
            let Some(at) = self.app.world().resource::<hollowdeep::screen::BoardCursor>().at else {
                return;
            };
            let k = if at.x < to.x {
                KeyCode::ArrowRight
            } else if at.x > to.x {
                KeyCode::ArrowLeft
            } else if at.y < to.y {
                KeyCode::ArrowDown
            } else if at.y > to.y {
                KeyCode::ArrowUp
            } else {
                return;
            };
            self.key(k);
        }
    }
}

/// Plays the first tutorial at `device`: the competent bot chooses, `press` does it as a person
/// would (or leaves it undone), and each control's tip must be on screen before its first use.
/// Returns the commands done by the device and those the test had to send itself.
fn play_first_tutorial(
    device: Device,
    seed: u64,
    mut press: impl FnMut(&mut Keyboard, &hollowdeep::game::snapshot::Snapshot, &Command),
) -> (u32, u32) {
    let q = Arc::new(quest::load("tutorial-1-first-steps").expect("shipped"));
    let mut k = Keyboard::on(q.clone(), seed, device);
    let mut taught: BTreeSet<&str> = TOKENS.iter().copied().filter(|t| q.briefing.contains(t)).collect();
    let mut used: Vec<&str> = Vec::new();
    let mut read = 0;
    let (mut by_device, mut by_hand) = (0, 0);
    for _ in 0..3000 {
        let world = k.app.world_mut();
        let log = world.resource::<EventLog>().0.clone();
        for e in &log[read..] {
            if let GameEvent::QuestMessage { text } = e {
                taught.extend(TOKENS.iter().copied().filter(|t| text.contains(t)));
            }
        }
        read = log.len();
        let turn = world.resource::<Turn>().clone();
        if matches!(turn.phase, Phase::Over(_)) || turn.round > 60 {
            break;
        }
        let Phase::Hero(_) = turn.phase else {
            // The computer's sorcerer plays in the app's own frames.
            k.app.update();
            continue;
        };
        let snap = hollowdeep::game::snapshot::Snapshot::capture(world).expect("in play");
        let cmd = hollowdeep::ai::heroes::next_command(&snap, HeroBot::Competent);
        let before = world.resource::<CommandLog>().0.len();
        let control = token(&cmd);
        if let Some(t) = control {
            assert!(
                taught.contains(t),
                "{device:?}: {cmd:?} came before its tip {t} ({taught:?})"
            );
            if !used.contains(&t) {
                used.push(t);
            }
        }
        if control.is_some() {
            press(&mut k, &snap, &cmd);
        } else {
            // The action menu's searches and the like: sent as the menu sends them.
            logic::submit(k.app.world_mut(), cmd.clone());
        }
        // A press that did nothing (the cursor could not reach, say): the bot's command itself.
        if k.app.world().resource::<CommandLog>().0.len() == before {
            logic::submit(k.app.world_mut(), cmd);
            by_hand += u32::from(control.is_some());
        } else {
            by_device += u32::from(control.is_some());
        }
    }
    for t in ["{roll}", "{move}", "{end}", "{open}", "{attack}"] {
        assert!(
            used.contains(&t),
            "{device:?}: {t} was never used, so its order was not checked: {used:?}"
        );
    }
    assert!(
        matches!(k.app.world().resource::<Turn>().phase, Phase::Over(_)),
        "{device:?}: the tutorial did not end in 60 rounds"
    );
    assert!(
        by_device > 40 && by_hand * 10 <= by_device,
        "{device:?}: {by_device} commands by the device, {by_hand} sent by hand"
    );
    (by_device, by_hand)
}

#[test]
fn played_keyboard_only_the_first_tutorial_teaches_each_key_before_it_is_pressed() {
    // The arrows walk the board cursor; Enter on a square, R, O, X and E.
    use bevy::prelude::KeyCode;
    let (keys, hand) = play_first_tutorial(Device::Keyboard, 2, |k, snap, cmd| match cmd {
        Command::RollMovement { .. } => k.key(KeyCode::KeyR),
        Command::EndTurn => k.key(KeyCode::KeyE),
        Command::OpenDoor { .. } => k.key(KeyCode::KeyO),
        Command::Move { path, .. } => {
            k.cursor_to(*path.last().expect("a step"));
            k.key(KeyCode::Enter);
        }
        Command::Attack { target, .. } => {
            if let Some(at) = snap.figure(*target).and_then(|f| f.pos) {
                k.cursor_to(at);
            }
            k.key(KeyCode::KeyX);
        }
        _ => {}
    });
    eprintln!("keyboard-only tutorial: {keys} commands by keys, {hand} sent by hand");
}

#[test]
fn played_with_the_mouse_the_first_tutorial_teaches_each_control_before_it_is_used() {
    // Issue 24, item 5, the mouse player: the bot chooses, the test clicks the board where a
    // person would (a square to roll, the square to walk to, the room beyond a door, the
    // monster) and presses E to end the turn, as the tip says ("press E or click End turn").
    use bevy::prelude::KeyCode;
    let (clicks, hand) = play_first_tutorial(Device::MouseKeyboard, 3, |p, snap, cmd| {
        let here = snap.active_hero().and_then(|h| h.pos);
        match (cmd, here) {
            // Any empty square two or more steps away: the first click of a turn rolls.
            (Command::RollMovement { .. }, Some(at)) => {
                let far = snap
                    .board()
                    .squares()
                    .find(|s| s.manhattan(at) >= 2 && snap.figure_at(*s).is_none())
                    .expect("a square to click");
                p.click(far);
            }
            (Command::Move { path, .. }, _) => p.click(*path.last().expect("a step")),
            (Command::OpenDoor { door, .. }, Some(at)) => {
                let d = snap.doors.iter().find(|d| d.id == *door).expect("the door");
                p.click(d.edge.other(at).expect("the hero stands at the door"));
            }
            (Command::Attack { target, .. }, _) => {
                p.click(snap.figure(*target).and_then(|f| f.pos).expect("on the board"))
            }
            (Command::EndTurn, _) => p.key(KeyCode::KeyE),
            _ => {}
        }
    });
    eprintln!("mouse tutorial: {clicks} commands by the mouse and E, {hand} sent by hand");
}
