//! LEGO Heroica on screen: what lies on the spaces (gold, keys, potions, weapons, relics,
//! chests, coffins, rocks), the start and target spaces, buttons and magic doors, and what the
//! player to act may do now (`HeroicaView`: the legal commands the action bar, the clicks and
//! the highlights read). The view reads the mission as the rules see it (`Snapshot::table`).

use std::sync::Arc;

use bevy::prelude::*;

use super::art::Art;
use super::{TILE, world_of};
use crate::game::Controllers;
use crate::game::model::{ActiveQuest, Command, EventLog, FigureId, GameEvent, Turn};
use crate::game::snapshot::Snapshot;
use crate::rules::geometry::Pos;
use crate::rules::heroica::play::{Happening, Holder, Table};
use crate::rules::heroica::{MissionDoorKind, Thing};
use crate::screen::Screen;

/// The mission as it stands and what the player to act may do, kept up to date.
#[derive(Resource, Default, Clone)]
pub struct HeroicaView {
    pub table: Option<Arc<Table>>,
    /// Every command the side to act may send, when a person is to act (else empty).
    pub acts: Vec<Command>,
    /// The last roll of the LEGO die: who, the face, and whether for a fight.
    pub last_roll: Option<(u32, String, bool)>,
}

impl HeroicaView {
    /// The move that ends on `p`, if there is one now.
    pub fn move_to(&self, p: Pos) -> Option<&Command> {
        self.acts
            .iter()
            .find(|c| matches!(c, Command::Move { path, .. } if path.last() == Some(&p)))
    }
}

/// A mark on the board for something on a space.
#[derive(Component)]
struct HeroicaMark;

pub fn plugin(app: &mut App) {
    app.init_resource::<HeroicaView>().add_systems(
        Update,
        update_view
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Present)
            .before(super::highlights::update_highlights),
    );
}

/// The icon a thing lying on a space wears.
pub fn thing_icon(thing: &Thing) -> &'static str {
    match thing {
        Thing::Gold(_) => "coin",
        Thing::Key => "key",
        Thing::Potion(_) => "potion",
        Thing::Weapon(_) => "crossed_swords",
        Thing::Relic(_) => "relic",
        Thing::Monster(_) => "coffin",
    }
}

fn update_view(world: &mut World, mut last: Local<Option<(usize, bool)>>) {
    let heroica = world
        .get_resource::<ActiveQuest>()
        .is_some_and(|q| q.0.mission.is_some());
    if !heroica {
        if last.is_some() {
            *last = None;
            world.insert_resource(HeroicaView::default());
        }
        return;
    }
    let len = world.get_resource::<EventLog>().map_or(0, |l| l.0.len());
    let human = world
        .get_resource::<Turn>()
        .is_some_and(|t| world.resource::<Controllers>().human_to_act(t));
    if *last == Some((len, human)) {
        return;
    }
    *last = Some((len, human));
    let Some(snap) = Snapshot::capture(world) else { return };
    let Some(table) = snap.table.clone() else { return };
    let acts = if human {
        snap.quest.system.legal(&snap)
    } else {
        Vec::new()
    };
    let last_roll = world.get_resource::<EventLog>().and_then(|l| {
        l.0.iter().rev().find_map(|e| match e {
            GameEvent::Heroica(Happening::Rolled { figure, face, .. }) => Some((*figure, face.clone(), false)),
            GameEvent::Heroica(Happening::Fought { figure, face, .. }) => Some((*figure, face.clone(), true)),
            _ => None,
        })
    });
    draw_marks(world, &snap, &table);
    world.insert_resource(HeroicaView {
        table: Some(table),
        acts,
        last_roll,
    });
}

