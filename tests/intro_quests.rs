//! Issue 36: HeroQuest Revised's introductory quests (checklists §1.1 #155, rules-decisions
//! row 94): linked portals that work once investigated, the first hero out's reward, and quests
//! that do not count towards a Champion, each played through the commands a player sends.

use hollowdeep::campaign::Campaign;
use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, has, ok};
use crate::rules_revised::{REVISED, refused};

/// Two heroes in the top corridor beside a portal at (3, 0) linked to (0, 17), far down the west
/// corridor.
fn portal_quest() -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(
        &["barbarian", "dwarf"],
        &[(4, 0), (6, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!("{REVISED} portals: [(a: (3, 0), b: (0, 17))],"),
    )
}

/// #155: "two linked portals work only once Activated (Investigation)". Asleep, a portal is
/// walked over like floor and stepping through is refused and never offered; an Investigation
/// on it or beside it (the hero's Action) wakes both ends; then a hero on either end steps
/// through to the other for one square of its move, and its move goes on from there. Not onto a
/// figure, and not with no square left.
#[test]
fn linked_portals_work_once_investigated() {
    let mut g = Game::start(portal_quest(), 1);
    let step = |id: u32| Command::UsePortal { figure: FigureId(id) };
    g.set_allowance(0, 6);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(3, 0)]),
    }));
    let why = rejected(&g.send(step(0))).expect("asleep");
    assert!(why.contains("sleeps until a hero investigates"), "{why}");
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&step(0)));
    // The Investigation, standing on it: the pair wakes; it was the Barbarian's Action, and its
    // move is over with it.
    let evs = g.send(Command::Investigate {
        hero: FigureId(0),
        at: p(3, 0),
    });
    ok(&evs);
    assert!(has(&evs, "investigated") && has(&evs, "portal_opened"), "{evs:?}");
    assert_eq!(g.snap().dungeon.portals_open.len(), 1);
    let why = rejected(&g.send(step(0))).expect("the move is over");
    assert!(why.contains("no move left"), "{why}");
    // Nothing more to investigate there.
    assert!(hollowdeep::game::heroquest::investigable(&g.snap(), g.snap().figure(FigureId(0)).unwrap()).is_empty());
    ok(&g.send(Command::EndTurn));

    // The Dwarf walks onto the far end's twin... the Barbarian stands on (3, 0): it goes round.
    g.place(0, p(5, 0));
    g.place(1, p(2, 0));
    g.set_allowance(1, 5);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(3, 0)]),
    }));
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&step(1)));
    let evs = g.send(step(1));
    ok(&evs);
    assert!(has(&evs, "portal_used"), "{evs:?}");
    assert_eq!(g.pos(1), Some(p(0, 17)));
    let progress = g.turn().progress(FigureId(1));
    assert_eq!(
        (progress.steps_used, progress.moving),
        (2, MoveState::Moving),
        "a square of the move"
    );
    // Its move goes on from the far end, and back through costs another square.
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(0, 16)]),
    }));
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(0, 17)]),
    }));
    ok(&g.send(step(1)));
    assert_eq!(g.pos(1), Some(p(3, 0)));
    let why = rejected(&g.send(step(1))).expect("no square left");
    assert!(
        why.contains("no square of movement left") || why.contains("no move left"),
        "{why}"
    );
}

/// #155: the far end must be free to stop on; a figure not standing on a portal has none to use;
/// the sorcerer's monsters never step through.
#[test]
fn a_portal_needs_its_far_end_free_and_carries_only_the_party() {
    let mut g = Game::start(portal_quest(), 1);
    g.set_allowance(0, 6);
    ok(&g.send(Command::Investigate {
        hero: FigureId(0),
        at: p(3, 0),
    }));
    ok(&g.send(Command::EndTurn));
    g.place(1, p(3, 0));
    g.place(0, p(0, 17));
    g.set_allowance(1, 4);
    let why = rejected(&g.send(Command::UsePortal { figure: FigureId(1) })).expect("taken");
    assert!(why.contains("far end"), "{why}");
    g.place(1, p(4, 0));
    let why = rejected(&g.send(Command::UsePortal { figure: FigureId(1) })).expect("not on one");
    assert!(why.contains("not standing on a portal"), "{why}");
    // The orc (figure 2) on the portal, on the sorcerer's turn.
    g.place(1, p(6, 0));
    g.place(0, p(5, 0));
    g.place(2, p(3, 0));
    g.end_hero_turns();
    let snap = g.snap();
    let orc = snap.figure(FigureId(2)).unwrap();
    let why = hollowdeep::game::heroquest::portal_exit(&snap, orc).unwrap_err();
    assert!(why.contains("heroes and their men-at-arms"), "{why}");
}

