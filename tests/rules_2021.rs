//! The complete 2021 rules (issue 3): each test drives one rule through commands, as a player
//! would, and cites the section of `heroquest-2021.md` it checks.

use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;
use hollowdeep::rules::geometry::Pos;

use crate::common::*;

pub(crate) const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";
pub(crate) const FAR_ORC: &str = "(kind: \"orc\", at: (24, 17))";

pub(crate) fn has(evs: &[GameEvent], kind: &str) -> bool {
    evs.iter().any(|e| e.kind() == kind)
}

pub(crate) fn ok(evs: &[GameEvent]) {
    assert!(rejected(evs).is_none(), "refused: {:?}", rejected(evs));
}

pub(crate) fn status(g: &mut Game, id: u32) -> std::collections::BTreeSet<StatusKind> {
    g.snap().figure(FigureId(id)).unwrap().status.clone()
}

pub(crate) fn body(g: &mut Game, id: u32) -> u8 {
    g.snap().figure(FigureId(id)).unwrap().body
}

pub(crate) fn cast(g: &mut Game, caster: u32, spell: &str, target: u32) -> Vec<GameEvent> {
    g.send(Command::CastSpell {
        caster: FigureId(caster),
        spell: spell.into(),
        target: FigureId(target),
    })
}

const WIZARD_SCHOOLS: &str = "spell_schools: {\"wizard\": [\"fire\", \"water\", \"air\"]},";
const ALL_SCHOOLS: &str = "spell_schools: {\"wizard\": [\"fire\", \"water\", \"air\"], \"elf\": [\"earth\"]},";

#[test]
fn the_spell_draft_wizard_picks_elf_picks_wizard_gets_the_rest() {
    // heroquest-2021.md, Spell Distribution.
    let q = quest(&["elf", "wizard"], &[(5, 0), (6, 0)], "", FAR_ORC, DEFEAT_ALL);
    let mut g = Game::start_undrafted(q, 1);
    let (elf, wizard) = (FigureId(0), FigureId(1));
    assert_eq!(g.turn().draft.as_ref().unwrap().next, wizard);
    let r = rejected(&g.send(Command::RollMovement { hero: elf })).unwrap();
    assert!(r.contains("spell schools"), "{r}");
    let r = rejected(&g.send(Command::ChooseSchool {
        hero: elf,
        school: "earth".into(),
    }))
    .unwrap();
    assert!(r.contains("pick"), "{r}");
    ok(&g.send(Command::ChooseSchool {
        hero: wizard,
        school: "water".into(),
    }));
    let r = rejected(&g.send(Command::ChooseSchool {
        hero: elf,
        school: "water".into(),
    }))
    .unwrap();
    assert!(r.contains("not left"), "{r}");
    let evs = g.send(Command::ChooseSchool {
        hero: elf,
        school: "earth".into(),
    });
    ok(&evs);
    // The wizard receives the two schools left over, without choosing.
    assert_eq!(evs.iter().filter(|e| e.kind() == "school_chosen").count(), 3);
    assert!(g.turn().draft.is_none());
    let snap = g.snap();
    let mut w = snap.figure(wizard).unwrap().spellbook.schools.clone();
    w.sort();
    assert_eq!(w, ["air", "fire", "water"]);
    assert_eq!(snap.figure(wizard).unwrap().spellbook.spells.len(), 9);
    assert_eq!(snap.figure(elf).unwrap().spellbook.schools, ["earth"]);
    assert_eq!(snap.figure(elf).unwrap().spellbook.spells.len(), 3);
    ok(&g.send(Command::RollMovement { hero: elf }));
}

#[test]
fn a_wizard_alone_drafts_three_schools() {
    // heroquest-2021.md, Spell Distribution (no Elf: see docs/rules-decisions.md).
    let q = quest(&["wizard"], &[(5, 0)], "", FAR_ORC, DEFEAT_ALL);
    let g = &mut Game::start(q, 1);
    assert_eq!(g.snap().figure(FigureId(0)).unwrap().spellbook.schools.len(), 3);
}

#[test]
fn spells_need_line_of_sight_are_the_action_and_are_cast_once() {
    // heroquest-2021.md, Action 2: Cast a Spell; Spell Rules; Ball of Flame.
    let q = quest_with(
        &["wizard", "elf"],
        &[(5, 0), (6, 3)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 5), (kind: \"goblin\", at: (2, 2))",
        DEFEAT_ALL,
        ALL_SCHOOLS,
    );
    let mut g = Game::start(q, 3);
    // The goblin in room nw1 is behind a wall: no line of sight.
    let r = rejected(&cast(&mut g, 0, "ball_of_flame", 3)).unwrap();
    assert!(r.contains("cannot see") || r.contains("line of sight"), "{r}");
    // The Elf does not know fire spells.
    let evs = cast(&mut g, 0, "heal_body", 0);
    assert!(rejected(&evs).unwrap().contains("does not know"));
    let evs = cast(&mut g, 0, "ball_of_flame", 2);
    ok(&evs);
    let wound = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::Wounded {
                figure, amount, dice, ..
            } => Some((*figure, *amount, dice.clone())),
            _ => None,
        })
        .expect("the flame wounds");
    assert_eq!(wound.0, FigureId(2));
    assert_eq!(wound.2.len(), 2, "the monster rolls 2 dice to resist");
    let saved = wound.2.iter().filter(|f| **f == Face::BlackShield).count() as u8;
    assert_eq!(wound.1, 2 - saved);
    assert_eq!(body(&mut g, 2), 5 - wound.1);
    // Casting was the action: no attack, no second spell.
    assert!(
        rejected(&cast(&mut g, 0, "fire_of_wrath", 2))
            .unwrap()
            .contains("already taken an action")
    );
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    g.end_hero_turns();
    g.send(Command::EndTurn);
    assert!(
        rejected(&cast(&mut g, 0, "ball_of_flame", 2))
            .unwrap()
            .contains("already cast")
    );
}

#[test]
fn healing_spells_restore_up_to_four_body_to_a_hero_in_sight() {
    // heroquest-2021.md, Heal Body / Water of Healing.
    let q = quest_with(
        &["wizard", "elf"],
        &[(5, 0), (8, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        ALL_SCHOOLS,
    );
    let mut g = Game::start(q, 3);
    g.set_body(1, 1);
    let evs = cast(&mut g, 0, "water_of_healing", 1);
    ok(&evs);
    assert_eq!(body(&mut g, 1), 5);
    // Never above the starting body points.
    g.send(Command::EndTurn);
    ok(&cast(&mut g, 1, "heal_body", 1));
    assert_eq!(body(&mut g, 1), 6);
}

#[test]
fn sleep_holds_a_monster_until_it_is_attacked_and_the_undead_never_sleep() {
    // heroquest-2021.md, Sleep (Water).
    let make = |seed| {
        let q = quest_with(
            &["wizard", "barbarian"],
            &[(5, 0), (10, 0)],
            "",
            "(kind: \"orc\", at: (9, 0)), (kind: \"skeleton\", at: (3, 0))",
            DEFEAT_ALL,
            "spell_schools: {\"wizard\": [\"fire\", \"water\", \"air\"]},",
        );
        Game::start(q, seed)
    };
    let (mut g, evs) = find_seed(make, |g| cast(g, 0, "sleep", 2), |e| has(e, "status_gained"));
    let resist = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::SpellCast { resist, .. } => Some(resist.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(resist.len(), 2, "the orc resists with its 2 mind points");
    assert!(status(&mut g, 2).contains(&StatusKind::Asleep));
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    g.end_hero_turns();
    let r = rejected(&g.send(Command::Attack {
        attacker: FigureId(2),
        target: FigureId(1),
    }))
    .unwrap();
    assert!(r.contains("asleep"), "{r}");
    g.send(Command::EndTurn);
    // Attacking wakes it.
    g.send(Command::EndTurn);
    ok(&g.send(Command::Attack {
        attacker: FigureId(1),
        target: FigureId(2),
    }));
    let orc = g.snap().figure(FigureId(2)).cloned();
    assert!(
        orc.is_none_or(|o| !o.has(StatusKind::Asleep)),
        "the attack woke it (or killed it)"
    );

    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"skeleton\", at: (4, 0))",
        DEFEAT_ALL,
        WIZARD_SCHOOLS,
    );
    let mut g = Game::start(q, 1);
    let r = rejected(&cast(&mut g, 0, "sleep", 1)).unwrap();
    assert!(r.contains("undead"), "{r}");
    assert!(
        g.snap()
            .figure(FigureId(0))
            .unwrap()
            .spellbook
            .ready()
            .any(|s| s == "sleep"),
        "not spent"
    );
}

#[test]
fn tempest_costs_the_target_and_its_neighbours_their_next_turn() {
    // heroquest-2021.md, Tempest (Air).
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (9, 0)), (kind: \"orc\", at: (10, 0)), (kind: \"orc\", at: (12, 0))",
        DEFEAT_ALL,
        WIZARD_SCHOOLS,
    );
    let mut g = Game::start(q, 1);
    ok(&cast(&mut g, 0, "tempest", 1));
    assert!(status(&mut g, 1).contains(&StatusKind::LoseTurn));
    assert!(status(&mut g, 2).contains(&StatusKind::LoseTurn), "next to the target");
    assert!(!status(&mut g, 3).contains(&StatusKind::LoseTurn), "two squares away");
    g.send(Command::EndTurn);
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(1),
            path: path(&[(8, 0)])
        }))
        .unwrap()
        .contains("tempest")
    );
    g.send(Command::EndTurn);
    assert!(status(&mut g, 1).is_empty(), "the lost turn is over");
}

