//! Issue 35, items 8 and 9: the action-point and dice-pool modules at their edges. What a quest
//! event does to a lock already picked and to a portcullis whose lever is spent, a lever-opened
//! door closed by hand (docs/rules-decisions.md row 54); picking up a fallen hero's things costs
//! a point (row 53); the planners weigh the pool's odds, not 2021's (row 47).

use hollowdeep::ai::{HeroBot, Opponents, SorcererLevel, planner};
use hollowdeep::game::model::*;

use crate::action_points::{AP, door, north_west_room, ok, points_left, start, walk};
use crate::common::*;

/// An event that drops the door (2,0)-(2,1) behind the first hero to step onto (2, 0).
const SLAM: &str = "events: [(when: EntersSquare(at: (2, 0)), then: [LockDoor(at: (2, 0), to: (2, 1))])],";

/// A lock picked and then locked again by a quest event is a lock again: it may be picked anew
/// (only a plain door an event bars is the quest's seal).
#[test]
fn a_lock_an_event_locks_again_may_be_picked_again() {
    let mut done = false;
    for seed in 0..60 {
        let mut g = start(north_west_room("locked: true", (3, 2), &format!("{AP} {SLAM}")), seed);
        let d = door(&mut g);
        ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
        g.set_allowance(0, 9);
        let evs = g.send(Command::PickLock {
            hero: FigureId(0),
            door: d,
            points: 6,
        });
        ok(&evs);
        if !g.snap().door(d).unwrap().open {
            continue;
        }
        ok(&walk(&mut g, 0, &[(2, 0)]));
        let shut = *g.snap().door(d).unwrap();
        assert!(!shut.open && shut.locked && shut.kind == DoorKind::Lock, "{shut:?}");
        assert_eq!(points_left(&mut g, 0), 2);
        let evs = g.send(Command::PickLock {
            hero: FigureId(0),
            door: d,
            points: 1,
        });
        ok(&evs);
        assert!(evs.iter().any(|e| matches!(e, GameEvent::LockPicked { .. })));
        done = true;
        break;
    }
    assert!(done, "no seed opened the lock with 6 points");
}

/// A portcullis a quest event drops after its lever was pulled sets the lever back: pulled
/// again, it lifts the portcullis (no drop shuts a way for good by accident).
#[test]
fn a_portcullis_dropped_again_resets_its_lever() {
    let lever = "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],";
    let mut g = start(
        north_west_room("portcullis: true", (3, 2), &format!("{AP} {lever} {SLAM}")),
        1,
    );
    let d = door(&mut g);
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 6);
    let pull = Command::PullLever {
        hero: FigureId(0),
        lever: 0,
    };
    ok(&g.send(pull.clone()));
    assert!(g.snap().door(d).unwrap().open);
    ok(&walk(&mut g, 0, &[(2, 0)]));
    assert!(!g.snap().door(d).unwrap().open, "dropped behind the barbarian");
    assert!(g.snap().dungeon.levers_pulled.is_empty(), "the lever is set back");
    // The dwarf, beside the lever, lifts it again.
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    g.set_allowance(1, 4);
    ok(&g.send(Command::PullLever {
        hero: FigureId(1),
        lever: 0,
    }));
    assert!(g.snap().door(d).unwrap().open);
}

/// A plain door its lever opened is a plain door: it may be closed by hand and opened again
/// (a portcullis, which no hand moves, stays up: `a_portcullis_opens_only_by_its_lever_and_stays_up`).
#[test]
fn a_plain_door_a_lever_opened_closes_and_opens_by_hand() {
    let lever = "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],";
    let mut g = start(north_west_room("", (3, 2), &format!("{AP} {lever}")), 1);
    let d = door(&mut g);
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 6);
    ok(&g.send(Command::PullLever {
        hero: FigureId(0),
        lever: 0,
    }));
    assert!(g.snap().door(d).unwrap().open);
    ok(&g.send(Command::CloseDoor {
        hero: FigureId(0),
        door: d,
    }));
    assert!(!g.snap().door(d).unwrap().open);
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: d,
    }));
    assert!(g.snap().door(d).unwrap().open);
    assert_eq!(points_left(&mut g, 0), 3, "a point each: lever, close, open");
}

/// Row 53: picking up a fallen hero's things is a minor action and costs a point.
#[test]
fn picking_up_a_fallen_heros_things_costs_a_point() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(5, 0), (4, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), attack: 9, movement: 0), (kind: \"orc\", at: (24, 17))",
        "DefeatAll(return_to_stairway: false)",
        AP,
    );
    let (mut g, evs) = strike_the_weakened_hero(
        |seed| start(q.clone(), seed),
        2,
        |e| e.iter().any(|e| matches!(e, GameEvent::PossessionsDropped { .. })),
    );
    ok(&evs);
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    let pick = Command::PickUp { hero: FigureId(1) };
    let why = rejected(&g.send(pick.clone())).expect("refused before the roll");
    assert!(why.contains("roll"), "{why}");
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    g.set_allowance(1, 3);
    let evs = g.send(pick);
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::PossessionsPickedUp { .. })));
    assert_eq!(points_left(&mut g, 1), 2);
}

/// Row 47 and docs/ai.md: with the referee dice pool the normal and hard sorcerer weigh their
/// blows with the pool's exact odds. The chance to fell the hero the planner states must be the
/// pool's, which here differs from 2021's skulls and shields.
#[test]
fn the_planners_weigh_blows_with_the_pools_odds() {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), movement: 0)",
        "DefeatAll(return_to_stairway: false)",
        "modules: [\"referee-dice-pool\"],",
    );
    let fell = |t: &[f64]| (t.iter().skip(2).sum::<f64>() * 100.0).round() as u32;
    let pool = fell(hollowdeep::rules::pool::damage_probabilities(3, 2));
    let classic = fell(hollowdeep::rules::odds::damage_probabilities(
        3,
        2,
        hollowdeep::rules::combat::Side::Hero,
    ));
    assert_ne!(pool, classic, "the scene tells the two apart");
    for level in [SorcererLevel::Normal, SorcererLevel::Hard] {
        let mut g = Game::start(q.clone(), 1);
        g.app.insert_resource(Opponents {
            sorcerer: level,
            heroes_bot: HeroBot::Competent,
        });
        g.set_body(0, 2);
        g.end_hero_turns();
        let step = planner::plan(&g.snap(), &Default::default(), None, level).expect("a plan");
        assert!(
            step.reason.contains(&format!("{pool}% to fell")),
            "{level:?}: {} (pool {pool}%, 2021 {classic}%)",
            step.reason
        );
    }
}
