//! Rubble that walls heroes in (heroquest-2021.md, Traps: 2. Falling-Block Trap, "choose to move
//! ahead or move back", "the trap space is now a permanent block"; docs/rules-decisions.md row
//! 17). The hero is pushed to a side that still leads out when one does, and a hero walled in
//! for good no longer holds the quest open.

use hollowdeep::game::model::*;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, has, ok};

/// The top-left corner (0, 0) is a pocket here: (0, 1) below it is rubble, and a falling block
/// lies at (1, 0), its only way out. `extra` adds to the quest.
fn corner_pocket(heroes: &[&str], starts: &[(i32, i32)], monsters: &str, extra: &str) -> Game {
    let q = quest_with(
        heroes,
        starts,
        "",
        monsters,
        DEFEAT_ALL,
        &format!("blocked: [(0, 1)], traps: [(kind: FallingBlock, at: (1, 0))], {extra}"),
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 6);
    g
}

#[test]
fn a_falling_block_pushes_the_hero_back_when_ahead_is_a_dead_end() {
    // Ahead of the Barbarian lies the pocket, shut off by the rubble now falling; back lies the
    // corridor and the stairway. Pushing it ahead (the usual side) would wall it in for good.
    let mut g = corner_pocket(
        &["barbarian", "dwarf"],
        &[(3, 0), (5, 0)],
        "(kind: \"orc\", at: (24, 17))",
        "",
    );
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(2, 0), (1, 0), (0, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "trap_sprung"));
    assert!(g.snap().is_solid(p(1, 0)), "a permanent block");
    assert_eq!(g.pos(0), Some(p(2, 0)), "back, on the side that still leads out");
    assert!(g.snap().way_out_from(p(2, 0)) && !g.snap().way_out_from(p(0, 0)));
    assert!(!has(&evs, "walled_in"));
    assert_eq!(
        g.turn().phase,
        Phase::Hero(FigureId(1)),
        "the turn ends, the quest goes on"
    );
}

/// The Barbarian stands in the pocket and steps out onto the hidden falling block; the orc at
/// (2, 0) fills the square beyond, so the block can only push the Barbarian back in.
fn walled_in(extra: &str) -> (Game, Vec<GameEvent>) {
    let mut g = corner_pocket(&["barbarian"], &[(0, 0)], "(kind: \"orc\", at: (2, 0))", extra);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(1, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "trap_sprung"));
    assert_eq!(g.pos(0), Some(p(0, 0)), "pushed back into the pocket");
    (g, evs)
}

#[test]
fn heroes_walled_in_by_rubble_for_good_lose_the_quest() {
    let (g, evs) = walled_in("");
    assert!(evs.contains(&GameEvent::WalledIn { figure: FigureId(0) }), "{evs:?}");
    assert!(has(&evs, "quest_lost"), "{evs:?}");
    assert_eq!(g.turn().phase, Phase::Over(Outcome::Lost));
    let names = g.app.world().resource::<FigureNames>().clone();
    let told =
        hollowdeep::game::describe::describe(&GameEvent::WalledIn { figure: FigureId(0) }, &names).expect("told");
    assert!(told.contains("walled Barbarian in"), "{told}");
}

#[test]
fn a_ring_of_return_keeps_a_walled_in_hero_in_the_quest() {
    // The Ring of Return still carries its bearer to the stairway (rules-decisions row 31).
    let (mut g, evs) = walled_in("equipment: {\"barbarian\": (items: [\"ring_of_return\"])},");
    assert!(!has(&evs, "walled_in") && !has(&evs, "quest_lost"), "{evs:?}");
    assert!(!matches!(g.turn().phase, Phase::Over(_)));
    while g.turn().phase != Phase::Hero(FigureId(0)) {
        assert!(
            !matches!(g.turn().phase, Phase::Over(_)),
            "the orc cannot reach it either"
        );
        g.send(Command::EndTurn);
    }
    ok(&g.send(Command::UseArtifact {
        hero: FigureId(0),
        item: "ring_of_return".into(),
    }));
    assert!(g.snap().on_stairway(g.pos(0).expect("on the board")));
}
