//! Issue 36: HeroQuest Revised's keyword cards (checklists §1.1 #36, #86, #100–110, #116,
//! #131–132, #146; rules-decisions row 95), each played through the commands a player sends:
//! Cost: Effect with Drain and Discard, held cards, corner icons, the same-name limit,
//! Sequestered, Cursed, Selfish and Memory. The cards are ours, in the Revised tables.

use hollowdeep::campaign::Campaign;
use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, has, ok, status};
use crate::rules_revised::REVISED;

/// The Barbarian at (4, 0) carrying `items`, the Dwarf beside it at (5, 0) carrying `dwarfs`,
/// under `rules` (a quest's `rules` field, or "" for 2021).
pub(crate) fn party_carrying(rules: &str, items: &[&str], dwarfs: &[&str]) -> Game {
    let list = |v: &[&str]| v.iter().map(|i| format!("{i:?}")).collect::<Vec<_>>().join(", ");
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(4, 0), (5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!(
            "{rules} equipment: {{\"barbarian\": (items: [{}]), \"dwarf\": (items: [{}])}},",
            list(items),
            list(dwarfs)
        ),
    );
    Game::start(q, 1)
}

fn with_cards(items: &[&str]) -> Game {
    party_carrying(REVISED, items, &[])
}

fn use_card(item: &str, target: u32) -> Command {
    Command::UseCard {
        hero: FigureId(0),
        item: item.into(),
        target: FigureId(target),
    }
}

fn carried(g: &mut Game, id: u32) -> Vec<String> {
    g.snap().figure(FigureId(id)).unwrap().equipment.items.clone()
}

/// The round goes by: the heroes' turns and the sorcerer's, back to the Barbarian.
fn next_round(g: &mut Game) {
    ok(&g.send(Command::EndTurn));
    ok(&g.send(Command::EndTurn));
    g.end_hero_turns();
    while g.turn().phase != Phase::Hero(FigureId(0)) {
        g.send(Command::EndTurn);
    }
}

/// #36, #86, #106: a card is aimed as a spell is (a friend in sight, here), its Cost paid with
/// its Effect: the War Horn takes the Action and is drained, face down for the rest of the
/// quest; Smoke Pellets are a Free Effect and are discarded. The menu offers exactly the uses
/// the rules accept.
#[test]
fn a_card_is_used_for_its_cost_drained_or_discarded() {
    let mut g = with_cards(&["war_horn", "smoke_pellets"]);
    let legal = hollowdeep::game::heroquest::legal_commands(&g.snap());
    assert!(legal.contains(&use_card("war_horn", 1)) && legal.contains(&use_card("smoke_pellets", 0)));
    // Smoke Pellets aim at the bearer alone.
    assert!(!legal.contains(&use_card("smoke_pellets", 1)));
    let why = rejected(&g.send(use_card("smoke_pellets", 1))).expect("on itself only");
    assert!(why.contains("on itself"), "{why}");
    let evs = g.send(use_card("war_horn", 1));
    ok(&evs);
    assert!(has(&evs, "card_used"), "{evs:?}");
    assert!(status(&mut g, 1).contains(&StatusKind::Courage));
    assert!(g.turn().progress(FigureId(0)).acted, "the horn took the Action");
    assert!(
        carried(&mut g, 0).contains(&"war_horn".to_string()),
        "drained, not discarded"
    );
    // A Free Effect after the Action: the pellets, gone once used.
    ok(&g.send(use_card("smoke_pellets", 0)));
    assert!(status(&mut g, 0).contains(&StatusKind::VeilOfMist));
    assert!(!carried(&mut g, 0).contains(&"smoke_pellets".to_string()));
    next_round(&mut g);
    let why = rejected(&g.send(use_card("war_horn", 1))).expect("drained");
    assert!(why.contains("drained"), "{why}");
}

/// #101: a held card stays face up until its bearer's next turn, and a hero has at most two
/// showing: a third is refused until the turn comes round again.
#[test]
fn held_cards_stay_face_up_two_at_most() {
    let mut g = with_cards(&["warding_charm", "stone_skin_salve", "war_horn"]);
    ok(&g.send(use_card("warding_charm", 0)));
    ok(&g.send(use_card("stone_skin_salve", 1)));
    assert_eq!(g.snap().dungeon.cards_held[&FigureId(0)].len(), 2);
    let why = rejected(&g.send(use_card("war_horn", 1))).expect("two held already");
    assert!(why.contains("2 held cards face up"), "{why}");
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&use_card("war_horn", 1)));
    next_round(&mut g);
    assert!(
        !g.snap().dungeon.cards_held.contains_key(&FigureId(0)),
        "turned down at its turn's start"
    );
    ok(&g.send(use_card("war_horn", 1)));
}

