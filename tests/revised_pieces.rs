//! Issue 36: HeroQuest Revised's moves and pieces, rule by rule, each played through the
//! commands a player sends and citing its line of `../shared/rules/checklists.md` §1.1: jumping
//! (#55–58), portcullises and levers (#51, #94), greater spell groups (#14), a hero's Haste (#44).
//! The rest of the basic game's rules are in `rules_revised.rs`.

use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, has, ok, status};
use crate::rules_revised::{REVISED, refused};

/// #55–58: a jump passes over any number of squares with a combat die for each; each face not a
/// skull carries the hero a square on; all of them, and it lands beyond, its move going on; fewer,
/// and it comes down on the first square not passed, springing what is there, its move over. The
/// movement spent is the dice plus one. #56: never over a figure. Under 2021 only one trap is
/// jumped.
#[test]
fn a_jump_rolls_a_die_for_each_square_passed() {
    let quest = |rules: &str| {
        quest_with(
            &["barbarian", "dwarf"],
            &[(4, 0), (10, 0)],
            "",
            FAR_ORC,
            DEFEAT_ALL,
            &format!("{rules} traps: [(kind: Spear, at: (5, 0))],"),
        )
    };
    let jump = Command::Jump {
        figure: FigureId(0),
        over: path(&[(5, 0), (6, 0)]),
        to: p(7, 0),
    };
    let make = |seed| {
        let mut g = Game::start(quest(REVISED), seed);
        g.app
            .world_mut()
            .query::<&mut Trap>()
            .iter_mut(g.app.world_mut())
            .for_each(|mut t| t.state = TrapState::Known);
        g.set_allowance(0, 6);
        g
    };
    let mut g = make(1);
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&jump));
    let try_it = |g: &mut Game| g.send(jump.clone());

    let (mut g, evs) = find_seed(make, try_it, |e| has(e, "jumped"));
    let Some(GameEvent::Jumped { over, roll, .. }) = evs.iter().find(|e| matches!(e, GameEvent::Jumped { .. })) else {
        unreachable!()
    };
    assert_eq!((*over, roll.len()), (2, 2), "a die for each square");
    assert!(!roll.contains(&Face::Skull));
    assert_eq!(g.pos(0), Some(p(7, 0)));
    let progress = g.turn().progress(FigureId(0));
    assert_eq!(
        (progress.steps_used, progress.moving),
        (3, MoveState::Moving),
        "#58: the dice and one"
    );
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(8, 0)]),
    }));

    // No face carries it: down on the trap, which springs.
    let (mut g, evs) = find_seed(make, try_it, |e| has(e, "jump_failed"));
    assert!(has(&evs, "trap_sprung"));
    assert_eq!(g.pos(0), Some(p(5, 0)));
    // One face of two: past the trap, down on the plain square beyond it; the move is over.
    let (mut g, evs) = find_seed(make, try_it, |e| has(e, "jump_fell_short"));
    assert!(!has(&evs, "trap_sprung"));
    assert_eq!(g.pos(0), Some(p(6, 0)));
    let why = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(7, 0)]),
    }))
    .expect("the move is over");
    assert!(why.contains("already moved"), "{why}");

    // #56: not over a figure.
    let mut g = make(1);
    g.place(1, p(6, 0));
    let why = rejected(&g.send(jump.clone())).expect("over the Dwarf");
    assert!(why.contains("over a figure"), "{why}");
    // 2021: one known trap, jumped with `JumpTrap`; the long jump is not a rule there.
    let mut g = Game::start(quest(""), 1);
    g.set_allowance(0, 6);
    let why = rejected(&g.send(jump.clone())).expect("2021");
    assert!(why.contains("only a known trap"), "{why}");
}

