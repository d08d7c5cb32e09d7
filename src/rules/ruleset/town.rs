//! The town between quests (HeroQuest Revised, checklists §1.1 #145–153): its shops, what each
//! sells and whether it buys back, and when a hero becomes a Champion. Data, so a modder's rule
//! set may open other shops or stock them otherwise.

use serde::Deserialize;

use super::RuleSet;

/// The town the heroes visit between the quests of a campaign.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TownDef {
    /// The shops, in the order the town lists them.
    pub shops: Vec<ShopDef>,
    /// Successful quests after which a hero is a Champion (#153).
    pub champion_after: u32,
    /// What the Mercenaries' Guild Hall says of itself.
    pub guild_hall: String,
}

/// One shop: the things it sells at their cost, and whether it buys back at half (#148–150).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ShopDef {
    pub id: String,
    pub name: String,
    pub text: String,
    /// Weapons, armour, items or potions (ids of the rule set), each sold at its cost.
    pub stock: Vec<String>,
    /// Buys what it sells at half its cost. Potions are never bought back (#150).
    pub buys_back: bool,
}

impl TownDef {
    /// Checks the town against the tables it sells from: every shop named once, every thing in
    /// stock known, priced and not an artifact or a quest's own thing.
    pub(super) fn check(&self, rs: &RuleSet) -> Result<(), String> {
        if self.champion_after == 0 {
            return Err("town: champion_after must be at least 1".into());
        }
        for (i, shop) in self.shops.iter().enumerate() {
            if self.shops[..i].iter().any(|s| s.id == shop.id) {
                return Err(format!("town: shop \"{}\" is listed twice", shop.id));
            }
            for (j, id) in shop.stock.iter().enumerate() {
                let problem = match rs.price(id) {
                    None => Some("is not a weapon, armour, item or potion of the rule set"),
                    Some(_) if rs.is_artifact(id) => Some("is an artifact, one of a kind"),
                    Some(0) => Some("has no cost"),
                    Some(_) if rs.items.get(id).is_some_and(|d| d.quest) => Some("belongs to a quest"),
                    Some(_) if shop.stock[..j].contains(id) => Some("is listed twice"),
                    Some(_) => None,
                };
                if let Some(p) = problem {
                    return Err(format!("town: shop \"{}\" sells \"{id}\", which {p}", shop.id));
                }
            }
        }
        Ok(())
    }
}

impl RuleSet {
    /// The cost of a weapon, armour, item or potion; None for anything else.
    pub fn price(&self, id: &str) -> Option<u32> {
        self.weapons
            .get(id)
            .map(|w| w.cost)
            .or_else(|| self.armor.get(id).map(|a| a.cost))
            .or_else(|| self.items.get(id).map(|i| i.cost))
            .or_else(|| self.potions.get(id).map(|p| p.cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Revised tables with one change made to their text.
    fn revised_with(from: &str, to: &str) -> Result<RuleSet, String> {
        let text = RuleSet::heroquest_revised_text();
        assert!(text.contains(from), "the tables hold {from}");
        RuleSet::parse(&text.replacen(from, to, 1))
    }

    #[test]
    fn a_town_that_sells_what_it_may_not_is_refused_by_shop_and_thing() {
        let town = RuleSet::heroquest_revised().town.expect("Revised has a town");
        assert_eq!(town.champion_after, 10);
        let err = revised_with("stock: [\"tool_kit\", ", "stock: [\"spirit_blade\", ").unwrap_err();
        assert!(
            err.contains("outfitter") && err.contains("spirit_blade") && err.contains("artifact"),
            "{err}"
        );
        let err = revised_with("stock: [\"tool_kit\", ", "stock: [\"moon_cheese\", ").unwrap_err();
        assert!(err.contains("moon_cheese") && err.contains("not a weapon"), "{err}");
        let err = revised_with("stock: [\"tool_kit\", ", "stock: [\"tool_kit\", \"tool_kit\", ").unwrap_err();
        assert!(err.contains("twice"), "{err}");
        let err = revised_with(
            "(name: \"Potion of Speed\", effect: Status(SwiftWind), cost: 60,",
            "(name: \"Potion of Speed\", effect: Status(SwiftWind),",
        )
        .unwrap_err();
        assert!(err.contains("speed") && err.contains("no cost"), "{err}");
        let err = revised_with("champion_after: 10", "champion_after: 0").unwrap_err();
        assert!(err.contains("champion_after"), "{err}");
    }
}
