//! Issue 36: HeroQuest Revised, the basic game, rule by rule. Each test plays the rule through
//! the commands a player sends, on a quest whose `rules` names Revised (or a 2021 quest taken
//! under it, as `--rules heroquest-revised` does), and cites its line of
//! `../shared/rules/checklists.md` §1.1. Where it helps, the same scene under 2021 is the control.

use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;
use hollowdeep::rules::systems::{Edition, RuleSystem};

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, has, ok};

pub(crate) const REVISED: &str = "rules: \"heroquest-revised\",";

/// What the quest checks say of a quest text that must not load.
pub(crate) fn refused(text: &str) -> String {
    hollowdeep::quest::parse_with(
        "t",
        "t.ron",
        text.as_bytes(),
        None,
        hollowdeep::quest::Winnable::NotChecked,
    )
    .unwrap_err()
    .to_string()
}

/// Heroes in room nw1 (1..4, 1..3) with its open door to the corridor at (2,0)-(2,1), under
/// Revised or (`revised` false) 2021.
pub(crate) fn room(revised: bool, extra: &str, monsters: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    let rules = if revised { REVISED } else { "" };
    quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), (3, 2)],
        "(at: (2, 0), to: (2, 1), open: true)",
        monsters,
        DEFEAT_ALL,
        &format!("{rules} {extra}"),
    )
}

/// Item 1 and issue 36 part 1: Revised is a rule system like any other, chosen by a quest's
/// `rules` or by id, and every HeroQuest quest can be taken under it; a mission cannot.
#[test]
fn revised_is_chosen_by_id_and_takes_any_heroquest_quest() {
    let info = hollowdeep::rules::systems::playable_rule_system("heroquest-revised").unwrap();
    assert_eq!(info.system, Some(RuleSystem::HeroQuest(Edition::Revised)));
    let q = room(true, "", FAR_ORC);
    assert_eq!(q.system, RuleSystem::HeroQuest(Edition::Revised));
    assert!(
        q.rules.heroes["dwarf"].board.is_some(),
        "the Revised tables, with hero boards"
    );
    let book = hollowdeep::quest::load("the-bone-orchard").unwrap();
    let under = book.under("heroquest-revised").unwrap();
    assert_eq!(under.system.id(), "heroquest-revised");
    assert!(
        under
            .monsters
            .iter()
            .any(|m| m.stats.abilities.contains(&hollowdeep::rules::ruleset::Ability::Undead)),
        "the quest's undead carry Revised's abilities"
    );
    assert_eq!(under.under("heroquest-2021").unwrap().rules.heroes["dwarf"].board, None);
    let mission = hollowdeep::quest::load("the-bat-caves").unwrap();
    let e = mission.under("heroquest-revised").unwrap_err();
    assert!(e.contains("cannot be played under"), "{e}");
}

/// #50: "Closing a door is never mentioned": under Revised a door once opened stays open. The
/// command is refused with the reason and never offered; 2021 closes it.
#[test]
fn a_door_once_opened_stays_open() {
    for revised in [false, true] {
        let mut g = Game::start(room(revised, "", FAR_ORC), 1);
        let close = Command::CloseDoor {
            hero: FigureId(0),
            door: 0,
        };
        let offered = hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&close);
        assert_eq!(offered, !revised, "revised: {revised}");
        let evs = g.send(close);
        if revised {
            let why = rejected(&evs).expect("refused");
            assert!(why.contains("stays open"), "{why}");
            assert!(g.snap().door(0).unwrap().open);
        } else {
            ok(&evs);
            assert!(!g.snap().door(0).unwrap().open);
        }
    }
}

/// Item 6 of issue 36 (row 72): under the action-point module, which prices opening and closing a
/// door, Revised's doors still never close; the module does not grant what the edition forbids.
#[test]
fn under_action_points_a_revised_door_still_stays_open() {
    let q = room(true, "modules: [\"action-points\"],", FAR_ORC);
    let mut g = Game::start(q, 1);
    g.place_on_starts();
    ok(&g.send(Command::RollMovement { hero: FigureId(0) }));
    let close = Command::CloseDoor {
        hero: FigureId(0),
        door: 0,
    };
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&close));
    let why = rejected(&g.send(close)).expect("refused");
    assert!(why.contains("stays open"), "{why}");
}

