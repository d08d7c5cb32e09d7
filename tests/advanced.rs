//! Issue 37: HeroQuest Revised's advanced game (the `hqr-advanced` module), each rule played
//! through the commands a player sends and cited by its checklists §1.1 item.

use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;
use hollowdeep::rules::systems::Modules;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, ok};

const ADVANCED: &str = "rules: \"heroquest-revised\", modules: [\"hqr-advanced\"],";

/// A game of the advanced game with a person at Morcar's seat, who buys no Dungeon card.
fn advanced_by_hand(q: std::sync::Arc<hollowdeep::quest::Quest>, seed: u64) -> Game {
    let mut app = hollowdeep::sim::headless_app();
    app.insert_resource(hollowdeep::game::Controllers {
        heroes: hollowdeep::game::Controller::Human,
        companions: Default::default(),
        sorcerer: hollowdeep::game::Controller::Human,
    });
    hollowdeep::game::logic::start_quest(app.world_mut(), q, seed);
    app.update();
    let mut g = Game { app };
    ok(&g.send(Command::ChooseDungeonCards { cards: Vec::new() }));
    while let Some(c) = hollowdeep::ai::heroes::choose_school(&g.snap()) {
        g.send(c);
    }
    g
}

/// A game of the advanced game: Morcar's Dungeon cards answered with `cards`, then the draft.
fn advanced(q: std::sync::Arc<hollowdeep::quest::Quest>, seed: u64, cards: &[&str]) -> Game {
    let mut g = Game::start_undrafted(q, seed);
    if matches!(g.turn().pending, Some(Pending::DungeonCards { .. })) {
        ok(&g.send(Command::ChooseDungeonCards {
            cards: cards.iter().map(|c| c.to_string()).collect(),
        }));
    }
    while let Some(c) = hollowdeep::ai::heroes::choose_school(&g.snap()) {
        g.send(c);
    }
    g
}

fn one(hero: &str, at: (i32, i32), monsters: &str, extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(&[hero], &[at], "", monsters, DEFEAT_ALL, &format!("{ADVANCED} {extra}"))
}

fn set_body(g: &mut Game, id: u32, body: u8) {
    let world = g.app.world_mut();
    let mut q = world.query::<(&FigureId, &mut Body)>();
    for (f, mut b) in q.iter_mut(world) {
        if f.0 == id {
            b.current = body;
        }
    }
}

fn set_mind(g: &mut Game, id: u32, mind: u8) {
    let world = g.app.world_mut();
    let mut q = world.query::<(&FigureId, &mut Mind)>();
    for (f, mut m) in q.iter_mut(world) {
        if f.0 == id {
            m.current = mind;
        }
    }
}

fn fate(g: &mut Game, id: u32) -> u8 {
    g.snap().figure(FigureId(id)).unwrap().fate.tokens
}

/// The module is Revised's: refused by name on any other rule system, and a quest that asks for
/// it there is refused where its file says so.
#[test]
fn the_advanced_game_is_a_module_of_revised_only() {
    let e = Modules::choose("heroquest-2021", &["hqr-advanced".into()]).unwrap_err();
    assert!(e.contains("cannot be played under \"heroquest-2021\""), "{e}");
    assert!(
        Modules::choose("heroquest-revised", &["hqr-advanced".into()])
            .unwrap()
            .advanced()
    );
    let text = "Quest(format: 1, name: \"T\", briefing: \"b\", heroes: [\"barbarian\"], hero_starts: [(0, 0)], \
                stairway: (12, 2, 2, 2), doors: [], monsters: [], objective: DefeatAll(return_to_stairway: false), \
                wandering_monster: \"orc\", modules: [\"hqr-advanced\"])";
    let e = hollowdeep::quest::parse_with(
        "t",
        "t.ron",
        text.as_bytes(),
        None,
        hollowdeep::quest::Winnable::NotChecked,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("t.ron:1:") && e.contains("advanced game module cannot be played under"),
        "{e}"
    );
}

