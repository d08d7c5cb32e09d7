//! The words for the game's pieces of rule: a trap's kind, a special ability, a condition as a
//! card shows it and as the log says it begins and ends.

use crate::game::model::{StatusKind, TrapKind};

pub fn trap_name(k: TrapKind) -> &'static str {
    match k {
        TrapKind::Pit => "pit trap",
        TrapKind::FallingBlock => "falling-block trap",
        TrapKind::Spear => "spear trap",
        TrapKind::Furniture => "trapped piece of furniture",
    }
}

/// A special ability (HeroQuest Revised #113–136) and what it does, for a figure's card.
pub fn ability_text(a: &crate::rules::ruleset::Ability) -> String {
    use crate::rules::ruleset::Ability::*;
    let kinds = |k: &[crate::rules::ruleset::DamageKind]| {
        k.iter()
            .map(|d| format!("{d:?}").to_lowercase())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let es = |x: u8| if x == 1 { "" } else { "es" };
    match a {
        Artifice(x) => format!("Artifice {x}: {x} more search{} for traps a turn", es(*x)),
        Crush => "Crush: holds the hero it wounds".into(),
        Command => "Command: the monsters it sees gain a second move each turn".into(),
        Defencing => "Defencing: one shield of its own turns a whole blow".into(),
        Fortune(x) => format!("Fortune {x}: {x} more treasure search{} a turn", es(*x)),
        Giant => "Giant: nobody passes through its square".into(),
        Haste(x) => format!("Haste {x}: {x} more move{} a turn", if *x == 1 { "" } else { "s" }),
        Heavy(x) => format!("Heavy {x}: each Speed die {x} lower"),
        Immune(k) => format!("Immune to {} damage", kinds(k)),
        Long => "Long: its blows reach diagonally".into(),
        Lore(x) => format!("Lore {x}: {x} more spell{} a turn", if *x == 1 { "" } else { "s" }),
        Perception(x) => format!("Perception {x}: {x} more search{} for secret doors a turn", es(*x)),
        Rage(x) => format!("Rage {x}: {x} more attack{} a turn", if *x == 1 { "" } else { "s" }),
        Sentry => "Sentry: opens doors".into(),
        Steal => "Steal: snatches a thing and runs".into(),
        Undead => "Undead: no Spirit damage, never falls for want of Mind".into(),
        Unspent => "Unspent: the first spell cast each quest is not used up".into(),
        Satchel(x) => format!(
            "Satchel {x}: {x} more Magic Spell{} in hand",
            if *x == 1 { "" } else { "s" }
        ),
        Insight(x) => format!(
            "Insight {x}: {x} more Magic Spell{} drawn after each activation",
            if *x == 1 { "" } else { "s" }
        ),
        Weakness(k) => format!("Weak to {} damage (doubled)", kinds(k)),
    }
}

/// A condition in a word or two, for a figure's card.
pub fn status_word(s: StatusKind) -> &'static str {
    use StatusKind::*;
    match s {
        RockSkin => "rock skin (+2 defend)",
        Courage => "courage (+2 attack)",
        Fear => "fear (attacks with 1 die)",
        SwiftWind => "swift wind",
        PassThroughRock => "passes through rock",
        VeilOfMist => "veil of mist",
        Asleep => "asleep",
        LoseTurn => "loses a turn",
        Chained => "chained",
        Rust => "rusted weapon (-1 attack)",
        Strength => "strength (+2 attack next)",
        Resilience => "resilience (+2 defend next)",
        HeroicBrew => "heroic brew (two attacks)",
        InShock => "in shock (1 Speed die, board only)",
        Hastened => "hastened (a second move this turn)",
        Held => "held in a crushing grip",
    }
}

pub(super) fn status_gained(s: StatusKind) -> &'static str {
    use StatusKind::*;
    match s {
        RockSkin => "is covered in rock skin (+2 defend dice until wounded)",
        Courage => "is filled with courage (+2 attack dice)",
        Fear => "is gripped by fear (attacks with 1 die)",
        SwiftWind => "is carried by a swift wind (double movement dice next roll)",
        PassThroughRock => "can pass through rock this turn",
        VeilOfMist => "is veiled in mist (can pass monsters)",
        Asleep => "falls asleep",
        LoseTurn => "is caught in the tempest and will lose a turn",
        Chained => "is bound by chains of dread (cannot move next turn)",
        Rust => "sees the weapon rust (-1 attack die)",
        Strength => "feels mighty (+2 attack dice on the next attack)",
        Resilience => "feels resilient (+2 defend dice on the next defence)",
        HeroicBrew => "may attack twice this turn",
        InShock => "is in shock: one Speed die, bare hands and Resilience only, no spells, potions or items",
        Hastened => "is hastened: it may move a second time this turn",
        Held => {
            "is seized in a crushing grip: it cannot move, may only strike back at its captor bare-handed or \
                 with a dagger, and loses 1 Body each sorcerer turn"
        }
    }
}

