//! Between a campaign's quests: the shops and the Mercenaries' Guild Hall. Under 2021 one armory
//! sells every weapon, armour and tool that has a price (heroquest-2021.md, Between Quests);
//! under Revised the rule set's town decides (checklists §1.1 #145–153): the Armoury, the
//! Outfitter's Emporium and the Alchemist's Shop sell at cost and buy back at half (potions never),
//! and the Guild Hall hires men-at-arms, who are paid again after every quest they live through.

use super::{Campaign, Hireling};
use crate::game::model::Equipment;
use crate::quest::{Gear, MAX_MEN_AT_ARMS};
use crate::rules::bounds::add_gold;
use crate::rules::ruleset::{RuleSet, ShopDef};

/// A hero's name in the rule set, for messages.
fn hero_name(rules: &RuleSet, class: &str) -> String {
    rules.heroes.get(class).map_or(class.to_string(), |h| h.name.clone())
}

impl Campaign {
    /// What the 2021 armory sells: weapons, armour and tools that are not artifacts, with prices.
    pub fn armory(rules: &RuleSet) -> Vec<(String, String, u32)> {
        let weapons = rules.weapons.iter().map(|(id, w)| (id, &w.name, w.cost, w.artifact));
        let armor = rules.armor.iter().map(|(id, a)| (id, &a.name, a.cost, a.artifact));
        let items = rules.items.iter().map(|(id, i)| (id, &i.name, i.cost, i.artifact));
        let mut stock: Vec<(String, String, u32)> = weapons
            .chain(armor)
            .chain(items)
            .filter(|(_, _, cost, artifact)| !artifact && *cost > 0)
            .map(|(id, name, cost, _)| (id.clone(), name.clone(), cost))
            .collect();
        stock.sort_by_key(|(id, _, cost)| (*cost, id.clone()));
        stock
    }

    /// The shops between quests: the rule set's town, or (2021) the one armory, which buys
    /// nothing back.
    pub fn shops(rules: &RuleSet) -> Vec<ShopDef> {
        match &rules.town {
            Some(town) => town.shops.clone(),
            None => vec![ShopDef {
                id: "armory".into(),
                name: "The Armory".into(),
                text: "Weapons, armour and tools at the rule set's prices.".into(),
                stock: Self::armory(rules).into_iter().map(|(id, _, _)| id).collect(),
                buys_back: false,
            }],
        }
    }

    /// What `shop` sells, as (id, name, price), in its own order.
    pub fn stock(rules: &RuleSet, shop: &ShopDef) -> Vec<(String, String, u32)> {
        shop.stock
            .iter()
            .filter_map(|id| rules.price(id).map(|cost| (id.clone(), rules.thing_name(id), cost)))
            .collect()
    }

