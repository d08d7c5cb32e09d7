//! Issue 36: lines of checklists §1.1 that HeroQuest Revised plays as 2021 does, or where the
//! text leaves the reading to us, each played through the commands a player sends and cited by
//! its item number (rules-decisions row 97).

use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;

use crate::common::*;
use crate::keyword_cards::party_carrying;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, body, cast, has, ok, status};
use crate::rules_revised::{REVISED, room};
use hollowdeep::game::model::FigureNames;

/// #38: "effects which last one turn last until all five players have acted". In our tables
/// that is a held card (#101): played on the Barbarian's turn, it is still face up through the
/// Dwarf's turn and the sorcerer's, and turns down only when the Barbarian's turn comes again.
#[test]
fn an_effect_of_one_turn_lasts_until_everyone_has_acted() {
    let mut g = party_carrying(REVISED, &["warding_charm"], &[]);
    let held = |g: &mut Game| g.snap().dungeon.cards_held.contains_key(&FigureId(0));
    ok(&g.send(Command::UseCard {
        hero: FigureId(0),
        item: "warding_charm".into(),
        target: FigureId(0),
    }));
    ok(&g.send(Command::EndTurn));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    assert!(held(&mut g), "still face up on the Dwarf's turn");
    ok(&g.send(Command::EndTurn));
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    assert!(held(&mut g), "still face up on the sorcerer's turn");
    while g.turn().phase == Phase::Sorcerer {
        g.send(Command::EndTurn);
    }
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    assert!(!held(&mut g), "everyone has acted once: it ends");
}

/// The Wizard at (4, 0) with Revised's Wizardry group and `potions`, an orc beside it at (5, 0).
fn wizard_by_an_orc(potions: &str) -> Game {
    let q = quest_with(
        &["wizard"],
        &[(4, 0)],
        "",
        "(kind: \"orc\", at: (5, 0), body: 9), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        &format!(
            "{REVISED} spell_schools: {{\"wizard\": [\"wizardry\"]}}, equipment: {{\"wizard\": (items: [\"smoke_pellets\"], potions: [{potions}])}},"
        ),
    );
    Game::start(q, 1)
}

/// #85: a spell takes the Cast Action, so none is cast after an attack; a card whose use is a
/// Free Effect gives its effect without one. It is played on its bearer's own activation: a
/// command of that hero's on another figure's activation is refused (row 97).
#[test]
fn a_spell_takes_the_cast_action_and_a_free_card_does_not() {
    let mut g = wizard_by_an_orc("");
    ok(&g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    }));
    let why = rejected(&cast(&mut g, 0, "bolt_of_force", 1)).expect("the Action is spent");
    assert!(why.contains("action"), "{why}");
    ok(&g.send(Command::UseCard {
        hero: FigureId(0),
        item: "smoke_pellets".into(),
        target: FigureId(0),
    }));
    assert!(status(&mut g, 0).contains(&StatusKind::VeilOfMist));
    // On the sorcerer's turn the Wizard plays nothing.
    let mut g = wizard_by_an_orc("");
    ok(&g.send(Command::EndTurn));
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    let why = rejected(&g.send(Command::UseCard {
        hero: FigureId(0),
        item: "smoke_pellets".into(),
        target: FigureId(0),
    }))
    .expect("not the Wizard's activation");
    assert!(why.contains("turn"), "{why}");
}

/// #87: a spell with a weapon's icon (Bolt of Force, 4 attack dice) is rolled as an attack,
/// against the target's defence, but is no weapon attack: the Potion of Strength's two dice
/// wait for the next blow of a weapon.
#[test]
fn an_attack_spell_is_no_weapon_attack_for_bonuses() {
    let mut g = wizard_by_an_orc("\"strength\"");
    ok(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "strength".into(),
    }));
    assert!(status(&mut g, 0).contains(&StatusKind::Strength));
    let evs = cast(&mut g, 0, "bolt_of_force", 1);
    ok(&evs);
    let dice = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack { attack, .. } => Some(attack.len()),
            _ => None,
        })
        .expect("rolled as an attack");
    assert_eq!(dice, 4, "the spell's own dice, no bonus: {evs:?}");
    assert!(
        status(&mut g, 0).contains(&StatusKind::Strength),
        "the bonus is kept for a weapon"
    );
}

/// #93: treasure may be trapped (a furniture trap, rules-decisions row 18) and a wandering
/// monster may come of a search (row 21), under Revised as under 2021.
#[test]
fn treasure_may_be_trapped_and_a_search_may_bring_a_wanderer() {
    let chest = "furniture: [(kind: \"chest\", at: (4, 2), trap: (damage: 2, text: \"A needle!\"))],";
    let mut g = Game::start(room(true, chest, FAR_ORC), 1);
    let before = body(&mut g, 0);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    ok(&evs);
    assert!(has(&evs, "trap_sprung") && !has(&evs, "treasure_drawn"), "{evs:?}");
    assert_eq!(body(&mut g, 0), before - 2);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)), "the turn ends");
    // Some seed deals the Revised deck's Wandering Monster to a plain search: the sorcerer
    // places it beside the searcher.
    let wanderer = (0..200).any(|seed| {
        let mut g = Game::start(room(true, "", FAR_ORC), seed);
        ok(&g.send(Command::SearchTreasure { hero: FigureId(0) }));
        matches!(g.turn().pending, Some(Pending::PlaceWanderer { hero: FigureId(0), .. }))
    });
    assert!(wanderer, "no search in 200 seeds brought a wandering monster");
}

