//! Quest files: the shipped quests validate; broken files get `path:line:col` errors, never a panic.

use hollowdeep::quest::{self, Problems};

fn parse(text: &[u8]) -> Result<hollowdeep::quest::Quest, Problems> {
    quest::parse("t", "t.ron", text, None)
}

fn good_quest() -> String {
    String::from_utf8(quest::builtin_quests()[0].2.to_vec()).unwrap()
}

#[test]
fn shipped_quests_are_valid_and_rich_enough() {
    assert!(!quest::builtin_quests().is_empty());
    for (id, _, _) in quest::builtin_quests() {
        let q = quest::load(id).unwrap_or_else(|p| panic!("{p}"));
        // issue 2, item 7: at least 6 rooms and 8 monsters of at least 4 kinds.
        let rooms: std::collections::BTreeSet<_> = q
            .monsters
            .iter()
            .map(|m| q.board.area(m.at))
            .filter(|a| *a != 0)
            .collect();
        let kinds: std::collections::BTreeSet<_> = q.monsters.iter().map(|m| m.kind.clone()).collect();
        assert!(rooms.len() >= 6, "{id}: monsters in {} rooms", rooms.len());
        assert!(q.monsters.len() >= 8 && kinds.len() >= 4, "{id}");
        assert!(
            q.doors.iter().filter(|(_, open)| !open).count() >= 4,
            "{id}: exploration needs closed doors"
        );
    }
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
