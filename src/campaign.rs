//! The campaign: one party plays the quest book in order. Between quests the heroes keep their
//! gold, potions and equipment (body, mind and spells come back in full); a hero who fell is
//! replaced by a fresh one of the same kind; the armory sells gear at the rule set's prices.
//! Saved as versioned RON beside the quest in progress, written atomically with a backup.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::model::{Equipment, Outcome};
use crate::game::snapshot::Snapshot;
use crate::quest::{self, Gear, Quest};
use crate::rules::bounds::add_gold;
use crate::rules::ruleset::RuleSet;
use crate::save::autosave::SettledGames;
use crate::save::files::{read_ron, verify_seal, write_sealed};

/// The campaign format this build writes and reads (2: with its check and the games settled;
/// a format 1 file is read and gets both at its next write).
pub const CAMPAIGN_FORMAT: u32 = 2;

/// One hero of the party, as it stands between quests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartyHero {
    /// The name the player gave this hero; None: the rule set's ("Barbarian").
    #[serde(default)]
    pub name: Option<String>,
    pub gold: u32,
    pub weapon: Option<String>,
    pub items: Vec<String>,
    pub potions: Vec<String>,
    /// Quests this hero has completed.
    pub quests: Vec<String>,
    /// Heroes of this kind who fell before this one.
    pub fallen: u32,
    /// The schools of magic this hero drafted in its first quest: its spells come back to it
    /// between quests (heroquest-2021.md, Between Quests), so it keeps them.
    #[serde(default)]
    pub schools: Vec<String>,
}

impl PartyHero {
    fn fresh(rules: &RuleSet, class: &str, fallen: u32) -> PartyHero {
        PartyHero {
            name: None,
            gold: 0,
            weapon: rules.heroes.get(class).map(|h| h.weapon.clone()),
            items: Vec::new(),
            potions: Vec::new(),
            quests: Vec::new(),
            fallen,
            schools: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub format: u32,
    pub rules: String,
    /// The party, by hero kind ("barbarian").
    pub party: BTreeMap<String, PartyHero>,
    /// Quest ids the party has completed, in the order it completed them.
    pub completed: Vec<String>,
    /// Artifacts the monsters claimed from a fallen hero: each comes back as special treasure
    /// in the next quest the party plays, until a hero brings it out (heroquest-2021.md,
    /// Between Quests: Lost Artifacts).
    #[serde(default)]
    pub lost: Vec<String>,
    /// Modules every quest of the campaign is played with (ids), chosen when it began.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
    /// The games already settled into the campaign.
    #[serde(default)]
    pub settled: SettledGames,
    /// The file's check (`save::files::Sealed`); empty in memory.
    #[serde(default)]
    pub check: String,
}

impl crate::save::files::Sealed for Campaign {
    fn check_mut(&mut self) -> &mut String {
        &mut self.check
    }
}

/// Where the campaign is kept.
pub fn campaign_path() -> Option<PathBuf> {
    crate::save::data_dir().map(|d| d.join("saves").join("campaign.ron"))
}

impl Campaign {
    /// A new party: every hero of the rule set with the starting weapon and nothing else.
    pub fn new(rules: &RuleSet) -> Campaign {
        Campaign {
            format: CAMPAIGN_FORMAT,
            rules: rules.id.clone(),
            party: rules
                .heroes
                .keys()
                .map(|class| (class.clone(), PartyHero::fresh(rules, class, 0)))
                .collect(),
            completed: Vec::new(),
            lost: Vec::new(),
            modules: Vec::new(),
            settled: SettledGames::default(),
            check: String::new(),
        }
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_sealed(path, self, "campaign")
    }

    /// Reads the campaign; a damaged file, or one naming heroes or gear the rule set does not
    /// know, is refused with the file's name and the problem.
    pub fn read(path: &Path) -> Result<Campaign, String> {
        let mut c: Campaign = read_ron(
            path,
            "campaign",
            1..=CAMPAIGN_FORMAT,
            crate::save::files::limits::CAMPAIGN,
            |c: &Campaign| c.format,
        )?;
        verify_seal(path, &c, "campaign", c.format >= 2)?;
        c.check.clear();
        c.format = CAMPAIGN_FORMAT;
        let rules = RuleSet::heroquest_2021();
        c.check_content(&rules)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if c.rules != rules.id {
            return Err(format!("{}: unknown rule set \"{}\"", path.display(), c.rules));
        }
        crate::rules::systems::Modules::choose(&c.rules, &c.modules)
            .map_err(|e| format!("{}: the campaign's modules: {e}", path.display()))?;
        for (class, h) in &c.party {
            let gear = Gear {
                weapon: h.weapon.clone(),
                items: h.items.clone(),
                potions: h.potions.clone(),
                gold: h.gold,
            };
            check_gear(&rules, class, &gear).map_err(|e| format!("{}: {e}", path.display()))?;
            if let Some(sc) = h.schools.iter().find(|sc| !rules.schools.contains_key(*sc)) {
                return Err(format!("{}: the {class} knows unknown school \"{sc}\"", path.display()));
            }
        }
        Ok(c)
    }

    /// What a campaign file may hold, checked as strictly as a quest (issue 34): a party of
    /// known heroes with gear each may use, quests of the book completed once each, known
    /// artifacts lost once each, counts within their bounds.
    fn check_content(&self, rules: &RuleSet) -> Result<(), String> {
        use crate::rules::bounds::MAX_COUNT;
        if self.party.is_empty() {
            return Err("the campaign's party is empty".into());
        }
        let book = quest::campaign_book();
        let once = |what: &str, list: &[String], known: &dyn Fn(&str) -> bool| -> Result<(), String> {
            for (i, x) in list.iter().enumerate() {
                if !known(x) {
                    return Err(format!("{what} \"{x}\" is not known here"));
                }
                if list[..i].contains(x) {
                    return Err(format!("{what} \"{x}\" is listed twice"));
                }
            }
            Ok(())
        };
        once("completed quest", &self.completed, &|q| book.contains(&q))?;
        once("lost artifact", &self.lost, &|a| rules.is_artifact(a))?;
        for (class, h) in &self.party {
            once(&format!("the {class}'s quest"), &h.quests, &|q| book.contains(&q))?;
            if h.fallen > MAX_COUNT {
                return Err(format!("the {class}'s fallen count {} is over {MAX_COUNT}", h.fallen));
            }
        }
        let mut held: Vec<&String> = self
            .party
            .values()
            .flat_map(|h| h.weapon.iter().chain(&h.items))
            .filter(|i| rules.is_artifact(i))
            .collect();
        held.sort();
        if let Some(w) = held.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("the artifact \"{}\" is held twice; there is one of each", w[0]));
        }
        if let Some(a) = held.iter().find(|a| self.lost.contains(a)) {
            return Err(format!("the artifact \"{a}\" is both held and lost"));
        }
        self.settled.check()
    }