/// #156–160, #162: the cards the text names and leaves to us, in the advanced tables and checked
/// where they load: skills for each hero, Dungeon and Event cards, the Enchanter's Emporium, the
/// seven potions, new armoury cards, twenty-three spell groups (Cantrips the Wizard's, Runes the
/// Dwarf's) with Mastery tests.
#[test]
fn the_advanced_tables_hold_the_cards_the_text_names() {
    let rs = RuleSet::heroquest_revised_advanced();
    let adv = rs.adv().expect("the advanced tables");
    for hero in ["barbarian", "dwarf", "elf", "wizard"] {
        let open = adv
            .skills
            .values()
            .filter(|s| s.fate > 0 && (s.heroes.is_empty() || s.heroes.iter().any(|h| h == hero)))
            .count();
        assert!(open >= 8, "{hero} may learn {open} skills");
        assert!(!adv.heroes[hero].skills.is_empty(), "{hero} starts with a skill (#156)");
    }
    assert!(
        adv.skills.values().any(|s| s.marks > 0),
        "some skills fund Dungeon cards"
    );
    assert!(adv.skills.values().any(|s| s.champion), "a skill turns a board (#166)");
    assert!(adv.dungeon_cards.len() >= 12);
    assert!(adv.event_cards.len() >= 20);
    let emporium = rs
        .town
        .as_ref()
        .unwrap()
        .shops
        .iter()
        .find(|s| s.id == "enchanter")
        .unwrap();
    assert!(emporium.stock.len() >= 12 && emporium.buys_back, "#157");
    for p in [
        "essence_of_warmth",
        "healing",
        "regeneration",
        "rejuvenation_salve",
        "restoration_draught",
        "revitalisation",
        "venom_antidote",
    ] {
        assert!(rs.potions.contains_key(p), "#158 {p}");
    }
    let basic = RuleSet::heroquest_revised();
    assert!(
        rs.weapons.len() + rs.armor.len() > basic.weapons.len() + basic.armor.len(),
        "#159"
    );
    let new_groups = rs.schools.keys().filter(|s| !basic.schools.contains_key(*s)).count();
    assert_eq!(new_groups, 23, "#160");
    assert!(rs.schools.values().all(|g| g.len() >= 3));
    assert_eq!(rs.school_only_for.get("cantrips").map(String::as_str), Some("wizard"));
    assert_eq!(
        rs.school_only_for.get("dwarven_runes").map(String::as_str),
        Some("dwarf")
    );
    assert!(rs.spells.values().filter(|s| s.mastery.is_some()).count() > 60, "#165");
    // The Elf's group and Water of Healing are the basic cards (#160).
    assert_eq!(rs.schools["sylvan"], basic.schools["sylvan"]);
    assert_eq!(rs.spells["water_of_healing"].mastery, None);
}

/// A mistake in an advanced file is reported where it is, or by the card it names.
#[test]
fn a_broken_advanced_file_is_reported_where_it_is() {
    let e = RuleSet::heroquest_revised()
        .advance("Advanced(\n  fate_recovers: 4,\n  bogus: 1,\n)")
        .unwrap_err();
    assert!(e.starts_with("3:"), "{e}");
    let text = hollowdeep::rules::ruleset::HQR_ADVANCED_RON.replace(
        "Ambush(kind: None, whom: Weakest)",
        "Ambush(kind: Some(\"verag\"), whom: Weakest)",
    );
    let e = RuleSet::heroquest_revised().advance(&text).unwrap_err();
    assert!(e.contains("\"verag\""), "{e}");
}

/// #161, #172: a hero on a quest of its own brings Fate; one Fate recovers up to four Body and
/// Mind in all, Body first; with none left, none is spent.
#[test]
fn fate_recovers_up_to_four_body_and_mind() {
    let mut g = advanced(one("barbarian", (0, 0), "(kind: \"orc\", at: (24, 17))", ""), 1, &[]);
    let start = fate(&mut g, 0);
    assert!(start > 0, "a quest on its own: the tables' starting Fate");
    let spend = Command::SpendFate {
        hero: FigureId(0),
        on: FateUse::Recover,
    };
    let why = rejected(&g.send(spend.clone())).expect("nothing to recover");
    assert!(why.contains("lost no Body"), "{why}");
    let max = g.snap().figure(FigureId(0)).unwrap().body_max;
    set_body(&mut g, 0, 2);
    set_mind(&mut g, 0, 1);
    let evs = g.send(spend.clone());
    ok(&evs);
    let h = g.snap().figure(FigureId(0)).unwrap().clone();
    let body_back = 4.min(max - 2);
    assert_eq!(h.body, 2 + body_back, "Body first");
    assert_eq!(h.mind, (1 + 4 - body_back).min(h.mind_max), "then Mind, four in all");
    assert_eq!(fate(&mut g, 0), start - 1);
    while fate(&mut g, 0) > 0 {
        set_body(&mut g, 0, 1);
        ok(&g.send(spend.clone()));
    }
    set_body(&mut g, 0, 1);
    let why = rejected(&g.send(spend)).expect("no Fate");
    assert!(why.contains("no Fate left"), "{why}");
}

