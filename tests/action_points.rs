//! The action-point module (`action-points`, shared/rules/action-point-movement.md; checklists
//! §1.3): the movement roll is the hero's action points for the turn; a square costs a point,
//! leaving a square a seen monster threatens costs one more, and the minor actions (a door, a
//! gift, looting a fallen hero) cost a point each. Commands go in through the message path a
//! player's input uses; the preview and the click judge are the window's own.

use hollowdeep::game::heroquest::hero_options;
use hollowdeep::game::model::*;
use hollowdeep::input::intent_for_click;

use crate::common::*;

pub(crate) const AP: &str = "modules: [\"action-points\"],";
const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";
const FAR_ORC: &str = "(kind: \"orc\", at: (24, 17))";

/// A game of `q` with its heroes already on their quest starts (as if they had come down the
/// stairway and walked there), for the rules other than coming on.
pub(crate) fn start(q: std::sync::Arc<hollowdeep::quest::Quest>, seed: u64) -> Game {
    let mut g = Game::start(q, seed);
    g.place_on_starts();
    g
}

/// `start`, then the barbarian rolls and has `points`.
fn rolled(q: std::sync::Arc<hollowdeep::quest::Quest>, seed: u64, points: u8) -> Game {
    let mut g = start(q, seed);
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, points);
    g
}

pub(crate) fn ok(evs: &[GameEvent]) {
    assert!(rejected(evs).is_none(), "refused: {:?}", rejected(evs));
}

pub(crate) fn walk(g: &mut Game, id: u32, steps: &[(i32, i32)]) -> Vec<GameEvent> {
    g.send(Command::Move {
        figure: FigureId(id),
        path: path(steps),
    })
}

/// `cmd`, a minor action of the barbarian's, is refused before the roll (which gives the points
/// it costs) in words that name it; then the barbarian rolls and has `points`.
fn refused_then_rolled(g: &mut Game, cmd: &Command, what: &str, points: u8) {
    let e = rejected(&g.send(cmd.clone())).expect("refused before the roll");
    assert!(e.contains("roll for movement first") && e.contains(what), "{e}");
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, points);
}

pub(crate) fn points_left(g: &mut Game, id: u32) -> u8 {
    g.turn().progress(FigureId(id)).steps_left()
}

/// A barbarian at (5,0) in the top corridor with an orc beside it at (6,0) that never moves;
/// `extra`: more top-level fields.
fn beside_the_orc(extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), movement: 0)",
        DEFEAT_ALL,
        extra,
    )
}

/// A barbarian at (5,0) in the top corridor with an orc beside it at (6,0), rolled, with
/// `points` action points.
fn threatened(points: u8) -> Game {
    let q = beside_the_orc(AP);
    let mut g = rolled(q, 1, points);
    assert!(g.snap().figure(FigureId(1)).expect("the orc").awake, "the orc is seen");
    g
}

#[test]
fn the_roll_is_the_points_a_square_costs_one_and_leaving_a_threatened_square_one_more() {
    // action-point-movement.md, Terrain ("Squares with no symbols on them costs 1 Action Point
    // to enter") and Threatened Squares ("it costs 1 Action Point to move out of your current
    // square"); checklists §1.3 #9, #10, and the reading that the points are the movement roll.
    let mut g = threatened(6);
    ok(&walk(&mut g, 0, &[(4, 0)]));
    assert_eq!(
        points_left(&mut g, 0),
        4,
        "1 for the square and 1 for leaving the orc's side"
    );
    ok(&walk(&mut g, 0, &[(3, 0), (2, 0)]));
    assert_eq!(points_left(&mut g, 0), 2, "a point a square once out of reach");
    // The roll itself: a fresh turn's points are the dice rolled.
    let mut g = threatened(6);
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    assert_eq!(
        g.turn().progress(FigureId(0)),
        Progress::default(),
        "points not spent are lost"
    );
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    let rolled: u8 = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::MovementRolled { dice, .. } => Some(dice.iter().sum()),
            _ => None,
        })
        .expect("a roll");
    assert_eq!(g.turn().progress(FigureId(0)).allowance, Some(rolled));
}

#[test]
fn a_way_dearer_than_the_points_left_is_refused_and_not_previewed() {
    // Two points: the step away from the orc costs both, and the square after it is out of
    // reach though it is only two squares away.
    let mut g = threatened(2);
    let opts = hero_options(&g.snap()).expect("the hero's turn");
    let reach: Vec<_> = opts.reachable.iter().map(|(q, _)| *q).collect();
    assert!(reach.contains(&p(4, 0)) && !reach.contains(&p(3, 0)), "{reach:?}");
    let e = rejected(&walk(&mut g, 0, &[(4, 0), (3, 0)])).expect("refused");
    assert_eq!(e, "Barbarian has only 2 action points left and that way costs 3");
    assert_eq!(g.pos(0), Some(p(5, 0)), "a refused move changes nothing");
    // The preview's number for each square is what the walk costs, and the click walks it.
    let mut g = threatened(5);
    let snap = g.snap();
    let opts = hero_options(&snap).expect("the hero's turn");
    let h = snap.figure(FigureId(0)).expect("hero");
    assert!(!opts.reachable.is_empty());
    for (q, cost) in &opts.reachable {
        let way = opts.field.as_ref().unwrap().path_to(*q).unwrap();
        assert_eq!(snap.path_cost(h, p(5, 0), &way), *cost, "to {q:?}");
        assert!(*cost <= 5);
    }
    assert!(
        opts.reachable.iter().any(|(q, c)| *q == p(2, 0) && *c == 4),
        "three squares west cost 4: {:?}",
        opts.reachable
    );
    let click = intent_for_click(&snap, p(2, 0)).expect("a walk");
    ok(&g.send(click));
    assert_eq!((g.pos(0), points_left(&mut g, 0)), (Some(p(2, 0)), 1));
}

