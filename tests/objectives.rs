//! The objective kinds beyond defeat and reach: find an item (a quest's own item, placed by an
//! event or as special treasure), escape by a way out, rescue a captive. Played through the
//! commands a player sends.

use hollowdeep::campaign::Campaign;
use hollowdeep::game::model::Command;
use hollowdeep::game::model::*;
use hollowdeep::quest;

use crate::common::*;

const FAR_ORC: &str = "(kind: \"orc\", at: (20, 17))";
const SUNSTONE: &str = "quest_items: { \"sunstone\": (name: \"the Sunstone\", text: \"A warm amber gem.\") },";

fn won(evs: &[GameEvent]) -> bool {
    evs.iter().any(|e| matches!(e, GameEvent::QuestWon { .. }))
}

fn has(evs: &[GameEvent], f: impl Fn(&GameEvent) -> bool) -> bool {
    evs.iter().any(f)
}

#[test]
fn finding_a_quest_item_meets_the_goal_and_the_item_stays_behind_in_a_campaign() {
    let q = quest_with(
        &["dwarf"],
        &[(2, 0)],
        "",
        FAR_ORC,
        "FindItem(item: \"sunstone\", return_to_stairway: false)",
        &format!("{SUNSTONE} events: [(when: EntersSquare(at: (4, 0)), then: [Give(item: \"sunstone\")])],"),
    );
    assert_eq!(q.objective.describe(), "Find the Sunstone");
    let mut g = Game::start(q.clone(), 3);
    g.set_allowance(0, 3);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(3, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(!has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)));
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0)]),
    });
    assert!(has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)), "{evs:?}");
    assert!(won(&evs), "{evs:?}");
    let snap = g.snap();
    assert!(snap.figure(FigureId(0)).unwrap().equipment.has("sunstone"));
    assert_eq!(snap.rules().thing_name("sunstone"), "the Sunstone");
    // The campaign keeps the hero's gear, not the quest's own item.
    let mut c = Campaign::new(snap.rules());
    c.settle("test", Outcome::Won, &snap);
    assert!(
        !c.party["dwarf"].items.iter().any(|i| i == "sunstone"),
        "{:?}",
        c.party["dwarf"]
    );
}

#[test]
fn a_quest_item_found_as_special_treasure_must_then_be_carried_home() {
    // The dwarf stands in the north-west cell (x 1..4, y 1..3) whose treasure is the Sunstone.
    let q = quest_with(
        &["dwarf"],
        &[(2, 2)],
        "",
        FAR_ORC,
        "FindItem(item: \"sunstone\")",
        &format!(
            "{SUNSTONE} treasure: [(room: (2, 2), text: \"Under a loose stone lies the Sunstone.\", items: [\"sunstone\"])],"
        ),
    );
    assert_eq!(q.objective.describe(), "Find the Sunstone, then return to the stairway");
    let mut g = Game::start(q, 4);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)), "{evs:?}");
    assert!(!won(&evs), "the Sunstone must be carried to the stairway first");
    assert!(g.turn().objective_done);
}

#[test]
fn an_escape_is_won_when_every_living_hero_is_out_by_the_way_out() {
    let q = quest(
        &["dwarf", "elf"],
        &[(5, 0), (4, 0)],
        "",
        FAR_ORC,
        "Escape(exits: [(7, 0)])",
    );
    assert_eq!(
        q.objective.describe(),
        "Escape the dungeon by the way out marked on the board"
    );
    let mut g = Game::start(q, 2);
    g.set_allowance(0, 4);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    });
    assert!(
        has(&evs, |e| matches!(e, GameEvent::HeroGotOut { figure: FigureId(0) })),
        "{evs:?}"
    );
    assert!(has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)), "{evs:?}");
    assert!(!won(&evs), "the elf is still inside: {evs:?}");
    assert!(g.snap().figure(FigureId(0)).unwrap().escaped);
    // Leaving ended the dwarf's turn: the elf's is next.
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    g.set_allowance(1, 4);
    let evs = g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(5, 0), (6, 0), (7, 0)]),
    });
    assert!(
        has(&evs, |e| matches!(e, GameEvent::HeroGotOut { figure: FigureId(1) })),
        "{evs:?}"
    );
    assert!(won(&evs), "{evs:?}");
}

#[test]
fn the_new_objectives_are_checked_when_the_quest_loads() {
    let base = |objective: &str, extra: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"dwarf\"], hero_starts: [(2, 0)], stairway: (12, 2, 2, 2),
             objective: {objective}, wandering_monster: \"orc\", {extra})"
        )
    };
    let cases = [
        (
            base("FindItem(item: \"sunstone\")", SUNSTONE),
            "nothing places \"sunstone\"",
        ),
        (base("FindItem(item: \"crown\")", ""), "neither a quest item"),
        (
            base(
                "FindItem(item: \"sunstone\")",
                "quest_items: { \"sunstone\": (name: \"\", text: \"x\") }, events: [(when: Round(2), then: [Give(item: \"sunstone\")])],",
            ),
            "needs a name and a text",
        ),
        (
            base(
                "DefeatAll()",
                "quest_items: { \"broadsword\": (name: \"A sword\", text: \"x\") },",
            ),
            "has the id of the rule set's own broadsword",
        ),
        (base("Escape(exits: [])", ""), "needs at least one way out"),
        (base("Escape(exits: [(12, 2)])", ""), "is on the stairway"),
        (base("Escape(exits: [(2, 0)])", ""), "a hero's start square"),
        (base("Escape(exits: [(99, 0)])", ""), "off the board"),
    ];
    for (text, expect) in cases {
        let err = quest::parse("t", "t.ron", text.as_bytes(), None)
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"))
            .to_string();
        assert!(err.contains(expect), "expected \"{expect}\" in:\n{err}");
        assert!(err.contains("t.ron:"), "no file and line in:\n{err}");
    }
}

