//! Issue 35, the rules at their edges (round two), HeroQuest 2021: rubble and sight, armour and
//! hands, the spells and artifacts whose effects had no test. Each cites the rule text or the
//! recorded reading in docs/rules-decisions.md.

use hollowdeep::campaign::Campaign;
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::rules::ruleset::RuleSet;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, ok};

/// Item 3, rules-decisions row 3: rubble (a quest's blocked squares, "fallen masonry") blocks
/// sight as a wall or a fallen block does; a monster beyond it is neither seen nor in the way of
/// a search. The same corridor without the rubble is the control.
#[test]
fn rubble_blocks_sight_like_a_wall() {
    for rubble in [false, true] {
        let extra = if rubble { "blocked: [(5, 0)]," } else { "" };
        let q = quest_with(
            &["barbarian"],
            &[(2, 0)],
            "",
            "(kind: \"orc\", at: (8, 0), movement: 0)",
            DEFEAT_ALL,
            &format!("{extra} equipment: {{\"barbarian\": (weapon: \"crossbow\")}},"),
        );
        let mut g = Game::start(q, 1);
        let snap = g.snap();
        assert_eq!(snap.sees(p(2, 0), p(8, 0)), !rubble, "rubble: {rubble}");
        let hero = snap.figure(FigureId(0)).unwrap().clone();
        assert_eq!(snap.visible_monsters(&hero).count(), usize::from(!rubble));
        assert_eq!(
            snap.fog.is_revealed(p(8, 0)),
            !rubble,
            "the corridor past the rubble stays dark"
        );
        let shot = g.send(Command::Shoot {
            attacker: FigureId(0),
            target: FigureId(1),
            weapon: "crossbow".into(),
        });
        if rubble {
            let why = rejected(&shot).expect("no line of sight");
            assert!(why.contains("line of sight") || why.contains("see"), "{why}");
            // heroquest-2021.md, Action 5: a search needs no monster in sight; one behind the
            // rubble is not.
            ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
        } else {
            ok(&shot);
        }
    }
}

/// A campaign hero's things as the quest starts with them (`Campaign::prepare`, the path the
/// title screen and `simulate --campaign` take): the Barbarian's defend and movement dice.
fn barbarian_dice(weapon: &str, items: &[&str]) -> (u8, Movement) {
    let rules = RuleSet::heroquest_2021();
    let mut c = Campaign::new(&rules);
    let h = c.party.get_mut("barbarian").unwrap();
    h.weapon = Some(weapon.into());
    h.items = items.iter().map(|i| i.to_string()).collect();
    let q = hollowdeep::quest::load("tutorial-1-first-steps").unwrap();
    let prepared = c.prepare(&q);
    let mut world = hollowdeep::sim::headless_world(prepared, 1, Default::default());
    let snap = Snapshot::capture(&mut world).unwrap();
    let b = snap.heroes().find(|h| h.kind == "barbarian").unwrap();
    (snap.defend_dice(b), b.fighter.movement)
}

/// Item 4, rules-decisions row 30: one piece of body armour is worn (the best: more dice, then
/// no loss of movement); Chain Mail, Plate Mail and Borin's Armour no longer add up to 7 dice.
#[test]
fn one_body_armour_is_worn_and_the_best_counts() {
    assert_eq!(barbarian_dice("broadsword", &[]), (2, Movement::Dice(2)));
    assert_eq!(barbarian_dice("broadsword", &["chain_mail"]), (3, Movement::Dice(2)));
    assert_eq!(
        barbarian_dice("broadsword", &["chain_mail", "plate_mail"]),
        (4, Movement::Dice(1)),
        "plate mail is worn, with its one red die"
    );
    assert_eq!(
        barbarian_dice("broadsword", &["chain_mail", "plate_mail", "borins_armor", "helmet"]),
        (5, Movement::Dice(2)),
        "Borin's Armour (as many dice, no loss of movement) and the helmet: 2 + 2 + 1"
    );
}

/// Item 4, row 30: a shield and a two-handed weapon are exclusive at the moment of use. A campaign
/// hero starting a quest with a Battle Axe in hand and a shield in the pack defends with 2 dice,
/// not 3.
#[test]
fn a_shield_does_not_count_beside_a_two_handed_weapon_at_setup() {
    assert_eq!(barbarian_dice("battle_axe", &["shield"]).0, 2);
    assert_eq!(barbarian_dice("broadsword", &["shield", "battle_axe"]).0, 3);
}

