//! A LEGO Heroica mission as a `Quest` the engine plays (`RuleSystem::Heroica`): a board with
//! one area whose squares off the map are blocked and whose doors stand on walls (so a closed
//! door shuts like a HeroQuest door), the mission kept whole for what only Heroica has.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::mission::{Mission, MissionDoorKind};
use super::{Gear, Objective, ObjectiveKind, Quest};
use crate::rules::board::{Board, BoardDef};
use crate::rules::geometry::{Pos, Rect};
use crate::rules::systems::{ModuleId, Modules, RuleSystem};

/// The heroes of a mission when the players choose none: four of the eight.
pub const DEFAULT_HEROES: [&str; 4] = ["knight", "barbarian", "wizard", "ranger"];

/// The fewest heroes a mission takes (checklists §1.2 #3: a race is 2 to 4 heroes; in Battle
/// Heroica one player may take on the monster player alone).
pub fn fewest_heroes(battle: bool) -> usize {
    if battle { 1 } else { 2 }
}

impl Quest {
    /// A mission played by these heroes in these seats (an Epic campaign's), all on the mission's
    /// one start space.
    pub fn with_mission_heroes(&self, heroes: &[String]) -> Result<Quest, String> {
        let mission = self
            .mission
            .as_ref()
            .ok_or("only a LEGO Heroica mission takes heroes this way")?;
        let tables = crate::rules::heroica::HeroicaTables::get();
        let fewest = fewest_heroes(mission.battle);
        if heroes.len() < fewest || heroes.len() > 4 {
            return Err(format!(
                "{fewest} to 4 heroes play {}, not {}",
                if mission.battle { "a Battle" } else { "a race" },
                heroes.len()
            ));
        }
        for (i, h) in heroes.iter().enumerate() {
            if !tables.heroes.contains_key(h) || heroes[..i].contains(h) {
                return Err(format!("\"{h}\" is not a hero who may join"));
            }
        }
        let mut q = self.clone();
        q.heroes = heroes.to_vec();
        q.hero_starts = (0..heroes.len())
            .map(|i| mission.starts[i % mission.starts.len().max(1)])
            .collect();
        q.gear = heroes
            .iter()
            .map(|h| (h.clone(), q.gear.get(h).cloned().unwrap_or_default()))
            .collect();
        Ok(q)
    }

    /// The quest that plays `mission` under LEGO Heroica, with the four default heroes; Battle
    /// Heroica when the mission asks for it.
    pub fn from_mission(mission: Mission) -> Quest {
        let sp = &mission.spaces;
        let (width, height) = (sp.width.max(4), sp.height.max(4));
        let walls = mission.doors.keys().map(|e| ((e.0.x, e.0.y), (e.1.x, e.1.y))).collect();
        let def = BoardDef {
            name: mission.name.clone(),
            width,
            height,
            rooms: Vec::new(),
            walls,
        };
        // A mission's size and doors are checked (`parse_mission`): the board always builds.
        let board = Board::from_def(&mission.id, &def).unwrap_or_else(|_| crate::rules::board::classic_board());
        let blocked: BTreeSet<Pos> = board.squares().filter(|p| !sp.is_space(*p)).collect();
        let heroes: Vec<String> = if !mission.heroes.is_empty() {
            mission.heroes.clone()
        } else {
            // In Battle one player takes the monsters: three heroes.
            let n = if mission.battle { 3 } else { 4 };
            DEFAULT_HEROES.iter().take(n).map(|h| h.to_string()).collect()
        };
        let hero_starts = (0..heroes.len())
            .map(|i| mission.starts[i % mission.starts.len().max(1)])
            .collect();
        let doors = mission.doors.keys().map(|e| (*e, false)).collect();
        let of = |kind| -> BTreeSet<_> {
            mission
                .doors
                .iter()
                .filter(|(_, k)| **k == kind)
                .map(|(e, _)| *e)
                .collect()
        };
        let sight = {
            let mut open: Vec<u8> = (0..board.len()).map(|i| !board.walls_at(i) & 0x0F).collect();
            for e in mission.doors.keys() {
                board.open_side(&mut open, e.0, e.1);
            }
            Arc::new(crate::rules::los::SightBound::new(board.width, board.height, open))
        };
        let start = mission.starts.first().copied().unwrap_or(Pos::new(0, 0));
        let modules = if mission.battle {
            Modules::choose(
                crate::rules::systems::HEROICA,
                &[ModuleId::HeroicaBattle.id().to_string()],
            )
            .unwrap_or_default()
        } else {
            Modules::default()
        };
        Quest {
            id: mission.id.clone(),
            name: mission.name.clone(),
            briefing: mission.story.clone(),
            board: Arc::new(board),
            board_file: None,
            system: RuleSystem::Heroica,
            written_for: vec![RuleSystem::Heroica],
            rules: Arc::new(RuleSystem::Heroica.tables()),
            gear: heroes.iter().map(|h| (h.clone(), Gear::default())).collect(),
            heroes,
            hero_starts,
            stairway: Rect {
                x: start.x,
                y: start.y,
                w: 1,
                h: 1,
            },
            doors,
            locks: of(MissionDoorKind::Locked),
            portcullises: of(MissionDoorKind::Magic),
            levers: mission.buttons.iter().map(|(p, e)| (*p, *e)).collect(),
            portals: Vec::new(),
            counts_for_champion: true,
            series: None,
            terrain: BTreeMap::new(),
            monsters: Vec::new(),
            furniture: Vec::new(),
            blocked,
            objective: Objective {
                kind: ObjectiveKind::Scripted(
                    "Be the first to the target space (the red flag), or defeat the monster guarding it".into(),
                ),
                return_to_stairway: false,
            },
            wandering_monster: String::new(),
            traps: Vec::new(),
            secret_doors: Vec::new(),
            treasure: Vec::new(),
            spell_schools: Some(BTreeMap::new()),
            men_at_arms: Vec::new(),
            hired: BTreeMap::new(),
            fate: None,
            skills: None,
            events: Vec::new(),
            hero_names: BTreeMap::new(),
            left_out: Vec::new(),
            players: Vec::new(),
            warnings: Vec::new(),
            modules,
            sight,
            mission: Some(Arc::new(mission)),
        }
    }
}

/// Whether a hero of a mission may carry this gear into it (an Epic campaign's pack, read back
/// from a save): a hero of the mission, the table's weapons, relics and potions only.
pub fn check_heroica_gear(q: &Quest, class: &str, g: &Gear) -> Result<(), String> {
    let tables = crate::rules::heroica::HeroicaTables::get();
    if !q.heroes.iter().any(|h| h == class) {
        return Err(format!("no hero \"{class}\" plays \"{}\"", q.name));
    }
    if let Some(w) = &g.weapon {
        return Err(format!("a LEGO Heroica hero holds no weapon in hand (\"{w}\")"));
    }
    for i in &g.items {
        if !tables.weapons.contains_key(i) && !tables.relics.contains_key(i) {
            return Err(format!(
                "the {class} carries \"{i}\", which is no LEGO Heroica weapon or relic"
            ));
        }
    }
    for p in &g.potions {
        if !tables.potions.contains_key(p) {
            return Err(format!("the {class} carries \"{p}\", which is no LEGO Heroica potion"));
        }
    }
    Ok(())
}
