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
    assert!(!c.party["dwarf"].items.iter().any(|i| i == "sunstone"), "{:?}", c.party["dwarf"]);
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
        &format!("{SUNSTONE} treasure: [(room: (2, 2), text: \"Under a loose stone lies the Sunstone.\", items: [\"sunstone\"])],"),
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
    assert_eq!(q.objective.describe(), "Escape the dungeon by the way out at (7,0)");
    let mut g = Game::start(q, 2);
    g.set_allowance(0, 4);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    });
    assert!(has(&evs, |e| matches!(e, GameEvent::HeroGotOut { figure: FigureId(0) })), "{evs:?}");
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
    assert!(has(&evs, |e| matches!(e, GameEvent::HeroGotOut { figure: FigureId(1) })), "{evs:?}");
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
        (base("FindItem(item: \"sunstone\")", SUNSTONE), "nothing places \"sunstone\""),
        (base("FindItem(item: \"crown\")", ""), "neither a quest item"),
        (
            base("FindItem(item: \"sunstone\")", "quest_items: { \"sunstone\": (name: \"\", text: \"x\") }, events: [(when: Round(2), then: [Give(item: \"sunstone\")])],"),
            "needs a name and a text",
        ),
        (
            base("DefeatAll()", "quest_items: { \"broadsword\": (name: \"A sword\", text: \"x\") },"),
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
