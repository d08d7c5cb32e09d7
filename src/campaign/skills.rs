//! The party's Fate and Skill cards in a campaign of Revised's advanced game (checklists §1.1
//! #156, #166–167, #170–171): one Fate a hero for each quest won, skills learnt with it between
//! quests, and both brought into the next quest.

use super::{Campaign, PartyHero};
use crate::game::model::Outcome;
use crate::game::snapshot::FigureSnap;
use crate::quest::Quest;
use crate::rules::ruleset::RuleSet;

impl Campaign {
    /// The campaign is played under the advanced game.
    pub fn advanced(&self) -> bool {
        self.modules.iter().any(|m| m == "hqr-advanced")
    }

    /// The tables of a campaign whose modules bring cards (the advanced game's, the Apprentice
    /// Spell System's, laid over Revised's); None for any other, which plays on its edition's own.
    pub fn tables(&self) -> Option<&'static RuleSet> {
        let modules = crate::rules::systems::Modules::choose(&self.rules, &self.modules).ok()?;
        if modules.tables_key() == (false, false) {
            return None;
        }
        match crate::rules::systems::RuleSystem::from_id(&self.rules).ok()? {
            crate::rules::systems::RuleSystem::HeroQuest(e) => Some(e.tables_under(&modules)),
            _ => None,
        }
    }

    /// A hero's skills: those it learnt, or its board's starting ones while it has learnt none.
    pub fn skills_of(&self, rules: &RuleSet, class: &str) -> Vec<String> {
        let own = self.party.get(class).map(|h| h.skills.clone()).unwrap_or_default();
        if !own.is_empty() {
            return own;
        }
        rules
            .adv()
            .and_then(|a| a.heroes.get(class))
            .map(|h| h.skills.clone())
            .unwrap_or_default()
    }

    /// Whether `class` may learn `skill` now, else why not (#167, #171): a card of the tables
    /// for this kind of hero, not known yet, its skills before it learnt, never a card that
    /// costs no Fate, and the Fate and any gold it costs.
    pub fn may_learn(&self, rules: &RuleSet, class: &str, skill: &str) -> Result<(), String> {
        let Some(adv) = rules.adv() else {
            return Err("skills are learnt in the advanced game".into());
        };
        let Some(d) = adv.skills.get(skill) else {
            return Err(format!("there is no skill \"{skill}\""));
        };
        let Some(h) = self.party.get(class) else {
            return Err(format!("there is no {class} in the party"));
        };
        let name = rules.kind_name(class);
        let known = self.skills_of(rules, class);
        if known.iter().any(|s| s == skill) {
            return Err(format!("the {name} knows {} already", d.name));
        }
        if d.fate == 0 {
            return Err(format!("{} is a starting skill and not to be bought", d.name));
        }
        if !d.heroes.is_empty() && !d.heroes.iter().any(|c| c == class) {
            return Err(format!("{} is not a skill for the {name}", d.name));
        }
        if let Some(r) = d.requires.iter().find(|r| !known.contains(r)) {
            let first = adv.skills.get(r).map_or(r.as_str(), |s| s.name.as_str());
            return Err(format!("the {name} must learn {first} first"));
        }
        if h.fate < d.fate {
            return Err(format!("{} costs {} Fate; the {name} has {}", d.name, d.fate, h.fate));
        }
        if h.gold < d.gold {
            return Err(format!(
                "{} costs {} gold as well; the {name} has {}",
                d.name, d.gold, h.gold
            ));
        }
        Ok(())
    }

    /// `class` learns `skill`, paying its Fate and gold (#171).
    pub fn learn(&mut self, rules: &RuleSet, class: &str, skill: &str) -> Result<(), String> {
        self.may_learn(rules, class, skill)?;
        let d = &rules.adv().expect("checked").skills[skill];
        let known = self.skills_of(rules, class);
        let h = self.party.get_mut(class).expect("checked");
        h.fate -= d.fate;
        h.gold -= d.gold;
        h.skills = known;
        h.skills.push(skill.to_string());
        Ok(())
    }

    /// The skills `class` could learn now, in the tables' order.
    pub fn learnable(&self, rules: &RuleSet, class: &str) -> Vec<String> {
        rules
            .adv()
            .map(|a| {
                a.skills
                    .keys()
                    .filter(|s| self.may_learn(rules, class, s).is_ok())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A simulated party between quests: each hero learns the cheapest skill it can, as long as
    /// it can (a player's way of spending Fate "most effectively", #171).
    pub(super) fn learn_skills(&mut self, rules: &RuleSet) {
        let classes: Vec<String> = self.party.keys().cloned().collect();
        for class in classes {
            loop {
                let Some(adv) = rules.adv() else { return };
                let next = self
                    .learnable(rules, &class)
                    .into_iter()
                    .min_by_key(|s| (adv.skills[s].fate, adv.skills[s].gold, s.clone()));
                match next {
                    Some(s) => {
                        let _ = self.learn(rules, &class, &s);
                    }
                    None => break,
                }
            }
        }
    }

    /// The party's Fate and skills brought into a quest of the advanced game.
    pub(super) fn bring_cards(&self, q: &mut Quest) {
        if !self.advanced() {
            return;
        }
        let rules = q.rules.clone();
        let fate = q
            .heroes
            .iter()
            .map(|c| (c.clone(), self.party.get(c).map_or(0, |h| h.fate)))
            .collect();
        let skills = q
            .heroes
            .iter()
            .map(|c| (c.clone(), self.skills_of(&rules, c)))
            .collect();
        // The campaign's file was checked where it was read; a quest that still refuses the
        // cards is played without them.
        if let Ok(with) = q.with_party_cards(&fate, &skills) {
            *q = with;
        }
    }
}

/// After a quest of the advanced game (#170): a hero who came out alive keeps the Fate it did not
/// spend, and one more for a quest won; its skills are its own for good (a fallen hero's new
/// self starts again, with none of either).
pub(super) fn settle_cards(entry: &mut PartyHero, h: &FigureSnap, outcome: Outcome) {
    if h.skills.ids.is_empty() && h.fate == Default::default() {
        return;
    }
    entry.fate = h.fate.tokens.saturating_add(u8::from(outcome == Outcome::Won));
    entry.skills = h.skills.ids.clone();
}
