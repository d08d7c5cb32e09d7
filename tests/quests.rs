//! Quest files: the shipped quests validate; broken files get `path:line:col` errors, never a panic.

use hollowdeep::quest::{self, Problems};

fn parse(text: &[u8]) -> Result<hollowdeep::quest::Quest, Problems> {
    quest::parse("t", "t.ron", text, None)
}

/// The first quest ever shipped: the robustness tests below edit its text.
fn good_quest() -> String {
    let (_, _, bytes) = quest::builtin_quests()
        .iter()
        .find(|(id, _, _)| *id == "the-sunken-reliquary")
        .expect("the Sunken Reliquary ships");
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn shipped_quests_are_valid_and_rich_enough() {
    assert!(!quest::builtin_quests().is_empty());
    for (id, _, _) in quest::builtin_quests() {
        let q = quest::load(id).unwrap_or_else(|p| panic!("{p}"));
        if id.starts_with("tutorial-") {
            continue;
        }
        // A campaign quest is a real dungeon crawl: monsters in several rooms, doors to open.
        let rooms: std::collections::BTreeSet<_> = q
            .monsters
            .iter()
            .map(|m| q.board.area(m.at))
            .filter(|a| *a != 0)
            .collect();
        assert!(rooms.len() >= 3, "{id}: monsters in {} rooms", rooms.len());
        assert!(q.monsters.len() >= 8, "{id}: {} monsters", q.monsters.len());
        let closed = q.doors.iter().filter(|(_, open)| !open).count() + q.secret_doors.len();
        assert!(closed >= 3, "{id}: exploration needs closed doors ({closed})");
    }
}

#[test]
fn the_quest_book_together_uses_every_monster_trap_furniture_objective_and_event() {
    use hollowdeep::quest::{Effect, ObjectiveKind, Trigger};
    use std::collections::BTreeSet;
    let quests: Vec<_> = quest::builtin_quests()
        .iter()
        .map(|(id, _, _)| quest::load(id).unwrap())
        .collect();
    let rules = &quests[0].rules;
    let mut used: BTreeSet<String> = BTreeSet::new();
    for q in &quests {
        let spawned = q.events.iter().flat_map(|e| &e.then).flat_map(|f| match f {
            Effect::Spawn(ms) => ms.clone(),
            _ => Vec::new(),
        });
        for m in q.monsters.iter().cloned().chain(spawned) {
            used.insert(format!("monster {}", m.kind));
            for sp in &m.spells {
                used.insert(format!("dread spell {sp}"));
            }
        }
        for f in &q.furniture {
            used.insert(format!("furniture {}", f.kind));
        }
        for t in &q.traps {
            used.insert(format!("trap {:?}", t.kind));
        }
        if !q.secret_doors.is_empty() {
            used.insert("secret door".into());
        }
        if !q.treasure.is_empty() {
            used.insert("special treasure".into());
        }
        used.insert(
            match q.objective.kind {
                ObjectiveKind::DefeatNamed(_) => "objective DefeatNamed",
                ObjectiveKind::DefeatAll => "objective DefeatAll",
                ObjectiveKind::Reach(_) => "objective Reach",
                ObjectiveKind::Scripted(_) => "objective Scripted",
                ObjectiveKind::FindItem { .. } => "objective FindItem",
                ObjectiveKind::Escape(_) => "objective Escape",
                ObjectiveKind::Rescue(_) => "objective Rescue",
            }
            .into(),
        );
        for e in &q.events {
            let t = format!("{:?}", e.when);
            used.insert(format!("trigger {}", t.split(['(', ' ']).next().unwrap_or_default()));
            for f in &e.then {
                let f = format!("{f:?}");
                used.insert(format!("effect {}", f.split(['(', ' ']).next().unwrap_or_default()));
            }
        }
    }
    let _ = Trigger::HeroDies;
    let mut wanted: Vec<String> = [
        "goblin",
        "orc",
        "skeleton",
        "zombie",
        "mummy",
        "abomination",
        "dread_warrior",
        "gargoyle",
    ]
    .iter()
    .map(|k| format!("monster {k}"))
    .collect();
    wanted.extend(
        ["Pit", "FallingBlock", "Spear", "Furniture"]
            .iter()
            .map(|k| format!("trap {k}")),
    );
    wanted.extend(rules.furniture.keys().map(|k| format!("furniture {k}")));
    wanted.extend(["secret door", "special treasure"].map(String::from));
    wanted.extend(
        ["DefeatNamed", "Scripted", "FindItem", "Rescue", "Escape"]
            .iter()
            .map(|k| format!("objective {k}")),
    );
    wanted.extend(
        [
            "EntersArea",
            "EntersSquare",
            "DoorOpened",
            "Searched",
            "Killed",
            "GroupKilled",
            "Round",
            "HeroDies",
        ]
        .iter()
        .map(|k| format!("trigger {k}")),
    );
    wanted.extend(
        [
            "Message",
            "Reveal",
            "OpenDoor",
            "LockDoor",
            "UnlockDoor",
            "Spawn",
            "GiveGold",
            "Give",
            "CompleteObjective",
        ]
        .iter()
        .map(|k| format!("effect {k}")),
    );
    let missing: Vec<&String> = wanted.iter().filter(|w| !used.contains(*w)).collect();
    assert!(missing.is_empty(), "no shipped quest uses: {missing:?}");
}

#[test]
fn syntax_errors_name_line_and_column() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("whitespace", b"  \n\n ".to_vec()),
        (
            "unclosed list",
            b"Quest(format: 1, name: \"x\", monsters: [(kind: \"orc\", at: (1, 1))".to_vec(),
        ),
        ("stray token", b"Quest(format: 1,, name: \"x\")".to_vec()),
        ("trailing garbage", format!("{} ) junk", good_quest()).into_bytes()),
        ("invalid utf-8", b"Quest(name: \"\xff\xfe\")".to_vec()),
        (
            "absurd nesting",
            format!("Quest(name: {})", "[".repeat(100_000)).into_bytes(),
        ),
        ("wrong type", b"Quest(format: \"one\")".to_vec()),
        (
            "unknown field",
            good_quest()
                .replacen("format: 1,", "format: 1, colour: 3,", 1)
                .into_bytes(),
        ),
        ("binary", (0u8..=255).cycle().take(4096).collect()),
    ];
    for (what, bytes) in cases {
        let err = parse(&bytes).err().unwrap_or_else(|| panic!("{what}: accepted"));
        assert!(!err.0.is_empty(), "{what}");
        for p in &err.0 {
            let s = p.to_string();
            assert!(s.starts_with("t.ron:"), "{what}: {s}");
            assert!(p.line >= 1 && p.col >= 1, "{what}: {s}");
        }
    }
}