    /// What a simulated party does between quests, as a careful player would: pays the men-at-arms
    /// it can afford to keep and lets the others go; then each hero in turn (the rule set's
    /// order) buys the dearest piece of armour it lacks that it may use (not armour that costs
    /// movement) or a weapon that rolls more dice than the one in hand, until nothing more is
    /// affordable, then a healing draught for a hero without one, a lasting thing that gives an
    /// extra action, a keyword card to use and a card that raises the most Body or Mind; at the Guild Hall, where there is one, a hero without a man-at-arms hires
    /// one before shopping and a second after.
    pub fn shop(&mut self, rules: &RuleSet) {
        // Between two quests of a Series there is no town (#143).
        // Skills are learnt with Fate after every quest, in town or not (#171).
        self.learn_skills(rules);
        if self.town_open().is_err() {
            return;
        }
        let classes: Vec<String> = self.party.keys().cloned().collect();
        for class in &classes {
            for i in (0..self.party[class].men_at_arms.len()).rev() {
                if self.party[class].men_at_arms[i].unpaid && self.pay_upkeep(rules, class, i).is_err() {
                    let _ = self.dismiss(rules, class, i);
                }
            }
        }
        let buyable = |c: &Campaign, class: &str, id: &str| c.check_purchase(rules, class, id).is_ok();
        for class in &classes {
            self.bot_hire(rules, class, 1);
            loop {
                let held = self.party[class]
                    .weapon
                    .as_ref()
                    .and_then(|w| rules.weapons.get(w))
                    .map_or(0, |w| w.attack);
                let wanted = Self::shops(rules)
                    .iter()
                    .flat_map(|s| Self::stock(rules, s))
                    .filter(|(id, _, _)| buyable(self, class, id))
                    .filter(|(id, _, _)| {
                        // Nothing that slows a hero much: no movement die lost, at most Heavy 1.
                        let light = rules.heavy_of(id) <= 1;
                        rules
                            .weapons
                            .get(id)
                            .is_some_and(|w| w.attack > held && !w.ranged && light)
                            || rules.armor.get(id).is_some_and(|a| a.movement_dice.is_none() && light)
                    })
                    .max_by_key(|(id, _, cost)| (*cost, std::cmp::Reverse(id.clone())));
                let Some((id, _, _)) = wanted else { break };
                if self.buy(rules, class, &id).is_err() {
                    break;
                }
            }
            if self.party[class].potions.is_empty() && buyable(self, class, "healing") {
                let _ = self.buy(rules, class, "healing");
            }
            // Something that gives an extra action, where the hero can spare its price and
            // a hundred more: a caster's Lore (or, with a hand of Magic Spells, a bigger hand,
            // #177) first, then Fortune, Artifice, Perception.
            use crate::rules::ruleset::Bonus;
            let caster = match rules.magic_deck() {
                Some(_) => rules.casts_magic(class),
                None => rules.spell_draft.iter().any(|(d, _)| d == class),
            };
            let rank = |id: &str| {
                // What lasts: a Memory card is forgotten after one quest (#146).
                let def = rules
                    .items
                    .get(id)
                    .filter(|d| !d.has(crate::rules::ruleset::Keyword::Memory))?;
                if caster && def.abilities.iter().any(|a| a.satchel() > 0 || a.insight() > 0) {
                    return Some(0);
                }
                let kind = def.abilities.iter().find_map(|a| a.bonus_kind())?;
                match kind {
                    Bonus::Cast if caster => Some(0),
                    Bonus::SearchTreasure => Some(1),
                    Bonus::SearchTraps => Some(2),
                    Bonus::SearchSecretDoors => Some(3),
                    _ => None,
                }
            };
            let gold = self.party[class].gold;
            let thing = Self::shops(rules)
                .iter()
                .flat_map(|s| Self::stock(rules, s))
                .filter(|(id, _, cost)| gold >= cost + 100 && buyable(self, class, id))
                .filter_map(|(id, _, _)| rank(&id).map(|r| (r, id)))
                .min();
            if let Some((_, id)) = thing {
                let _ = self.buy(rules, class, &id);
            }
            // A keyword card to use in a fight (#36), the dearest it can spare the price of and
            // two hundred more, one a visit; never a second of one it has (`check_purchase`).
            let gold = self.party[class].gold;
            let card = Self::shops(rules)
                .iter()
                .flat_map(|s| Self::stock(rules, s))
                .filter(|(id, _, cost)| {
                    gold >= cost + 200
                        && rules.items.get(id).is_some_and(|d| d.uses.is_some())
                        && buyable(self, class, id)
                })
                .max_by_key(|(id, _, cost)| (*cost, std::cmp::Reverse(id.clone())));
            if let Some((id, _, _)) = card {
                let _ = self.buy(rules, class, &id);
            }
            // A card that raises the most Body (before one for Mind), where the hero can spare
            // its price and three hundred more; never a second of one it has (#99, `check_purchase`).
            let gold = self.party[class].gold;
            let raise = Self::shops(rules)
                .iter()
                .flat_map(|s| Self::stock(rules, s))
                .filter(|(id, _, cost)| gold >= cost + 300 && buyable(self, class, id))
                .filter_map(|(id, _, _)| {
                    let r = rules.items.get(&id)?.raises;
                    (r != Default::default()).then_some((std::cmp::Reverse((r.body, r.mind)), id))
                })
                .min();
            if let Some((_, id)) = raise {
                let _ = self.buy(rules, class, &id);
            }
            self.bot_hire(rules, class, 2);
        }
    }