/// #174: Fate spent on the next attack sets every die to a skull; on the next defence, every
/// die to its shield.
#[test]
fn fate_sets_every_die_of_one_roll() {
    let q = one(
        "barbarian",
        (4, 0),
        "(kind: \"orc\", at: (5, 0), body: 9), (kind: \"orc\", at: (24, 17))",
        "",
    );
    let mut g = advanced(q, 3, &[]);
    ok(&g.send(Command::SpendFate {
        hero: FigureId(0),
        on: FateUse::Roll(RollKind::Attack),
    }));
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(
        e,
        GameEvent::RollSet {
            kind: RollKind::Attack,
            ..
        }
    )));
    let attack = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack { attack, .. } => Some(attack.clone()),
            _ => None,
        })
        .unwrap();
    assert!(!attack.is_empty() && attack.iter().all(|f| *f == hollowdeep::rules::dice::Face::Skull));
    // The next attack rolls as it falls again: the Fate was used up.
    assert!(g.snap().figure(FigureId(0)).unwrap().fate.set.is_empty());
    // Defence: set before the orc strikes on Morcar's turn.
    let mut g = advanced(
        one(
            "barbarian",
            (4, 0),
            "(kind: \"orc\", at: (5, 0)), (kind: \"orc\", at: (24, 17))",
            "",
        ),
        5,
        &[],
    );
    ok(&g.send(Command::SpendFate {
        hero: FigureId(0),
        on: FateUse::Roll(RollKind::Defence),
    }));
    let body = g.snap().figure(FigureId(0)).unwrap().body;
    let mut evs = g.send(Command::EndTurn);
    while g.turn().phase == Phase::Sorcerer {
        let c = hollowdeep::ai::driver::decide(g.app.world_mut()).unwrap();
        evs.extend(g.send(c));
    }
    let defend = evs.iter().find_map(|e| match e {
        GameEvent::Attack { defend, target, .. } if *target == FigureId(0) => Some(defend.clone()),
        _ => None,
    });
    let defend = defend.expect("the orc beside the Barbarian strikes");
    assert!(defend.iter().all(|f| *f == hollowdeep::rules::dice::Face::WhiteShield));
    assert_eq!(g.snap().figure(FigureId(0)).unwrap().body, body, "every shield saves");
}

/// #173: another player's hero breaks in with Fate at the boundary before the next hero's
/// activation, takes a whole activation, and play goes back to the hero whose turn it was.
#[test]
fn fate_buys_an_activation_out_of_turn() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(0, 0), (1, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        ADVANCED,
    );
    let mut g = advanced(q, 2, &[]);
    let interrupt = Command::SpendFate {
        hero: FigureId(0),
        on: FateUse::Activation,
    };
    let why = rejected(&g.send(interrupt.clone())).expect("its own activation");
    assert!(why.contains("own"), "{why}");
    ok(&g.send(Command::EndTurn));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    let evs = g.send(interrupt.clone());
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::ExtraActivation { .. })));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    ok(&g.send(Command::EndTurn));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)), "back to the Dwarf's turn");
    // Not in the middle of an activation: only at a boundary.
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    let why = rejected(&g.send(interrupt)).expect("no boundary");
    assert!(why.contains("boundary"), "{why}");
}

/// #163: Run is an extra Move Action after a Move Action, with a new roll; never before one,
/// never after a bonus action; a running hero may not jump.
#[test]
fn run_rolls_the_speed_dice_again_after_a_move() {
    let mut g = advanced(one("barbarian", (0, 0), "(kind: \"orc\", at: (24, 17))", ""), 4, &[]);
    let run = Command::Run { hero: FigureId(0) };
    let why = rejected(&g.send(run.clone())).expect("no Move Action yet");
    assert!(why.contains("after a Move Action"), "{why}");
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    let evs = g.send(run.clone());
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::RunBegun { .. })));
    assert!(evs.iter().any(|e| matches!(e, GameEvent::MovementRolled { .. })));
    let p = g.turn().progress[&FigureId(0)];
    assert!(p.running && p.allowance.is_some() && p.steps_used == 0);
    let why = rejected(&g.send(run)).expect("one Run a turn");
    assert!(why.contains("running already"), "{why}");
    let why = rejected(&g.send(Command::Jump {
        figure: FigureId(0),
        over: vec![hollowdeep::rules::geometry::Pos { x: 1, y: 0 }],
        to: hollowdeep::rules::geometry::Pos { x: 2, y: 0 },
    }))
    .expect("no jumping while running");
    assert!(why.contains("running"), "{why}");
}

