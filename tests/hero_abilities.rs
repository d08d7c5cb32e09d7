//! Issue 36: the abilities a carried card gives a hero under HeroQuest Revised (checklists §1.1
//! #28, #113 Artifice, #119 Fortune, #125 Lore, #127 Perception): each is an extra action of its
//! kind a turn after the one other Action, played through the commands a player sends, and the
//! things that give them are sold at the Outfitter's Emporium.

use hollowdeep::game::model::*;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, ok};
use crate::rules_revised::REVISED;

fn refused(evs: &[GameEvent]) -> String {
    rejected(evs).expect("the command is refused")
}

/// A Revised quest for one hero of `kind` at (4, 2) in the north-west cell, carrying `items`,
/// with a door into the antechamber east of it and a little treasure placed in each room.
fn carrying(kind: &str, items: &[&str]) -> Game {
    let items: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    let q = quest_with(
        &[kind],
        &[(4, 2)],
        "(at: (4, 2), to: (5, 2))",
        FAR_ORC,
        DEFEAT_ALL,
        &format!(
            "{REVISED} equipment: {{{kind:?}: (items: [{}])}},
             treasure: [(room: (1, 1), text: \"A purse.\", gold: 10), (room: (5, 1), text: \"A cup.\", gold: 20)],
             {}",
            items.join(", "),
            if kind == "wizard" {
                "spell_schools: {\"wizard\": [\"fire\", \"air\", \"wizardry\"]},"
            } else {
                ""
            }
        ),
    );
    Game::start(q, 1)
}

/// The hero opens the door into the antechamber.
fn open_the_door(g: &mut Game) {
    let door = g.snap().doors[0].id;
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door,
    }));
}

fn gold(g: &mut Game) -> u32 {
    g.snap().figure(FigureId(0)).expect("the hero").inventory.gold
}

/// #113 Artifice, #127 Perception: the Delver's Pole gives one more Search for Traps a turn, the
/// Hooded Lantern one more Search for Secret Doors; the extra one is offered as such, and a
/// third is refused. Without them the second search is refused.
#[test]
fn artifice_and_perception_give_their_extra_searches() {
    let traps = Command::SearchTraps { hero: FigureId(0) };
    let doors = Command::SearchSecretDoors { hero: FigureId(0) };
    let mut g = carrying("dwarf", &["delvers_pole", "hooded_lantern"]);
    ok(&g.send(traps.clone()));
    let legal = hollowdeep::game::heroquest::legal_commands(&g.snap());
    assert!(legal.contains(&traps) && legal.contains(&doors), "{legal:?}");
    let snap = g.snap();
    let dwarf = snap.figure(FigureId(0)).unwrap();
    let menu = hollowdeep::game::heroquest::action_choices(&snap, dwarf).0;
    assert!(
        menu.iter().any(|(label, c)| *c == traps && label.contains("extra")),
        "{menu:?}"
    );
    ok(&g.send(traps.clone()));
    let why = refused(&g.send(traps.clone()));
    assert!(why.contains("already taken an action"), "{why}");
    ok(&g.send(doors.clone()));
    let why = refused(&g.send(doors.clone()));
    assert!(why.contains("already taken an action"), "{why}");
    assert_eq!(g.turn().progress(FigureId(0)).bonus_used[..3], [1, 0, 1]);

    // The next turn the extra searches are there again.
    g.end_hero_turns();
    g.send(Command::EndTurn);
    ok(&g.send(doors.clone()));
    ok(&g.send(doors.clone()));

    // Without the pole: one search a turn.
    let mut g = carrying("dwarf", &["hooded_lantern"]);
    ok(&g.send(traps.clone()));
    let why = refused(&g.send(traps.clone()));
    assert!(why.contains("already taken an action"), "{why}");
    assert!(!hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&traps));
}

/// #119 Fortune: the Lucky Knucklebone gives one more Search for Treasure a turn, still only in a
/// room the hero has not searched (#90): the hero searches one room, walks into the next and
/// searches that too.
#[test]
fn fortune_gives_a_second_treasure_search_in_another_room() {
    let search = Command::SearchTreasure { hero: FigureId(0) };
    let mut g = carrying("barbarian", &["lucky_knucklebone"]);
    ok(&g.send(search.clone()));
    assert_eq!(gold(&mut g), 10);
    let why = refused(&g.send(search.clone()));
    assert!(why.contains("already searched this room"), "{why}");
    g.set_allowance(0, 4);
    open_the_door(&mut g);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(5, 2)]),
    }));
    ok(&g.send(search.clone()));
    assert_eq!(gold(&mut g), 30);

    // Without it, the walk to the next room is all there is after the search.
    let mut g = carrying("barbarian", &[]);
    ok(&g.send(search.clone()));
    g.set_allowance(0, 4);
    open_the_door(&mut g);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(5, 2)]),
    }));
    let why = refused(&g.send(search));
    assert!(why.contains("already taken an action"), "{why}");
    assert_eq!(gold(&mut g), 10);
}

