//! Finding and reading quests: the built-in ones and the quest book's order, the player's quest
//! folder (`catalogue`), a quest or mission by id or path (`load`), bytes checked into a `Quest`
//! with every problem at `file:line:col` (`parse`), and a quest's own board file, never outside
//! its folder (`board_path`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::*;
use crate::embedded::BUILTIN_QUESTS;
use crate::rules::board::{self, Board};

/// Quests built into the binary: (id, file name, RON bytes), sorted by file name.
pub fn builtin_quests() -> &'static [(&'static str, &'static str, &'static [u8])] {
    BUILTIN_QUESTS
}

/// The quest book: the built-in quests in the order they are meant to be played, the three
/// introductory quests first, then the campaign by rising difficulty.
pub const QUEST_BOOK: &[&str] = &[
    "tutorial-1-first-steps",
    "tutorial-2-searching-and-spells",
    "tutorial-3-arrows-and-hexes",
    "the-goblin-warren",
    "the-silent-granary",
    "the-sunken-reliquary",
    "the-flooded-undercroft",
    "the-cartographers-folly",
    "the-bone-orchard",
    "the-wardens-vault",
    "the-warlords-hall",
    "the-locksmiths-gauntlet",
    "the-sundered-span",
    "the-witch-lords-crypt",
];

/// HeroQuest Revised's campaign: the quests written for its rules alone, in the order they are
/// played, with the town between them (checklists §1.1 #145–154).
pub const REVISED_BOOK: &[&str] = &[
    "the-sleeping-gates",
    "the-mercenaries-road",
    "the-thieves-cistern",
    "the-ember-tomb",
];

/// The 2021 campaign's quests, in the order they are played: the quest book (a quest written for
/// another rule system alone, such as HeroQuest Revised's, is not in it).
pub fn campaign_book() -> Vec<&'static str> {
    QUEST_BOOK.to_vec()
}

/// The campaign of a rule system (an id), in the order its quests are played: Revised's own
/// quests under Revised, the quest book under any other.
pub fn campaign_book_for(rules: &str) -> Vec<&'static str> {
    if rules == crate::rules::systems::HEROQUEST_REVISED {
        REVISED_BOOK.to_vec()
    } else {
        campaign_book()
    }
}

/// The built-in quests' ids in quest-book order; any the book does not list follow by id.
pub fn book_order() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = BUILTIN_QUESTS.iter().map(|(id, _, _)| *id).collect();
    ids.sort_by_key(|id| (QUEST_BOOK.iter().position(|b| b == id).unwrap_or(usize::MAX), *id));
    ids
}

/// The most quest files the title screen lists from the user's folder (by file name).
pub const MOST_USER_QUESTS: usize = 500;

/// The quests on offer: the built-in ones in quest-book order, then the `.ron` files in
/// `user_dir` (by file name, at most `MOST_USER_QUESTS`), each as (its id or path, the quest or
/// its problems). Broken quests are listed, not hidden; board files (a quest's own board beside
/// it) are not quests and are left out. Every file is read within the quest size limit and
/// only if it is an ordinary file, so no single file can hang or exhaust the scan.
pub fn catalogue(user_dir: Option<&Path>) -> Vec<(String, Result<Arc<Quest>, String>)> {
    // The quest book, then LEGO Heroica's missions, then the player's own files.
    let mut list: Vec<(String, Result<Arc<Quest>, String>)> = book_order()
        .into_iter()
        .chain(mission::mission_order())
        .map(|id| (id.to_string(), load(id).map(Arc::new).map_err(|p| p.to_string())))
        .collect();
    if let Some(dir) = user_dir
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        let mut files: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron") || import::is_heroscribe(p))
            .collect();
        files.sort();
        files.truncate(MOST_USER_QUESTS);
        let mut boards = BTreeSet::new();
        let mut mine = Vec::new();
        for path in files {
            let src = path.to_string_lossy().into_owned();
            let q = load(&src).map(Arc::new);
            match &q {
                Ok(q) => {
                    boards.insert(q.board_file.clone());
                }
                Err(_) if is_board_file(&path) => continue,
                Err(_) => {}
            }
            mine.push((src, path, q.map_err(|p| p.to_string())));
        }
        list.extend(
            mine.into_iter()
                .filter(|(_, path, _)| !path.canonicalize().is_ok_and(|p| boards.contains(&Some(p))))
                .map(|(src, _, q)| (src, q)),
        );
    }
    list
}