    /// The next quest of the book the party has not completed.
    pub fn next_quest(&self) -> Option<&'static str> {
        quest::campaign_book()
            .into_iter()
            .find(|id| !self.completed.iter().any(|c| c == id))
    }

    /// The quests the party may play now, in book order: every quest it has completed (to go
    /// back for gold and gear) and the next one.
    pub fn unlocked(&self) -> Vec<&'static str> {
        let next = self.next_quest();
        quest::campaign_book()
            .into_iter()
            .filter(|id| Some(*id) == next || self.completed.iter().any(|c| c == id))
            .collect()
    }

    /// Why the party may not play `id` now; Ok when it is unlocked.
    pub fn check_unlocked(&self, id: &str) -> Result<(), String> {
        if self.unlocked().contains(&id) {
            return Ok(());
        }
        if !quest::is_builtin(id) {
            return Err(format!("\"{id}\" is not a quest of the book"));
        }
        Err(format!(
            "\"{id}\" is not unlocked yet: the party's next quest is {}",
            self.next_quest().unwrap_or("none (the book is done)")
        ))
    }

    /// The artifacts the party's heroes hold.
    pub fn artifacts(&self, rules: &RuleSet) -> Vec<String> {
        let mut v: Vec<String> = self
            .party
            .values()
            .flat_map(|h| h.weapon.iter().chain(&h.items))
            .filter(|i| rules.is_artifact(i))
            .cloned()
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The quest as this party plays it. Each hero brings what it has (the quest's own gear is
    /// replaced, not added to), except an artifact the quest hands out that the party does not
    /// own: the party gets it, so a quest that needs an artifact (the Spirit Blade for the
    /// Witch Lord) can always be finished. An artifact is one of a kind: one the party owns is
    /// not found again as special treasure, and one the monsters claimed (`lost`) comes back as
    /// special treasure in a room of this quest.
    pub fn prepare(&self, quest: &Quest) -> Arc<Quest> {
        let mut q = quest.clone();
        let rules = q.rules.clone();
        let owned = self.artifacts(&rules);
        for class in q.heroes.clone() {
            let Some(h) = self.party.get(&class) else { continue };
            if let Some(name) = h.name.as_ref().filter(|n| !n.trim().is_empty()) {
                q.hero_names.insert(class.clone(), name.trim().to_string());
            }
            let given = q.gear.get(&class).cloned().unwrap_or_default();
            let mut eq = Equipment {
                weapon: h.weapon.clone(),
                items: h.items.clone(),
            };
            for a in given.weapon.iter().chain(&given.items) {
                let free = !owned.contains(a) && !eq.has(a);
                if rules.is_artifact(a)
                    && free
                    && crate::quest::gear::may_carry(&rules, &class, a, &Gear::default()).is_ok()
                {
                    crate::game::heroquest::stow(&rules, &class, &mut eq, a);
                }
            }
            q.gear.insert(
                class.clone(),
                Gear {
                    weapon: eq.weapon,
                    items: eq.items,
                    potions: h.potions.clone(),
                    gold: h.gold,
                },
            );
        }
        // Casters keep their schools from quest to quest; a new caster (one fell) drafts again,
        // and the others with it. A quest that fixes its own schools (a tutorial) keeps them.
        let casters: Vec<&String> = q
            .heroes
            .iter()
            .filter(|c| rules.spell_draft.iter().any(|(d, _)| d == *c))
            .collect();
        if q.spell_schools.is_none()
            && !casters.is_empty()
            && casters
                .iter()
                .all(|c| self.party.get(*c).is_some_and(|h| !h.schools.is_empty()))
        {
            q.spell_schools = Some(
                casters
                    .iter()
                    .map(|c| ((*c).clone(), self.party[*c].schools.clone()))
                    .collect(),
            );
        }
        let held: Vec<String> = q
            .gear
            .values()
            .flat_map(|g| g.weapon.iter().chain(&g.items))
            .filter(|i| rules.is_artifact(i))
            .cloned()
            .collect();
        for t in &mut q.treasure {
            t.items.retain(|i| !held.contains(i));
        }
        let placed: Vec<String> = q.treasure.iter().flat_map(|t| t.items.clone()).collect();
        let back: Vec<String> = self
            .lost
            .iter()
            .filter(|a| !held.contains(a) && !placed.contains(a))
            .cloned()
            .collect();
        if !back.is_empty()
            && let Some(area) = lost_artifact_room(&q)
        {
            let names: Vec<String> = back.iter().map(|a| rules.thing_name(a)).collect();
            let text = format!(
                "Among the sorcerer's spoils lies what the monsters took from a fallen hero: {}.",
                names.join(", ")
            );
            match q.treasure.iter_mut().find(|t| t.area == area) {
                Some(t) => {
                    t.items.extend(back);
                    t.text = format!("{} {text}", t.text);
                }
                None => q.treasure.push(quest::SpecialTreasure {
                    area,
                    text,
                    gold: 0,
                    potions: Vec::new(),
                    items: back,
                }),
            }
        }
        // The campaign's modules (checked when it was read; a quest that refuses them is
        // played as written).
        if !self.modules.is_empty()
            && let Ok(with) = q.with_modules(&self.modules)
        {
            q = with;
        }
        Arc::new(q)
    }

    /// After a quest: the heroes who came out alive keep what they carry; a hero who fell is
    /// replaced by a fresh one; a won quest is marked completed, for the party and for each hero
    /// who lived to see it.
    pub fn settle(&mut self, quest_id: &str, outcome: Outcome, snap: &Snapshot) {
        let rules = snap.quest.rules.clone();
        // What the party brought into the quest (its own, and what the quest handed out).
        let mut before = self.artifacts(&rules);
        before.extend(
            snap.quest
                .gear
                .values()
                .flat_map(|g| g.weapon.iter().chain(&g.items))
                .filter(|i| rules.is_artifact(i))
                .cloned(),
        );
        for h in snap.heroes() {
            let class = h.kind.clone();
            let fallen = self.party.get(&class).map_or(0, |p| p.fallen);
            if h.body == 0 && !h.escaped {
                self.party.insert(
                    class.clone(),
                    PartyHero::fresh(
                        &rules,
                        &class,
                        fallen.saturating_add(1).min(crate::rules::bounds::MAX_COUNT),
                    ),
                );
                continue;
            }
            let entry = self
                .party
                .entry(class.clone())
                .or_insert_with(|| PartyHero::fresh(&rules, &class, 0));
            entry.gold = h.inventory.gold;
            entry.potions = h.inventory.potions.clone();
            entry.weapon = h.equipment.weapon.clone();
            // Schools drafted in this quest are the hero's from now on (ones a quest fixed for
            // its own sake, a tutorial's, are not; ones kept from before stay as they were).
            if snap.quest.spell_schools.is_none() && !h.spellbook.schools.is_empty() {
                entry.schools = h.spellbook.schools.clone();
            }
            // A quest's own items (a stolen crown) stay with the quest.
            entry.items = h
                .equipment
                .items
                .iter()
                .filter(|i| !rules.items.get(*i).is_some_and(|d| d.quest))
                .cloned()
                .collect();
            if outcome == Outcome::Won && !entry.quests.iter().any(|q| q == quest_id) {
                entry.quests.push(quest_id.to_string());
            }
        }
        if outcome == Outcome::Won && !self.completed.iter().any(|q| q == quest_id) {
            self.completed.push(quest_id.to_string());
        }
        // Artifacts the party had or found that no hero brought out were claimed by the
        // monsters: they come back in the next quest (Lost Artifacts).
        let kept = self.artifacts(&rules);
        let mut seen: Vec<String> = self.lost.clone();
        seen.extend(before);
        seen.extend(
            snap.heroes()
                .flat_map(|h| {
                    h.equipment
                        .weapon
                        .iter()
                        .chain(&h.equipment.items)
                        .cloned()
                        .collect::<Vec<_>>()
                })
                .filter(|i| rules.is_artifact(i)),
        );
        seen.extend(
            snap.loot
                .iter()
                .flat_map(|(_, l)| l.items.clone())
                .filter(|i| rules.is_artifact(i)),
        );
        seen.sort();
        seen.dedup();
        self.lost = seen.into_iter().filter(|a| !kept.contains(a)).collect();
    }

    /// What the armory sells: weapons, armour and tools that are not artifacts, with prices.
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

    /// What a simulated party buys between quests, as a careful player would: each hero in
    /// turn (the rule set's order) buys the dearest piece of armour it lacks that it may use
    /// (not plate mail, which costs movement) or a weapon that rolls more dice than the one in
    /// hand, until nothing more is affordable.
    pub fn shop(&mut self, rules: &RuleSet) {
        let classes: Vec<String> = self.party.keys().cloned().collect();
        for class in classes {
            loop {
                let held = self.party[&class]
                    .weapon
                    .as_ref()
                    .and_then(|w| rules.weapons.get(w))
                    .map_or(0, |w| w.attack);
                let wanted = Self::armory(rules)
                    .into_iter()
                    .filter(|(id, _, _)| self.check_purchase(rules, &class, id).is_ok())
                    .filter(|(id, _, _)| {
                        rules.weapons.get(id).is_some_and(|w| w.attack > held && !w.ranged)
                            || rules.armor.get(id).is_some_and(|a| a.movement_dice.is_none())
                    })
                    .max_by_key(|(id, _, cost)| (*cost, std::cmp::Reverse(id.clone())));
                let Some((id, _, _)) = wanted else { break };
                if self.buy(rules, &class, &id).is_err() {
                    break;
                }
            }
        }
    }

    /// heroquest-2021.md, Gold Coins: "can be shared with other heroes (between quests)":
    /// moves `amount` gold from one hero of the party to another.
    pub fn give_gold(&mut self, rules: &RuleSet, from: &str, to: &str, amount: u32) -> Result<(), String> {
        let name = |c: &str| rules.heroes.get(c).map_or(c.to_string(), |h| h.name.clone());
        if from == to {
            return Err(format!("the {} cannot give gold to himself", name(from)));
        }
        if !self.party.contains_key(to) {
            return Err(format!("there is no {} in the party", name(to)));
        }
        let giver = self
            .party
            .get_mut(from)
            .ok_or_else(|| format!("there is no {} in the party", name(from)))?;
        if amount == 0 || giver.gold < amount {
            return Err(format!("the {} has {} gold, not {amount}", name(from), giver.gold));
        }
        let room = crate::rules::bounds::MAX_PURSE.saturating_sub(self.party[to].gold);
        if amount > room {
            return Err(format!(
                "the {}'s purse is full: it takes at most {room} gold more",
                name(to)
            ));
        }
        let giver = self.party.get_mut(from).expect("checked");
        giver.gold -= amount;
        let taker = self.party.get_mut(to).expect("checked");
        taker.gold = add_gold(taker.gold, amount);
        Ok(())
    }

    /// May the hero of kind `class` buy `item`? It must be for sale, affordable, usable by that
    /// hero with what it carries, and not one the hero already has. Ok with its price.
    pub fn check_purchase(&self, rules: &RuleSet, class: &str, item: &str) -> Result<u32, String> {
        let Some((_, name, cost)) = Self::armory(rules).into_iter().find(|(id, _, _)| id == item) else {
            return Err(format!("the armory does not sell \"{item}\""));
        };
        let hero_name = rules.heroes.get(class).map_or(class.to_string(), |h| h.name.clone());
        let h = self
            .party
            .get(class)
            .ok_or_else(|| format!("there is no {hero_name} in the party"))?;
        // A second of a thing is no use, save a weapon that is thrown and lost (a spare dagger).
        let owned = h.weapon.as_deref() == Some(item) || h.items.iter().any(|i| i == item);
        if owned && !rules.weapons.get(item).is_some_and(|w| w.thrown) {
            return Err(format!("the {hero_name} already has a {name}"));
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
                "the {hero_name} already wears {}, as good as the {name} (one piece of {slot} armour is worn)",
                worn.name
            ));
        }
        if h.gold < cost {
            return Err(format!("the {name} costs {cost} gold; the {hero_name} has {}", h.gold));
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
    /// taken in hand.
    pub fn buy(&mut self, rules: &RuleSet, class: &str, item: &str) -> Result<(), String> {
        let cost = self.check_purchase(rules, class, item)?;
        let h = self.party.get_mut(class).expect("checked: the hero is in the party");
        let mut eq = Equipment {
            weapon: h.weapon.clone(),
            items: h.items.clone(),
        };
        crate::game::heroquest::stow(rules, class, &mut eq, item);
        h.weapon = eq.weapon;
        h.items = eq.items;
        h.gold -= cost;
        Ok(())
    }
}

/// Where a lost artifact is put back in `q`: the room of the quest's last special treasure, else
/// the room of its last piece of furniture, else its last room (never the corridor).
fn lost_artifact_room(q: &Quest) -> Option<u16> {
    let room = |a: u16| a != crate::rules::board::CORRIDOR;
    q.treasure
        .iter()
        .rev()
        .map(|t| t.area)
        .find(|a| room(*a))
        .or_else(|| {
            q.furniture
                .iter()
                .rev()
                .map(|f| {
                    q.board
                        .area(f.rect.squares().next().expect("furniture covers a square"))
                })
                .find(|a| room(*a))
        })
        .or_else(|| (1..q.board.area_info.len() as u16).next_back())
}

pub use crate::quest::gear::check_gear;

/// What the end of a campaign quest did to the campaign, for the end window: Ok(the next
/// quest's name, if any) or why the campaign could not be updated.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct CampaignNews(pub Result<Option<String>, String>);

/// The window's campaign bookkeeping: when a campaign quest ends, the party keeps what it
/// carried out and a win is recorded (before the autosave lets the finished game go).
pub fn plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    app.add_systems(
        Last,
        settle_when_over
            .after(crate::save::autosave::autosave)
            .before(crate::save::autosave::finish)
            .run_if(resource_exists::<crate::save::autosave::SaveSlot>),
    );
}