#[test]
fn rock_skin_courage_and_genie_change_the_dice() {
    // heroquest-2021.md, Rock Skin (Earth), Courage (Fire), Genie (Air).
    let q = quest_with(
        &["wizard", "elf"],
        &[(5, 0), (6, 0)],
        "",
        "(kind: \"orc\", at: (7, 0), body: 9)",
        DEFEAT_ALL,
        ALL_SCHOOLS,
    );
    let mut g = Game::start(q, 2);
    let snap = g.snap();
    let elf = snap.figure(FigureId(1)).unwrap().clone();
    let orc = snap.figure(FigureId(2)).unwrap().clone();
    assert_eq!(snap.defend_dice(&elf), 2);
    assert_eq!(snap.attack_dice(&elf, &orc, None), 2);
    ok(&cast(&mut g, 0, "courage", 1));
    g.send(Command::EndTurn);
    ok(&cast(&mut g, 1, "rock_skin", 1));
    let snap = g.snap();
    let elf = snap.figure(FigureId(1)).unwrap().clone();
    assert_eq!(snap.defend_dice(&elf), 4, "rock skin: +2 defend dice");
    assert_eq!(snap.attack_dice(&elf, &orc, None), 4, "courage: +2 attack dice");
    // Rock skin lasts until the elf is wounded.
    g.send(Command::EndTurn);
    for _ in 0..40 {
        if !status(&mut g, 1).contains(&StatusKind::RockSkin) {
            break;
        }
        if g.turn().phase == Phase::Sorcerer {
            g.app.update();
        } else {
            g.send(Command::EndTurn);
        }
    }
    let log = g.log();
    let hurt = log
        .iter()
        .position(|e| matches!(e, GameEvent::Attack { target: FigureId(1), damage, .. } if *damage > 0));
    let ended = log.iter().position(|e| {
        matches!(
            e,
            GameEvent::StatusEnded {
                figure: FigureId(1),
                status: StatusKind::RockSkin
            }
        )
    });
    assert!(
        hurt.is_some() && ended.is_some() && hurt < ended,
        "rock skin ends when the elf is wounded"
    );

    // Genie: 5 combat dice.
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 9)",
        DEFEAT_ALL,
        WIZARD_SCHOOLS,
    );
    let mut g = Game::start(q, 2);
    let evs = cast(&mut g, 0, "genie", 1);
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::Attack { attack, .. } if attack.len() == 5))
    );
}

#[test]
fn swift_wind_pass_through_rock_and_veil_of_mist_change_movement() {
    // heroquest-2021.md, Swift Wind (Air), Pass Through Rock (Earth), Veil of Mist (Water).
    let q = quest_with(
        &["wizard", "elf"],
        &[(5, 0), (8, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), movement: 0), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        ALL_SCHOOLS,
    );
    let mut g = Game::start(q, 2);
    ok(&cast(&mut g, 0, "swift_wind", 0));
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::MovementRolled { dice, .. } if dice.len() == 4))
    );
    g.send(Command::EndTurn);
    // The elf walks through the wall into room nw2 (5..8, 1..3).
    ok(&cast(&mut g, 1, "pass_through_rock", 1));
    g.set_allowance(1, 6);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(8, 1), (7, 1)]),
    }));
    assert_eq!(g.pos(1), Some(p(7, 1)));
    // Back out through the wall, and past the orc in the corridor, under a veil of mist.
    let q = quest_with(
        &["wizard"],
        &[(8, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), movement: 0), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        WIZARD_SCHOOLS,
    );
    let mut g = Game::start(q, 2);
    g.set_allowance(0, 6);
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(9, 0), (10, 0)])
        }))
        .is_some()
    );
    ok(&cast(&mut g, 0, "veil_of_mist", 0));
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(9, 0), (10, 0)]),
    }));
    assert_eq!(g.pos(0), Some(p(10, 0)));
}

#[test]
fn dread_spells_are_cast_once_by_named_monsters_and_heroes_resist_with_mind() {
    // heroquest-2021.md, Monster Rules / Actions: cast a Dread spell (quest notes name the casters).
    let make = |seed| {
        let q = quest(
            &["barbarian"],
            &[(5, 0)],
            "",
            "(kind: \"dread_warrior\", at: (12, 0), name: \"Vel\", spells: [\"fear\", \"summon_orcs\", \"lightning_bolt\"])",
            DEFEAT_ALL,
        );
        let mut g = Game::start(q, seed);
        g.send(Command::EndTurn);
        g
    };
    let (mut g, evs) = find_seed(make, |g| cast(g, 1, "fear", 0), |e| has(e, "status_gained"));
    let (resist, resisted) = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::DreadSpellCast { resist, resisted, .. } => Some((resist.clone(), *resisted)),
            _ => None,
        })
        .unwrap();
    assert_eq!(resist.len(), 2, "the barbarian resists with 2 mind points");
    assert!(!resisted && !resist.contains(&Face::WhiteShield));
    let snap = g.snap();
    let (b, v) = (snap.figure(FigureId(0)).unwrap(), snap.figure(FigureId(1)).unwrap());
    assert_eq!(snap.attack_dice(b, v, None), 1, "fear: one attack die");
    // Once each, and one action a turn.
    assert!(rejected(&cast(&mut g, 1, "summon_orcs", 1)).unwrap().contains("action"));
    // Monsters cannot cast hero spells they do not know.
    assert!(rejected(&cast(&mut g, 1, "ball_of_flame", 0)).is_some());
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    assert!(status(&mut g, 0).is_empty(), "fear ends with the hero's next turn");
    assert!(rejected(&cast(&mut g, 1, "fear", 0)).unwrap().contains("already cast"));
    let evs = cast(&mut g, 1, "summon_orcs", 1);
    ok(&evs);
    assert_eq!(evs.iter().filter(|e| e.kind() == "monster_summoned").count(), 2);
    assert_eq!(g.snap().monsters().count(), 3);
}

#[test]
fn the_sorcerer_casts_dread_spells_when_it_cannot_fight() {
    // heroquest-2021.md, Monster Rules / Actions.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"dread_warrior\", at: (14, 0), name: \"Vel\", movement: 0, spells: [\"lightning_bolt\"])",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 4);
    g.send(Command::EndTurn);
    for _ in 0..10 {
        g.app.update();
    }
    let log = g.log();
    assert!(
        log.iter()
            .any(|e| matches!(e, GameEvent::DreadSpellCast { spell, .. } if spell == "lightning_bolt"))
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, GameEvent::SorcererReasoned { text, .. } if text.contains("Lightning Bolt")))
    );
}

fn room_quest(extra: &str, monsters: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    // Heroes in room nw1 (1..4, 1..3) with its door to the corridor at (2,0)-(2,1).
    quest_with(
        &["barbarian", "dwarf"],
        &[(2, 1), (3, 2)],
        "(at: (2, 0), to: (2, 1), open: true)",
        monsters,
        DEFEAT_ALL,
        extra,
    )
}

