//! Epic Heroica (heroica.md, Epic Heroica; checklists §1.2 #39–#44): LEGO Heroica's missions
//! played one after another by the same heroes. Each starts at full health; after each, the
//! players with the most defeated monsters take 1 gold (the bounty); gold, potions, weapons and
//! relics are kept (keys, monsters and the rest go back); between missions each player may buy
//! from the store and sell relics for 2 gold. The most missions won, then the most gold, wins the
//! campaign. Saved as versioned RON like the HeroQuest campaign.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::game::heroica::HeroPack;
use crate::game::model::{EventLog, FigureId, GameEvent};
use crate::quest::{self, Gear, Quest};
use crate::rules::heroica::HeroicaTables;
use crate::rules::heroica::epic::{self, Account};
use crate::rules::heroica::play::Happening;
use crate::save::files::{read_ron, write_ron};

/// The Epic format this build writes and reads.
pub const EPIC_FORMAT: u32 = 1;

/// The missions of the Epic campaign we ship, in order: the four races.
pub const EPIC_MISSIONS: [&str; 4] = [
    "the-goblin-gate",
    "the-bat-caves",
    "the-golem-forge",
    "the-vampire-crypt",
];

/// One player's hero between missions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EpicHero {
    /// The table's hero id ("knight").
    pub hero: String,
    pub missions_won: u32,
    pub gold: u32,
    pub potions: Vec<String>,
    pub weapons: Vec<String>,
    pub relics: Vec<String>,
}

/// How one mission ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Played {
    pub mission: String,
    /// The seat that won it (None: the monster player did).
    pub winner: Option<usize>,
    /// The seats that took the monster bounty.
    pub bounty: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Epic {
    pub format: u32,
    /// The missions, in order (ids).
    pub missions: Vec<String>,
    /// The players' heroes, by seat.
    pub heroes: Vec<EpicHero>,
    pub played: Vec<Played>,
}

impl Epic {
    /// A new campaign of `missions` for these heroes (seat order).
    pub fn new(missions: &[&str], heroes: &[&str]) -> Result<Epic, String> {
        let tables = HeroicaTables::get();
        if heroes.is_empty() || heroes.len() > 4 {
            return Err(format!("1 to 4 heroes play Epic Heroica, not {}", heroes.len()));
        }
        for h in heroes {
            if !tables.heroes.contains_key(*h) {
                return Err(format!("unknown hero \"{h}\""));
            }
        }
        for m in missions {
            quest::mission::load_mission(m).map_err(|e| e.to_string())?;
        }
        Ok(Epic {
            format: EPIC_FORMAT,
            missions: missions.iter().map(|m| m.to_string()).collect(),
            heroes: heroes
                .iter()
                .map(|h| EpicHero {
                    hero: h.to_string(),
                    ..Default::default()
                })
                .collect(),
            played: Vec::new(),
        })
    }

    /// A new campaign of `missions` (ids or files; none: the four races) for `heroes` (seat
    /// order; none: the four default heroes), written to `path`. Refused while a campaign is kept
    /// there: it is never overwritten without the player's word.
    pub fn begin_at(path: &Path, missions: &[String], heroes: &[String]) -> Result<Epic, String> {
        if path.exists() {
            return Err(format!(
                "An Epic campaign is already kept in {}: go on with it (hollowdeep epic), or delete that file to begin another.",
                path.display()
            ));
        }
        // A mission file is kept by its full path, so the campaign finds it from anywhere.
        let missions: Vec<String> = if missions.is_empty() {
            EPIC_MISSIONS.iter().map(|m| m.to_string()).collect()
        } else {
            missions
                .iter()
                .map(|m| match Path::new(m).canonicalize() {
                    Ok(full) if !quest::is_builtin(m) => full.display().to_string(),
                    _ => m.clone(),
                })
                .collect()
        };
        let heroes: Vec<String> = if heroes.is_empty() {
            quest::DEFAULT_HEROES.iter().map(|h| h.to_string()).collect()
        } else {
            heroes.to_vec()
        };
        let m: Vec<&str> = missions.iter().map(String::as_str).collect();
        let h: Vec<&str> = heroes.iter().map(String::as_str).collect();
        let epic = Epic::new(&m, &h)?;
        epic.write(path)?;
        Ok(epic)
    }

    /// The mission to play next; None when the campaign is over.
    pub fn next_mission(&self) -> Option<&str> {
        self.missions.get(self.played.len()).map(String::as_str)
    }

