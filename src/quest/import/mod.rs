//! Importing quests drawn in other tools: today HeroScribe's XML (`heroscribe`), turned into
//! the text of one of our RON quests with comments, and a report of what was mapped,
//! approximated and dropped, each at the XML `line:col` it came from. `run` is the
//! `hollowdeep import` command: it writes each quest and checks it with the game's own loader.

mod build;
pub mod heroscribe;
mod marks;
pub mod notes;
pub mod objects;
mod place;
mod write;

use std::path::{Path, PathBuf};

/// A place in the XML file, 1-based.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct XmlPos {
    pub line: u32,
    pub col: u32,
}

impl XmlPos {
    pub fn new(line: u32, col: u32) -> XmlPos {
        XmlPos { line, col }
    }
}

/// Why a file cannot be imported, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub at: XmlPos,
    pub message: String,
}

impl Error {
    pub fn new(at: XmlPos, message: String) -> Error {
        Error { at, message }
    }
}

/// How one thing of the file fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fate {
    Mapped,
    Approximated,
    Dropped,
}

impl Fate {
    fn word(self) -> &'static str {
        match self {
            Fate::Mapped => "mapped",
            Fate::Approximated => "approximated",
            Fate::Dropped => "dropped",
        }
    }
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub fate: Fate,
    pub at: XmlPos,
    pub message: String,
}

/// A quest imported: its file name's stem, the RON text and the report.
#[derive(Clone, Debug)]
pub struct Imported {
    pub name: String,
    pub slug: String,
    pub ron: String,
    pub report: Vec<Line>,
}

impl Imported {
    pub fn count(&self, fate: Fate) -> usize {
        self.report.iter().filter(|l| l.fate == fate).count()
    }
}

/// Imports one HeroScribe file's bytes (`stem`: the file's name without `.xml`, for a quest
/// without a name). Never panics, whatever the bytes.
pub fn import_bytes(stem: &str, bytes: &[u8]) -> Result<Imported, Error> {
    let mut report = Vec::new();
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(_) => {
            report.push(Line {
                fate: Fate::Approximated,
                at: XmlPos::new(1, 1),
                message: "the file is not UTF-8: read as Latin-1".into(),
            });
            bytes.iter().map(|b| char::from(*b)).collect()
        }
    };
    let map = heroscribe::read(&text)?;
    let draft = build::build(&map, stem, &mut report);
    report.sort_by_key(|l| (l.at, l.fate));
    Ok(Imported {
        name: draft.name.clone(),
        slug: slug(&draft.name, stem),
        ron: write::ron(&draft, stem),
        report,
    })
}

/// A file name for a quest name: lower-case letters and digits joined by dashes.
pub fn slug(name: &str, stem: &str) -> String {
    let make = |s: &str| {
        let slug = crate::text::slug(s);
        slug.trim_end_matches('-').chars().take(60).collect::<String>()
    };
    [make(name), make(stem)]
        .into_iter()
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "imported-quest".into())
}

/// What `hollowdeep import` prints and its exit status.
pub struct Outcome {
    pub lines: Vec<String>,
    pub ok: bool,
    /// The quest files written.
    pub written: Vec<PathBuf>,
}

/// Files larger than this are refused unread (the largest HeroScribe quest is ~30 KB).
pub const MAX_XML: u64 = 4 << 20;

/// Is this a HeroScribe quest file (by its name: `.xml`, any case)?
pub fn is_heroscribe(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
}

/// `hollowdeep import FILE.xml... [--out DIR] [--force]`: imports each file, writes
/// `<slug>.ron` into `out` (never over an existing file without `force`), loads each written
/// quest with the game's loader and reports its problems. `ok` when every file imported and
/// validated.
pub fn run(paths: &[PathBuf], out: &Path, force: bool) -> Outcome {
    let mut o = Outcome {
        lines: Vec::new(),
        ok: true,
        written: Vec::new(),
    };
    let mut taken: Vec<String> = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let imported = crate::reading::read_limited(path, MAX_XML)
            .map_err(|e| Error::new(XmlPos::new(1, 1), format!("cannot read the file: {e}")))
            .and_then(|bytes| import_bytes(&stem, &bytes));
        let q = match imported {
            Ok(q) => q,
            Err(e) => {
                o.ok = false;
                o.lines
                    .push(format!("{shown}:{}:{}: {}", e.at.line, e.at.col, e.message));
                continue;
            }
        };
        let slug = unique(&q.slug, &stem, &taken);
        taken.push(slug.clone());
        let target = out.join(format!("{slug}.ron"));
        o.lines.push(format!(
            "{shown}: \"{}\" -> {} ({} mapped, {} approximated, {} dropped)",
            q.name,
            target.display(),
            q.count(Fate::Mapped),
            q.count(Fate::Approximated),
            q.count(Fate::Dropped)
        ));
        for l in &q.report {
            o.lines.push(format!(
                "{shown}:{}:{}: {}: {}",
                l.at.line,
                l.at.col,
                l.fate.word(),
                l.message
            ));
        }
        if let Err(e) = write_new(&target, &q.ron, force) {
            o.ok = false;
            o.lines.push(format!("{}: {e}", target.display()));
            continue;
        }
        o.written.push(target.clone());
        match crate::quest::load(&target.to_string_lossy()) {
            Ok(quest) => {
                o.lines.push(format!(
                    "{}: ok ({} monsters, {} doors)",
                    target.display(),
                    quest.monsters.len(),
                    quest.doors.len()
                ));
                o.lines.extend(
                    quest
                        .warnings
                        .iter()
                        .map(|w| format!("{}:{}:{}: warning: {}", w.file, w.line, w.col, w.message)),
                );
            }
            Err(problems) => {
                o.ok = false;
                o.lines.push(problems.to_string());
            }
        }
    }
    o
}

/// The slug, made unique among the files of this run (the EU and US editions of a quest
/// share a name): the file's own name's slug, then a number.
fn unique(slug: &str, stem: &str, taken: &[String]) -> String {
    let free = |s: &String| !taken.contains(s);
    let own = self::slug(stem, "");
    [slug.to_string(), own]
        .into_iter()
        .chain((2..).map(|n| format!("{slug}-{n}")))
        .find(free)
        .unwrap_or_else(|| slug.to_string())
}

fn write_new(target: &Path, text: &str, force: bool) -> Result<(), String> {
    if !force && std::fs::symlink_metadata(target).is_ok() {
        return Err("the file exists already; not overwritten (use --force to replace it)".into());
    }
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the folder: {e}"))?;
    }
    std::fs::write(target, text).map_err(|e| format!("cannot write the quest: {e}"))
}