/// #63–66: any hero with a Dexterity score may try, with no tool kit; 1d6 + Dexterity, 7 or
/// more removes the trap and the hero ends on its square; less springs it and pulls the hero
/// onto it. #62: not with a monster in the same corridor.
#[test]
fn a_trap_is_disarmed_with_a_die_and_dexterity() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (6, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        &format!("{REVISED} traps: [(kind: Spear, at: (5, 0))],"),
    );
    let make = |seed| Game::start(q.clone(), seed);
    let attempt = |g: &mut Game| {
        ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
        g.send(Command::EndTurn);
        // The Dwarf carries no tool kit: its Dexterity is enough.
        g.send(Command::DisarmTrap {
            hero: FigureId(1),
            trap: 0,
        })
    };
    let (mut g, evs) = find_seed(make, attempt, |e| has(e, "trap_disarmed"));
    let Some(GameEvent::TrapDisarmed { roll, dexterity, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::TrapDisarmed { .. }))
    else {
        unreachable!()
    };
    assert_eq!(*dexterity, Some(3), "the Dwarf's board: Dexterity 3");
    let Face::Pip(d) = roll[0] else {
        panic!("a d6, not a combat die: {roll:?}")
    };
    assert!(d + 3 >= 7, "rolled {d}");
    assert_eq!(g.snap().trap(0).unwrap().state, TrapState::Disarmed);
    assert_eq!(g.pos(1), Some(p(5, 0)), "#65: the hero ends on the trap's square");
    let line = hollowdeep::game::describe::with_dexterity(roll, *dexterity);
    assert_eq!(line, format!("{d} + 3 Dexterity = {}", d + 3));

    let (mut g, evs) = find_seed(make, attempt, |e| has(e, "disarm_failed"));
    let Some(GameEvent::DisarmFailed { roll, .. }) = evs.iter().find(|e| matches!(e, GameEvent::DisarmFailed { .. }))
    else {
        unreachable!()
    };
    assert!(matches!(roll[0], Face::Pip(d) if d + 3 < 7), "{roll:?}");
    assert!(has(&evs, "trap_sprung"));
    assert_eq!(g.pos(1), Some(p(5, 0)), "#66: pulled onto the trap");

    // #62: an orc in the same corridor forbids it, and the menu does not offer it.
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (6, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), movement: 0)",
        DEFEAT_ALL,
        &format!("{REVISED} traps: [(kind: Spear, at: (5, 0))],"),
    );
    let mut g = Game::start(q, 1);
    // Found by a quest's own knowledge: the heroes' search is refused with a monster in sight.
    g.app
        .world_mut()
        .query::<&mut Trap>()
        .iter_mut(g.app.world_mut())
        .for_each(|mut t| {
            t.state = TrapState::Known;
        });
    g.send(Command::EndTurn);
    let disarm = Command::DisarmTrap {
        hero: FigureId(1),
        trap: 0,
    };
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&disarm));
    let why = rejected(&g.send(disarm)).expect("refused");
    assert!(why.contains("monster"), "{why}");
}

/// #21, #25, #26, #68: a hero board's Speed dice and Resilience, and Aggression once no weapon
/// is in hand (the Barbarian's thrown dagger: 2 dice unarmed, against 2021's 1).
#[test]
fn hero_boards_give_speed_resilience_and_aggression() {
    for revised in [false, true] {
        let q = room(
            revised,
            "equipment: {\"barbarian\": (weapon: \"dagger\")},",
            "(kind: \"orc\", at: (4, 1), movement: 0, body: 5)",
        );
        let mut g = Game::start(q, 1);
        let b = g.snap().figure(FigureId(0)).unwrap().clone();
        assert_eq!((b.fighter.defend, b.fighter.movement), (2, Movement::Dice(2)));
        ok(&g.send(Command::Shoot {
            attacker: FigureId(0),
            target: FigureId(2),
            weapon: "dagger".into(),
        }));
        let b = g.snap().figure(FigureId(0)).unwrap().clone();
        assert_eq!(b.equipment.weapon, None, "the dagger is thrown");
        let unarmed = if revised { 2 } else { 1 };
        assert_eq!(b.fighter.attack, unarmed, "revised: {revised}");
        // The dice an attack rolls: step next to the orc and strike with bare hands.
        g.place(0, p(3, 1));
        let orc = g.snap().figure(FigureId(2)).unwrap().clone();
        let hero = g.snap().figure(FigureId(0)).unwrap().clone();
        assert_eq!(g.snap().attack_dice(&hero, &orc, None), unarmed);
        g.end_hero_turns();
        g.send(Command::EndTurn);
        let evs = g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(2),
        });
        let Some(GameEvent::Attack { attack, .. }) = evs.iter().find(|e| matches!(e, GameEvent::Attack { .. })) else {
            panic!("{evs:?}")
        };
        assert_eq!(attack.len(), usize::from(unarmed), "revised: {revised}");
    }
}

