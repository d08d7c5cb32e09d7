//! Putting armour on and taking it off (HeroQuest Revised #104, switch `armor_takes_a_turn`):
//! a piece found or handed over in a quest is carried, not worn, until its bearer spends a whole
//! turn putting it on (its Move Action and its other Action, neither begun); taking a worn piece
//! off, to hand it over or to shed its weight, takes a whole turn too. Between quests all of a
//! hero's armour is on.

use bevy::prelude::*;

use super::actions::{Outcome, hero};
use super::{derive_fighter, worn_armor};
use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::set_progress;

/// Why `h` may not put `armor` on (`on`) or take it off now; the piece's name if it may.
pub fn may_change_armour(snap: &Snapshot, h: &FigureSnap, armor: &str, on: bool) -> Result<String, String> {
    let rules = snap.rules();
    if !rules.edition.armor_takes_a_turn {
        return Err("armour is put on and taken off between quests under these rules".into());
    }
    let name = rules.thing_name(armor);
    if !rules.armor.contains_key(armor) || !h.equipment.items.iter().any(|i| i == armor) {
        return Err(format!("{} carries no {name} to put on or take off", h.name));
    }
    if on && !h.equipment.off.iter().any(|i| i == armor) {
        return Err(format!("{} already wears the {name}", h.name));
    }
    if !on && !worn_armor(rules, &h.kind, &h.equipment).iter().any(|i| *i == armor) {
        return Err(format!("{} is not wearing the {name}", h.name));
    }
    let p = snap.turn.progress(h.id);
    if p.acted || p.moving != MoveState::NotStarted || p.allowance.is_some() {
        return Err(format!(
            "putting on or taking off the {name} takes the whole turn, and {} has already rolled, moved or acted",
            h.name
        ));
    }
    // One gate for the Move and the other Action both: a figure that may take neither (held,
    // overburdened with a move begun) may not spend its turn on its armour.
    snap.action_allowed(h, ActionKind::Other)?;
    if !snap.may_start_moving(h) {
        return Err(format!("{} cannot take its Move Action this turn", h.name));
    }
    Ok(name)
}

/// `id` puts `armor` on (`on`) or takes it off: its whole turn.
pub(super) fn change_armour(world: &mut World, snap: &Snapshot, id: FigureId, armor: &str, on: bool) -> Outcome {
    let h = hero(snap, id)?;
    let name = may_change_armour(snap, h, armor, on)?;
    let rules = snap.quest.rules.clone();
    let mut eq = h.equipment.clone();
    if on {
        let i = eq.off.iter().position(|i| i == armor).expect("checked: carried off");
        eq.off.remove(i);
    } else {
        eq.off.push(armor.to_string());
    }
    let fighter = derive_fighter(&rules, &h.kind, &eq);
    world.entity_mut(h.entity).insert((eq, fighter));
    let mut p = snap.turn.progress(h.id);
    p.acted = true;
    p.moving = MoveState::Done;
    set_progress(world, h.id, p);
    Ok(vec![GameEvent::ArmourChanged {
        hero: h.id,
        armor: armor.to_string(),
        name,
        on,
    }])
}

/// The armour `h` could put on or take off now, for its menu.
pub fn armour_choices(snap: &Snapshot, h: &FigureSnap) -> Vec<(String, Command)> {
    let rules = snap.rules();
    if !rules.edition.armor_takes_a_turn {
        return Vec::new();
    }
    let mut v = Vec::new();
    let mut pieces: Vec<&String> = h
        .equipment
        .items
        .iter()
        .filter(|i| rules.armor.contains_key(*i))
        .collect();
    pieces.sort();
    pieces.dedup();
    for a in pieces {
        for on in [true, false] {
            if let Ok(name) = may_change_armour(snap, h, a, on) {
                let what = if on { "Put on" } else { "Take off" };
                v.push((
                    format!("{what} the {name} (the whole turn)"),
                    Command::ChangeArmour {
                        hero: h.id,
                        armor: a.clone(),
                        on,
                    },
                ));
            }
        }
    }
    v
}