/// #163: a trap set off on a running move ends the hero's turn; a Move Action without a Run
/// goes on past a trap's spring as the basic game does.
#[test]
fn a_trap_set_off_ends_a_run() {
    // The Barbarian at (0, 0) walks two squares onto a spear trap, running or not.
    let walk = |run: bool| {
        let mut g = advanced(
            one(
                "barbarian",
                (0, 0),
                "(kind: \"orc\", at: (24, 17))",
                "traps: [(kind: Spear, at: (2, 0))],",
            ),
            1,
            &[],
        );
        ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
        if run {
            ok(&g.send(Command::Run { hero: FigureId(0) }));
        }
        let evs = g.send(Command::Move {
            figure: FigureId(0),
            path: vec![
                hollowdeep::rules::geometry::Pos { x: 1, y: 0 },
                hollowdeep::rules::geometry::Pos { x: 2, y: 0 },
            ],
        });
        (g, evs)
    };
    let (g, evs) = walk(true);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::TrapSprung { .. })), "{evs:?}");
    assert!(evs.iter().any(|e| matches!(e, GameEvent::RunCutShort { .. })));
    assert_ne!(g.turn().phase, Phase::Hero(FigureId(0)), "its turn is over");
    let (_, evs) = walk(false);
    assert!(!evs.iter().any(|e| matches!(e, GameEvent::RunCutShort { .. })));
}

/// Morcar's seat, played by hand: a wandering monster put on the first square offered, a turn
/// passed.
fn pass_morcar(g: &mut Game) {
    for _ in 0..20 {
        let t = g.turn();
        match t.pending {
            Some(Pending::PlaceWanderer { squares, .. }) => ok(&g.send(Command::PlaceWanderer { at: squares[0] })),
            _ if t.phase == Phase::Sorcerer => ok(&g.send(Command::EndTurn)),
            _ => break,
        }
    }
}

/// #164: furniture is searched apart. The room's own search no longer finds what the quest hides
/// in its furniture; searching the piece, from beside it, does, once for the whole party; a
/// piece with nothing in it gives nothing and no card.
#[test]
fn furniture_is_searched_apart_from_its_room() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), (1, 1)],
        "(at: (2, 0), to: (2, 1), open: true)",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        &format!(
            "{ADVANCED} furniture: [(kind: \"chest\", at: (3, 1)), (kind: \"chest\", at: (1, 2))], \
             treasure: [(room: (1, 1), text: \"A purse.\", gold: 40)],"
        ),
    );
    let mut g = advanced_by_hand(q, 6);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    ok(&evs);
    assert!(
        !evs.iter().any(|e| matches!(e, GameEvent::SpecialTreasureFound { .. })),
        "the purse lies in a chest, not loose in the room"
    );
    pass_morcar(&mut g);
    if g.turn().phase == Phase::Hero(FigureId(0)) {
        ok(&g.send(Command::EndTurn));
    }
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    // The Dwarf, beside the second chest, finds nothing there, and draws no card.
    let evs = g.send(Command::SearchFurniture {
        hero: FigureId(1),
        furniture: 1,
    });
    let why = rejected(&evs);
    assert!(why.is_none(), "{why:?}");
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::FurnitureSearched { found: false, .. }))
    );
    assert!(!evs.iter().any(|e| matches!(e, GameEvent::TreasureDrawn { .. })));
    ok(&g.send(Command::EndTurn));
    pass_morcar(&mut g);
    // The Barbarian searches the chest beside it: the purse.
    let evs = g.send(Command::SearchFurniture {
        hero: FigureId(0),
        furniture: 0,
    });
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::GoldFound { amount: 40, .. })));
    ok(&g.send(Command::EndTurn));
    // Once for the whole party.
    let why = rejected(&g.send(Command::SearchFurniture {
        hero: FigureId(1),
        furniture: 1,
    }))
    .expect("searched already");
    assert!(why.contains("already searched"), "{why}");
}