#[test]
fn a_monster_behind_a_wall_threatens_nobody() {
    // checklists §1.3 #10: Range 1 is orthogonally adjacent with no wall or closed door between.
    // The barbarian at (3,1) in the north-west room has the orc at (3,0) beyond the room's
    // wall; the dwarf at (2,0) in the corridor has it beside him, and sees it.
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 1), (2, 0)],
        "(at: (2, 0), to: (2, 1), open: true)",
        "(kind: \"orc\", at: (3, 0), movement: 0)",
        DEFEAT_ALL,
        AP,
    );
    let mut g = start(q, 1);
    let snap = g.snap();
    assert!(snap.figure(FigureId(2)).expect("the orc").awake, "the orc is seen");
    assert!(!snap.edge_open(p(3, 0), p(3, 1)), "a wall between");
    assert!(!snap.threatened(p(3, 1)));
    assert!(snap.threatened(p(2, 0)));
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 3);
    ok(&walk(&mut g, 0, &[(3, 2)]));
    assert_eq!(
        points_left(&mut g, 0),
        2,
        "a point: the wall keeps the orc out of range"
    );
}

/// The barbarian at (2,1) and the dwarf at (3,2) in the north-west room, its door to the
/// corridor at (2,0)-(2,1) closed.
fn room(extra: &str) -> Game {
    start(north_west_room("", (3, 2), &format!("{AP} {extra}")), 1)
}

/// The barbarian at (2,1) in the north-west room and the dwarf at `dwarf`, the room's door to
/// the corridor at (2,0)-(2,1) closed and written with `door` (its RON fields); `extra`: more
/// top-level fields.
pub(crate) fn north_west_room(door: &str, dwarf: (i32, i32), extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), dwarf],
        &format!("(at: (2, 0), to: (2, 1), {door})"),
        FAR_ORC,
        DEFEAT_ALL,
        extra,
    )
}

/// Why the barbarian may not open door `d` by hand.
fn refused_to_open(g: &mut Game, d: u32) -> String {
    rejected(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: d,
    }))
    .expect("the door does not open by hand")
}

pub(crate) fn door(g: &mut Game) -> u32 {
    g.snap().doors[0].id
}

#[test]
fn a_door_costs_a_point_and_the_move_goes_on_after_it() {
    // action-point-movement.md, Minor Action ("During your move action you can spend Action
    // Points to perform minor actions. You may move before or after these actions"), Open or
    // Close a Door; checklists §1.3 #11, #12: one point each.
    let mut g = room("");
    let d = door(&mut g);
    let open = Command::OpenDoor {
        hero: FigureId(0),
        door: d,
    };
    let e = rejected(&g.send(open.clone())).expect("refused before the roll");
    assert!(e.contains("must roll for movement first"), "{e}");
    // The click on the far side of the door rolls first, as the player means it.
    let snap = g.snap();
    assert_eq!(
        intent_for_click(&snap, p(2, 0)),
        Some(Command::RollMovement { hero: FigureId(0) })
    );
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 3);
    ok(&g.send(open.clone()));
    assert_eq!(points_left(&mut g, 0), 2);
    ok(&walk(&mut g, 0, &[(2, 0)]));
    assert_eq!(points_left(&mut g, 0), 1);
    ok(&g.send(Command::CloseDoor {
        hero: FigureId(0),
        door: d,
    }));
    assert_eq!(points_left(&mut g, 0), 0);
    let e = rejected(&g.send(open)).expect("no point left");
    assert_eq!(e, "Barbarian has no action point left to open a door");
}

#[test]
fn without_the_module_a_door_is_free() {
    // heroquest-2021.md: opening a door costs nothing; the module changes only games played
    // with it.
    let mut g = start(north_west_room("", (3, 2), ""), 1);
    let d = door(&mut g);
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: d,
    }));
    assert_eq!(g.turn().progress(FigureId(0)), Progress::default());
}

#[test]
fn a_gift_costs_a_point() {
    // action-point-movement.md, Give a Treasure to Another Hero; checklists §1.3 #14.
    let mut g = room("equipment: {\"barbarian\": (potions: [\"healing\"])},");
    // The dwarf steps beside the barbarian first: (3,2) is diagonal to (2,1).
    g.send(Command::EndTurn);
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    g.set_allowance(1, 1);
    ok(&walk(&mut g, 1, &[(3, 1)]));
    g.send(Command::EndTurn);
    g.end_hero_turns();
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    let give = Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "healing".into(),
    };
    refused_then_rolled(&mut g, &give, "hand something over", 2);
    ok(&g.send(give));
    assert_eq!(points_left(&mut g, 0), 1);
    let snap = g.snap();
    assert_eq!(snap.figure(FigureId(1)).unwrap().inventory.potions, ["healing"]);
}

/// The north-west room's door to the corridor, (2,0)-(2,1), as `door` (a RON snippet's fields),
/// the barbarian at (2,1) inside and the dwarf at `dwarf`.
fn locked_room(door: &str, dwarf: (i32, i32), extra: &str, seed: u64) -> Game {
    start(north_west_room(door, dwarf, &format!("{AP} {extra}")), seed)
}

