//! LEGO Heroica (issue 22; shared/rules/heroica.md; checklists §1.2), the groundwork: the
//! tables as data, what a fight roll does, healing rolls, and the mission file's checks. The
//! rule system that plays a mission is still to come; these are the pieces it is built on.

use hollowdeep::quest::mission::{MissionDoorKind, Thing, parse_mission};
use hollowdeep::rules::geometry::{Edge, Pos};
use hollowdeep::rules::heroica::{Fight, HeroicaTables, healing_roll, hero_fights, monster_fights};

#[test]
fn the_tables_hold_the_die_the_eight_heroes_and_the_thirteen_monsters() {
    // heroica.md, Moving Heroes (the die's faces), Heroes, Monsters; checklists §1.2 #8, #21,
    // #22 and §1.2a.
    let t = HeroicaTables::get();
    assert_eq!(t.die.iter().map(|f| u32::from(f.count)).sum::<u32>(), 6);
    let chance = |f| t.fight_chance(f);
    assert_eq!(
        (
            chance(Fight::Shield),
            chance(Fight::Sword),
            chance(Fight::Skull),
            chance(Fight::SwordSkull)
        ),
        (1.0 / 6.0, 2.0 / 6.0, 2.0 / 6.0, 1.0 / 6.0)
    );
    // Every roll 0..6 names a face, each as often as its count says.
    let mut seen = std::collections::BTreeMap::new();
    for r in 0..6 {
        *seen.entry(t.face(r).name.clone()).or_insert(0u8) += 1;
    }
    for f in &t.die {
        assert_eq!(seen[&f.name], f.count, "{}", f.name);
    }
    let shield = t.die.iter().find(|f| f.shield).expect("a Shield face");
    assert_eq!((shield.moves, shield.fight), (4, Fight::Shield), "Shield: move up to 4");
    for hero in [
        "barbarian",
        "thief",
        "ranger",
        "knight",
        "prince",
        "wizard",
        "druid",
        "sage",
    ] {
        assert!(t.heroes.contains_key(hero), "{hero}");
    }
    let strength = |m: &str| t.monsters[m].strength;
    assert_eq!(t.monsters.len(), 13);
    assert_eq!(
        (
            strength("goblin_warrior"),
            strength("werewolf"),
            strength("vampire_lord")
        ),
        (1, 2, 3)
    );
    assert_eq!(
        strength("vampire_bat"),
        strength("bat"),
        "the Vampire Bat uses the Bat's entry"
    );
    assert_eq!(t.health, 4);
    // Broken tables are refused, not half read.
    let seven = hollowdeep::rules::heroica::HEROICA_RON.replace("fight: Shield, count: 1", "fight: Shield, count: 2");
    assert!(HeroicaTables::parse(&seven).unwrap_err().contains("7 faces"));
}

#[test]
fn a_fight_roll_does_what_the_text_says() {
    // heroica.md, Fighting monsters (the hero's roll) and Battle Heroica (the monster player's);
    // checklists §1.2 #14–#17 and #54–#57.
    let hero = |f| hero_fights(f, 2);
    assert!(hero(Fight::Shield).monster_defeated && hero(Fight::Shield).skill_instead);
    assert!(hero(Fight::Sword).monster_defeated && hero(Fight::Sword).hero_loses == 0);
    let skull = hero(Fight::Skull);
    assert!(!skull.monster_defeated && skull.hero_loses == 2 && skull.knock_back);
    let both = hero(Fight::SwordSkull);
    assert!(both.monster_defeated && both.hero_loses == 2 && both.knock_back && !both.skill_instead);
    let monster = |f| monster_fights(f, 2);
    assert_eq!(
        (monster(Fight::Shield).hero_loses, monster(Fight::Shield).knock_back),
        (3, true),
        "one more"
    );
    assert_eq!(
        (monster(Fight::Sword).hero_loses, monster(Fight::Sword).monster_defeated),
        (2, false)
    );
    assert!(monster(Fight::Skull).monster_defeated && monster(Fight::Skull).hero_loses == 0);
    let mb = monster(Fight::SwordSkull);
    assert!(mb.monster_defeated && mb.hero_loses == 2 && mb.knock_back);
}