/// #165: a spell's Mastery test, 1d6 plus its number against the caster's Mind: passed, the
/// spell works; failed, the caster pays the shortfall in Mind and it works, or lets it fail.
#[test]
fn a_mastery_test_passes_is_paid_for_or_fails() {
    let rs = RuleSet::heroquest_revised_advanced();
    let number = rs.spells["genie"]
        .mastery
        .expect("the advanced Genie has a Mastery test");
    let game = |seed| {
        let q = one(
            "wizard",
            (4, 0),
            "(kind: \"orc\", at: (5, 0), body: 9), (kind: \"orc\", at: (24, 17))",
            "spell_schools: {\"wizard\": [\"air\"]},",
        );
        let mut g = advanced(q, seed, &[]);
        set_mind(&mut g, 0, 4);
        g
    };
    let cast = Command::CastSpell {
        caster: FigureId(0),
        spell: "genie".into(),
        target: FigureId(1),
    };
    let (mut passed, mut paid, mut failed) = (false, false, false);
    for seed in 1..80 {
        let mut g = game(seed);
        let mind = hollowdeep::game::heroquest::mastery_mind(g.snap().figure(FigureId(0)).unwrap());
        let evs = g.send(cast.clone());
        ok(&evs);
        let (roll, total) = evs
            .iter()
            .find_map(|e| match e {
                GameEvent::MasteryTested { roll, total, .. } => Some((*roll, *total)),
                _ => None,
            })
            .expect("a Mastery test");
        assert_eq!(total, roll + number);
        let cast_now = evs.iter().any(|e| matches!(e, GameEvent::SpellCast { .. }));
        if total <= mind {
            assert!(cast_now, "passed: the spell works");
            passed = true;
            continue;
        }
        assert!(!cast_now);
        let shortfall = total - mind;
        let Some(Pending::Mastery { shortfall: s, .. }) = g.turn().pending else {
            assert!(
                evs.iter().any(|e| matches!(e, GameEvent::MasteryFailed { .. })),
                "beyond its Mind"
            );
            continue;
        };
        assert_eq!(s, shortfall);
        // Nothing else until the caster answers.
        assert!(rejected(&g.send(Command::EndTurn)).is_some());
        let mut other = game(seed);
        other.send(cast.clone());
        let evs = other.send(Command::Mastery { pay: false });
        assert!(evs.iter().any(|e| matches!(e, GameEvent::MasteryFailed { .. })));
        assert!(!evs.iter().any(|e| matches!(e, GameEvent::SpellCast { .. })));
        failed = true;
        let before = g.snap().figure(FigureId(0)).unwrap().mind;
        let evs = g.send(Command::Mastery { pay: true });
        ok(&evs);
        assert!(
            evs.iter().any(|e| matches!(e, GameEvent::SpellCast { .. })),
            "paid: it works"
        );
        assert_eq!(g.snap().figure(FigureId(0)).unwrap().mind, before - shortfall);
        paid = true;
    }
    assert!(
        passed && paid && failed,
        "passed {passed}, paid {paid}, failed {failed}"
    );
}

/// #168: Morcar's budget is the marks on the heroes' skills; it buys Dungeon cards within it at
/// the quest's start, and they strengthen its monsters for the quest.
#[test]
fn dungeon_cards_are_bought_with_the_heroes_marks() {
    let rs = RuleSet::heroquest_revised_advanced();
    let adv = rs.adv().unwrap();
    let heroes = ["barbarian", "dwarf", "elf", "wizard"];
    let starting: Vec<String> = heroes.iter().flat_map(|h| adv.heroes[*h].skills.clone()).collect();
    let budget = adv.marks(&starting);
    let q = quest_with(
        &heroes,
        &[(0, 0), (1, 0), (2, 0), (3, 0)],
        "",
        "(kind: \"orc\", at: (24, 17)), (kind: \"goblin\", at: (23, 17))",
        DEFEAT_ALL,
        ADVANCED,
    );
    let mut app = hollowdeep::sim::headless_app();
    app.insert_resource(hollowdeep::game::Controllers {
        heroes: hollowdeep::game::Controller::Human,
        companions: Default::default(),
        sorcerer: hollowdeep::game::Controller::Human,
    });
    hollowdeep::game::logic::start_quest(app.world_mut(), q.clone(), 1);
    app.update();
    let mut g = Game { app };
    assert_eq!(g.turn().pending, Some(Pending::DungeonCards { budget }));
    assert!(
        rejected(&g.send(Command::RollMovement { hero: FigureId(0) })).is_some(),
        "it chooses first"
    );
    let dear: Vec<String> = adv.dungeon_cards.keys().cloned().collect();
    let why = rejected(&g.send(Command::ChooseDungeonCards { cards: dear })).expect("over budget");
    assert!(why.contains("marks"), "{why}");
    let (id, card) = adv
        .dungeon_cards
        .iter()
        .find(|(_, c)| {
            u32::from(c.cost) <= budget
                && matches!(&c.effect, hollowdeep::rules::ruleset::DungeonEffect::Monsters { kinds, defend, .. }
                    if *defend > 0 && (kinds.is_empty() || kinds.iter().any(|k| k == "orc")))
        })
        .expect("an affordable card that arms orcs");
    let hollowdeep::rules::ruleset::DungeonEffect::Monsters { defend, .. } = card.effect else {
        unreachable!()
    };
    let before = g.snap().figure(FigureId(4)).unwrap().fighter.defend;
    let evs = g.send(Command::ChooseDungeonCards {
        cards: vec![id.clone()],
    });
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::DungeonCardsChosen { .. })));
    assert_eq!(g.snap().figure(FigureId(4)).unwrap().fighter.defend, before + defend);
    // The computer sorcerer chooses within the budget, and says why.
    let g = Game::start_undrafted(q, 1);
    let cards = g
        .log()
        .iter()
        .find_map(|e| match e {
            GameEvent::DungeonCardsChosen { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .expect("the computer chose");
    let spent: u32 = cards.iter().map(|c| u32::from(adv.dungeon_cards[c].cost)).sum();
    assert!(spent <= budget && !cards.is_empty());
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, GameEvent::SorcererReasoned { text, .. } if text.contains("marks")))
    );
}

