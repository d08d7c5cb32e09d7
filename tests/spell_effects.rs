//! Issue 35, item 6: the effect of each Dread spell, hero spell and potion that had no test of
//! its own, through the commands the sorcerer and the players send (docs/rules-decisions.md rows
//! 22, 24, 27 and 31 give the readings; heroquest-2021.md names the spells and potions but gives
//! few numbers).

use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, body, cast, has, ok, status};

/// Heroes at `heroes` (Barbarian, Dwarf, Elf in that order) in the top corridor, Vel the dread
/// warrior at (12, 0) knowing `spell`; the heroes' turns are passed, so the sorcerer acts.
fn vel_casts(spell: &str, heroes: &[(i32, i32)], seed: u64) -> Game {
    vel_casts_with(spell, heroes, "", seed)
}

/// `vel_casts` with more quest fields (`extra`).
fn vel_casts_with(spell: &str, heroes: &[(i32, i32)], extra: &str, seed: u64) -> Game {
    let kinds = ["barbarian", "dwarf", "elf"];
    let q = quest_with(
        &kinds[..heroes.len()],
        heroes,
        "",
        &format!(
            "(kind: \"dread_warrior\", at: (12, 0), name: \"Vel\", movement: 0, spells: [\"{spell}\"]), {FAR_ORC}"
        ),
        DEFEAT_ALL,
        extra,
    );
    let mut g = Game::start(q, seed);
    g.end_hero_turns();
    g
}

/// Vel casts `spell` at the Barbarian (hero 0) at (5, 0), in the first game whose mind roll
/// gives `resists`.
fn vel_spell_resisted(spell: &str, extra: &str, resists: bool) -> (Game, Vec<GameEvent>) {
    find_seed(
        |s| vel_casts_with(spell, &[(5, 0)], extra, s),
        |g| {
            let v = vel(g);
            cast(g, v, spell, 0)
        },
        |e| resisted(e) == Some(resists),
    )
}

/// The id of Vel (after the heroes).
fn vel(g: &mut Game) -> u32 {
    g.snap().monsters().find(|m| m.name == "Vel").unwrap().id.0
}

fn resisted(evs: &[GameEvent]) -> Option<bool> {
    evs.iter().find_map(|e| match e {
        GameEvent::DreadSpellCast { resisted, .. } => Some(*resisted),
        _ => None,
    })
}

/// The attack and defend dice of the first attack in `evs`.
fn dice_rolled(evs: &[GameEvent]) -> (usize, usize) {
    evs.iter()
        .find_map(|e| match e {
            GameEvent::Attack { attack, defend, .. } => Some((attack.len(), defend.len())),
            _ => None,
        })
        .expect("an attack")
}

fn wounds(evs: &[GameEvent], who: u32) -> Vec<(u8, Vec<Face>)> {
    evs.iter()
        .filter_map(|e| match e {
            GameEvent::Wounded {
                figure, amount, dice, ..
            } if *figure == FigureId(who) => Some((*amount, dice.clone())),
            _ => None,
        })
        .collect()
}

/// Plays the sorcerer's turn out and the heroes' turns up to hero `id`'s.
fn to_turn_of(g: &mut Game, id: u32) {
    for _ in 0..12 {
        if g.turn().phase == Phase::Hero(FigureId(id)) {
            return;
        }
        g.send(Command::EndTurn);
    }
    panic!("no turn for hero {id}: {:?}", g.turn().phase);
}

#[test]
fn chains_of_dread_hold_a_hero_for_its_next_turn() {
    let (mut g, evs) = vel_spell_resisted("chains_of_dread", "", false);
    ok(&evs);
    assert!(status(&mut g, 0).contains(&StatusKind::Chained));
    to_turn_of(&mut g, 0);
    let why = rejected(&g.send(Command::RollMovement { hero: FigureId(0) }))
        .or_else(|| {
            rejected(&g.send(Command::Move {
                figure: FigureId(0),
                path: path(&[(4, 0)]),
            }))
        })
        .expect("held");
    assert!(why.contains("chains"), "{why}");
    assert_eq!(g.pos(0), Some(p(5, 0)));
    // Only that turn.
    g.send(Command::EndTurn);
    to_turn_of(&mut g, 0);
    g.set_allowance(0, 2);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0)]),
    }));
    // A hero who resists is not held.
    let (mut g, _) = vel_spell_resisted("chains_of_dread", "", true);
    assert!(!status(&mut g, 0).contains(&StatusKind::Chained));
}

