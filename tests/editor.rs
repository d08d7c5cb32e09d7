//! The quest editor's model (issue 38): quests built with the editor's own edits (the ones its
//! clicks and keys send), checked as they are built, played by the bots, and saved as RON that
//! keeps a quest's comments and round-trips byte for byte.

use std::sync::Arc;

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::editor::{DoorKind, Edit, EditorDoc, Piece};
use hollowdeep::quest::{RawObjective, RawTrapKind, builtin_quests};
use hollowdeep::sim::{Matchup, simulate};

fn shipped(id: &str) -> String {
    let (_, _, bytes) = builtin_quests()
        .iter()
        .find(|(i, _, _)| *i == id)
        .unwrap_or_else(|| panic!("no shipped quest {id}"));
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Issue 38, "a shipped quest opened and saved unchanged is byte-identical", for every quest in
/// the book; and written afresh, every quest reads back to the same quest and the same text.
#[test]
fn every_shipped_quest_opened_and_saved_unchanged_is_byte_identical() {
    for (id, _, bytes) in builtin_quests() {
        let text = std::str::from_utf8(bytes).unwrap();
        if text.trim_start().starts_with("Mission") || text.contains("\nMission(") {
            continue;
        }
        let doc = EditorDoc::open(id, text).unwrap();
        assert_eq!(doc.text().unwrap(), text, "{id} changed on saving unchanged");
        assert!(doc.playable(), "{id}: {:?}", doc.problems);
        // Afresh: the shipped layout, which reads back as the same quest and writes the same.
        let fresh = hollowdeep::editor::write::fresh(&doc.quest).unwrap();
        let again = EditorDoc::open(id, &fresh).unwrap();
        assert_eq!(hollowdeep::editor::write::fresh(&again.quest).unwrap(), fresh, "{id}");
        assert!(again.playable(), "{id} written afresh: {:?}", again.problems);
    }
}

/// Editing a commented quest changes only what was edited: every comment line stays, an edited
/// monster keeps the comment above it, and the file still loads and validates.
#[test]
fn an_edited_quest_keeps_its_comments_where_they_stand() {
    let text = shipped("the-wardens-vault");
    let mut doc = EditorDoc::open("the-wardens-vault", &text).unwrap();
    // Move the first goblin, add an orc in the counting house, take a trap away.
    doc.apply(Edit::Move {
        from: (10, 3),
        to: (11, 4),
    })
    .unwrap();
    doc.apply(Edit::Place {
        piece: Piece::Monster("orc".into()),
        at: (7, 5),
    })
    .unwrap();
    doc.apply(Edit::Remove { at: (4, 9) }).unwrap();
    let saved = doc.text().unwrap();
    for line in text.lines().filter(|l| l.trim_start().starts_with("//")) {
        assert!(saved.contains(line.trim()), "the comment {line:?} was lost:\n{saved}");
    }
    assert!(saved.contains("        // Clerks' gallery: goblin thieves.\n        (kind: \"goblin\", at: (11, 4)),"));
    assert!(saved.contains("(kind: \"orc\", at: (7, 5)),"));
    assert!(!saved.contains("FallingBlock"));
    // Only the changed lines differ.
    let changed = saved.lines().filter(|l| !text.lines().any(|o| o == *l)).count();
    assert_eq!(changed, 2, "{saved}");
    let again = EditorDoc::open("the-wardens-vault", &saved).unwrap();
    assert!(again.playable(), "{:?}", again.problems);
    assert_eq!(again.text().unwrap(), saved);
}

/// Issue 38: a quest built through the editor's own edits validates, plays to the end under
/// the bots, and the saved file round-trips (load, save, identical bytes).
#[test]
fn a_quest_built_with_the_editors_edits_validates_plays_and_round_trips() {
    let mut doc = EditorDoc::new_quest("my-first-quest");
    let edits = vec![
        Edit::Name("The Clerks' Gallery".into()),
        Edit::Briefing("Goblins have taken the gallery beside the stairway. Drive them out.".into()),
        // The gallery beside the stairway, and the counting house off the west corridor.
        Edit::Door {
            at: (12, 3),
            to: (11, 3),
            kind: DoorKind::Closed,
        },
        Edit::Door {
            at: (6, 9),
            to: (6, 8),
            kind: DoorKind::Closed,
        },
        Edit::Place {
            piece: Piece::Monster("goblin".into()),
            at: (10, 3),
        },
        Edit::Place {
            piece: Piece::Monster("orc".into()),
            at: (9, 5),
        },
        Edit::Place {
            piece: Piece::Monster("skeleton".into()),
            at: (5, 4),
        },
        Edit::Place {
            piece: Piece::Furniture {
                kind: "chest".into(),
                rotated: false,
            },
            at: (8, 8),
        },
        Edit::Place {
            piece: Piece::Trap(RawTrapKind::Pit),
            at: (10, 6),
        },
        Edit::Place {
            piece: Piece::Treasure,
            at: (6, 6),
        },
        Edit::Objective(RawObjective::DefeatAll {
            return_to_stairway: true,
        }),
    ];
    for e in edits {
        doc.apply(e.clone()).unwrap_or_else(|err| panic!("{e:?}: {err}"));
    }
    assert!(doc.playable(), "{:?}", doc.problems);
    let quest = doc.playable_quest().expect("the built quest validates");
    assert_eq!(quest.monsters.len(), 3);
    let report = simulate(
        Arc::new(quest),
        20,
        7,
        Matchup {
            sorcerer: SorcererLevel::Normal,
            heroes_bot: HeroBot::Competent,
        },
        1,
    );
    assert_eq!(report.unfinished, 0);
    assert!(report.hero_wins + report.sorcerer_wins == 20);
    // Saved, loaded, saved again: the same bytes; and it loads like a hand-written quest.
    let dir = std::env::temp_dir().join(format!("hollowdeep-editor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("my-first-quest.ron");
    doc.save_to(&path, false).unwrap();
    let bytes = std::fs::read_to_string(&path).unwrap();
    assert!(
        bytes.starts_with("Quest(\n    format: 1,\n    name: \"The Clerks' Gallery\",\n"),
        "{bytes}"
    );
    let loaded = hollowdeep::quest::load(path.to_str().unwrap()).expect("the saved file loads");
    assert_eq!(loaded.monsters.len(), 3);
    let mut reopened = EditorDoc::open("my-first-quest", &bytes).unwrap();
    assert_eq!(reopened.text().unwrap(), bytes);
    reopened.save_to(&path, true).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bytes);
    // Another document never writes over the file without being told to.
    let mut other = EditorDoc::new_quest("other");
    assert!(other.save_to(&path, false).unwrap_err().contains("already exists"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The problems list follows every edit, each problem names its square, and undo and redo walk
/// the edits back and forth.
#[test]
fn problems_follow_every_edit_and_undo_redo_walk_back_and_forth() {
    let text = shipped("the-wardens-vault");
    let mut doc = EditorDoc::open("the-wardens-vault", &text).unwrap();
    assert!(doc.playable());
    // A second monster on a piece of furniture's square is refused by the rules engine.
    doc.apply(Edit::Place {
        piece: Piece::Monster("orc".into()),
        at: (9, 1),
    })
    .unwrap();
    let p = doc.problems.iter().find(|p| !p.warning).expect("a problem");
    assert_eq!(p.square, Some((9, 1)), "{p:?}");
    assert!(p.place.starts_with("monsters["), "{p:?}");
    doc.apply(Edit::Undo).unwrap();
    assert!(doc.playable());
    doc.apply(Edit::Redo).unwrap();
    assert!(!doc.playable());
    doc.apply(Edit::Undo).unwrap();
    assert_eq!(doc.text().unwrap(), text, "undone back to the file as it was");
    assert!(doc.apply(Edit::Undo).is_err(), "nothing left to undo");
    // An edit that cannot be made changes nothing.
    assert!(
        doc.apply(Edit::Door {
            at: (0, 0),
            to: (1, 0),
            kind: DoorKind::Closed
        })
        .is_err()
    );
    assert!(doc.apply(Edit::Remove { at: (0, 18) }).is_err());
    assert!(!doc.can_undo());
}

/// Rating a quest plays every game at each level, reports as it goes, and gives the same
/// numbers whatever the number of threads.
#[test]
fn rating_plays_each_level_and_is_the_same_on_any_number_of_threads() {
    use hollowdeep::editor::rate::RatingJob;
    let doc = EditorDoc::open("the-wardens-vault", &shipped("the-wardens-vault")).unwrap();
    let quest = Arc::new(doc.playable_quest().unwrap());
    let wait = |job: &RatingJob| {
        while !job.finished() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        job.rating()
    };
    let one = wait(&RatingJob::start(quest.clone(), 4, 11, 1));
    let two = wait(&RatingJob::start(quest.clone(), 4, 11, 2));
    assert_eq!(one, two);
    assert!(one.complete && one.total == 12 && one.done == 12);
    assert_eq!(one.levels.len(), 3);
    assert!(one.levels.iter().all(|l| l.games == 4 && l.mean_rounds > 0.0));
    // Stopped at once: fewer games, and it says so.
    let job = RatingJob::start(quest, 200, 11, 1);
    job.stop();
    let stopped = wait(&job);
    assert!(stopped.stopped && !stopped.complete && stopped.done < 600);
}

/// The action-point module's pieces (a locked door and its lever, special terrain) and
/// Revised's (linked portals, men-at-arms) go in through the editor's edits, pass the rules
/// engine, are written into the file, and come away again (action-point-movement.md: Levers,
/// Terrain; Revised #155 portals).
#[test]
fn levers_terrain_portals_and_men_at_arms_are_placed_and_taken_away() {
    use hollowdeep::quest::{Failure, RawTerrain};
    let mut doc = EditorDoc::new_quest("the-sluice");
    let edits = vec![
        Edit::Module {
            id: "action-points".into(),
            on: true,
        },
        Edit::Door {
            at: (12, 3),
            to: (11, 3),
            kind: DoorKind::Locked,
        },
        Edit::Place {
            piece: Piece::Lever {
                opens: ((12, 3), (11, 3)),
            },
            at: (14, 4),
        },
        Edit::Place {
            piece: Piece::Terrain(RawTerrain {
                at: (0, 0),
                cost: 3,
                dangerous: true,
                failure: Some(Failure::Wound(1)),
                name: "Sluice".into(),
            }),
            at: (15, 6),
        },
        Edit::Place {
            piece: Piece::Monster("goblin".into()),
            at: (10, 3),
        },
    ];
    for e in edits {
        doc.apply(e.clone()).unwrap_or_else(|err| panic!("{e:?}: {err}"));
    }
    assert!(doc.playable(), "{:?}", doc.problems);
    let quest = doc.playable_quest().unwrap();
    assert_eq!(quest.terrain.len(), 1);
    let text = doc.text().unwrap();
    assert!(
        text.contains("    levers: [\n        (at: (14, 4), opens: ((12, 3), (11, 3))),\n    ],"),
        "{text}"
    );
    assert!(text.contains("name: \"Sluice\""), "{text}");
    // A lever with no locked door or portcullis to open is refused.
    assert!(
        doc.apply(Edit::Place {
            piece: Piece::Lever {
                opens: ((5, 5), (5, 6))
            },
            at: (16, 4),
        })
        .unwrap_err()
        .contains("locked door or a portcullis")
    );
    doc.apply(Edit::Remove { at: (14, 4) }).unwrap();
    doc.apply(Edit::Remove { at: (15, 6) }).unwrap();
    assert!(doc.quest.levers.is_empty() && doc.quest.terrain.is_empty());
    // Revised: a pair of portals and the men-at-arms hired before the quest.
    doc.apply(Edit::Rules("heroquest-revised".into())).unwrap();
    doc.apply(Edit::Module {
        id: "action-points".into(),
        on: false,
    })
    .unwrap();
    doc.apply(Edit::Door {
        at: (12, 3),
        to: (11, 3),
        kind: DoorKind::Closed,
    })
    .unwrap();
    doc.apply(Edit::Portal { a: (1, 8), b: (17, 9) }).unwrap();
    doc.apply(Edit::MenAtArms(vec!["scout".into(), "swordsman".into()]))
        .unwrap();
    assert!(doc.apply(Edit::MenAtArms(vec!["dragon".into()])).is_err());
    assert!(doc.playable(), "{:?}", doc.problems);
    let quest = doc.playable_quest().unwrap();
    assert_eq!(quest.portals.len(), 1);
    let text = doc.text().unwrap();
    assert!(
        text.contains("    portals: [\n        (a: (1, 8), b: (17, 9)),\n    ],"),
        "{text}"
    );
    assert!(text.contains("men_at_arms: [\"scout\", \"swordsman\"]"), "{text}");
    assert!(doc.pieces_at((17, 9)).iter().any(|p| p.contains("portal to (1, 8)")));
    // Either end takes the pair away.
    doc.apply(Edit::Remove { at: (17, 9) }).unwrap();
    assert!(doc.quest.portals.is_empty());
}

/// Issue 38, item 1 (quest events placed in the editor): each trigger and each effect the
/// editor offers, picked for a square by a door in a quest with a named monster in a group,
/// makes an event the rules engine accepts. Picking a trigger keeps the effects written, an
/// effect goes on the end, and text that does not read is never rewritten.
#[test]
fn every_event_template_makes_an_event_the_quest_accepts() {
    use hollowdeep::editor::events::{effects, parse, to_text, triggers, with_effect, with_trigger};
    let mut doc = EditorDoc::new_quest("templates");
    doc.apply(Edit::Door {
        at: (12, 3),
        to: (11, 3),
        kind: DoorKind::Closed,
    })
    .unwrap();
    doc.apply(Edit::Place {
        piece: Piece::Monster("goblin".into()),
        at: (10, 3),
    })
    .unwrap();
    let mut named = doc.quest.monsters[0].clone();
    named.name = Some("Snitch".into());
    named.group = Some("gallery".into());
    doc.apply(Edit::Monster {
        index: 0,
        monster: named,
    })
    .unwrap();
    assert!(doc.playable(), "{:?}", doc.problems);
    let at = (11, 3);
    let accepted = |doc: &mut EditorDoc, text: &str| {
        let event = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        doc.apply(Edit::AddEvent(event)).unwrap();
        assert!(doc.playable(), "{text}: {:?}", doc.problems);
        assert_eq!(doc.problems.iter().filter(|p| p.place.starts_with("events")).count(), 0);
        doc.apply(Edit::Undo).unwrap();
    };
    for t in triggers(at, &doc.quest) {
        let text = with_trigger("", t).expect("an empty text starts an event");
        accepted(&mut doc, &text);
    }
    let start = with_trigger("", triggers(at, &doc.quest).remove(0)).unwrap();
    for e in effects(at, &doc.quest) {
        let text = with_effect(&start, e.clone()).expect("the event reads");
        assert_eq!(parse(&text).unwrap().then.last(), Some(&e));
        accepted(&mut doc, &text);
    }
    // The door template found the quest's door beside the square.
    assert!(
        to_text(&parse(&with_trigger("", triggers(at, &doc.quest).remove(2)).unwrap()).unwrap())
            .contains("DoorOpened(at: (12, 3), to: (11, 3))")
    );
    // A new trigger keeps what the event does; words that do not read stay as they are.
    let two = with_effect(&start, effects(at, &doc.quest).remove(6)).unwrap();
    let round = with_trigger(&two, triggers(at, &doc.quest).remove(6)).unwrap();
    assert_eq!(parse(&round).unwrap().then, parse(&two).unwrap().then);
    assert!(round.contains("Round(5)"), "{round}");
    assert_eq!(
        with_trigger("(when: Nonsense", triggers(at, &doc.quest).remove(0)),
        None
    );
    assert_eq!(with_effect("(when: Nonsense", effects(at, &doc.quest).remove(0)), None);
    // Changing an event in place (its Edit button): the same place in the list, one undo step.
    doc.apply(Edit::AddEvent(parse(&start).unwrap())).unwrap();
    doc.apply(Edit::Event {
        index: 0,
        event: parse(&round).unwrap(),
    })
    .unwrap();
    assert_eq!(doc.quest.events.len(), 1);
    assert_eq!(doc.quest.events[0], parse(&round).unwrap());
    doc.apply(Edit::Undo).unwrap();
    assert_eq!(doc.quest.events[0], parse(&start).unwrap());
}
