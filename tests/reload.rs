//! Issue 23, item 4: quest files read again when they change on disk. The watcher reports a
//! saved edit (also one saved the way editors do, by writing a new file and renaming it over
//! the old one) and nothing for a file written again with the same bytes; `hollowdeep
//! validate --watch` prints the problems again on every save; a HeroScribe `.xml` quest opens
//! directly, imported on the fly, and has a place in the user's quest folder.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use hollowdeep::quest::{self, watch};

/// A fresh folder of this test's own, holding a copy of a shipped quest.
fn folder_with_quest(tag: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("hollowdeep-reload-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    let quest = dir.join("my-quest.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("quests/the-goblin-warren.ron"),
        &quest,
    )
    .expect("copy a shipped quest");
    (dir, quest)
}

fn shipped_trial() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("quests/the-goblin-warren.ron"))
        .expect("shipped quest")
}

#[test]
fn the_watcher_reports_real_edits_once_and_ignores_the_same_bytes() {
    let (dir, file) = folder_with_quest("watch");
    let mut w = watch::Watcher::new(None).expect("a watcher");
    w.watch(&dir).expect("watch the folder");
    let text = shipped_trial();

    // The same bytes written again: no change.
    std::fs::write(&file, &text).expect("write");
    assert_eq!(w.wait(Some(Duration::from_millis(800))), Vec::<PathBuf>::new());

    // An edit in place.
    std::fs::write(&file, text.replacen("The Goblin Warren", "The Goblin Warren, again", 1)).expect("write");
    let changed = w.wait(Some(Duration::from_secs(10)));
    assert!(
        changed.iter().any(|c| watch::same_file(c, &file)),
        "the edit is seen: {changed:?}"
    );
    // Reported once.
    assert_eq!(w.wait(Some(Duration::from_millis(500))), Vec::<PathBuf>::new());

    // Saved as editors do: a new file renamed over the old one.
    let tmp = dir.join(".my-quest.ron.swp");
    std::fs::write(&tmp, text.replacen("The Goblin Warren", "The Goblin Warren, thrice", 1)).expect("write");
    std::fs::rename(&tmp, &file).expect("rename");
    let changed = w.wait(Some(Duration::from_secs(10)));
    assert!(
        changed.iter().any(|c| watch::same_file(c, &file)),
        "the rename is seen: {changed:?}"
    );
    // Other files in the folder are not quests.
    std::fs::write(dir.join("notes.txt"), "hello").expect("write");
    assert_eq!(w.wait(Some(Duration::from_millis(500))), Vec::<PathBuf>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kills the watching child when the test ends, however it ends.
struct Killed(Child);
impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn validate_watch_prints_the_problems_again_on_every_save() {
    let (dir, file) = folder_with_quest("validate");
    let mut child = Killed(
        Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
            .args(["validate", "--watch"])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run hollowdeep validate --watch"),
    );
    let (tx, rx) = mpsc::channel();
    let out = child.0.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let until = |want: &dyn Fn(&str) -> bool| -> Vec<String> {
        let mut seen = Vec::new();
        while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
            let done = want(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no such line; printed: {seen:#?}");
    };
    let shown = file.display().to_string();
    until(&|l| l.starts_with(&shown) && l.contains(": ok"));
    until(&|l| l.starts_with("watching for changes"));

    // A broken save: the problem, located.
    let text = shipped_trial();
    std::fs::write(&file, text.replacen("monsters: [", "monsters: [(", 1)).expect("write");
    until(&|l| l.contains("my-quest.ron changed"));
    let lines = until(&|l| l.starts_with(&format!("{shown}:")));
    let problem = lines.last().expect("a line");
    let mut parts = problem[shown.len() + 1..].splitn(3, ':');
    let line: u32 = parts.next().and_then(|s| s.parse().ok()).expect("a line number");
    let col: u32 = parts.next().and_then(|s| s.parse().ok()).expect("a column");
    assert!(line > 1 && col >= 1, "{problem}");

    // Fixed again: ok.
    std::fs::write(&file, &text).expect("write");
    until(&|l| l.contains("my-quest.ron changed"));
    until(&|l| l.starts_with(&shown) && l.contains(": ok"));
    drop(child);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_heroscribe_quest_opens_directly_and_sits_in_the_quest_folder() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/heroscribe/mill-cellar.xml");
    let q = quest::load(&fixture.to_string_lossy()).expect("imported on the fly");
    assert!(!q.monsters.is_empty());
    // The same quest as `hollowdeep import` writes.
    let imported =
        quest::import::import_bytes("mill-cellar", &std::fs::read(&fixture).expect("fixture")).expect("import");
    let written = quest::parse("mill-cellar", "mill-cellar.ron", imported.ron.as_bytes(), None).expect("loads");
    assert_eq!(q.name, written.name);
    assert_eq!(q.monsters.len(), written.monsters.len());
    assert_eq!(q.doors, written.doors);

    // Broken XML opened directly: the place in the XML.
    let (dir, _) = folder_with_quest("xml");
    let broken = dir.join("broken.xml");
    std::fs::write(&broken, "<?xml version=\"1.0\"?>\n<quest name=\"x\">\n  <board").expect("write");
    let e = quest::load(&broken.to_string_lossy()).expect_err("broken");
    let first = &e.0[0];
    assert_eq!(first.file, broken.to_string_lossy());
    assert!(first.line >= 2, "{e}");

    // The quest folder lists .xml quests beside the .ron ones.
    std::fs::copy(&fixture, dir.join("mill-cellar.xml")).expect("copy");
    let list = quest::catalogue(Some(&dir));
    let mine: Vec<&(String, Result<std::sync::Arc<quest::Quest>, String>)> = list
        .iter()
        .filter(|(id, _)| id.starts_with(&*dir.to_string_lossy()))
        .collect();
    assert!(
        mine.iter().any(|(id, q)| id.ends_with("mill-cellar.xml") && q.is_ok()),
        "{mine:#?}"
    );
    assert!(mine.iter().any(|(id, q)| id.ends_with("broken.xml") && q.is_err()));
    assert!(mine.iter().any(|(id, q)| id.ends_with("my-quest.ron") && q.is_ok()));
    let _ = std::fs::remove_dir_all(&dir);
}
