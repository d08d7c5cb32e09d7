//! Lettered and numbered marks and the quest's notes: each note is kept as a comment (beside
//! the entry at or next to its mark, else with the quest's notes), and what a note plainly
//! states that our format holds is written: the wandering monster, a chest's or a room's
//! treasure, a trapped chest, a monster's dice or name.

use std::collections::BTreeMap;

use super::build::{Entry, Layout, Sq, Treasure, hs, plain};
use super::heroscribe::Map;
use super::notes::{self, Dice};
use super::objects::Role;
use super::{Fate, XmlPos};
use crate::rules::ruleset::RuleSet;

pub fn apply(map: &Map, l: &mut Layout) {
    wandering(map, l);
    let marks: Vec<(&str, Sq, XmlPos)> = map
        .objects
        .iter()
        .filter_map(|o| match o.def.role {
            Role::Mark(label) => Some((label, (o.x, o.y), o.at)),
            _ => None,
        })
        .collect();
    let mut used: BTreeMap<&str, bool> = marks.iter().map(|m| (m.0, false)).collect();
    for note in &map.notes {
        let text = plain(&note.text);
        if text.is_empty() || notes::wandering(&text).is_some() {
            continue;
        }
        let label = notes::label(&text).filter(|lb| used.contains_key(lb));
        let Some(label) = label else {
            l.draft.notes.push(text.clone());
            l.say(
                Fate::Dropped,
                note.at,
                format!("note kept as a comment only: \"{}\"", short(&text)),
            );
            continue;
        };
        if let Some(u) = used.get_mut(label) {
            *u = true;
        }
        for (_, sq, _) in marks.iter().filter(|m| m.0 == label) {
            attach(&text, label, *sq, note.at, l);
        }
    }
    for (label, sq, at) in &marks {
        if !used[label] {
            l.say(
                Fate::Dropped,
                *at,
                format!("mark {label} at {}: no note starts with \"{label}\"", hs(*sq)),
            );
        }
    }
}

fn short(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push_str("...");
    }
    out
}

/// The wandering monster: from a "Wandering monster: ..." note, else the commonest monster.
fn wandering(map: &Map, l: &mut Layout) {
    for n in &map.notes {
        if let Some(kind) = notes::wandering(&plain(&n.text)) {
            l.draft.wandering = kind;
            l.draft.wandering_why = "from the note \"Wandering monster\"".into();
            l.say(Fate::Mapped, n.at, format!("the wandering monster: {kind}"));
            return;
        }
    }
    let mut count: BTreeMap<&'static str, usize> = BTreeMap::new();
    for m in &l.draft.monsters {
        *count.entry(m.item.kind).or_default() += 1;
    }
    let kind = count
        .iter()
        .max_by_key(|(k, n)| (**n, std::cmp::Reverse(**k)))
        .map(|(k, _)| *k)
        .unwrap_or("orc");
    l.draft.wandering = kind;
    l.draft.wandering_why = "no note names one: the commonest monster of the map (orc if none)".into();
    l.say(
        Fate::Approximated,
        map.at,
        format!("no wandering monster named: {kind}, the commonest monster of the map"),
    );
}

fn chebyshev(a: Sq, b: Sq) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// The entry nearest the mark: in its area, or on a square next to it.
fn nearest<T>(l: &Layout, list: &[Entry<T>], sq: Sq, at: impl Fn(&T) -> Sq, ok: impl Fn(&T) -> bool) -> Option<usize> {
    let area = l.area(sq);
    list.iter()
        .enumerate()
        .filter(|(_, e)| ok(&e.item))
        .filter(|(_, e)| chebyshev(at(&e.item), sq) <= 1 || (l.is_room(sq) && l.area(at(&e.item)) == area))
        .min_by_key(|(i, e)| (chebyshev(at(&e.item), sq), *i))
        .map(|(i, _)| i)
}

fn attach(text: &str, label: &str, sq: Sq, at: XmlPos, l: &mut Layout) {
    // The note begins with its mark's label already.
    let comment = text.to_string();
    let mut placed = false;
    if let Some(n) = notes::monster(text) {
        placed |= monster_note(&n, &comment, sq, at, l);
    }
    if let Some(damage) = notes::chest_trap(text)
        && let Some(i) = nearest(l, &l.draft.furniture, sq, |f| f.at, |f| f.kind == "chest")
    {
        let f = &mut l.draft.furniture[i];
        f.item.trap = Some(damage);
        f.comments.push(comment.clone());
        placed = true;
        let s = f.item.at;
        l.say(
            Fate::Mapped,
            at,
            format!("note {label}: the chest at {} is trapped ({damage} body)", hs(s)),
        );
    }
    if let Some(find) = notes::find(text) {
        placed |= treasure(find, &comment, label, sq, at, l);
    }
    if !placed {
        placed = beside(&comment, sq, l);
        if placed {
            l.say(
                Fate::Dropped,
                at,
                format!("note {label}: kept as a comment beside its mark at {}", hs(sq)),
            );
        }
    }
    if !placed {
        l.draft.notes.push(format!("mark {label} at {}: {text}", hs(sq)));
        l.say(
            Fate::Dropped,
            at,
            format!("note {label}: kept as a comment with the quest's notes"),
        );
    }
}

