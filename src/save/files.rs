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
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    if keep_backup && path.exists() {
        let backup = backup_path(path);
        let old = std::fs::read(path).map_err(fail)?;
        write_synced(&with_suffix(&backup, ".tmp"), &old).map_err(fail)?;
        std::fs::rename(with_suffix(&backup, ".tmp"), &backup).map_err(fail)?;
    }
    let tmp = with_suffix(path, ".tmp");
    write_synced(&tmp, text.as_bytes()).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)?;
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

/// The most any file the game reads may hold: a quest, a board, a save, a replay, the
/// settings, the campaign. The largest shipped quest is about 20 KB and a long game's save a few
/// hundred; a file past its limit is refused without reading further.
pub mod limits {
    pub const QUEST: u64 = 1 << 20;
    pub const BOARD: u64 = 1 << 20;
    /// Saves and replays: about 40,000 commands with their reasons.
    pub const GAME: u64 = 16 << 20;
    pub const SETTINGS: u64 = 256 << 10;
    pub const CAMPAIGN: u64 = 1 << 20;
}

/// Reads a whole file that must be an ordinary file of at most `limit` bytes. A folder, a
/// device, a pipe or a socket is refused before it is opened (a pipe would wait for a writer
/// forever, `/dev/zero` never ends), and a file that grows past the limit while it is read is
/// refused without reading further. The error says what was wrong, without the path.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "not an ordinary file (a device, pipe or socket)"
        };
        return Err(format!("{kind}, not a file to read"));
    }
    if meta.len() > limit {
        return Err(format!(
            "the file holds {} and no such file may be over {}",
            size_words(meta.len()),
            size_words(limit)
        ));
    }
    let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    f.take(limit + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > limit {
        return Err(format!("the file grew past {} while it was read", size_words(limit)));
    }
    Ok(bytes)
}

/// "1.5 MB", "300 KB", "12 bytes".
pub fn size_words(n: u64) -> String {
    match n {
        0..1024 => format!("{n} bytes"),
        1024..1_048_576 => format!("{} KB", n / 1024),
        _ => format!("{:.1} MB", n as f64 / 1_048_576.0),
    }
}

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