#[test]
fn a_lock_opens_when_the_points_beat_two_response_cards() {
    // action-point-movement.md, Pick a Lock ("If the number of Action Points you spent in the
    // Pick Lock attempt, is higher than the sum of the two Response cards, you have succeeded"),
    // Locked Doors ("When you unlock a door, you immediately open it"); checklists §1.3 #16, #17,
    // #20 to #23.
    let (mut opened, mut held) = (0, 0);
    for seed in 0..30 {
        let mut g = locked_room("locked: true", (3, 2), "", seed);
        let d = door(&mut g);
        assert!(refused_to_open(&mut g, d).contains("pick its lock"));
        ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
        g.set_allowance(0, 9);
        // The action bar offers one attempt per number of points, with the exact chance.
        let snap = g.snap();
        let (choices, _) = hollowdeep::game::heroquest::hero_choices(&snap, snap.figure(FigureId(0)).unwrap());
        let picks: Vec<&String> = choices
            .0
            .iter()
            .filter(|(l, _)| l.starts_with("Pick the lock"))
            .map(|(l, _)| l)
            .collect();
        assert_eq!(picks.len(), 9, "{picks:?}");
        assert_eq!(
            picks[6],
            &format!(
                "Pick the lock: 7 points ({:.0}% to open)",
                100.0 * hollowdeep::rules::response::pick_chance(7)
            )
        );
        let evs = g.send(Command::PickLock {
            hero: FigureId(0),
            door: d,
            points: 7,
        });
        ok(&evs);
        let (cards, did) = evs
            .iter()
            .find_map(|e| match e {
                GameEvent::LockPicked {
                    cards,
                    opened,
                    help,
                    points,
                    ..
                } => {
                    assert_eq!((*points, *help), (7, 0));
                    Some((cards.clone(), *opened))
                }
                _ => None,
            })
            .expect("an attempt");
        assert_eq!(cards.len(), 2);
        assert_eq!(did, 7 > cards.iter().map(|c| u32::from(*c)).sum::<u32>());
        assert_eq!(points_left(&mut g, 0), 2, "the points are spent, opened or not");
        let snap = g.snap();
        let dd = snap.door(d).unwrap();
        assert_eq!((dd.open, dd.locked), (did, !did));
        if did {
            opened += 1;
            // It stays unlocked: closed again, it opens as a plain door (for a point).
            ok(&g.send(Command::CloseDoor {
                hero: FigureId(0),
                door: d,
            }));
            ok(&g.send(Command::OpenDoor {
                hero: FigureId(0),
                door: d,
            }));
        } else {
            held += 1;
            // The attempt may be repeated with the points left.
            ok(&g.send(Command::PickLock {
                hero: FigureId(0),
                door: d,
                points: 2,
            }));
            assert_eq!(points_left(&mut g, 0), 0);
        }
        let e = rejected(&g.send(Command::PickLock {
            hero: FigureId(0),
            door: d,
            points: 1,
        }))
        .expect("no points");
        assert!(
            e.contains("no action point") || e.contains("only 0 action points") || e.contains("already open"),
            "{e}"
        );
    }
    assert!(opened > 5 && held > 5, "opened {opened}, held {held}");
}

#[test]
fn a_hero_beside_the_door_helps_pick_its_lock() {
    // checklists §1.3 #19: +1 for every other living hero in Range 1 of the object.
    let mut g = locked_room("locked: true", (2, 0), "", 1);
    let d = door(&mut g);
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 4);
    let evs = g.send(Command::PickLock {
        hero: FigureId(0),
        door: d,
        points: 4,
    });
    ok(&evs);
    let (help, opened, cards) = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::LockPicked {
                help, opened, cards, ..
            } => Some((*help, *opened, cards.clone())),
            _ => None,
        })
        .expect("an attempt");
    assert_eq!(help, 1);
    assert_eq!(opened, 5 > cards.iter().map(|c| u32::from(*c)).sum::<u32>());
}

#[test]
fn a_portcullis_opens_only_by_its_lever_and_stays_up() {
    // action-point-movement.md, Portcullises ("can only be opened by a lever"), Pull a Lever in
    // Range 1; checklists §1.3 #13, #25. The lever stands at (3,1), beside the barbarian.
    let mut g = locked_room(
        "portcullis: true",
        (3, 2),
        "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],",
        1,
    );
    let d = door(&mut g);
    assert!(refused_to_open(&mut g, d).contains("its lever opens it"));
    let e = rejected(&g.send(Command::PickLock {
        hero: FigureId(0),
        door: d,
        points: 1,
    }))
    .expect("no lock");
    assert!(e.contains("no lock"), "{e}");
    let pull = Command::PullLever {
        hero: FigureId(0),
        lever: 0,
    };
    refused_then_rolled(&mut g, &pull, "pull a lever", 3);
    let evs = g.send(pull.clone());
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::LeverPulled { door, .. } if *door == d))
    );
    assert_eq!(points_left(&mut g, 0), 2);
    let snap = g.snap();
    assert!(snap.door(d).unwrap().open && !snap.door(d).unwrap().locked);
    assert!(rejected(&g.send(pull)).expect("once").contains("already been pulled"));
    assert!(
        rejected(&g.send(Command::CloseDoor {
            hero: FigureId(0),
            door: d
        }))
        .expect("stays up")
        .contains("stays up")
    );
}

/// The problems the loader finds in a quest written as `text` (as "t.ron").
fn refused(text: String) -> String {
    hollowdeep::quest::parse("t", "t.ron", text.as_bytes(), None)
        .unwrap_err()
        .to_string()
}

#[test]
fn locks_levers_and_portcullises_are_checked_where_they_are_written() {
    // Quest format (docs/quest-format.md): each needs the module, and names it.
    let base = |doors: &str, extra: &str, modules: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(2, 1)],\n stairway: (12, 2, 2, 2), objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",\n monsters: [(kind: \"orc\", at: (24, 17))],\n doors: [{doors}],\n {extra}{modules})"
        )
    };
    let err = refused;
    let e = err(base("(at: (2, 0), to: (2, 1), locked: true)", "", ""));
    assert!(
        e.contains("t.ron:4:")
            && e.contains("a locked door needs the action-point module")
            && e.contains("\"action-points\""),
        "{e}"
    );
    let m = "modules: [\"action-points\"]";
    let e = err(base("(at: (2, 0), to: (2, 1), locked: true, portcullis: true)", "", m));
    assert!(e.contains("t.ron:4:") && e.contains("not both"), "{e}");
    let e = err(base("(at: (2, 0), to: (2, 1), portcullis: true, open: true)", "", m));
    assert!(e.contains("starts closed"), "{e}");
    let e = err(base(
        "(at: (2, 0), to: (2, 1), portcullis: true)",
        "levers: [(at: (3, 1), opens: ((5, 0), (5, 1)))],\n ",
        m,
    ));
    assert!(
        e.contains("t.ron:5:") && e.contains("(5,0)-(5,1), which is not one of the quest's doors"),
        "{e}"
    );
    let e = err(base(
        "(at: (2, 0), to: (2, 1))",
        "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],\n ",
        "",
    ));
    assert!(
        e.contains("t.ron:5:") && e.contains("a lever needs the action-point module"),
        "{e}"
    );
    hollowdeep::quest::parse_with(
        "t",
        "t.ron",
        base(
            "(at: (2, 0), to: (2, 1), portcullis: true)",
            "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],\n ",
            m,
        )
        .as_bytes(),
        None,
        hollowdeep::quest::Winnable::NotChecked,
    )
    .expect("a portcullis with its lever, under the module");
}