/// Does this file hold a board rather than a quest?
fn is_board_file(path: &Path) -> bool {
    crate::reading::read_limited(path, crate::reading::limits::BOARD)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .is_some_and(|t| quest_options_board(&t))
}

fn quest_options_board(text: &str) -> bool {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str::<board::BoardDef>(text)
        .is_ok()
}

/// Is this the id of a quest (or a LEGO Heroica mission) built into the game?
pub fn is_builtin(id: &str) -> bool {
    BUILTIN_QUESTS.iter().any(|(b, _, _)| *b == id) || mission::builtin_missions().iter().any(|(b, _, _)| *b == id)
}

/// Loads a quest by built-in id or by path. Never panics, whatever the bytes.
pub fn load(id_or_path: &str) -> Result<Quest, Problems> {
    if let Some((id, file, text)) = BUILTIN_QUESTS.iter().find(|(id, _, _)| *id == id_or_path) {
        return parse(id, &format!("quests/{file}"), text, None);
    }
    if mission::builtin_missions().iter().any(|(id, _, _)| *id == id_or_path) {
        return mission::load_mission(id_or_path).map(Quest::from_mission);
    }
    let path = Path::new(id_or_path);
    if import::is_heroscribe(path) {
        return load_heroscribe(id_or_path, path);
    }
    match crate::reading::read_limited(path, crate::reading::limits::QUEST) {
        Ok(bytes) => {
            let id = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            parse(&id, id_or_path, &bytes, path.parent())
        }
        Err(e) => {
            let known: Vec<&str> = BUILTIN_QUESTS.iter().map(|(id, _, _)| *id).collect();
            Err(Problems(vec![Problem {
                file: id_or_path.to_string(),
                line: 1,
                col: 1,
                message: if path.exists() {
                    format!("cannot read quest: {e}")
                } else {
                    format!(
                        "cannot read quest: {e} (built-in quests: {}; LEGO Heroica missions: {})",
                        known.join(", "),
                        mission::mission_order().join(", ")
                    )
                },
            }]))
        }
    }
}

/// A HeroScribe quest opened directly (the title screen, `play`, `validate`, `simulate`):
/// imported in memory as `hollowdeep import` would write it, then loaded like any quest. A
/// problem of the import points into the XML; a problem of the quest as imported names the
/// file "as imported", whose lines are those `hollowdeep import` writes out.
fn load_heroscribe(shown: &str, path: &Path) -> Result<Quest, Problems> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let at = |line, col, message| {
        Problems(vec![Problem {
            file: shown.to_string(),
            line,
            col,
            message,
        }])
    };
    let bytes = crate::reading::read_limited(path, import::MAX_XML)
        .map_err(|e| at(1, 1, format!("cannot read the HeroScribe quest: {e}")))?;
    let q = import::import_bytes(&stem, &bytes).map_err(|e| at(e.at.line as usize, e.at.col as usize, e.message))?;
    let file = format!("{shown} (as imported: see `hollowdeep import {shown}`)");
    parse(&stem, &file, q.ron.as_bytes(), path.parent())
}

pub(crate) fn options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses and validates quest bytes. `file` is used in messages; `dir` resolves board paths.
pub fn parse(id: &str, file: &str, bytes: &[u8], dir: Option<&Path>) -> Result<Quest, Problems> {
    parse_with(id, file, bytes, dir, Winnable::Required)
}

/// Whether a quest must be winnable (`validate/reach.rs`): every quest a player loads must; a
/// rules scenario in the tests may wall a monster away on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winnable {
    Required,
    NotChecked,
}

