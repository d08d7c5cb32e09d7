//! The rule systems and modules a game can be played under, chosen by id: the quest's `rules`
//! and `modules` fields, `--rules ID` and `--module ID` on the command line, the title screen.
//!
//! A rule system is a whole game (HeroQuest 2021, later Revised and Heroica). A module changes
//! one part of a rule system (the referee's turn, movement) and names the parts it changes, so
//! two modules that change the same part are refused together.

use serde::{Deserialize, Serialize};

/// A rule system a game can be played under. The engine asks it everything its rule text
/// decides (`game::system`: setting out, what a command does, the turn, victory, what a side may
/// do now); its data is a RON file under `assets/rules/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSystem {
    /// The HeroQuest family: one rule system in two editions, which share the board, the fog,
    /// doors, traps, quests and the command path, and differ where their texts differ
    /// (`Edition`: the switches in each edition's tables, and `game::heroquest::edition`).
    HeroQuest(Edition),
    /// LEGO Heroica: a race of heroes over a board of spaces, played from mission files
    /// (`quests/heroica/`); its own tables are `rules::heroica::HeroicaTables`.
    Heroica,
}

impl Default for RuleSystem {
    fn default() -> Self {
        RuleSystem::HeroQuest(Edition::Hq2021)
    }
}

/// An edition of HeroQuest. Where the two texts agree one function serves both; where they
/// differ, the edition's tables say so (`RuleSet::edition`, its switches) or one hook in
/// `game::heroquest::edition` decides, with an exhaustive `match`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Edition {
    /// HeroQuest (2021), the default game (`heroquest-2021.md`).
    Hq2021,
    /// HeroQuest Revised (`heroquest-revised.md`): Morcar, Speed dice, keyword cards, abilities.
    Revised,
}

/// Every HeroQuest edition, 2021's first (each has a campaign of its own).
pub fn heroquest_editions() -> [Edition; 2] {
    [Edition::Hq2021, Edition::Revised]
}

impl Edition {
    pub fn id(self) -> &'static str {
        match self {
            Edition::Hq2021 => HEROQUEST_2021,
            Edition::Revised => HEROQUEST_REVISED,
        }
    }

    /// The edition's tables, parsed once (checked by the tests).
    pub fn tables(self) -> &'static crate::rules::ruleset::RuleSet {
        use std::sync::OnceLock;
        static HQ2021: OnceLock<crate::rules::ruleset::RuleSet> = OnceLock::new();
        static REVISED: OnceLock<crate::rules::ruleset::RuleSet> = OnceLock::new();
        match self {
            Edition::Hq2021 => HQ2021.get_or_init(crate::rules::ruleset::RuleSet::heroquest_2021),
            Edition::Revised => REVISED.get_or_init(crate::rules::ruleset::RuleSet::heroquest_revised),
        }
    }

    /// The edition's tables under these modules: Revised's advanced game lays its cards over the
    /// basic ones (`RuleSet::advance`); any other module plays on the tables as they are.
    pub fn tables_under(self, modules: &Modules) -> &'static crate::rules::ruleset::RuleSet {
        use crate::rules::ruleset::RuleSet;
        use std::sync::OnceLock;
        // Advanced alone, the Magic Spells alone, both.
        static UNDER: [OnceLock<RuleSet>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let (adv, app) = modules.tables_key();
        match self {
            Edition::Revised if adv || app => {
                let i = usize::from(app) * (1 + usize::from(adv));
                UNDER[i].get_or_init(|| RuleSet::heroquest_revised_under(adv, app))
            }
            _ => self.tables(),
        }
    }
}

impl RuleSystem {
    pub fn id(self) -> &'static str {
        match self {
            RuleSystem::HeroQuest(e) => e.id(),
            RuleSystem::Heroica => HEROICA,
        }
    }

    /// The rule system with this id, if a game can be played under it; else why not.
    pub fn from_id(id: &str) -> Result<RuleSystem, String> {
        let info = playable_rule_system(id)?;
        info.system
            .ok_or_else(|| format!("{} (\"{id}\") is not playable yet", info.name))
    }

    pub fn info(self) -> &'static RuleText {
        RULE_SYSTEMS
            .iter()
            .find(|r| r.system == Some(self))
            .expect("every rule system is listed")
    }

    /// Its tables: heroes, monsters, weapons, spells, the treasure deck (`assets/rules/<id>.ron`).
    /// Heroica's own tables are `HeroicaTables` (`assets/rules/heroica.ron`); a mission's quest
    /// carries the 2021 set only for the engine's shared parts, which Heroica never asks.
    pub fn tables(self) -> crate::rules::ruleset::RuleSet {
        self.tables_under(&Modules::default())
    }

    /// Its tables under these modules (`Edition::tables_under`).
    pub fn tables_under(self, modules: &Modules) -> crate::rules::ruleset::RuleSet {
        match self {
            RuleSystem::HeroQuest(e) => e.tables_under(modules).clone(),
            RuleSystem::Heroica => Edition::Hq2021.tables().clone(),
        }
    }
}

