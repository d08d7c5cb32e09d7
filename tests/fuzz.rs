//! Issue 23, item 6: bad input never panics and is always located. Property tests (proptest)
//! over the quest loader and the save loader, each with a bounded number of cases so CI stays
//! quick: random edits of real files (bytes deleted, inserted and replaced, numbers changed,
//! lines repeated or dropped) and arbitrary bytes. A quest problem carries a line and a column
//! inside the file; a save problem names the file. The HeroScribe importer gets the same
//! treatment over our own XML fixtures: its errors and report lines point into the XML.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::logic;
use hollowdeep::quest::{self, Quest};
use hollowdeep::save::SavedQuest;
use hollowdeep::save::autosave::{self, SaveSlot};
use hollowdeep::sim::{self, Matchup};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// A bounded run that writes no regression files into the project.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// One edit of a text, at a place given as a fraction of its length.
#[derive(Clone, Debug)]
enum Edit {
    Delete(f64, usize),
    Insert(f64, Vec<u8>),
    Replace(f64, u8),
    /// The next number from that place on becomes this one.
    Number(f64, i64),
    RepeatLine(f64),
    DropLine(f64),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0.0..1.0f64;
    let junk = prop::collection::vec(
        prop_oneof![
            any::<u8>(),
            Just(b'('),
            Just(b')'),
            Just(b'['),
            Just(b']'),
            Just(b','),
            Just(b'"'),
            Just(b':')
        ],
        1..6,
    );
    prop_oneof![
        (at.clone(), 1..40usize).prop_map(|(a, n)| Edit::Delete(a, n)),
        (at.clone(), junk).prop_map(|(a, b)| Edit::Insert(a, b)),
        (at.clone(), any::<u8>()).prop_map(|(a, b)| Edit::Replace(a, b)),
        (
            at.clone(),
            prop_oneof![
                -3..30i64,
                Just(0),
                Just(-1),
                Just(255),
                Just(256),
                Just(i64::MAX),
                Just(i64::MIN),
                // The documented bounds (docs/quest-format.md, Limits) and just past them.
                Just(8),
                Just(9),
                Just(10_000),
                Just(10_001),
                Just(1_000_000),
                Just(1_000_001),
                Just(4_294_967_295),
                Just(4_294_967_296)
            ]
        )
            .prop_map(|(a, n)| Edit::Number(a, n)),
        at.clone().prop_map(Edit::RepeatLine),
        at.prop_map(Edit::DropLine),
    ]
}

fn apply(text: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut t = text.to_vec();
    for edit in edits {
        let at = |f: f64, t: &Vec<u8>| ((t.len() as f64 * f) as usize).min(t.len());
        match edit {
            Edit::Delete(f, n) => {
                let a = at(*f, &t);
                let b = (a + n).min(t.len());
                t.drain(a..b);
            }
            Edit::Insert(f, bytes) => {
                let a = at(*f, &t);
                t.splice(a..a, bytes.iter().copied());
            }
            Edit::Replace(f, b) => {
                let a = at(*f, &t);
                if a < t.len() {
                    t[a] = *b;
                }
            }
            Edit::Number(f, n) => {
                let a = at(*f, &t);
                if let Some(s) = t[a..].iter().position(u8::is_ascii_digit).map(|s| s + a) {
                    let e = t[s..]
                        .iter()
                        .position(|c| !c.is_ascii_digit())
                        .map_or(t.len(), |e| e + s);
                    t.splice(s..e, n.to_string().into_bytes());
                }
            }
            Edit::RepeatLine(f) | Edit::DropLine(f) => {
                let a = at(*f, &t);
                let s = t[..a].iter().rposition(|c| *c == b'\n').map_or(0, |p| p + 1);
                let e = t[a..].iter().position(|c| *c == b'\n').map_or(t.len(), |p| p + a + 1);
                let line: Vec<u8> = t[s..e].to_vec();
                if matches!(edit, Edit::RepeatLine(_)) {
                    t.splice(s..s, line);
                } else {
                    t.drain(s..e);
                }
            }
        }
    }
    t
}

