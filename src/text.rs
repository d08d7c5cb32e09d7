//! Words: plurals and articles for names in sentences ("the Witch Lord", "an Orc"). A leaf
//! module: the quest loader, the log, the panels and the sorcerer's reasons all use it.

/// "s" for a count other than one: "1 square", "2 squares".
pub fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "A Goblin", "An Orc": the indefinite article a name takes, capitalised, before the name;
/// a name that carries its own ("The Witch Lord") is left as it is.
pub fn with_article(name: &str) -> String {
    if has_own_article(name) {
        return name.to_string();
    }
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u'));
    format!("{} {name}", if vowel { "An" } else { "A" })
}

/// "the Wand of Magic", but "Master Orrin's spellbook" and "Borin's Armour": a thing's name
/// as it reads after a verb. A name that says whose it is, or has its own article, takes none;
/// one that names a kind of owner ("the Wizard's Cloak") does.
pub fn the(name: &str) -> String {
    if has_own_article(name) {
        return in_sentence(name);
    }
    let owner = name.split("'s ").next().filter(|o| o.len() < name.len());
    let kind_of_owner = |o: &str| ["Wizard", "Barbarian", "Dwarf", "Elf", "Alchemist", "Sorcerer"].contains(&o);
    match owner {
        Some(o) if !kind_of_owner(o) => name.to_string(),
        _ => format!("the {name}"),
    }
}

/// "The Witch Lord", "A Thousand Eyes": a name that starts with an article of its own.
fn has_own_article(name: &str) -> bool {
    ["The ", "A ", "An "].iter().any(|a| name.starts_with(a))
}

/// A name that carries its own article ("The Witch Lord") as it reads inside a sentence:
/// "the Witch Lord". Other names are unchanged.
pub fn in_sentence(name: &str) -> String {
    match name.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => name.to_string(),
    }
}

/// A name for a file: the ASCII letters and digits of `s`, lower-case, each run of anything
/// else one dash ("The Warden's Vault" -> "the-warden-s-vault").
pub fn slug(s: &str) -> String {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|p| !p.is_empty())
        .map(|p| p.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join("-")
}

/// "a", "a and b", "a, b and c"; empty for none.
pub fn and_list(words: &[String]) -> String {
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        k => format!("{} and {}", words[..k - 1].join(", "), words[k - 1]),
    }
}
