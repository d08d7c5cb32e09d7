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
use crate::rules::ruleset::RuleSet;
use crate::save::autosave::SettledGames;
use crate::save::files::{read_ron, verify_seal, write_sealed};

mod series;
mod skills;
mod town;

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
    /// Men-at-arms in this hero's pay, hired at the Guild Hall (Revised #151).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub men_at_arms: Vec<Hireling>,
    /// Quests this hero has won, a quest played again counted again: a Champion after the
    /// town's `champion_after` (Revised #153).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wins: u32,
    /// Its Fate and the Skill cards it learnt, in a campaign of Revised's advanced game (#167,
    /// #170); none learnt: its board's starting skills.
    #[serde(default, skip_serializing_if = "is_none_u8")]
    pub fate: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
}

fn is_none_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A man-at-arms in a hero's pay (Revised #151).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hireling {
    /// Its kind in the rule set's `men_at_arms`.
    pub kind: String,
    /// Its upkeep for the quest it lived through is not paid yet: it stays in town when the next
    /// quest begins, until it is paid or dismissed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unpaid: bool,
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
            men_at_arms: Vec::new(),
            wins: 0,
            fate: 0,
            skills: Vec::new(),
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
    /// The Series the party is in the middle of (Revised #143): it goes from one quest of it
    /// to the next without the town. None: the party is in town between quests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
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

/// Where the 2021 campaign is kept.
pub fn campaign_path() -> Option<PathBuf> {
    campaign_path_for(crate::rules::systems::HEROQUEST_2021)
}

/// Where the campaign of a rule system (an id) is kept: `campaign.ron` for 2021's, as it always
/// was, `campaign-<id>.ron` for another's, so each edition's party keeps its own file.
pub fn campaign_path_for(rules: &str) -> Option<PathBuf> {
    let file = if rules == crate::rules::systems::HEROQUEST_2021 {
        "campaign.ron".to_string()
    } else {
        format!("campaign-{rules}.ron")
    };
    crate::save::data_dir().map(|d| d.join("saves").join(file))
}

/// The tables of a HeroQuest edition (an id), for a campaign; Err for any other rule system.
pub fn campaign_rules(id: &str) -> Result<RuleSet, String> {
    campaign_rules_under(id, &[])
}

