//! What the active hero can do, drawn on the board: reachable squares, the path under the mouse,
//! monsters in reach and doors that can be opened.

use bevy::prelude::*;

use super::art::Art;
use super::{HoverSquare, TILE, world_of};
use crate::app::Screen;
use crate::game::model::{ActiveQuest, Command, EventLog, Phase, StatusKind, TrapKind, TrapState};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::{Controller, Controllers};
use crate::rules::geometry::Pos;
use crate::rules::ruleset::SpellTarget;

#[derive(Component)]
pub struct Highlight;

/// The actions the active human hero can take now, for the action bar: (label, command).
#[derive(Resource, Default, Clone, Debug)]
pub struct HeroChoices(pub Vec<(String, Command)>);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_highlights
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Present),
    );
}

/// The moves the active human hero could make now, shared by the view and the mouse input.
pub struct HeroOptions {
    pub reachable: Vec<(Pos, u16)>,
    pub field: Option<crate::rules::paths::DistanceField>,
}

pub fn hero_options(snap: &Snapshot) -> Option<HeroOptions> {
    let h = snap.active_hero()?;
    let p = snap.turn.progress(h.id);
    if !p.can_move() {
        return Some(HeroOptions {
            reachable: Vec::new(),
            field: None,
        });
    }
    let field = snap.reach(h, p.steps_left() as u16)?;
    let reachable = field
        .reached()
        .filter(|(q, d)| *d > 0 && snap.can_stop_on(h, *q))
        .collect();
    Some(HeroOptions {
        reachable,
        field: Some(field),
    })
}

