//! No silent exits (issue 39): a panic in the window writes a report (what, where, the game in
//! progress and its file) to the data folder, and a run that ended without closing cleanly (a
//! graphics driver or the system stopped it, with no panic to report) leaves its mark; the next
//! start says which, on the title screen, and keeps the report for whoever wants to read it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The file the game in play was last written to (`autosave`), for a crash report.
static GAME_FILE: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Notes the file the game in play is kept in (None: no game, or an unsaved one).
pub fn note_game_file(path: Option<&Path>) {
    if let Ok(mut g) = GAME_FILE.lock() {
        *g = path.map(Path::to_path_buf);
    }
}

/// The report of the last crash: `<data>/crash-report.txt`.
pub fn report_path(data: &Path) -> PathBuf {
    data.join("crash-report.txt")
}

/// The mark of a run in progress: `<data>/running`, removed when the window closes cleanly.
pub fn running_mark(data: &Path) -> PathBuf {
    data.join("running")
}

/// The report's text for a panic `what` at `place`, with the game's file.
pub fn report_text(what: &str, place: &str, game: Option<&Path>) -> String {
    let when = crate::save::games::date_utc(std::time::SystemTime::now());
    let game = game.map_or("no game was in progress (or it was not saved)".to_string(), |p| {
        format!(
            "{} (saved after its last command: Continue on the title screen takes it up)",
            p.display()
        )
    });
    format!(
        "Hollowdeep {} stopped unexpectedly on {when}.\nWhat: {what}\nWhere: {place}\nThe game: {game}\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Writes a report for every panic from now on (the default hook still prints it), and marks
/// this run as in progress in `data`.
pub fn install(data: PathBuf) {
    let _ = std::fs::create_dir_all(&data);
    let _ = std::fs::write(running_mark(&data), std::process::id().to_string());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with no message".into());
        let place = info
            .location()
            .map_or("unknown".into(), |l| format!("{}:{}", l.file(), l.line()));
        let game = GAME_FILE.try_lock().ok().and_then(|g| g.clone());
        let _ = std::fs::write(report_path(&data), report_text(&what, &place, game.as_deref()));
        previous(info);
    }));
}

/// The window closed cleanly: the run's mark goes.
pub fn closed_cleanly(data: &Path) {
    let _ = std::fs::remove_file(running_mark(data));
}

/// What the last run left to say, once: its crash report (then kept as
/// `crash-report.previous.txt`), or that it did not close cleanly; None after a clean exit.
pub fn take_last(data: &Path) -> Option<String> {
    let report = report_path(data);
    let mark = running_mark(data);
    let unclean = mark.exists();
    let _ = std::fs::remove_file(&mark);
    if let Ok(text) = crate::reading::read_limited(&report, 64 << 10) {
        let kept = data.join("crash-report.previous.txt");
        let _ = std::fs::rename(&report, &kept);
        let text = String::from_utf8_lossy(&text);
        let what = text.lines().find_map(|l| l.strip_prefix("What: ")).unwrap_or("unknown");
        return Some(format!(
            "Hollowdeep stopped unexpectedly last time ({what}). The report is in {}; your game was saved up to its last command.",
            kept.display()
        ));
    }
    unclean.then(|| {
        "Hollowdeep did not close cleanly last time (the window was stopped from outside, or the graphics driver failed). Your game was saved up to its last command.".to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_or_an_unclean_exit_is_said_once_at_the_next_start() {
        let data = std::env::temp_dir().join(format!("hollowdeep-crash-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        assert_eq!(take_last(&data), None, "a first start says nothing");
        // A run that stopped without a word: its mark is still there.
        std::fs::write(running_mark(&data), "1").unwrap();
        assert!(take_last(&data).unwrap().contains("did not close cleanly"));
        assert_eq!(take_last(&data), None, "said once");
        // A panic's report: what it was, and that the game was kept.
        let game = data.join("saves").join("the-goblin-warren.ron");
        std::fs::write(
            report_path(&data),
            report_text("index out of bounds", "src/x.rs:3", Some(&game)),
        )
        .unwrap();
        let said = take_last(&data).unwrap();
        assert!(
            said.contains("index out of bounds") && said.contains("crash-report.previous.txt"),
            "{said}"
        );
        let kept = std::fs::read_to_string(data.join("crash-report.previous.txt")).unwrap();
        assert!(
            kept.contains("the-goblin-warren.ron") && kept.contains("src/x.rs:3"),
            "{kept}"
        );
        assert_eq!(take_last(&data), None, "said once");
        let _ = std::fs::remove_dir_all(data);
    }
}