/// #125 Lore: the Spellbinder's Focus gives one more Cast a turn; a third spell is refused, and
/// without it the second is. A hero In Shock has only its board (#83): the card gives nothing.
#[test]
fn lore_gives_a_second_spell_and_nothing_in_shock() {
    let cast = |spell: &str| Command::CastSpell {
        caster: FigureId(0),
        spell: spell.into(),
        target: FigureId(0),
    };
    let mut g = carrying("wizard", &["spellbinders_focus"]);
    ok(&g.send(cast("courage")));
    ok(&g.send(cast("swift_wind")));
    let why = refused(&g.send(cast("glass_ward")));
    assert!(why.contains("already taken an action"), "{why}");

    let mut g = carrying("wizard", &[]);
    ok(&g.send(cast("courage")));
    let why = refused(&g.send(cast("swift_wind")));
    assert!(why.contains("already taken an action"), "{why}");

    let mut g = carrying("wizard", &["spellbinders_focus"]);
    let snap = g.snap();
    let wizard = snap.figure(FigureId(0)).unwrap();
    assert_eq!(snap.bonus_actions(wizard, hollowdeep::rules::ruleset::Bonus::Cast), 1);
    let e = wizard.entity;
    g.app
        .world_mut()
        .get_mut::<Status>(e)
        .map(|mut s| {
            s.0.insert(StatusKind::InShock);
        })
        .expect("a hero has conditions");
    let snap = g.snap();
    let wizard = snap.figure(FigureId(0)).unwrap();
    assert_eq!(snap.bonus_actions(wizard, hollowdeep::rules::ruleset::Bonus::Cast), 0);
}

/// The Outfitter's Emporium sells them, and a rule set that gives a carried thing an ability a
/// card cannot give is refused where it loads.
#[test]
fn the_outfitter_sells_them() {
    let rules = hollowdeep::rules::ruleset::RuleSet::heroquest_revised();
    let outfitter = hollowdeep::campaign::Campaign::shops(&rules)
        .into_iter()
        .find(|s| s.id == "outfitter")
        .expect("an outfitter");
    for id in [
        "delvers_pole",
        "lucky_knucklebone",
        "hooded_lantern",
        "spellbinders_focus",
    ] {
        assert!(outfitter.stock.iter().any(|s| s == id), "{id}");
        assert!(!rules.items[id].abilities.is_empty(), "{id}");
    }
}

/// The hero bots carry the cards into a whole quest of the Revised campaign and take the extra
/// searches they give without a command refused.
#[test]
fn the_bots_take_the_extra_actions_without_a_refusal() {
    let rules = hollowdeep::rules::ruleset::RuleSet::heroquest_revised();
    let mut c = hollowdeep::campaign::Campaign::new(&rules);
    for (class, item) in [
        ("barbarian", "lucky_knucklebone"),
        ("dwarf", "delvers_pole"),
        ("elf", "hooded_lantern"),
        ("wizard", "spellbinders_focus"),
    ] {
        c.party.get_mut(class).unwrap().items.push(item.into());
    }
    let q = c.prepare(&hollowdeep::quest::load("the-thieves-cistern").unwrap());
    let mut extra_turns = 0;
    for seed in 1..4 {
        let m = hollowdeep::sim::Matchup::default();
        let game = hollowdeep::sim::play_one(q.clone(), seed, m);
        assert!(
            rejected(&game.events).is_none(),
            "seed {seed}: {:?}",
            rejected(&game.events)
        );
        // A hero's two searches of one kind in one turn: an extra one.
        let mut count: std::collections::BTreeMap<(FigureId, u8), u32> = Default::default();
        for c in &game.commands {
            let key = match c {
                Command::EndTurn => {
                    count.clear();
                    continue;
                }
                Command::SearchTraps { hero } => (*hero, 0),
                Command::SearchTreasure { hero } => (*hero, 1),
                Command::SearchSecretDoors { hero } => (*hero, 2),
                _ => continue,
            };
            let n = count.entry(key).or_default();
            *n += 1;
            extra_turns += u32::from(*n == 2);
        }
    }
    assert!(extra_turns > 0, "the bots never took an extra search");
}

