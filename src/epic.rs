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
use crate::rules::bounds::add_gold;
use crate::rules::heroica::HeroicaTables;
use crate::rules::heroica::epic::{self, Account};
use crate::rules::heroica::play::Happening;
use crate::save::files::{read_ron, verify_seal, write_sealed};

/// The Epic format this build writes and reads (2: with its check and the games settled; a
/// format 1 file is read and gets both at its next write).
pub const EPIC_FORMAT: u32 = 2;

/// The most missions an Epic holds.
pub const MAX_MISSIONS: usize = 64;

/// The folder beside the Epic's file where the mission files of an Epic of your own are copied
/// when it begins, so the campaign reads nothing outside its own folders.
pub const OWN_MISSIONS: &str = "epic-missions";

/// The missions of the Epic campaign we ship, in order: the five races.
pub const EPIC_MISSIONS: [&str; 5] = [
    "the-goblin-gate",
    "the-bat-caves",
    "the-goblin-kings-hoard",
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
    /// The seats people play (each shops in the end window between missions); the computer
    /// races the others. Left out of the file when it is the first seat alone, as in campaigns
    /// written before it (their check is then unchanged).
    #[serde(default = "first_seat", skip_serializing_if = "is_first_seat")]
    pub people: Vec<usize>,
    pub played: Vec<Played>,
    /// The missions already settled.
    #[serde(default)]
    pub settled: crate::save::autosave::SettledGames,
    /// The file's check (`save::files::Sealed`); empty in memory.
    #[serde(default)]
    pub check: String,
}

fn first_seat() -> Vec<usize> {
    vec![0]
}

fn is_first_seat(people: &[usize]) -> bool {
    people == [0]
}

impl crate::save::files::Sealed for Epic {
    fn check_mut(&mut self) -> &mut String {
        &mut self.check
    }
}

impl Epic {
    /// A new campaign of `missions` for these heroes (seat order).
    pub fn new(missions: &[&str], heroes: &[&str]) -> Result<Epic, String> {
        let tables = HeroicaTables::get();
        for h in heroes {
            if !tables.heroes.contains_key(*h) {
                return Err(format!("unknown hero \"{h}\""));
            }
        }
        // Its missions are races: 2 to 4 heroes (checklists §1.2 #3).
        if heroes.len() < 2 || heroes.len() > 4 {
            return Err(format!("2 to 4 heroes play Epic Heroica, not {}", heroes.len()));
        }
        for m in missions {
            quest::mission::load_mission(m).map_err(|e| e.to_string())?;
        }
        Ok(Epic {
            format: EPIC_FORMAT,
            missions: missions.iter().map(|m| m.to_string()).collect(),
            people: first_seat(),
            heroes: heroes
                .iter()
                .map(|h| EpicHero {
                    hero: h.to_string(),
                    ..Default::default()
                })
                .collect(),
            played: Vec::new(),
            settled: Default::default(),
            check: String::new(),
        })
    }

    /// A new campaign of `missions` (ids or files; none: the five races) for `heroes` (seat
    /// order; none: the four default heroes), written to `path`. Refused while a campaign is kept
    /// there: it is never overwritten without the player's word.
    pub fn begin_at(path: &Path, missions: &[String], heroes: &[String]) -> Result<Epic, String> {
        let epic = Epic::plan_at(path, missions, heroes)?;
        epic.write(path)?;
        Ok(epic)
    }