#[test]
fn a_healing_roll_restores_its_number_and_a_shield_all() {
    // heroica.md, Health; checklists §1.2 #25.
    let t = HeroicaTables::get();
    for f in &t.die {
        let healed = healing_roll(f, t.health);
        assert_eq!(healed, if f.shield { t.health } else { f.moves }, "{}", f.name);
    }
}

#[test]
fn the_goblin_gate_mission_is_read_whole() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/quests/heroica/the-goblin-gate.ron"
    ))
    .unwrap();
    let m = parse_mission("the-goblin-gate", "the-goblin-gate.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.starts, vec![Pos::new(0, 0)], "the one Mission Start");
    assert_eq!(m.target, Pos::new(15, 6));
    assert_eq!(
        m.monsters.iter().find(|x| x.at == m.target).map(|x| x.strength),
        Some(2),
        "its guardian"
    );
    assert_eq!(m.items.get(&Pos::new(10, 0)), Some(&Thing::Key));
    assert_eq!(
        m.doors.get(&Edge::new(Pos::new(13, 2), Pos::new(14, 2))),
        Some(&MissionDoorKind::Locked)
    );
    // Doors start shut; the rock is no space to walk through, but a space of the map.
    assert!(!m.spaces.open(Pos::new(13, 2), Pos::new(14, 2)));
    assert!(m.spaces.is_space(Pos::new(9, 4)) && m.rocks.contains(&Pos::new(9, 4)));
}

/// A small mission with `map` rows and `rest` (RON fields ending in commas).
fn mission(map: &[&str], rest: &str) -> String {
    let rows: Vec<String> = map.iter().map(|r| format!("{r:?}")).collect();
    format!(
        "Mission(format: 1, name: \"M\", story: \"S.\",\n map: [\n{}\n ],\n {rest})",
        rows.join(",\n")
    )
}

fn refused(text: &str) -> String {
    parse_mission("m", "m.ron", text).unwrap_err().to_string()
}

