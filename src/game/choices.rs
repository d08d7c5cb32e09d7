//! What the active hero may do now besides walking and melee: the action bar's list and the
//! random bot's menu. Read off a snapshot; the game still judges every command when it comes.

use bevy::prelude::*;

use super::model::{Command, StatusKind, TrapState};
use super::snapshot::{FigureSnap, Snapshot};
use crate::rules::ruleset::SpellTarget;

/// The active hero's spells that can be cast now, each with its targets: (spell, name, text, targets).
#[derive(Resource, Default, Clone, Debug)]
pub struct SpellChoices(pub Vec<(String, String, String, Vec<(String, Command)>)>);

/// Everything else the active hero may do now (searches, traps, shots, potions, gifts...), as
/// (label, command), and the spells with their targets.
pub fn action_choices(snap: &Snapshot, h: &FigureSnap) -> (Vec<(String, Command)>, SpellChoices) {
    let mut v = Vec::new();
    let mut spells = SpellChoices::default();
    let Some(at) = h.pos else {
        return (v, spells);
    };
    let p = snap.turn.progress(h.id);
    let rules = snap.rules();
    let can_act = !p.acted
        || (h.has(StatusKind::HeroicBrew) && p.attacks == 1 && p.spells == 0)
        || (h.equipment.has("wand_of_magic") && p.spells == 1 && p.attacks == 0);
    if can_act {
        for w in snap.ranged_weapons(h) {
            for t in snap
                .monsters()
                .filter(|t| snap.can_shoot(h, t) && !snap.can_attack(h, t))
            {
                v.push((
                    format!(
                        "{} {} with {}",
                        if rules.weapons[&w].thrown { "Throw at" } else { "Shoot" },
                        super::describe::in_sentence(&t.name),
                        super::describe::the(&rules.thing_name(&w))
                    ),
                    Command::Shoot {
                        attacker: h.id,
                        target: t.id,
                        weapon: w.clone(),
                    },
                ));
            }
        }
        for spell in h.spellbook.ready() {
            let Some(d) = rules.spells.get(spell) else { continue };
            let targets: Vec<(String, Command)> = snap
                .figures
                .iter()
                .filter(|t| t.alive())
                .filter(|t| match d.target {
                    SpellTarget::Caster => t.id == h.id,
                    SpellTarget::Ally => t.hero && (t.id == h.id || t.pos.is_some_and(|q| snap.sees(at, q))),
                    SpellTarget::Enemy => !t.hero && t.awake && t.pos.is_some_and(|q| snap.sees(at, q)),
                })
                // Spell System, Sleep: the dead do not sleep.
                .filter(|t| {
                    !(t.undead && d.effect == crate::rules::ruleset::Effect::Status(super::model::StatusKind::Asleep))
                })
                .map(|t| {
                    let who = if t.id == h.id {
                        "yourself".to_string()
                    } else {
                        format!("{} ({} body)", t.name, t.body)
                    };
                    (
                        format!("on {who}"),
                        Command::CastSpell {
                            caster: h.id,
                            spell: spell.clone(),
                            target: t.id,
                        },
                    )
                })
                .collect();
            spells.0.push((spell.clone(), d.name.clone(), d.text.clone(), targets));
        }
    }
    if !p.acted {
        // Only the searches the rules allow now (Action 3: a room clear of monsters; Actions 4
        // and 5: no monster in sight), so the action bar, the menus and the random bot never
        // offer a refused one.
        let area = snap.area(at);
        let room_clear = !snap.monsters().any(|m| m.pos.is_some_and(|q| snap.area(q) == area));
        if area != crate::rules::board::CORRIDOR && !snap.dungeon.searched.contains(&(h.id, area)) && room_clear {
            v.push(("Search for treasure".into(), Command::SearchTreasure { hero: h.id }));
        }
        if snap.visible_monsters(h).next().is_none() {
            v.push(("Search for traps".into(), Command::SearchTraps { hero: h.id }));
            v.push((
                "Search for secret doors".into(),
                Command::SearchSecretDoors { hero: h.id },
            ));
        }
        let disarmer = rules.heroes.get(&h.kind).is_some_and(|d| d.disarms_without_kit) || h.equipment.has("tool_kit");
        for t in snap.traps.iter().filter(|t| t.state == TrapState::Known) {
            let near = crate::game::actions::next_to_trap(snap, at, t);
            let clear = t.furniture.is_some() || snap.figure_at(t.at).is_none();
            if near && disarmer && clear {
                v.push((
                    format!("Disarm the trap at {}", t.at),
                    Command::DisarmTrap { hero: h.id, trap: t.id },
                ));
            }
        }
    }
    if p.allowance.is_some() && p.can_move() && p.steps_left() >= rules.traps.jump_squares {
        for t in snap
            .traps
            .iter()
            .filter(|t| t.state == TrapState::Known && t.furniture.is_none())
        {
            if !(t.at.is_orthogonally_adjacent(at) && snap.edge_open(at, t.at)) || snap.figure_at(t.at).is_some() {
                continue;
            }
            for to in t.at.neighbours() {
                if to != at && snap.board().in_bounds(to) && snap.can_step(h, t.at, to) && snap.can_stop_on(h, to) {
                    v.push((
                        format!("Jump the trap to {to}"),
                        Command::JumpTrap {
                            hero: h.id,
                            trap: t.id,
                            to,
                        },
                    ));
                }
            }
        }
    }
    for potion in &h.inventory.potions {
        let c = Command::DrinkPotion {
            hero: h.id,
            potion: potion.clone(),
        };
        let label = format!("Drink {}", super::describe::the(&rules.thing_name(potion)));
        if !v.iter().any(|(l, _)| *l == label) {
            v.push((label, c));
        }
    }
    for o in snap.living_heroes().filter(|o| o.id != h.id) {
        let Some(op) = o.pos else { continue };
        if !(op.is_orthogonally_adjacent(at) && snap.edge_open(op, at)) {
            continue;
        }
        let mut things: Vec<&String> = h.inventory.potions.iter().collect();
        things.extend(
            h.equipment
                .weapon
                .iter()
                .chain(h.equipment.items.iter())
                .filter(|i| rules.is_artifact(i)),
        );
        things.dedup();
        for t in things {
            v.push((
                format!("Give {} to {}", super::describe::the(&rules.thing_name(t)), o.name),
                Command::Give {
                    from: h.id,
                    to: o.id,
                    item: t.clone(),
                },
            ));
        }
    }
    if crate::game::actions::loot_within_reach(snap, h).is_some() {
        v.push((
            "Pick up the fallen hero's things".into(),
            Command::PickUp { hero: h.id },
        ));
    }
    if h.equipment.has("ring_of_return") && !snap.dungeon.used.contains(&(h.id, "ring_of_return".to_string())) {
        v.push((
            "Use the Ring of Return".into(),
            Command::UseArtifact {
                hero: h.id,
                item: "ring_of_return".into(),
            },
        ));
    }
    // Another carried weapon in hand (free): each the hero may wield.
    for w in h.equipment.items.iter().filter(|w| rules.weapons.contains_key(*w)) {
        if crate::game::logic::may_carry(rules, &h.kind, w, &Default::default()).is_ok() {
            let c = Command::Wield {
                hero: h.id,
                weapon: w.clone(),
            };
            let label = format!("Take {} in hand", super::describe::the(&rules.thing_name(w)));
            if !v.iter().any(|(l, _)| *l == label) {
                v.push((label, c));
            }
        }
    }
    for d in snap.doors.iter().filter(|d| d.open && d.edge.touches(at)) {
        v.push(("Close the door".into(), Command::CloseDoor { hero: h.id, door: d.id }));
    }
    if !snap.turn.objective_done && snap.on_stairway(at) {
        v.push(("Retreat up the stairway".into(), Command::Retreat { hero: h.id }));
    }
    (v, spells)
}
