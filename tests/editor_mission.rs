//! The quest editor on a LEGO Heroica mission (issue 38: "for a mission the spaces, items,
//! doors, keys, buttons and monsters"): a mission built with the editor's own edits (the ones
//! its clicks and keys send), checked as it is built, played by the bots, and saved as RON that
//! keeps a mission's comments and round-trips byte for byte.

use std::sync::Arc;

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::editor::{Document, MissionDoc, MissionEdit, MissionPiece, Square};
use hollowdeep::quest::mission::{MissionDoorKind, Thing, builtin_missions};
use hollowdeep::sim::{Matchup, simulate};

fn shipped(id: &str) -> String {
    let (_, _, bytes) = builtin_missions()
        .iter()
        .find(|(i, _, _)| *i == id)
        .unwrap_or_else(|| panic!("no shipped mission {id}"));
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Issue 38, "a shipped quest opened and saved unchanged is byte-identical", for every mission
/// of the book; written afresh, each reads back as the same mission and writes the same text.
#[test]
fn every_shipped_mission_opened_and_saved_unchanged_is_byte_identical() {
    assert!(builtin_missions().len() >= 6);
    for (id, _, bytes) in builtin_missions() {
        let text = std::str::from_utf8(bytes).unwrap();
        let doc = MissionDoc::open(id, text).unwrap();
        assert_eq!(doc.text().unwrap(), text, "{id} changed on saving unchanged");
        assert!(doc.playable(), "{id}: {:?}", doc.problems);
        let fresh = hollowdeep::editor::write::fresh(&doc.mission).unwrap();
        assert!(fresh.starts_with("Mission(\n    format: 1,\n"), "{fresh}");
        let again = MissionDoc::open(id, &fresh).unwrap();
        assert_eq!(again.mission, doc.mission, "{id} written afresh reads back the same");
        assert_eq!(hollowdeep::editor::write::fresh(&again.mission).unwrap(), fresh, "{id}");
        // The map stays one row a line, as the shipped missions write it.
        assert!(fresh.contains("    map: [\n        \""), "{fresh}");
        // The editor's way in takes a mission as readily as a quest.
        assert!(matches!(Document::open(id, text), Ok(Document::Mission(_))));
    }
    let copy = hollowdeep::editor::open_for_editing("the-goblin-gate").unwrap();
    assert!(matches!(&copy, Document::Mission(d) if d.id == "the-goblin-gate-copy"));
}

/// Editing a commented mission changes only what was edited: the comment above the moved
/// monster stays, every comment line stays, and the file still loads and checks.
#[test]
fn an_edited_mission_keeps_its_comments_where_they_stand() {
    let text = shipped("the-goblin-gate");
    let mut doc = MissionDoc::open("the-goblin-gate", &text).unwrap();
    // The guardian of the target gets stronger; the bat moves along the road.
    doc.apply(MissionEdit::Strength {
        index: 4,
        strength: Some(5),
    })
    .unwrap();
    doc.apply(MissionEdit::Move {
        from: (8, 0),
        to: (9, 0),
    })
    .unwrap();
    let saved = doc.text().unwrap();
    for line in text.lines().filter(|l| l.trim_start().starts_with("//")) {
        assert!(saved.contains(line.trim()), "the comment {line:?} was lost:\n{saved}");
    }
    assert!(
        saved.contains(
            "        // The guardian of the target: defeating it wins too.\n        (kind: \"goblin_general\", at: (15, 6), strength: 5),"
        ),
        "{saved}"
    );
    assert!(saved.contains("(kind: \"bat\", at: (9, 0)),"));
    let changed = saved.lines().filter(|l| !text.lines().any(|o| o == *l)).count();
    assert_eq!(changed, 2, "{saved}");
    let loaded = hollowdeep::quest::mission::parse_mission("the-goblin-gate", "the-goblin-gate.ron", &saved)
        .expect("the edited mission checks");
    assert_eq!(loaded.monsters[4].strength, 5);
}

/// Issue 38: a mission built through the editor's own edits (spaces painted, the start and
/// target, monsters, a key and its locked door, a magic door and its button, a chest, a coffin,
/// a rock and a torch) checks, plays to the end under the bots, and the saved file round-trips.
#[test]
fn a_mission_built_with_the_editors_edits_checks_plays_and_round_trips() {
    let mut doc = MissionDoc::new_mission("my-mission");
    assert!(
        doc.playable(),
        "a new mission is already a path to play: {:?}",
        doc.problems
    );
    let square = |at, is| MissionEdit::Square { at, is };
    let place = |piece, at| MissionEdit::Place { piece, at };
    let mut edits = vec![
        MissionEdit::Name("The Mill Race".into()),
        MissionEdit::Story("Goblins hold the old mill. Reach the millstone before the others.".into()),
        MissionEdit::Battle(true),
    ];
    // A side path south from (4, 0) and back east: where the key and the button lie.
    for at in [(4, 1), (4, 2), (5, 2), (6, 2), (4, 3), (2, 1)] {
        edits.push(square(at, Square::Space));
    }
    edits.extend([
        // The target moves one square further east: the old one becomes a plain space.
        square((9, 0), Square::Target),
        place(MissionPiece::Monster("goblin_warrior".into()), (2, 0)),
        place(MissionPiece::Item(Thing::Key), (4, 2)),
        place(MissionPiece::Item(Thing::Gold(2)), (1, 0)),
        // One key for the chest and one for the door (one key for both is warned of).
        place(MissionPiece::Item(Thing::Key), (2, 1)),
        place(MissionPiece::Chest(Thing::Relic("helmet_of_protection".into())), (5, 2)),
        place(MissionPiece::Coffin(Thing::Monster("bat".into())), (3, 0)),
        place(MissionPiece::Rock, (4, 3)),
        place(MissionPiece::Torch, (3, 1)),
        MissionEdit::Door {
            at: (6, 0),
            to: (7, 0),
            kind: MissionDoorKind::Locked,
        },
        MissionEdit::Door {
            at: (8, 0),
            to: (7, 0),
            kind: MissionDoorKind::Magic,
        },
        place(
            MissionPiece::Button {
                opens: ((8, 0), (7, 0)),
            },
            (6, 2),
        ),
        place(MissionPiece::Monster("goblin_guardian".into()), (9, 0)),
        // The first monster steps back a square; it stands a little stronger.
        MissionEdit::Move {
            from: (2, 0),
            to: (5, 0),
        },
        MissionEdit::Strength {
            index: 0,
            strength: Some(2),
        },
    ]);
    for e in edits {
        doc.apply(e.clone()).unwrap_or_else(|err| panic!("{e:?}: {err}"));
    }
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    assert_eq!(
        doc.mission.map,
        vec![
            "S........T".to_string(),
            "  . .     ".into(),
            "    ...   ".into(),
            "    .     ".into()
        ]
    );
    let quest = doc.playable_quest().expect("the built mission checks");
    let mission = quest.mission.clone().expect("a mission");
    assert_eq!(mission.monsters.len(), 2);
    assert!(mission.battle);
    let report = simulate(
        Arc::new(quest),
        12,
        5,
        Matchup {
            sorcerer: SorcererLevel::Normal,
            heroes_bot: HeroBot::Competent,
        },
        1,
    );
    assert_eq!(report.unfinished, 0);
    assert_eq!(report.hero_wins + report.sorcerer_wins, 12);
    // Saved, loaded, saved again: the same bytes; and it loads like a hand-written mission.
    let dir = std::env::temp_dir().join(format!("hollowdeep-editor-mission-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("the-mill-race.ron");
    doc.save_to(&path, false).unwrap();
    let bytes = std::fs::read_to_string(&path).unwrap();
    assert!(
        bytes.starts_with("Mission(\n    format: 1,\n    name: \"The Mill Race\",\n"),
        "{bytes}"
    );
    let loaded = hollowdeep::quest::load(path.to_str().unwrap()).expect("the saved file loads");
    assert!(loaded.mission.is_some());
    let mut reopened = MissionDoc::open("the-mill-race", &bytes).unwrap();
    assert_eq!(reopened.text().unwrap(), bytes);
    reopened.save_to(&path, true).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bytes);
    let mut other = MissionDoc::new_mission("other");
    assert!(other.save_to(&path, false).unwrap_err().contains("already exists"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The problems follow every edit, each with its entry and square; a refused edit changes
/// nothing; undo and redo walk back to the file as it was.
#[test]
fn mission_problems_follow_every_edit_and_undo_walks_back() {
    let text = shipped("the-goblin-gate");
    let mut doc = MissionDoc::open("the-goblin-gate", &text).unwrap();
    assert!(doc.playable());
    // A monster on the start space: the mission checks refuse it, and say where.
    doc.apply(MissionEdit::Place {
        piece: MissionPiece::Monster("bat".into()),
        at: (0, 0),
    })
    .unwrap();
    let p = doc.problems.first().expect("a problem");
    assert_eq!(p.square, Some((0, 0)), "{p:?}");
    assert!(p.place.starts_with("monsters["), "{p:?}");
    // The locked door's key taken away: the target lies behind a door nothing opens.
    doc.apply(MissionEdit::Undo).unwrap();
    doc.apply(MissionEdit::Remove { at: (10, 0) }).unwrap();
    let p = doc.problems.first().expect("a problem");
    assert!(p.message.contains("key"), "{p:?}");
    // A chest added beside the one key and its locked door: warned of, still playable.
    doc.apply(MissionEdit::Undo).unwrap();
    doc.apply(MissionEdit::Place {
        piece: MissionPiece::Chest(Thing::Gold(3)),
        at: (9, 0),
    })
    .unwrap();
    let p = doc.problems.first().expect("a warning");
    assert!(p.warning && p.message.contains("1 key(s) for 3 locks"), "{p:?}");
    assert!(doc.playable());
    // A space put past the map's edge widens every row; undone, the file is as it was.
    doc.apply(MissionEdit::Undo).unwrap();
    doc.apply(MissionEdit::Square {
        at: (20, 8),
        is: Square::Space,
    })
    .unwrap();
    assert_eq!(doc.size(), (21, 9));
    doc.apply(MissionEdit::Undo).unwrap();
    assert_eq!(doc.text().unwrap(), text);
    doc.apply(MissionEdit::Redo).unwrap();
    assert_eq!(doc.size(), (21, 9));
    doc.apply(MissionEdit::Undo).unwrap();
    // Refused: a button with no magic door, a door across no edge, a piece off the spaces.
    let before = doc.mission.clone();
    assert!(
        doc.apply(MissionEdit::Place {
            piece: MissionPiece::Button {
                opens: ((1, 0), (2, 0))
            },
            at: (2, 0),
        })
        .is_err()
    );
    assert!(
        doc.apply(MissionEdit::Door {
            at: (1, 0),
            to: (3, 0),
            kind: MissionDoorKind::Locked
        })
        .is_err()
    );
    assert!(
        doc.apply(MissionEdit::Place {
            piece: MissionPiece::Rock,
            at: (1, 1),
        })
        .is_err()
    );
    assert_eq!(doc.mission, before);
    assert_eq!(doc.text().unwrap(), text);
}
