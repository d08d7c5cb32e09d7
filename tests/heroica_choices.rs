//! Issue 35, item 15: LEGO Heroica's choices that belong to the player, and a test for each skill
//! that had none: the Druid's, the Prince's and the Sage's, and every weapon's (checklists §1.2a;
//! docs/heroica.md H7, H13, H14; the table in `assets/rules/heroica.ron`).

use hollowdeep::game::model::{Command, FigureId};
use hollowdeep::rules::heroica::HeroicaTables;
use hollowdeep::rules::heroica::play::{Act, Happening, Stage};

use crate::common::{p, rejected};
use crate::heroica_play::{ONE, ROW, SHIELD, THREE, TWO, happened, health, mission, pack, roll, stage, start, walk};

fn skill(
    g: &mut crate::common::Game,
    skill: &str,
    target: Option<u32>,
    to: Option<(i32, i32)>,
) -> Vec<hollowdeep::game::model::GameEvent> {
    g.send(Command::UseSkill {
        figure: FigureId(0),
        skill: skill.into(),
        target: target.map(FigureId),
        to: to.map(|(x, y)| p(x, y)),
    })
}

fn fight(g: &mut crate::common::Game, target: u32) -> Vec<hollowdeep::game::model::GameEvent> {
    g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(target),
    })
}

/// The Strength Potion defeats the monster beside the hero that the player names: one choice for
/// each monster beside it, and a name that is not beside it is refused (H13).
#[test]
fn the_strength_potion_defeats_the_monster_the_player_names() {
    let q = mission(
        &["S.....T", "   .   "],
        "items: [(at: (1, 0), thing: Potion(\"strength\"))], \
         monsters: [(kind: \"bat\", at: (4, 0)), (kind: \"werewolf\", at: (3, 1))]",
        &["knight", "barbarian"],
    );
    let mut g = start(q, &[THREE]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert!(matches!(stage(&g), Stage::MustFight { .. }), "{:?}", stage(&g));
    // Heroes are 0 and 1; the bat is 2, the werewolf 3.
    let t = g.snap().table.clone().unwrap();
    let drinks: Vec<Act> = t
        .legal(HeroicaTables::get())
        .into_iter()
        .filter(|a| matches!(a, Act::Drink { .. }))
        .collect();
    assert_eq!(drinks.len(), 2, "one for each monster beside: {drinks:?}");
    let at = |target: u32| Command::DrinkAt {
        hero: FigureId(0),
        potion: "strength".into(),
        target: FigureId(target),
    };
    // Not the bat at the far end of nowhere: only a monster beside.
    assert!(rejected(&g.send(at(0))).is_some());
    // The weaker bat, by choice (the strongest would be the werewolf).
    let e = g.send(at(2));
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 2, by: 0 }),
        "{e:?}"
    );
    assert_eq!(
        stage(&g),
        Stage::MustFight { foes: vec![3] },
        "the werewolf is still to fight"
    );
}

/// The Druid's Ranged skill on a movement Shield restores all its health; the Staff's restores 2.
#[test]
fn the_druids_skill_and_the_staff_restore_health() {
    for (hero, with, healed) in [("druid", None, 4), ("knight", Some("staff"), 4)] {
        let items = match with {
            Some(w) => format!("items: [(at: (1, 0), thing: Weapon(\"{w}\"))], "),
            None => String::new(),
        };
        let q = mission(
            ROW,
            &format!("{items}monsters: [(kind: \"werewolf\", at: (3, 0))]"),
            &[hero],
        );
        // Two to walk beside the werewolf, a Skull in the fight (2 lost), then a Shield.
        let mut g = start(q, &[TWO, TWO, SHIELD]);
        roll(&mut g, 0);
        walk(&mut g, 0, &[(1, 0), (2, 0)]);
        fight(&mut g, 1);
        assert_eq!(health(&mut g, 0), 2, "{hero}: the werewolf's Skull");
        g.send(Command::EndTurn);
        roll(&mut g, 0);
        let e = skill(&mut g, with.unwrap_or(hero), None, None);
        assert!(rejected(&e).is_none(), "{hero}: {e:?}");
        assert_eq!(health(&mut g, 0), healed, "{hero} with {with:?}");
    }
}