    /// The simulated party's hiring: while the hero leads fewer than `up_to` men-at-arms, one it
    /// can pay twice over (its hire and an upkeep to come): a Scout for a party without one,
    /// else a Crossbowman, a Halberdier or a Swordsman.
    fn bot_hire(&mut self, rules: &RuleSet, class: &str, up_to: usize) {
        const TASTE: [&str; 4] = ["scout", "crossbowman", "halberdier", "swordsman"];
        while self.party.get(class).is_some_and(|h| h.men_at_arms.len() < up_to) {
            let party_scout = self
                .party
                .values()
                .flat_map(|h| &h.men_at_arms)
                .any(|m| rules.men_at_arms.get(&m.kind).is_some_and(|d| d.searches_traps));
            let gold = self.party[class].gold;
            let kind = TASTE.iter().skip(usize::from(party_scout)).find(|k| {
                rules
                    .men_at_arms
                    .get(**k)
                    .is_some_and(|d| gold >= d.hire + d.upkeep && self.check_hire(rules, class, k).is_ok())
            });
            match kind {
                Some(kind) if self.hire(rules, class, kind).is_ok() => {}
                _ => break,
            }
        }
    }

    /// heroquest-2021.md, Gold Coins: "can be shared with other heroes (between quests)":
    /// moves `amount` gold from one hero of the party to another.
    pub fn give_gold(&mut self, rules: &RuleSet, from: &str, to: &str, amount: u32) -> Result<(), String> {
        if from == to {
            return Err(format!("the {} cannot give gold to himself", hero_name(rules, from)));
        }
        if !self.party.contains_key(to) {
            return Err(format!("there is no {} in the party", hero_name(rules, to)));
        }
        let giver = self
            .party
            .get_mut(from)
            .ok_or_else(|| format!("there is no {} in the party", hero_name(rules, from)))?;
        if amount == 0 || giver.gold < amount {
            return Err(format!(
                "the {} has {} gold, not {amount}",
                hero_name(rules, from),
                giver.gold
            ));
        }
        let room = crate::rules::bounds::MAX_PURSE.saturating_sub(self.party[to].gold);
        if amount > room {
            return Err(format!(
                "the {}'s purse is full: it takes at most {room} gold more",
                hero_name(rules, to)
            ));
        }
        let giver = self.party.get_mut(from).expect("checked");
        giver.gold -= amount;
        let taker = self.party.get_mut(to).expect("checked");
        taker.gold = add_gold(taker.gold, amount);
        Ok(())
    }

    /// May the hero of kind `class` buy `item`? A shop must sell it, the hero afford it and be
    /// able to use it with what it carries, and not have one already (a potion excepted: a hero
    /// may carry several). Ok with its price.
    pub fn check_purchase(&self, rules: &RuleSet, class: &str, item: &str) -> Result<u32, String> {
        self.town_open()?;
        let shops = Self::shops(rules);
        let Some(cost) = shops
            .iter()
            .find(|s| s.stock.iter().any(|i| i == item))
            .and_then(|_| rules.price(item))
        else {
            let place = if rules.town.is_some() { "town" } else { "armory" };
            return Err(format!("the {place} does not sell \"{item}\""));
        };
        let name = rules.thing_name(item);
        let hero = hero_name(rules, class);
        let h = self
            .party
            .get(class)
            .ok_or_else(|| format!("there is no {hero} in the party"))?;
        if h.gold < cost {
            return Err(format!("the {name} costs {cost} gold; the {hero} has {}", h.gold));
        }
        if rules.potions.contains_key(item) {
            if h.potions.len() >= crate::rules::bounds::MAX_COUNT as usize {
                return Err(format!("the {hero} carries as many potions as anyone can"));
            }
            return Ok(cost);
        }
        // One Selfish card a hero (Revised #131).
        crate::game::heroquest::may_take(rules, &h.items, item)?;
        // An Overburdened hero takes no more Heavy things (Revised #122, #126).
        let burden = rules.burden(h.weapon.iter().chain(&h.items));
        if rules.heavy_of(item) > 0 && burden >= crate::game::snapshot::OVERBURDENED {
            return Err(format!("the {hero} is overburdened and takes no more Heavy things"));
        }
        // A second of a thing is no use, save a weapon that is thrown and lost (a spare dagger).
        let owned = h.weapon.as_deref() == Some(item) || h.items.iter().any(|i| i == item);
        if owned && !rules.weapons.get(item).is_some_and(|w| w.thrown) {
            return Err(format!("the {hero} already has a {name}"));
        }
        // One piece of armour is worn in each slot (rules-decisions row 30): one no better than
        // what the hero has there would only be carried.
        if let Some(new) = rules.armor.get(item)
            && let Some(slot) = &new.slot
            && let Some(worn) = h
                .items
                .iter()
                .filter_map(|i| rules.armor.get(i))
                .find(|a| a.slot.as_ref() == Some(slot) && a.rank() >= new.rank())
        {
            return Err(format!(
                "the {hero} already wears {}, as good as the {name} (one piece of {slot} armour is worn)",
                worn.name
            ));
        }
        // Whether the hero may use it at all; a shield and a two-handed weapon may both be
        // owned, and the one in hand decides which serves (row 30).
        let gear = Gear {
            weapon: None,
            items: h.items.clone(),
            potions: Vec::new(),
            gold: 0,
        };
        crate::quest::gear::may_carry(rules, class, item, &gear)?;
        Ok(cost)
    }