#[test]
fn the_line_of_a_syntax_error_is_right() {
    let text = "Quest(\n  format: 1,\n  name: \"x\",\n  monsters: [ (kind: \"orc\" at: (1, 1)) ],\n)";
    let err = parse(text.as_bytes()).unwrap_err();
    assert_eq!(err.0[0].line, 4, "{err}");
}

#[test]
fn semantic_errors_are_all_reported_at_their_entries() {
    let good = good_quest();
    // Put a monster on a wall-crossing square, an unknown kind, and a door inside a room.
    let broken = good
        .replacen(
            "monsters: [",
            "monsters: [\n        (kind: \"dragon\", at: (1, 1)),\n        (kind: \"orc\", at: (40, 3)),",
            1,
        )
        .replacen("doors: [", "doors: [\n        (at: (1, 1), to: (2, 1)),", 1);
    let err = parse(broken.as_bytes()).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("unknown monster kind \"dragon\""), "{text}");
    assert!(text.contains("off the board"), "{text}");
    assert!(text.contains("not in a wall"), "{text}");
    assert!(err.0.len() >= 3, "{text}");
    // Each error points at the line of its entry.
    let lines: Vec<&str> = broken.lines().collect();
    for p in &err.0 {
        let line = lines[p.line - 1];
        let expect = if p.message.contains("dragon") {
            "dragon"
        } else if p.message.contains("off the board") {
            "(40, 3)"
        } else {
            "(1, 1), to: (2, 1)"
        };
        assert!(line.contains(expect), "{p} -> {line:?}");
    }
}

#[test]
fn furniture_may_not_straddle_a_wall_and_monsters_may_not_stand_on_it() {
    let good = good_quest();
    // nw1 is (1,1)-(4,3): a 3x2 table at (3,1) sticks out into nw2.
    let broken = good
        .replacen(
            "furniture: [",
            "furniture: [\n        (kind: \"table\", at: (3, 1)),\n        (kind: \"chest\", at: (2, 15)),",
            1,
        )
        .replacen("monsters: [", "monsters: [\n        (kind: \"orc\", at: (2, 15)),", 1);
    let err = parse(broken.as_bytes()).unwrap_err().to_string();
    assert!(err.contains("inside one room"), "{err}");
    assert!(err.contains("stands on furniture"), "{err}");
}