/// `parse`, saying whether the quest must be winnable.
pub fn parse_with(
    id: &str,
    file: &str,
    bytes: &[u8],
    dir: Option<&Path>,
    winnable: Winnable,
) -> Result<Quest, Problems> {
    let problem = |line, col, message: String| Problem {
        file: file.to_string(),
        line,
        col,
        message,
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let (line, col) = locate::line_col(std::str::from_utf8(valid).unwrap_or(""), valid.len());
            return Err(Problems(vec![problem(
                line,
                col,
                "the file is not valid UTF-8 text".into(),
            )]));
        }
    };
    // A byte-order mark (some editors write one) is not part of the quest.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Problems(vec![problem(
            1,
            1,
            "the file is empty; a quest starts with `Quest(`".into(),
        )]));
    }
    if mission::looks_like_mission(text) {
        return mission::parse_mission(id, file, text).map(Quest::from_mission);
    }
    let raw: RawQuest = match options().from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let (line, col) = (e.span.start.line, e.span.start.col);
            let mut message = e.code.to_string();
            // ron reports an unclosed list or struct as a missing comma at the end of the file.
            // (A missing field is reported where its struct closes, which may be the end too.)
            let missing_field = matches!(e.code, ron::Error::MissingStructField { .. });
            if !missing_field && (line, col) >= locate::line_col(text, text.trim_end().len().saturating_sub(1)) {
                message.push_str(" at the end of the file: is a closing `)` or `]` missing?");
            }
            return Err(Problems(vec![problem(line, col, message)]));
        }
    };
    let located = |ps: Vec<DataProblem>| {
        ps.into_iter()
            .map(|p| {
                let (line, col) = locate::line_col(text, locate::locate(text, &p.path));
                problem(line, col, p.message)
            })
            .collect()
    };
    let (mut quest, warnings) = validate(id, &raw, dir, winnable).map_err(|ps| Problems(located(ps)))?;
    quest.warnings = located(warnings);
    Ok(quest)
}

/// The quest's board, and the board file it came from (None: built in).
pub(super) fn load_board(name: &str, dir: Option<&Path>) -> Result<(Board, Option<PathBuf>), String> {
    if name == "classic" {
        return Ok((board::classic_board(), None));
    }
    let Some(dir) = dir else {
        return Err(format!(
            "unknown board \"{name}\": a built-in quest uses a built-in board (\"classic\")"
        ));
    };
    let path = board_path(name, dir)?;
    let bytes = crate::reading::read_limited(&path, crate::reading::limits::BOARD)
        .map_err(|e| format!("board file \"{name}\": {e}"))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("board file \"{name}\" is not UTF-8 text"))?;
    let board = board::parse_board(name, text).map_err(|e| format!("board file {}: {e}", path.display()))?;
    Ok((board, Some(path)))
}

/// Where a quest's own board file is: a plain relative name inside the quest's folder (a
/// sub-folder too). A shared quest is data: it may not reach outside its folder, so absolute
/// paths, `..`, and links that lead out of the folder are refused before anything is read.
pub fn board_path(name: &str, dir: &Path) -> Result<PathBuf, String> {
    use std::path::Component;
    let rel = Path::new(name);
    let refuse = |why: &str| {
        Err(format!(
            "board \"{name}\" {why}; a quest's board is \"classic\" or a board file in the quest's own folder (\"my-board.ron\")"
        ))
    };
    if name.trim().is_empty() {
        return refuse("is empty");
    }
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
    {
        return refuse("is an absolute path");
    }
    if rel.components().any(|c| matches!(c, Component::ParentDir)) {
        return refuse("climbs out of the quest's folder with \"..\"");
    }
    let folder = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let joined = folder.join(rel);
    // Links are followed to where they lead, and that must still be inside the folder.
    let (Ok(inside), Ok(real)) = (folder.canonicalize(), joined.canonicalize()) else {
        return refuse("is not a file in the quest's folder");
    };
    if !real.starts_with(&inside) {
        return refuse("is a link that leads out of the quest's folder");
    }
    Ok(real)
}