#[test]
fn the_sorcerer_knows_a_hero_beside_its_monster_pays_to_get_away() {
    // Issue 21, item 8: the planner's picture of the heroes' reach counts action points, so a
    // hero its orc stands beside is a point further from everywhere; without the module, squares.
    use hollowdeep::ai::perception::Perception;
    let with = threatened(6);
    let q = beside_the_orc("");
    let without = start(q, 1);
    let mut games = [with, without];
    let [a, b] = games.each_mut().map(|g| Perception::new(&g.snap()));
    let at = |per: &Perception, x: i32| per.heroes[0].dist[per.grid.index(p(x, 0))];
    assert_eq!((at(&b, 4), at(&b, 2)), (1, 3), "squares without the module");
    assert_eq!((at(&a, 4), at(&a, 2)), (2, 4), "a point more to leave the orc's side");
}

/// The barbarian at (5,0) in the top corridor, rolled with `points`; terrain at (7,0) as
/// `terrain` (a RON entry) and `monsters` where the quest puts them.
fn ground(terrain: &str, monsters: &str, extra: &str, points: u8, seed: u64) -> Game {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        monsters,
        DEFEAT_ALL,
        &format!("{AP} terrain: [{terrain}], {extra}"),
    );
    rolled(q, seed, points)
}

#[test]
fn a_square_of_special_terrain_costs_what_the_quest_says() {
    // action-point-movement.md, Terrain; checklists §1.3 #9: plain squares cost 1, a quest's
    // terrain its own cost; the preview counts it.
    let mut g = ground("(at: (7, 0), cost: 3, name: \"Rubble\")", FAR_ORC, "", 6, 1);
    let snap = g.snap();
    let opts = hero_options(&snap).expect("the hero's turn");
    assert!(opts.reachable.contains(&(p(7, 0), 4)), "{:?}", opts.reachable);
    ok(&walk(&mut g, 0, &[(6, 0), (7, 0)]));
    assert_eq!(points_left(&mut g, 0), 2);
    let e = rejected(&walk(&mut g, 0, &[(8, 0), (9, 0), (10, 0)])).expect("too dear");
    assert!(e.contains("only 2 action points"), "{e}");
}

/// The barbarian walks onto the terrain at (7,0), an orc standing beside it at (8,0); the game
/// and the walk's events.
fn cross_beside_the_orc(terrain: &str, seed: u64) -> (Game, Vec<GameEvent>) {
    let mut g = ground(terrain, "(kind: \"orc\", at: (8, 0), movement: 0)", "", 6, seed);
    let evs = walk(&mut g, 0, &[(6, 0), (7, 0)]);
    ok(&evs);
    (g, evs)
}

#[test]
fn a_dangerous_square_draws_a_card_for_each_monster_beside_it_and_an_eye_springs_its_failure() {
    // action-point-movement.md, Dangerous Event ("draw one Response Card for each enemy in range
    // 1 of that square. If any of those card have the Eye symbol, then you suffer the square's
    // failure event"); checklists §1.3 #27, #28. An orc stands beside the square at (8,0).
    let (mut failed, mut crossed) = (0, 0);
    for seed in 0..60 {
        let (_, evs) = cross_beside_the_orc(
            "(at: (7, 0), dangerous: true, failure: Wound(2), name: \"Crumbling ledge\")",
            seed,
        );
        let drawn: Vec<_> = evs
            .iter()
            .filter_map(|e| match e {
                GameEvent::DangerDrawn { cards, failed, .. } => Some((cards.len(), *failed)),
                _ => None,
            })
            .collect();
        assert_eq!(drawn.len(), 1, "{evs:?}");
        assert_eq!(drawn[0].0, 1, "one card: one monster beside the square");
        let wound = evs
            .iter()
            .any(|e| matches!(e, GameEvent::Wounded { amount: 2, cause, .. } if cause == "the Crumbling ledge"));
        assert_eq!(wound, drawn[0].1, "the failure comes with an Eye and only then");
        if drawn[0].1 {
            failed += 1;
        } else {
            crossed += 1;
        }
    }
    // Two of the twelve cards bear an Eye.
    assert!(failed > 3 && crossed > failed, "failed {failed}, crossed {crossed}");
}

#[test]
fn end_move_stops_the_hero_on_the_square() {
    // checklists §1.3 #27: EndMove. With the orc beside the square an Eye comes 2 times in 12:
    // over seeds some moves end on the square (the move is over), the others may go on.
    let (mut stopped, mut went_on) = (0, 0);
    for seed in 0..60 {
        let (g, evs) = cross_beside_the_orc("(at: (7, 0), dangerous: true, failure: EndMove)", seed);
        let failed = evs
            .iter()
            .any(|e| matches!(e, GameEvent::DangerDrawn { failed: true, .. }));
        if failed {
            stopped += 1;
            assert_eq!(g.turn().progress(FigureId(0)).moving, MoveState::Done);
        } else {
            went_on += 1;
            assert_ne!(g.turn().progress(FigureId(0)).moving, MoveState::Done);
        }
    }
    assert!(stopped > 3 && went_on > 3, "stopped {stopped}, went on {went_on}");
}

#[test]
fn a_monster_walking_onto_dangerous_ground_by_choice_draws_nothing() {
    // checklists §1.3 #30: "enemies never suffer failure event when they move intentionally".
    let mut g = ground(
        "(at: (7, 0), dangerous: true, failure: Wound(5))",
        "(kind: \"orc\", at: (9, 0))",
        "",
        0,
        1,
    );
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    let evs = walk(&mut g, 1, &[(8, 0), (7, 0)]);
    ok(&evs);
    assert!(
        !evs.iter().any(|e| matches!(e, GameEvent::DangerDrawn { .. })),
        "{evs:?}"
    );
}

