//! What a hero may carry and how a thing joins a hero's gear: equipment rules read from the rule
//! set, shared by the quest loader, the game and the campaign.

use super::Gear;
use crate::rules::ruleset::RuleSet;

/// May this hero class carry (and use) `thing` alongside `gear`? The Wizard's restrictions, and
/// no shield with a two-handed weapon.
pub fn may_carry(rules: &RuleSet, class: &str, thing: &str, gear: &Gear) -> Result<(), String> {
    let Some(hero) = rules.heroes.get(class) else {
        return Err(format!("unknown hero \"{class}\""));
    };
    if let Some(w) = rules.weapons.get(thing)
        && !w.any_hero
        && let Some(allowed) = &hero.weapons_allowed
        && !allowed.iter().any(|a| a == thing)
    {
        return Err(format!("the {} cannot use a {}", hero.name, w.name));
    }
    if let Some(a) = rules.armor.get(thing) {
        if !hero.wears_armor && !a.any_hero {
            return Err(format!("the {} cannot wear {}", hero.name, a.name));
        }
        if a.shield
            && gear
                .weapon
                .as_ref()
                .and_then(|w| rules.weapons.get(w))
                .is_some_and(|w| w.two_handed)
        {
            return Err(format!(
                "the {} cannot carry a shield with a two-handed weapon",
                hero.name
            ));
        }
    }
    Ok(())
}

/// A found or given thing joins a hero's gear (`weapon` in hand, `items` carried). A weapon the
/// hero may wield is taken in hand when it is an artifact or rolls more attack dice than the one
/// in hand (the old one is carried); it stays carried when it would leave a shield useless or
/// the hero cannot use it. See docs/rules-decisions.md.
pub fn stow(rules: &RuleSet, class: &str, weapon: &mut Option<String>, items: &mut Vec<String>, item: &str) {
    let Some(new) = rules.weapons.get(item) else {
        items.push(item.to_string());
        return;
    };
    let held = weapon.as_ref().and_then(|w| rules.weapons.get(w));
    let better = held.is_none_or(|w| (new.artifact && !w.artifact) || new.attack > w.attack);
    let gear = Gear {
        weapon: Some(item.to_string()),
        ..Default::default()
    };
    let wieldable = may_carry(rules, class, item, &gear).is_ok()
        && !(new.two_handed && items.iter().any(|i| rules.armor.get(i).is_some_and(|a| a.shield)));
    if better && wieldable {
        if let Some(old) = weapon.replace(item.to_string()) {
            items.push(old);
        }
    } else {
        items.push(item.to_string());
    }
}

/// Is this gear something the rule set knows, for a hero it knows? (Saves and the campaign are
/// files a person can edit: what they name is checked before it reaches the board.)
pub fn check_gear(rules: &RuleSet, class: &str, gear: &Gear) -> Result<(), String> {
    if !rules.heroes.contains_key(class) {
        return Err(format!("unknown hero \"{class}\""));
    }
    let known = |t: &str| rules.weapons.contains_key(t) || rules.armor.contains_key(t) || rules.items.contains_key(t);
    for t in gear.weapon.iter().chain(&gear.items) {
        if !known(t) {
            return Err(format!("the {class} carries unknown item \"{t}\""));
        }
    }
    if let Some(w) = &gear.weapon
        && !rules.weapons.contains_key(w)
    {
        return Err(format!("the {class} holds \"{w}\", which is not a weapon"));
    }
    if let Some(p) = gear.potions.iter().find(|p| !rules.potions.contains_key(*p)) {
        return Err(format!("the {class} carries unknown potion \"{p}\""));
    }
    // What the hero's kind may use at all (the shield beside a two-handed weapon is judged when
    // it is used, not here: a party may carry both between quests).
    // Under Revised a thing the hero may not use may still be carried (#105), not held.
    let carried: &[String] = if rules.edition.carry_forbidden {
        &[]
    } else {
        &gear.items
    };
    for t in gear.weapon.iter().chain(carried) {
        may_carry(rules, class, t, &Gear::default())?;
    }
    use crate::rules::bounds::{MAX_CARRIED, MAX_PURSE};
    if gear.gold > MAX_PURSE {
        return Err(format!("the {class} has {} gold; at most {MAX_PURSE}", gear.gold));
    }
    let carried = gear.items.len() + gear.potions.len();
    if carried > MAX_CARRIED {
        return Err(format!("the {class} carries {carried} things; at most {MAX_CARRIED}"));
    }
    Ok(())
}
