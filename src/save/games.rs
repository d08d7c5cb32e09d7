//! Games in progress on disk: one file a game in the saves folder, so starting or loading
//! another game never writes over one the player has not given up. The title screen lists
//! them (quest, round, when saved) and `hollowdeep continue` picks the newest.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::SavedQuest;
use super::files::{backup_path, data_dir};

/// The folder of games in progress (and the campaign): `<data>/saves`.
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// The campaigns' files (the quest book's and Epic Heroica's) live in the saves folder too; they
/// are not games in progress, never listed or deleted as one (issue 34).
pub const NOT_GAMES: &[&str] = &["campaign.ron", "epic.ron"];

/// The most game files the title screen lists (newest first).
pub const MOST_LISTED: usize = 100;

/// A game in progress as its file holds it.
#[derive(Clone, Debug)]
pub struct GameFile {
    pub path: PathBuf,
    /// The save, or why it cannot be read.
    pub save: Result<SavedQuest, String>,
    /// When the file was last written (None where the platform does not say).
    pub modified: Option<SystemTime>,
}

impl GameFile {
    pub fn read(path: &Path) -> GameFile {
        GameFile {
            path: path.to_path_buf(),
            save: SavedQuest::read(path),
            modified: std::fs::metadata(path).and_then(|m| m.modified()).ok(),
        }
    }

    /// The backup beside a file that cannot be read, if that one can.
    pub fn backup(&self) -> Option<(PathBuf, SavedQuest)> {
        if self.save.is_ok() {
            return None;
        }
        let b = backup_path(&self.path);
        SavedQuest::read(&b).ok().map(|s| (b, s))
    }

    /// "The Sunken Reliquary, round 5" (or the file's name when it cannot be read).
    pub fn title(&self) -> String {
        match &self.save {
            Ok(s) => format!("{}, round {}", s.name, s.round),
            Err(_) => self.file_name(),
        }
    }

    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    }

    /// "saved 5 minutes ago"
    pub fn when(&self) -> String {
        self.modified
            .map_or_else(|| "saved some time ago".into(), |m| format!("saved {}", ago(m)))
    }

    /// "2026-11-24 14:02 UTC": when the file was last written, for a tooltip.
    pub fn date(&self) -> String {
        self.modified.map_or_else(String::new, date_utc)
    }
}

/// A moment as "YYYY-MM-DD HH:MM UTC" (the proleptic Gregorian calendar).
pub fn date_utc(t: SystemTime) -> String {
    let secs = t.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// Every game in progress in `dir`, newest first (at most `MOST_LISTED`): files that cannot
/// be read are listed too, with why, so the player can recover them from their backup.
pub fn in_progress(dir: &Path) -> Vec<GameFile> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<(Option<SystemTime>, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter(|p| !p.file_name().is_some_and(|n| NOT_GAMES.iter().any(|x| n == *x)))
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()))
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).ok(), p))
        .collect();
    // Newest first; the same time by name, so the order never depends on the folder's.
    paths.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    paths.truncate(MOST_LISTED);
    paths.into_iter().map(|(_, p)| GameFile::read(&p)).collect()
}

/// The games in progress in the platform's saves folder.
pub fn in_progress_here() -> Vec<GameFile> {
    saves_dir().map(|d| in_progress(&d)).unwrap_or_default()
}

/// A new file for a game of `quest` (a built-in id or a quest file's path) in `dir`: named
/// after the quest, with `-2`, `-3`, ... when that name is taken (by a game or its backup).
pub fn new_game_path(dir: &Path, quest: &str) -> PathBuf {
    let stem = Path::new(quest)
        .file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    let slug = crate::text::slug(&stem);
    let slug = if slug.is_empty() || NOT_GAMES.contains(&format!("{slug}.ron").as_str()) {
        format!("game-{slug}")
    } else {
        slug
    };
    let slug: String = slug.chars().take(60).collect();
    (1..)
        .map(|n| {
            if n == 1 {
                dir.join(format!("{slug}.ron"))
            } else {
                dir.join(format!("{slug}-{n}.ron"))
            }
        })
        .find(|p| !p.exists() && !backup_path(p).exists())
        .expect("some number is free")
}

/// Is `path` a file in the saves folder `dir` (so a game loaded from it goes on saving there)?
/// A backup (`x.ron.bak`) belongs to its game's file `x.ron`.
pub fn own_file(dir: &Path, path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let name = name.strip_suffix(".bak").unwrap_or(&name).to_string();
    if !name.ends_with(".ron") || NOT_GAMES.contains(&name.as_str()) {
        return None;
    }
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let same = parent.canonicalize().ok()? == dir.canonicalize().ok()?;
    same.then(|| dir.join(name))
}

/// "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago".
pub fn ago(then: SystemTime) -> String {
    let secs = SystemTime::now().duration_since(then).map_or(0, |d| d.as_secs());
    let (n, unit) = match secs {
        0..60 => return "just now".into(),
        60..3600 => (secs / 60, "minute"),
        3600..86_400 => (secs / 3600, "hour"),
        86_400..172_800 => return "yesterday".into(),
        _ => (secs / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// Removes a game's file and its backup: the player said so (the title's Delete), or the
/// quest ended and there is nothing left to continue.
pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(backup_path(path));
}
