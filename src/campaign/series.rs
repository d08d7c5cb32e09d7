//! Valuables and Series quests (HeroQuest Revised, checklists §1.1 #143, #147): the valuables a
//! hero carries out of a quest are changed into Gold Crowns in town; between two quests of one
//! Series the party stays in the dungeon: no town (no buying, selling or hiring), valuables kept,
//! and each man-at-arms paid on the spot, in gold or else in a valuable worth its wage.

use super::Campaign;
use crate::game::model::Outcome;
use crate::rules::bounds::add_gold;
use crate::rules::ruleset::RuleSet;

impl Campaign {
    /// Whether the town is open: Err, saying why, while the party is between two quests of a
    /// Series (#143).
    pub fn town_open(&self) -> Result<(), String> {
        match &self.series {
            Some(s) => Err(format!(
                "the party is in the middle of the Series \"{s}\": no town, so no buying, selling or hiring, until it ends"
            )),
            None => Ok(()),
        }
    }

    /// After a quest is settled: where the party goes next. It goes straight on when it won a
    /// quest of a Series and the campaign's next quest is of the same Series (#143): then each
    /// man-at-arms who lived is paid now (`pay_in_the_field`). Otherwise it comes back to town,
    /// where its valuables are changed into Gold Crowns (#147). `next_series` is the Series of
    /// the campaign's next quest.
    pub(super) fn after_quest(
        &mut self,
        rules: &RuleSet,
        series: Option<&str>,
        outcome: Outcome,
        next_series: Option<&str>,
    ) {
        let goes_on = outcome == Outcome::Won && series.is_some() && series == next_series;
        self.series = goes_on.then(|| series.unwrap_or_default().to_string());
        if goes_on {
            for class in self.party.keys().cloned().collect::<Vec<_>>() {
                self.pay_in_the_field(rules, &class);
            }
        } else {
            for h in self.party.values_mut() {
                let (valuables, rest): (Vec<String>, Vec<String>) = std::mem::take(&mut h.items)
                    .into_iter()
                    .partition(|i| rules.items.get(i).is_some_and(|d| d.worth > 0));
                h.items = rest;
                for v in valuables {
                    h.gold = add_gold(h.gold, rules.items[&v].worth);
                }
            }
        }
    }

    /// In the middle of a Series the hero of kind `class` pays each man-at-arms that lived
    /// through the quest, one by one (#143): in gold where the purse holds its wage, else with
    /// the least valuable that is worth at least the wage (no change is given). One it cannot
    /// pay leaves its service.
    fn pay_in_the_field(&mut self, rules: &RuleSet, class: &str) {
        let Some(h) = self.party.get_mut(class) else { return };
        let mut kept = Vec::new();
        for mut m in std::mem::take(&mut h.men_at_arms) {
            if !m.unpaid {
                kept.push(m);
                continue;
            }
            let wage = rules.men_at_arms.get(&m.kind).map_or(0, |d| d.upkeep);
            if h.gold >= wage {
                h.gold -= wage;
            } else {
                let worth = |i: &String| rules.items.get(i).map_or(0, |d| d.worth);
                let Some(at) = (0..h.items.len())
                    .filter(|&i| worth(&h.items[i]) >= wage)
                    .min_by_key(|&i| (worth(&h.items[i]), i))
                else {
                    continue;
                };
                h.items.remove(at);
            }
            m.unpaid = false;
            kept.push(m);
        }
        h.men_at_arms = kept;
    }
}