/// #80–81: a hero who falls with no other hero near leaves an Equipment token under Revised;
/// the monsters never claim it. Under 2021 they do.
#[test]
fn monsters_never_claim_a_fallen_heros_belongings() {
    for revised in [false, true] {
        let rules = if revised { REVISED } else { "" };
        let q = quest_with(
            &["barbarian", "dwarf"],
            &[(3, 0), (20, 17)],
            "",
            "(kind: \"orc\", at: (4, 0), attack: 8)",
            DEFEAT_ALL,
            &format!("{rules} equipment: {{\"barbarian\": (gold: 40)}},"),
        );
        let (mut g, evs) = strike_the_weakened_hero(|seed| Game::start(q.clone(), seed), 2, |e| has(e, "hero_killed"));
        assert_eq!(has(&evs, "possessions_claimed"), !revised, "revised: {revised}");
        assert_eq!(has(&evs, "possessions_dropped"), revised, "revised: {revised}");
        assert_eq!(g.snap().loot.len(), usize::from(revised));
    }
}

/// #30 and #137: furniture blocks sight (a shot across a chest), where 2021 lets it through.
#[test]
fn furniture_blocks_sight() {
    for revised in [false, true] {
        let q = room(
            revised,
            "furniture: [(kind: \"chest\", at: (2, 2))], equipment: {\"barbarian\": (weapon: \"crossbow\")},",
            "(kind: \"orc\", at: (4, 2), movement: 0)",
        );
        let mut g = Game::start(q, 1);
        g.place(0, p(1, 2));
        g.place(1, p(1, 3));
        assert_eq!(g.snap().sees(p(1, 2), p(4, 2)), !revised, "revised: {revised}");
        let shot = g.send(Command::Shoot {
            attacker: FigureId(0),
            target: FigureId(2),
            weapon: "crossbow".into(),
        });
        assert_eq!(rejected(&shot).is_some(), revised, "revised: {revised}: {shot:?}");
    }
}

/// #32–33: exploring, a hero sees past figures (and furniture and portcullises): the corridor
/// beyond a sleeping orc is revealed under Revised, and stays dark behind it under 2021.
#[test]
fn exploring_sees_past_figures() {
    for revised in [false, true] {
        let rules = if revised { REVISED } else { "" };
        let q = quest_with(
            &["barbarian"],
            &[(2, 0)],
            "",
            "(kind: \"orc\", at: (4, 0), movement: 0)",
            DEFEAT_ALL,
            rules,
        );
        let mut g = Game::start(q, 1);
        let snap = g.snap();
        assert!(snap.fog.is_revealed(p(4, 0)));
        assert_eq!(snap.fog.is_revealed(p(7, 0)), revised, "revised: {revised}");
        // Sight for a blow or a spell still stops at the orc.
        assert!(!snap.sees(p(2, 0), p(7, 0)));
    }
}

/// #72, #135: Heat damage against a monster with a Weakness to it is doubled (a Fire of Wrath
/// on a mummy); 2021's mummy takes it as it comes.
#[test]
fn a_weakness_doubles_damage_of_its_kind() {
    for revised in [false, true] {
        let rules = if revised { REVISED } else { "" };
        let q = quest_with(
            &["wizard"],
            &[(2, 0)],
            "",
            "(kind: \"mummy\", at: (5, 0), body: 8, movement: 0)",
            DEFEAT_ALL,
            &format!("{rules} spell_schools: {{\"wizard\": [\"fire\", \"water\", \"air\"]}},"),
        );
        let mut g = Game::start(q, 1);
        let evs = crate::rules_2021::cast(&mut g, 0, "fire_of_wrath", 1);
        ok(&evs);
        let Some(GameEvent::Wounded { amount, dice, .. }) = evs.iter().find(|e| matches!(e, GameEvent::Wounded { .. }))
        else {
            panic!("{evs:?}")
        };
        let saved = dice.iter().filter(|f| **f == Face::BlackShield).count() as u8;
        let want = if revised { (3 - saved) * 2 } else { 3 - saved };
        assert_eq!(*amount, want, "revised: {revised}");
    }
}