/// #107: under Revised a hero hands any carried thing to a hero beside it as a Free Effect (the
/// weapon in hand too), but not armour it wears, nor a thing whose ability gave it an extra action
/// this turn. Under 2021 only potions and artifacts are handed over.
#[test]
fn things_are_passed_to_a_hero_beside_but_not_worn_armour_or_a_used_card() {
    let start = |rules: &str| {
        let q = quest_with(
            &["dwarf", "barbarian"],
            &[(4, 2), (3, 2)],
            "",
            FAR_ORC,
            DEFEAT_ALL,
            &format!(
                "{rules} equipment: {{\"dwarf\": (items: [\"helmet\", \"tool_kit\"{}])}},",
                if rules.is_empty() { "" } else { ", \"delvers_pole\"" }
            ),
        );
        Game::start(q, 1)
    };
    let give = |item: &str| Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: item.into(),
    };
    let carried = |g: &mut Game, id: u32| {
        let f = g.snap().figure(FigureId(id)).unwrap().equipment.clone();
        (f.weapon, f.items)
    };
    let mut g = start(REVISED);
    let legal = hollowdeep::game::heroquest::legal_commands(&g.snap());
    assert!(
        legal.contains(&give("tool_kit")) && !legal.contains(&give("helmet")),
        "{legal:?}"
    );
    let why = refused(&g.send(give("helmet")));
    assert!(why.contains("wears the Helmet"), "{why}");
    // The pole's extra search spent: it stays with the Dwarf this turn.
    ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
    ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
    let why = refused(&g.send(give("delvers_pole")));
    assert!(why.contains("extra action this turn"), "{why}");
    // The tool kit, and the sword from the hand (a free effect after the action).
    ok(&g.send(give("tool_kit")));
    ok(&g.send(give("shortsword")));
    let (weapon, items) = carried(&mut g, 0);
    assert_eq!(weapon, None, "the Dwarf's hand is empty");
    assert!(!items.contains(&"tool_kit".to_string()));
    let (_, theirs) = carried(&mut g, 1);
    assert!(theirs.contains(&"tool_kit".to_string()) && theirs.contains(&"shortsword".to_string()));

    // 2021: a tool kit is not handed over.
    let mut g = start("");
    let why = refused(&g.send(give("tool_kit")));
    assert!(why.contains("only potions and artifacts"), "{why}");
}

/// #105: under Revised a hero may carry a thing its limits forbid (into the pack, of no use to
/// it): a party file where the Wizard carries a broadsword is sound, one where it holds it is not;
/// under 2021 neither is.
#[test]
fn a_hero_may_carry_what_it_may_not_use() {
    use hollowdeep::quest::Gear;
    use hollowdeep::quest::gear::check_gear;
    use hollowdeep::rules::ruleset::RuleSet;
    let carried = Gear {
        items: vec!["broadsword".into()],
        ..Default::default()
    };
    let held = Gear {
        weapon: Some("broadsword".into()),
        ..Default::default()
    };
    let revised = RuleSet::heroquest_revised();
    assert!(check_gear(&revised, "wizard", &carried).is_ok());
    assert!(check_gear(&revised, "wizard", &held).is_err());
    let old = RuleSet::heroquest_2021();
    assert!(check_gear(&old, "wizard", &carried).is_err());
    // It gives nothing: the Wizard's dice are those of its dagger.
    let eq = Equipment {
        weapon: Some("dagger".into()),
        items: vec!["broadsword".into()],
        ..Default::default()
    };
    let f = hollowdeep::game::heroquest::derive_fighter(&revised, "wizard", &eq);
    assert_eq!(f.attack, 1);
}

/// A Revised Barbarian at (4, 2) carrying `items` (and a healing potion), a Dwarf beside it.
fn laden(items: &[&str]) -> Game {
    let items: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(4, 2), (3, 2)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!(
            "{REVISED} equipment: {{\"barbarian\": (items: [{}], potions: [\"healing\"])}},",
            items.join(", ")
        ),
    );
    Game::start(q, 1)
}

/// The movement roll: (the dice, how much lower each counts, the squares it gives).
fn roll(g: &mut Game) -> (Vec<u8>, u8, u8) {
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    let Some(GameEvent::MovementRolled { dice, heavy, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::MovementRolled { .. }))
    else {
        panic!("no roll: {evs:?}")
    };
    let allowance = g.turn().progress(FigureId(0)).allowance.expect("rolled");
    (dice.clone(), *heavy, allowance)
}

