//! The quest's heading: its format, name and briefing, the rule system and modules it is played
//! with, and the quest's own items, which join its copy of the rule set.

use super::*;
use crate::rules::systems::RuleSystem;

/// Checks the heading; returns the quest's rule system, its tables (the quest's own items in
/// them) and its modules.
pub(super) fn check(raw: &RawQuest, out: &mut Found) -> (RuleSystem, RuleSet, crate::rules::systems::Modules) {
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
    let mut rules = system.tables();
    let modules = crate::rules::systems::Modules::choose(&raw.rules, &raw.modules).unwrap_or_else(|e| {
        out.err(vec![Field("modules")], e);
        Default::default()
    });
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
                    text: item.text.clone(),
                },
            );
        }
    }
    (system, rules, modules)
}