/// A quest names the rule systems it is written for (`rules`, then `also_rules`); another is
/// refused, and a bad `also_rules` entry is an error at its `line:col`.
#[test]
fn a_quest_is_played_only_under_the_rule_systems_it_names() {
    let only_2021 = room(false, "", FAR_ORC);
    let e = only_2021.under("heroquest-revised").unwrap_err();
    assert!(e.contains("is written for \"heroquest-2021\""), "{e}");
    let both = room(false, "also_rules: [\"heroquest-revised\"],", FAR_ORC);
    assert_eq!(both.written_for.len(), 2);
    assert!(both.under("heroquest-revised").is_ok());
    for (also, want) in [
        ("\"heroica\"", "only another HeroQuest edition"),
        ("\"chess\"", "unknown rule system \"chess\""),
        ("\"heroquest-2021\"", "named twice"),
    ] {
        let text = format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\",\n    also_rules: [{also}],\n    heroes: [\"barbarian\"], hero_starts: [(12, 2)], stairway: (12, 2, 2, 2),
             monsters: [(kind: \"orc\", at: (24, 17))], objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\")"
        );
        let e = refused(&text);
        assert!(e.contains("t.ron:2:18") && e.contains(want), "{also}: {e}");
    }
}

/// #94, #17: the Investigation action where a quest event waits on it, and the Test of Strength
/// the event asks for: one d6 per current Body, any 6 passes, then the event's `pass` or `fail`.
/// Elsewhere there is nothing to investigate: neither offered nor accepted (row 70).
#[test]
fn investigating_sets_off_a_test_of_strength() {
    let events = "events: [(when: Investigated(at: (2, 2)), then: [Test(test: Strength, \
                  pass: [Message(\"The slab grinds aside.\"), GiveGold(amount: 50)], \
                  fail: [Message(\"It will not budge.\")])])],";
    let q = room(true, events, FAR_ORC);
    let make = |seed| Game::start(q.clone(), seed);
    let look = Command::Investigate {
        hero: FigureId(0),
        at: p(2, 2),
    };
    let mut g = make(1);
    let legal = hollowdeep::game::heroquest::legal_commands(&g.snap());
    assert!(legal.contains(&look));
    let elsewhere = Command::Investigate {
        hero: FigureId(0),
        at: p(1, 1),
    };
    assert!(!legal.contains(&elsewhere));
    let why = rejected(&g.send(elsewhere)).expect("nothing there");
    assert!(why.contains("nothing at (1,1)") || why.contains("nothing at"), "{why}");
    for passed in [true, false] {
        let (mut g, evs) = find_seed(
            make,
            |g| g.send(look.clone()),
            |e| {
                e.iter()
                    .any(|e| matches!(e, GameEvent::TestRolled { passed: x, .. } if *x == passed))
            },
        );
        ok(&evs);
        assert!(has(&evs, "investigated"));
        let Some(GameEvent::TestRolled { dice, test, .. }) =
            evs.iter().find(|e| matches!(e, GameEvent::TestRolled { .. }))
        else {
            unreachable!()
        };
        assert_eq!(*test, hollowdeep::rules::ruleset::TestKind::Strength);
        assert_eq!(dice.len(), 8, "the Barbarian's 8 Body");
        assert_eq!(dice.contains(&Face::Pip(6)), passed);
        assert_eq!(has(&evs, "gold_found"), passed);
        let said = |t: &str| {
            evs.iter()
                .any(|e| matches!(e, GameEvent::QuestMessage { text } if text == t))
        };
        assert_eq!(said("It will not budge."), !passed);
        // It was the hero's action; the event has fired and the square is quiet now.
        assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&look));
        assert!(rejected(&g.send(Command::SearchTreasure { hero: FigureId(0) })).is_some());
    }
    // A test with nothing to do either way, and a square off the board, are errors where written.
    for (events, want) in [
        (
            "Investigated(at: (2, 2)), then: [Test(test: Will)]",
            "a test needs an effect",
        ),
        ("Investigated(at: (40, 2)), then: [Message(\"x\")]", "off the board"),
    ] {
        let text = format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(12, 2)],
             stairway: (12, 2, 2, 2), monsters: [(kind: \"orc\", at: (24, 17))],
             objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",
             events: [(when: {events})])"
        );
        let e = refused(&text);
        assert!(e.contains("t.ron:4:") && e.contains(want), "{e}");
    }
}