#[test]
fn rust_takes_an_attack_die_for_the_quest() {
    let mut g = vel_casts("rust", &[(11, 0)], 1);
    let v = vel(&mut g);
    let dice = |g: &mut Game| {
        let snap = g.snap();
        snap.attack_dice(
            snap.figure(FigureId(0)).unwrap(),
            snap.figure(FigureId(v)).unwrap(),
            None,
        )
    };
    assert_eq!(dice(&mut g), 3, "a broadsword");
    ok(&cast(&mut g, v, "rust", 0));
    assert_eq!(dice(&mut g), 2);
    // Still so turns later, and the attack rolls 2.
    to_turn_of(&mut g, 0);
    assert_eq!(dice(&mut g), 2);
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(v),
    });
    assert_eq!(dice_rolled(&evs).0, 2);
}

#[test]
fn firestorm_burns_the_hero_and_its_neighbours_but_not_a_freed_captive() {
    // The Dwarf at (7, 0) the target, the Barbarian beside at (6, 0), the Elf apart at (4, 0).
    let mut g = vel_casts("firestorm", &[(6, 0), (7, 0), (4, 0)], 2);
    let v = vel(&mut g);
    let evs = cast(&mut g, v, "firestorm", 1);
    ok(&evs);
    for (hero, caught) in [(0, true), (1, true), (2, false)] {
        let w = wounds(&evs, hero);
        if caught {
            assert_eq!(w.len(), 1, "hero {hero}: {evs:?}");
            let (amount, dice) = &w[0];
            assert_eq!(dice.len(), 2, "2 dice each");
            assert_eq!(*amount as usize, dice.iter().filter(|f| **f == Face::Skull).count());
        } else {
            assert!(w.is_empty(), "hero {hero} stands apart");
        }
    }
    assert!(!has(&evs, "attack"), "no defence");
    // A freed captive beside the target is no hero: untouched.
    let q = quest_with(
        &["dwarf"],
        &[(14, 0)],
        "",
        "(kind: \"dread_warrior\", at: (18, 0), name: \"Vel\", movement: 0, spells: [\"firestorm\"])",
        "Rescue(name: \"Brother Aldous\", at: (12, 0), return_to_stairway: true)",
        "",
    );
    let mut g = Game::start(q, 3);
    g.set_allowance(0, 2);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(13, 0)]),
    }));
    let aldous = g.snap().captive().unwrap().clone();
    assert!(aldous.follows.is_some(), "freed");
    g.end_hero_turns();
    let v = vel(&mut g);
    let evs = cast(&mut g, v, "firestorm", 0);
    ok(&evs);
    assert!(wounds(&evs, aldous.id.0).is_empty(), "{evs:?}");
    assert_eq!(g.snap().figure(aldous.id).unwrap().body, aldous.body);
}

#[test]
fn wither_takes_two_body_unless_resisted() {
    let (mut g, evs) = vel_spell_resisted("wither", "", false);
    ok(&evs);
    assert_eq!(body(&mut g, 0), 6, "8 - 2, no dice to save any");
    let (mut g, _) = vel_spell_resisted("wither", "", true);
    assert_eq!(body(&mut g, 0), 8);
}

#[test]
fn dark_mending_heals_a_monster_up_to_four() {
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        "(kind: \"dread_warrior\", at: (12, 0), name: \"Vel\", movement: 0, spells: [\"dark_mending\"]), \
         (kind: \"orc\", at: (14, 0), body: 6, movement: 0)",
        DEFEAT_ALL,
        "",
    );
    let mut g = Game::start(q, 1);
    g.end_hero_turns();
    let v = vel(&mut g);
    let orc = v + 1;
    g.set_body(orc, 1);
    ok(&cast(&mut g, v, "dark_mending", orc));
    assert_eq!(body(&mut g, orc), 5, "1 + 4");
    // Never above the start value.
    let mut g = Game::start(
        quest_with(
            &["barbarian"],
            &[(3, 0)],
            "",
            "(kind: \"dread_warrior\", at: (12, 0), name: \"Vel\", movement: 0, spells: [\"dark_mending\"]), \
             (kind: \"orc\", at: (14, 0), body: 6, movement: 0)",
            DEFEAT_ALL,
            "",
        ),
        1,
    );
    g.end_hero_turns();
    g.set_body(orc, 4);
    ok(&cast(&mut g, v, "dark_mending", orc));
    assert_eq!(body(&mut g, orc), 6);
}

#[test]
fn howling_tempest_costs_the_hero_and_its_neighbours_a_turn() {
    let mut g = vel_casts("howling_tempest", &[(6, 0), (7, 0), (4, 0)], 4);
    let v = vel(&mut g);
    ok(&cast(&mut g, v, "howling_tempest", 1));
    for (hero, caught) in [(0, true), (1, true), (2, false)] {
        assert_eq!(
            status(&mut g, hero).contains(&StatusKind::LoseTurn),
            caught,
            "hero {hero}"
        );
    }
    // The round goes on: the Barbarian's and the Dwarf's turns pass them by; the Elf acts.
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(2)), "{:?}", g.turn().phase);
}