#[test]
fn treasure_is_searched_in_cleared_rooms_once_per_hero() {
    // heroquest-2021.md, Action 3: Search for Treasure.
    let q = room_quest("", FAR_ORC);
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    ok(&evs);
    assert!(has(&evs, "treasure_drawn"));
    assert_eq!(g.pos(0), Some(p(2, 1)), "searching does not move the hero");
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    // Not twice in one room, but each hero once.
    assert!(
        rejected(&g.send(Command::SearchTreasure { hero: FigureId(0) }))
            .unwrap()
            .contains("already searched")
    );
    // Never in a corridor.
    g.set_allowance(0, 3);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(2, 0)]),
    }));
    assert!(
        rejected(&g.send(Command::SearchTreasure { hero: FigureId(0) }))
            .unwrap()
            .contains("rooms")
    );
    // Never with a monster in the room.
    let q = room_quest("", "(kind: \"zombie\", at: (4, 3), movement: 0)");
    let mut g = Game::start(q, 1);
    assert!(
        rejected(&g.send(Command::SearchTreasure { hero: FigureId(0) }))
            .unwrap()
            .contains("clear")
    );
}

#[test]
fn special_treasure_goes_to_the_first_searcher() {
    // heroquest-2021.md, Action 3: special treasure listed in the Quest Book.
    let q = room_quest(
        "treasure: [(room: (1, 1), text: \"A purse.\", gold: 40, potions: [\"healing\"], items: [\"talisman_of_lore\"])],",
        FAR_ORC,
    );
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    ok(&evs);
    assert!(has(&evs, "special_treasure_found") && !has(&evs, "treasure_drawn"));
    let b = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!(b.inventory.gold, 40);
    assert_eq!(b.inventory.potions, ["healing"]);
    assert!(b.equipment.has("talisman_of_lore"));
    g.send(Command::EndTurn);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(1) });
    assert!(has(&evs, "nothing_found"), "{evs:?}");
}

#[test]
fn the_treasure_deck_keeps_gold_and_potions_and_returns_hazards_and_wanderers() {
    // heroquest-2021.md, Treasure Cards; Wandering Monsters.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut g = Game::start(room_quest("", FAR_ORC), seed);
        let mut evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
        let deck = g.app.world().resource::<Dungeon>().deck.len();
        // A wandering monster is the sorcerer's to place, with its own command (Wandering
        // Monsters: "Zargon places monster next to treasure-searching hero"): nothing else is
        // accepted until it is placed, and only next to the searcher.
        if let Some(Pending::PlaceWanderer { hero, squares, .. }) = g.turn().pending.clone() {
            assert_eq!(hero, FigureId(0));
            assert!(!squares.is_empty() && squares.iter().all(|q| q.is_orthogonally_adjacent(p(2, 1))));
            assert!(
                rejected(&g.send(Command::EndTurn))
                    .unwrap()
                    .contains("wandering monster")
            );
            assert!(
                rejected(&g.send(Command::PlaceWanderer { at: p(9, 9) }))
                    .unwrap()
                    .contains("next to")
            );
            let at = hollowdeep::ai::decide(g.app.world_mut()).expect("the computer sorcerer places it");
            assert!(matches!(at, Command::PlaceWanderer { at } if squares.contains(&at)));
            evs.extend(g.send(at));
            assert!(g.turn().pending.is_none());
        }
        if has(&evs, "gold_found") || has(&evs, "potion_found") {
            assert_eq!(deck, 23, "kept cards leave the deck");
            seen.insert(if has(&evs, "gold_found") { "gold" } else { "potion" });
        } else if has(&evs, "hazard_drawn") {
            assert_eq!(deck, 24, "hazards go back");
            assert!(has(&evs, "wounded"));
            seen.insert("hazard");
        } else if has(&evs, "wandering_monster") {
            assert_eq!(deck, 24, "wandering monsters go back");
            let (m, at) = evs
                .iter()
                .find_map(|e| match e {
                    GameEvent::WanderingMonster { figure, at } => Some((*figure, *at)),
                    _ => None,
                })
                .unwrap();
            assert!(at.is_orthogonally_adjacent(p(2, 1)), "next to the searcher");
            assert_eq!(g.snap().figure(m).unwrap().kind, "orc", "the quest's wandering monster");
            assert!(
                evs.iter()
                    .any(|e| matches!(e, GameEvent::Attack { attacker, target: FigureId(0), .. } if *attacker == m)),
                "it attacks at once"
            );
            seen.insert("wanderer");
        }
        if seen.len() == 4 {
            return;
        }
    }
    panic!("not every kind of card was drawn: {seen:?}");
}

#[test]
fn searching_for_traps_and_secret_doors_needs_no_monster_in_sight() {
    // heroquest-2021.md, Action 4: Search for Secret Doors; Action 5: Search for Traps.
    let q = room_quest(
        "traps: [(kind: Pit, at: (3, 3)), (kind: Spear, at: (6, 0)), (kind: Pit, at: (20, 0))], secret_doors: [(at: (4, 2), to: (5, 2))],",
        FAR_ORC,
    );
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::SearchTraps { hero: FigureId(0) });
    ok(&evs);
    let found: Vec<Pos> = evs
        .iter()
        .filter_map(|e| match e {
            GameEvent::TrapFound { at, .. } => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(found, [p(3, 3)], "only the room's trap, not the corridor's");
    g.send(Command::EndTurn);
    let evs = g.send(Command::SearchSecretDoors { hero: FigureId(1) });
    ok(&evs);
    let door = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::SecretDoorFound { door } => Some(*door),
            _ => None,
        })
        .expect("found");
    // Found, it opens like any door: the dwarf at (3,2) is not next to it; the barbarian walks over.
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    g.set_allowance(0, 4);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(3, 1), (4, 1), (4, 2)]),
    }));
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door,
    }));
    // In the corridor, a search reaches only the squares in sight.
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "traps: [(kind: Spear, at: (6, 0)), (kind: Pit, at: (0, 5))],",
    );
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::SearchTraps { hero: FigureId(0) });
    assert_eq!(evs.iter().filter(|e| e.kind() == "trap_found").count(), 1, "{evs:?}");
    // With a monster in sight, no search.
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        "(kind: \"orc\", at: (9, 0))",
        DEFEAT_ALL,
        "",
    );
    let mut g = Game::start(q, 1);
    assert!(
        rejected(&g.send(Command::SearchTraps { hero: FigureId(0) }))
            .unwrap()
            .contains("in sight")
    );
    assert!(
        rejected(&g.send(Command::SearchSecretDoors { hero: FigureId(0) }))
            .unwrap()
            .contains("in sight")
    );
}

fn corridor_trap(kind: &str) -> Game {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (1, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        &format!("traps: [(kind: {kind}, at: (5, 0))],"),
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 6);
    g
}

#[test]
fn a_pit_wounds_ends_the_turn_and_weakens_the_hero_in_it() {
    // heroquest-2021.md, Traps: 1. Pit Trap; Combat Modifiers: in a pit.
    let mut g = corridor_trap("Pit");
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0), (6, 0)]),
    });
    ok(&evs);
    assert!(has(&evs, "trap_sprung"));
    assert_eq!(g.pos(0), Some(p(5, 0)), "the move stops in the pit");
    assert_eq!(body(&mut g, 0), 7);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)), "the turn ends");
    let snap = g.snap();
    assert!(snap.in_pit(p(5, 0)));
    let b = snap.figure(FigureId(0)).unwrap();
    assert_eq!(snap.defend_dice(b), 1);
    // Sprung pits cannot be disarmed.
    assert!(
        rejected(&g.send(Command::DisarmTrap {
            hero: FigureId(1),
            trap: 0
        }))
        .is_some()
    );
}

#[test]
fn a_falling_block_wounds_without_defence_and_seals_the_square() {
    // heroquest-2021.md, Traps: 2. Falling-Block Trap.
    let mut g = corridor_trap("FallingBlock");
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0), (6, 0)]),
    });
    ok(&evs);
    let (amount, dice) = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::Wounded { amount, dice, .. } => Some((*amount, dice.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(dice.len(), 3);
    assert_eq!(amount, dice.iter().filter(|f| **f == Face::Skull).count() as u8);
    assert!(!has(&evs, "attack"), "no defend dice");
    assert_eq!(g.pos(0), Some(p(6, 0)), "pushed ahead out of the way");
    assert!(g.snap().is_solid(p(5, 0)), "a permanent block");
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
}

#[test]
fn a_spear_trap_strikes_once_and_is_gone() {
    // heroquest-2021.md, Traps: 3. Spear Trap.
    let make = |seed| {
        let mut g = corridor_trap("Spear");
        g.app.world_mut().resource_mut::<GameRng>().0 =
            <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        g
    };
    let walk = |g: &mut Game| {
        g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(4, 0), (5, 0), (6, 0)]),
        })
    };
    let (mut g, _) = find_seed(make, walk, |e| {
        e.iter().any(|e| matches!(e, GameEvent::Wounded { amount: 1, .. }))
    });
    assert_eq!(g.pos(0), Some(p(5, 0)), "hit: the move stops");
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    let (mut g, _) = find_seed(make, walk, |e| {
        e.iter().any(|e| matches!(e, GameEvent::Wounded { amount: 0, .. }))
    });
    assert_eq!(g.pos(0), Some(p(6, 0)), "dodged: the move goes on");
    assert_eq!(
        g.snap().trap_at(p(5, 0)).unwrap().state,
        TrapState::Sprung,
        "gone for good"
    );
}

