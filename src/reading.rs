//! Reading a file the game did not write itself (a quest, a board, a save, the settings) with
//! a size limit, and only if it is an ordinary file. A leaf: the quest loader and the saves use it.

use std::path::Path;

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
