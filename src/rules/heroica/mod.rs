//! LEGO Heroica (shared/rules/heroica.md; checklists.md §1.2), the pure part: the tables
//! (`assets/rules/heroica.ron`: the die, the heroes' skills, monster strengths, potions, the
//! store, relics), what a fight roll does, and the exact odds of each. `spaces` has the board of
//! spaces and how figures move on it. No Bevy here; the rule system and its computer players
//! build on these.

mod act;
pub mod epic;
mod fight;
pub mod play;
pub mod spaces;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

pub const HEROICA_RON: &str = include_str!("../../../assets/rules/heroica.ron");

/// Something on a space, in a chest or in a coffin.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize, serde::Serialize)]
pub enum Thing {
    Gold(u32),
    Potion(String),
    Key,
    Weapon(String),
    Relic(String),
    /// Only in a coffin: the monster that climbs out.
    Monster(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum MissionDoorKind {
    /// Opened for good by the first hero onto one of its buttons.
    Magic,
    /// Opened by a hero stepping through with a key, which is spent.
    Locked,
}

/// The fight symbol of a die face (heroica.md, Fighting monsters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize)]
pub enum Fight {
    Shield,
    Sword,
    Skull,
    SwordSkull,
}

/// One face of the LEGO die: how far it moves a figure, whether it is the Shield (move up to 4,
/// or a Ranged skill instead), its fight symbol, and how many of the six faces show it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub name: String,
    pub moves: u8,
    #[serde(default)]
    pub shield: bool,
    pub fight: Fight,
    pub count: u8,
}

/// Melee skills are used in a fight, Ranged ones instead of moving (heroica.md, Heroes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SkillKind {
    Melee,
    Ranged,
}