    /// `begin_at` without the write: the campaign as it would begin at `path`, checked, for the
    /// title screen to write only once the player has said yes (issue 39: a Cancel leaves no
    /// file behind). A mission file of the player's own is copied beside `path` already.
    pub fn plan_at(path: &Path, missions: &[String], heroes: &[String]) -> Result<Epic, String> {
        if path.exists() {
            return Err(format!(
                "An Epic campaign is already kept in {}: go on with it (hollowdeep epic), or delete that file to begin another.",
                path.display()
            ));
        }
        // A mission file of the player's own is checked, then copied beside the campaign and
        // kept by that copy's full path: the campaign reads nothing outside its own folders.
        let missions: Vec<String> = if missions.is_empty() {
            EPIC_MISSIONS.iter().map(|m| m.to_string()).collect()
        } else {
            if missions.len() > MAX_MISSIONS {
                return Err(format!(
                    "an Epic holds at most {MAX_MISSIONS} missions, not {}",
                    missions.len()
                ));
            }
            let own = path.parent().unwrap_or(Path::new(".")).join(OWN_MISSIONS);
            let mut kept = Vec::new();
            for m in missions {
                if quest::is_builtin(m) {
                    kept.push(m.clone());
                    continue;
                }
                quest::mission::load_mission(m).map_err(|e| e.to_string())?;
                let stem = Path::new(m)
                    .file_stem()
                    .map_or("mission".into(), |s| s.to_string_lossy().into_owned());
                let slug = crate::text::slug(&stem);
                let copy = (1..)
                    .map(|n| {
                        own.join(if n == 1 {
                            format!("{slug}.ron")
                        } else {
                            format!("{slug}-{n}.ron")
                        })
                    })
                    .find(|p| !p.exists())
                    .expect("some number is free");
                std::fs::create_dir_all(&own).map_err(|e| format!("{}: {e}", own.display()))?;
                std::fs::copy(m, &copy).map_err(|e| format!("{m}: cannot copy it beside the campaign: {e}"))?;
                let full = copy.canonicalize().map_err(|e| format!("{}: {e}", copy.display()))?;
                kept.push(full.display().to_string());
            }
            kept
        };
        let heroes: Vec<String> = if heroes.is_empty() {
            quest::DEFAULT_HEROES.iter().map(|h| h.to_string()).collect()
        } else {
            heroes.to_vec()
        };
        let m: Vec<&str> = missions.iter().map(String::as_str).collect();
        let h: Vec<&str> = heroes.iter().map(String::as_str).collect();
        Epic::new(&m, &h)
    }

    /// The game in progress (among `games`) that is this campaign's next mission, begun and left:
    /// "Go on" takes it up where it stood rather than beginning the mission again (issue 39).
    pub fn mission_in_progress(&self, games: &[crate::save::games::GameFile]) -> Option<PathBuf> {
        let next = self.next_mission()?;
        games
            .iter()
            .find(|g| {
                g.save
                    .as_ref()
                    .is_ok_and(|s| s.campaign_gear.is_some() && s.quest == next)
            })
            .map(|g| g.path.clone())
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
            h.missions_won = h.missions_won.saturating_add(1);
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
            self.heroes[seat].gold = add_gold(self.heroes[seat].gold, 1);
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
        h.gold = add_gold(h.gold, sale);
        Ok(())
    }

    /// The heroes the computer races (every seat no person plays), in seat order.
    pub fn computer_heroes(&self) -> Vec<String> {
        (0..self.heroes.len())
            .filter(|s| !self.people.contains(s))
            .map(|s| self.heroes[s].hero.clone())
            .collect()
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
        write_sealed(path, self, "Epic campaign")
    }