#[test]
fn loading_a_missing_file_says_so() {
    let err = quest::load("/nonexistent/quest.ron").unwrap_err().to_string();
    assert!(err.contains("cannot read quest"), "{err}");
}

#[test]
fn extreme_numbers_and_random_damage_never_panic() {
    let good = good_quest();
    let extreme = ["2147483647", "-2147483648", "-1", "99999"];
    for n in extreme {
        for (from, to) in [
            ("stairway: (12, 2, 2, 2)", format!("stairway: ({n}, 2, {n}, 2)")),
            (
                "(kind: \"bookcase\", at: (9, 1))",
                format!("(kind: \"bookcase\", at: ({n}, {n}))"),
            ),
            (
                "(at: (13, 4), to: (14, 4), open: true)",
                format!("(at: ({n}, 4), to: (14, {n}))"),
            ),
            (
                "(kind: \"goblin\", at: (15, 1))",
                format!("(kind: \"goblin\", at: ({n}, 1))"),
            ),
        ] {
            let text = good.replacen(from, &to, 1);
            assert_ne!(text, good, "pattern {from} not in the shipped quest");
            let _ = parse(text.as_bytes());
        }
    }
    // Cut the file at every 97th byte and flip bytes: errors, never a panic.
    let bytes = good.as_bytes();
    for cut in (0..bytes.len()).step_by(97) {
        let _ = parse(&bytes[..cut]);
        let mut flipped = bytes.to_vec();
        flipped[cut] ^= 0x55;
        let _ = parse(&flipped);
    }
}

#[test]
fn an_unclosed_file_says_what_is_missing() {
    let err = parse(b"Quest(format: 1, name: \"x\", monsters: [(kind: \"orc\", at: (1, 1))").unwrap_err();
    assert!(err.to_string().contains("closing"), "{err}");
}

#[test]
fn the_quest_book_lists_every_shipped_quest_once_tutorials_first() {
    let book = quest::book_order();
    let mut shipped: Vec<&str> = quest::builtin_quests().iter().map(|(id, _, _)| *id).collect();
    shipped.sort();
    let mut listed = book.clone();
    listed.sort();
    assert_eq!(listed, shipped);
    for id in quest::QUEST_BOOK {
        assert!(
            shipped.contains(id),
            "the quest book names \"{id}\", which is not shipped"
        );
    }
    assert!(book.len() >= 10, "the quest book has {} quests", book.len());
    assert!(book[0].starts_with("tutorial-1") && book[1].starts_with("tutorial-2"));
}

/// Issue 23, item 5: a quest must be playable to the end. With every door and secret door open,
/// every hero start reaches the stairway and the objective's monsters can be reached; what is
/// cut off but not needed is a warning, located like an error.
#[test]
fn a_quest_that_cannot_be_won_is_refused_at_the_entry_that_strands_it() {
    let good = good_quest();
    let line_of = |text: &str, p: &hollowdeep::quest::Problem| text.lines().nth(p.line - 1).unwrap_or("").to_string();
    // The north-west cell (nw1) has no door in this quest: a hero starting there is stranded.
    let sealed = good.replacen("(12, 3), (13, 3)]", "(12, 3), (2, 2)]", 1);
    assert_ne!(sealed, good);
    let err = parse(sealed.as_bytes()).unwrap_err();
    assert_eq!(err.0.len(), 1, "{err}");
    assert!(
        err.0[0]
            .message
            .contains("the hero start (2,2) cannot reach the stairway"),
        "{err}"
    );
    assert!(line_of(&sealed, &err.0[0]).contains("hero_starts"), "{err}");
    // Without the guard hall's door into the reliquary, Murrok cannot be reached.
    let no_way_in = good.replacen("(at: (23, 13), to: (23, 14)),", "", 1);
    assert_ne!(no_way_in, good);
    let err = parse(no_way_in.as_bytes()).unwrap_err();
    let murrok: Vec<_> = err.0.iter().filter(|p| p.message.contains("Murrok")).collect();
    assert_eq!(murrok.len(), 1, "{err}");
    assert!(
        murrok[0]
            .message
            .starts_with("the objective needs the Murrok Saltjaw at"),
        "{err}"
    );
    assert!(line_of(&no_way_in, murrok[0]).contains("Murrok Saltjaw"), "{err}");
    // A monster nobody can reach is only a warning: the quest loads, and says where.
    let stray = good.replacen("monsters: [", "monsters: [\n        (kind: \"orc\", at: (2, 2)),", 1);
    let q = parse(stray.as_bytes()).expect("a stray monster leaves the quest playable");
    assert_eq!(q.warnings.len(), 1, "{:?}", q.warnings);
    assert!(
        q.warnings[0].message.contains("the Orc at (2,2) cannot be reached"),
        "{:?}",
        q.warnings
    );
    assert!(line_of(&stray, &q.warnings[0]).contains("(kind: \"orc\", at: (2, 2))"));
    // The shipped quests have no such problem.
    for (id, _, _) in quest::builtin_quests() {
        let q = quest::load(id).expect("ships valid");
        assert!(q.warnings.is_empty(), "{id}: {:?}", q.warnings);
    }
}