fn update_highlights(world: &mut World, mut last: Local<Option<(usize, Option<Pos>, bool)>>) {
    let len = world.get_resource::<EventLog>().map_or(0, |l| l.0.len());
    let hover = world.resource::<HoverSquare>().0;
    let human = world.resource::<Controllers>().heroes == Controller::Human;
    let key = (len, hover, human);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    world.insert_resource(HeroChoices::default());
    world.insert_resource(SpellChoices::default());
    let old: Vec<Entity> = world.query_filtered::<Entity, With<Highlight>>().iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    let Some(snap) = Snapshot::capture(world) else {
        return;
    };
    let Some(art) = world.get_resource::<Art>().cloned() else {
        return;
    };
    let (w, h) = (snap.board().width, snap.board().height);
    let spawn = |world: &mut World, p: Pos, color: Color, size: f32, z: f32, image: Option<Handle<Image>>| {
        let sprite = match image {
            Some(img) => Sprite {
                image: img,
                color,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            None => Sprite::from_color(color, Vec2::splat(size)),
        };
        world.spawn((
            Name::new("Highlight"),
            Highlight,
            DespawnOnExit(Screen::Playing),
            sprite,
            Transform::from_translation(world_of(p, w, h).extend(z)),
        ));
    };
    // The monster the sorcerer is moving now.
    let acting = world
        .get_resource::<crate::game::SorcererMind>()
        .and_then(|m| m.turn.current);
    if snap.turn.phase == Phase::Sorcerer
        && let Some(at) = acting.and_then(|id| snap.figure(id)).and_then(|f| f.pos)
    {
        spawn(
            world,
            at,
            Color::srgb(1.0, 0.45, 0.2),
            TILE * 1.12,
            4.5,
            Some(art.ring.clone()),
        );
    }
    if let Phase::Hero(id) = snap.turn.phase
        && let Some(hero) = snap.figure(id).and_then(|f| f.pos)
    {
        spawn(
            world,
            hero,
            Color::srgb(1.0, 0.95, 0.5),
            TILE * 1.12,
            4.5,
            Some(art.ring.clone()),
        );
    }
    // Traps the heroes know of, open pits, fallen blocks, and a fallen hero's possessions.
    for t in snap
        .traps
        .iter()
        .filter(|t| t.furniture.is_none() && snap.fog.is_revealed(t.at))
    {
        match (t.kind, t.state) {
            (_, TrapState::Known) => {
                spawn(
                    world,
                    t.at,
                    Color::srgba(1.0, 0.55, 0.1, 0.9),
                    TILE * 0.9,
                    1.5,
                    Some(art.ring.clone()),
                );
                spawn(
                    world,
                    t.at,
                    Color::srgba(1.0, 0.6, 0.2, 0.9),
                    TILE * 0.5,
                    1.6,
                    Some(art.icon("skull")),
                );
            }
            (TrapKind::Pit, TrapState::Sprung) => {
                spawn(world, t.at, Color::srgb(0.05, 0.04, 0.04), TILE - 8.0, 1.2, None);
            }
            (TrapKind::FallingBlock, TrapState::Sprung) => {
                spawn(world, t.at, Color::srgb(0.42, 0.4, 0.38), TILE - 2.0, 2.6, None);
                spawn(world, t.at, Color::srgb(0.3, 0.28, 0.27), TILE * 0.6, 2.7, None);
            }
            _ => {}
        }
    }
    for t in snap.traps.iter().filter(|t| t.state == TrapState::Known) {
        if let Some(i) = t.furniture {
            let r = snap.quest.furniture[i].rect;
            spawn(
                world,
                Pos::new(r.x, r.y),
                Color::srgba(1.0, 0.55, 0.1, 0.9),
                TILE * 0.9,
                3.0,
                Some(art.ring.clone()),
            );
        }
    }
    for (_, l) in &snap.loot {
        spawn(
            world,
            l.at,
            Color::srgb(0.95, 0.8, 0.3),
            TILE * 0.45,
            1.7,
            Some(art.icon("chest")),
        );
    }
    if !human {
        return;
    }
    let Some(active) = snap.active_hero().cloned() else {
        return;
    };
    if let Some(opts) = hero_options(&snap) {
        for (p, _) in &opts.reachable {
            spawn(world, *p, Color::srgba(0.35, 0.85, 0.45, 0.28), TILE - 4.0, 1.0, None);
        }
        if let (Some(field), Some(target)) = (&opts.field, hover)
            && opts.reachable.iter().any(|(p, _)| *p == target)
        {
            for p in field.path_to(target).unwrap_or_default() {
                spawn(
                    world,
                    p,
                    Color::srgba(1.0, 0.9, 0.4, 0.85),
                    TILE * 0.55,
                    1.1,
                    Some(art.icon("footprint")),
                );
            }
        }
    }
    let mut choices = HeroChoices::default();
    if !snap.turn.progress(active.id).acted {
        for t in snap.attack_targets(&active) {
            choices.0.push((
                format!("Attack {} ({} body)", t.name, t.body),
                Command::Attack {
                    attacker: active.id,
                    target: t.id,
                },
            ));
            if let Some(p) = t.pos {
                spawn(
                    world,
                    p,
                    Color::srgba(1.0, 0.25, 0.2, 0.95),
                    TILE * 1.1,
                    4.6,
                    Some(art.ring.clone()),
                );
            }
        }
    }
    if let Some(at) = active.pos {
        for d in snap.doors.iter().filter(|d| !d.open && d.edge.touches(at)) {
            choices.0.push((
                "Open the door".to_string(),
                Command::OpenDoor {
                    hero: active.id,
                    door: d.id,
                },
            ));
            if let Some(other) = d.edge.other(at) {
                spawn(
                    world,
                    other,
                    Color::srgba(0.95, 0.7, 0.3, 0.45),
                    TILE - 6.0,
                    1.0,
                    Some(art.icon("door")),
                );
            }
        }
    }
    let (more, spells) = action_choices(&snap, &active);
    choices.0.extend(more);
    world.insert_resource(choices);
    world.insert_resource(spells);
}

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
                        "{} {} with the {}",
                        if rules.weapons[&w].thrown { "Throw at" } else { "Shoot" },
                        t.name,
                        rules.thing_name(&w)
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
        let area = snap.area(at);
        if area != crate::rules::board::CORRIDOR && !snap.dungeon.searched.contains(&(h.id, area)) {
            v.push(("Search for treasure".into(), Command::SearchTreasure { hero: h.id }));
        }
        v.push(("Search for traps".into(), Command::SearchTraps { hero: h.id }));
        v.push((
            "Search for secret doors".into(),
            Command::SearchSecretDoors { hero: h.id },
        ));
        let disarmer = rules.heroes.get(&h.kind).is_some_and(|d| d.disarms_without_kit) || h.equipment.has("tool_kit");
        for t in snap.traps.iter().filter(|t| t.state == TrapState::Known) {
            let near = crate::game::actions::next_to_trap(snap, at, t);
            if near && disarmer {
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
            if !(t.at.is_orthogonally_adjacent(at) && snap.edge_open(at, t.at)) {
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
        let label = format!("Drink the {}", rules.thing_name(potion));
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
                format!("Give the {} to {}", rules.thing_name(t), o.name),
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
    for d in snap.doors.iter().filter(|d| d.open && d.edge.touches(at)) {
        v.push(("Close the door".into(), Command::CloseDoor { hero: h.id, door: d.id }));
    }
    if !snap.turn.objective_done && snap.on_stairway(at) {
        v.push(("Retreat up the stairway".into(), Command::Retreat { hero: h.id }));
    }
    (v, spells)
}