pub(super) fn status_ended(s: StatusKind) -> &'static str {
    use StatusKind::*;
    match s {
        RockSkin => "loses the rock skin",
        Courage => "is no longer emboldened",
        Fear => "shakes off the fear",
        SwiftWind => "uses the swift wind",
        PassThroughRock => "can no longer pass through rock",
        VeilOfMist => "is no longer veiled",
        Asleep => "wakes up",
        LoseTurn => "recovers from the tempest",
        Chained => "is free of the chains",
        Rust => "is free of the rust",
        Strength => "uses the extra strength",
        Resilience => "uses the extra resilience",
        HeroicBrew => "no longer has the heroic brew's extra attack",
        InShock => "comes out of shock",
        Hastened => "is no longer hastened",
        Held => "is free of the grip",
    }
}

/// A card keyword (HeroQuest Revised #100) and what it means, for a card's panel.
pub fn keyword_text(k: crate::rules::ruleset::Keyword) -> &'static str {
    use crate::rules::ruleset::Keyword::*;
    match k {
        Memory => "Memory: forgotten between quests",
        Cursed => "Cursed: plays itself at the start of each turn; cannot be handed over",
        Selfish => "Selfish: a hero carries only one Selfish card",
        Sequestered => "Sequestered: only one of its name used a quest",
    }
}

/// What using a card costs and when, for its panel: "Free Effect, drained (once a quest), held,
/// icon: hand".
pub fn card_use_terms(u: &crate::rules::ruleset::CardUse) -> String {
    use crate::rules::ruleset::{CardCost, CardTime};
    let mut parts = vec![match u.time {
        CardTime::Free => "Free Effect".to_string(),
        CardTime::Action => "takes the Action".to_string(),
    }];
    parts.push(
        match u.cost {
            CardCost::Free => "no cost",
            CardCost::Drain => "Drain: once a quest",
            CardCost::Discard => "Discard: used up",
        }
        .to_string(),
    );
    if u.held {
        parts.push(format!(
            "held until your next turn (at most {})",
            crate::rules::ruleset::MAX_HELD
        ));
    }
    if let Some(i) = &u.icon {
        parts.push(format!("one {i} card a turn"));
    }
    parts.join(", ")
}

/// A thing's card as its panel's hover says it: its text, then for a keyword card what using it
/// costs and when, and each keyword explained (HeroQuest Revised #100–110).
pub fn card_text(rules: &crate::rules::ruleset::RuleSet, id: &str) -> String {
    let text = rules
        .items
        .get(id)
        .map(|d| d.text.as_str())
        .or_else(|| rules.weapons.get(id).map(|d| d.text.as_str()))
        .or_else(|| rules.armor.get(id).map(|d| d.text.as_str()))
        .or_else(|| rules.potions.get(id).map(|d| d.text.as_str()))
        .unwrap_or("");
    let mut lines = vec![text.to_string()];
    if let Some(d) = rules.items.get(id) {
        if let Some(u) = &d.uses {
            lines.push(card_use_terms(u));
        }
        lines.extend(d.keywords.iter().map(|k| keyword_text(*k).to_string()));
        lines.push(raises_text(d.raises));
    }
    lines.retain(|l| !l.is_empty());
    lines.join("\n")
}

/// A card's raise of its bearer's maximum Body and Mind, in the terms of Revised #99 ("" for
/// none).
pub fn raises_text(r: crate::rules::ruleset::Raises) -> String {
    let parts: Vec<String> = [(r.body, "Body"), (r.mind, "Mind")]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("+{n} to most {what}"))
        .collect();
    if parts.is_empty() {
        return String::new();
    }
    format!(
        "While carried: {}. The current value is not raised with it; losing the card lowers it only where it is above the new most.",
        parts.join(", ")
    )
}