#[test]
fn monsters_never_spring_traps() {
    // heroquest-2021.md, Monster Rules / Restrictions.
    let q = quest_with(
        &["barbarian"],
        &[(2, 0)],
        "",
        "(kind: \"orc\", at: (9, 0))",
        DEFEAT_ALL,
        "traps: [(kind: Pit, at: (5, 0))],",
    );
    let mut g = Game::start(q, 1);
    g.send(Command::EndTurn);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(8, 0), (7, 0), (6, 0), (5, 0), (4, 0)]),
    }));
    assert!(!has(&g.log(), "trap_sprung"));
    assert_eq!(g.snap().trap_at(p(5, 0)).unwrap().state, TrapState::Hidden);
}

#[test]
fn disarming_needs_a_known_trap_and_a_tool_kit_or_the_dwarf() {
    // heroquest-2021.md, Action 6: Disarm a Trap; How the Dwarf Disarms (see docs/rules-decisions.md).
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (6, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "traps: [(kind: FallingBlock, at: (5, 0))],",
    );
    let make = |seed| Game::start(q.clone(), seed);
    let attempt = |g: &mut Game| {
        // Unknown: cannot be disarmed.
        let r = rejected(&g.send(Command::DisarmTrap {
            hero: FigureId(0),
            trap: 0,
        }))
        .unwrap();
        assert!(r.contains("tool kit"), "{r}");
        g.send(Command::SearchTraps { hero: FigureId(0) });
        g.send(Command::EndTurn);
        g.send(Command::DisarmTrap {
            hero: FigureId(1),
            trap: 0,
        })
    };
    let (mut g, evs) = find_seed(make, attempt, |e| has(e, "trap_disarmed"));
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::TrapDisarmed { roll, .. } if roll[0] != Face::Skull))
    );
    assert_eq!(g.snap().trap(0).unwrap().state, TrapState::Disarmed);
    assert_eq!(g.pos(1), Some(p(6, 0)), "the dwarf stays put");
    let (mut g, evs) = find_seed(make, attempt, |e| has(e, "trap_sprung"));
    assert!(!has(&evs, "trap_disarmed"));
    assert!(g.snap().is_solid(p(5, 0)), "the block came down");
    // With a tool kit anyone may try.
    let q = quest_with(
        &["barbarian"],
        &[(4, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "traps: [(kind: Spear, at: (5, 0))], equipment: {\"barbarian\": (items: [\"tool_kit\"])},",
    );
    let mut g = Game::start(q, 3);
    g.send(Command::SearchTraps { hero: FigureId(0) });
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    let evs = g.send(Command::DisarmTrap {
        hero: FigureId(0),
        trap: 0,
    });
    ok(&evs);
}

#[test]
fn a_known_trap_can_be_jumped_with_two_squares_of_movement() {
    // heroquest-2021.md, Jumping a Trap.
    let q = quest_with(
        &["barbarian"],
        &[(4, 0)],
        "",
        "(kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "traps: [(kind: Pit, at: (5, 0))],",
    );
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        g.send(Command::SearchTraps { hero: FigureId(0) });
        g.send(Command::EndTurn);
        g.send(Command::EndTurn);
        g
    };
    let jump = |g: &mut Game| {
        g.set_allowance(0, 1);
        let r = rejected(&g.send(Command::JumpTrap {
            hero: FigureId(0),
            trap: 0,
            to: p(6, 0),
        }))
        .unwrap();
        assert!(r.contains("2 squares"), "{r}");
        g.set_allowance(0, 5);
        g.send(Command::JumpTrap {
            hero: FigureId(0),
            trap: 0,
            to: p(6, 0),
        })
    };
    let (mut g, _) = find_seed(make, jump, |e| has(e, "trap_jumped"));
    assert_eq!(g.pos(0), Some(p(6, 0)));
    assert_eq!(
        g.turn().progress(FigureId(0)).steps_left(),
        3,
        "the jump cost two squares"
    );
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(7, 0)]),
    }));
    let (mut g, evs) = find_seed(make, jump, |e| has(e, "trap_sprung"));
    // The log tells the fall as a failed jump, never as a hero who escaped unhurt.
    assert!(has(&evs, "jump_failed") && !has(&evs, "trap_jumped"));
    let names = g.app.world().resource::<FigureNames>().clone();
    let lines: Vec<String> = evs
        .iter()
        .filter_map(|e| hollowdeep::game::describe::describe(e, &names))
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("lands on it")) && !lines.iter().any(|l| l.contains("unhurt")),
        "{lines:?}"
    );
    assert_eq!(g.pos(0), Some(p(5, 0)), "landed in the pit");
    assert_eq!(body(&mut g, 0), 7);
}

#[test]
fn a_trapped_chest_springs_on_a_treasure_search() {
    // heroquest-2021.md, Traps: 4. Chest/Furniture Trap.
    let text = "furniture: [(kind: \"chest\", at: (4, 2), trap: (damage: 2, text: \"A needle!\"))],";
    let q = room_quest(text, FAR_ORC);
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
    ok(&evs);
    assert!(has(&evs, "trap_sprung") && !has(&evs, "treasure_drawn"));
    assert_eq!(body(&mut g, 0), 6);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)), "the turn ends");
    // Found first, it can be disarmed by the dwarf next to the chest.
    let q = room_quest(text, FAR_ORC);
    let make = |seed| Game::start(q.clone(), seed);
    let (_, evs) = find_seed(
        make,
        |g| {
            g.send(Command::SearchTraps { hero: FigureId(0) });
            g.send(Command::EndTurn);
            g.send(Command::DisarmTrap {
                hero: FigureId(1),
                trap: 0,
            })
        },
        |e| has(e, "trap_disarmed"),
    );
    ok(&evs);
}

/// heroquest-2021.md, Potions; How a Hero Escapes Death. The same under Revised, where a hero at
/// 0 Body outside its own turn is saved by Free Effects alone (checklists §1.1 #78).
#[test]
fn potions_are_free_and_a_healing_potion_saves_a_hero_at_zero() {
    for rules in ["", crate::rules_revised::REVISED] {
        let q = quest_with(
            &["barbarian"],
            &[(5, 0)],
            "",
            "(kind: \"orc\", at: (6, 0), attack: 9, body: 9)",
            DEFEAT_ALL,
            &format!("{rules} equipment: {{\"barbarian\": (potions: [\"strength\", \"healing\"])}},"),
        );
        let mut g = Game::start(q.clone(), 1);
        let evs = g.send(Command::DrinkPotion {
            hero: FigureId(0),
            potion: "strength".into(),
        });
        ok(&evs);
        let snap = g.snap();
        let (b, o) = (snap.figure(FigureId(0)).unwrap(), snap.figure(FigureId(1)).unwrap());
        assert_eq!(snap.attack_dice(b, o, None), 5);
        // Drinking was not the action.
        let evs = g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(1),
        });
        ok(&evs);
        assert!(
            evs.iter()
                .any(|e| matches!(e, GameEvent::Attack { attack, .. } if attack.len() == 5))
        );
        assert!(!status(&mut g, 0).contains(&StatusKind::Strength), "used up");
        // Wounded to 0 in the sorcerer's turn: the healing potion is drunk and the hero lives.
        let make = |seed| {
            let mut g = Game::start(q.clone(), seed);
            g.set_body(0, 1);
            g.send(Command::EndTurn);
            g
        };
        let (mut g, evs) = find_seed(
            make,
            |g| {
                g.send(Command::Attack {
                    attacker: FigureId(1),
                    target: FigureId(0),
                })
            },
            |e| has(e, "death_averted"),
        );
        assert!(!has(&evs, "hero_killed"));
        assert_eq!(body(&mut g, 0), 4);
        assert!(g.snap().figure(FigureId(0)).unwrap().inventory.potions == ["strength"]);
    }
}

