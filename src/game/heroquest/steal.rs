//! Steal (HeroQuest Revised #133): a thief takes a thing an adjacent hero carries but does not
//! use, then runs; once no hero sees it, the thing is lost. Slain, it drops what it took.

use bevy::prelude::*;

use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::*;
use crate::rules::geometry::Pos;
use crate::rules::ruleset::Ability;

/// What a thief may take from hero `h`: a weapon carried but not in hand, a shield or a tool
/// carried, never worn armour and never a one-of-a-kind artifact (read as a Relic, #108).
pub fn stealable(snap: &Snapshot, h: &FigureSnap) -> Vec<String> {
    let rules = snap.rules();
    let mut v: Vec<String> = h
        .equipment
        .items
        .iter()
        .filter(|i| !rules.is_artifact(i))
        .filter(|i| {
            let spare_weapon = rules.weapons.contains_key(*i);
            // Worn armour is in use; a shield is, unless a two-handed weapon is in hand.
            let unused_shield = rules.armor.get(*i).is_some_and(|a| a.shield)
                && h.equipment
                    .weapon
                    .as_ref()
                    .and_then(|w| rules.weapons.get(w))
                    .is_some_and(|w| w.two_handed);
            let tool = rules.items.contains_key(*i);
            spare_weapon || unused_shield || tool
        })
        .cloned()
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The thefts `m` may make now: (hero, thing), each adjacent hero's stealable things.
pub fn thefts(snap: &Snapshot, m: &FigureSnap) -> Vec<(FigureId, String)> {
    if !m.has_ability(&Ability::Steal) || snap.carries_loot(m) || snap.action_allowed(m, ActionKind::Other).is_err() {
        return Vec::new();
    }
    let Some(at) = m.pos else { return Vec::new() };
    snap.heroes()
        .filter(|h| {
            h.alive()
                && !h.captive
                && h.pos
                    .is_some_and(|p| p.is_orthogonally_adjacent(at) && snap.edge_open(at, p))
        })
        .flat_map(|h| stealable(snap, h).into_iter().map(move |i| (h.id, i)))
        .collect()
}

/// The Steal action: `thief` takes `item` from `hero`.
pub(in crate::game) fn steal(
    world: &mut World,
    snap: &Snapshot,
    thief: FigureId,
    hero: FigureId,
    item: &str,
) -> Result<Vec<GameEvent>, String> {
    let m = snap
        .figure(thief)
        .ok_or_else(|| format!("there is no figure {}", thief.0))?;
    super::may_act(snap, m)?;
    if !m.has_ability(&Ability::Steal) {
        return Err(format!("{} does not steal", m.name));
    }
    if snap.carries_loot(m) {
        return Err(format!("{} already carries off a stolen thing", m.name));
    }
    let p = super::take_action(snap, m, ActionKind::Other)?;
    let h = snap
        .figure(hero)
        .ok_or_else(|| format!("there is no figure {}", hero.0))?;
    if !thefts(snap, m).iter().any(|(t, i)| *t == hero && i == item) {
        return Err(format!(
            "{} cannot take that from {}: only a thing it carries and does not use, from beside it",
            m.name, h.name
        ));
    }
    set_progress(world, m.id, p);
    let mut eq = h.equipment.clone();
    if let Some(i) = eq.items.iter().position(|i| i == item) {
        eq.items.remove(i);
    }
    let fighter = super::derive_fighter(snap.rules(), &h.kind, &eq);
    world.entity_mut(h.entity).insert((eq, fighter));
    world
        .resource_mut::<Dungeon>()
        .stolen
        .entry(thief)
        .or_default()
        .push(item.to_string());
    Ok(vec![GameEvent::ItemStolen {
        thief,
        hero,
        item: item.to_string(),
        name: snap.rules().thing_name(item),
    }])
}

/// A thief no hero sees any more has got away with what it took: the things are lost.
pub(in crate::game) fn out_of_sight(world: &mut World) -> Vec<GameEvent> {
    if world.resource::<Dungeon>().stolen.values().all(Vec::is_empty) {
        return Vec::new();
    }
    let Some(snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let mut evs = Vec::new();
    for (thief, items) in &snap.dungeon.stolen {
        let seen = snap.figure(*thief).and_then(|m| m.pos).is_some_and(|at| {
            snap.living_heroes()
                .any(|h| h.pos.is_some_and(|p| p == at || snap.sees(p, at)))
        });
        if seen || items.is_empty() {
            continue;
        }
        world.resource_mut::<Dungeon>().stolen.remove(thief);
        for item in items {
            evs.push(GameEvent::StolenItemLost {
                thief: *thief,
                item: item.clone(),
                name: snap.rules().thing_name(item),
            });
        }
    }
    evs
}

/// A thief slain (or otherwise gone) at `at` drops what it took there, for a hero to pick up.
pub(in crate::game) fn drop_stolen(world: &mut World, thief: FigureId, at: Option<Pos>) -> Vec<GameEvent> {
    if !world.resource::<Dungeon>().stolen.contains_key(&thief) {
        return Vec::new();
    }
    let Some(items) = world.resource_mut::<Dungeon>().stolen.remove(&thief) else {
        return Vec::new();
    };
    let Some(at) = at.filter(|_| !items.is_empty()) else {
        return Vec::new();
    };
    world.spawn((
        Name::new("stolen things"),
        QuestEntity,
        Loot {
            at,
            gold: 0,
            potions: Vec::new(),
            items,
        },
    ));
    vec![GameEvent::StolenItemDropped { thief, at }]
}