    /// Buys `item` for the hero of kind `class` (see `check_purchase`); a better weapon is
    /// taken in hand, a potion goes in the pack.
    pub fn buy(&mut self, rules: &RuleSet, class: &str, item: &str) -> Result<(), String> {
        let cost = self.check_purchase(rules, class, item)?;
        let h = self.party.get_mut(class).expect("checked: the hero is in the party");
        if rules.potions.contains_key(item) {
            h.potions.push(item.to_string());
        } else {
            let mut eq = Equipment {
                weapon: h.weapon.clone(),
                items: h.items.clone(),
                ..Default::default()
            };
            crate::game::heroquest::stow(rules, class, &mut eq, item);
            h.weapon = eq.weapon;
            h.items = eq.items;
        }
        h.gold -= cost;
        Ok(())
    }

    /// What the hero of kind `class` would get for `item` (#148–150): half its cost, at a shop
    /// that sells such things and buys them back. Artifacts, a quest's things and potions are
    /// never sold. Ok with the price.
    pub fn check_sale(&self, rules: &RuleSet, class: &str, item: &str) -> Result<u32, String> {
        self.town_open()?;
        let hero = hero_name(rules, class);
        let name = rules.thing_name(item);
        let h = self
            .party
            .get(class)
            .ok_or_else(|| format!("there is no {hero} in the party"))?;
        if rules.potions.contains_key(item) {
            return Err(format!("potions are never sold: the alchemist will not buy the {name}"));
        }
        if h.weapon.as_deref() != Some(item) && !h.items.iter().any(|i| i == item) {
            return Err(format!("the {hero} has no {name}"));
        }
        if rules.is_artifact(item) {
            return Err(format!("the {name} is an artifact: no shop could pay for it"));
        }
        let shops = Self::shops(rules);
        let Some(shop) = shops.iter().find(|s| s.stock.iter().any(|i| i == item)) else {
            return Err(format!("no shop here deals in the {name}"));
        };
        if !shop.buys_back {
            return Err(format!("{} buys nothing back", shop.name));
        }
        Ok(rules.price(item).unwrap_or(0) / 2)
    }

    /// Sells `item` for half its cost (see `check_sale`). A weapon sold from the hand is replaced
    /// by the best other weapon the hero carries, if any.
    pub fn sell(&mut self, rules: &RuleSet, class: &str, item: &str) -> Result<u32, String> {
        let price = self.check_sale(rules, class, item)?;
        let h = self.party.get_mut(class).expect("checked: the hero is in the party");
        if h.weapon.as_deref() == Some(item) {
            h.weapon = None;
            let spare: Vec<String> = h
                .items
                .iter()
                .filter(|i| rules.weapons.contains_key(*i))
                .cloned()
                .collect();
            for w in spare {
                if let Some(at) = h.items.iter().position(|i| *i == w) {
                    h.items.remove(at);
                }
                crate::quest::gear::stow(rules, class, &mut h.weapon, &mut h.items, &w);
            }
        } else if let Some(at) = h.items.iter().position(|i| i == item) {
            h.items.remove(at);
        }
        h.gold = add_gold(h.gold, price);
        Ok(price)
    }