/// heroquest-2021.md, How a Hero Escapes Death; Important Timing. The same under Revised: on its
/// own turn a hero at 0 Body may still use the Action it has left (checklists §1.1 #79), and
/// outside it only a Free Effect saves it (#78).
#[test]
fn a_casters_own_healing_spell_saves_only_on_the_casters_turn() {
    for rules in ["", crate::rules_revised::REVISED] {
        let extra = format!("{rules} traps: [(kind: Pit, at: (6, 0))], spell_schools: {{\"wizard\": [\"earth\"]}},");
        let q = quest_with(&["wizard"], &[(5, 0)], "", FAR_ORC, DEFEAT_ALL, &extra);
        let mut g = Game::start(q, 1);
        g.set_body(0, 1);
        g.set_allowance(0, 3);
        let evs = g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(6, 0)]),
        });
        ok(&evs);
        assert!(
            evs.iter()
                .any(|e| matches!(e, GameEvent::DeathAverted { by, .. } if by == "Heal Body"))
        );
        assert_eq!(body(&mut g, 0), 4);
        // On the sorcerer's turn the spell cannot save the wizard: a fellow hero's neither.
        let q = quest_with(
            &["wizard", "elf"],
            &[(5, 0), (4, 0)],
            "",
            "(kind: \"orc\", at: (6, 0), attack: 9)",
            DEFEAT_ALL,
            &format!("{rules} spell_schools: {{\"wizard\": [\"earth\"], \"elf\": [\"water\"]}},"),
        );
        let evs = felled_on_the_sorcerers_turn(&q);
        assert!(!has(&evs, "death_averted"));
        // The elf is in the same corridor: the wizard's things lie on the floor for the elf.
        assert!(has(&evs, "possessions_dropped"));
    }
}

#[test]
fn a_dead_heros_possessions_go_to_the_monsters_when_no_hero_is_near() {
    // heroquest-2021.md, What Happens to a Dead Hero.
    let q = quest_with(
        &["wizard", "elf"],
        &[(5, 0), (2, 1)],
        "(at: (2, 0), to: (2, 1))",
        "(kind: \"orc\", at: (6, 0), attack: 9)",
        DEFEAT_ALL,
        "spell_schools: {\"wizard\": [\"earth\"], \"elf\": [\"water\"]}, equipment: {\"wizard\": (items: [\"spell_ring\"], gold: 30)},",
    );
    let evs = felled_on_the_sorcerers_turn(&q);
    assert!(has(&evs, "possessions_claimed"));
}

/// The first hero of `q` (the Wizard, at 1 Body) felled by the orc, figure 2, on the sorcerer's
/// turn after two heroes' turns: the events of the blow that kills it, on the first seed it does.
fn felled_on_the_sorcerers_turn(q: &std::sync::Arc<hollowdeep::quest::Quest>) -> Vec<GameEvent> {
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        g.set_body(0, 1);
        g.send(Command::EndTurn);
        g.send(Command::EndTurn);
        g
    };
    let strike = |g: &mut Game| {
        g.send(Command::Attack {
            attacker: FigureId(2),
            target: FigureId(0),
        })
    };
    find_seed(make, strike, |e| has(e, "hero_killed")).1
}

#[test]
fn equipment_sets_the_dice_and_the_wizard_and_shield_restrictions_hold() {
    // heroquest-2021.md, Equipment & Armory; Special Movement Cases: plate mail.
    let q = quest_with(
        &["barbarian", "wizard"],
        &[(5, 0), (6, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"longsword\", items: [\"plate_mail\", \"shield\", \"helmet\"]), \"wizard\": (weapon: \"staff\", items: [\"wizards_cloak\"])},",
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let b = snap.figure(FigureId(0)).unwrap();
    assert_eq!(b.fighter.defend, 2 + 2 + 1 + 1);
    assert_eq!(b.fighter.attack, 3);
    assert!(b.fighter.diagonal, "longsword");
    assert_eq!(b.fighter.movement, Movement::Dice(1));
    let w = snap.figure(FigureId(1)).unwrap();
    assert_eq!(w.fighter.defend, 3, "the wizard's cloak");
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::MovementRolled { dice, .. } if dice.len() == 1))
    );
    // Refused by the validator, with the place and the reason.
    for (gear, why) in [
        ("\"wizard\": (items: [\"chain_mail\"])", "cannot wear"),
        ("\"wizard\": (weapon: \"broadsword\")", "cannot use"),
        (
            "\"barbarian\": (weapon: \"battle_axe\", items: [\"shield\"])",
            "two-handed",
        ),
    ] {
        let text = format!(
            "Quest(format: 1, name: \"T\", briefing: \"b\", heroes: [\"barbarian\", \"wizard\"], hero_starts: [(5, 0), (6, 0)],
             stairway: (12, 2, 2, 2), monsters: [(kind: \"orc\", at: (9, 0))], objective: DefeatAll(),
             wandering_monster: \"orc\", equipment: {{{gear}}})"
        );
        let err = hollowdeep::quest::parse("t", "t.ron", text.as_bytes(), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains(why) && err.starts_with("t.ron:"), "{err}");
    }
}

#[test]
fn a_thrown_dagger_is_lost_and_a_crossbow_must_reload() {
    // heroquest-2021.md, Action 1: Attack (ranged weapons); Weapons table.
    let q = quest_with(
        &["wizard", "barbarian"],
        &[(5, 0), (4, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 9)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"crossbow\")},",
    );
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(2),
        weapon: "dagger".into(),
    });
    ok(&evs);
    assert!(has(&evs, "thrown_weapon_lost"));
    let w = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!(w.equipment.weapon, None);
    g.send(Command::EndTurn);
    // The wizard stands in the way of the barbarian's shot: figures block sight.
    assert!(
        rejected(&g.send(Command::Shoot {
            attacker: FigureId(1),
            target: FigureId(2),
            weapon: "crossbow".into()
        }))
        .unwrap()
        .contains("line of sight")
    );
    let q = quest_with(
        &["barbarian"],
        &[(4, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 9, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"crossbow\")},",
    );
    let mut g = Game::start(q, 1);
    let shoot = Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(1),
        weapon: "crossbow".into(),
    };
    let evs = g.send(shoot.clone());
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::Attack { attack, .. } if attack.len() == 3))
    );
    g.send(Command::EndTurn);
    for _ in 0..5 {
        if g.turn().phase != Phase::Sorcerer {
            break;
        }
        g.app.update();
    }
    assert!(rejected(&g.send(shoot.clone())).unwrap().contains("reload"));
    g.send(Command::EndTurn);
    for _ in 0..5 {
        if g.turn().phase != Phase::Sorcerer {
            break;
        }
        g.app.update();
    }
    ok(&g.send(shoot));
}

#[test]
fn heroic_brew_gives_a_second_attack() {
    // heroquest-2021.md, Other Potions: Heroic Brew (see docs/rules-decisions.md).
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), body: 20, defend: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (potions: [\"heroic_brew\"])},",
    );
    let mut g = Game::start(q, 1);
    let attack = Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    };
    ok(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "heroic_brew".into(),
    }));
    // The action bar offers what the rules accept: the second attack, then none.
    let bar_attacks = |g: &mut Game| {
        let snap = g.snap();
        let h = snap.figure(FigureId(0)).unwrap();
        let (choices, _) = hollowdeep::game::heroquest::hero_choices(&snap, h);
        choices
            .0
            .iter()
            .filter(|(_, c)| matches!(c, Command::Attack { .. }))
            .count()
    };
    ok(&g.send(attack.clone()));
    assert_eq!(bar_attacks(&mut g), 1);
    ok(&g.send(attack.clone()));
    assert_eq!(bar_attacks(&mut g), 0);
    assert!(rejected(&g.send(attack)).unwrap().contains("already"));
}

#[test]
fn artifacts_are_given_to_an_adjacent_hero() {
    // heroquest-2021.md, Artifact Rules; Non-Action Activities.
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(5, 0), (6, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (items: [\"borins_armor\", \"tool_kit\"], potions: [\"healing\"])},",
    );
    let mut g = Game::start(q, 1);
    assert_eq!(g.snap().figure(FigureId(0)).unwrap().fighter.defend, 4);
    ok(&g.send(Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "borins_armor".into(),
    }));
    ok(&g.send(Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "healing".into(),
    }));
    assert!(
        rejected(&g.send(Command::Give {
            from: FigureId(0),
            to: FigureId(1),
            item: "tool_kit".into()
        }))
        .unwrap()
        .contains("artifacts")
    );
    let snap = g.snap();
    assert_eq!(snap.figure(FigureId(0)).unwrap().fighter.defend, 2);
    let d = snap.figure(FigureId(1)).unwrap();
    assert_eq!(d.fighter.defend, 4, "Borin's armour now protects the dwarf");
    assert_eq!(d.inventory.potions, ["healing"]);
    // Not across the corridor.
    g.send(Command::EndTurn);
    g.set_allowance(1, 3);
    g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(7, 0), (8, 0)]),
    });
    assert!(
        rejected(&g.send(Command::Give {
            from: FigureId(1),
            to: FigureId(0),
            item: "healing".into()
        }))
        .unwrap()
        .contains("next to")
    );
}