/// #169: Morcar gives up its turn to roll for Danger, a combat die; each skull draws an Event
/// card, played at once. Only at the start of its turn.
#[test]
fn danger_draws_an_event_card_for_each_skull() {
    let mut drew = false;
    for seed in 1..30 {
        let mut g = advanced_by_hand(one("barbarian", (0, 0), "(kind: \"orc\", at: (24, 17))", ""), seed);
        let why = rejected(&g.send(Command::Danger)).expect("the heroes' turn");
        assert!(why.contains("own turn"), "{why}");
        ok(&g.send(Command::EndTurn));
        assert_eq!(g.turn().phase, Phase::Sorcerer);
        let evs = g.send(Command::Danger);
        ok(&evs);
        let cards = evs
            .iter()
            .find_map(|e| match e {
                GameEvent::DangerRolled { cards, .. } => Some(*cards),
                _ => None,
            })
            .unwrap();
        let played = evs
            .iter()
            .filter(|e| matches!(e, GameEvent::EventPlayed { .. }))
            .count();
        assert_eq!(played, usize::from(cards));
        assert!(
            evs.iter().any(|e| matches!(e, GameEvent::TurnStarted { round: 2, .. })),
            "the turn was given up"
        );
        drew |= cards > 0;
    }
    assert!(drew, "some seed rolls a skull");
}