/// The Prince's Melee skill on a fight Shield defeats the monster, then moves up to 2; the Sword
/// defeats it and moves 1.
#[test]
fn the_prince_and_the_sword_defeat_then_move() {
    for (hero, use_, to) in [("prince", "prince", (4, 0)), ("knight", "sword", (3, 0))] {
        // Beside a spider with a Shield in the fight (the sword picked up on the way).
        let shield_fight = || {
            let q = mission(
                ROW,
                "items: [(at: (1, 0), thing: Weapon(\"sword\"))], monsters: [(kind: \"spider\", at: (3, 0))]",
                &[hero],
            );
            let mut g = start(q, &[TWO, SHIELD]);
            roll(&mut g, 0);
            walk(&mut g, 0, &[(1, 0), (2, 0)]);
            fight(&mut g, 1);
            assert_eq!(stage(&g), Stage::ShieldFight { foe: 1 });
            g
        };
        let mut g = shield_fight();
        let e = skill(&mut g, use_, Some(1), Some(to));
        assert!(
            happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
            "{use_}: {e:?}"
        );
        assert_eq!(g.pos(0), Some(p(to.0, to.1)), "{use_}");
        // One space further is too far.
        let mut g = shield_fight();
        assert!(
            rejected(&skill(&mut g, use_, Some(1), Some((to.0 + 1, 0)))).is_some(),
            "{use_}"
        );
    }
}

/// The Battle Axe on a fight Shield defeats every monster beside the hero.
#[test]
fn the_battle_axe_defeats_every_monster_beside() {
    let q = mission(
        &["S.....T", "  .    "],
        "items: [(at: (1, 0), thing: Weapon(\"battle_axe\"))], \
         monsters: [(kind: \"spider\", at: (3, 0)), (kind: \"bat\", at: (2, 1))]",
        &["knight"],
    );
    let mut g = start(q, &[TWO, SHIELD]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    fight(&mut g, 1);
    assert_eq!(stage(&g), Stage::ShieldFight { foe: 1 });
    let e = skill(&mut g, "battle_axe", Some(1), None);
    let h = happened(&e);
    assert!(h.contains(&Happening::Defeated { monster: 1, by: 0 }), "{h:?}");
    assert!(h.contains(&Happening::Defeated { monster: 2, by: 0 }), "{h:?}");
}

/// The Sage's Ranged skill takes one item up to 4 spaces away without moving.
#[test]
fn the_sage_fetches_an_item_from_afar() {
    let q = mission(
        ROW,
        "items: [(at: (4, 0), thing: Gold(2)), (at: (6, 0), thing: Gold(1))]",
        &["sage"],
    );
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    assert!(
        rejected(&skill(&mut g, "sage", None, Some((6, 0)))).is_some(),
        "6 spaces is too far"
    );
    let e = skill(&mut g, "sage", None, Some((4, 0)));
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(pack(&mut g, 0).gold, 2);
    assert_eq!(g.pos(0), Some(p(0, 0)), "it did not move");
}

/// The Bow shoots a monster up to 4 spaces away in a straight line; the Wand up to 3, around
/// corners.
#[test]
fn the_bow_and_the_wand_shoot_from_afar() {
    // The bow: picked up on the first turn at (1, 0), a Shield on the next; the bat 4 away.
    let q = mission(
        ROW,
        "items: [(at: (1, 0), thing: Weapon(\"bow\"))], monsters: [(kind: \"bat\", at: (5, 0))]",
        &["knight"],
    );
    let mut g = shield_after_pickup(q);
    let e = skill(&mut g, "bow", Some(1), None);
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
        "{e:?}"
    );
    // The wand: around a corner, 3 spaces from (1, 0) by (2, 0) and (2, 1); not 4.
    for (bat, reach) in [((2, 2), true), ((3, 2), false)] {
        let q = mission(
            &["S..", "  .", "  ....T"],
            &format!(
                "items: [(at: (1, 0), thing: Weapon(\"wand\"))], monsters: [(kind: \"bat\", at: ({}, {}))]",
                bat.0, bat.1
            ),
            &["knight"],
        );
        let mut g = shield_after_pickup(q);
        let e = skill(&mut g, "wand", Some(1), None);
        assert_eq!(rejected(&e).is_none(), reach, "bat at {bat:?}: {e:?}");
    }
}

/// `q` played by a knight who walks one space onto (1, 0), picking up the weapon there, and rolls a
/// Shield on its next turn: a Ranged skill is at hand.
fn shield_after_pickup(q: std::sync::Arc<hollowdeep::quest::Quest>) -> crate::common::Game {
    let mut g = start(q, &[ONE, SHIELD]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0)]);
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    g
}

