//! What a quest note says that our format can hold: read from plain words, never guessed. A
//! note is kept as a comment either way; these only pick out a wandering monster, gold,
//! potions and things in a chest or a room's search, a trapped chest's damage, a monster's
//! attack or defend dice and a plainly given name.

/// Our monster kind for a monster's name in a note (1989 names included).
pub fn monster_word(words: &[String], i: usize) -> Option<(&'static str, usize)> {
    let w = words.get(i)?.trim_end_matches('s');
    let next = words.get(i + 1).map(|s| s.trim_end_matches('s'));
    Some(match (w, next) {
        ("chao", Some("warrior")) | ("dread", Some("warrior")) => ("dread_warrior", 2),
        ("goblin", _) => ("goblin", 1),
        ("orc", _) => ("orc", 1),
        ("skeleton", _) => ("skeleton", 1),
        ("zombie", _) => ("zombie", 1),
        ("mummy" | "mummie", _) => ("mummy", 1),
        ("fimir", _) | ("abomination", _) => ("abomination", 1),
        ("gargoyle", _) => ("gargoyle", 1),
        _ => return None,
    })
}

/// The note's words, lower case, punctuation trimmed (apostrophes kept).
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ';' | ':' | '(' | ')' | '!' | '"'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().replace('\u{2019}', "'"))
        .collect()
}

fn number(w: &str) -> Option<u32> {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    if let Some(n) = WORDS.iter().position(|x| *x == w) {
        return Some(n as u32);
    }
    let digits = w.trim_end_matches("gp");
    (!digits.is_empty() && digits.len() <= 6 && digits.chars().all(|c| c.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// "Wandering monster: Orc" → our kind.
pub fn wandering(text: &str) -> Option<&'static str> {
    let ws = words(text);
    if ws.first().map(String::as_str) != Some("wandering") || ws.get(1).map(String::as_str) != Some("monster") {
        return None;
    }
    (2..ws.len()).find_map(|i| monster_word(&ws, i)).map(|(k, _)| k)
}

/// What a note puts in a chest or a room's search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Find {
    pub gold: u32,
    pub potions: Vec<&'static str>,
    pub items: Vec<&'static str>,
    pub empty: bool,
}

const THINGS: &[(&str, &str)] = &[
    ("talisman of lore", "talisman_of_lore"),
    ("borin's armour", "borins_armor"),
    ("borin's armor", "borins_armor"),
    ("orc's bane", "orcs_bane"),
    ("orcs bane", "orcs_bane"),
    ("spirit blade", "spirit_blade"),
    ("wizard's staff", "wizards_staff"),
    ("wizard's cloak", "wizards_cloak"),
    ("wand of magic", "wand_of_magic"),
    ("elixir of life", "elixir_of_life"),
    ("ring of return", "ring_of_return"),
    ("spell ring", "spell_ring"),
    ("a shield", "shield"),
    ("a helmet", "helmet"),
    ("chain mail", "chain_mail"),
    ("plate mail", "plate_mail"),
    ("battle axe", "battle_axe"),
    ("a crossbow", "crossbow"),
    ("a broadsword", "broadsword"),
    ("a longsword", "longsword"),
    ("a shortsword", "shortsword"),
    ("tool kit", "tool_kit"),
];
const POTIONS: &[(&str, &str)] = &[
    ("potion of healing", "healing"),
    ("healing potion", "healing"),
    ("heroic brew", "heroic_brew"),
    ("potion of speed", "speed"),
    ("potion of strength", "strength"),
    ("potion of resilience", "resilience"),
];

/// A chest's or a searched room's contents, when the note speaks of a chest, a cupboard or a
/// search and names gold (a number before "gold"), potions or things of our rule set.
pub fn find(text: &str) -> Option<Find> {
    let lower = words(text).join(" ");
    if !["chest", "cupboard", "search"].iter().any(|w| lower.contains(w)) {
        return None;
    }
    let ws = words(text);
    let gold = ws
        .windows(2)
        .find(|p| p[1].starts_with("gold"))
        .and_then(|p| number(&p[0]))
        .unwrap_or(0);
    let pick = |table: &[(&str, &'static str)]| -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for (name, id) in table {
            if lower.contains(name) && !out.contains(id) {
                out.push(id);
            }
        }
        out
    };
    let f = Find {
        gold,
        potions: pick(POTIONS),
        items: pick(THINGS),
        empty: lower.contains("is empty") || lower.contains("are empty"),
    };
    (f.gold > 0 || !f.potions.is_empty() || !f.items.is_empty() || f.empty).then_some(f)
}

/// A trapped chest: the body points a hero loses ("... will lose one Body point").
pub fn chest_trap(text: &str) -> Option<u8> {
    let ws = words(text);
    let lower = ws.join(" ");
    if !(lower.contains("chest") && lower.contains("trap")) {
        return None;
    }
    let i = ws
        .windows(2)
        .position(|p| p[0] == "body" && p[1].starts_with("point"))?;
    let n = i.checked_sub(1).and_then(|j| number(&ws[j])).unwrap_or(1);
    Some(n.clamp(1, 6) as u8)
}

/// What a note says about one monster: the kind it speaks of, dice and a name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MonsterNote {
    pub kind: Option<&'static str>,
    /// Attack dice: an exact number, or one extra.
    pub attack: Option<Dice>,
    pub defend: Option<Dice>,
    pub name: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    Exactly(u8),
    Extra,
}