/// A rule text the game is built from, as `hollowdeep rules` and the title screen list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleText {
    pub id: &'static str,
    pub name: &'static str,
    /// One line for `hollowdeep rules` and the title screen.
    pub summary: &'static str,
    /// The rule text in `shared/rules/`.
    pub text: &'static str,
    /// The rule system a game is played under; None while it is not playable yet.
    pub system: Option<RuleSystem>,
}

impl RuleText {
    /// Whether a game can be played under it yet.
    pub fn playable(&self) -> bool {
        self.system.is_some()
    }
}

/// The part of a rule system a module replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// What a monster may do on the sorcerer's turn.
    MonsterTurn,
    /// How a monster's attack on a hero is rolled.
    MonsterAttack,
    /// How heroes move.
    HeroMovement,
    /// The order in which the heroes take their turns.
    TurnOrder,
    /// How heroes come by their spells.
    Magic,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::MonsterTurn => "the monsters' turn",
            Part::MonsterAttack => "how monsters attack",
            Part::HeroMovement => "how heroes move",
            Part::TurnOrder => "the heroes' turn order",
            Part::Magic => "how heroes come by their spells",
        }
    }
}

/// A module: a rule text that changes part of a rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Module {
    pub id: ModuleId,
    pub name: &'static str,
    pub summary: &'static str,
    pub text: &'static str,
    /// What it replaces: two modules that replace the same part cannot be played together.
    pub changes: &'static [Part],
    /// The rule systems it can be played on.
    pub on: &'static [&'static str],
    pub playable: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ModuleId {
    RefereeDicePool,
    ActionPoints,
    HeroicaBattle,
    /// HeroQuest Revised's advanced game (checklists §1.1 #156–174).
    HqrAdvanced,
    /// Revised's optional Co-Operative Turn Order (#175), on either HeroQuest edition.
    CoopTurnOrder,
    /// Revised's optional Ranged Weapon Upkeep (#176).
    RangedUpkeep,
    /// Revised's optional Apprentice Spell System (#177).
    ApprenticeSpells,
}

impl ModuleId {
    pub fn id(self) -> &'static str {
        module(self).key
    }
}

struct Entry {
    key: &'static str,
    module: Module,
}

fn module(id: ModuleId) -> &'static Entry {
    MODULES
        .iter()
        .find(|e| e.module.id == id)
        .expect("every module id has an entry")
}

pub const HEROQUEST_2021: &str = "heroquest-2021";
pub const HEROQUEST_REVISED: &str = "heroquest-revised";
pub const HEROICA: &str = "heroica";

pub const RULE_SYSTEMS: &[RuleText] = &[
    RuleText {
        id: HEROQUEST_2021,
        name: "HeroQuest (2021)",
        summary: "The 2021 edition: combat dice of skulls and shields, Dread spells, the treasure deck.",
        text: "heroquest-2021.md",
        system: Some(RuleSystem::HeroQuest(Edition::Hq2021)),
    },
    RuleText {
        id: HEROQUEST_REVISED,
        name: "HeroQuest (Revised)",
        summary: "The revised basic game, being built: hero boards, doors that stay open, furniture that blocks sight, \
                  disarming by Dexterity, treasure in corridors, damage kinds and monster abilities.",
        text: "heroquest-revised.md",
        system: Some(RuleSystem::HeroQuest(Edition::Revised)),
    },
    RuleText {
        id: HEROICA,
        name: "LEGO Heroica",
        summary: "A race to the target on the LEGO die, with forced fights and knock-backs; Battle against the computer's monsters.",
        text: "heroica.md",
        system: Some(RuleSystem::Heroica),
    },
];

const HEROQUESTS: &[&str] = &[HEROQUEST_2021, HEROQUEST_REVISED];
const REVISED_ONLY: &[&str] = &[HEROQUEST_REVISED];