/// Every problem points inside the file (or just past its end) and says something.
fn located(text: &[u8], problems: &quest::Problems) -> Result<(), TestCaseError> {
    let lines = text.split(|c| *c == b'\n').count();
    prop_assert!(!problems.0.is_empty());
    for p in &problems.0 {
        prop_assert_eq!(p.file.as_str(), "t.ron");
        prop_assert!(p.line >= 1 && p.line <= lines + 1, "{} of {} lines", p, lines);
        prop_assert!(p.col >= 1, "{}", p);
        prop_assert!(!p.message.trim().is_empty(), "{}", p);
    }
    Ok(())
}

fn shipped() -> Vec<&'static [u8]> {
    quest::builtin_quests().iter().map(|(_, _, b)| *b).collect()
}

proptest! {
    #![proptest_config(config(160))]

    #[test]
    fn edited_quests_never_panic_and_every_problem_is_located(
        which in 0..64usize,
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let all = shipped();
        let text = apply(all[which % all.len()], &edits);
        if let Err(problems) = quest::parse("t", "t.ron", &text, None) {
            located(&text, &problems)?;
        }
    }

    #[test]
    fn edited_missions_never_panic_and_every_problem_is_located(
        which in 0..64usize,
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let all = quest::mission::builtin_missions();
        let text = apply(all[which % all.len()].2, &edits);
        if let Err(problems) = quest::parse("t", "t.ron", &text, None) {
            located(&text, &problems)?;
        }
    }

    #[test]
    fn any_bytes_as_a_quest_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        match quest::parse("t", "t.ron", &bytes, None) {
            Ok(_) => prop_assert!(false, "random bytes made a quest"),
            Err(problems) => located(&bytes, &problems)?,
        }
    }
}

/// A real game in progress, saved: the Goblin Warren, 60 commands of the computer's.
fn save_text() -> &'static (Arc<Quest>, Vec<u8>) {
    static SAVE: OnceLock<(Arc<Quest>, Vec<u8>)> = OnceLock::new();
    SAVE.get_or_init(|| {
        let q = Arc::new(quest::load("the-goblin-warren").expect("ships"));
        let matchup = Matchup {
            sorcerer: SorcererLevel::Normal,
            heroes_bot: HeroBot::Competent,
        };
        let mut world = sim::headless_world(q.clone(), 3, matchup);
        for _ in 0..60 {
            let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
                break;
            };
            logic::submit(&mut world, cmd);
        }
        let slot = SaveSlot::new("the-goblin-warren", true, Vec::new());
        let save = autosave::snapshot(&world, &slot).expect("in play").seal(&world);
        let path = dir().join("original.ron");
        save.write(&path).expect("written");
        (q, std::fs::read(&path).expect("read back"))
    })
}

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("hollowdeep-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn edited_saves_never_panic_and_every_error_names_the_file(
        edits in prop::collection::vec(edit(), 1..4),
        n in 0..u32::MAX,
    ) {
        let (_, original) = save_text();
        let text = apply(original, &edits);
        let path = dir().join(format!("edited-{n}.ron"));
        std::fs::write(&path, &text).expect("temp file");
        let shown = path.display().to_string();
        match SavedQuest::read(&path) {
            Err(e) => prop_assert!(e.contains(&shown), "{}", e),
            // What still reads either replays as saved or is refused with a reason; the file
            // is never changed.
            Ok(save) => {
                if let Err(e) = save.verify() {
                    prop_assert!(!e.trim().is_empty());
                }
                prop_assert_eq!(std::fs::read(&path).expect("still there"), text);
            }
        }
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn the_unedited_save_reads_and_replays() {
    let (q, original) = save_text();
    let path = dir().join("unedited.ron");
    std::fs::write(&path, original).unwrap();
    let save = SavedQuest::read(&path).expect("reads");
    assert_eq!(save.verify().expect("replays").id, q.id);
}

/// Our own HeroScribe fixtures (the corpus in ../shared is not ours to fuzz in CI).
fn heroscribe_fixtures() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/heroscribe");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).expect("fixture")).collect()
}