fn settle_when_over(world: &mut bevy::prelude::World) {
    // A LEGO Heroica mission belongs to the Epic campaign (`epic::plugin` settles it).
    let Some((outcome, false)) = crate::save::autosave::campaign_game_ended(world) else {
        return;
    };
    let result = settle_in_world(world, outcome);
    if result.is_err() {
        world.resource_mut::<crate::save::autosave::SaveSlot>().settle_failed = true;
    }
    world.insert_resource(CampaignNews(result));
}

/// The party keeps what it carried out; the quest is marked completed if won.
fn settle_in_world(world: &mut bevy::prelude::World, outcome: Outcome) -> Result<Option<String>, String> {
    let path = crate::save::autosave::campaign_file(world, campaign_path)
        .ok_or("no data folder: the campaign is not saved")?;
    let mut campaign = Campaign::read(&path)?;
    let snap = Snapshot::capture(world).ok_or("no quest in play")?;
    let game = crate::save::autosave::game_identity(world).ok_or("no quest in play")?;
    // A game continued after a crash that came after its settling is not counted again.
    if !campaign.settled.contains(&game) {
        campaign.settle(&snap.quest.id, outcome, &snap);
        campaign.settled.mark(game);
        campaign.write(&path)?;
    }
    Ok(campaign
        .next_quest()
        .and_then(|id| crate::quest::load(id).ok())
        .map(|q| q.name))
}