/// #18: a Test of Will rolls one die per current Mind (the Wizard's 6).
#[test]
fn a_test_of_will_rolls_the_minds_dice() {
    let q = quest_with(
        &["wizard"],
        &[(2, 1)],
        "(at: (2, 0), to: (2, 1), open: true)",
        FAR_ORC,
        DEFEAT_ALL,
        &format!(
            "{REVISED} spell_schools: {{\"wizard\": [\"fire\", \"water\", \"air\"]}},
             events: [(when: Investigated(at: (2, 1)), then: [Test(test: Will, fail: [FailQuest])])],"
        ),
    );
    let mut g = Game::start(q, 3);
    let evs = g.send(Command::Investigate {
        hero: FigureId(0),
        at: p(2, 1),
    });
    ok(&evs);
    let Some(GameEvent::TestRolled { dice, passed, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::TestRolled { .. }))
    else {
        panic!("{evs:?}")
    };
    assert_eq!(dice.len(), 6);
    assert_eq!(has(&evs, "quest_lost"), !passed);
}

/// #12–15: the heroes with Spellcraft pick spell groups by Mind (the Wizard's 6 before the Elf's
/// 4), one a pick, in turn, until each has its Spellcraft's worth (Wizard 3, Elf 1); Wizardry is
/// the Wizard's alone and the Sylvan group the Elf's; groups nobody picks stay unused.
#[test]
fn spells_are_drafted_by_mind_and_a_heros_own_group_is_its_alone() {
    let q = quest_with(
        &["barbarian", "dwarf", "elf", "wizard"],
        &[(2, 1), (3, 2), (1, 1), (1, 2)],
        "(at: (2, 0), to: (2, 1), open: true)",
        FAR_ORC,
        DEFEAT_ALL,
        REVISED,
    );
    let mut g = Game::start_undrafted(q, 1);
    let (elf, wizard) = (FigureId(2), FigureId(3));
    let draft = g.turn().draft.expect("a draft");
    assert_eq!(draft.next, wizard, "the highest Mind picks first");
    assert_eq!(draft.order, vec![(wizard, 3), (elf, 1)]);
    let pick = |hero, school: &str| Command::ChooseSchool {
        hero,
        school: school.into(),
    };
    let legal = hollowdeep::game::heroquest::legal_commands(&g.snap());
    assert!(legal.contains(&pick(wizard, "wizardry")) && !legal.contains(&pick(wizard, "sylvan")));
    let why = rejected(&g.send(pick(wizard, "sylvan"))).expect("the Elf's group");
    assert!(why.contains("for the Elf alone"), "{why}");
    ok(&g.send(pick(wizard, "fire")));
    assert_eq!(g.turn().draft.unwrap().next, elf, "in turn");
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&pick(elf, "wizardry")));
    ok(&g.send(pick(elf, "sylvan")));
    ok(&g.send(pick(wizard, "wizardry")));
    ok(&g.send(pick(wizard, "water")));
    assert!(g.turn().draft.is_none(), "each has its Spellcraft's worth");
    let snap = g.snap();
    let schools = |id| snap.figure(id).unwrap().spellbook.schools.clone();
    assert_eq!(schools(wizard), vec!["fire", "wizardry", "water"]);
    assert_eq!(schools(elf), vec!["sylvan"]);
    assert!(
        snap.figure(elf)
            .unwrap()
            .spellbook
            .spells
            .contains(&"starfire".to_string())
    );
}