/// An import's error, and every line of its report, point inside the XML and say something;
/// the RON it writes loads, or its problems are located in that RON.
fn import_located(
    xml: &[u8],
    result: &Result<quest::import::Imported, quest::import::Error>,
) -> Result<(), TestCaseError> {
    let lines = xml.split(|c| *c == b'\n').count() as u32;
    match result {
        Err(e) => {
            prop_assert!(
                e.at.line >= 1 && e.at.line <= lines + 1,
                "{}:{} of {} lines",
                e.at.line,
                e.at.col,
                lines
            );
            prop_assert!(e.at.col >= 1);
            prop_assert!(!e.message.trim().is_empty());
        }
        Ok(q) => {
            for l in &q.report {
                prop_assert!(l.at.line >= 1 && l.at.line <= lines + 1, "{:?} of {} lines", l, lines);
                prop_assert!(!l.message.trim().is_empty());
            }
            if let Err(problems) = quest::parse("t", "t.ron", q.ron.as_bytes(), None) {
                located(q.ron.as_bytes(), &problems)?;
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(120))]

    #[test]
    fn edited_heroscribe_files_never_panic_the_importer_and_are_located(
        which in 0..64usize,
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let all = heroscribe_fixtures();
        let xml = apply(&all[which % all.len()], &edits);
        let result = quest::import::import_bytes("t", &xml);
        import_located(&xml, &result)?;
    }

    #[test]
    fn any_bytes_as_a_heroscribe_file_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let result = quest::import::import_bytes("t", &bytes);
        prop_assert!(result.is_err(), "random bytes imported");
        import_located(&bytes, &result)?;
    }
}

/// A campaign and an Epic as the game writes them, and as an older build wrote them (format 1,
/// no check: edits then reach the content checks instead of stopping at the check).
fn kept_files() -> &'static [(&'static str, Vec<u8>)] {
    static FILES: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let d = dir().join("kept");
        std::fs::create_dir_all(&d).unwrap();
        let rules = hollowdeep::rules::ruleset::RuleSet::heroquest_2021();
        let mut c = hollowdeep::campaign::Campaign::new(&rules);
        c.completed.push("tutorial-1-first-steps".into());
        c.party.get_mut("dwarf").unwrap().gold = 120;
        c.party.get_mut("dwarf").unwrap().potions.push("healing".into());
        c.write(&d.join("campaign.ron")).unwrap();
        hollowdeep::epic::Epic::begin_at(&d.join("epic.ron"), &[], &[]).unwrap();
        let mut out = Vec::new();
        for (kind, name) in [("campaign", "campaign.ron"), ("epic", "epic.ron")] {
            let text = std::fs::read_to_string(d.join(name)).unwrap();
            let old = crate::common::unsealed(&text);
            out.push((kind, text.into_bytes()));
            out.push((kind, old.into_bytes()));
        }
        out
    })
}

proptest! {
    #![proptest_config(config(96))]

    /// Issue 34, item 6: an edited campaign or Epic file never panics the reader, and the
    /// reader never writes: it reads, or is refused naming the file.
    #[test]
    fn edited_campaign_and_epic_files_never_panic_and_are_never_written(
        which in 0..4usize,
        edits in prop::collection::vec(edit(), 1..4),
        n in 0..u32::MAX,
    ) {
        let (kind, original) = &kept_files()[which];
        let text = apply(original, &edits);
        let path = dir().join(format!("{kind}-{n}.ron"));
        std::fs::write(&path, &text).expect("temp file");
        let shown = path.display().to_string();
        let result = if *kind == "campaign" {
            hollowdeep::campaign::Campaign::read(&path).map(|_| ())
        } else {
            hollowdeep::epic::Epic::read(&path).map(|_| ())
        };
        if let Err(e) = result {
            prop_assert!(e.contains(&shown), "{}", e);
        }
        prop_assert_eq!(std::fs::read(&path).expect("still there"), text);
        let _ = std::fs::remove_file(&path);
    }
}