/// Marks for the things on the spaces, the rocks, the starts, the target, buttons and doors.
fn draw_marks(world: &mut World, snap: &Snapshot, t: &Table) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<HeroicaMark>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    let Some(art) = world.get_resource::<Art>().cloned() else {
        return;
    };
    let Some(mission) = snap.quest.mission.clone() else {
        return;
    };
    let (w, h) = (snap.board().width, snap.board().height);
    let mark = |world: &mut World, p: Vec2, icon: &str, color: Color, size: f32, z: f32| {
        world.spawn((
            Name::new("Heroica mark"),
            HeroicaMark,
            DespawnOnExit(Screen::Playing),
            Sprite {
                image: art.icon(icon),
                color,
                custom_size: Some(Vec2::splat(TILE * size)),
                ..default()
            },
            Transform::from_translation(p.extend(z)),
        ));
    };
    let at = |p: Pos| world_of(p, w, h);
    for s in &mission.starts {
        mark(world, at(*s), "footprint", Color::srgba(0.35, 0.22, 0.1, 0.6), 0.7, 1.1);
    }
    mark(world, at(t.target), "flag", Color::srgb(0.85, 0.15, 0.15), 0.8, 1.1);
    // A small flag in the corner above any figure, so the target shows under its guardian too
    // (issue 39).
    let corner = at(t.target) + Vec2::new(TILE * 0.32, TILE * 0.32);
    mark(world, corner, "flag", Color::srgb(0.95, 0.2, 0.2), 0.38, 7.0);
    for (p, (holder, thing)) in &t.things {
        match holder {
            Holder::Chest => mark(world, at(*p), "chest", Color::srgb(0.78, 0.55, 0.25), 0.8, 1.2),
            Holder::Coffin => mark(world, at(*p), "coffin", Color::srgb(0.45, 0.42, 0.5), 0.8, 1.2),
            Holder::Loose => {
                let color = match thing {
                    Thing::Gold(_) => Color::srgb(1.0, 0.84, 0.2),
                    Thing::Key => Color::srgb(0.95, 0.75, 0.3),
                    Thing::Potion(_) => Color::srgb(0.45, 0.75, 1.0),
                    Thing::Weapon(_) => Color::srgb(0.85, 0.85, 0.9),
                    Thing::Relic(_) => Color::srgb(0.8, 0.5, 1.0),
                    Thing::Monster(_) => Color::WHITE,
                };
                mark(world, at(*p), thing_icon(thing), color, 0.6, 1.2);
            }
        }
    }
    for r in &t.rocks {
        mark(world, at(*r), "rock", Color::srgb(0.55, 0.52, 0.5), 0.9, 1.2);
    }
    for (b, edge) in &t.buttons {
        let open = t.doors.get(edge).is_some_and(|(_, o)| *o);
        let color = if open {
            Color::srgba(0.5, 0.5, 0.6, 0.6)
        } else {
            Color::srgb(0.6, 0.75, 1.0)
        };
        mark(world, at(*b), "button", color, 0.6, 1.2);
    }
    for (edge, (kind, open)) in &t.doors {
        if *open {
            continue;
        }
        let mid = (at(edge.0) + at(edge.1)) / 2.0;
        let (icon, color) = match kind {
            MissionDoorKind::Magic => ("magic_door", Color::srgb(0.6, 0.75, 1.0)),
            MissionDoorKind::Locked => ("key", Color::srgb(0.95, 0.75, 0.3)),
        };
        mark(world, mid, icon, color, 0.5, 3.5);
    }
}

/// The board's highlights under Heroica: where the player may move (gold rings), the path to the
/// pointed space, the monsters it may fight (red rings).
pub(super) fn highlights(world: &mut World, snap: &Snapshot, hover: Option<Pos>, colour_blind: bool) {
    let Some(view) = world.get_resource::<HeroicaView>().cloned() else {
        return;
    };
    let Some(art) = world.get_resource::<Art>().cloned() else {
        return;
    };
    let (w, h) = (snap.board().width, snap.board().height);
    let spawn = |world: &mut World, p: Pos, color: Color, size: f32, z: f32, image: Option<Handle<Image>>| {
        super::highlights::spawn_highlight(world, world_of(p, w, h), color, size, z, image);
    };
    // Where the roll may end: a gold ring on a light wash (blue for colour-blind players). A
    // green wash was lost on the green baseplate (issue 39).
    let (walk, ring) = if colour_blind {
        (Color::srgba(0.25, 0.55, 1.0, 0.4), Color::srgba(0.35, 0.65, 1.0, 0.95))
    } else {
        (Color::srgba(1.0, 0.92, 0.55, 0.45), Color::srgba(1.0, 0.8, 0.15, 0.95))
    };
    if let Some(actor) = view
        .table
        .as_ref()
        .and_then(|t| t.actor())
        .and_then(|id| view.table.as_ref()?.at(id))
    {
        spawn(
            world,
            actor,
            Color::srgb(1.0, 0.95, 0.5),
            TILE * 1.12,
            4.5,
            Some(art.ring.clone()),
        );
    }
    for c in &view.acts {
        match c {
            Command::Move { path, .. } => {
                if let Some(p) = path.last() {
                    spawn(world, *p, walk, TILE - 4.0, 3.0, None);
                    spawn(world, *p, ring, TILE * 0.92, 3.1, Some(art.ring.clone()));
                }
                if path.last() == hover.as_ref() {
                    for (i, q) in path.iter().enumerate() {
                        let size = if i + 1 == path.len() { 12.0 } else { 8.0 };
                        spawn(
                            world,
                            *q,
                            Color::srgba(1.0, 1.0, 1.0, 0.8),
                            size,
                            3.2,
                            Some(art.disc.clone()),
                        );
                    }
                }
            }
            Command::Attack { target, .. }
            | Command::UseSkill {
                target: Some(target), ..
            } => {
                if let Some(p) = snap.figure(*target).and_then(|f| f.pos) {
                    spawn(
                        world,
                        p,
                        Color::srgb(0.95, 0.2, 0.2),
                        TILE * 1.05,
                        4.6,
                        Some(art.ring.clone()),
                    );
                }
            }
            _ => {}
        }
    }
}

