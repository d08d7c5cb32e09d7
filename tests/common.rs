//! Shared builders for the tests: small quests on the classic board and a headless app.

use std::sync::Arc;

use bevy::prelude::*;
use hollowdeep::game::logic;
use hollowdeep::game::model::Command;
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::quest::{self, Quest};
use hollowdeep::rules::geometry::Pos;

/// A quest on the classic board from its parts (RON snippets).
pub fn quest(heroes: &[&str], starts: &[(i32, i32)], doors: &str, monsters: &str, objective: &str) -> Arc<Quest> {
    quest_with(heroes, starts, doors, monsters, objective, "")
}

/// Like `quest`, with more top-level fields (`extra`, a RON snippet ending in a comma).
pub fn quest_with(
    heroes: &[&str],
    starts: &[(i32, i32)],
    doors: &str,
    monsters: &str,
    objective: &str,
    extra: &str,
) -> Arc<Quest> {
    let heroes: Vec<String> = heroes.iter().map(|h| format!("{h:?}")).collect();
    let starts: Vec<String> = starts.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    let text = format!(
        "Quest(format: 1, name: \"Test\", briefing: \"A test.\", heroes: [{}], hero_starts: [{}], stairway: (12, 2, 2, 2),
         doors: [{doors}], monsters: [{monsters}], objective: {objective}, wandering_monster: \"orc\", {extra})",
        heroes.join(", "),
        starts.join(", ")
    );
    // A rules scenario may wall a monster away on purpose (to keep the quest going).
    match quest::parse_with("test", "test.ron", text.as_bytes(), None, quest::Winnable::NotChecked) {
        Ok(q) => Arc::new(q),
        Err(p) => panic!("test quest invalid:\n{p}\n{text}"),
    }
}

pub struct Game {
    pub app: App,
}

impl Game {
    /// Starts a quest against the classic sorcerer (the scenario tests were written against the
    /// documented baseline rule; tests of the planning levels set their own).
    pub fn start(q: Arc<Quest>, seed: u64) -> Game {
        let mut app = hollowdeep::sim::headless_app();
        app.insert_resource(classic());
        logic::start_quest(app.world_mut(), q, seed);
        app.update();
        let mut g = Game { app };
        // The spell draft, as the bots pick it (Wizard fire, Elf earth, Wizard the rest).
        while let Some(c) = hollowdeep::ai::heroes::choose_school(&g.snap()) {
            g.send(c);
        }
        g
    }

    /// Starts without making the draft's picks.
    pub fn start_undrafted(q: Arc<Quest>, seed: u64) -> Game {
        let mut app = hollowdeep::sim::headless_app();
        app.insert_resource(classic());
        logic::start_quest(app.world_mut(), q, seed);
        app.update();
        Game { app }
    }

    /// Sends a command through the message path a player's input uses and runs one frame.
    pub fn send(&mut self, c: Command) -> Vec<GameEvent> {
        let before = self.log().len();
        self.app.world_mut().write_message(c);
        self.app.update();
        self.log()[before..].to_vec()
    }

    pub fn log(&self) -> Vec<GameEvent> {
        self.app.world().resource::<EventLog>().0.clone()
    }

    pub fn snap(&mut self) -> Snapshot {
        Snapshot::capture(self.app.world_mut()).expect("quest in play")
    }

    pub fn pos(&mut self, id: u32) -> Option<Pos> {
        self.snap().figure(FigureId(id)).and_then(|f| f.pos)
    }

    pub fn turn(&self) -> Turn {
        self.app.world().resource::<Turn>().clone()
    }

    /// Puts heroes still off the board (the action-point module brings them on at the stairway)
    /// on their quest starts and shows what they see there: the scenario's setting, for tests of
    /// other rules than coming on.
    pub fn place_on_starts(&mut self) {
        let snap = self.snap();
        for (i, h) in snap.heroes().enumerate() {
            if h.off_map() {
                self.place(i as u32, snap.quest.hero_starts[i]);
            }
        }
    }

    /// Sets figure `id` down on `at` and shows what the heroes see: a scenario's setting.
    pub fn place(&mut self, id: u32, at: Pos) {
        let e = self.snap().figure(FigureId(id)).expect("figure").entity;
        let world = self.app.world_mut();
        world.entity_mut(e).insert(GridPos(at));
        hollowdeep::game::heroquest::reveal(world);
    }