#[test]
fn the_witch_lord_is_wounded_only_by_the_spirit_blade() {
    // heroquest-2021.md, Special Monsters; Artifacts: Spirit Blade.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"witch_lord\", at: (6, 0), defend: 0)",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let wl = snap.figure(FigureId(1)).unwrap();
    assert_eq!(wl.name, "The Witch Lord");
    assert_eq!((wl.fighter.attack, wl.body, wl.mind), (5, 4, 6));
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(evs.iter().any(|e| matches!(e, GameEvent::Attack { damage: 0, .. })));
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"witch_lord\", at: (6, 0), defend: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"spirit_blade\")},",
    );
    let (_, evs) = find_seed(
        |s| Game::start(q.clone(), s),
        |g| {
            g.send(Command::Attack {
                attacker: FigureId(0),
                target: FigureId(1),
            })
        },
        |e| {
            e.iter()
                .any(|e| matches!(e, GameEvent::Attack { damage, .. } if *damage > 0))
        },
    );
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::Attack { attack, .. } if attack.len() == 4)),
        "+1 against the undead"
    );
}

#[test]
fn heroes_may_retreat_up_the_stairway_before_the_goal() {
    // heroquest-2021.md, Quest Completion: the quest may end early if the heroes retreat.
    let q = quest(&["barbarian", "dwarf"], &[(12, 2), (5, 0)], "", FAR_ORC, DEFEAT_ALL);
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::Retreat { hero: FigureId(0) });
    ok(&evs);
    assert!(has(&evs, "hero_retreated"));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(1)));
    assert!(
        rejected(&g.send(Command::Retreat { hero: FigureId(1) }))
            .unwrap()
            .contains("stairway")
    );
    g.set_allowance(1, 12);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[
            (6, 0),
            (7, 0),
            (8, 0),
            (9, 0),
            (10, 0),
            (11, 0),
            (12, 0),
            (12, 1),
            (12, 2),
        ]),
    }));
    let evs = g.send(Command::Retreat { hero: FigureId(1) });
    assert!(evs.iter().any(|e| matches!(e, GameEvent::QuestAbandoned { .. })));
    assert_eq!(g.turn().phase, Phase::Over(Outcome::Retreated));
}

#[test]
fn the_ring_of_return_carries_its_bearer_to_the_stairway_once() {
    // heroquest-2021.md, Artifacts: Ring of Return (effect in docs/rules-decisions.md).
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (items: [\"ring_of_return\"])},",
    );
    let mut g = Game::start(q, 1);
    let use_it = Command::UseArtifact {
        hero: FigureId(0),
        item: "ring_of_return".into(),
    };
    ok(&g.send(use_it.clone()));
    assert!(g.snap().on_stairway(g.pos(0).unwrap()));
    assert!(rejected(&g.send(use_it)).unwrap().contains("already used"));
}

#[test]
fn doors_close_for_free_but_a_secret_door_never_closes() {
    // heroquest-2021.md, Non-Action Activities: opening or closing doors; Action 4: a secret door
    // once opened cannot be closed.
    let q = room_quest("secret_doors: [(at: (4, 2), to: (5, 2))],", FAR_ORC);
    let mut g = Game::start(q, 1);
    ok(&g.send(Command::CloseDoor {
        hero: FigureId(0),
        door: 0,
    }));
    assert!(!g.snap().door(0).unwrap().open);
    assert!(!g.snap().edge_open(p(2, 0), p(2, 1)), "a closed door is a wall again");
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: 0,
    }));
    // Still free: the action is unused.
    ok(&g.send(Command::SearchSecretDoors { hero: FigureId(0) }));
    g.send(Command::EndTurn);
    g.set_allowance(1, 2);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(4, 2)]),
    }));
    ok(&g.send(Command::OpenDoor {
        hero: FigureId(1),
        door: 1,
    }));
    let r = rejected(&g.send(Command::CloseDoor {
        hero: FigureId(1),
        door: 1,
    }))
    .unwrap();
    assert!(r.contains("secret door"), "{r}");
}

// Issue 19: the audit's probes (../shared/notes/hq2021-audit.md, appendix), each driving the
// same commands and checking the corrected events.

/// Ends turns (the heroes', then the sorcerer's) until it is hero `id`'s turn again.
fn back_to(g: &mut Game, id: u32) {
    g.end_hero_turns();
    for _ in 0..10 {
        if g.turn().phase == Phase::Hero(FigureId(id)) {
            return;
        }
        g.send(Command::EndTurn);
    }
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(id)));
}

fn attack_dice_of(evs: &[GameEvent]) -> Vec<usize> {
    evs.iter()
        .filter_map(|e| match e {
            GameEvent::Attack { attack, .. } => Some(attack.len()),
            _ => None,
        })
        .collect()
}

/// Probe P1. heroquest-2021.md, Jumping a Trap: the landing is a step like any other, so a
/// known (or hidden) trap there springs.
#[test]
fn probe_p1_a_jump_that_lands_on_another_trap_springs_it() {
    let q = quest_with(
        &["barbarian"],
        &[(4, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "traps: [(kind: Pit, at: (5, 0)), (kind: Pit, at: (6, 0))],",
    );
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
        g.set_allowance(0, 6);
        g
    };
    let jump = |g: &mut Game| {
        g.send(Command::JumpTrap {
            hero: FigureId(0),
            trap: 0,
            to: p(6, 0),
        })
    };
    let (mut g, evs) = find_seed(make, jump, |e| has(e, "trap_jumped"));
    assert!(
        evs.iter().any(|e| matches!(
            e,
            GameEvent::TrapSprung {
                trap: 1,
                figure: FigureId(0),
                ..
            }
        )),
        "{evs:?}"
    );
    assert_eq!(g.pos(0), Some(p(6, 0)));
    assert_eq!(body(&mut g, 0), 7, "the second pit's fall");
    assert_ne!(g.turn().phase, Phase::Hero(FigureId(0)), "a pit ends the turn");
}

/// Probe P1, the falling block: pushed onto another armed trap, the hero springs it too.
#[test]
fn a_falling_block_that_pushes_a_hero_onto_a_trap_springs_it() {
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "traps: [(kind: FallingBlock, at: (4, 0)), (kind: Pit, at: (5, 0))],",
    );
    let mut g = Game::start(q, 3);
    g.set_allowance(0, 6);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0), (6, 0)]),
    });
    let sprung: Vec<u32> = evs
        .iter()
        .filter_map(|e| match e {
            GameEvent::TrapSprung { trap, .. } => Some(*trap),
            _ => None,
        })
        .collect();
    assert!(
        g.snap().figure(FigureId(0)).is_some_and(|h| h.alive()),
        "seed 3 leaves the hero alive"
    );
    assert_eq!(sprung, [0, 1], "pushed ahead into the hidden pit: {evs:?}");
    assert_eq!(g.pos(0), Some(p(5, 0)));
}

/// Probe P2. Weapons table, Crossbow: "requires 1 turn to reload": while it reloads, a crossbow
/// in hand makes no attack at all, near or far; another weapon taken in hand (free) can.
#[test]
fn probe_p2_a_reloading_crossbow_in_hand_makes_no_melee_attack() {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), body: 20, defend: 0, attack: 0, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"crossbow\", items: [\"broadsword\"])},",
    );
    let mut g = Game::start(q, 1);
    // Next to the orc a shot is a plain attack: the crossbow in hand strikes with 3 dice.
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert_eq!(attack_dice_of(&evs), [3]);
    // A shot from afar starts the reload: step back two squares next round and shoot.
    back_to(&mut g, 0);
    g.set_allowance(0, 2);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (3, 0)]),
    }));
    ok(&g.send(Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(1),
        weapon: "crossbow".into(),
    }));
    back_to(&mut g, 0);
    // Round after the shot: walk up and try to strike with the reloading crossbow.
    g.set_allowance(0, 2);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0)]),
    }));
    let r = rejected(&g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    }))
    .expect("the crossbow is reloading");
    assert!(r.contains("still being reloaded"), "{r}");
    assert!(
        g.snap()
            .attack_targets(g.snap().figure(FigureId(0)).unwrap())
            .next()
            .is_none()
    );
    // The broadsword, taken in hand for free, strikes with 3 dice.
    let evs = g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "broadsword".into(),
    });
    assert!(has(&evs, "weapon_wielded"), "{evs:?}");
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert_eq!(attack_dice_of(&evs), [3]);
}