#[test]
fn fire_of_wrath_deals_three_and_one_black_shield_saves_one() {
    // rules-decisions row 22: 3 body points of fire; the monster rolls 1 die and a black shield
    // saves one.
    let make = |seed| {
        let q = quest_with(
            &["wizard"],
            &[(5, 0)],
            "",
            "(kind: \"orc\", at: (9, 0), body: 9, movement: 0)",
            DEFEAT_ALL,
            "spell_schools: {\"wizard\": [\"fire\", \"water\", \"air\"]},",
        );
        Game::start(q, seed)
    };
    for face in [Face::BlackShield, Face::Skull] {
        let (mut g, evs) = find_seed(
            make,
            |g| cast(g, 0, "fire_of_wrath", 1),
            |e| wounds(e, 1).first().is_some_and(|(_, d)| d.first() == Some(&face)),
        );
        let (amount, dice) = &wounds(&evs, 1)[0];
        assert_eq!(dice.len(), 1);
        let want = if face == Face::BlackShield { 2 } else { 3 };
        assert_eq!(*amount, want, "{dice:?}");
        assert_eq!(body(&mut g, 1), 9 - want);
    }
}

#[test]
fn the_potion_of_speed_doubles_the_next_movement_roll() {
    // rules-decisions row 27: the next movement roll uses twice the red dice.
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (potions: [\"speed\"])},",
    );
    let mut g = Game::start(q, 1);
    ok(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "speed".into(),
    }));
    let rolled = |evs: &[GameEvent]| {
        evs.iter()
            .find_map(|e| match e {
                GameEvent::MovementRolled { dice, .. } => Some(dice.len()),
                _ => None,
            })
            .expect("a roll")
    };
    assert_eq!(rolled(&g.send(Command::RollMovement { hero: FigureId(0) })), 4);
    // Only the next roll.
    g.send(Command::EndTurn);
    to_turn_of(&mut g, 0);
    assert_eq!(rolled(&g.send(Command::RollMovement { hero: FigureId(0) })), 2);
}

#[test]
fn the_potion_of_resilience_adds_two_defend_dice_once() {
    // rules-decisions row 27: +2 defend dice the next time the drinker defends.
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), body: 9, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (potions: [\"resilience\"])},",
    );
    let mut g = Game::start(q, 1);
    let defend = |g: &mut Game| {
        let snap = g.snap();
        snap.defend_dice(snap.figure(FigureId(0)).unwrap())
    };
    assert_eq!(defend(&mut g), 2);
    ok(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "resilience".into(),
    }));
    assert_eq!(defend(&mut g), 4);
    g.end_hero_turns();
    let evs = g.send(Command::Attack {
        attacker: FigureId(1),
        target: FigureId(0),
    });
    assert_eq!(dice_rolled(&evs).1, 4);
    assert_eq!(defend(&mut g), 2, "spent");
}

/// Item 6, rules-decisions row 31: the Ring of Return is a teleport, not a walk. Used mid-move it
/// keeps the squares of the roll not yet walked (the hero may walk on from the stairway), and
/// Chains of Dread, which stop a hero's walking, do not hold it back.
#[test]
fn the_ring_of_return_keeps_the_rest_of_the_move_and_ignores_chains() {
    let ring = "equipment: {\"barbarian\": (items: [\"ring_of_return\"])},";
    let q = quest_with(&["barbarian"], &[(5, 0)], "", FAR_ORC, DEFEAT_ALL, ring);
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 6);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    }));
    ok(&g.send(Command::UseArtifact {
        hero: FigureId(0),
        item: "ring_of_return".into(),
    }));
    let at = g.pos(0).unwrap();
    assert!(g.snap().on_stairway(at));
    let left = g.snap().turn.progress(FigureId(0)).steps_left();
    assert_eq!(left, 4, "6 rolled, 2 walked");
    let on = at
        .neighbours()
        .into_iter()
        .find(|q| g.snap().can_step(g.snap().figure(FigureId(0)).unwrap(), at, *q));
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: vec![on.expect("a square beside the stairway")],
    }));
    // Chained: no walking, but the ring still works.
    let (mut g, _) = vel_spell_resisted("chains_of_dread", ring, false);
    to_turn_of(&mut g, 0);
    assert!(status(&mut g, 0).contains(&StatusKind::Chained));
    ok(&g.send(Command::UseArtifact {
        hero: FigureId(0),
        item: "ring_of_return".into(),
    }));
    assert!(g.snap().on_stairway(g.pos(0).unwrap()));
}
