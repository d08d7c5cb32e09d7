//! What the quest events that a rule system must judge do under the HeroQuest rules: monsters
//! that appear (with the rule set's stats, on the square or the nearest free one) and a thing
//! given to a hero (a potion, an item stowed as the gear rules allow, an artifact only once).

use bevy::prelude::*;

use crate::game::model::*;
use crate::game::snapshot::Snapshot;
use crate::game::world::next_figure_id;
use crate::quest::QuestMonster;
use crate::rules::geometry::Pos;

use super::{free_squares_near, receive_item, reveal, spawn_monster};

/// A quest event's monsters appear, each awake at once if the heroes can see it.
pub(in crate::game) fn bring_monsters(world: &mut World, monsters: &[QuestMonster]) -> Vec<GameEvent> {
    let Some(mut snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let mut evs = Vec::new();
    for m in monsters {
        let free = |s: &Snapshot, p: Pos| s.figure_at(p).is_none() && !s.is_solid(p);
        let Some(at) = Some(m.at)
            .filter(|p| free(&snap, *p))
            .or_else(|| free_squares_near(&snap, m.at, 1).first().copied())
        else {
            continue;
        };
        let id = next_figure_id(world);
        let name = spawn_monster(world, id, &m.kind, m.name.clone(), &m.stats, at, &m.spells);
        world.resource_mut::<FigureNames>().0.insert(id, name);
        if let Some(g) = &m.group {
            world.resource_mut::<Dungeon>().groups.insert(id, g.clone());
        }
        evs.push(GameEvent::MonsterSummoned { figure: id, at });
        // One that appears in sight of the heroes is awake at once.
        evs.extend(reveal(world));
        snap = Snapshot::capture(world).expect("quest in play");
    }
    evs
}

/// A quest event gives `item` to `hero`.
pub(in crate::game) fn give(world: &mut World, snap: &Snapshot, hero: FigureId, item: &str) -> Vec<GameEvent> {
    let rules = snap.quest.rules.clone();
    let mut evs = Vec::new();
    if let Some(h) = snap.figure(hero) {
        let name = rules.thing_name(item);
        if rules.potions.contains_key(item) {
            if let Some(mut inv) = world.get_mut::<Inventory>(h.entity) {
                inv.potions.push(item.to_string());
            }
            evs.push(GameEvent::PotionFound {
                hero,
                potion: item.to_string(),
                name,
            });
        } else if rules.is_artifact(item) && snap.figures.iter().any(|f| f.hero && f.equipment.has(item)) {
            // An artifact is one of a kind: a party that already has it (brought from
            // an earlier quest of the campaign) finds nothing more.
        } else {
            receive_item(world, h, item);
            evs.push(GameEvent::ItemFound {
                hero,
                item: item.to_string(),
                name,
            });
        }
    }
    evs
}