/// Brother Aldous waits in the top corridor at (12, 0), just north of the stairway (12..13, 2..3).
const RESCUE: &str = "Rescue(name: \"Brother Aldous\", at: (12, 0), return_to_stairway: true)";

fn captive_id(g: &mut Game) -> FigureId {
    g.snap().captive().expect("a rescue has a captive").id
}

#[test]
fn a_freed_captive_follows_their_hero_and_the_rescue_is_won_at_the_stairway() {
    let q = quest(&["dwarf"], &[(10, 0)], "", FAR_ORC, RESCUE);
    assert_eq!(
        q.objective.describe(),
        "Free Brother Aldous and bring them back up the stairway with you"
    );
    let mut g = Game::start(q, 5);
    let aldous = captive_id(&mut g);
    // The captive takes no turn and cannot be handed things.
    assert!(g.snap().heroes().all(|h| !h.captive));
    assert!(
        rejected(&g.send(Command::Give {
            from: FigureId(0),
            to: aldous,
            item: "healing".into()
        }))
        .is_some()
    );
    g.set_allowance(0, 10);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(11, 0)]),
    });
    assert!(
        has(
            &evs,
            |e| matches!(e, GameEvent::CaptiveFreed { captive, hero: FigureId(0) } if *captive == aldous)
        ),
        "{evs:?}"
    );
    assert!(!has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)));
    // Through the captive's square (the heroes' side passes its own) and down to the stairway:
    // the captive walks one square behind and climbs out with the dwarf.
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(12, 0), (12, 1), (12, 2)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(
        has(
            &evs,
            |e| matches!(e, GameEvent::CaptiveMoved { to, .. } if *to == p(12, 1))
        ),
        "{evs:?}"
    );
    assert!(has(&evs, |e| matches!(e, GameEvent::CaptiveRescued { .. })), "{evs:?}");
    assert!(has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)), "{evs:?}");
    assert!(
        has(&evs, |e| matches!(e, GameEvent::HeroEscaped { figure: FigureId(0) })),
        "{evs:?}"
    );
    assert!(won(&evs), "{evs:?}");
}

#[test]
fn the_rescue_is_lost_when_the_captive_falls() {
    // An orc beside the captive, in sight of the dwarf down the corridor.
    let q = quest(&["dwarf"], &[(16, 0)], "", "(kind: \"orc\", at: (13, 0))", RESCUE);
    let mut g = Game::start(q, 9);
    let aldous = captive_id(&mut g);
    let orc = g.snap().monsters().next().unwrap().id;
    assert!(g.snap().figure(orc).unwrap().awake);
    g.set_body(aldous.0, 1);
    let mut lost = false;
    for _ in 0..40 {
        g.end_hero_turns();
        let evs = g.send(Command::Attack {
            attacker: orc,
            target: aldous,
        });
        assert!(rejected(&evs).is_none(), "{evs:?}");
        if has(
            &evs,
            |e| matches!(e, GameEvent::CaptiveKilled { by: Some(b), .. } if *b == orc),
        ) {
            assert!(has(&evs, |e| matches!(e, GameEvent::QuestLost { .. })), "{evs:?}");
            lost = true;
            break;
        }
        g.send(Command::EndTurn);
    }
    assert!(lost, "the orc never hit in 40 tries");
    assert_eq!(g.turn().phase, Phase::Over(Outcome::Lost));
}

#[test]
fn a_rescue_is_checked_when_the_quest_loads() {
    let base = |objective: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"dwarf\"], hero_starts: [(2, 0)], stairway: (12, 2, 2, 2),
             monsters: [(kind: \"orc\", at: (20, 17))], objective: {objective}, wandering_monster: \"orc\")"
        )
    };
    for (objective, expect) in [
        ("Rescue(name: \"\", at: (5, 0))", "needs a name"),
        ("Rescue(name: \"A\", at: (12, 2))", "on the stairway"),
        ("Rescue(name: \"A\", at: (20, 17))", "a monster already stands"),
        ("Rescue(name: \"A\", at: (5, 0), body: 0)", "body must be 1 to 10"),
        ("Rescue(name: \"A\", at: (-1, 0))", "off the board"),
    ] {
        let err = quest::parse("t", "t.ron", base(objective).as_bytes(), None)
            .err()
            .unwrap_or_else(|| panic!("accepted: {objective}"))
            .to_string();
        assert!(err.contains(expect), "expected \"{expect}\" in:\n{err}");
    }
}