/// #122: Heavy X makes each Speed die count X lower, never below 1, added up over everything
/// carried (Plate Mail 2 and a Battle Axe 1 make 3).
#[test]
fn heavy_things_make_each_speed_die_count_lower() {
    let mut g = laden(&["plate_mail", "battle_axe"]);
    let snap = g.snap();
    assert_eq!(snap.burden(snap.figure(FigureId(0)).unwrap()), 3);
    let (dice, heavy, allowance) = roll(&mut g);
    assert_eq!((dice.len(), heavy), (2, 3), "two Speed dice, each 3 lower");
    let want: u8 = dice.iter().map(|d| d.saturating_sub(3).max(1)).sum();
    assert_eq!(allowance, want, "{dice:?}");
    // Unladen, the dice count as they fall.
    let mut g = laden(&[]);
    let (dice, heavy, allowance) = roll(&mut g);
    assert_eq!((heavy, allowance), (0, dice.iter().sum::<u8>()));
    // A weight is a carried thing's: a rule set that makes a monster Heavy is refused by name.
    use hollowdeep::rules::ruleset::{HEROQUEST_REVISED_RON, RuleSet};
    let text = HEROQUEST_REVISED_RON.replacen(
        "abilities: [Undead, Weakness([Heat]), Crush]",
        "abilities: [Heavy(2)]",
        1,
    );
    let err = RuleSet::parse(&text).unwrap_err();
    assert!(err.contains("mummy") && err.contains("Heavy"), "{err}");
}

/// #126: at a burden of 6 the hero is Overburdened: one Speed die, counted as it falls; its Move
/// Action or its other Action, not both; no Free Action (a potion, a thing handed over); and it
/// takes no more Heavy things, on the board or in town.
#[test]
fn an_overburdened_hero_rolls_one_die_and_moves_or_acts() {
    let load = ["plate_mail", "plate_mail", "chain_mail", "battle_axe"];
    let mut g = laden(&load);
    let snap = g.snap();
    let b = snap.figure(FigureId(0)).unwrap();
    assert_eq!(snap.burden(b), 6);
    assert!(snap.overburdened(b));
    let why = refused(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "healing".into(),
    }));
    assert!(why.contains("overburdened") && why.contains("Free Action"), "{why}");
    let (dice, heavy, allowance) = roll(&mut g);
    assert_eq!((dice.len(), heavy, allowance), (1, 0, dice[0]), "one die, as it falls");
    let why = refused(&g.send(Command::SearchTraps { hero: FigureId(0) }));
    assert!(why.contains("move or act"), "{why}");
    assert!(
        !hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&Command::SearchTraps { hero: FigureId(0) })
    );

    // Acting first: then no roll.
    let mut g = laden(&load);
    ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
    let why = refused(&g.send(Command::RollMovement { hero: FigureId(0) }));
    assert!(why.contains("move or act"), "{why}");

    // The Dwarf cannot hand it another Heavy thing.
    let q = quest_with(
        &["dwarf", "barbarian"],
        &[(3, 2), (4, 2)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!(
            "{REVISED} equipment: {{\"dwarf\": (items: [\"chain_mail\", \"helmet\"]), \"barbarian\": (items: [{}])}},",
            load.map(|h| format!("{h:?}")).join(", ")
        ),
    );
    let mut g = Game::start(q, 1);
    let hand = |item: &str| Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: item.into(),
    };
    // The Dwarf's chain mail is worn; a spare helmet it is not, but give it one to hand over.
    let why = refused(&g.send(hand("chain_mail")));
    assert!(why.contains("wears"), "{why}");
    ok(&g.send(hand("shortsword")));

    // In town: no Heavy thing is sold to an Overburdened hero.
    let rules = hollowdeep::rules::ruleset::RuleSet::heroquest_revised();
    let mut c = hollowdeep::campaign::Campaign::new(&rules);
    let h = c.party.get_mut("barbarian").unwrap();
    h.gold = 5000;
    h.items = load.iter().map(|s| s.to_string()).collect();
    let why = c.check_purchase(&rules, "barbarian", "battle_axe").unwrap_err();
    assert!(why.contains("overburdened"), "{why}");
    assert!(c.check_purchase(&rules, "barbarian", "shield").is_ok());
}