    /// Ends hero turns until the sorcerer's turn begins.
    pub fn end_hero_turns(&mut self) {
        for _ in 0..8 {
            if self.turn().phase == Phase::Sorcerer {
                return;
            }
            self.send(Command::EndTurn);
        }
        assert_eq!(self.turn().phase, Phase::Sorcerer);
    }

    /// Gives the active hero exactly `n` squares of movement (as if the red dice showed `n`).
    pub fn set_allowance(&mut self, id: u32, n: u8) {
        let mut t = self.app.world_mut().resource_mut::<Turn>();
        let p = t.progress.entry(FigureId(id)).or_default();
        p.allowance = Some(n);
    }

    pub fn set_body(&mut self, id: u32, body: u8) {
        let snap = self.snap();
        let e = snap.figure(FigureId(id)).expect("figure").entity;
        self.app.world_mut().get_mut::<Body>(e).expect("body").current = body;
    }
}

/// Hero 0 at 1 Body, the heroes' turns over: monster `attacker` strikes it in games made by
/// `make` until, for some seed, the blow gives the events `want`s (a fall, an escape).
pub fn strike_the_weakened_hero(
    make: impl Fn(u64) -> Game,
    attacker: u32,
    want: impl Fn(&[GameEvent]) -> bool,
) -> (Game, Vec<GameEvent>) {
    let weakened = |seed| {
        let mut g = make(seed);
        g.set_body(0, 1);
        g.end_hero_turns();
        g
    };
    find_seed(
        weakened,
        |g| {
            g.send(Command::Attack {
                attacker: FigureId(attacker),
                target: FigureId(0),
            })
        },
        want,
    )
}

/// Plays `f` on games made by `make` for seeds 0..300 until one gives the events `want`s.
pub fn find_seed(
    mut make: impl FnMut(u64) -> Game,
    mut f: impl FnMut(&mut Game) -> Vec<GameEvent>,
    want: impl Fn(&[GameEvent]) -> bool,
) -> (Game, Vec<GameEvent>) {
    for seed in 0..300 {
        let mut g = make(seed);
        let evs = f(&mut g);
        if want(&evs) {
            return (g, evs);
        }
    }
    panic!("no seed in 0..300 gave the wanted outcome");
}

pub fn rejected(evs: &[GameEvent]) -> Option<String> {
    evs.iter().find_map(|e| match e {
        GameEvent::CommandRejected { reason } => Some(reason.clone()),
        _ => None,
    })
}

pub fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

pub fn path(steps: &[(i32, i32)]) -> Vec<Pos> {
    steps.iter().map(|(x, y)| Pos::new(*x, *y)).collect()
}

pub fn classic() -> hollowdeep::ai::Opponents {
    hollowdeep::ai::Opponents {
        sorcerer: hollowdeep::ai::SorcererLevel::Classic,
        ..Default::default()
    }
}

/// Presses and releases a key, a frame each, as the window's keyboard backend would send it.
pub fn press_key(app: &mut bevy::prelude::App, k: bevy::prelude::KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: k,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: bevy::prelude::Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// A format 1 (unchecked) version of a sealed campaign's or Epic's text, as an older build wrote
/// it: tests of the content checks edit it, since an edit of a sealed file stops at its check.
pub fn unsealed(text: &str) -> String {
    text.replacen("format: 2,", "format: 1,", 1)
        .lines()
        .filter(|l| !l.trim_start().starts_with("check:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A headless app with the window's input (the seats' and the mouse's), one player "Ann" at
/// `device` playing every hero of `q` against `sorcerer`, the quest begun.
pub fn seated_app(
    q: Arc<Quest>,
    seed: u64,
    device: hollowdeep::seating::Device,
    sorcerer: hollowdeep::ai::SorcererLevel,
) -> App {
    use hollowdeep::input::seats::{Seat, Seats};
    let mut app = hollowdeep::sim::headless_app();
    app.add_plugins(bevy::input::InputPlugin)
        .add_plugins(hollowdeep::input::headless_plugin);
    app.insert_resource(hollowdeep::ai::Opponents {
        sorcerer,
        heroes_bot: hollowdeep::ai::HeroBot::Competent,
    });
    app.insert_resource(Seats(vec![Seat {
        player: "Ann".into(),
        heroes: q.heroes.clone(),
        device,
    }]));
    logic::start_quest(app.world_mut(), q, seed);
    app.update();
    app
}