/// A knight beside a werewolf (strength 2) at (3, 0), holding `items` (an `items` list, picked up
/// at (1, 0) and (2, 0) on the way): a fight roll of Two (a Skull) waits for the player.
fn skull_waiting(items: &str, faces: &[u8]) -> crate::common::Game {
    let q = mission(
        ROW,
        &format!("items: [{items}], monsters: [(kind: \"werewolf\", at: (3, 0))]"),
        &["knight"],
    );
    let mut g = start(q, faces);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    let e = fight(&mut g, 1);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert!(
        matches!(stage(&g), Stage::FightRolled { foe: 1, .. }),
        "{:?}",
        stage(&g)
    );
    assert_eq!(health(&mut g, 0), 4, "nothing lost yet");
    g
}

fn offered(g: &mut crate::common::Game) -> Vec<Act> {
    g.snap().table.clone().unwrap().legal(HeroicaTables::get())
}

/// The Luck Potion rolls a fight roll again when the player asks; the roll may also be taken
/// as it stands (H13).
#[test]
fn the_luck_potion_rolls_a_fight_again_when_the_player_asks() {
    let mut g = skull_waiting("(at: (1, 0), thing: Potion(\"luck\"))", &[TWO, TWO, THREE]);
    let acts = offered(&mut g);
    assert!(acts.contains(&Act::TakeRoll { figure: 0 }), "{acts:?}");
    assert!(
        acts.iter()
            .any(|a| matches!(a, Act::Drink { potion, .. } if potion == "luck"))
    );
    assert!(
        rejected(&g.send(Command::EndTurn)).is_some(),
        "the roll must be settled first"
    );
    let e = g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "luck".into(),
    });
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
        "the Sword: {e:?}"
    );
    assert_eq!(health(&mut g, 0), 4);
    assert!(pack(&mut g, 0).potions.is_empty());
    // Taken as it stands: the Skull costs 2 and knocks the knight back.
    let mut g = skull_waiting("(at: (1, 0), thing: Potion(\"luck\"))", &[TWO, TWO]);
    let e = g.send(Command::TakeRoll { hero: FigureId(0) });
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(health(&mut g, 0), 2);
    assert_eq!(g.pos(0), Some(p(1, 0)), "knocked back");
    assert_eq!(pack(&mut g, 0).potions, vec!["luck".to_string()], "kept for later");
}

/// The Crystal of Deflection turns away a Skull when the player spends it, once a mission; not
/// spent, it stays (H10).
#[test]
fn the_crystal_is_spent_when_the_player_chooses() {
    let mut g = skull_waiting("(at: (1, 0), thing: Relic(\"crystal_of_deflection\"))", &[TWO, TWO]);
    let crystal = Act::Skill {
        figure: 0,
        skill: "crystal_of_deflection".into(),
        target: None,
        to: None,
    };
    assert!(offered(&mut g).contains(&crystal));
    let e = g.send(Command::UseSkill {
        figure: FigureId(0),
        skill: "crystal_of_deflection".into(),
        target: None,
        to: None,
    });
    assert!(happened(&e).contains(&Happening::Deflected { hero: 0 }), "{e:?}");
    assert_eq!(health(&mut g, 0), 4, "no health lost");
    assert_eq!(g.pos(0), Some(p(2, 0)), "no knock-back");
    assert!(pack(&mut g, 0).crystal_used);
    // Kept back: the Skull costs its health, and the Crystal is still there.
    let mut g = skull_waiting("(at: (1, 0), thing: Relic(\"crystal_of_deflection\"))", &[TWO, TWO]);
    g.send(Command::TakeRoll { hero: FigureId(0) });
    assert_eq!(health(&mut g, 0), 2);
    assert!(!pack(&mut g, 0).crystal_used);
}

/// A fight roll waiting for the player's choice is changed by the Luck Potion only: a Defence
/// Potion drunk after seeing the Skull would undo it (neither offered nor accepted).
#[test]
fn only_the_luck_potion_changes_a_fight_roll_already_made() {
    let mut g = skull_waiting(
        "(at: (1, 0), thing: Potion(\"luck\")), (at: (2, 0), thing: Potion(\"defence\"))",
        &[TWO, TWO],
    );
    let acts = offered(&mut g);
    assert!(
        !acts
            .iter()
            .any(|a| matches!(a, Act::Drink { potion, .. } if potion == "defence")),
        "{acts:?}"
    );
    let why = rejected(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "defence".into(),
    }))
    .expect("refused");
    assert!(why.contains("Luck Potion"), "{why}");
    g.send(Command::TakeRoll { hero: FigureId(0) });
    assert_eq!(health(&mut g, 0), 2, "the Skull's 2, no Defence");
}