const MODULES: &[Entry] = &[
    Entry {
        key: "referee-dice-pool",
        module: Module {
            id: ModuleId::RefereeDicePool,
            name: "Referee dice pool",
            summary: "Monsters take two different actions (attack and cast a spell too) and attack with d6 pools: \
                      equal dice cancel, the defender's highest die left is the target, each die left at or above it wounds.",
            text: "referee-dice-pool.md",
            changes: &[Part::MonsterTurn, Part::MonsterAttack],
            on: HEROQUESTS,
            playable: true,
        },
    },
    Entry {
        key: "action-points",
        module: Module {
            id: ModuleId::ActionPoints,
            name: "Action points",
            summary: "The movement roll is the hero's action points: a point a square, one more to leave a square a \
                      seen monster threatens, and a point to open or close a door, hand a thing over or loot a fallen hero.",
            text: "action-point-movement.md",
            changes: &[Part::HeroMovement],
            on: HEROQUESTS,
            playable: true,
        },
    },
    Entry {
        key: "heroica-battle",
        module: Module {
            id: ModuleId::HeroicaBattle,
            name: "Battle Heroica",
            summary: "A monster player (the computer, or a person) moves one monster a turn after the heroes and \
                      wins on two hero defeats.",
            text: "heroica.md",
            changes: &[Part::MonsterTurn],
            on: &[HEROICA],
            playable: true,
        },
    },
    Entry {
        key: "hqr-advanced",
        module: Module {
            id: ModuleId::HqrAdvanced,
            name: "Revised advanced game",
            summary: "Fate won by winning quests and spent on skills, recovery, an extra activation or one roll; \
                      Mastery tests for spells; Morcar's Dungeon cards and Event cards drawn on Danger; Run; \
                      searching furniture.",
            text: "heroquest-revised.md",
            changes: &[],
            on: REVISED_ONLY,
            playable: true,
        },
    },
    Entry {
        key: "coop-turn-order",
        module: Module {
            id: ModuleId::CoopTurnOrder,
            name: "Co-operative turn order",
            summary: "Each round the heroes choose who goes next, one after another, then the sorcerer; \
                      under Revised Morcar starts holding one Event card.",
            text: "heroquest-revised.md",
            changes: &[Part::TurnOrder],
            on: HEROQUESTS,
            playable: true,
        },
    },
    Entry {
        key: "ranged-upkeep",
        module: Module {
            id: ModuleId::RangedUpkeep,
            name: "Ranged weapon upkeep",
            summary: "At a quest's start each purely ranged weapon costs 5 gold a die in arrows and bolts, or it stays \
                      unused (drained) for the quest.",
            text: "heroquest-revised.md",
            changes: &[],
            on: REVISED_ONLY,
            playable: true,
        },
    },
    Entry {
        key: "apprentice-spells",
        module: Module {
            id: ModuleId::ApprenticeSpells,
            name: "Apprentice spell system",
            summary: "One deck of Magic Spells in place of the spell groups: a hand of half the caster's Mind, \
                      one drawn after each activation.",
            text: "heroquest-revised.md",
            changes: &[Part::Magic],
            on: REVISED_ONLY,
            playable: true,
        },
    },
];

/// Every module, in the order `hollowdeep rules` lists them, with its id.
pub fn modules() -> impl Iterator<Item = (&'static str, &'static Module)> {
    MODULES.iter().map(|e| (e.key, &e.module))
}

pub fn rule_system(id: &str) -> Option<&'static RuleText> {
    RULE_SYSTEMS.iter().find(|r| r.id == id)
}

/// The rule system with this id, if a game can be played under it; else why not.
pub fn playable_rule_system(id: &str) -> Result<&'static RuleText, String> {
    match rule_system(id) {
        Some(r) if r.playable() => Ok(r),
        Some(r) => Err(format!("{} (\"{id}\") is not playable yet", r.name)),
        None => Err(format!(
            "unknown rule system \"{id}\" (known: {})",
            known(RULE_SYSTEMS.iter().map(|r| r.id))
        )),
    }
}

fn known<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    ids.map(|i| format!("\"{i}\"")).collect::<Vec<_>>().join(", ")
}

/// The module with this id, if it can be played; else why not.
pub fn playable_module(id: &str) -> Result<&'static Module, String> {
    match MODULES.iter().find(|e| e.key == id) {
        Some(e) if e.module.playable => Ok(&e.module),
        Some(e) => Err(format!("the {} module (\"{id}\") is not playable yet", e.module.name)),
        None => Err(format!(
            "unknown module \"{id}\" (known: {})",
            known(MODULES.iter().map(|e| e.key))
        )),
    }
}

/// The modules a game is played with. Empty: the rule system as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modules(Vec<ModuleId>);

impl Modules {
    /// Checks a list of module ids against a rule system: each known and playable, each on that
    /// rule system, no two changing the same part. The order given is kept; repeats are merged.
    pub fn choose(rules: &str, ids: &[String]) -> Result<Modules, String> {
        let mut chosen: Vec<&'static Module> = Vec::new();
        for id in ids {
            let m = playable_module(id)?;
            if chosen.iter().any(|c| c.id == m.id) {
                continue;
            }
            if !m.on.contains(&rules) {
                return Err(format!("the {} module cannot be played under \"{rules}\"", m.name));
            }
            check_pair(&chosen, m)?;
            chosen.push(m);
        }
        Ok(Modules(chosen.iter().map(|m| m.id).collect()))
    }

