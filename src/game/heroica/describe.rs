//! LEGO Heroica's log lines: every roll with its face and what it did, in plain words.

use crate::game::model::{FigureId, FigureNames};
use crate::rules::heroica::play::{Happening, Holder, RollFor, Side};
use crate::rules::heroica::{HeroicaTables, Thing};

/// A thing in words: "2 gold", "a key", "the Fang of Fury".
pub fn thing(t: &Thing) -> String {
    let tables = HeroicaTables::get();
    match t {
        Thing::Gold(n) => format!("{n} gold"),
        Thing::Key => "a key".into(),
        Thing::Potion(p) => tables
            .potions
            .get(p)
            .map_or(format!("a {p} potion"), |d| format!("a {}", d.name)),
        Thing::Weapon(w) => tables
            .weapons
            .get(w)
            .map_or(format!("a {w}"), |d| format!("a {}", d.name)),
        Thing::Relic(r) => tables
            .relics
            .get(r)
            .map_or(format!("the {r}"), |d| format!("the {}", d.name)),
        Thing::Monster(m) => tables
            .monsters
            .get(m)
            .map_or(format!("a {m}"), |d| format!("a {}", d.name)),
    }
}

/// A skill, weapon or relic id in words.
pub fn skill_name(id: &str) -> String {
    let tables = HeroicaTables::get();
    if let Some(h) = tables.heroes.get(id) {
        return format!("the {}'s skill", h.name);
    }
    if let Some(w) = tables.weapons.get(id) {
        return format!("the {}", w.name);
    }
    if let Some(r) = tables.relics.get(id) {
        return format!("the {}", r.name);
    }
    id.to_string()
}

/// The log line of one happening.
pub fn line(h: &Happening, names: &FigureNames) -> String {
    let n = |id: u32| names.get(FigureId(id));
    // A space as a player reads the board: by the way to the target, never by coordinates.
    let at = |p: crate::rules::geometry::Pos| names.4.as_ref().map_or_else(|| "a space".to_string(), |h| h.place(p));
    match h {
        Happening::TurnBegan {
            side: Side::Hero(id),
            round,
        } => format!("Round {round}: {}'s turn.", n(*id)),
        Happening::TurnBegan {
            side: Side::Monsters,
            round,
        } => format!("Round {round}: the monster player's turn."),
        Happening::Rolled { figure, face, roll_for } => match roll_for {
            RollFor::Move => format!("{} rolls {face} to move.", n(*figure)),
            RollFor::Heal => format!("{} rolls {face} to heal.", n(*figure)),
            RollFor::Fight => format!("{} rolls {face}.", n(*figure)),
        },
        Happening::Stepped { figure, to, .. } => format!("{} steps on, {}.", n(*figure), at(*to)),
        Happening::Walked { figure, spaces, to } => {
            let s = if *spaces == 1 { "" } else { "s" };
            format!("{} moves {spaces} space{s}, {}.", n(*figure), at(*to))
        }
        Happening::PickedUp {
            hero, thing: t, from, ..
        } => match from {
            Holder::Chest => format!("{} unlocks a chest: {}.", n(*hero), thing(t)),
            Holder::Coffin => format!("{} finds {} in a coffin.", n(*hero), thing(t)),
            Holder::Loose => format!("{} picks up {}.", n(*hero), thing(t)),
        },
        Happening::KeySpent { hero, .. } => format!("{} uses a key.", n(*hero)),
        Happening::DoorOpened { by, .. } => format!("{} opens a door.", n(*by)),
        Happening::RockBroken { hero, at: p } => {
            format!("{} breaks the rock {} with the Pick Axe.", n(*hero), at(*p))
        }
        Happening::CoffinOpened { hero, .. } => format!("{} opens a coffin.", n(*hero)),
        Happening::MonsterAppeared { monster, .. } => format!("{} climbs out!", n(*monster)),
        Happening::Fought { figure, foe, face } => format!("{} fights {}: {face}.", n(*figure), n(*foe)),
        Happening::Defeated { monster, by } => format!("{} defeats {}.", n(*by), n(*monster)),
        Happening::Hurt { hero, lost, health } => format!("{} loses {lost} health ({health} left).", n(*hero)),
        Happening::Deflected { hero } => format!("{}'s Crystal of Deflection turns the blow away.", n(*hero)),
        Happening::Shielded { hero } => format!("{}'s Defence Potion keeps its health.", n(*hero)),
        Happening::KnockedBack { figure, to, .. } => format!("{} is knocked back a space, {}.", n(*figure), at(*to)),
        Happening::Fell { hero } => format!("{} is defeated and must heal before moving again.", n(*hero)),
        Happening::Healed { hero, gained, health } => format!("{} heals {gained} ({health} health).", n(*hero)),
        Happening::Recovered { hero } => format!("{} is back to full health and moves next turn.", n(*hero)),
        Happening::SkillUsed { figure, skill } => format!("{} uses {}.", n(*figure), skill_name(skill)),
        Happening::Bought { hero, item, price } => {
            let name = HeroicaTables::get()
                .store_item(item)
                .map_or(item.as_str(), |(name, _, _)| name);
            format!("{} buys the {name} for {price} gold.", n(*hero))
        }
        Happening::Drank { hero, potion } => {
            let name = HeroicaTables::get()
                .potions
                .get(potion)
                .map_or(potion.clone(), |d| d.name.clone());
            format!("{} drinks the {name}.", n(*hero))
        }
        Happening::Won { hero } => format!("{} wins the mission!", n(*hero)),
        Happening::MonstersWon => "Two heroes defeated: the monster player wins.".into(),
    }
}
