//! Issue 20, step 4: the shape of the code, held by a test. The top-level modules form no import
//! circle (a layer reads only layers below it), and the shared engine's files name no rule
//! system: they reach one only through `RuleSystem` (`game/system.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("src is readable") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The text of a file without its `//` comments (doc comments may name anything).
fn code(p: &Path) -> String {
    std::fs::read_to_string(p)
        .expect("readable")
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names `crate::NAME` mentions in `text`.
fn mentioned(text: &str, prefix: &str) -> BTreeSet<String> {
    text.match_indices(prefix)
        .map(|(i, _)| {
            text[i + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect::<String>()
        })
        .filter(|n| !n.is_empty())
        .collect()
}

/// The first circle found among the edges, as a path that returns to its start.
fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut c = path[i..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges.keys().find_map(|n| visit(n, edges, &mut Vec::new(), &mut done))
}

#[test]
fn top_level_modules_form_no_import_circle() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(src()).expect("under src");
        let top = rel
            .components()
            .next()
            .expect("a name")
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        let uses = mentioned(&code(f), "crate::");
        edges
            .entry(top.clone())
            .or_default()
            .extend(uses.into_iter().filter(|u| *u != top));
    }
    assert!(
        edges.get("game").is_some_and(|g| g.contains("rules")),
        "the scan finds the game layer's imports"
    );
    assert_eq!(circle(&edges), None, "modules that import each other, in a circle");
    // The check itself finds a circle where there is one.
    let mut with = edges.clone();
    with.entry("rules".into()).or_default().insert("game".into());
    assert!(circle(&with).is_some());
}

#[test]
fn the_engine_names_no_rule_system() {
    let game = src().join("game");
    for f in [
        "logic.rs",
        "script.rs",
        "snapshot.rs",
        "world.rs",
        "model.rs",
        "describe.rs",
    ] {
        let text = code(&game.join(f));
        for name in ["heroquest", "HeroQuest(", "Edition::"] {
            assert!(
                !text.contains(name),
                "src/game/{f} names {name}: ask the quest's RuleSystem (game/system.rs) instead"
            );
        }
    }
    // Only the seam matches on rule systems.
    let seam = code(&game.join("system.rs"));
    assert!(seam.contains("RuleSystem::HeroQuest(_) => heroquest::apply"));
}

/// Issue 36: the two HeroQuest editions differ only in their tables (the switches, hero boards,
/// abilities) and in `rules::systems`; no other source file matches on an edition, so no
/// `if revised` hides in the shared code.
#[test]
fn only_the_rule_systems_name_an_edition() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    for f in files {
        if f.ends_with("rules/systems.rs") {
            continue;
        }
        let text = code(&f);
        assert!(
            !text.contains("Edition::"),
            "{} names an edition: put the difference in the edition's tables",
            f.display()
        );
    }
}

/// Issue 35, item 7: the README and docs/rules-decisions.md row 43 count the quest book as it
/// ships (its tutorials and its other quests), so the words cannot drift from the files.
#[test]
fn the_docs_count_the_quest_book_as_it_ships() {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    // The quest book proper (the campaign's); quests written for HeroQuest Revised alone follow it.
    let ids: Vec<&str> = hollowdeep::quest::campaign_book();
    let tutorials = ids.iter().filter(|id| id.starts_with("tutorial-")).count();
    let others = ids.len() - tutorials;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md"))
        .unwrap()
        .replace('\n', " ");
    let mut total = WORDS[ids.len()].to_string();
    total[..1].make_ascii_uppercase();
    let said = format!(
        "{total} quests ship in the quest book ([docs/quests.md](docs/quests.md)): {} that teach the game step by step, then {} of rising difficulty",
        WORDS[tutorials], WORDS[others]
    );
    assert!(readme.contains(&said), "the README should say: {said}");
    let decisions = std::fs::read_to_string(root.join("docs/rules-decisions.md")).unwrap();
    let row = format!(
        "{} tutorials and {} quests of rising difficulty",
        WORDS[tutorials], WORDS[others]
    );
    assert!(decisions.contains(&row), "rules-decisions row 43 should say: {row}");
}