/// #51, #94: under Revised a portcullis and its lever are base pieces, without the action-point
/// module. No hand lifts the portcullis; pulling the lever beside it is the hero's Action and
/// raises it for good; the lists offer the pull only while the Action is unspent. Without Revised
/// or the module, the lever is refused where the quest names it, and a Revised quest with one is
/// not taken under 2021.
#[test]
fn a_portcullis_rises_by_its_lever_and_the_pull_is_an_action() {
    let text = |rules: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B\", {rules} heroes: [\"barbarian\", \"dwarf\"],\n hero_starts: [(2, 0), (6, 0)], stairway: (12, 2, 2, 2),\n doors: [(at: (2, 0), to: (2, 1), portcullis: true)],\n levers: [(at: (3, 0), opens: ((2, 0), (2, 1)))],\n monsters: [(kind: \"orc\", at: (24, 17))], objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\")"
        )
    };
    let why = refused(&text(""));
    assert!(
        why.contains("t.ron:3:") && why.contains("a portcullis needs the action-point module"),
        "{why}"
    );
    assert!(why.contains("t.ron:4:") && why.contains("a lever needs"), "{why}");
    let parse = |t: String| {
        hollowdeep::quest::parse_with(
            "t",
            "t.ron",
            t.as_bytes(),
            None,
            hollowdeep::quest::Winnable::NotChecked,
        )
        .unwrap()
    };
    let q = parse(text(&format!("{REVISED} also_rules: [\"heroquest-2021\"],")));
    let why = q.under("heroquest-2021").unwrap_err();
    assert!(why.contains("needs the action-point module"), "{why}");

    let mut g = Game::start(std::sync::Arc::new(q), 1);
    let door = g
        .snap()
        .doors
        .iter()
        .find(|d| d.kind == DoorKind::Portcullis)
        .unwrap()
        .id;
    let why = rejected(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door,
    }))
    .expect("no hand lifts it");
    assert!(why.contains("its lever opens it"), "{why}");
    let pull = Command::PullLever {
        hero: FigureId(0),
        lever: 0,
    };
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&pull));
    let evs = g.send(pull.clone());
    ok(&evs);
    assert!(has(&evs, "lever_pulled"));
    let snap = g.snap();
    assert!(snap.door(door).unwrap().open, "raised for good");
    assert!(
        snap.turn.progress(FigureId(0)).acted,
        "the pull was the Barbarian's Action"
    );
    let why = rejected(&g.send(Command::SearchTraps { hero: FigureId(0) })).expect("one Action");
    assert!(why.contains("already"), "{why}");
    // The next hero, beside the lever, is not offered a second pull.
    g.send(Command::EndTurn);
    g.place(1, p(4, 0));
    let again = Command::PullLever {
        hero: FigureId(1),
        lever: 0,
    };
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&again));
    let why = rejected(&g.send(again)).expect("pulled");
    assert!(why.contains("already been pulled"), "{why}");
}