/// "This mummy ... may roll four dice instead of three when attacking", "may roll an extra
/// defence die", "The Zombie in this room is Karlen."
pub fn monster(text: &str) -> Option<MonsterNote> {
    let ws = words(text);
    let kind = (0..ws.len()).find_map(|i| monster_word(&ws, i)).map(|(k, _)| k);
    let lower = ws.join(" ");
    let dice_at = ws.iter().position(|w| w == "dice" || w == "die");
    let dice = |topic: &[&str]| -> Option<Dice> {
        if !topic.iter().any(|t| lower.contains(t)) {
            return None;
        }
        let i = dice_at?;
        let before = ws.get(i.checked_sub(1)?)?;
        let before2 = i.checked_sub(2).and_then(|j| ws.get(j));
        if before == "extra" || (topic.iter().any(|t| before.starts_with(t)) && before2.is_some_and(|w| w == "extra")) {
            return Some(Dice::Extra);
        }
        let n = number(before).or_else(|| before2.and_then(|w| number(w)))?;
        (1..=10).contains(&n).then_some(Dice::Exactly(n as u8))
    };
    let mention =
        |t: &str| ws.windows(2).any(|p| p[1] == "dice" && p[0].starts_with(t)) || lower.contains(&format!("when {t}"));
    let attack = if mention("attack") || (lower.contains("attack") && !lower.contains("defen")) {
        dice(&["attack"])
    } else {
        None
    };
    let defend = if mention("defen") || (lower.contains("defen") && !lower.contains("attack")) {
        dice(&["defen"])
    } else {
        None
    };
    let note = MonsterNote {
        kind,
        attack,
        defend,
        name: name(text),
    };
    (note.attack.is_some() || note.defend.is_some() || note.name.is_some()).then_some(note)
}

/// "The <monster> (in this room) is <Name>." with a capitalised name.
fn name(text: &str) -> Option<String> {
    let raw: Vec<&str> = text.split_whitespace().collect();
    let lw: Vec<String> = raw.iter().map(|w| w.to_lowercase()).collect();
    for i in 0..raw.len() {
        if lw[i] != "the" {
            continue;
        }
        let Some((_, n)) = monster_word(&lw, i + 1) else {
            continue;
        };
        let mut j = i + 1 + n;
        if lw.get(j).map(String::as_str) == Some("in") && lw.get(j + 1).map(String::as_str) == Some("this") {
            j += 3;
        }
        if lw.get(j).map(String::as_str) != Some("is") {
            continue;
        }
        let cand = raw.get(j + 1)?.trim_end_matches(|c: char| !c.is_alphanumeric());
        let ok = cand.chars().next().is_some_and(char::is_uppercase)
            && cand.len() <= 30
            && cand.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '-');
        if ok {
            return Some(cand.to_string());
        }
    }
    None
}

/// The mark a note belongs to: its first word when that is a mark's label ("A  This chest...").
pub fn label(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let end = t
        .find(|c: char| c.is_whitespace() || matches!(c, ':' | '.' | ')'))
        .unwrap_or(t.len());
    let first = &t[..end];
    let is_label = (first.len() == 1 && first.chars().all(|c| c.is_ascii_uppercase()))
        || (!first.is_empty() && first.len() <= 4 && first.chars().all(|c| c.is_ascii_digit() || c == '-'));
    (is_label && end < t.len()).then_some(first)
}