    pub fn done(&self) -> bool {
        self.next_mission().is_none()
    }

    /// The next mission as it is played in the campaign: the campaign's heroes in their seats,
    /// each with its kept gold, potions, weapons and relics, at full health.
    pub fn prepare(&self) -> Result<Quest, String> {
        let id = self.next_mission().ok_or("the campaign is over")?;
        let heroes: Vec<String> = self.heroes.iter().map(|h| h.hero.clone()).collect();
        let mut q = quest::load(id)
            .map_err(|e| e.to_string())?
            .with_mission_heroes(&heroes)?;
        q.gear = self
            .heroes
            .iter()
            .map(|h| {
                let gear = Gear {
                    weapon: None,
                    items: h.weapons.iter().chain(&h.relics).cloned().collect(),
                    potions: h.potions.clone(),
                    gold: h.gold,
                };
                (h.hero.clone(), gear)
            })
            .collect();
        Ok(q)
    }

    /// After a mission: who won, what each hero keeps, the bounty (checklists §1.2 #40–#43).
    /// `world` holds the mission as it ended.
    pub fn settle(&mut self, world: &mut bevy::prelude::World) -> Result<&Played, String> {
        let mission = self.next_mission().ok_or("the campaign is over")?.to_string();
        let log = world.get_resource::<EventLog>().ok_or("no mission was played")?;
        let winner = log.0.iter().find_map(|e| match e {
            GameEvent::Heroica(Happening::Won { hero }) => Some(Some(*hero as usize)),
            GameEvent::Heroica(Happening::MonstersWon) => Some(None),
            _ => None,
        });
        let Some(winner) = winner else {
            return Err("the mission has not ended".into());
        };
        let mut defeated = vec![0u32; self.heroes.len()];
        let mut packs = world.query::<(&FigureId, &HeroPack)>();
        for (id, pack) in packs.iter(world) {
            let seat = id.0 as usize;
            let Some(h) = self.heroes.get_mut(seat) else { continue };
            let p = &pack.0;
            h.gold = p.gold;
            h.potions = p.potions.clone();
            h.weapons = p.weapons.clone();
            h.relics = p.relics.clone();
            defeated[seat] = p.defeated.len() as u32;
        }
        if let Some(seat) = winner
            && let Some(h) = self.heroes.get_mut(seat)
        {
            h.missions_won += 1;
        }
        let accounts: Vec<Account> = self
            .heroes
            .iter()
            .zip(&defeated)
            .map(|(h, d)| Account {
                missions_won: h.missions_won,
                gold: h.gold,
                defeated: *d,
            })
            .collect();
        let bounty = epic::bounty(&accounts);
        for &seat in &bounty {
            self.heroes[seat].gold += 1;
        }
        self.played.push(Played {
            mission,
            winner,
            bounty,
        });
        Ok(self.played.last().expect("just pushed"))
    }

    /// Buys a potion or a weapon from the store between missions.
    pub fn buy(&mut self, seat: usize, item: &str) -> Result<(), String> {
        let tables = HeroicaTables::get();
        let h = self.heroes.get_mut(seat).ok_or("no such seat")?;
        let (_, price, weapon) = tables
            .store_item(item)
            .ok_or_else(|| format!("the store has no \"{item}\""))?;
        if weapon && h.weapons.iter().any(|w| w == item) {
            return Err(format!("the {} already carries one", h.hero));
        }
        if h.gold < price {
            return Err(format!("costs {price} gold; the {} has {}", h.hero, h.gold));
        }
        h.gold -= price;
        if weapon {
            h.weapons.push(item.to_string());
        } else {
            h.potions.push(item.to_string());
        }
        Ok(())
    }

    /// Sells a relic back to the store (checklists §1.2 #44).
    pub fn sell_relic(&mut self, seat: usize, relic: &str) -> Result<(), String> {
        let sale = HeroicaTables::get().relic_sale;
        let h = self.heroes.get_mut(seat).ok_or("no such seat")?;
        let i = h
            .relics
            .iter()
            .position(|r| r == relic)
            .ok_or_else(|| format!("the {} carries no {relic}", h.hero))?;
        h.relics.remove(i);
        h.gold += sale;
        Ok(())
    }

    /// The campaign's winners, by seat (checklists §1.2 #39): most missions, then most gold.
    pub fn winners(&self) -> Vec<usize> {
        let accounts: Vec<Account> = self
            .heroes
            .iter()
            .map(|h| Account {
                missions_won: h.missions_won,
                gold: h.gold,
                defeated: 0,
            })
            .collect();
        epic::winners(&accounts)
    }