/// The same under the campaign's modules (the advanced game's cards laid over Revised's).
pub fn campaign_rules_under(id: &str, modules: &[String]) -> Result<RuleSet, String> {
    let modules = crate::rules::systems::Modules::choose(id, modules)?;
    match crate::rules::systems::RuleSystem::from_id(id)? {
        crate::rules::systems::RuleSystem::HeroQuest(e) => Ok(e.tables_under(&modules).clone()),
        other => Err(format!(
            "a campaign of the quest book is not played under \"{}\"",
            other.id()
        )),
    }
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
            series: None,
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
        crate::rules::systems::Modules::choose(&c.rules, &c.modules)
            .map_err(|e| format!("{}: the campaign's modules: {e}", path.display()))?;
        let rules = campaign_rules_under(&c.rules, &c.modules).map_err(|e| format!("{}: {e}", path.display()))?;
        c.check_content(&rules)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for (class, h) in &c.party {
            let gear = Gear {
                weapon: h.weapon.clone(),
                items: h.items.clone(),
                potions: h.potions.clone(),
                gold: h.gold,
            };
            check_gear(&rules, class, &gear).map_err(|e| format!("{}: {e}", path.display()))?;
            if let Some(sk) = h
                .skills
                .iter()
                .find(|s| !rules.adv().is_some_and(|a| a.skills.contains_key(*s)))
            {
                return Err(format!("{}: the {class} knows unknown skill \"{sk}\"", path.display()));
            }
            if let Some(sc) = h.schools.iter().find(|sc| !rules.schools.contains_key(*sc)) {
                return Err(format!("{}: the {class} knows unknown school \"{sc}\"", path.display()));
            }
            if let Some(m) = h.men_at_arms.iter().find(|m| !rules.men_at_arms.contains_key(&m.kind)) {
                return Err(format!(
                    "{}: the {class} leads an unknown man-at-arms \"{}\"",
                    path.display(),
                    m.kind
                ));
            }
            if h.men_at_arms.len() > crate::quest::MAX_MEN_AT_ARMS {
                return Err(format!(
                    "{}: the {class} leads {} men-at-arms, more than {}",
                    path.display(),
                    h.men_at_arms.len(),
                    crate::quest::MAX_MEN_AT_ARMS
                ));
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
        let book = self.book();
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
            if h.fallen > MAX_COUNT || h.wins > MAX_COUNT {
                return Err(format!(
                    "the {class}'s fallen count {} or quests won {} is over {MAX_COUNT}",
                    h.fallen, h.wins
                ));
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

    /// The campaign's quests in order: its rule system's book.
    pub fn book(&self) -> Vec<&'static str> {
        quest::campaign_book_for(&self.rules)
    }

    /// Where this campaign is kept (its rule system's file).
    pub fn path(&self) -> Option<PathBuf> {
        campaign_path_for(&self.rules)
    }

    /// The next quest of the book the party has not completed.
    pub fn next_quest(&self) -> Option<&'static str> {
        self.book()
            .into_iter()
            .find(|id| !self.completed.iter().any(|c| c == id))
    }

    /// The quests the party may play now, in book order: every quest it has completed (to go
    /// back for gold and gear) and the next one.
    pub fn unlocked(&self) -> Vec<&'static str> {
        let next = self.next_quest();
        self.book()
            .into_iter()
            .filter(|id| Some(*id) == next || self.completed.iter().any(|c| c == id))
            .collect()
    }

    /// Why the party may not play `id` now; Ok when it is unlocked.
    pub fn check_unlocked(&self, id: &str) -> Result<(), String> {
        if self.unlocked().contains(&id) {
            return Ok(());
        }
        if !self.book().contains(&id) {
            return Err(format!("\"{id}\" is not a quest of the book of this campaign"));
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
                ..Default::default()
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
            // The men-at-arms paid for this quest follow their hero; a solo quest leaves them
            // in town, at no upkeep (#142).
            let paid: Vec<String> = h
                .men_at_arms
                .iter()
                .filter(|m| !m.unpaid)
                .map(|m| m.kind.clone())
                .collect();
            if !paid.is_empty() && q.heroes.len() > 1 && !rules.men_at_arms.is_empty() {
                q.hired.insert(class.clone(), paid);
            }
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
        // The advanced game: the party's Fate and skills (#167, #170).
        self.bring_cards(&mut q);
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
            // A quest's own items (a stolen crown) stay with the quest; Memory cards are forgotten
            // (Revised #146).
            entry.items = h
                .equipment
                .items
                .iter()
                .filter(|i| {
                    !rules
                        .items
                        .get(*i)
                        .is_some_and(|d| d.quest || d.has(crate::rules::ruleset::Keyword::Memory))
                })
                .cloned()
                .collect();
            if outcome == Outcome::Won && !entry.quests.iter().any(|q| q == quest_id) {
                entry.quests.push(quest_id.to_string());
            }
            // An introductory quest's win does not count towards a Champion (Revised #155).
            if outcome == Outcome::Won && snap.quest.counts_for_champion {
                entry.wins = entry.wins.saturating_add(1).min(crate::rules::bounds::MAX_COUNT);
            }
            settle_men_at_arms(entry, snap, h);
            skills::settle_cards(entry, h, outcome);
        }
        if outcome == Outcome::Won && !self.completed.iter().any(|q| q == quest_id) {
            self.completed.push(quest_id.to_string());
        }
        // On into the next quest of a Series, or back to town (Revised #143, #147).
        let next_series = self
            .next_quest()
            .filter(|_| snap.quest.series.is_some())
            .and_then(|id| quest::load(id).ok())
            .and_then(|q| q.series);
        self.after_quest(&rules, snap.quest.series.as_deref(), outcome, next_series.as_deref());
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
}

/// The hero's men-at-arms after a quest (#145, #151): those who went with it and lived owe their
/// upkeep; those who fell are gone; those left in town unpaid stay as they were. The hero's own
/// come first among the figures that served it (`Quest::retinues`), in the order they were
/// spawned; the quest's lent ones after them go home with the quest.
fn settle_men_at_arms(entry: &mut PartyHero, snap: &Snapshot, hero: &crate::game::snapshot::FigureSnap) {
    let went = snap
        .quest
        .hired
        .get(&hero.kind)
        .map_or(0, |v| v.len().min(crate::quest::MAX_MEN_AT_ARMS));
    let mut served: Vec<&crate::game::snapshot::FigureSnap> =
        snap.men_at_arms().filter(|m| m.serves == Some(hero.id)).collect();
    served.sort_by_key(|m| m.id);
    let mut fates = served.iter().take(went).map(|m| m.escaped || m.alive());
    let mut kept = Vec::new();
    let mut came = 0;
    for m in std::mem::take(&mut entry.men_at_arms) {
        if m.unpaid || came >= went {
            kept.push(m);
            continue;
        }
        came += 1;
        if fates.next().unwrap_or(false) {
            kept.push(Hireling { unpaid: true, ..m });
        }
    }
    entry.men_at_arms = kept;
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
    let snap = Snapshot::capture(world).ok_or("no quest in play")?;
    let rules = snap.quest.rules.id.clone();
    let path = crate::save::autosave::campaign_file(world, || campaign_path_for(&rules))
        .ok_or("no data folder: the campaign is not saved")?;
    let mut campaign = Campaign::read(&path)?;
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