/// Item 4 and item 6 at the armory: a second body armour no better than the one worn, or a second
/// of anything, is refused with the reason; a better one is sold (the old is carried); a shield
/// is sold whatever is in hand, and so is a two-handed weapon beside a shield; a spare dagger
/// (thrown and lost) can always be bought.
#[test]
fn the_armory_sells_armour_by_slot_and_a_spare_dagger() {
    let rules = RuleSet::heroquest_2021();
    let mut c = Campaign::new(&rules);
    c.party.get_mut("barbarian").unwrap().gold = 5000;
    c.buy(&rules, "barbarian", "plate_mail").unwrap();
    let why = c.buy(&rules, "barbarian", "chain_mail").unwrap_err();
    assert!(why.contains("already wears Plate Mail"), "{why}");
    c.party.get_mut("dwarf").unwrap().gold = 5000;
    c.buy(&rules, "dwarf", "chain_mail").unwrap();
    c.buy(&rules, "dwarf", "plate_mail").unwrap();
    // Order does not matter for the shield and the axe.
    c.buy(&rules, "dwarf", "battle_axe").unwrap();
    c.buy(&rules, "dwarf", "shield").unwrap();
    c.party.get_mut("elf").unwrap().gold = 5000;
    c.buy(&rules, "elf", "shield").unwrap();
    c.buy(&rules, "elf", "battle_axe").unwrap();
    // Daggers: one, then a spare.
    c.buy(&rules, "dwarf", "dagger").unwrap();
    c.buy(&rules, "dwarf", "dagger").unwrap();
    let daggers = c.party["dwarf"].items.iter().filter(|i| *i == "dagger").count();
    assert_eq!(daggers, 2);
    let why = c.buy(&rules, "dwarf", "shield").unwrap_err();
    assert!(why.contains("already has"), "{why}");
}

/// Item 4, row 30, in combat: a crossbow needs both hands, so shooting it takes it in hand and a
/// carried shield stops defending until a one-handed weapon is taken up again (free).
#[test]
fn shooting_a_crossbow_puts_the_shield_aside() {
    let q = quest_with(
        &["barbarian"],
        &[(2, 0)],
        "",
        "(kind: \"orc\", at: (8, 0), movement: 0), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"broadsword\", items: [\"shield\", \"crossbow\"])},",
    );
    let mut g = Game::start(q, 1);
    let defend = |g: &mut Game| {
        let snap = g.snap();
        snap.defend_dice(snap.figure(FigureId(0)).unwrap())
    };
    assert_eq!(defend(&mut g), 3, "2 + the shield");
    let evs = g.send(Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(1),
        weapon: "crossbow".into(),
    });
    ok(&evs);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::WeaponWielded { .. })));
    assert_eq!(defend(&mut g), 2, "the crossbow in both hands");
    ok(&g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "broadsword".into(),
    }));
    assert_eq!(defend(&mut g), 3, "the sword in hand, the shield up again");
}

/// Row 5, as the row says it: monsters pass other monsters but never end on one, and never pass
/// heroes, open doors (a closed door is a wall to them) or enter furniture.
#[test]
fn monsters_pass_monsters_but_never_heroes_doors_or_furniture() {
    let q = quest_with(
        &["barbarian"],
        &[(2, 0)],
        "(at: (2, 0), to: (2, 1))",
        "(kind: \"orc\", at: (7, 0), movement: 20), (kind: \"goblin\", at: (8, 0)), (kind: \"orc\", at: (2, 2)), \
         (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "furniture: [(kind: \"chest\", at: (3, 2))],",
    );
    let mut g = Game::start(q, 1);
    // The barbarian looks into the room (its orc wakes) and shuts the door again.
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: 0,
    }));
    ok(&g.send(Command::CloseDoor {
        hero: FigureId(0),
        door: 0,
    }));
    g.end_hero_turns();
    let walk = |g: &mut Game, id: u32, steps: &[(i32, i32)]| {
        g.send(Command::Move {
            figure: FigureId(id),
            path: path(steps),
        })
    };
    let why = rejected(&walk(&mut g, 1, &[(8, 0)])).expect("ends on the goblin");
    assert!(why.contains("another figure holds"), "{why}");
    ok(&walk(&mut g, 1, &[(8, 0), (9, 0)]));
    assert_eq!(g.pos(1), Some(p(9, 0)), "the orc passed the goblin");
    let back: Vec<(i32, i32)> = (1..=8).rev().map(|x| (x, 0)).collect();
    let why = rejected(&walk(&mut g, 1, &back)).expect("passes the hero");
    assert!(why.contains("cannot pass"), "{why}");
    let why = rejected(&walk(&mut g, 3, &[(2, 1), (2, 0)])).expect("a closed door");
    assert!(why.contains("closed door"), "{why}");
    let why = rejected(&walk(&mut g, 3, &[(3, 2)])).expect("the chest");
    assert!(why.contains("blocked"), "{why}");
}
