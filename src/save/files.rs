//! Where files live and how they are written: platform folders, atomic writes with a backup,
//! versioned reads that name the file and the problem.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

const APP: &str = "hollowdeep";

fn env_dir(var: &str) -> Option<PathBuf> {
    std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from)
}

/// The platform's folder for the game's data (saves, the user's quests):
/// `$XDG_DATA_HOME/hollowdeep` or `~/.local/share/hollowdeep` on Linux,
/// `~/Library/Application Support/hollowdeep` on macOS, `%APPDATA%\hollowdeep` on Windows.
pub fn data_dir() -> Option<PathBuf> {
    if cfg!(windows) {
        return env_dir("APPDATA").map(|d| d.join(APP));
    }
    if cfg!(target_os = "macos") {
        return env_dir("HOME").map(|h| h.join("Library/Application Support").join(APP));
    }
    env_dir("XDG_DATA_HOME")
        .or_else(|| env_dir("HOME").map(|h| h.join(".local/share")))
        .map(|d| d.join(APP))
}

/// The platform's folder for settings: `$XDG_CONFIG_HOME/hollowdeep` or `~/.config/hollowdeep`
/// on Linux; the data folder elsewhere.
pub fn config_dir() -> Option<PathBuf> {
    if cfg!(windows) || cfg!(target_os = "macos") {
        return data_dir();
    }
    env_dir("XDG_CONFIG_HOME")
        .or_else(|| env_dir("HOME").map(|h| h.join(".config")))
        .map(|d| d.join(APP))
}

/// Quests of the user's own: every `.ron` file here is listed on the title screen.
pub fn user_quest_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("quests"))
}

/// The backup kept beside `path`: the file as it was before the last write.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `value` as RON to `path` so that a crash at any moment leaves either the old file or
/// the new one whole: a temporary file beside it is written and flushed to disk, then renamed
/// over it. With `keep_backup`, the old file is first copied to `<name>.bak` the same way.
pub fn write_ron<T: Serialize>(path: &Path, value: &T, what: &str, keep_backup: bool) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("{}: cannot encode the {what}: {e}", path.display()))?;
    write_text(path, &text, keep_backup)
}

/// Writes `text` to `path` atomically (a temporary file renamed over it), first copying the old
/// file to `<name>.bak` with `keep_backup`.
pub fn write_text(path: &Path, text: &str, keep_backup: bool) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    if keep_backup && path.exists() {
        let backup = backup_path(path);
        let old = std::fs::read(path).map_err(fail)?;
        let tmp = with_suffix(&backup, ".tmp");
        if let Err(e) = write_synced(&tmp, &old).and_then(|()| std::fs::rename(&tmp, &backup)) {
            let _ = std::fs::remove_file(&tmp);
            return Err(fail(e));
        }
    }
    let tmp = with_suffix(path, ".tmp");
    // A write that fails half way leaves no partial temporary file behind.
    if let Err(e) = write_synced(&tmp, text.as_bytes()).and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    // The rename itself reaches the disk when the folder is synced (where the platform allows).
    if let Some(dir) = path.parent()
        && let Ok(d) = std::fs::File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

pub use crate::reading::{limits, read_limited, size_words};

/// Reads a versioned RON file of kind `what` ("save", "replay"). A file from a newer build, a
/// damaged or truncated one, a file over `limit` bytes or one that is not text gets an error
/// naming the file and the problem; the file is never changed.
pub fn read_ron<T: DeserializeOwned>(
    path: &Path,
    what: &str,
    formats: std::ops::RangeInclusive<u32>,
    limit: u64,
    format_of: impl Fn(&T) -> u32,
) -> Result<T, String> {
    let current = *formats.end();
    let bytes = read_limited(path, limit).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| format!("{}: not a text file ({e})", path.display()))?;
    // The version first, so that a newer file gets a clear answer rather than a field error.
    #[derive(serde::Deserialize)]
    struct Version {
        format: u32,
    }
    let options = ron::Options::default();
    if let Ok(v) = options.from_str::<Version>(text)
        && v.format > current
    {
        return Err(format!(
            "{}: {what} format {} is newer than this build reads ({current}); update Hollowdeep",
            path.display(),
            v.format
        ));
    }
    let value: T = options.from_str(text).map_err(|e| {
        format!(
            "{}:{}:{}: not a valid {what}: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })?;
    if !formats.contains(&format_of(&value)) {
        return Err(format!(
            "{}: {what} format {} is not one this build reads ({formats:?})",
            path.display(),
            format_of(&value)
        ));
    }
    Ok(value)
}

/// A kept file that carries a check of its own content (a campaign, an Epic), so that a change
/// made outside the game is refused by name, as a save's is (issue 34).
pub trait Sealed: Serialize + Clone {
    /// The file's check: empty while it is worked out.
    fn check_mut(&mut self) -> &mut String;
}

/// The check of `value`: a digest of its content with the check itself left empty.
pub fn seal_of<T: Sealed>(value: &T) -> String {
    let mut bare = value.clone();
    bare.check_mut().clear();
    super::check::digest(&serde_json::to_vec(&bare).unwrap_or_default())
}

/// Writes `value` with its check (see `write_ron`).
pub fn write_sealed<T: Sealed>(path: &Path, value: &T, what: &str) -> Result<(), String> {
    let mut sealed = value.clone();
    *sealed.check_mut() = seal_of(value);
    write_ron(path, &sealed, what, true)
}

/// Whether a file read from `path` still carries the check it was written with; `sealed`: the
/// file's format carries one (older formats did not, and get one at their next write).
pub fn verify_seal<T: Sealed>(path: &Path, value: &T, what: &str, sealed: bool) -> Result<(), String> {
    let mut v = value.clone();
    let kept = std::mem::take(v.check_mut());
    if !sealed {
        return Ok(());
    }
    if kept.is_empty() {
        return Err(format!(
            "{}: the {what} has no check: it was not written by the game",
            path.display()
        ));
    }
    if kept != seal_of(&v) {
        return Err(format!(
            "{}: the {what} was changed outside the game (its check does not match); its backup is {}",
            path.display(),
            backup_path(path).display()
        ));
    }
    Ok(())
}
