//! Writing the imported quest as RON text, with comments: where each entry came from in the
//! XML, the notes beside their squares, and why the importer chose what it chose.

use std::fmt::Write as _;

use super::XmlPos;
use super::build::{Draft, Entry, Sq, plain};
use super::marks::describe;

/// A RON string literal.
fn q(s: &str) -> String {
    let mut out = String::from("\"");
    for c in plain(s).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn sq(s: Sq) -> String {
    format!("({}, {})", s.0, s.1)
}

/// One list of entries: `field: [ ... ],` with each entry's notes above it and its XML place
/// after it.
fn list<T>(out: &mut String, field: &str, entries: &[Entry<T>], item: impl Fn(&T) -> String) {
    if entries.is_empty() {
        return;
    }
    let _ = writeln!(out, "    {field}: [");
    for e in entries {
        // A one-word comment ("dark") goes after the entry, notes above it.
        let (tags, notes): (Vec<&String>, Vec<&String>) = e.comments.iter().partition(|c| !c.contains(' '));
        for c in notes {
            let _ = writeln!(out, "        // {}", plain(c));
        }
        let mut after: Vec<String> = tags.iter().map(|t| plain(t)).collect();
        after.extend(e.at.map(|XmlPos { line, col }| format!("XML {line}:{col}")));
        let after = if after.is_empty() {
            String::new()
        } else {
            format!(" // {}", after.join(", "))
        };
        let _ = writeln!(out, "        {},{after}", item(&e.item));
    }
    let _ = writeln!(out, "    ],");
}

/// The quest's RON text.
pub fn ron(d: &Draft, stem: &str) -> String {
    let mut o = String::new();
    let region = d
        .region
        .as_deref()
        .map(|r| format!(", {r} edition"))
        .unwrap_or_default();
    let _ = writeln!(
        o,
        "// Imported from the HeroScribe quest {}{region} by `hollowdeep import`.",
        q(&format!("{stem}.xml"))
    );
    let _ = writeln!(
        o,
        "// Look it over before you play: the import report lists what was approximated or dropped."
    );
    let _ = writeln!(
        o,
        "(\n    format: 1,\n    name: {},\n    board: \"classic\",\n    rules: \"heroquest-2021\",",
        q(&d.name)
    );
    if let Some(why) = &d.briefing_why {
        let _ = writeln!(o, "    // {why}");
    }
    let _ = writeln!(o, "    briefing: {},", q(&d.briefing));
    let _ = writeln!(
        o,
        "    // The objective cannot be read from HeroScribe's prose; the importer chose it:"
    );
    let _ = writeln!(o, "    // {}.", d.objective_why);
    let _ = writeln!(o, "    objective: {},", d.objective);
    let _ = writeln!(o, "    wandering_monster: {}, // {}", q(d.wandering), d.wandering_why);
    if let Some(why) = &d.stairway_why {
        let _ = writeln!(o, "    // {why}");
    }
    let (x, y) = d.stairway;
    let _ = writeln!(o, "    stairway: ({x}, {y}, 2, 2),");
    let starts = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)].map(sq);
    let _ = writeln!(o, "    hero_starts: [{}], // the stairway's squares", starts.join(", "));
    list(&mut o, "doors", &d.doors, |(a, b, open)| {
        format!(
            "(at: {}, to: {}{})",
            sq(*a),
            sq(*b),
            if *open { ", open: true" } else { "" }
        )
    });
    list(&mut o, "secret_doors", &d.secret_doors, |(a, b)| {
        format!("(at: {}, to: {})", sq(*a), sq(*b))
    });
    list(&mut o, "monsters", &d.monsters, |m| {
        let mut s = format!("(kind: {}, at: {}", q(m.kind), sq(m.at));
        if let Some(n) = &m.name {
            let _ = write!(s, ", name: {}", q(n));
        }
        if let Some(a) = m.attack {
            let _ = write!(s, ", attack: {a}");
        }
        if let Some(dd) = m.defend {
            let _ = write!(s, ", defend: {dd}");
        }
        s + ")"
    });
    list(&mut o, "furniture", &d.furniture, |f| {
        let mut s = format!("(kind: {}, at: {}", q(f.kind), sq(f.at));
        if f.rotated {
            s.push_str(", rotated: true");
        }
        if let Some(dmg) = f.trap {
            let _ = write!(
                s,
                ", trap: (damage: {dmg}, text: \"A trap hidden in the {} springs!\")",
                f.kind.replace('_', " ")
            );
        }
        s + ")"
    });
    list(&mut o, "blocked", &d.blocked, |s| sq(*s));
    list(&mut o, "traps", &d.traps, |(k, s)| {
        format!("(kind: {k:?}, at: {})", sq(*s))
    });
    list(&mut o, "treasure", &d.treasure, |t| {
        let f = &t.find;
        let text = if describe(f) == "nothing" {
            "You find nothing of value.".to_string()
        } else {
            format!("You find {}.", describe(f))
        };
        let mut s = format!("(room: {}, text: {}", sq(t.room), q(&text));
        if f.gold > 0 {
            let _ = write!(s, ", gold: {}", f.gold);
        }
        if !f.potions.is_empty() {
            let _ = write!(
                s,
                ", potions: [{}]",
                f.potions.iter().map(|p| q(p)).collect::<Vec<_>>().join(", ")
            );
        }
        if !f.items.is_empty() {
            let _ = write!(
                s,
                ", items: [{}]",
                f.items.iter().map(|p| q(p)).collect::<Vec<_>>().join(", ")
            );
        }
        s + ")"
    });
    o.push_str(")\n");
    if !d.notes.is_empty() {
        o.push_str("// The quest's notes, for the one who looks it over:\n");
        for n in &d.notes {
            let _ = writeln!(o, "// {}", plain(n));
        }
    }
    o
}