#[test]
fn a_hero_pushed_onto_special_terrain_always_suffers_its_failure() {
    // action-point-movement.md, Pushed Event; checklists §1.3 #31, #32: the falling block's shove
    // (rules-decisions #17) puts the hero on (7,0) ahead, which fails with no card drawn.
    let mut g = ground(
        "(at: (7, 0), failure: Wound(1), name: \"Spiked floor\")",
        FAR_ORC,
        "traps: [(kind: FallingBlock, at: (6, 0))],",
        6,
        1,
    );
    let evs = walk(&mut g, 0, &[(6, 0), (7, 0), (8, 0)]);
    ok(&evs);
    assert_eq!(g.pos(0), Some(p(7, 0)), "{evs:?}");
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::DangerDrawn { cards, failed: true, .. } if cards.is_empty()))
    );
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::Wounded { amount: 1, cause, .. } if cause == "the Spiked floor"))
    );
}

#[test]
fn terrain_is_checked_where_it_is_written() {
    let text = |terrain: &str, modules: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(5, 0)],\n stairway: (12, 2, 2, 2), objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",\n monsters: [(kind: \"orc\", at: (24, 17))],\n terrain: [{terrain}],\n {modules})"
        )
    };
    let err = refused;
    let e = err(text("(at: (7, 0), cost: 2)", ""));
    assert!(
        e.contains("t.ron:4:") && e.contains("special terrain needs the action-point module"),
        "{e}"
    );
    let m = "modules: [\"action-points\"]";
    let e = err(text("(at: (7, 0), cost: 0)", m));
    assert!(
        e.contains("t.ron:4:") && e.contains("1 to 6 action points, not 0"),
        "{e}"
    );
    let e = err(text("(at: (7, 0), dangerous: true)", m));
    assert!(e.contains("needs a failure"), "{e}");
    let e = err(text("(at: (7, 0)), (at: (7, 0))", m));
    assert!(e.contains("listed twice"), "{e}");
    let e = err(text("(at: (12, 2), cost: 2)", m));
    assert!(e.contains("t.ron:4:") && e.contains("on the stairway"), "{e}");
}

#[test]
fn ground_that_gives_way_is_a_pit() {
    // checklists §1.3 #27: a failure may be the HeroQuest pit (rules-decisions #17): the fall
    // wounds without defence, the move and the turn end, and the square stays an open pit, fought
    // from with a die fewer.
    let terrain = "(at: (7, 0), dangerous: true, failure: Pit, name: \"Rotten floor\")";
    let mut fell = 0;
    for seed in 0..100 {
        let (mut g, evs) = cross_beside_the_orc(terrain, seed);
        let failed = evs
            .iter()
            .any(|e| matches!(e, GameEvent::DangerDrawn { failed: true, .. }));
        let snap = g.snap();
        if !failed {
            assert!(!snap.in_pit(p(7, 0)), "{evs:?}");
            continue;
        }
        fell += 1;
        assert!(
            evs.iter()
                .any(|e| matches!(e, GameEvent::TrapSprung { at, .. } if *at == p(7, 0))),
            "{evs:?}"
        );
        assert!(
            evs.iter().any(|e| matches!(
                e,
                GameEvent::Wounded {
                    figure: FigureId(0),
                    amount: 1,
                    ..
                }
            )),
            "{evs:?}"
        );
        assert_eq!(g.pos(0), Some(p(7, 0)));
        assert!(snap.in_pit(p(7, 0)));
        assert_ne!(g.turn().phase, Phase::Hero(FigureId(0)), "the turn ends");
        let (h, orc) = (snap.figure(FigureId(0)).unwrap(), snap.figure(FigureId(1)).unwrap());
        assert_eq!(
            snap.attack_dice(h, orc, None),
            2,
            "the Barbarian's 3 dice, one fewer in the pit"
        );
    }
    // One card, two Eyes in twelve: a sixth of the crossings.
    assert!(fell > 6, "only {fell} falls in 100 crossings");
}

#[test]
fn keyboard_and_gamepad_players_pick_locks_and_pull_levers_from_their_menu() {
    // Issue 21, item 7: the keyboard-only and gamepad action menu lists the same choices as the
    // mouse player's bar: each lock attempt with its chance, and the lever.
    let mut g = locked_room(
        "locked: true",
        (3, 2),
        "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],",
        1,
    );
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 3);
    let lines = hollowdeep::input::seats::menu_lines(&g.snap());
    let labels: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    for n in 1..=3u8 {
        let want = Command::PickLock {
            hero: FigureId(0),
            door: 0,
            points: n,
        };
        assert!(
            lines.iter().any(|(l, c)| *c == want && l.contains("% to open")),
            "{labels:?}"
        );
    }
    let pull = lines
        .iter()
        .find(|(l, _)| l == "Pull the lever")
        .expect("the lever")
        .1
        .clone();
    ok(&g.send(pull));
    assert_eq!(points_left(&mut g, 0), 2);
}

#[test]
fn ground_that_ends_the_move_under_an_ally_ends_it_on_the_next_free_square() {
    // checklists §1.3 #27 (EndMove) with rules-decisions #7 (heroes pass through each other but
    // never share a square): the barbarian walks through the dwarf, who stands on sucking mud
    // at (2,2) beside an orc; on an Eye the move ends on (3,2), the first square it may stop on.
    let mut stopped = 0;
    for seed in 0..60 {
        let q = quest_with(
            &["barbarian", "dwarf"],
            &[(1, 1), (2, 2)],
            "(at: (2, 0), to: (2, 1), open: true)",
            "(kind: \"orc\", at: (2, 3), movement: 0)",
            DEFEAT_ALL,
            &format!("{AP} terrain: [(at: (2, 2), dangerous: true, failure: EndMove, name: \"Sucking mud\")],"),
        );
        let mut g = start(q, seed);
        ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
        g.set_allowance(0, 8);
        let evs = walk(&mut g, 0, &[(1, 2), (2, 2), (3, 2), (4, 2)]);
        ok(&evs);
        assert_ne!(g.pos(0), g.pos(1), "two heroes on one square: {evs:?}");
        if evs
            .iter()
            .any(|e| matches!(e, GameEvent::DangerDrawn { failed: true, .. }))
        {
            stopped += 1;
            assert_eq!(g.pos(0), Some(p(3, 2)), "{evs:?}");
            assert_eq!(g.turn().progress(FigureId(0)).moving, MoveState::Done);
        } else {
            assert_eq!(g.pos(0), Some(p(4, 2)));
        }
    }
    assert!(stopped > 3, "only {stopped} Eyes in 60 crossings");
}