/// What a skill does (checklists §1.2a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Power {
    /// Defeat the monster fought, then move up to `then_move` spaces.
    Defeat { then_move: u8 },
    /// Defeat every monster beside the hero, then move up to `then_move`.
    DefeatAll { then_move: u8 },
    /// Defeat the monster fought and take `gold` from the store.
    DefeatForGold { gold: u32 },
    /// Restore `health` (None: all of it).
    Heal { health: Option<u8> },
    /// Move up to `moves`, then defeat one monster beside the hero.
    MoveThenDefeat { moves: u8 },
    /// Move up to `moves`, then defeat a monster up to `range` spaces away: in a straight line of
    /// free spaces, or by walking distance around corners.
    Shoot { moves: u8, range: u8, straight: bool },
    /// Take one item up to `range` spaces away.
    Fetch { range: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    pub kind: SkillKind,
    pub power: Power,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroDef {
    pub name: String,
    pub skill: Skill,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterDef {
    pub name: String,
    pub strength: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum PotionEffect {
    Heal(u8),
    RollAgain,
    ExtraMoves(u8),
    DefeatAdjacent,
    NoHealthLost,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PotionDef {
    pub name: String,
    pub price: u32,
    pub effect: PotionEffect,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub name: String,
    pub price: u32,
    pub skill: Skill,
    /// The Pick Axe: a hero carrying it may step into a rock (checklists §1.2 #30).
    #[serde(default)]
    pub breaks_rocks: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum RelicPower {
    ShieldHeals,
    IgnoreSkull,
    ShieldFetch { range: u8 },
    LessHarm,
    SwordSkullIsSword,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelicDef {
    pub name: String,
    pub power: RelicPower,
    pub text: String,
}

/// Everything `assets/rules/heroica.ron` holds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroicaTables {
    pub health: u8,
    pub die: Vec<Face>,
    pub heroes: BTreeMap<String, HeroDef>,
    pub monsters: BTreeMap<String, MonsterDef>,
    pub potions: BTreeMap<String, PotionDef>,
    pub weapons: BTreeMap<String, WeaponDef>,
    pub relics: BTreeMap<String, RelicDef>,
    pub relic_sale: u32,
}

impl HeroicaTables {
    /// The embedded tables (a build whose data does not parse is a bug the tests catch).
    pub fn get() -> &'static HeroicaTables {
        static TABLES: OnceLock<HeroicaTables> = OnceLock::new();
        TABLES.get_or_init(|| Self::parse(HEROICA_RON).expect("assets/rules/heroica.ron is valid (checked by tests)"))
    }

    /// Reads and checks tables: six faces with exactly one Shield, every count and strength
    /// above zero.
    pub fn parse(text: &str) -> Result<HeroicaTables, String> {
        let t: HeroicaTables = ron::from_str(text).map_err(|e| e.to_string())?;
        let faces: u32 = t.die.iter().map(|f| u32::from(f.count)).sum();
        if faces != 6 {
            return Err(format!("the die has {faces} faces, not 6"));
        }
        if t.die.iter().filter(|f| f.shield).map(|f| f.count).sum::<u8>() != 1 {
            return Err("the die has one Shield face".into());
        }
        if t.die.iter().any(|f| f.count == 0 || f.moves == 0) {
            return Err("every face of the die moves and is counted".into());
        }
        if let Some((id, _)) = t.monsters.iter().find(|(_, m)| m.strength == 0) {
            return Err(format!("monster \"{id}\" has no strength"));
        }
        if t.health == 0 {
            return Err("heroes need health".into());
        }
        Ok(t)
    }

    /// The face a die roll shows: `roll` is 0..6, one of the six faces in the table's order.
    pub fn face(&self, roll: u8) -> &Face {
        let mut left = roll % 6;
        for f in &self.die {
            if left < f.count {
                return f;
            }
            left -= f.count;
        }
        &self.die[0]
    }

    /// What the store sells by this id: its name, its price, and whether it is a weapon (else a
    /// potion).
    pub fn store_item(&self, id: &str) -> Option<(&str, u32, bool)> {
        match (self.potions.get(id), self.weapons.get(id)) {
            (Some(p), _) => Some((&p.name, p.price, false)),
            (None, Some(w)) => Some((&w.name, w.price, true)),
            _ => None,
        }
    }

    /// The chance of each fight symbol on one roll (exact, from the counts).
    pub fn fight_chance(&self, fight: Fight) -> f64 {
        self.die
            .iter()
            .filter(|f| f.fight == fight)
            .map(|f| f64::from(f.count))
            .sum::<f64>()
            / 6.0
    }
}

/// What one fight roll does (heroica.md, Fighting monsters and Battle Heroica; checklists §1.2
/// #14–#17, #54–#57).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FightResult {
    pub monster_defeated: bool,
    /// Health the hero loses.
    pub hero_loses: u8,
    /// The hero is knocked back one space, away from the monster.
    pub knock_back: bool,
    /// A Shield in the hero's own fight: defeat the monster, or use a Melee skill instead.
    pub skill_instead: bool,
}

/// A hero fighting a monster of `strength`: Shield defeats it (or a Melee skill), Sword
/// defeats it, Skull costs the monster's strength in health and a knock-back, Sword and Skull
/// both.
pub fn hero_fights(fight: Fight, strength: u8) -> FightResult {
    match fight {
        Fight::Shield => FightResult {
            monster_defeated: true,
            skill_instead: true,
            ..Default::default()
        },
        Fight::Sword => FightResult {
            monster_defeated: true,
            ..Default::default()
        },
        Fight::Skull => FightResult {
            hero_loses: strength,
            knock_back: true,
            ..Default::default()
        },
        Fight::SwordSkull => sword_and_skull(strength),
    }
}

/// Sword and Skull, on either side's roll: the monster is defeated, and the hero loses its
/// strength in health and is knocked back.
fn sword_and_skull(strength: u8) -> FightResult {
    FightResult {
        monster_defeated: true,
        hero_loses: strength,
        knock_back: true,
        skill_instead: false,
    }
}

/// The monster player's fight roll in Battle Heroica: Shield costs the hero one more than the
/// strength and a knock-back, Sword the strength and a knock-back, Skull defeats the monster,
/// Sword and Skull both.
pub fn monster_fights(fight: Fight, strength: u8) -> FightResult {
    match fight {
        Fight::Shield => FightResult {
            hero_loses: strength.saturating_add(1),
            knock_back: true,
            ..Default::default()
        },
        Fight::Sword => FightResult {
            hero_loses: strength,
            knock_back: true,
            ..Default::default()
        },
        Fight::Skull => FightResult {
            monster_defeated: true,
            ..Default::default()
        },
        Fight::SwordSkull => sword_and_skull(strength),
    }
}

/// Whether a hero's fight goes on to the next monster (heroica.md, Fighting monsters: "If you
/// win, immediately fight the next monster"; checklists §1.2 #19): it defeated this one where it
/// stands and another is beside it. A knock-back (a Skull, or a Sword and Skull) ends the chain:
/// only a move into a space beside a monster forces a fight, and a knock-back is no move of the
/// hero's (issue 35, item 13).
pub fn fights_on(result: &FightResult, beside_another: bool) -> bool {
    result.monster_defeated && !result.knock_back && beside_another
}

/// Health healed by one healing-turn roll (heroica.md, Health; checklists §1.2 #25): the
/// face's number, all of it on a Shield.
pub fn healing_roll(face: &Face, max: u8) -> u8 {
    if face.shield { max } else { face.moves.min(max) }
}

/// A fight roll as the hero's relics change it (checklists §1.2a, Relics): the Fang of Fury
/// reads a Sword and Skull as a Sword; the Helmet of Protection takes 1 from every loss of
/// health, never below 1; the Crystal of Deflection (once a mission, when `crystal` is still
/// unused) turns a Skull's loss and knock-back away. Returns the result and whether the Crystal
/// was spent.
pub fn with_relics(fight: Fight, strength: u8, relics: &[RelicPower], crystal: bool) -> (FightResult, bool) {
    let fight = if fight == Fight::SwordSkull && relics.contains(&RelicPower::SwordSkullIsSword) {
        Fight::Sword
    } else {
        fight
    };
    protect(hero_fights(fight, strength), relics, crystal && fight == Fight::Skull)
}

/// The monster player's fight roll against a hero with these relics (Battle Heroica): the
/// Helmet softens each hit the same way; the Crystal turns one hit away.
pub fn against_relics(fight: Fight, strength: u8, relics: &[RelicPower], crystal: bool) -> (FightResult, bool) {
    let r = monster_fights(fight, strength);
    let hit = r.hero_loses > 0;
    protect(r, relics, crystal && hit)
}

/// The Helmet's softening, then the Crystal when `deflectable` (and the hero carries it).
fn protect(mut r: FightResult, relics: &[RelicPower], deflectable: bool) -> (FightResult, bool) {
    if r.hero_loses > 0 && relics.contains(&RelicPower::LessHarm) {
        r.hero_loses = (r.hero_loses - 1).max(1);
    }
    let deflect = deflectable && relics.contains(&RelicPower::IgnoreSkull);
    if deflect {
        r.hero_loses = 0;
        r.knock_back = false;
    }
    (r, deflect)
}
