//! Issue 35, item 1: an open pit is an obstacle (heroquest-2021.md, Traps: 1. Pit Trap, "Jumping:
//! can attempt to jump over"; Jumping a Trap; docs/rules-decisions.md rows 16 and 17). Entering
//! one ends the move, walks go around it or stop in it, and a hero may jump it.

use hollowdeep::ai::{HeroBot, Opponents, SorcererLevel};
use hollowdeep::game::model::*;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, body, has, ok};

/// The Barbarian falls into the pit at (5, 0) of the top corridor, and the turn passes to the
/// Dwarf at (1, 0); the orc waits at `orc`.
fn after_the_fall(orc: (i32, i32), seed: u64) -> Game {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (1, 0)],
        "",
        &format!("(kind: \"orc\", at: ({}, {}))", orc.0, orc.1),
        DEFEAT_ALL,
        "traps: [(kind: Pit, at: (5, 0))],",
    );
    let mut g = Game::start(q, seed);
    g.set_allowance(0, 6);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0)]),
    });
    assert!(has(&evs, "trap_sprung"));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    assert!(g.snap().in_pit(p(5, 0)));
    g
}

#[test]
fn an_open_pit_ends_a_move_and_walks_go_around_it() {
    let mut g = after_the_fall((24, 17), 1);
    // The Barbarian climbs out on its next turn in the story; here it is simply set aside.
    g.place(0, p(12, 0));
    g.set_allowance(1, 8);
    let snap = g.snap();
    let dwarf = snap.figure(FigureId(1)).unwrap().clone();
    // The way the board shows: the pit is a square to stop in, never one to pass through.
    let near = snap.reach(&dwarf, 8).unwrap();
    assert_eq!(near.dist(p(5, 0)), Some(4));
    assert_eq!(
        near.dist(p(6, 0)),
        None,
        "the corridor beyond is out of an 8-square walk"
    );
    let far = snap.reach(&dwarf, 200).unwrap();
    if let Some(way) = far.path_to(p(6, 0)) {
        assert!(!way[..way.len() - 1].contains(&p(5, 0)), "{way:?}");
    }
    // A walk through the pit is refused, with the reason.
    let why = rejected(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]),
    }))
    .expect("refused");
    assert!(why.contains("open pit"), "{why}");
    assert_eq!(g.pos(1), Some(p(1, 0)), "nothing moved");
    // Into the pit: no fall this time, but the move ends there.
    let evs = g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(2, 0), (3, 0), (4, 0), (5, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "move_interrupted"));
    assert!(!has(&evs, "wounded"));
    assert_eq!(body(&mut g, 1), 7);
    assert_eq!(g.pos(1), Some(p(5, 0)));
    assert_eq!(
        g.turn().phase,
        Phase::Hero(FigureId(1)),
        "the turn goes on: an action is left"
    );
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(1),
            path: path(&[(6, 0)]),
        }))
        .is_some(),
        "the move is over"
    );
}

#[test]
fn the_sorcerer_never_walks_a_monster_through_an_open_pit() {
    // An orc down the corridor beyond the pit, the heroes on this side: at every level the
    // sorcerer's walks stop in the pit or go around it, and the rules accept every one.
    for level in [
        SorcererLevel::Classic,
        SorcererLevel::Easy,
        SorcererLevel::Normal,
        SorcererLevel::Hard,
    ] {
        let mut g = after_the_fall((9, 0), 3);
        g.app.insert_resource(Opponents {
            sorcerer: level,
            heroes_bot: HeroBot::Competent,
        });
        g.place(0, p(3, 0));
        g.end_hero_turns();
        let mut walked = false;
        for _ in 0..40 {
            if g.turn().phase != Phase::Sorcerer {
                break;
            }
            let c = hollowdeep::ai::decide(g.app.world_mut()).expect("a command");
            if let Command::Move { path, .. } = &c {
                walked = true;
                assert!(
                    !path[..path.len() - 1].contains(&p(5, 0)),
                    "{level:?} walks through the pit: {path:?}"
                );
            }
            ok(&g.send(c));
        }
        assert!(walked, "{level:?}: the orc came on");
        assert_ne!(g.turn().phase, Phase::Sorcerer, "{level:?}: the turn ended");
        let orc = g.pos(2).expect("the orc lives");
        assert!(orc.x >= 5, "{level:?}: the orc is at {orc}, past the pit");
    }
}

#[test]
fn a_hero_may_jump_an_open_pit() {
    let make = |seed| {
        let mut g = after_the_fall((24, 17), seed);
        g.place(1, p(4, 0));
        g.place(0, p(12, 0));
        g.set_allowance(1, 6);
        g
    };
    let jump = |g: &mut Game| {
        let snap = g.snap();
        let offered = hollowdeep::game::heroquest::legal_commands(&snap);
        let c = Command::JumpTrap {
            hero: FigureId(1),
            trap: 0,
            to: p(6, 0),
        };
        assert!(offered.contains(&c), "the jump is offered: {offered:?}");
        g.send(c)
    };
    // Over: on the far side, with the rest of the move.
    let (mut g, evs) = find_seed(make, jump, |e| has(e, "trap_jumped"));
    ok(&evs);
    assert_eq!(g.pos(1), Some(p(6, 0)));
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(7, 0), (8, 0)]),
    }));
    // A skull: down into the pit, 1 body, and the turn ends (heroquest-2021.md, Jumping a Trap).
    let (mut g, evs) = find_seed(make, jump, |e| has(e, "jump_failed"));
    assert_eq!(g.pos(1), Some(p(5, 0)));
    assert_eq!(body(&mut g, 1), 6);
    assert!(has(&evs, "wounded"));
    assert_ne!(g.turn().phase, Phase::Hero(FigureId(1)));
}

/// The classic sorcerer with every way to the heroes through an open pit: its monster walks into
/// the pit (the move ends there) rather than waiting for ever.
#[test]
fn a_monster_whose_only_way_is_through_a_pit_climbs_down_into_it() {
    let q = quest_with(
        &["barbarian"],
        &[(2, 0)],
        "",
        "(kind: \"orc\", at: (9, 0)), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "blocked: [(1, 0)], traps: [(kind: Pit, at: (5, 0))],",
    );
    let mut g = Game::start(q, 1);
    {
        let w = g.app.world_mut();
        let mut traps = w.query::<&mut Trap>();
        for mut t in traps.iter_mut(w) {
            t.state = TrapState::Sprung;
        }
    }
    assert!(g.snap().in_pit(p(5, 0)));
    g.end_hero_turns();
    let c = hollowdeep::ai::decide(g.app.world_mut()).expect("a command");
    let Command::Move { path, .. } = &c else {
        panic!("the orc should move: {c:?}");
    };
    assert_eq!(path.last(), Some(&p(5, 0)), "{path:?}");
    ok(&g.send(c));
    assert_eq!(g.pos(1), Some(p(5, 0)));
}