/// #155: a portal's ends are checked where the quest loads: on free floor, off the stairway,
/// two squares, one portal a square.
#[test]
fn a_portal_is_checked_where_the_quest_loads() {
    let base = |portals: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", {REVISED} heroes: [\"barbarian\"], hero_starts: [(4, 0)],
             stairway: (12, 2, 2, 2), monsters: [{FAR_ORC}], objective: {DEFEAT_ALL}, wandering_monster: \"orc\",
             portals: [{portals}])"
        )
    };
    for (portals, says) in [
        ("(a: (3, 0), b: (3, 0))", "both ends here are"),
        ("(a: (12, 2), b: (0, 17))", "on the stairway"),
        ("(a: (3, 0), b: (40, 0))", "free floor square"),
        (
            "(a: (3, 0), b: (0, 17)), (a: (0, 17), b: (6, 0))",
            "already the end of another portal",
        ),
    ] {
        let why = refused(&base(portals));
        assert!(why.contains(says), "{portals}: {why}");
        assert!(why.contains("t.ron:"), "located: {why}");
    }
}

/// #155: "the first hero out earns 100 gold": a quest event on `GotOut` (once) gives its gold to
/// the first hero who leaves by the way out; the second gets none. A man-at-arms going out does
/// not set it off.
#[test]
fn the_first_hero_out_earns_the_reward() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(2, 0), (3, 0)],
        "",
        FAR_ORC,
        "Escape(exits: [(0, 0)])",
        &format!(
            "{REVISED} counts_for_champion: false,
             events: [(when: GotOut, then: [Message(\"First out!\"), GiveGold(amount: 100)])],"
        ),
    );
    let mut g = Game::start(q, 1);
    let gold = |g: &mut Game, id: u32| g.snap().figure(FigureId(id)).unwrap().inventory.gold;
    let (b0, d0) = (gold(&mut g, 0), gold(&mut g, 1));
    g.set_allowance(0, 6);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(1, 0), (0, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "hero_got_out") && has(&evs, "quest_message"), "{evs:?}");
    assert_eq!(gold(&mut g, 0), b0 + 100, "the first out earns it");
    // The Dwarf's turn now; out second, for nothing; the quest is won.
    g.set_allowance(1, 6);
    let evs = g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(2, 0), (1, 0), (0, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "quest_won"), "{evs:?}");
    assert_eq!(gold(&mut g, 1), d0, "only the first");
    assert_eq!(gold(&mut g, 0), b0 + 100);
}

/// #153, #155: an introductory quest (`counts_for_champion: false`) is a won quest the campaign
/// keeps, but not one of the ten a Champion needs; any other quest counts.
#[test]
fn an_introductory_quest_does_not_count_towards_champion() {
    let won = |counts: bool| {
        let q = quest_with(
            &["barbarian"],
            &[(2, 0)],
            "",
            FAR_ORC,
            "Escape(exits: [(0, 0)])",
            &format!("{REVISED} counts_for_champion: {counts},"),
        );
        let mut g = Game::start(q, 1);
        g.set_allowance(0, 6);
        let evs = g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(1, 0), (0, 0)]),
        });
        assert!(has(&evs, "quest_won"), "{evs:?}");
        let mut c = Campaign::new(&RuleSet::heroquest_revised());
        c.settle("the-sleeping-gates", Outcome::Won, &g.snap());
        c.party["barbarian"].wins
    };
    assert_eq!(won(false), 0);
    assert_eq!(won(true), 1);
}

/// #141: a quest lost (or left) without its goal is a failure and may be played again,
/// unchanged: the Revised campaign offers the same quest next, with the same monsters, and
/// counts nothing of it as done.
#[test]
fn a_failed_quest_is_played_again_unchanged() {
    let mut c = Campaign::new(&RuleSet::heroquest_revised());
    let first = c.next_quest().expect("a book").to_string();
    let q = hollowdeep::quest::load(&first).unwrap();
    let before = c.prepare(&q);
    let mut g = Game::start(before.clone(), 1);
    c.settle(&first, Outcome::Lost, &g.snap());
    assert_eq!(c.next_quest(), Some(first.as_str()));
    assert!(c.completed.is_empty() && c.party.values().all(|h| h.wins == 0));
    let again = c.prepare(&q);
    assert_eq!(again.monsters, before.monsters);
    assert_eq!(again.events, before.events);
}