/// #14: a greater group (more than three spells: our Frost, five) is taken keeping three of its
/// spells, the hero's choice; a lesser group is taken whole. The lists offer each three to keep.
#[test]
fn a_greater_group_is_drafted_keeping_three_spells() {
    let q = quest_with(&["wizard"], &[(5, 0)], "", FAR_ORC, DEFEAT_ALL, REVISED);
    let mut g = Game::start_undrafted(q, 1);
    let wizard = FigureId(0);
    let listed = hollowdeep::game::heroquest::legal_commands(&g.snap());
    let frost: Vec<&Command> = listed
        .iter()
        .filter(|c| matches!(c, Command::ChooseSpells { school, .. } if school == "frost"))
        .collect();
    assert_eq!(frost.len(), 10, "five spells, three kept: ten ways");
    assert!(!listed.contains(&Command::ChooseSchool {
        hero: wizard,
        school: "frost".into()
    }));
    let why = rejected(&g.send(Command::ChooseSchool {
        hero: wizard,
        school: "frost".into(),
    }))
    .expect("a greater group");
    assert!(why.contains("greater group"), "{why}");
    let keep = |v: &[&str]| Command::ChooseSpells {
        hero: wizard,
        school: "frost".into(),
        keep: v.iter().map(|s| s.to_string()).collect(),
    };
    let why = rejected(&g.send(keep(&["ice_lance", "thaw"]))).expect("two");
    assert!(why.contains("exactly 3"), "{why}");
    let why = rejected(&g.send(keep(&["ice_lance", "thaw", "genie"]))).expect("another group's");
    assert!(why.contains("not a spell of the frost group"), "{why}");
    let why = rejected(&g.send(Command::ChooseSpells {
        hero: wizard,
        school: "fire".into(),
        keep: vec!["ball_of_flame".into(), "courage".into(), "fire_of_wrath".into()],
    }))
    .expect("lesser");
    assert!(why.contains("taken whole"), "{why}");
    let evs = g.send(keep(&["ice_lance", "rime_coat", "thaw"]));
    ok(&evs);
    let Some(GameEvent::SchoolChosen { spells, .. }) = evs.iter().find(|e| matches!(e, GameEvent::SchoolChosen { .. }))
    else {
        panic!("{evs:?}")
    };
    assert_eq!(spells, &["ice_lance", "rime_coat", "thaw"]);
    let book = g.snap().figure(wizard).unwrap().spellbook.clone();
    assert!(book.spells.iter().any(|s| s == "thaw") && !book.spells.iter().any(|s| s == "blizzard"));
    // The rest of the draft, whole groups.
    ok(&g.send(Command::ChooseSchool {
        hero: wizard,
        school: "fire".into(),
    }));
    let book = g.snap().figure(wizard).unwrap().spellbook.clone();
    assert_eq!(book.spells.len(), 6);
    // A quest that gives the group gives its first three, as the tables list them.
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!("{REVISED} spell_schools: {{\"wizard\": [\"frost\"]}},"),
    );
    let mut g = Game::start(q, 1);
    let book = g.snap().figure(wizard).unwrap().spellbook.clone();
    assert_eq!(book.spells, ["ice_lance", "blizzard", "rime_coat"]);
}

/// #44, #121: a hero's Speed dice are rolled for each Move Action. Haste (here from our
/// Quicksilver Draught, for the drinker's turn) gives one Move Action more: once the first has
/// begun the hero rolls again, the squares left of the first are lost, and no third roll comes.
/// Without Haste a second roll is refused, and the haste ends with the hero's turn.
#[test]
fn haste_gives_a_hero_another_move_with_a_fresh_roll() {
    let q = quest_with(
        &["dwarf"],
        &[(5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!("{REVISED} equipment: {{\"dwarf\": (potions: [\"quicksilver\"])}},"),
    );
    let mut g = Game::start(q, 3);
    let dwarf = FigureId(0);
    let roll = Command::RollMovement { hero: dwarf };
    ok(&g.send(roll.clone()));
    let why = rejected(&g.send(roll.clone())).expect("one Move Action");
    assert!(why.contains("already rolled"), "{why}");
    let evs = g.send(Command::DrinkPotion {
        hero: dwarf,
        potion: "quicksilver".into(),
    });
    ok(&evs);
    assert!(status(&mut g, 0).contains(&StatusKind::Hastened));
    ok(&g.send(Command::Move {
        figure: dwarf,
        path: path(&[(6, 0)]),
    }));
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&roll));
    let evs = g.send(roll.clone());
    ok(&evs);
    let Some(GameEvent::MovementRolled { dice, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::MovementRolled { .. }))
    else {
        panic!("{evs:?}")
    };
    assert_eq!(dice.len(), 2, "the Dwarf's board: 2 Speed dice, rolled again");
    let p = g.turn().progress(dwarf);
    let rolled: u8 = dice.iter().sum();
    assert_eq!((p.allowance, p.steps_used, p.extra_moves), (Some(rolled), 0, 1));
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&roll));
    let why = rejected(&g.send(roll)).expect("Haste(1): one more");
    assert!(why.contains("already rolled"), "{why}");
    let evs = g.send(Command::EndTurn);
    assert!(evs.iter().any(|e| matches!(
        e,
        GameEvent::StatusEnded {
            status: StatusKind::Hastened,
            ..
        }
    )));
}