    pub fn has(&self, id: ModuleId) -> bool {
        self.0.contains(&id)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The modules' ids, as files and the command line write them.
    pub fn ids(&self) -> Vec<String> {
        self.0.iter().map(|m| m.id().to_string()).collect()
    }

    /// The modules' names, for the title screen and the quest book.
    pub fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|m| module(*m).module.name).collect()
    }

    /// The referee dice-pool module is in play (referee-dice-pool.md).
    pub fn dice_pool(&self) -> bool {
        self.has(ModuleId::RefereeDicePool)
    }

    /// The action-point module is in play (action-point-movement.md).
    pub fn action_points(&self) -> bool {
        self.has(ModuleId::ActionPoints)
    }

    /// Battle Heroica: a monster player (heroica.md, Battle Heroica).
    pub fn battle(&self) -> bool {
        self.has(ModuleId::HeroicaBattle)
    }

    /// HeroQuest Revised's advanced game (heroquest-revised.md, New Rules).
    pub fn advanced(&self) -> bool {
        self.has(ModuleId::HqrAdvanced)
    }

    /// Co-Operative Turn Order (heroquest-revised.md, Optional Rules).
    pub fn coop_order(&self) -> bool {
        self.has(ModuleId::CoopTurnOrder)
    }

    /// Ranged Weapon Upkeep (heroquest-revised.md, Optional Rules).
    pub fn ranged_upkeep(&self) -> bool {
        self.has(ModuleId::RangedUpkeep)
    }

    /// The Apprentice Spell System (heroquest-revised.md, Optional Rules).
    pub fn apprentice(&self) -> bool {
        self.has(ModuleId::ApprenticeSpells)
    }

    /// What these modules lay over an edition's tables (`Edition::tables_under`): two sets of
    /// modules with the same key play on the same tables.
    pub fn tables_key(&self) -> (bool, bool) {
        (self.advanced(), self.apprentice())
    }
}

/// Two modules that replace the same part of the rules cannot be played together.
fn check_pair(chosen: &[&Module], m: &Module) -> Result<(), String> {
    for c in chosen {
        if let Some(part) = c.changes.iter().find(|p| m.changes.contains(p)) {
            return Err(format!(
                "the {} and {} modules both change {}: choose one",
                c.name,
                m.name,
                part.name()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_are_checked_by_id() {
        let ok = Modules::choose(
            HEROQUEST_2021,
            &["referee-dice-pool".into(), "referee-dice-pool".into()],
        )
        .unwrap();
        assert_eq!(ok.ids(), vec!["referee-dice-pool"]);
        assert!(ok.dice_pool());
        let e = Modules::choose(HEROQUEST_2021, &["loaded-dice".into()]).unwrap_err();
        assert!(
            e.contains("unknown module \"loaded-dice\"") && e.contains("\"referee-dice-pool\""),
            "{e}"
        );
        let both = Modules::choose(HEROQUEST_2021, &["action-points".into(), "referee-dice-pool".into()]).unwrap();
        assert!(both.action_points() && both.dice_pool());
        let e = Modules::choose("heroica", &["referee-dice-pool".into()]).unwrap_err();
        assert!(e.contains("cannot be played under \"heroica\""), "{e}");
    }

    #[test]
    fn two_modules_that_change_the_same_part_are_refused() {
        let pool = &module(ModuleId::RefereeDicePool).module;
        let rival = Module {
            id: ModuleId::ActionPoints,
            name: "Rival",
            changes: &[Part::MonsterAttack],
            ..module(ModuleId::ActionPoints).module
        };
        let e = check_pair(&[pool], &rival).unwrap_err();
        assert_eq!(
            e,
            "the Referee dice pool and Rival modules both change how monsters attack: choose one"
        );
        assert!(check_pair(&[pool], &module(ModuleId::ActionPoints).module).is_ok());
    }

    #[test]
    fn rule_systems_by_id() {
        assert!(playable_rule_system("heroquest-2021").is_ok());
        assert_eq!(
            RuleSystem::from_id("heroquest-revised"),
            Ok(RuleSystem::HeroQuest(Edition::Revised))
        );
        assert_eq!(RuleSystem::from_id("heroica"), Ok(RuleSystem::Heroica));
        assert!(
            playable_rule_system("chess")
                .unwrap_err()
                .contains("unknown rule system \"chess\"")
        );
    }
}
