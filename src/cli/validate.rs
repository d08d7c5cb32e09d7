//! `hollowdeep validate`: quests and missions checked, every problem at `file:line:col`, and
//! `--watch` checking again whenever a file changes.

use std::process::ExitCode;

use crate::quest;

/// Where the game keeps its files, for `--help`.
/// `validate`: every problem of each quest, its warnings, and true when all load.
pub(super) fn validate_paths(paths: &[String]) -> bool {
    let mut ok = true;
    for p in paths {
        if is_mission(p) {
            match quest::mission::load_mission(p) {
                Ok(m) => {
                    let n = |k: usize, what: &str| format!("{k} {what}{}", crate::text::plural(k as u32));
                    out!(
                        "{p}: ok (Heroica mission {}, {}, {}, {})",
                        m.name,
                        n(m.spaces.spaces().count(), "space"),
                        n(m.monsters.len(), "monster"),
                        n(m.doors.len(), "door")
                    )
                }
                Err(problems) => {
                    ok = false;
                    out!("{problems}");
                }
            }
            continue;
        }
        match quest::load(p) {
            Ok(q) => {
                out!(
                    "{p}: ok ({}, {} monsters, {} doors)",
                    q.name,
                    q.monsters.len(),
                    q.doors.len()
                );
                for w in &q.warnings {
                    out!("{}:{}:{}: warning: {}", w.file, w.line, w.col, w.message);
                }
            }
            Err(problems) => {
                ok = false;
                out!("{problems}");
            }
        }
    }
    ok
}

/// A LEGO Heroica mission: a built-in mission's id, or a file whose first word is `Mission`.
fn is_mission(p: &str) -> bool {
    if quest::mission::builtin_missions().iter().any(|(id, _, _)| *id == p) {
        return true;
    }
    crate::reading::read_limited(std::path::Path::new(p), crate::reading::limits::QUEST)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .is_some_and(|t| quest::mission::looks_like_mission(&t))
}

/// `validate --watch`: the quests are checked again each time a quest or board file in their
/// folders is saved, until the process is stopped.
pub(super) fn watch_and_validate(paths: &[String]) -> ExitCode {
    use std::io::Write;
    let mut watcher = match quest::watch::Watcher::new(None) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    for p in paths {
        if quest::is_builtin(p) {
            out!("{p}: a built-in quest does not change; not watched");
            continue;
        }
        if let Err(e) = watcher.watch_file(std::path::Path::new(p)) {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    }
    out!("watching for changes (Ctrl-C to stop)");
    let _ = std::io::stdout().flush();
    loop {
        let changed = watcher.wait(None);
        let names: Vec<String> = changed
            .iter()
            .map(|c| c.file_name().unwrap_or_default().to_string_lossy().into_owned())
            .collect();
        out!("--- {} changed: checking again", names.join(", "));
        validate_paths(paths);
        let _ = std::io::stdout().flush();
    }
}