/// The Wizard with Wizardry, Fire and Water (a quest's fixed schools), an orc in sight down the
/// corridor, and what else `extra` adds, under Revised.
fn wizard_and(monster: &str, extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(
        &["wizard"],
        &[(2, 0)],
        "",
        monster,
        DEFEAT_ALL,
        &format!("{REVISED} spell_schools: {{\"wizard\": [\"wizardry\", \"fire\", \"water\"]}}, {extra}"),
    )
}

/// #75, #71, #76: Mystic Combat (the Wizard's Mind Spike): the caster's Mind in combat dice
/// against the target's Mind, each skull not saved a Mind point lost; a monster at 0 Mind falls.
/// #77, #134: the Undead are immune to it and never fall for want of Mind.
#[test]
fn mystic_combat_takes_mind_and_the_undead_feel_nothing() {
    let q = wizard_and("(kind: \"orc\", at: (5, 0), movement: 0)", "");
    let make = |seed| Game::start(q.clone(), seed);
    let spike = |g: &mut Game| crate::rules_2021::cast(g, 0, "mind_spike", 1);
    for want in [1u8, 2] {
        let (mut g, evs) = find_seed(make, spike, |e| {
            e.iter()
                .any(|e| matches!(e, GameEvent::MysticAttack { damage, .. } if *damage == want))
        });
        let Some(GameEvent::MysticAttack { attack, defend, .. }) =
            evs.iter().find(|e| matches!(e, GameEvent::MysticAttack { .. }))
        else {
            unreachable!()
        };
        assert_eq!(
            (attack.len(), defend.len()),
            (6, 2),
            "the Wizard's Mind 6 against the orc's 2"
        );
        let orc = g.snap().figure(FigureId(1)).cloned();
        if want == 2 {
            assert!(has(&evs, "monster_killed") && orc.is_none(), "#76: at 0 Mind it falls");
        } else {
            let orc = orc.unwrap();
            assert_eq!((orc.mind, orc.body), (1, 1), "Spirit damage takes Mind, not Body");
        }
    }
    let q = wizard_and("(kind: \"skeleton\", at: (5, 0), movement: 0)", "");
    let mut g = Game::start(q, 1);
    let evs = crate::rules_2021::cast(&mut g, 0, "mind_spike", 1);
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::MysticAttack { damage: 0, .. }))
    );
    assert!(g.snap().figure(FigureId(1)).is_some(), "the skeleton stands");
    assert!(
        !evs.iter().any(|e| matches!(e, GameEvent::MindLost { .. })),
        "no \"loses 0 Mind\" line after the attack's own \"no harm done\""
    );
}

/// #82–83: a hero brought to 0 Mind (Morcar's Mind Lash) is In Shock: one Speed die, its
/// board's Aggression and Resilience whatever it carries, and no spell, potion, shot or item.
#[test]
fn a_hero_at_zero_mind_is_in_shock() {
    let q = wizard_and(
        "(kind: \"dread_warrior\", name: \"Hexer\", at: (5, 0), movement: 0, mind: 6, spells: [\"mind_lash\"])",
        "equipment: {\"wizard\": (potions: [\"healing\"])},",
    );
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        let e = g.snap().figure(FigureId(0)).unwrap().entity;
        g.app.world_mut().get_mut::<Mind>(e).unwrap().current = 1;
        g.end_hero_turns();
        g
    };
    let (mut g, evs) = find_seed(
        make,
        |g| crate::rules_2021::cast(g, 1, "mind_lash", 0),
        |e| {
            e.iter().any(|e| {
                matches!(
                    e,
                    GameEvent::StatusGained {
                        status: StatusKind::InShock,
                        ..
                    }
                )
            })
        },
    );
    assert!(has(&evs, "mind_lost"));
    g.send(Command::EndTurn);
    let snap = g.snap();
    let w = snap.figure(FigureId(0)).unwrap().clone();
    let m = snap.figure(FigureId(1)).unwrap().clone();
    assert!(w.has(StatusKind::InShock) && w.alive());
    assert_eq!(snap.attack_dice(&w, &m, None), 1, "the Wizard's Aggression");
    assert_eq!(snap.defend_dice(&w), 2, "the Wizard's Resilience");
    let legal = hollowdeep::game::heroquest::legal_commands(&snap);
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Command::CastSpell { .. } | Command::DrinkPotion { .. }))
    );
    let why = rejected(&crate::rules_2021::cast(&mut g, 0, "fire_of_wrath", 1)).expect("no spells");
    assert!(why.contains("in shock"), "{why}");
    let drink = g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "healing".into(),
    });
    assert!(rejected(&drink).unwrap().contains("in shock"));
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    let Some(GameEvent::MovementRolled { dice, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::MovementRolled { .. }))
    else {
        panic!("{evs:?}")
    };
    assert_eq!(dice.len(), 1, "#82: Speed 1d6");
}