/// #111: there is no box of miniatures to run out of: a quest may set out thirteen goblins
/// under Revised, and every one of them is on the board.
#[test]
fn no_kind_of_monster_runs_out() {
    let goblins: Vec<String> = (12..25).map(|x| format!("(kind: \"goblin\", at: ({x}, 0))")).collect();
    let q = quest_with(&["barbarian"], &[(2, 1)], "", &goblins.join(", "), DEFEAT_ALL, REVISED);
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    assert_eq!(snap.monsters().filter(|m| m.kind == "goblin").count(), 13);
}

/// A hero's Body and Mind as (current, most).
fn body_mind(g: &mut Game, id: u32) -> ((u8, u8), (u8, u8)) {
    let e = g.snap().figure(FigureId(id)).unwrap().entity;
    let w = g.app.world();
    let b = w.get::<Body>(e).unwrap();
    let m = w.get::<Mind>(e).unwrap();
    ((b.current, b.max), (m.current, m.max))
}

/// #99: a card that raises the most Body or Mind. Brought into the quest, its bearer starts
/// whole at the raised most (the Barbarian, Body 8 and Mind 2, at 9 and 3). Handed to the
/// Dwarf (Body 7, Mind 3): the Barbarian's most falls back and its current values, above it,
/// come down with it; the Dwarf's most rises, its current values do not. Wounded, it heals up
/// to the raised most; the town sells the cards and says what they do.
#[test]
fn a_card_raises_the_most_body_or_mind_but_not_the_current() {
    let mut g = party_carrying(
        REVISED,
        &["oakheart_amulet", "circlet_of_clear_thought"],
        &["healers_poultice"],
    );
    assert_eq!(body_mind(&mut g, 0), ((9, 9), (3, 3)));
    assert_eq!(body_mind(&mut g, 1), ((7, 7), (3, 3)));
    for item in ["oakheart_amulet", "circlet_of_clear_thought"] {
        let evs = g.send(Command::Give {
            from: FigureId(0),
            to: FigureId(1),
            item: item.into(),
        });
        ok(&evs);
        assert!(has(&evs, "maximum_changed"), "{evs:?}");
    }
    assert_eq!(body_mind(&mut g, 0), ((8, 8), (2, 2)), "cut to the new most");
    assert_eq!(
        body_mind(&mut g, 1),
        ((7, 8), (3, 4)),
        "the most rises, not the current"
    );
    // Healing now reaches the Dwarf's raised most, one above its own.
    ok(&g.send(Command::EndTurn));
    g.set_body(1, 6);
    ok(&g.send(Command::UseCard {
        hero: FigureId(1),
        item: "healers_poultice".into(),
        target: FigureId(1),
    }));
    assert_eq!(body_mind(&mut g, 1).0, (8, 8));
    // The town sells the cards and says what they do.
    let rules = RuleSet::heroquest_revised();
    let text = hollowdeep::game::describe::card_text(&rules, "oakheart_amulet");
    assert!(text.contains("+1 to most Body"), "{text}");
    let town = rules.town.as_ref().unwrap();
    let outfitter = town.shops.iter().find(|s| s.id == "outfitter").unwrap();
    assert!(outfitter.stock.iter().any(|i| i == "circlet_of_clear_thought"));
}

/// #8: Morcar's spells are Chaos spells. The log tells a monster's spell by the edition's name
/// for it, 2021's Dread spell the control, and the quest checks use the same word.
#[test]
fn morcars_spells_are_chaos_spells() {
    for (rules, word) in [(REVISED, "Chaos spell"), ("", "Dread spell")] {
        let q = quest_with(
            &["barbarian"],
            &[(4, 0)],
            "",
            "(kind: \"dread_warrior\", at: (6, 0), movement: 0, spells: [\"lightning_bolt\"]), (kind: \"orc\", at: (24, 17))",
            DEFEAT_ALL,
            rules,
        );
        let mut g = Game::start(q, 1);
        g.end_hero_turns();
        let evs = cast(&mut g, 1, "lightning_bolt", 0);
        ok(&evs);
        let names = g.app.world().resource::<FigureNames>().clone();
        let line = evs
            .iter()
            .filter(|e| matches!(e, GameEvent::DreadSpellCast { .. }))
            .find_map(|e| hollowdeep::game::describe::describe(e, &names))
            .expect("the cast is told");
        assert!(line.contains(&format!("the {word} Lightning Bolt")), "{line}");
    }
    let text = format!(
        "Quest(format: 1, name: \"T\", briefing: \"B\", {REVISED} heroes: [\"barbarian\"], hero_starts: [(4, 0)], stairway: (12, 2, 2, 2),
         monsters: [(kind: \"orc\", at: (6, 0), spells: [\"dark_wish\"])], objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\")"
    );
    let why = crate::rules_revised::refused(&text);
    assert!(why.contains("unknown Chaos spell \"dark_wish\""), "{why}");
}