    /// Whether the hero of kind `class` is a Champion (#153): at least the town's
    /// `champion_after` quests won.
    pub fn is_champion(&self, rules: &RuleSet, class: &str) -> bool {
        let after = rules.town.as_ref().map_or(u32::MAX, |t| t.champion_after);
        self.party.get(class).is_some_and(|h| h.wins >= after)
    }

    /// May the hero of kind `class` hire a man-at-arms of `kind` at the Guild Hall (#151, #153)?
    /// Ok with the hire price.
    pub fn check_hire(&self, rules: &RuleSet, class: &str, kind: &str) -> Result<u32, String> {
        self.town_open()?;
        if rules.town.is_none() || rules.men_at_arms.is_empty() {
            return Err(format!("{} has no Mercenaries' Guild Hall", rules.name));
        }
        let Some(def) = rules.men_at_arms.get(kind) else {
            return Err(format!("the Guild Hall has no \"{kind}\" for hire"));
        };
        let hero = hero_name(rules, class);
        let h = self
            .party
            .get(class)
            .ok_or_else(|| format!("there is no {hero} in the party"))?;
        if h.men_at_arms.len() >= MAX_MEN_AT_ARMS {
            return Err(format!(
                "the {hero} already leads {MAX_MEN_AT_ARMS} men-at-arms, as many as a hero may"
            ));
        }
        if def.champions_only && !self.is_champion(rules, class) {
            let after = rules.town.as_ref().map_or(0, |t| t.champion_after);
            return Err(format!(
                "a {} serves only a Champion ({after} quests won; the {hero} has won {})",
                def.name, h.wins
            ));
        }
        if h.gold < def.hire {
            return Err(format!(
                "a {} costs {} gold to hire; the {hero} has {}",
                def.name, def.hire, h.gold
            ));
        }
        Ok(def.hire)
    }

    /// Hires a man-at-arms of `kind` for the hero of kind `class` (see `check_hire`).
    pub fn hire(&mut self, rules: &RuleSet, class: &str, kind: &str) -> Result<(), String> {
        let cost = self.check_hire(rules, class, kind)?;
        let h = self.party.get_mut(class).expect("checked: the hero is in the party");
        h.gold -= cost;
        h.men_at_arms.push(Hireling {
            kind: kind.to_string(),
            unpaid: false,
        });
        Ok(())
    }

    /// Pays the upkeep of the hero's `index`th man-at-arms, due after a quest he lived through
    /// (#151). One left unpaid stays in town when the next quest begins.
    pub fn pay_upkeep(&mut self, rules: &RuleSet, class: &str, index: usize) -> Result<(), String> {
        self.town_open()?;
        let hero = hero_name(rules, class);
        let h = self
            .party
            .get_mut(class)
            .ok_or_else(|| format!("there is no {hero} in the party"))?;
        let Some(m) = h.men_at_arms.get(index) else {
            return Err(format!("the {hero} has no such man-at-arms"));
        };
        let def = rules
            .men_at_arms
            .get(&m.kind)
            .ok_or_else(|| format!("\"{}\" is no man-at-arms here", m.kind))?;
        if !m.unpaid {
            return Err(format!("the {} is paid until the next quest is over", def.name));
        }
        if h.gold < def.upkeep {
            return Err(format!(
                "the {}'s upkeep is {} gold; the {hero} has {}",
                def.name, def.upkeep, h.gold
            ));
        }
        h.gold -= def.upkeep;
        h.men_at_arms[index].unpaid = false;
        Ok(())
    }

    /// Lets the hero's `index`th man-at-arms go (#151): nothing is paid back.
    pub fn dismiss(&mut self, rules: &RuleSet, class: &str, index: usize) -> Result<(), String> {
        let hero = hero_name(rules, class);
        let h = self
            .party
            .get_mut(class)
            .ok_or_else(|| format!("there is no {hero} in the party"))?;
        if index >= h.men_at_arms.len() {
            return Err(format!("the {hero} has no such man-at-arms"));
        }
        h.men_at_arms.remove(index);
        Ok(())
    }
}
