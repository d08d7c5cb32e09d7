//! The quest's heading: its format, name and briefing, the rule system and modules it is played
//! with, and the quest's own items, which join its copy of the rule set.

use super::*;

/// Checks the heading; returns the quest's rule set (its own items in it) and its modules.
pub(super) fn check(raw: &RawQuest, out: &mut Found) -> (RuleSet, crate::rules::systems::Modules) {
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
    let mut rules = match crate::rules::systems::playable_rule_system(&raw.rules) {
        Ok(_) => RuleSet::heroquest_2021(),
        Err(e) => {
            out.err(vec![Field("rules")], e);
            RuleSet::heroquest_2021()
        }
    };
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
    (rules, modules)
}
