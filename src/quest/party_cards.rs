//! A campaign party's Fate and Skill cards in a quest of Revised's advanced game (#166, #167,
//! #170): checked against the quest's tables, and a hero that learnt a Champion skill played on
//! its board's Champion side.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Quest;

impl Quest {
    /// The quest with the party's Fate and skills, by hero kind; Err names an unknown skill, a
    /// hero not in the quest, or cards outside the advanced game.
    pub fn with_party_cards(
        &self,
        fate: &BTreeMap<String, u8>,
        skills: &BTreeMap<String, Vec<String>>,
    ) -> Result<Quest, String> {
        let Some(adv) = self.rules.adv() else {
            return Err("Fate and skills belong to the advanced game".into());
        };
        // Heroes the players left out of this game keep their cards for the next.
        let here = |class: &String| self.heroes.contains(class);
        let fate: BTreeMap<String, u8> = fate
            .iter()
            .filter(|(c, _)| here(c))
            .map(|(c, n)| (c.clone(), *n))
            .collect();
        let skills: BTreeMap<String, Vec<String>> = skills
            .iter()
            .filter(|(c, _)| here(c))
            .map(|(c, l)| (c.clone(), l.clone()))
            .collect();
        for class in fate.keys().chain(skills.keys()) {
            if !adv.heroes.contains_key(class) {
                return Err(format!("the {class} has no advanced board"));
            }
        }
        for (class, list) in &skills {
            if let Some(s) = list.iter().find(|s| !adv.skills.contains_key(*s)) {
                return Err(format!("the {class} knows unknown skill \"{s}\""));
            }
        }
        let mut q = self.clone();
        q.fate = Some(fate);
        q.skills = Some(skills.clone());
        // A Champion skill turns the hero's board (#166): its numbers in the quest's tables.
        let champions: Vec<&String> = skills
            .iter()
            .filter(|(_, list)| list.iter().any(|s| adv.skills[s].champion))
            .map(|(c, _)| c)
            .collect();
        if !champions.is_empty() {
            let mut rules = (*q.rules).clone();
            for class in champions {
                if let (Some(side), Some(h)) = (adv.heroes.get(class).map(|a| &a.champion), rules.heroes.get_mut(class))
                {
                    h.body = side.body;
                    h.mind = side.mind;
                    h.board = Some(side.board.clone());
                }
            }
            q.rules = Arc::new(rules);
        }
        Ok(q)
    }
}