/// #175: under the co-operative turn order the heroes take their turns in the order they choose
/// each round, under either edition; under the advanced game Morcar starts holding an Event
/// card, played at its first turn.
#[test]
fn the_heroes_choose_their_order_under_the_cooperative_turn_order() {
    for rules in ["", "rules: \"heroquest-revised\","] {
        let q = quest_with(
            &["barbarian", "dwarf", "elf"],
            &[(0, 0), (1, 0), (2, 0)],
            "",
            "(kind: \"orc\", at: (24, 17))",
            DEFEAT_ALL,
            &format!("{rules} modules: [\"coop-turn-order\"],"),
        );
        let mut g = Game::start(q, 1);
        assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
        ok(&g.send(Command::Activate { figure: FigureId(2) }));
        assert_eq!(
            g.turn().phase,
            Phase::Hero(FigureId(2)),
            "the Elf goes first this round"
        );
        ok(&g.send(Command::EndTurn));
        ok(&g.send(Command::Activate { figure: FigureId(1) }));
        ok(&g.send(Command::EndTurn));
        assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
        ok(&g.send(Command::EndTurn));
        assert_eq!(g.turn().phase, Phase::Sorcerer, "then the sorcerer");
    }
    // Without the module each hero keeps its seat's turn.
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(0, 0), (1, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "",
    );
    let mut g = Game::start(q, 1);
    assert!(rejected(&g.send(Command::Activate { figure: FigureId(1) })).is_some());
    // The advanced game with it: an Event card at Morcar's first turn.
    let q = quest_with(
        &["barbarian"],
        &[(0, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "rules: \"heroquest-revised\", modules: [\"hqr-advanced\", \"coop-turn-order\"],",
    );
    let mut g = advanced(q, 1, &[]);
    let rs = RuleSet::heroquest_revised_advanced();
    let from_cards: usize = g
        .log()
        .iter()
        .filter_map(|e| match e {
            GameEvent::DungeonCardsChosen { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .flatten()
        .map(|c| match rs.adv().unwrap().dungeon_cards[&c].effect {
            hollowdeep::rules::ruleset::DungeonEffect::Events(n) => usize::from(n),
            _ => 0,
        })
        .sum();
    let evs = g.send(Command::EndTurn);
    assert_eq!(
        evs.iter()
            .filter(|e| matches!(e, GameEvent::EventPlayed { .. }))
            .count(),
        1 + from_cards,
        "the co-operative order's card, and any a Dungeon card gives"
    );
}

/// #176: at a quest's start each weapon whose only attack is ranged costs 5 gold a die, or it is
/// drained and cannot be shot this quest; a thrown dagger, which also strikes in hand, costs
/// nothing.
#[test]
fn ranged_weapons_cost_upkeep_or_are_drained() {
    let quest = |gold: u32| {
        quest_with(
            &["elf"],
            &[(4, 0)],
            "",
            "(kind: \"orc\", at: (7, 0)), (kind: \"orc\", at: (24, 17))",
            DEFEAT_ALL,
            &format!(
                "rules: \"heroquest-revised\", modules: [\"ranged-upkeep\"], \
                 equipment: {{\"elf\": (weapon: Some(\"shortsword\"), items: [\"bow\", \"dagger\"], gold: {gold})}},"
            ),
        )
    };
    let bow = RuleSet::heroquest_revised().weapons["bow"].attack;
    let mut g = Game::start(quest(100), 1);
    let paid = g.log().iter().any(
        |e| matches!(e, GameEvent::UpkeepPaid { weapon, gold, .. } if weapon == "bow" && *gold == 5 * u32::from(bow)),
    );
    assert!(paid);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, GameEvent::UpkeepPaid { weapon, .. } if weapon == "dagger"))
    );
    assert_eq!(
        g.snap().figure(FigureId(0)).unwrap().inventory.gold,
        100 - 5 * u32::from(bow)
    );
    assert!(
        g.snap()
            .ranged_weapons(g.snap().figure(FigureId(0)).unwrap())
            .contains(&"bow".to_string())
    );
    let mut g = Game::start(quest(0), 1);
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, GameEvent::WeaponDrained { weapon, .. } if weapon == "bow"))
    );
    let snap = g.snap();
    assert!(
        !snap
            .ranged_weapons(snap.figure(FigureId(0)).unwrap())
            .contains(&"bow".to_string())
    );
    let why = rejected(&g.send(Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(1),
        weapon: "bow".into(),
    }))
    .expect("a drained bow");
    assert!(!why.is_empty());
}