/// #97–98, #129: an ability a weapon gives lasts while it is in hand: Orc's Bane's Rage 1 is a
/// second Attack each turn; taken in hand after its second blow, another weapon loses it, and
/// with the extra action spent the turn ends at once. Switching before the second blow simply
/// loses the second blow.
#[test]
fn a_weapons_ability_lasts_while_it_is_in_hand() {
    let start = |seed| {
        let q = quest_with(
            &["barbarian", "dwarf"],
            &[(4, 0), (9, 0)],
            "",
            "(kind: \"orc\", at: (5, 0), body: 9, defend: 0)",
            DEFEAT_ALL,
            &format!("{REVISED} equipment: {{\"barbarian\": (weapon: \"orcs_bane\", items: [\"broadsword\"])}},"),
        );
        Game::start(q, seed)
    };
    let strike = Command::Attack {
        attacker: FigureId(0),
        target: FigureId(2),
    };
    let mut g = start(1);
    ok(&g.send(strike.clone()));
    ok(&g.send(strike.clone()));
    let why = refused(&g.send(strike.clone()));
    assert!(why.contains("already taken an action"), "{why}");
    let evs = g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "broadsword".into(),
    });
    ok(&evs);
    assert!(evs.iter().any(|e| e.kind() == "ability_lost"), "{evs:?}");
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)), "the turn ended at once");
    // One blow, then the broadsword: the second blow is gone, the turn goes on.
    let mut g = start(1);
    ok(&g.send(strike.clone()));
    let evs = g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "broadsword".into(),
    });
    ok(&evs);
    assert!(!evs.iter().any(|e| e.kind() == "ability_lost"));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    let why = refused(&g.send(strike));
    assert!(why.contains("already taken an action"), "{why}");
}

/// #104: under Revised a piece of armour taken up in a quest is carried, not worn, until its
/// bearer spends a whole turn (its Move and its other Action, neither begun) putting it on;
/// taking it off takes a whole turn too, and only then may it be handed over (#107). Under 2021
/// it is worn at once.
#[test]
fn armour_takes_a_whole_turn_to_put_on_or_off() {
    let start = |rules: &str| crate::keyword_cards::party_carrying(rules, &[], &["helmet"]);
    let defend = |g: &mut Game, id: u32| g.snap().figure(FigureId(id)).unwrap().fighter.defend;
    let hand_over = Command::Give {
        from: FigureId(1),
        to: FigureId(0),
        item: "helmet".into(),
    };
    // 2021: only an artifact is handed over, and nothing is ever taken off.
    let mut g = start("");
    ok(&g.send(Command::EndTurn));
    assert!(refused(&g.send(hand_over.clone())).contains("only potions and artifacts"));
    let why = refused(&g.send(Command::ChangeArmour {
        hero: FigureId(1),
        armor: "helmet".into(),
        on: false,
    }));
    assert!(why.contains("between quests"), "{why}");
    let mut g = start(REVISED);
    let before = defend(&mut g, 0);
    ok(&g.send(Command::EndTurn));
    // The Dwarf wears it (quest gear is put on before the quest): off first, a whole turn.
    let wear = |id: u32, on: bool| Command::ChangeArmour {
        hero: FigureId(id),
        armor: "helmet".into(),
        on,
    };
    let why = refused(&g.send(hand_over.clone()));
    assert!(why.contains("wears the Helmet"), "{why}");
    ok(&g.send(Command::RollMovement { hero: FigureId(1) }));
    let why = refused(&g.send(wear(1, false)));
    assert!(why.contains("takes the whole turn"), "{why}");
    // Next round, before anything else: off it comes, and the turn is spent.
    g.end_hero_turns();
    while g.turn().phase != Phase::Hero(FigureId(1)) {
        g.send(Command::EndTurn);
    }
    ok(&g.send(wear(1, false)));
    assert!(g.turn().progress(FigureId(1)).acted);
    assert!(refused(&g.send(Command::RollMovement { hero: FigureId(1) })).contains("moved"));
    ok(&g.send(hand_over));
    // Handed over, it is carried, not worn: the Barbarian's defence is unchanged until it spends
    // a turn putting it on.
    assert_eq!(defend(&mut g, 0), before);
    assert_eq!(g.snap().figure(FigureId(0)).unwrap().equipment.off, ["helmet"]);
    g.end_hero_turns();
    while g.turn().phase != Phase::Hero(FigureId(0)) {
        g.send(Command::EndTurn);
    }
    assert!(hollowdeep::game::heroquest::legal_commands(&g.snap()).contains(&wear(0, true)));
    ok(&g.send(wear(0, true)));
    assert_eq!(defend(&mut g, 0), before + 1);
}