/// Two heroes of an action-point quest, off the board as it opens, with `objective`.
fn off_the_board(objective: &str, monsters: &str) -> Game {
    off_the_board_with(objective, monsters, "")
}

/// `off_the_board`, with more top-level fields (`extra`, a RON snippet ending in a comma).
fn off_the_board_with(objective: &str, monsters: &str, extra: &str) -> Game {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), (3, 2)],
        "",
        monsters,
        objective,
        &format!("{AP} {extra}"),
    );
    Game::start(q, 1)
}

#[test]
fn heroes_start_off_the_board_and_come_on_at_the_stairway_with_their_first_point() {
    // action-point-movement.md, Entering and Exiting the Map ("Heroes start the game off the
    // map ... the first Action Point it spends places it on the entrance square"); checklists
    // §1.3 #1–#4: the quest's starts are ignored, the stairway's room is revealed, an off-board
    // hero may only come on or end its turn.
    let mut g = off_the_board(DEFEAT_ALL, FAR_ORC);
    let snap = g.snap();
    assert!(snap.heroes().all(|h| h.off_map() && h.pos.is_none()));
    assert!(snap.quest.stairway.squares().all(|q| snap.fog.is_revealed(q)));
    // What they see from the stairway is what heroes standing on it see without the module.
    let q = quest(
        &["barbarian", "dwarf", "elf", "wizard"],
        &[(12, 2), (13, 2), (12, 3), (13, 3)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
    );
    let on_the_stairs = Game::start(q, 1).snap().fog.revealed.clone();
    assert_eq!(snap.fog.revealed, on_the_stairs);
    for cmd in [
        Command::SearchTreasure { hero: FigureId(0) },
        Command::SearchTraps { hero: FigureId(0) },
        Command::DrinkPotion {
            hero: FigureId(0),
            potion: "healing".into(),
        },
    ] {
        let e = rejected(&g.send(cmd)).expect("nothing but coming on");
        assert!(e.contains("off the board") && e.contains("stairway"), "{e}");
    }
    // A click rolls first (the points), as it does on the board.
    let before = intent_for_click(&g.snap(), p(12, 1));
    assert_eq!(before, Some(Command::RollMovement { hero: FigureId(0) }));
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 5);
    // The preview: each free stairway square for 1 point, the squares beyond for more.
    let snap = g.snap();
    let opts = hero_options(&snap).expect("the hero's moves");
    for q in snap.quest.stairway.squares() {
        assert!(
            opts.reachable.contains(&(q, 1)),
            "{q} for one point: {:?}",
            opts.reachable
        );
    }
    let (far, cost) = *opts
        .reachable
        .iter()
        .find(|(_, d)| *d == 3)
        .expect("a square three points away");
    // A way on that does not start on the stairway is refused, and nothing changes.
    let e = rejected(&walk(&mut g, 0, &[(11, 1), (12, 1)])).expect("not an entrance");
    assert!(e.contains("stairway"), "{e}");
    assert!(g.snap().figure(FigureId(0)).unwrap().off_map());
    // The click's way: onto the stairway, then on.
    let Some(Command::Move { path, .. }) = intent_for_click(&g.snap(), far) else {
        panic!("a click on {far} walks there")
    };
    assert!(g.snap().on_stairway(path[0]), "{path:?}");
    assert_eq!(path.len(), cost as usize);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path.clone(),
    });
    ok(&evs);
    assert_eq!(
        evs.iter().find(|e| matches!(e, GameEvent::HeroEntered { .. })),
        Some(&GameEvent::HeroEntered {
            figure: FigureId(0),
            at: path[0]
        })
    );
    assert_eq!(g.pos(0), Some(far));
    assert_eq!(points_left(&mut g, 0), 2, "1 to come on and 1 a square after it");
    // The dwarf, still off the board, takes its turn like any hero, and the quest goes on.
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    assert!(g.snap().figure(FigureId(1)).unwrap().off_map());
    let line = hollowdeep::game::describe::describe(
        &GameEvent::HeroEntered {
            figure: FigureId(0),
            at: path[0],
        },
        &g.app.world().resource::<FigureNames>().clone(),
    );
    assert_eq!(
        line.as_deref(),
        Some("Barbarian comes down the stairway onto the board.")
    );
}

#[test]
fn heroes_off_the_board_keep_their_turns_and_nothing_can_touch_them() {
    // checklists §1.3 #3–#4: an off-board hero cannot be targeted; it still takes its turns, and
    // a quest whose heroes are all off the board is not lost. A monster on the stairway closes
    // its square to heroes coming on.
    let mut g = off_the_board(DEFEAT_ALL, "(kind: \"orc\", at: (11, 2), movement: 0)");
    // The orc has come up onto the stairway (a quest may not put it there).
    g.place(2, p(12, 2));
    for _ in 0..3 {
        g.end_hero_turns();
        let snap = g.snap();
        let legal = hollowdeep::game::heroquest::legal_commands(&snap);
        assert!(
            !legal
                .iter()
                .any(|c| matches!(c, Command::Attack { .. } | Command::CastSpell { .. })),
            "{legal:?}"
        );
        g.send(Command::EndTurn);
        assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)), "the quest goes on");
    }
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    let snap = g.snap();
    let h = snap.figure(FigureId(0)).unwrap();
    assert!(!snap.entrance(h).contains(&p(12, 2)), "the orc holds (12,2)");
    assert_eq!(snap.entrance(h).len(), 3);
    let e = rejected(&walk(&mut g, 0, &[(12, 2)])).expect("the orc's square");
    assert!(e.contains("stairway"), "{e}");
}