    /// The computer's shopping between missions: a weapon of the other kind of skill, then a
    /// Health Potion while it has fewer than two potions.
    pub fn shop_for(&mut self, seat: usize) {
        let tables = HeroicaTables::get();
        let Some(h) = self.heroes.get(seat) else { return };
        let ranged = tables
            .heroes
            .get(&h.hero)
            .is_some_and(|d| d.skill.kind == crate::rules::heroica::SkillKind::Ranged);
        let wants: &[&str] = if ranged {
            &["sword", "pick_axe"]
        } else {
            &["bow", "wand"]
        };
        if h.weapons.is_empty() {
            for w in wants {
                if self.buy(seat, w).is_ok() {
                    break;
                }
            }
        }
        while self.heroes[seat].potions.len() < 2 && self.buy(seat, "health").is_ok() {}
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "Epic campaign", true)
    }

    /// Reads the campaign; a damaged or foreign file is refused with its name and the problem.
    pub fn read(path: &Path) -> Result<Epic, String> {
        let e: Epic = read_ron(
            path,
            "Epic campaign",
            EPIC_FORMAT..=EPIC_FORMAT,
            crate::save::files::limits::CAMPAIGN,
            |e: &Epic| e.format,
        )?;
        let tables = HeroicaTables::get();
        for h in &e.heroes {
            if !tables.heroes.contains_key(&h.hero) {
                return Err(format!("{}: unknown hero \"{}\"", path.display(), h.hero));
            }
            for w in &h.weapons {
                if !tables.weapons.contains_key(w) {
                    return Err(format!("{}: unknown weapon \"{w}\"", path.display()));
                }
            }
            for r in &h.relics {
                if !tables.relics.contains_key(r) {
                    return Err(format!("{}: unknown relic \"{r}\"", path.display()));
                }
            }
            for p in &h.potions {
                if !tables.potions.contains_key(p) {
                    return Err(format!("{}: unknown potion \"{p}\"", path.display()));
                }
            }
        }
        if e.heroes.is_empty() || e.heroes.len() > 4 || e.played.len() > e.missions.len() {
            return Err(format!("{}: not an Epic campaign this build can play", path.display()));
        }
        Ok(e)
    }

    /// Where the player's Epic campaign is kept.
    pub fn path() -> Option<PathBuf> {
        crate::save::data_dir().map(|d| d.join("saves").join("epic.ron"))
    }
}

/// What the end of an Epic mission did, for the end window: the standings after it, the next
/// mission's name (None: the campaign is over), or why the campaign could not be updated.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct EpicNews {
    pub result: Result<(Vec<String>, Option<String>), String>,
    /// The campaign as it stands now, for the store between missions (written back on each
    /// purchase or sale).
    pub epic: Option<Epic>,
}

impl EpicNews {
    /// The player's hero (the first seat) buys or sells between missions; the campaign is written.
    pub fn trade(&mut self, sell: bool, seat: usize, item: &str) -> Result<(), String> {
        let epic = self.epic.as_mut().ok_or("no Epic campaign")?;
        if sell {
            epic.sell_relic(seat, item)?;
        } else {
            epic.buy(seat, item)?;
        }
        let path = Epic::path().ok_or("no data folder: the Epic campaign is not saved")?;
        epic.write(&path)
    }
}

/// The window's Epic bookkeeping: when a campaign mission ends, the heroes keep their packs, the
/// bounty is paid, the computer's heroes shop, and the campaign is written (before the autosave
/// lets the finished game go).
pub fn plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    app.add_systems(
        Last,
        settle_when_over
            .before(crate::save::autosave::autosave)
            .run_if(resource_exists::<crate::save::autosave::SaveSlot>),
    );
}

fn settle_when_over(world: &mut bevy::prelude::World) {
    if !matches!(crate::save::autosave::campaign_game_ended(world), Some((_, true))) {
        return;
    }
    let (result, epic) = match settle_in_world(world) {
        Ok((lines, next, epic)) => (Ok((lines, next)), Some(epic)),
        Err(e) => (Err(e), None),
    };
    world.insert_resource(EpicNews { result, epic });
}

type Settled = (Vec<String>, Option<String>, Epic);

