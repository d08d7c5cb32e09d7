//! The quest's heading: its format, name and briefing, the rule system and modules it is played
//! with, and the quest's own items, which join its copy of the rule set.

use super::*;
use crate::rules::systems::RuleSystem;

/// Checks the heading; returns the quest's rule system, its tables (the quest's own items in
/// them) and its modules.
pub(super) fn check(
    raw: &RawQuest,
    out: &mut Found,
) -> (RuleSystem, Vec<RuleSystem>, RuleSet, crate::rules::systems::Modules) {
    if raw.format != FORMAT {
        out.err(
            vec![Field("format")],
            format!(
                "quest format {} is not supported; this game reads format {FORMAT}",
                raw.format
            ),
        );
    }
    if raw.name.trim().is_empty() {
        out.err(vec![Field("name")], "the quest needs a name".into());
    }
    if raw.briefing.trim().is_empty() {
        out.err(
            vec![Field("briefing")],
            "the quest needs a briefing for the heroes".into(),
        );
    }
    let system = match RuleSystem::from_id(&raw.rules) {
        // A board of spaces is drawn in a mission file, not a quest's rooms.
        Ok(RuleSystem::Heroica) => {
            out.err(
                vec![Field("rules")],
                "LEGO Heroica is played from a mission file (`Mission(` …, see docs/heroica.md), not a quest".into(),
            );
            RuleSystem::default()
        }
        Ok(system) => system,
        Err(e) => {
            out.err(vec![Field("rules")], e);
            RuleSystem::default()
        }
    };
    // Other editions of the same family the quest is written for.
    let mut written_for = vec![system];
    for (i, id) in raw.also_rules.iter().enumerate() {
        let path = vec![Field("also_rules"), Index(i)];
        match RuleSystem::from_id(id) {
            Ok(other @ RuleSystem::HeroQuest(_)) if matches!(system, RuleSystem::HeroQuest(_)) => {
                if written_for.contains(&other) {
                    out.err(path, format!("\"{id}\" is named twice among the quest's rule systems"));
                } else if let Err(e) = crate::rules::systems::Modules::choose(id, &raw.modules) {
                    out.err(path, format!("under \"{id}\": {e}"));
                } else {
                    written_for.push(other);
                }
            }
            Ok(_) => out.err(
                path,
                format!(
                    "a quest written for \"{}\" can name only another HeroQuest edition here, not \"{id}\"",
                    system.id()
                ),
            ),
            Err(e) => out.err(path, e),
        }
    }
    let modules = crate::rules::systems::Modules::choose(&raw.rules, &raw.modules).unwrap_or_else(|e| {
        out.err(vec![Field("modules")], e);
        Default::default()
    });
    let mut rules = system.tables_under(&modules);
    // The quest's own items join its copy of the rule set, so they are found, given, carried,
    // dropped and named like any other.
    for (id, item) in &raw.quest_items {
        let path = vec![Field("quest_items")];
        if rules.weapons.contains_key(id)
            || rules.armor.contains_key(id)
            || rules.items.contains_key(id)
            || rules.potions.contains_key(id)
        {
            out.err(
                path,
                format!("quest item \"{id}\" has the id of the rule set's own {id}; choose another"),
            );
        } else if item.name.trim().is_empty() || item.text.trim().is_empty() {
            out.err(path, format!("quest item \"{id}\" needs a name and a text"));
        } else {
            rules.items.insert(
                id.clone(),
                crate::rules::ruleset::ItemDef {
                    name: item.name.clone(),
                    cost: 0,
                    artifact: false,
                    quest: true,
                    abilities: Vec::new(),
                    keywords: Vec::new(),
                    uses: None,
                    raises: Default::default(),
                    worth: 0,
                    text: item.text.clone(),
                },
            );
        }
    }
    (system, written_for, rules, modules)
}