/// Probe P3, recorded in docs/rules-decisions.md: a monster may step into an open pit (traps
/// spring only for heroes) and then fights from it with the pit's penalty, as Combat's "In a
/// Pit: roll 1 fewer combat die when attacking and defending" says of any figure.
#[test]
fn probe_p3_a_monster_in_an_open_pit_fights_with_one_die_less() {
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        "(kind: \"orc\", at: (9, 0))",
        DEFEAT_ALL,
        "traps: [(kind: Pit, at: (5, 0))],",
    );
    let mut g = Game::start(q, 2);
    g.set_allowance(0, 2);
    g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0)]),
    });
    assert_eq!(g.pos(0), Some(p(5, 0)), "in the pit");
    let mut turns = 0;
    while g.turn().phase != Phase::Hero(FigureId(0)) && turns < 20 {
        g.app.world_mut().write_message(Command::EndTurn);
        g.app.update();
        turns += 1;
    }
    g.set_allowance(0, 1);
    ok(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0)]),
    }));
    g.end_hero_turns();
    // The sorcerer's orc steps into the open pit next to the hero and strikes.
    let orc = g.snap().figure(FigureId(1)).unwrap().clone();
    g.app.world_mut().write_message(Command::Move {
        figure: FigureId(1),
        path: (6..=8)
            .rev()
            .map(|x| p(x, 0))
            .chain([p(5, 0)])
            .filter(|q| Some(*q) != orc.pos)
            .collect(),
    });
    g.app.update();
    assert_eq!(g.pos(1), Some(p(5, 0)), "the orc stepped into the open pit");
    let evs = g.send(Command::Attack {
        attacker: FigureId(1),
        target: FigureId(0),
    });
    assert_eq!(attack_dice_of(&evs), [2], "an orc (3 dice) in a pit rolls 2: {evs:?}");
    let snap = g.snap();
    assert_eq!(snap.defend_dice(snap.figure(FigureId(1)).unwrap()), 1);
}

/// Probe P4. Falling-Block Trap: "the trap space is now a permanent block (wall)": it stops
/// sight, so no shot passes it.
#[test]
fn probe_p4_a_fallen_block_blocks_sight() {
    let q = quest_with(
        &["barbarian"],
        &[(3, 0)],
        "",
        "(kind: \"orc\", at: (8, 0), movement: 0)",
        DEFEAT_ALL,
        "traps: [(kind: FallingBlock, at: (5, 0))], equipment: {\"barbarian\": (weapon: \"crossbow\")},",
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 2);
    g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0), (5, 0)]),
    });
    assert!(g.snap().is_solid(p(5, 0)));
    assert!(!g.snap().sees(p(4, 0), p(8, 0)), "seen through the fallen block");
    back_to(&mut g, 0);
    assert_eq!(g.pos(0), Some(p(4, 0)), "pushed back");
    let r = rejected(&g.send(Command::Shoot {
        attacker: FigureId(0),
        target: FigureId(1),
        weapon: "crossbow".into(),
    }))
    .expect("no line of sight");
    assert!(r.contains("line of sight"), "{r}");
}

/// Probe P5. Jumping a Trap and Disarming a Trap: "Skull: trap springs, suffer damage": over a
/// spear the skull is the spear's hit (1 body, no second roll), and the log tells it as a
/// failed jump or disarm, never as an escape.
#[test]
fn probe_p5_a_failed_jump_or_disarm_over_a_spear_wounds_and_is_told_as_such() {
    let q = quest_with(
        &["dwarf"],
        &[(4, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "traps: [(kind: Spear, at: (5, 0))],",
    );
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
        g.set_allowance(0, 6);
        g
    };
    let jump = |g: &mut Game| {
        g.send(Command::JumpTrap {
            hero: FigureId(0),
            trap: 0,
            to: p(6, 0),
        })
    };
    let (mut g, evs) = find_seed(make, jump, |e| has(e, "jump_failed"));
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::Wounded { amount: 1, .. })),
        "{evs:?}"
    );
    assert_eq!(body(&mut g, 0), 6);
    let names = g.app.world().resource::<FigureNames>().clone();
    let said: Vec<String> = evs
        .iter()
        .filter_map(|e| hollowdeep::game::describe::describe(e, &names))
        .collect();
    assert!(!said.iter().any(|l| l.contains("unhurt")), "{said:?}");
    // The same for a failed disarm, next round (the search found it; the Dwarf needs no kit).
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        ok(&g.send(Command::SearchTraps { hero: FigureId(0) }));
        back_to(&mut g, 0);
        g
    };
    let disarm = |g: &mut Game| {
        g.send(Command::DisarmTrap {
            hero: FigureId(0),
            trap: 0,
        })
    };
    let (mut g, evs) = find_seed(make, disarm, |e| has(e, "disarm_failed"));
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::Wounded { amount: 1, .. })),
        "{evs:?}"
    );
    assert_eq!(body(&mut g, 0), 6);
    let names = g.app.world().resource::<FigureNames>().clone();
    let said: Vec<String> = evs
        .iter()
        .filter_map(|e| hollowdeep::game::describe::describe(e, &names))
        .collect();
    assert!(
        said.iter()
            .any(|l| l.contains("tries to disarm the trap") && l.contains("sets it off")),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.contains("unhurt")), "{said:?}");
}

/// Probe P6. Weapons: the Longsword (and Staff) attack diagonally; other weapons and monsters
/// do not.
#[test]
fn probe_p6_a_longsword_reaches_diagonally_a_shortsword_and_monsters_do_not() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(2, 2), (3, 3)],
        "(at: (2, 0), to: (2, 1), open: true)",
        "(kind: \"orc\", at: (3, 1), movement: 0), (kind: \"orc\", at: (4, 2), movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"longsword\")},",
    );
    let mut g = Game::start(q, 1);
    ok(&g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(2),
    }));
    g.send(Command::EndTurn);
    let r = rejected(&g.send(Command::Attack {
        attacker: FigureId(1),
        target: FigureId(3),
    }));
    assert!(r.is_some(), "a shortsword does not reach diagonally");
}

/// Probe P7. Artifacts; rules-decisions row 38: a weapon artifact handed over is taken in hand,
/// so the Spirit Blade given to the Barbarian harms the Witch Lord with 4 dice.
#[test]
fn probe_p7_the_spirit_blade_handed_over_is_wielded() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(5, 0), (4, 0)],
        "",
        "(kind: \"witch_lord\", at: (6, 0), defend: 0, attack: 0, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"broadsword\"), \"dwarf\": (items: [\"spirit_blade\"])},",
    );
    let mut g = Game::start(q, 1);
    g.send(Command::EndTurn);
    let evs = g.send(Command::Give {
        from: FigureId(1),
        to: FigureId(0),
        item: "spirit_blade".into(),
    });
    ok(&evs);
    assert!(
        evs.iter().any(
            |e| matches!(e, GameEvent::WeaponWielded { hero: FigureId(0), weapon, .. } if weapon == "spirit_blade")
        )
    );
    let b = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!(b.equipment.weapon.as_deref(), Some("spirit_blade"));
    assert!(b.equipment.items.contains(&"broadsword".to_string()));
    back_to(&mut g, 0);
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(2),
    });
    assert_eq!(attack_dice_of(&evs), [4], "3 dice and 1 against the undead: {evs:?}");
}

/// Probe P8. A hero who hands away the weapon in hand takes up the best one he still carries.
#[test]
fn probe_p8_handing_away_the_weapon_in_hand_takes_up_the_carried_one() {
    let q = quest_with(
        &["barbarian", "dwarf"],
        &[(5, 0), (4, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), body: 20, defend: 0, attack: 0, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"orcs_bane\", items: [\"broadsword\"])},",
    );
    let mut g = Game::start(q, 1);
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(2),
    });
    assert_eq!(attack_dice_of(&evs), [4], "Orc's Bane against an orc");
    let evs = g.send(Command::Give {
        from: FigureId(0),
        to: FigureId(1),
        item: "orcs_bane".into(),
    });
    ok(&evs);
    let b = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!(b.equipment.weapon.as_deref(), Some("broadsword"));
    // The Dwarf takes the artifact in hand; his shortsword is carried.
    let d = g.snap().figure(FigureId(1)).unwrap().clone();
    assert_eq!(d.equipment.weapon.as_deref(), Some("orcs_bane"));
    back_to(&mut g, 0);
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(2),
    });
    assert_eq!(attack_dice_of(&evs), [3], "the Broadsword's 3 dice");
}