    /// Reads the campaign; a damaged or foreign file is refused with its name and the problem.
    pub fn read(path: &Path) -> Result<Epic, String> {
        let mut e: Epic = read_ron(
            path,
            "Epic campaign",
            1..=EPIC_FORMAT,
            crate::save::files::limits::CAMPAIGN,
            |e: &Epic| e.format,
        )?;
        verify_seal(path, &e, "Epic campaign", e.format >= 2)?;
        e.check.clear();
        e.format = EPIC_FORMAT;
        e.check_content(path)
            .map_err(|why| format!("{}: {why}", path.display()))?;
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

    /// What an Epic file may hold besides known ids (issue 34): missions that are built in or
    /// files inside the campaign's own folders (never any other path), at most four heroes,
    /// mission results that agree with the missions and the heroes' counts, numbers in bounds.
    fn check_content(&self, path: &Path) -> Result<(), String> {
        use crate::rules::bounds::{MAX_CARRIED, MAX_PURSE};
        if self.missions.is_empty() || self.missions.len() > MAX_MISSIONS {
            return Err(format!(
                "an Epic holds 1 to {MAX_MISSIONS} missions, not {}",
                self.missions.len()
            ));
        }
        let roots: Vec<PathBuf> = [
            path.parent().map(|d| d.join(OWN_MISSIONS)),
            crate::save::user_quest_dir(),
        ]
        .into_iter()
        .flatten()
        .filter_map(|d| d.canonicalize().ok())
        .collect();
        for (i, m) in self.missions.iter().enumerate() {
            let inside = Path::new(m)
                .canonicalize()
                .is_ok_and(|full| roots.iter().any(|r| full.starts_with(r)));
            if !quest::is_builtin(m) && !inside {
                return Err(format!(
                    "mission {} is neither a mission of the game nor a file in the campaign's folders",
                    i + 1
                ));
            }
        }
        let seats = self.heroes.len();
        if seats == 0 || seats > 4 {
            return Err(format!("1 to 4 heroes play Epic Heroica, not {seats}"));
        }
        if self.people.iter().any(|p| *p >= seats) {
            return Err("a seat played by a person is not one of the campaign's".into());
        }
        if self.played.len() > self.missions.len() {
            return Err(format!(
                "{} missions played of {}",
                self.played.len(),
                self.missions.len()
            ));
        }
        for (i, p) in self.played.iter().enumerate() {
            if p.mission != self.missions[i] {
                return Err(format!(
                    "mission {} played is not the campaign's mission {}",
                    i + 1,
                    i + 1
                ));
            }
            if p.winner.is_some_and(|w| w >= seats) || p.bounty.iter().any(|b| *b >= seats) {
                return Err(format!("mission {} names a seat the campaign does not have", i + 1));
            }
            if p.bounty.iter().enumerate().any(|(k, b)| p.bounty[..k].contains(b)) {
                return Err(format!("mission {} pays a seat's bounty twice", i + 1));
            }
        }
        for (seat, h) in self.heroes.iter().enumerate() {
            let won = self.played.iter().filter(|p| p.winner == Some(seat)).count() as u32;
            if h.missions_won != won {
                return Err(format!(
                    "the {} has {} missions won, but the results give {won}",
                    h.hero, h.missions_won
                ));
            }
            if h.gold > MAX_PURSE {
                return Err(format!("the {} has {} gold; at most {MAX_PURSE}", h.hero, h.gold));
            }
            let carried = h.potions.len() + h.weapons.len() + h.relics.len();
            if carried > MAX_CARRIED {
                return Err(format!(
                    "the {} carries {carried} things; at most {MAX_CARRIED}",
                    h.hero
                ));
            }
        }
        self.settled.check()
    }

    /// Where the player's Epic campaign is kept.
    pub fn path() -> Option<PathBuf> {
        crate::save::data_dir().map(|d| d.join("saves").join("epic.ron"))
    }
}

/// Where an Epic mission in play stands in its campaign, for the quest panel (issue 39):
/// "Epic Heroica, mission 2 of 4" and each seat's missions won and gold before it.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Eq)]
pub struct EpicStanding {
    pub title: String,
    pub standings: Vec<String>,
}

impl EpicStanding {
    /// The standing of `epic`'s next mission.
    pub fn of(epic: &Epic) -> EpicStanding {
        let tables = HeroicaTables::get();
        EpicStanding {
            title: format!(
                "Epic Heroica, mission {} of {}",
                (epic.played.len() + 1).min(epic.missions.len()),
                epic.missions.len()
            ),
            standings: epic
                .heroes
                .iter()
                .map(|h| {
                    let name = tables.heroes.get(&h.hero).map_or(h.hero.as_str(), |d| d.name.as_str());
                    let s = if h.missions_won == 1 { "" } else { "s" };
                    format!("{name}: {} mission{s} won, {} gold", h.missions_won, h.gold)
                })
                .collect(),
        }
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
            .after(crate::save::autosave::autosave)
            .before(crate::save::autosave::finish)
            .run_if(resource_exists::<crate::save::autosave::SaveSlot>),
    );
}

fn settle_when_over(world: &mut bevy::prelude::World) {
    if !matches!(crate::save::autosave::campaign_game_ended(world), Some((_, true))) {
        return;
    }
    let (result, epic) = match settle_in_world(world) {
        Ok((lines, next, epic)) => (Ok((lines, next)), Some(epic)),
        Err(e) => {
            world.resource_mut::<crate::save::autosave::SaveSlot>().settle_failed = true;
            (Err(e), None)
        }
    };
    world.insert_resource(EpicNews { result, epic });
}

type Settled = (Vec<String>, Option<String>, Epic);

fn settle_in_world(world: &mut bevy::prelude::World) -> Result<Settled, String> {
    let path = crate::save::autosave::campaign_file(world, Epic::path)
        .ok_or("no data folder: the Epic campaign is not saved")?;
    let mut epic = Epic::read(&path)?;
    let game = crate::save::autosave::game_identity(world).ok_or("no mission in play")?;
    // A mission continued after a crash that came after its settling is not counted again.
    let played = if epic.settled.contains(&game) {
        epic.played
            .last()
            .cloned()
            .ok_or("the Epic lists this mission as settled but has no result")?
    } else {
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
        epic.settled.mark(game);
        epic.write(&path)?;
        played
    };
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
                r.missions_won[s] = r.missions_won[s].saturating_add(h.missions_won);
            }
        }
        Ok(r)
    }
}