/// Issue 35, item 10: under the action-point module the heroes start off the board and come
/// down the stairway (action-point-movement.md, Entering and Exiting the Map), so a quest whose
/// own modules list it may leave `hero_starts` out; without the module they are still required,
/// at that field.
#[test]
fn hero_starts_are_optional_in_a_quest_of_the_action_point_module() {
    let (_, _, bytes) = quest::builtin_quests()
        .iter()
        .find(|(id, _, _)| *id == "the-locksmiths-gauntlet")
        .expect("the Locksmith's Gauntlet ships");
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let starts = "    hero_starts: [(12, 2), (13, 2), (12, 3), (13, 3)],\n";
    assert!(text.contains(starts), "the quest lists its starts today");
    let without = text.replace(starts, "");
    let q = parse(without.as_bytes()).unwrap_or_else(|p| panic!("no starts needed under the module:\n{p}"));
    assert!(q.hero_starts.is_empty() && q.heroes.len() == 4);
    // The game sets the heroes off the board; the first comes down the stairway.
    let mut g = crate::common::Game::start(std::sync::Arc::new(q), 5);
    let snap = g.snap();
    assert!(
        snap.heroes().all(|h| h.pos.is_none()),
        "every hero starts off the board"
    );
    let hero = snap.heroes().next().unwrap().id;
    g.send(hollowdeep::game::model::Command::RollMovement { hero });
    let snap = g.snap();
    let on = snap
        .quest
        .system
        .legal(&snap)
        .into_iter()
        .find(|c| matches!(c, hollowdeep::game::model::Command::Move { .. }))
        .expect("a way down the stairway");
    let hollowdeep::game::model::Command::Move { path, .. } = on.clone() else {
        unreachable!()
    };
    assert!(
        snap.quest.stairway.contains(path[0]),
        "the way on begins on the stairway: {path:?}"
    );
    assert!(crate::common::rejected(&g.send(on)).is_none());
    assert_eq!(
        g.snap().figure(hero).and_then(|h| h.pos),
        path.last().copied(),
        "on the board"
    );
    // Without the module the starts are needed, and the error says where.
    let plain = without.replace("    modules: [\"action-points\"],\n", "");
    let err = parse(plain.as_bytes())
        .expect_err("starts are required without the module")
        .to_string();
    assert!(err.contains("hero_starts") && err.contains("start squares"), "{err}");
}

/// Issue 35, item 6: every one of the rule set's ten artifacts (heroquest-2021.md, Artifacts) is
/// placed somewhere in the quest book: a room's special treasure, a hero's gear or what a quest
/// event gives.
#[test]
fn the_quest_book_places_every_artifact() {
    use std::collections::BTreeSet;
    let mut placed = BTreeSet::new();
    let mut rules = None;
    for id in quest::book_order() {
        let q = quest::load(id).expect("shipped");
        for t in &q.treasure {
            placed.extend(t.items.iter().cloned());
        }
        for g in q.gear.values() {
            placed.extend(g.weapon.iter().cloned());
            placed.extend(g.items.iter().cloned());
        }
        for e in q.events.iter().flat_map(|e| &e.then) {
            if let quest::Effect::Give(item) = e {
                placed.insert(item.clone());
            }
        }
        rules.get_or_insert_with(|| q.rules.clone());
    }
    let rules = rules.expect("a quest");
    let artifacts: BTreeSet<String> = rules
        .weapons
        .keys()
        .chain(rules.armor.keys())
        .chain(rules.items.keys())
        .filter(|id| rules.is_artifact(id))
        .cloned()
        .collect();
    assert_eq!(artifacts.len(), 10, "the Artifacts table lists ten: {artifacts:?}");
    let missing: Vec<&String> = artifacts.iter().filter(|a| !placed.contains(*a)).collect();
    assert!(missing.is_empty(), "artifacts no quest places: {missing:?}");
}