/// Weapons in hand: a hero changes weapons for free on the hero's own turn, from the action
/// bar's list (the keyboard and gamepad menu reads the same list); only a carried weapon the
/// hero may use, and never on another hero's turn.
#[test]
fn a_hero_takes_a_carried_weapon_in_hand_for_free() {
    let q = quest_with(
        &["barbarian", "wizard"],
        &[(5, 0), (4, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (weapon: \"broadsword\", items: [\"longsword\", \"staff\"]), \"wizard\": (items: [\"staff\"])},",
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let h = snap.figure(FigureId(0)).unwrap();
    let (choices, _) = hollowdeep::game::heroquest::action_choices(&snap, h);
    let wield: Vec<&str> = choices
        .iter()
        .filter(|(_, c)| matches!(c, Command::Wield { .. }))
        .map(|(l, _)| l.as_str())
        .collect();
    assert_eq!(wield, ["Take the Longsword in hand", "Take the Staff in hand"]);
    let evs = g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "longsword".into(),
    });
    ok(&evs);
    let b = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!(b.equipment.weapon.as_deref(), Some("longsword"));
    assert!(b.fighter.diagonal && b.fighter.attack == 3);
    assert!(b.equipment.items.contains(&"broadsword".to_string()));
    assert!(!g.turn().progress(FigureId(0)).acted, "free");
    assert!(
        g.app.world().resource::<LastAccepted>().undo.is_ok(),
        "nothing was rolled or revealed: it can be taken back"
    );
    for (cmd, why) in [
        (
            Command::Wield {
                hero: FigureId(0),
                weapon: "longsword".into(),
            },
            "already holds",
        ),
        (
            Command::Wield {
                hero: FigureId(0),
                weapon: "battle_axe".into(),
            },
            "does not carry",
        ),
        (
            Command::Wield {
                hero: FigureId(1),
                weapon: "staff".into(),
            },
            "turn",
        ),
    ] {
        let r = rejected(&g.send(cmd)).expect(why);
        assert!(r.contains(why), "{r}");
    }
    // The Wizard holds the staff once it is his turn: 1 die, diagonal.
    g.send(Command::EndTurn);
    ok(&g.send(Command::Wield {
        hero: FigureId(1),
        weapon: "staff".into(),
    }));
    let w = g.snap().figure(FigureId(1)).unwrap().clone();
    assert!(w.fighter.diagonal);
    // The bots take the better weapon in hand: a Barbarian with a Broadsword and a Longsword
    // holds the Longsword (as many dice, and a diagonal reach).
    let snap = g.snap();
    let b = snap.figure(FigureId(0)).unwrap();
    assert_eq!(
        hollowdeep::ai::heroes::weapon_to_hold(&snap, b),
        None,
        "already the best"
    );
}

/// heroquest-2021.md, Artifacts (effects in rules-decisions row 31): the five whose effects
/// were untested. Talisman of Lore: two more mind dice against a Dread spell.
#[test]
fn the_talisman_of_lore_adds_two_mind_dice_against_dread_spells() {
    let make = |seed| {
        let q = quest_with(
            &["barbarian"],
            &[(5, 0)],
            "",
            "(kind: \"dread_warrior\", at: (12, 0), name: \"Vel\", spells: [\"fear\"])",
            DEFEAT_ALL,
            "equipment: {\"barbarian\": (items: [\"talisman_of_lore\"])},",
        );
        let mut g = Game::start(q, seed);
        g.send(Command::EndTurn);
        g
    };
    let (_, evs) = find_seed(make, |g| cast(g, 1, "fear", 0), |e| has(e, "dread_spell_cast"));
    let resist = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::DreadSpellCast { resist, .. } => Some(resist.len()),
            _ => None,
        })
        .unwrap();
    assert_eq!(resist, 4, "2 mind points and the talisman's 2");
}

/// Wand of Magic: a second spell in the same turn when the action was a spell; not after an
/// attack, and never a third.
#[test]
fn the_wand_of_magic_casts_a_second_spell_in_a_turn() {
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 9, movement: 0)",
        DEFEAT_ALL,
        &format!("{WIZARD_SCHOOLS} equipment: {{\"wizard\": (weapon: \"dagger\", items: [\"wand_of_magic\"])}},"),
    );
    let mut g = Game::start(q, 1);
    ok(&cast(&mut g, 0, "courage", 0));
    ok(&cast(&mut g, 0, "ball_of_flame", 1));
    let r = rejected(&cast(&mut g, 0, "fire_of_wrath", 1)).expect("a third spell");
    assert!(r.contains("action") || r.contains("spell"), "{r}");
    // Without the wand, one spell.
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (9, 0), body: 9, movement: 0)",
        DEFEAT_ALL,
        WIZARD_SCHOOLS,
    );
    let mut g = Game::start(q, 1);
    ok(&cast(&mut g, 0, "courage", 0));
    assert!(rejected(&cast(&mut g, 0, "ball_of_flame", 1)).is_some());
}

/// Spell Ring: the first spell its bearer casts in a quest is not used up.
#[test]
fn the_spell_ring_keeps_the_first_spell_of_a_quest() {
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        FAR_ORC,
        DEFEAT_ALL,
        &format!("{WIZARD_SCHOOLS} equipment: {{\"wizard\": (weapon: \"dagger\", items: [\"spell_ring\"])}},"),
    );
    let mut g = Game::start(q, 1);
    let evs = cast(&mut g, 0, "courage", 0);
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::ArtifactUsed { item, .. } if item == "spell_ring"))
    );
    let w = g.snap().figure(FigureId(0)).unwrap().clone();
    assert!(!w.spellbook.cast.contains(&"courage".to_string()), "not used up");
    back_to(&mut g, 0);
    ok(&cast(&mut g, 0, "courage", 0));
    back_to(&mut g, 0);
    assert!(
        rejected(&cast(&mut g, 0, "courage", 0))
            .unwrap()
            .contains("already cast")
    );
}

/// Elixir of Life: the first time its bearer falls to 0 body it restores all body, then it is
/// gone.
#[test]
fn the_elixir_of_life_saves_its_bearer_once() {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0), attack: 9, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"barbarian\": (items: [\"elixir_of_life\"])},",
    );
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        g.set_body(0, 1);
        g.end_hero_turns();
        g
    };
    let strike = |g: &mut Game| {
        g.send(Command::Attack {
            attacker: FigureId(1),
            target: FigureId(0),
        })
    };
    let (mut g, evs) = find_seed(make, strike, |e| has(e, "death_averted"));
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::ArtifactUsed { item, .. } if item == "elixir_of_life"))
    );
    assert_eq!(body(&mut g, 0), 8, "all body back");
    assert!(
        !g.snap().figure(FigureId(0)).unwrap().equipment.has("elixir_of_life"),
        "then it is gone"
    );
}

/// Wizard's Staff: 2 attack dice, diagonal, two-handed, for any hero (the Wizard too).
#[test]
fn the_wizards_staff_strikes_diagonally_with_two_dice_in_any_hand() {
    let q = quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 1), body: 9, defend: 0, movement: 0)",
        DEFEAT_ALL,
        "equipment: {\"wizard\": (weapon: \"dagger\", items: [\"wizards_staff\"])},",
    );
    let mut g = Game::start(q, 1);
    ok(&g.send(Command::Wield {
        hero: FigureId(0),
        weapon: "wizards_staff".into(),
    }));
    let w = g.snap().figure(FigureId(0)).unwrap().clone();
    assert_eq!((w.fighter.attack, w.fighter.diagonal), (2, true));
}

/// Game Contents lists the miniatures in the box (4 skeletons, 8 orcs...). A digital quest is
/// not limited to them (rules-decisions row 43): nine skeletons on the board load and play.
#[test]
fn monster_counts_are_not_limited_to_the_box() {
    let skeletons: Vec<String> = (0..9)
        .map(|i| format!("(kind: \"skeleton\", at: ({}, 17))", 10 + i))
        .collect();
    let q = quest(&["barbarian"], &[(5, 0)], "", &skeletons.join(", "), DEFEAT_ALL);
    let mut g = Game::start(q, 1);
    assert_eq!(g.snap().monsters().count(), 9);
}