/// A command in the action bar's and the menu's words. `hero_name`: a hero's name by id.
pub fn label(c: &Command, t: &Table, hero_name: &dyn Fn(FigureId) -> Option<String>) -> String {
    use crate::game::heroica::describe::skill_name;
    use crate::rules::heroica::HeroicaTables;
    use crate::rules::heroica::play::Stage;
    let tables = HeroicaTables::get();
    let name = |id: FigureId| {
        t.monster(id.0)
            .and_then(|m| tables.monsters.get(&m.kind))
            .map(|d| d.name.clone())
            .or_else(|| hero_name(id))
            .unwrap_or_else(|| format!("#{}", id.0))
    };
    let at = |q: &Pos| format!("({}, {})", q.x, q.y);
    match c {
        Command::RollMovement { hero } if t.monster(hero.0).is_some() => format!("Take the {} and roll", name(*hero)),
        Command::RollMovement { .. } => "Roll the die (R)".into(),
        Command::EndTurn => "End turn (E)".into(),
        Command::TakeRoll { .. } => "Take the roll".into(),
        Command::Attack { target, .. } => match &t.turn.stage {
            Stage::ShieldFight { .. } => format!("Defeat the {}", name(*target)),
            _ => format!("Fight the {}", name(*target)),
        },
        Command::DrinkPotion { potion, .. } => {
            format!(
                "Drink {}",
                tables
                    .potions
                    .get(potion)
                    .map_or(potion.clone(), |d| format!("the {}", d.name))
            )
        }
        Command::DrinkAt { potion, target, .. } => {
            let drink = tables.potions.get(potion).map_or(potion.clone(), |d| d.name.clone());
            let place = t
                .monster(target.0)
                .and_then(|m| m.at)
                .map(|q| format!(" at {}", at(&q)));
            format!(
                "Drink the {drink}: defeat the {}{}",
                name(*target),
                place.unwrap_or_default()
            )
        }
        Command::Buy { item, .. } => {
            let (n, price, _) = tables.store_item(item).unwrap_or((item, 0, false));
            format!("Buy the {n} ({price} gold)")
        }
        Command::UseSkill { skill, target, to, .. } => {
            let mut s = format!("Use {}", skill_name(skill));
            if let Some(q) = to {
                s.push_str(&format!(", to {}", at(q)));
            }
            if let Some(id) = target {
                s.push_str(&format!(": the {}", name(*id)));
            }
            s
        }
        Command::Move { path, .. } => format!("Move to {}", path.last().map(at).unwrap_or_default()),
        other => format!("{other:?}"),
    }
}

/// A keyboard or gamepad player's menu under Heroica: every choice but the moves (those are
/// made with the board cursor), in the action bar's words.
pub fn menu_lines(snap: &Snapshot) -> Vec<(String, Command)> {
    let Some(t) = &snap.table else { return Vec::new() };
    let names = |id: FigureId| snap.figure(id).filter(|f| f.hero).map(|f| f.name.clone());
    snap.quest
        .system
        .legal(snap)
        .into_iter()
        .filter(|c| !matches!(c, Command::Move { .. }))
        .map(|c| (label(&c, t, &names), c))
        .collect()
}