#[test]
fn a_way_out_takes_a_hero_off_at_once_and_for_good() {
    // action-point-movement.md, Entering and Exiting the Map ("If a figure enters the exit
    // square, it is immediately removed from the map ... may never re-enter"); checklists §1.3
    // #5–#7: once the goal is met the stairway is the exit, and the rest of the way is not walked.
    let mut g = off_the_board("Reach(at: (12, 1), return_to_stairway: true)", FAR_ORC);
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 8);
    // Come on and stand on the square that meets the goal.
    ok(&walk(&mut g, 0, &[(12, 2), (12, 1)]));
    assert!(g.turn().objective_done);
    // Back through the stairway and beyond: off at the stairway, at once.
    let evs = walk(&mut g, 0, &[(12, 2), (13, 2), (13, 3)]);
    ok(&evs);
    assert!(evs.contains(&GameEvent::HeroEscaped { figure: FigureId(0) }), "{evs:?}");
    assert!(
        !evs.iter()
            .any(|e| matches!(e, GameEvent::HeroMoved { to, .. } if *to == p(13, 2))),
        "{evs:?}"
    );
    let snap = g.snap();
    let h = snap.figure(FigureId(0)).unwrap();
    assert!(h.escaped && !h.off_map() && h.pos.is_none());
    // The dwarf never came on and is as good as out: the goal is met and nobody is left below.
    assert_eq!(g.turn().phase, Phase::Over(Outcome::Won));
}

#[test]
fn a_hero_gone_by_a_way_out_never_comes_back() {
    // checklists §1.3 #5 and #7: an escape's ways out take a hero off the moment it steps on
    // one; it takes no more turns and cannot come on again.
    let mut g = off_the_board("Escape(exits: [(12, 0)])", FAR_ORC);
    // The dwarf has come on already and waits below, so the quest goes on.
    g.place(1, p(3, 2));
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    g.set_allowance(0, 8);
    let evs = walk(&mut g, 0, &[(12, 2), (12, 1), (12, 0), (13, 0)]);
    ok(&evs);
    assert!(evs.contains(&GameEvent::HeroGotOut { figure: FigureId(0) }), "{evs:?}");
    assert_eq!(g.pos(0), None);
    // The dwarf's turn, then the sorcerer's, then the dwarf's again: never the barbarian's.
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    g.end_hero_turns();
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    let e = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: vec![p(12, 2)],
    }))
    .expect("gone for good");
    assert!(e.contains("not on the board") || e.contains("turn"), "{e}");
}

#[test]
fn the_ring_of_return_brings_a_hero_on_at_the_stairway() {
    // checklists §1.3 #8 ("A hero with a teleport may use it to come onto the map"; the Ring of
    // Return's destination is the stairway) and #26 (teleporting counts as movement, not as a
    // point spent).
    let mut g = off_the_board_with(
        DEFEAT_ALL,
        FAR_ORC,
        "equipment: {\"barbarian\": (items: [\"ring_of_return\"])},",
    );
    let ring = Command::UseArtifact {
        hero: FigureId(0),
        item: "ring_of_return".into(),
    };
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&ring));
    let evs = g.send(ring.clone());
    ok(&evs);
    let at = g.pos(0).expect("on the board");
    assert!(g.snap().on_stairway(at));
    assert!(
        evs.contains(&GameEvent::HeroEntered {
            figure: FigureId(0),
            at
        }),
        "{evs:?}"
    );
    assert_eq!(
        g.turn().progress(FigureId(0)).allowance,
        None,
        "no point spent: the roll is still to come"
    );
    assert!(rejected(&g.send(ring)).is_some(), "once a quest");
}

/// The barbarian at (2,1) in the north-west room beside a locked chest at (3,1), the dwarf at
/// `dwarf`; rolled, with `points`.
fn chest_room(dwarf: (i32, i32), points: u8, seed: u64) -> Game {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), dwarf],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!("{AP} furniture: [(kind: \"chest\", at: (3, 1), locked: true)],"),
    );
    rolled(q, seed, points)
}

#[test]
fn a_locked_chest_is_picked_like_a_lock_and_gives_a_treasure_card() {
    // action-point-movement.md, Pick a Lock and Treasure Chest ("When a chest is unlocked, draw
    // a treasure card"); checklists §1.3 #16, #17, #19–#22: the points are spent at once, the
    // help of a hero beside it counts, attempts may be repeated, an opened chest gives a card.
    let (mut opened, mut held) = (0, 0);
    for seed in 0..40 {
        let mut g = chest_room((4, 2), 8, seed);
        // The menu lists every number of points with its chance; the dwarf at (4,2) is not
        // beside (3,1), so no help.
        let lines = hollowdeep::input::seats::menu_lines(&g.snap());
        let tries: Vec<&String> = lines
            .iter()
            .filter(|(_, c)| matches!(c, Command::PickChest { .. }))
            .map(|(l, _)| l)
            .collect();
        assert_eq!(tries.len(), 8, "{lines:?}");
        assert!(
            tries.iter().all(|l| l.contains("% to open") && !l.contains("help")),
            "{tries:?}"
        );
        let pick = |points| Command::PickChest {
            hero: FigureId(0),
            chest: 0,
            points,
        };
        let evs = g.send(pick(4));
        ok(&evs);
        let Some(GameEvent::ChestPicked {
            opened: o, cards, help, ..
        }) = evs.iter().find(|e| matches!(e, GameEvent::ChestPicked { .. })).cloned()
        else {
            panic!("{evs:?}")
        };
        assert_eq!(help, 0);
        assert_eq!(o, 4 > cards.iter().map(|c| *c as u32).sum::<u32>() as u8, "{cards:?}");
        assert_eq!(points_left(&mut g, 0), 4, "all four points spent, open or not");
        let drew = evs.iter().any(|e| matches!(e, GameEvent::TreasureDrawn { .. }));
        assert_eq!(drew, o, "a card when it opens, none when it holds: {evs:?}");
        if o {
            opened += 1;
            let e = rejected(&g.send(pick(1))).expect("open already");
            assert!(e.contains("already open"), "{e}");
            assert!(
                !hollowdeep::game::heroquest::legal_commands(&g.snap())
                    .iter()
                    .any(|c| matches!(c, Command::PickChest { .. }))
            );
        } else {
            held += 1;
            // Tried again, with what is left.
            if !matches!(g.turn().phase, Phase::Hero(_)) {
                continue;
            }
            ok(&g.send(pick(4)));
        }
    }
    assert!(opened > 3 && held > 3, "{opened} opened, {held} held");
    // A hero beside the chest helps; one too far from it is refused.
    let mut g = chest_room((3, 2), 3, 1);
    let evs = g.send(Command::PickChest {
        hero: FigureId(0),
        chest: 0,
        points: 3,
    });
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::ChestPicked { help: 1, .. })),
        "{evs:?}"
    );
    let mut g = chest_room((4, 2), 3, 1);
    g.end_hero_turns();
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    let e = rejected(&g.send(Command::PickChest {
        hero: FigureId(1),
        chest: 0,
        points: 1,
    }))
    .expect("(4,2) is not beside (3,1)");
    assert!(e.contains("beside the chest"), "{e}");
}

