//! A quest written as RON: afresh in the layout and field order of the shipped quests, or over
//! the file it came from, changing only the fields and entries that changed so the modder's
//! comments, blank lines and line breaks stay where they stand.
//!
//! Values are compared by their one-line form (`ron_text::inline` of ron's own serialisation),
//! so an unchanged entry keeps its original text byte for byte; a changed entry is written in
//! the one-line form, keeping the comment above it and the one after it on its line.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::ron_text::{self, Item, Node};
use crate::quest::RawQuest;
use crate::quest::mission::RawMission;

/// A file the editor writes: a quest or a mission.
pub trait Written: Serialize + DeserializeOwned {
    /// The word the file opens with.
    const HEAD: &'static str;
    /// The order its fields are written in.
    const ORDER: &'static [&'static str];
    /// Lists written one entry a line though their entries are not structs (a mission's map).
    const ROWS: &'static [&'static str] = &[];
}

impl Written for RawQuest {
    const HEAD: &'static str = "Quest";
    const ORDER: &'static [&'static str] = QUEST_ORDER;
}

impl Written for RawMission {
    const HEAD: &'static str = "Mission";
    const ORDER: &'static [&'static str] = MISSION_ORDER;
    const ROWS: &'static [&'static str] = &["map"];
}

/// The order a quest's fields are written in: the shipped quests' order.
const QUEST_ORDER: &[&str] = &[
    "format",
    "name",
    "board",
    "rules",
    "also_rules",
    "modules",
    "series",
    "counts_for_champion",
    "briefing",
    "heroes",
    "stairway",
    "hero_starts",
    "men_at_arms",
    "equipment",
    "blocked",
    "doors",
    "secret_doors",
    "portals",
    "levers",
    "terrain",
    "traps",
    "monsters",
    "furniture",
    "treasure",
    "spell_schools",
    "quest_items",
    "events",
    "objective",
    "wandering_monster",
];

/// The order a mission's fields are written in: the shipped missions' order.
const MISSION_ORDER: &[&str] = &[
    "format", "name", "story", "map", "monsters", "items", "chests", "coffins", "rocks", "doors", "buttons", "torches",
    "battle", "heroes",
];

/// Serialises a value as compact RON and reads its shape back.
fn compact<T: Written>(value: &T) -> Result<(String, Node), String> {
    let text = ron::ser::to_string(value).map_err(|e| format!("cannot write the {}: {e}", T::HEAD.to_lowercase()))?;
    let node =
        ron_text::parse(&text).ok_or_else(|| format!("cannot read back the written {}", T::HEAD.to_lowercase()))?;
    Ok((text, node))
}

/// Whether a field's value is written one entry a line: a list of structs, or a map (or one of
/// the `rows` fields of its file).
fn is_block<T: Written>(item: &Item) -> bool {
    let node = &item.value;
    if item.key.as_deref().is_some_and(|k| T::ROWS.contains(&k)) {
        return node.open == Some(b'[') && !node.items.is_empty();
    }
    match node.open {
        Some(b'{') => !node.items.is_empty(),
        Some(b'[') => node
            .items
            .first()
            .is_some_and(|i| i.value.items.first().is_some_and(|f| f.key.is_some())),
        _ => false,
    }
}

/// A field's value: one line, or one entry a line indented under `indent`.
fn value_text<T: Written>(text: &str, item: &Item, indent: &str) -> String {
    let node = &item.value;
    if !is_block::<T>(item) {
        return ron_text::inline(text, node);
    }
    let (open, close) = if node.open == Some(b'{') {
        ('{', '}')
    } else {
        ('[', ']')
    };
    let mut out = format!("{open}\n");
    for item in &node.items {
        out.push_str(indent);
        out.push_str("    ");
        out.push_str(&entry_text(text, item));
        out.push_str(",\n");
    }
    out.push_str(indent);
    out.push(close);
    out
}

/// One entry of a list or map on one line.
fn entry_text(text: &str, item: &Item) -> String {
    match &item.key {
        Some(k) => format!("{k}: {}", ron_text::inline(text, &item.value)),
        None => ron_text::inline(text, &item.value),
    }
}

