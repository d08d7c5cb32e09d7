//! The rule set's data tables (heroes, monsters, weapons, furniture), loaded from RON.

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    pub id: String,
    pub name: String,
    /// Defend dice every hero rolls before armour.
    pub hero_defend: u8,
    /// Red dice rolled for a hero's movement.
    pub movement_dice: u8,
    pub heroes: BTreeMap<String, HeroDef>,
    pub weapons: BTreeMap<String, WeaponDef>,
    pub monsters: BTreeMap<String, MonsterDef>,
    pub furniture: BTreeMap<String, FurnitureDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroDef {
    pub name: String,
    pub body: u8,
    pub mind: u8,
    /// Turn order seat: lower goes first (clockwise from the sorcerer's left).
    pub seat: u8,
    pub weapon: String,
    #[serde(default)]
    pub blurb: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub name: String,
    pub attack: u8,
    #[serde(default)]
    pub diagonal: bool,
    #[serde(default)]
    pub ranged: bool,
    #[serde(default)]
    pub two_handed: bool,
    #[serde(default)]
    pub cost: u32,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MonsterDef {
    pub movement: u8,
    pub attack: u8,
    pub defend: u8,
    pub body: u8,
    pub mind: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FurnitureDef {
    pub name: String,
    pub w: i32,
    pub h: i32,
}

/// The 2021 rule set shipped with the game.
pub const HEROQUEST_2021_RON: &str = include_str!("../../assets/rules/heroquest-2021.ron");

impl RuleSet {
    pub fn parse(text: &str) -> Result<RuleSet, String> {
        let rs: RuleSet =
            ron::from_str(text).map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        for (id, h) in &rs.heroes {
            if !rs.weapons.contains_key(&h.weapon) {
                return Err(format!("hero \"{id}\" starts with unknown weapon \"{}\"", h.weapon));
            }
        }
        Ok(rs)
    }

    pub fn heroquest_2021() -> RuleSet {
        RuleSet::parse(HEROQUEST_2021_RON).expect("the embedded 2021 rule set is valid (checked by tests)")
    }

    /// Display name for a monster kind id ("dread_warrior" -> "Dread Warrior").
    pub fn monster_name(kind: &str) -> String {
        kind.split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2021_tables() {
        // heroquest-2021.md, Hero Statistics Table and Monster Statistics.
        let rs = RuleSet::heroquest_2021();
        let b = &rs.heroes["barbarian"];
        assert_eq!((b.body, b.mind, rs.weapons[&b.weapon].attack), (8, 2, 3));
        let w = &rs.heroes["wizard"];
        assert_eq!((w.body, w.mind, rs.weapons[&w.weapon].attack), (4, 6, 1));
        assert_eq!(rs.hero_defend, 2);
        assert_eq!(rs.movement_dice, 2);
        assert_eq!(rs.monsters.len(), 8);
        assert_eq!(
            rs.monsters["gargoyle"],
            MonsterDef {
                movement: 6,
                attack: 4,
                defend: 4,
                body: 3,
                mind: 3
            }
        );
        assert_eq!(
            rs.monsters["goblin"],
            MonsterDef {
                movement: 10,
                attack: 2,
                defend: 1,
                body: 1,
                mind: 1
            }
        );
        assert_eq!(RuleSet::monster_name("dread_warrior"), "Dread Warrior");
    }
}