#[test]
fn locked_chests_are_checked_where_they_are_written() {
    // Quest format: a locked chest needs the module, is a chest, and holds no trap.
    let base = |furniture: &str, modules: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(2, 1)],\n stairway: (12, 2, 2, 2), objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",\n monsters: [(kind: \"orc\", at: (24, 17))],\n furniture: [{furniture}],\n {modules})"
        )
    };
    let m = "modules: [\"action-points\"]";
    let e = refused(base("(kind: \"chest\", at: (3, 1), locked: true)", ""));
    assert!(
        e.contains("t.ron:4:") && e.contains("a locked chest needs the action-point module"),
        "{e}"
    );
    let e = refused(base("(kind: \"throne\", at: (3, 1), locked: true)", m));
    assert!(
        e.contains("t.ron:4:") && e.contains("only a chest can be locked"),
        "{e}"
    );
    let e = refused(base(
        "(kind: \"chest\", at: (3, 1), locked: true, trap: (damage: 2, text: \"Darts!\"))",
        m,
    ));
    assert!(e.contains("holds no trap"), "{e}");
}

#[test]
fn the_sorcerer_sees_the_heroes_its_moves_pin() {
    // Issue 21, item 8: a monster the plan moves beside a hero makes every way the hero might
    // take a point dearer, and one moved away frees it; the threat map (what the planner weighs
    // each monster's square by) counts it. Without the module nothing changes.
    use hollowdeep::ai::perception::{Occ, Perception, reach_chance};
    let chance = |g: &mut Game, orc_gone: bool| {
        let per = Perception::new(&g.snap());
        let mut occ = per.occ.clone();
        if orc_gone {
            occ[per.grid.index(p(6, 0))] = Occ::Empty;
        }
        let h = &per.heroes[0];
        reach_chance(&per.grid, &occ, h, &h.dist, per.grid.index(p(1, 0)))
    };
    let mut pinned = threatened(6);
    let (held, freed) = (chance(&mut pinned, false), chance(&mut pinned, true));
    assert!(
        freed > held + 0.01,
        "the orc gone frees the barbarian: {held} -> {freed}"
    );
    let q = beside_the_orc("");
    let mut plain = start(q, 1);
    assert_eq!(
        chance(&mut plain, false),
        chance(&mut plain, true),
        "squares without the module"
    );
}

/// A headless app with `device`'s seat playing every hero, the window's input systems and the
/// quest `q` started.
fn seated(q: std::sync::Arc<hollowdeep::quest::Quest>, device: hollowdeep::seating::Device) -> bevy::prelude::App {
    use hollowdeep::input::seats::{Seat, Seats};
    let mut app = hollowdeep::sim::headless_app();
    app.add_plugins(bevy::input::InputPlugin)
        .add_plugins(hollowdeep::input::headless_plugin);
    app.insert_resource(classic());
    app.insert_resource(Seats(vec![Seat {
        player: "Ann".into(),
        heroes: q.heroes.clone(),
        device,
    }]));
    hollowdeep::game::logic::start_quest(app.world_mut(), q, 1);
    app.update();
    app
}

#[test]
fn keyboard_players_come_down_the_stairway_too() {
    // Issue 21, item 7 ("Keyboard and gamepad players can do all of it") for item 2: at the
    // keyboard an arrow rolls, then brings the hero onto the first free stairway square; with
    // the board cursor (keyboard alone, a gamepad) the cursor starts on the stairway and
    // confirming a lit square comes on along the shown way.
    use bevy::prelude::KeyCode;
    use hollowdeep::seating::Device;
    let q = quest_with(&["barbarian"], &[(2, 1)], "", FAR_ORC, DEFEAT_ALL, AP);
    let log = |app: &bevy::prelude::App| app.world().resource::<EventLog>().0.clone();
    let mut app = seated(q.clone(), Device::MouseKeyboard);
    press_key(&mut app, KeyCode::ArrowDown);
    assert!(
        log(&app).iter().any(|e| matches!(e, GameEvent::MovementRolled { .. })),
        "an arrow rolls first"
    );
    press_key(&mut app, KeyCode::ArrowDown);
    let entered = log(&app).into_iter().find_map(|e| match e {
        GameEvent::HeroEntered { at, .. } => Some(at),
        _ => None,
    });
    assert_eq!(entered, Some(p(12, 2)), "the first free stairway square");
    // The board cursor: Enter rolls on the hero's (missing) square, then moves to the square
    // below the stairway and comes on there.
    let mut app = seated(q, Device::Keyboard);
    press_key(&mut app, KeyCode::Enter);
    assert!(
        log(&app).iter().any(|e| matches!(e, GameEvent::MovementRolled { .. })),
        "{:?}",
        log(&app)
    );
    for _ in 0..2 {
        press_key(&mut app, KeyCode::ArrowDown);
    }
    press_key(&mut app, KeyCode::Enter);
    let evs = log(&app);
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::HeroEntered { .. })),
        "{evs:?}"
    );
    let snap = hollowdeep::game::snapshot::Snapshot::capture(app.world_mut()).unwrap();
    assert_eq!(snap.figure(FigureId(0)).unwrap().pos, Some(p(12, 4)), "{evs:?}");
}