fn monster_note(n: &notes::MonsterNote, comment: &str, sq: Sq, at: XmlPos, l: &mut Layout) -> bool {
    let Some(i) = nearest(
        l,
        &l.draft.monsters,
        sq,
        |m| m.at,
        |m| n.kind.is_none_or(|k| k == m.kind),
    ) else {
        return false;
    };
    let rules = RuleSet::heroquest_2021();
    let taken = n
        .name
        .as_ref()
        .is_some_and(|name| l.draft.monsters.iter().any(|m| m.item.name.as_ref() == Some(name)));
    let m = &mut l.draft.monsters[i];
    let base = rules.monsters.get(m.item.kind);
    let dice = |d: Option<Dice>, base: Option<u8>| match d {
        Some(Dice::Exactly(n)) => Some(n),
        Some(Dice::Extra) => base.map(|b| b.saturating_add(1).min(20)),
        None => None,
    };
    m.item.attack = dice(n.attack, base.map(|b| b.attack)).or(m.item.attack);
    m.item.defend = dice(n.defend, base.map(|b| b.defend)).or(m.item.defend);
    if !taken {
        m.item.name = n.name.clone().or(m.item.name.take());
    }
    m.comments.push(comment.to_string());
    let (kind, s) = (m.item.kind, m.item.at);
    let mut said = Vec::new();
    if let Some(a) = m.item.attack {
        said.push(format!("attack {a}"));
    }
    if let Some(d) = m.item.defend {
        said.push(format!("defend {d}"));
    }
    if let Some(name) = &m.item.name {
        said.push(format!("named {name}"));
    }
    let msg = format!("note: the {kind} at {} gets {}", hs(s), said.join(", "));
    l.say(Fate::Mapped, at, msg);
    true
}

fn treasure(find: notes::Find, comment: &str, label: &str, sq: Sq, at: XmlPos, l: &mut Layout) -> bool {
    let room = if l.is_room(sq) {
        Some(sq)
    } else {
        nearest(l, &l.draft.furniture, sq, |f| f.at, |f| f.kind == "chest").map(|i| l.draft.furniture[i].item.at)
    };
    let Some(room) = room.filter(|r| l.is_room(*r)) else {
        return false;
    };
    let area = l.area(room);
    if let Some(i) = l.draft.treasure.iter().position(|t| l.area(t.item.room) == area) {
        let t = &mut l.draft.treasure[i];
        t.comments
            .push(format!("{comment} (not added: one special treasure a room)"));
        l.say(
            Fate::Dropped,
            at,
            format!("note {label}: the room already has special treasure"),
        );
        return true;
    }
    let what = describe(&find);
    l.draft.treasure.push(Entry {
        item: Treasure { room, find },
        at: Some(at),
        comments: vec![comment.to_string()],
    });
    l.say(
        Fate::Mapped,
        at,
        format!("note {label}: special treasure in the room at {}: {what}", hs(room)),
    );
    true
}

/// What a find holds, in words, for the report and the text read out.
pub fn describe(f: &notes::Find) -> String {
    let mut parts = Vec::new();
    if f.gold > 0 {
        parts.push(format!("{} gold coins", f.gold));
    }
    parts.extend(f.potions.iter().map(|p| format!("a potion ({p})")));
    parts.extend(f.items.iter().map(|i| i.replace('_', " ")));
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// Puts the note beside an entry on the mark's square or next to it.
fn beside(comment: &str, sq: Sq, l: &mut Layout) -> bool {
    let d = &mut l.draft;
    let near = |s: Sq| chebyshev(s, sq) <= 1;
    if let Some(m) = d.monsters.iter_mut().find(|m| near(m.item.at)) {
        m.comments.push(comment.into());
    } else if let Some(f) = d.furniture.iter_mut().find(|f| near(f.item.at)) {
        f.comments.push(comment.into());
    } else if let Some(e) = d.doors.iter_mut().find(|e| near(e.item.0) || near(e.item.1)) {
        e.comments.push(comment.into());
    } else if let Some(t) = d.traps.iter_mut().find(|t| near(t.item.1)) {
        t.comments.push(comment.into());
    } else {
        return false;
    }
    true
}