fn settle_in_world(world: &mut bevy::prelude::World) -> Result<Settled, String> {
    let path = Epic::path().ok_or("no data folder: the Epic campaign is not saved")?;
    let mut epic = Epic::read(&path)?;
    let played = epic.settle(world)?.clone();
    // The computer's heroes shop now; the player's in the end window.
    let bots = world
        .get_resource::<crate::game::Controllers>()
        .map(|c| c.companions.clone())
        .unwrap_or_default();
    for seat in 0..epic.heroes.len() {
        if bots.contains(&FigureId(seat as u32)) {
            epic.shop_for(seat);
        }
    }
    epic.write(&path)?;
    let name = |h: &EpicHero| {
        HeroicaTables::get()
            .heroes
            .get(&h.hero)
            .map_or(h.hero.clone(), |d| d.name.clone())
    };
    let mut lines = vec![match played.winner {
        Some(s) => format!("{} wins the mission.", name(&epic.heroes[s])),
        None => "The monster player wins the mission.".to_string(),
    }];
    if !played.bounty.is_empty() {
        let who: Vec<String> = played.bounty.iter().map(|s| name(&epic.heroes[*s])).collect();
        lines.push(format!("Most monsters defeated: {} (+1 gold).", who.join(", ")));
    }
    for h in &epic.heroes {
        let s = if h.missions_won == 1 { "" } else { "s" };
        lines.push(format!(
            "{}: {} mission{s} won, {} gold.",
            name(h),
            h.missions_won,
            h.gold
        ));
    }
    let next = epic
        .next_mission()
        .and_then(|id| quest::mission::load_mission(id).ok())
        .map(|m| m.name);
    if next.is_none() {
        let winners: Vec<String> = epic.winners().iter().map(|s| name(&epic.heroes[*s])).collect();
        lines.push(format!(
            "The Epic campaign is over: {} {}!",
            winners.join(" and "),
            if winners.len() > 1 { "share the victory" } else { "wins" }
        ));
    }
    Ok((lines, next, epic))
}

/// `simulate --epic`: whole Epic campaigns with rival bots in every seat.
pub mod sim {
    use std::sync::Arc;

    use serde::Serialize;

    use super::{EPIC_MISSIONS, Epic};
    use crate::sim::{Matchup, headless_world, play_out};

    /// What `simulate --epic` reports.
    #[derive(Clone, Debug, Serialize, PartialEq)]
    pub struct EpicReport {
        pub missions: Vec<String>,
        pub heroes: Vec<String>,
        pub campaigns: u32,
        pub seed: u64,
        /// Campaigns each seat won (a shared victory counts for each).
        pub seat_wins: Vec<u32>,
        /// Missions each seat won over all campaigns.
        pub missions_won: Vec<u32>,
        pub shared_victories: u32,
        pub unfinished: u32,
    }

    /// Plays `campaigns` Epic campaigns on seeds `seed`, `seed + 1`, … (a mission's seed is the
    /// campaign's plus its index times 1000), the computer shopping between missions.
    pub fn simulate(campaigns: u32, seed: u64, matchup: Matchup) -> Result<EpicReport, String> {
        let heroes = ["knight", "barbarian", "wizard", "ranger"];
        let mut r = EpicReport {
            missions: EPIC_MISSIONS.iter().map(|m| m.to_string()).collect(),
            heroes: heroes.iter().map(|h| h.to_string()).collect(),
            campaigns,
            seed,
            seat_wins: vec![0; heroes.len()],
            missions_won: vec![0; heroes.len()],
            shared_victories: 0,
            unfinished: 0,
        };
        for c in 0..campaigns {
            let mut epic = Epic::new(&EPIC_MISSIONS, &heroes)?;
            let mut i = 0u64;
            while !epic.done() {
                let quest = Arc::new(epic.prepare()?);
                let mut world = headless_world(quest, seed.wrapping_add(u64::from(c)).wrapping_add(i * 1000), matchup);
                let result = play_out(&mut world);
                if result.outcome.is_none() {
                    r.unfinished += 1;
                    break;
                }
                world
                    .resource_mut::<crate::game::model::EventLog>()
                    .0
                    .extend(result.events);
                epic.settle(&mut world)?;
                for seat in 0..epic.heroes.len() {
                    epic.shop_for(seat);
                }
                i += 1;
            }
            if !epic.done() {
                continue;
            }
            let winners = epic.winners();
            if winners.len() > 1 {
                r.shared_victories += 1;
            }
            for w in winners {
                r.seat_wins[w] += 1;
            }
            for (s, h) in epic.heroes.iter().enumerate() {
                r.missions_won[s] += h.missions_won;
            }
        }
        Ok(r)
    }
}