/// #167, #170–171: in a campaign of the advanced game a hero wins a Fate for each quest won and
/// learns skills with it between quests: never one that costs no Fate, one for another kind of
/// hero, one before the skill it builds on, or one it cannot pay for.
#[test]
fn skills_are_learnt_with_fate_between_quests() {
    use hollowdeep::campaign::Campaign;
    let rs = RuleSet::heroquest_revised_advanced();
    let adv = rs.adv().unwrap();
    let mut c = Campaign::new(&rs);
    c.modules = vec!["hqr-advanced".into()];
    assert_eq!(
        c.skills_of(&rs, "dwarf"),
        adv.heroes["dwarf"].skills,
        "the board's starting skills"
    );
    let starting = &adv.heroes["dwarf"].skills[0];
    let why = c.may_learn(&rs, "dwarf", starting).unwrap_err();
    assert!(why.contains("already"), "{why}");
    let (free, _) = adv.skills.iter().find(|(_, d)| d.fate == 0).unwrap();
    let other = adv
        .heroes
        .iter()
        .find(|(h, _)| *h != "dwarf")
        .map(|(h, _)| h.clone())
        .unwrap();
    if !adv.heroes[&other].skills.contains(free) {
        let why = c.may_learn(&rs, &other, free).unwrap_err();
        assert!(why.contains("starting skill") || why.contains("not a skill"), "{why}");
    }
    let (elfish, _) = adv
        .skills
        .iter()
        .find(|(_, d)| d.fate > 0 && d.heroes == ["elf"])
        .unwrap();
    let why = c.may_learn(&rs, "dwarf", elfish).unwrap_err();
    assert!(why.contains("not a skill for"), "{why}");
    let (cheap, d) = adv
        .skills
        .iter()
        .filter(|(_, d)| {
            d.fate > 0 && d.requires.is_empty() && d.gold == 0 && (d.heroes.is_empty() || d.heroes == ["dwarf"])
        })
        .min_by_key(|(_, d)| d.fate)
        .unwrap();
    let why = c.may_learn(&rs, "dwarf", cheap).unwrap_err();
    assert!(why.contains("Fate"), "{why}");
    c.party.get_mut("dwarf").unwrap().fate = d.fate;
    c.learn(&rs, "dwarf", cheap).unwrap();
    assert_eq!(c.party["dwarf"].fate, 0);
    assert!(c.skills_of(&rs, "dwarf").contains(cheap) && c.skills_of(&rs, "dwarf").contains(starting));
    if let Some((needs, nd)) = adv
        .skills
        .iter()
        .find(|(_, d)| d.fate > 0 && !d.requires.is_empty() && (d.heroes.is_empty() || d.heroes == ["dwarf"]))
    {
        c.party.get_mut("dwarf").unwrap().fate = nd.fate;
        c.party.get_mut("dwarf").unwrap().gold = nd.gold;
        let known = c.skills_of(&rs, "dwarf");
        if nd.requires.iter().any(|r| !known.contains(r)) {
            let why = c.may_learn(&rs, "dwarf", needs).unwrap_err();
            assert!(why.contains("first"), "{why}");
        }
    }
    // Between quests the party learns with its Fate (the simulated party, the cheapest skill it
    // may); the next quest brings each hero's Fate and skills, and after it a hero who lived
    // keeps its skills and the Fate it did not spend, one more for a win.
    for h in c.party.values_mut() {
        h.fate = 1;
    }
    c.shop(&rs);
    let brought: Vec<(String, Vec<String>)> = c.party.keys().map(|k| (k.clone(), c.skills_of(&rs, k))).collect();
    assert!(
        brought.iter().any(|(k, s)| s.len() > adv.heroes[k].skills.len()),
        "{brought:?}"
    );
    let q = c.prepare(&hollowdeep::quest::load("the-mercenaries-road").unwrap());
    for (k, s) in &brought {
        assert_eq!(q.skills.as_ref().unwrap()[k], *s);
    }
    let mut world = hollowdeep::sim::headless_world(
        q,
        5,
        hollowdeep::sim::Matchup {
            sorcerer: hollowdeep::ai::SorcererLevel::Normal,
            heroes_bot: hollowdeep::ai::HeroBot::Competent,
        },
    );
    let outcome = hollowdeep::sim::play_out(&mut world).outcome.unwrap_or(Outcome::Lost);
    let snap = hollowdeep::game::snapshot::Snapshot::capture(&mut world).unwrap();
    c.settle("the-mercenaries-road", outcome, &snap);
    for h in snap.heroes() {
        let kept = &c.party[&h.kind];
        if h.body == 0 && !h.escaped {
            assert!(
                kept.skills.is_empty() && kept.fate == 0,
                "a fallen hero's new self starts again"
            );
        } else {
            assert_eq!(kept.skills, h.skills.ids);
            assert_eq!(kept.fate, h.fate.tokens + u8::from(outcome == Outcome::Won));
        }
    }
}

/// `simulate --campaign` under the advanced game (issue 37's check): the report counts the skills
/// the parties learnt with Fate between quests and shows Morcar's Dungeon budget quest by quest,
/// growing with the marks on the skills learnt.
#[test]
fn the_campaign_report_shows_skills_learnt_and_growing_budgets() {
    let m = hollowdeep::sim::Matchup {
        sorcerer: hollowdeep::ai::SorcererLevel::Normal,
        heroes_bot: hollowdeep::ai::HeroBot::Competent,
    };
    let r = hollowdeep::sim::simulate_campaigns("heroquest-revised", 3, 1, m, &["hqr-advanced".to_string()], 2);
    assert!(!r.skills_learnt.is_empty(), "{r:?}");
    let budgets: Vec<f64> = r
        .quests
        .iter()
        .filter(|q| q.tries > 0)
        .map(|q| q.mean_dungeon_budget.expect("a budget under the advanced game"))
        .collect();
    assert!(budgets.len() >= 2, "{:?}", r.quests);
    assert!(
        budgets[1..].iter().any(|b| *b > budgets[0]),
        "the budget grows with the skills learnt: {budgets:?}"
    );
    // Outside the advanced game the report has no budgets.
    let basic = hollowdeep::sim::simulate_campaigns("heroquest-revised", 1, 1, m, &[], 1);
    assert!(basic.quests.iter().all(|q| q.mean_dungeon_budget.is_none()) && basic.skills_learnt.is_empty());
}
