//! The tables checked as a whole once they are read, and again once an advanced game's cards join
//! them: every name they use known, every card and ability one the game plays.

use super::*;

impl RuleSet {
    /// Checks the tables as a whole, once they are read (and again once an advanced game's cards
    /// join them): every name known, every card one the game plays.
    pub(super) fn check(mut self) -> Result<RuleSet, String> {
        let rs = &mut self;
        for (id, h) in &rs.heroes {
            if !rs.weapons.contains_key(&h.weapon) {
                return Err(format!("hero \"{id}\" starts with unknown weapon \"{}\"", h.weapon));
            }
        }
        if let Some((school, _)) = rs.schools.iter().find(|(_, s)| s.len() < KEEP_OF_GREATER) {
            return Err(format!(
                "school \"{school}\" holds fewer than {KEEP_OF_GREATER} spells: a lesser group has three, a greater more (#14)"
            ));
        }
        for (school, spells) in &rs.schools {
            for s in spells {
                match rs.spells.get(s) {
                    Some(d) if d.school.as_deref() == Some(school.as_str()) => {}
                    _ => {
                        return Err(format!(
                            "school \"{school}\" lists \"{s}\", which is not a spell of that school"
                        ));
                    }
                }
            }
        }
        for (school, hero) in &rs.school_only_for {
            if !rs.schools.contains_key(school) || !rs.heroes.contains_key(hero) {
                return Err(format!(
                    "school_only_for: \"{school}\" for \"{hero}\" names an unknown school or hero"
                ));
            }
        }
        for c in &rs.treasure_deck {
            if let Card::Potion(p) = &c.card
                && !rs.potions.contains_key(p)
            {
                return Err(format!("treasure card \"{}\" gives unknown potion \"{p}\"", c.title));
            }
            if let Card::Valuable(v) = &c.card
                && rs.items.get(v).is_none_or(|d| d.worth == 0)
            {
                return Err(format!(
                    "treasure card \"{}\" gives \"{v}\", which is no item with a worth",
                    c.title
                ));
            }
        }
        for (id, s) in &rs.spells {
            if let Effect::Summon { kind, .. } = &s.effect
                && !rs.monsters.contains_key(kind)
            {
                return Err(format!("spell \"{id}\" summons unknown monster \"{kind}\""));
            }
        }
        for (id, m) in &rs.monsters {
            if let Some(a) = m.abilities.iter().find(|a| !a.built()) {
                return Err(format!("monster \"{id}\": the {a:?} ability is not built yet"));
            }
            // A monster never searches nor carries: a search's ability or a weight would do nothing.
            if let Some(a) = m.abilities.iter().find(|a| {
                matches!(a, Ability::Heavy(_))
                    || a.bonus_kind()
                        .is_some_and(|b| !matches!(b, Bonus::Cast | Bonus::Attack))
            }) {
                return Err(format!(
                    "monster \"{id}\": {a:?} is a card's (searches, or a weight), which a monster never has"
                ));
            }
        }
        if let Some(town) = &rs.town {
            town.check(rs)?;
        }
        for (id, i) in &rs.items {
            cards::check(id, &i.keywords, i.uses.as_ref())?;
        }
        // At most one Selfish spell in a group (#131).
        for (school, spells) in &rs.schools {
            let selfish: Vec<&String> = spells
                .iter()
                .filter(|s| {
                    rs.spells
                        .get(*s)
                        .is_some_and(|d| d.keywords.contains(&Keyword::Selfish))
                })
                .collect();
            if selfish.len() > 1 {
                return Err(format!(
                    "school \"{school}\" holds {} Selfish spells ({}): at most one a group (#131)",
                    selfish.len(),
                    selfish.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
                ));
            }
        }
        // What a carried thing may give: an extra action (items, and a weapon while in hand, #97)
        // or a weight (anything).
        let heavy = |a: &Ability| matches!(a, Ability::Heavy(_));
        let things = rs
            .items
            .iter()
            .map(|(id, i)| (id, &i.abilities, true))
            .chain(rs.weapons.iter().map(|(id, w)| (id, &w.abilities, true)))
            .chain(rs.armor.iter().map(|(id, a)| (id, &a.abilities, false)));
        for (id, abilities, item) in things {
            if let Some(a) = abilities
                .iter()
                .find(|a| !(heavy(a) || (item && (a.bonus_kind().is_some() || a.magic()))))
            {
                return Err(format!(
                    "\"{id}\": {a:?} is not an ability a carried thing gives (Heavy on anything; Artifice, Fortune, Lore, Perception, Rage, Unspent, Satchel, Insight on an item or a weapon)"
                ));
            }
        }
        for (id, m) in &rs.men_at_arms {
            if let Some(a) = m.abilities.iter().find(|a| {
                !a.built() || matches!(a, Ability::Heavy(_)) || a.bonus_kind().is_some_and(|b| b != Bonus::Attack)
            }) {
                return Err(format!(
                    "man-at-arms \"{id}\": the {a:?} ability is not one a man-at-arms may have"
                ));
            }
            if m.searches_traps != m.dexterity.is_some() {
                return Err(format!(
                    "man-at-arms \"{id}\": one who searches for traps needs a dexterity to disarm them, and only one"
                ));
            }
        }
        rs.raising_cards = rs.items.values().any(|d| d.raises != Raises::default())
            || rs
                .adv()
                .is_some_and(|a| a.skills.values().any(|d| d.raises != Raises::default()));
        Ok(self)
    }
}