/// A file's text read as a quest or mission (`id` names it in the message when it does not
/// read), with the text kept as it is (a byte-order mark apart) for writing over later.
pub fn read<T: Written>(id: &str, text: &str) -> Result<(T, String), String> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: T = crate::quest::options()
        .from_str(body)
        .map_err(|e| format!("{id}: {}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
    Ok((value, body.to_string()))
}

/// A document's RON: over the text it came from when it has one, else afresh.
pub fn text<T: Written>(original: Option<&str>, value: &T) -> Result<String, String> {
    match original {
        Some(o) => over(o, value),
        None => fresh(value),
    }
}

/// The quest's (or mission's) RON, written afresh.
pub fn fresh<T: Written>(raw: &T) -> Result<String, String> {
    let (text, node) = compact(raw)?;
    let head = format!("{}(\n", T::HEAD);
    let mut out = head.clone();
    let mut last_block = false;
    for name in T::ORDER {
        let Some(item) = node.field(name) else { continue };
        let block = is_block::<T>(item);
        if (block || last_block) && out.len() > head.len() {
            out.push('\n');
        }
        last_block = block;
        out.push_str(&format!("    {name}: {},\n", value_text::<T>(&text, item, "    ")));
    }
    out.push_str(")\n");
    Ok(out)
}

/// Where the line holding `at` begins.
fn line_start(s: &str, at: usize) -> usize {
    s[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// `end`, moved past a `// comment` that follows it on its line (not past the line break).
fn past_line_comment(s: &str, end: usize) -> usize {
    let rest = &s[end..];
    let line = rest.split('\n').next().unwrap_or("");
    if line.trim_start().starts_with("//") {
        end + line.len()
    } else {
        end
    }
}

/// The indentation of the line holding `at`.
fn indent_at(s: &str, at: usize) -> String {
    let start = line_start(s, at);
    s[start..at].chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

/// The quest's RON written over `original`, the text it was loaded from: every field and list
/// entry whose value did not change keeps its text; a file that no longer reads as a quest is
/// written afresh.
pub fn over<T: Written>(original: &str, raw: &T) -> Result<String, String> {
    let body = original.strip_prefix('\u{feff}').unwrap_or(original);
    let old: T = match crate::quest::options().from_str(body) {
        Ok(q) => q,
        Err(_) => return fresh(raw),
    };
    let Some(tree) = ron_text::parse(body) else {
        return fresh(raw);
    };
    let (old_t, old_n) = compact(&old)?;
    let (new_t, new_n) = compact(raw)?;
    let written: Vec<&str> = tree.items.iter().filter_map(|i| i.key.as_deref()).collect();
    let rank = |k: &str| T::ORDER.iter().position(|f| *f == k).unwrap_or(T::ORDER.len());
    // New fields, each after the last field of the file that comes before it in the order.
    let mut after: Vec<Vec<&Item>> = vec![Vec::new(); tree.items.len() + 1];
    for name in T::ORDER {
        if written.contains(name) {
            continue;
        }
        let Some(item) = new_n.field(name) else { continue };
        let slot = tree
            .items
            .iter()
            .rposition(|i| i.key.as_deref().is_some_and(|k| rank(k) < rank(name)))
            .map_or(0, |p| p + 1);
        after[slot].push(item);
    }
    let field_indent = tree
        .items
        .first()
        .map_or("    ".to_string(), |i| indent_at(body, i.start));
    let mut out = String::with_capacity(body.len() + 256);
    let mut cursor = 0;
    let insert = |out: &mut String, items: &[&Item]| {
        for item in items {
            let block = is_block::<T>(item);
            out.push('\n');
            if block {
                out.push('\n');
            }
            out.push_str(&field_indent);
            out.push_str(&format!(
                "{}: {},",
                item.key.as_deref().unwrap_or(""),
                value_text::<T>(&new_t, item, &field_indent)
            ));
        }
    };
    if !after[0].is_empty() {
        // Before the first field: at the end of the line holding the opening bracket.
        let at = tree
            .items
            .first()
            .map_or(tree.end - 1, |i| line_start(body, i.start).saturating_sub(1));
        let at = at.max(tree.start);
        out.push_str(&body[cursor..at]);
        cursor = at;
        insert(&mut out, &after[0]);
    }
    for (n, item) in tree.items.iter().enumerate() {
        let key = item.key.as_deref().unwrap_or("");
        let old_v = old_n.field(key).map(|i| ron_text::inline(&old_t, &i.value));
        let new_item = new_n.field(key);
        let new_v = new_item.map(|i| ron_text::inline(&new_t, &i.value));
        let end = past_line_comment(body, item.end);
        if old_v != new_v {
            match new_item {
                None => {
                    // Back to its default: the field goes, with its line when it had one alone.
                    let start = line_start(body, item.start);
                    let (cut_from, cut_to) = if body[start..item.start].trim().is_empty() {
                        (start.saturating_sub(1).max(cursor), end)
                    } else {
                        (item.start, end)
                    };
                    out.push_str(&body[cursor..cut_from]);
                    cursor = cut_to;
                }
                Some(new_item) => {
                    let indent = indent_at(body, item.start);
                    let text = match old_n.field(key) {
                        Some(old_item) => {
                            merge_list(body, &item.value, &old_t, &old_item.value, &new_t, &new_item.value)
                        }
                        None => None,
                    }
                    .unwrap_or_else(|| value_text::<T>(&new_t, new_item, &indent));
                    out.push_str(&body[cursor..item.value.start]);
                    out.push_str(&text);
                    cursor = item.value.end;
                }
            }
        }
        if !after[n + 1].is_empty() {
            out.push_str(&body[cursor..end]);
            cursor = end;
            insert(&mut out, &after[n + 1]);
        }
    }
    out.push_str(&body[cursor..]);
    Ok(out)
}

/// One step of turning the old entries into the new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Keep(usize),
    Drop(usize),
    Add(usize),
    /// An old entry written anew in its place (its comments kept).
    Change(usize, usize),
}

/// The fewest drops and adds from `a` to `b` (longest common subsequence), a drop directly
/// followed by an add taken as a change.
fn steps(a: &[String], b: &[String]) -> Vec<Step> {
    let (n, m) = (a.len(), b.len());
    let mut l = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            l[i][j] = if a[i] == b[j] {
                l[i + 1][j + 1] + 1
            } else {
                l[i + 1][j].max(l[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push(Step::Keep(i));
            i += 1;
            j += 1;
        } else if i < n && (j == m || l[i + 1][j] >= l[i][j + 1]) {
            if j < m && l[i + 1][j] == l[i][j + 1] && l[i + 1][j + 1] == l[i][j] {
                out.push(Step::Change(i, j));
                i += 1;
                j += 1;
            } else {
                out.push(Step::Drop(i));
                i += 1;
            }
        } else {
            out.push(Step::Add(j));
            j += 1;
        }
    }
    out
}

/// A list written over its original text, entry by entry; None when the original is not a list
/// of the same entries (written afresh then).
fn merge_list(body: &str, orig: &Node, old_t: &str, old: &Node, new_t: &str, new: &Node) -> Option<String> {
    if orig.open != Some(b'[') || new.open != Some(b'[') || old.open != Some(b'[') {
        return None;
    }
    if orig.items.len() != old.items.len() || orig.items.is_empty() {
        return None;
    }
    let a: Vec<String> = old.items.iter().map(|i| entry_text(old_t, i)).collect();
    let b: Vec<String> = new.items.iter().map(|i| entry_text(new_t, i)).collect();
    let inner = &body[orig.start + 1..orig.items[0].start];
    if !inner.contains('\n') {
        // A one-line list: written again on one line, unchanged entries as they were.
        let parts: Vec<String> = steps(&a, &b)
            .into_iter()
            .filter_map(|s| match s {
                Step::Keep(i) => Some(orig.items[i].value.text(body).to_string()),
                Step::Add(j) | Step::Change(_, j) => Some(b[j].clone()),
                Step::Drop(_) => None,
            })
            .collect();
        return Some(format!("[{}]", parts.join(", ")));
    }
    let indent = indent_at(body, orig.items[0].start);
    // Each entry's piece of text: the comments and line break before it, the entry (and its
    // comma), and a comment after it on its line.
    let mut prev = orig.start + 1;
    let mut pieces = Vec::new();
    for item in &orig.items {
        let end = past_line_comment(body, item.end);
        pieces.push((prev, item.start, item.end, end));
        prev = end;
    }
    let has_comma = |i: usize| body[..orig.items[i].end].ends_with(',');
    let mut out = String::from("[");
    let steps = steps(&a, &b);
    let last_out = steps.iter().rposition(|s| !matches!(s, Step::Drop(_)));
    for (k, s) in steps.iter().enumerate() {
        let more = last_out.is_some_and(|l| k < l);
        match *s {
            Step::Keep(i) => {
                let (lead, start, end, line_end) = pieces[i];
                out.push_str(&body[lead..end]);
                if more && !has_comma(i) {
                    out.push(',');
                }
                out.push_str(&body[end..line_end]);
                let _ = start;
            }
            Step::Drop(i) => {
                // Its comments stay; the entry goes.
                let (lead, start, _, _) = pieces[i];
                let before = &body[lead..start];
                if before.contains("//") || before.contains("/*") {
                    out.push_str(before.trim_end());
                }
            }
            Step::Change(i, j) => {
                let (lead, start, end, line_end) = pieces[i];
                out.push_str(&body[lead..start]);
                out.push_str(&b[j]);
                out.push(',');
                out.push_str(&body[end..line_end]);
            }
            Step::Add(j) => {
                out.push('\n');
                out.push_str(&indent);
                out.push_str(&b[j]);
                out.push(',');
            }
        }
    }
    let tail_from = pieces.last().map_or(orig.start + 1, |p| p.3);
    out.push_str(&body[tail_from..orig.end]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_what_is_shared() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            steps(&s(&["a", "b", "c"]), &s(&["a", "x", "c", "d"])),
            vec![Step::Keep(0), Step::Change(1, 1), Step::Keep(2), Step::Add(3)]
        );
        assert_eq!(steps(&s(&["a", "b"]), &s(&["b"])), vec![Step::Drop(0), Step::Keep(1)]);
    }
}