/// #102: one card of each corner icon a turn: Smoke Pellets and Flash Powder both bear the
/// throw icon.
#[test]
fn one_card_of_each_corner_icon_a_turn() {
    let mut g = with_cards(&["smoke_pellets", "smoke_pellets"]);
    ok(&g.send(use_card("smoke_pellets", 0)));
    let why = rejected(&g.send(use_card("smoke_pellets", 0))).expect("one throw card a turn");
    assert!(why.contains("throw card this turn"), "{why}");
    next_round(&mut g);
    ok(&g.send(use_card("smoke_pellets", 0)));
    assert!(carried(&mut g, 0).is_empty());
}

/// #109–110: while a card's ongoing effect lasts, its target is immune to another card of the
/// same name; the same card may still go on another target.
#[test]
fn an_ongoing_effect_refuses_a_second_card_of_its_name() {
    let mut g = with_cards(&["stone_skin_salve", "stone_skin_salve"]);
    ok(&g.send(use_card("stone_skin_salve", 1)));
    assert!(status(&mut g, 1).contains(&StatusKind::RockSkin));
    // Its rock skin lasts until the Dwarf is wounded: a turn later it is still under it.
    next_round(&mut g);
    let why = rejected(&g.send(use_card("stone_skin_salve", 1))).expect("same name");
    assert!(why.contains("already under the Stone-skin Salve"), "{why}");
    ok(&g.send(use_card("stone_skin_salve", 0)));
}

/// #132: a hero may own several Healer's Poultices but use only one a quest.
#[test]
fn a_sequestered_card_is_used_once_a_quest() {
    let mut g = with_cards(&["healers_poultice", "healers_poultice"]);
    g.set_body(1, 3);
    ok(&g.send(use_card("healers_poultice", 1)));
    assert_eq!(g.snap().figure(FigureId(1)).unwrap().body, 5);
    next_round(&mut g);
    let why = rejected(&g.send(use_card("healers_poultice", 1))).expect("sequestered");
    assert!(why.contains("Sequestered"), "{why}");
    assert_eq!(
        carried(&mut g, 0),
        ["healers_poultice"],
        "the other copy is still carried"
    );
}

/// #116: a Cursed card plays itself on its bearer at the start of each of its turns and will not
/// be handed over; while carried it still gives what it gives (the Gnawing Ring's Lore 1).
/// #146: it is a Memory card too, forgotten between quests with the Guide's Notes.
#[test]
fn a_cursed_card_plays_itself_and_clings_and_memory_is_forgotten() {
    let mut g = with_cards(&["gnawing_ring", "guides_notes"]);
    // The quest's opening: the Barbarian's first turn began with the ring.
    let forced = |evs: &[GameEvent]| {
        evs.iter()
            .any(|e| matches!(e, GameEvent::CardUsed { forced: true, item, .. } if item == "gnawing_ring"))
    };
    assert!(forced(&g.log()), "played at the first turn's start");
    let why = rejected(&g.send(Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "gnawing_ring".into(),
    }))
    .expect("cursed");
    assert!(why.contains("Cursed"), "{why}");
    // Nobody chooses to use it: the menu never offers it.
    assert!(
        !hollowdeep::game::heroquest::legal_commands(&g.snap())
            .iter()
            .any(|c| matches!(c, Command::UseCard { item, .. } if item == "gnawing_ring"))
    );
    let before = g.log().len();
    next_round(&mut g);
    assert!(forced(&g.log()[before..]), "again at the next turn's start");
    let snap = g.snap();
    let b = snap.figure(FigureId(0)).unwrap();
    assert!(
        snap.abilities_of(b)
            .iter()
            .any(|a| matches!(a, hollowdeep::rules::ruleset::Ability::Lore(1)))
    );
    // Between quests the Memory cards are forgotten; the rest is kept.
    let mut c = Campaign::new(&RuleSet::heroquest_revised());
    c.settle("the-sleeping-gates", Outcome::Won, &g.snap());
    assert!(
        c.party["barbarian"].items.is_empty(),
        "{:?}",
        c.party["barbarian"].items
    );
}

/// #131: one Selfish card a hero: a second is neither bought nor handed over.
#[test]
fn a_hero_carries_one_selfish_card() {
    let rules = RuleSet::heroquest_revised();
    let mut c = Campaign::new(&rules);
    c.party.get_mut("barbarian").unwrap().gold = 1000;
    c.buy(&rules, "barbarian", "warding_charm").unwrap();
    let why = c.check_purchase(&rules, "barbarian", "warding_charm").unwrap_err();
    assert!(why.contains("Selfish"), "{why}");
    let mut g = party_carrying(REVISED, &["warding_charm"], &["warding_charm"]);
    let why = rejected(&g.send(Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "warding_charm".into(),
    }))
    .expect("selfish");
    assert!(why.contains("one Selfish card a hero"), "{why}");
}