#[test]
fn a_broken_mission_is_refused_where_it_is_written() {
    // docs/heroica.md: each problem at its own line:col, all of them at once.
    let e = refused(&mission(&["S..x.T"], ""));
    assert!(e.contains("m.ron:3:5: 'x' is not a map character"), "{e}");
    let e = refused(&mission(&["S....."], ""));
    assert!(
        e.contains("m.ron:2:") && e.contains("one target space 'T', not 0"),
        "{e}"
    );
    let e = refused(&mission(&["S.. .T"], ""));
    assert!(e.contains("cannot be reached from the start"), "{e}");
    // Issue 35, item 11: one Mission Start, where every hero begins; a race is 2 to 4 heroes.
    let e = refused(&mission(&["S....T", "S....."], ""));
    assert!(
        e.contains("m.ron:2:") && e.contains("one start space 'S'") && e.contains("not 2"),
        "{e}"
    );
    let e = refused(&mission(&["S....T"], "heroes: [\"knight\"],"));
    assert!(e.contains("2 to 4 heroes play a race, not 1"), "{e}");
    parse_mission(
        "m",
        "m.ron",
        &mission(&["S....T"], "heroes: [\"knight\"], battle: true,"),
    )
    .unwrap_or_else(|e| panic!("Battle may have one hero: {e}"));
    let e = refused(&mission(
        &["S....T"],
        "monsters: [\n(kind: \"dragon\", at: (2, 0)),\n(kind: \"bat\", at: (0, 0)),\n(kind: \"bat\", at: (3, 1)),\n],",
    ));
    assert!(e.contains("m.ron:6:2: unknown monster \"dragon\""), "{e}");
    assert!(e.contains("m.ron:7:1:") && e.contains("stands on a start space"), "{e}");
    assert!(
        e.contains("m.ron:8:1:") && e.contains("not on a space of the map"),
        "{e}"
    );
    let e = refused(&mission(&["S....T"], "doors: [(at: (1, 0), to: (2, 0), kind: Magic)],"));
    assert!(
        e.contains("m.ron:5:") && e.contains("no button opens the magic door (1,0)-(2,0)"),
        "{e}"
    );
    let e = refused(&mission(
        &["S....T"],
        "doors: [(at: (1, 0), to: (2, 0), kind: Locked)],",
    ));
    assert!(e.contains("needs a key"), "{e}");
    let e = refused(&mission(
        &["S....T"],
        "items: [(at: (2, 0), thing: Potion(\"ale\")), (at: (3, 0), thing: Monster(\"bat\"))],",
    ));
    assert!(
        e.contains("unknown potion \"ale\"") && e.contains("only a coffin holds a monster"),
        "{e}"
    );
    // A magic door with its button, and a key for the locked one: fine.
    parse_mission(
        "m",
        "m.ron",
        &mission(
            &["S....T"],
            "doors: [(at: (1, 0), to: (2, 0), kind: Magic), (at: (3, 0), to: (4, 0), kind: Locked)],\n buttons: [(at: (1, 0), opens: ((1, 0), (2, 0)))],\n items: [(at: (2, 0), thing: Key)],",
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_mission_we_ship_is_read_whole() {
    // Issue 22, item 1: the missions of our own writing under quests/heroica/.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/quests/heroica");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let text = std::fs::read_to_string(&path).unwrap();
            let id = path.file_stem().unwrap().to_string_lossy().to_string();
            let m = parse_mission(&id, &path.display().to_string(), &text).unwrap_or_else(|e| panic!("{e}"));
            assert!(!m.monsters.is_empty() && !m.starts.is_empty(), "{id}");
            n += 1;
        }
    }
    assert!(n >= 1, "no missions in {dir}");
}

/// Issue 35, item 11 (heroica.md; checklists §1.2 #3): every hero of every shipped mission begins
/// the game on the one Mission Start, whatever its seat, and the heroes share it.
#[test]
fn every_hero_begins_on_the_one_mission_start() {
    for id in hollowdeep::quest::mission::MISSION_BOOK {
        let q = std::sync::Arc::new(hollowdeep::quest::load(id).unwrap_or_else(|e| panic!("{e}")));
        let start = q.mission.as_ref().unwrap().starts[0];
        let mut world = hollowdeep::sim::headless_world(q.clone(), 1, Default::default());
        let snap = hollowdeep::game::snapshot::Snapshot::capture(&mut world).unwrap();
        let at: Vec<_> = snap.heroes().map(|h| h.pos).collect();
        assert!(at.len() >= 3, "{id}: {at:?}");
        assert!(at.iter().all(|p| *p == Some(start)), "{id}: {at:?} (start {start})");
    }
    // A race is 2 to 4 heroes; Battle may have one.
    let gate = hollowdeep::quest::load("the-goblin-gate").unwrap();
    let e = gate.with_mission_heroes(&["knight".into()]).unwrap_err();
    assert!(e.contains("2 to 4 heroes play a race"), "{e}");
    let woods = hollowdeep::quest::load("the-werewolf-woods").unwrap();
    woods
        .with_mission_heroes(&["knight".into()])
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_example_in_the_docs_is_a_valid_mission() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/heroica.md")).unwrap();
    let start = doc.find("```ron\n").expect("an example") + 7;
    let end = start + doc[start..].find("```").unwrap();
    parse_mission("example", "docs/heroica.md", &doc[start..end]).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_missions_are_built_in_and_load_by_id_or_path() {
    // Issue 22, item 6 (part): `hollowdeep quests` lists the missions with the word Heroica and
    // `hollowdeep validate` checks them, by id or path; a quest file is not taken for a mission.
    use hollowdeep::quest::mission::{builtin_missions, load_mission, looks_like_mission};
    let ids: Vec<&str> = builtin_missions().iter().map(|(id, _, _)| *id).collect();
    assert!(ids.len() >= 4 && ids.contains(&"the-goblin-gate"), "{ids:?}");
    for id in &ids {
        load_mission(id).unwrap_or_else(|e| panic!("{e}"));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/quests/heroica/the-goblin-gate.ron");
    assert_eq!(load_mission(path).unwrap().name, "The Goblin Gate");
    assert!(looks_like_mission("// a comment\n  Mission(format: 1)"));
    assert!(!looks_like_mission("// Mission\nQuest(format: 1)"));
    let e = load_mission("/nowhere/at-all.ron").unwrap_err().to_string();
    assert!(e.starts_with("/nowhere/at-all.ron:1:1: cannot read mission"), "{e}");
    // `play` and `simulate` load a mission as a quest under LEGO Heroica, by id or by path.
    use hollowdeep::rules::systems::RuleSystem;
    for q in [
        hollowdeep::quest::load("the-goblin-gate"),
        hollowdeep::quest::load(path),
    ] {
        let q = q.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((q.system, q.name.as_str()), (RuleSystem::Heroica, "The Goblin Gate"));
        assert!(q.mission.is_some());
    }
    // A Battle mission names its heroes (three: a player takes the monsters) and its module.
    let woods = hollowdeep::quest::load("the-werewolf-woods").unwrap();
    assert_eq!(woods.heroes, vec!["knight", "barbarian", "ranger"]);
    assert!(woods.modules.battle());
    let gate = hollowdeep::quest::load("the-goblin-gate").unwrap();
    assert_eq!(gate.heroes.len(), 4, "a race: the four default heroes");
    assert!(!gate.modules.battle());
    let bad =
        "Mission(format: 1, name: \"X\", story: \"Y\", map: [\"S..T\"], heroes: [\"knight\", \"paladin\", \"knight\"])";
    let e = parse_mission("x", "x.ron", bad).unwrap_err().to_string();
    assert!(e.contains("x.ron:1:") && e.contains("unknown hero \"paladin\""), "{e}");
    assert!(e.contains("the knight is listed twice"), "{e}");
    // A map too big for a board is refused where it is written, not played on another board.
    let wide = format!(
        "Mission(format: 1, name: \"X\", story: \"Y\", map: [\"S{}T\"])",
        ".".repeat(70)
    );
    let e = parse_mission("x", "x.ron", &wide).unwrap_err().to_string();
    assert!(
        e.contains("x.ron:1:") && e.contains("the map is 72 wide and 1 high; at most 64"),
        "{e}"
    );
    // A quest file cannot ask for Heroica: a board of spaces is a mission's.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/quests/the-bone-orchard.ron")).unwrap();
    let text = text.replacen("Quest(", "Quest(\n    rules: \"heroica\",", 1);
    let e = hollowdeep::quest::parse("x", "x.ron", text.as_bytes(), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("LEGO Heroica is played from a mission file"), "{e}");
}

#[test]
fn relics_change_what_a_fight_roll_does() {
    // checklists §1.2 #44 and §1.2a, Relics: the Fang of Fury, the Helmet of Protection, the
    // Crystal of Deflection (once a mission).
    use hollowdeep::rules::heroica::{RelicPower, against_relics, with_relics};
    let none: &[RelicPower] = &[];
    assert_eq!(
        with_relics(Fight::SwordSkull, 2, none, false).0,
        hero_fights(Fight::SwordSkull, 2)
    );
    let (fang, _) = with_relics(Fight::SwordSkull, 2, &[RelicPower::SwordSkullIsSword], false);
    assert_eq!(
        fang,
        hero_fights(Fight::Sword, 2),
        "a Sword and Skull counts as a Sword"
    );
    let (helm, _) = with_relics(Fight::Skull, 3, &[RelicPower::LessHarm], false);
    assert_eq!(helm.hero_loses, 2);
    let (helm1, _) = with_relics(Fight::Skull, 1, &[RelicPower::LessHarm], false);
    assert_eq!(helm1.hero_loses, 1, "never less than 1");
    let (crystal, spent) = with_relics(Fight::Skull, 3, &[RelicPower::IgnoreSkull], true);
    assert!(spent && crystal.hero_loses == 0 && !crystal.knock_back);
    let (used_up, spent) = with_relics(Fight::Skull, 3, &[RelicPower::IgnoreSkull], false);
    assert!(!spent && used_up.hero_loses == 3, "once a mission");
    let (m, _) = against_relics(Fight::Shield, 2, &[RelicPower::LessHarm], false);
    assert_eq!(m.hero_loses, 2, "strength + 1, one less for the Helmet");
}

#[test]
fn a_fight_chain_goes_on_only_after_a_win_beside_another_monster() {
    // heroica.md, Fighting monsters ("If you win, immediately fight the next monster");
    // checklists §1.2 #19.
    use hollowdeep::rules::heroica::fights_on;
    assert!(fights_on(&hero_fights(Fight::Sword, 1), true));
    assert!(!fights_on(&hero_fights(Fight::Sword, 1), false), "nobody else beside");
    assert!(
        !fights_on(&hero_fights(Fight::Skull, 1), true),
        "a Skull ends the chain"
    );
    // Sword and Skull: a win, but the knock-back ends the chain, whoever is beside the hero
    // after it (a knock-back never starts a fight; issue 35, item 13).
    assert!(!fights_on(&hero_fights(Fight::SwordSkull, 1), true));
    assert!(
        fights_on(&hero_fights(Fight::Shield, 1), true),
        "a Shield wins where it stands"
    );
}

#[test]
fn a_key_behind_its_own_door_is_refused_at_the_door() {
    // docs/heroica.md: the target must be reachable with the keys and buttons on the way (each
    // key opens one locked door); a door whose only key lies beyond it is named where it is
    // written.
    let map = ["S.....T"];
    let e = refused(&mission(
        &map,
        "doors: [\n(at: (2, 0), to: (3, 0), kind: Locked)],\n items: [(at: (4, 0), thing: Key)],",
    ));
    assert!(
        e.contains("m.ron:6:1:") && e.contains("lies behind the door (2,0)-(3,0)"),
        "{e}"
    );
    // Two locked doors, one key before them: the second is shut.
    let e = refused(&mission(
        &map,
        "doors: [(at: (2, 0), to: (3, 0), kind: Locked),\n(at: (4, 0), to: (5, 0), kind: Locked)],\n items: [(at: (1, 0), thing: Key)],",
    ));
    assert!(e.contains("m.ron:6:1:") && e.contains("(4,0)-(5,0)"), "{e}");
    // Two keys before them: fine.
    parse_mission(
        "m",
        "m.ron",
        &mission(
            &map,
            "doors: [(at: (2, 0), to: (3, 0), kind: Locked), (at: (4, 0), to: (5, 0), kind: Locked)],\n items: [(at: (1, 0), thing: Key), (at: (3, 0), thing: Key)],",
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Issue 39, item 4: the store and the potions are explained on hover, each potion in words
/// that carry its numbers (a Speed Potion's spaces, a Health Potion's health).
#[test]
fn every_potion_is_explained_with_its_numbers() {
    use hollowdeep::rules::heroica::PotionEffect;
    let t = hollowdeep::rules::heroica::HeroicaTables::get();
    assert!(!t.potions.is_empty());
    for (id, p) in &t.potions {
        let text = hollowdeep::ui::potion_text(&p.effect);
        assert!(text.len() > 10, "{id}: {text}");
        match p.effect {
            PotionEffect::Heal(n) | PotionEffect::ExtraMoves(n) => {
                assert!(text.contains(&n.to_string()), "{id}: {text}")
            }
            _ => {}
        }
    }
}