/// #29: sight runs to any point of the target's square (tested at nine points), not only its
/// centre. Over the whole classic board, Revised sees everything 2021 sees and more: a square
/// beyond a wall's end that the centre line clips the wall to reach.
#[test]
fn sight_reaches_any_point_of_a_square() {
    let snaps: Vec<_> = [false, true]
        .into_iter()
        .map(|revised| {
            Game::start(
                crate::revised_abilities::scene(revised, &["barbarian"], &[(2, 0)], "(kind: \"orc\", at: (5, 0))"),
                1,
            )
            .snap()
        })
        .collect();
    let (old, new) = (&snaps[0], &snaps[1]);
    let squares: Vec<_> = old.board().squares().collect();
    let mut more = None;
    for &a in &squares {
        for &b in &squares {
            let (c, any) = (old.sees_past_figures(a, b), new.sees_past_figures(a, b));
            assert!(!c || any, "{a} sees {b} centre to centre, so to some point too");
            if any && !c && more.is_none() {
                more = Some((a, b));
            }
        }
    }
    let (a, b) = more.expect("some square is seen only at a point off its centre");
    assert!(new.sees(a, b) && !old.sees(a, b), "{a} to {b}");
}

/// #89, #91: under Revised a hero may search a corridor for treasure (no monster in sight); it
/// never deals a treasure card. Under 2021 only rooms are searched.
#[test]
fn a_corridor_search_finds_no_card() {
    for revised in [false, true] {
        let q = crate::revised_abilities::scene(revised, &["barbarian"], &[(2, 0)], "(kind: \"orc\", at: (20, 17))");
        let mut g = Game::start(q, 2);
        let listed = hollowdeep::game::heroquest::legal_commands(&g.snap())
            .contains(&Command::SearchTreasure { hero: FigureId(0) });
        assert_eq!(listed, revised);
        let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
        assert_eq!(rejected(&evs).is_none(), revised, "revised {revised}: {evs:?}");
        if revised {
            assert!(evs.iter().any(|e| matches!(e, GameEvent::NothingFound { .. })));
            assert!(!evs.iter().any(|e| matches!(e, GameEvent::TreasureDrawn { .. })));
        }
    }
    // With a monster in sight down the corridor, no search.
    let q = crate::revised_abilities::scene(
        true,
        &["barbarian"],
        &[(2, 0)],
        "(kind: \"orc\", at: (9, 0), movement: 0)",
    );
    let mut g = Game::start(q, 2);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    assert!(rejected(&evs).unwrap().contains("in sight"), "{evs:?}");
}

/// #112: Characters (our named special monsters: Ulag, Grak, Verag, Balur, the Witch Lord)
/// never appear at random. Under Revised a quest naming one its wandering monster is refused at
/// the field's `line:col`, and a 2021 quest that does cannot be taken under Revised; 2021 lets it.
#[test]
fn characters_never_wander() {
    let text = |rules: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", {rules}\n    heroes: [\"barbarian\"], hero_starts: [(12, 2)], stairway: (12, 2, 2, 2),
             monsters: [(kind: \"orc\", at: (24, 17))], objective: DefeatAll(return_to_stairway: false),\n    wandering_monster: \"grak\")"
        )
    };
    let e = refused(&text(REVISED));
    assert!(e.contains("t.ron:4:5") && e.contains("Character"), "{e}");
    let old = hollowdeep::quest::parse_with(
        "t",
        "t.ron",
        text("also_rules: [\"heroquest-revised\"],").as_bytes(),
        None,
        hollowdeep::quest::Winnable::NotChecked,
    )
    .expect("2021 lets a special monster wander");
    let e = old.under("heroquest-revised").unwrap_err();
    assert!(e.contains("Characters never wander"), "{e}");
}
