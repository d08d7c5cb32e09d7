//! Floor, fog, walls, doors and furniture of the quest in play.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::art::{self, Art};
use super::{TILE, world_of};
use crate::game::model::{ActiveQuest, Concealed, Door, DoorKind, Fog, Furniture, QuestEntity};
use crate::rules::geometry::{Edge, Pos};
use crate::screen::Screen;

/// Everything drawn for the board; rebuilt when a new quest starts.
#[derive(Component)]
pub struct BoardVisual;

/// A wall segment on one edge.
#[derive(Component)]
pub struct WallSprite(pub Edge);

#[derive(Component)]
struct FloorMap;

#[derive(Component)]
struct DoorVisual;

#[derive(Component)]
struct FurnitureVisual;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            build_board.run_if(resource_exists_and_changed::<ActiveQuest>),
            (
                update_fog,
                fade_in_revealed,
                attach_doors,
                update_doors,
                attach_furniture,
                update_furniture,
            )
                .run_if(resource_exists::<ActiveQuest>)
                .after(build_board),
        )
            .in_set(crate::game::GameSet::Present),
    );
}

fn tile_pos(p: Pos, height: i32) -> TilePos {
    TilePos {
        x: p.x as u32,
        y: (height - 1 - p.y) as u32,
    }
}

fn build_board(
    mut commands: Commands,
    quest: Res<ActiveQuest>,
    art: Option<Res<Art>>,
    old: Query<Entity, With<BoardVisual>>,
) {
    let Some(art) = art else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    let q = &quest.0;
    let b = &q.board;
    let size = TilemapSize {
        x: b.width as u32,
        y: b.height as u32,
    };
    let map = commands
        .spawn((
            Name::new("Floor"),
            BoardVisual,
            FloorMap,
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    let mut storage = TileStorage::empty(size);
    for p in b.squares() {
        let tp = tile_pos(p, b.height);
        // Each room gets its own slight tint so rooms read at a glance.
        let area = b.area(p) as u32;
        let tint = if b.is_room(p) {
            let k = (area * 37 % 9) as f32 / 9.0;
            Color::srgb(0.92 + 0.08 * k, 0.9 + 0.06 * (1.0 - k), 0.88 + 0.1 * k)
        } else {
            Color::WHITE
        };
        // Each tile goes with its map: a tile left behind when the board is built again (a new
        // quest, "Play again", Undo's rebuild) still points at the despawned map, and once it
        // changed (fading in from the fog) the tilemap's render extraction panicked on it, which
        // closed the window with no word (issue 39, the silent exit).
        let tile = commands
            .spawn((
                TileBundle {
                    position: tp,
                    tilemap_id: TilemapId(map),
                    texture_index: TileTextureIndex(art::FOG),
                    color: TileColor(tint),
                    ..default()
                },
                BoardVisual,
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        storage.set(&tp, tile);
    }
    let tile_size = TilemapTileSize {
        x: art::TILE_PX as f32,
        y: art::TILE_PX as f32,
    };
    commands.entity(map).insert(TilemapBundle {
        grid_size: tile_size.into(),
        map_type: TilemapType::Square,
        size,
        storage,
        texture: TilemapTexture::Single(art.floor_atlas.clone()),
        tile_size,
        anchor: TilemapAnchor::Center,
        transform: Transform::from_scale(Vec3::splat(TILE / art::TILE_PX as f32)),
        ..default()
    });

    // Walls: one sprite per edge, shown once a square beside it is revealed.
    let wall_color = Color::srgb(0.16, 0.12, 0.10);
    for edge in b.wall_edges() {
        if q.doors.iter().any(|(d, _)| *d == edge) {
            continue;
        }
        let (a, c) = (world_of(edge.0, b.width, b.height), world_of(edge.1, b.width, b.height));
        let mid = (a + c) / 2.0;
        let size = if edge.0.y == edge.1.y {
            Vec2::new(5.0, TILE + 5.0)
        } else {
            Vec2::new(TILE + 5.0, 5.0)
        };
        commands.spawn((
            Name::new("Wall"),
            BoardVisual,
            WallSprite(edge),
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(wall_color, size),
            Transform::from_translation(mid.extend(2.0)),
            Visibility::Hidden,
        ));
    }
    // The board's rim.
    let (w, h) = (b.width as f32 * TILE, b.height as f32 * TILE);
    for (pos, size) in [
        (Vec2::new(0.0, h / 2.0), Vec2::new(w + 8.0, 8.0)),
        (Vec2::new(0.0, -h / 2.0), Vec2::new(w + 8.0, 8.0)),
        (Vec2::new(w / 2.0, 0.0), Vec2::new(8.0, h + 8.0)),
        (Vec2::new(-w / 2.0, 0.0), Vec2::new(8.0, h + 8.0)),
    ] {
        commands.spawn((
            Name::new("Rim"),
            BoardVisual,
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(wall_color, size),
            Transform::from_translation(pos.extend(2.0)),
        ));
    }
    // LEGO Heroica's board has its own marks (`view::heroica`): no rubble, stairway or goal.
    if q.mission.is_some() {
        return;
    }
    // Blocked squares: a rubble block.
    for p in &q.blocked {
        commands.spawn((
            Name::new("Blocked square"),
            BoardVisual,
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(Color::srgb(0.22, 0.2, 0.19), Vec2::splat(TILE - 2.0)),
            Transform::from_translation(world_of(*p, b.width, b.height).extend(1.5)),
        ));
    }
    // The stairway's icon.
    let s = q.stairway;
    let centre = (world_of(Pos::new(s.x, s.y), b.width, b.height)
        + world_of(Pos::new(s.x + s.w - 1, s.y + s.h - 1), b.width, b.height))
        / 2.0;
    let marker = |commands: &mut Commands, name: &'static str, icon: &str, color: Color, size: f32, at: Vec2| {
        commands.spawn((
            Name::new(name),
            BoardVisual,
            DespawnOnExit(Screen::Playing),
            Sprite {
                image: art.icon(icon),
                color,
                custom_size: Some(Vec2::splat(TILE * size)),
                ..default()
            },
            Transform::from_translation(at.extend(1.2)),
        ));
    };
    marker(
        &mut commands,
        "Stairway",
        "stairs",
        Color::srgba(0.3, 0.22, 0.1, 0.55),
        1.6,
        centre,
    );
    // The square a `Reach` objective names, shown from the start: the goal says "marked".
    if let crate::quest::ObjectiveKind::Reach(p) = q.objective.kind {
        marker(
            &mut commands,
            "Goal",
            "exit",
            Color::srgba(0.95, 0.8, 0.35, 0.85),
            0.8,
            world_of(p, b.width, b.height),
        );
    }
    // An escape's ways out, shown from the start like the stairway: the heroes know where to run.
    if let crate::quest::ObjectiveKind::Escape(exits) = &q.objective.kind {
        for p in exits {
            let at = world_of(*p, b.width, b.height);
            marker(
                &mut commands,
                "Way out",
                "exit",
                Color::srgba(0.55, 0.85, 0.55, 0.8),
                0.8,
                at,
            );
        }
    }
}

/// Floor tiles follow the fog; walls show once either side has been seen.
/// A square just revealed: its floor brightens from the dark over a moment.
#[derive(Component)]
struct Revealing {
    since: f32,
}

const REVEAL_SECONDS: f32 = 0.35;

fn fade_in_revealed(
    time: Res<Time>,
    settings: Option<Res<crate::save::settings::Settings>>,
    mut tiles: Query<(Entity, &Revealing, &mut bevy_ecs_tilemap::tiles::TileColor)>,
    mut commands: Commands,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let speed = settings.map_or(1.0, |s| s.animation_speed);
    for (e, r, mut colour) in &mut tiles {
        let k = ((time.elapsed_secs() - r.since) * speed / REVEAL_SECONDS).clamp(0.0, 1.0);
        let v = 0.2 + 0.8 * k;
        colour.0 = Color::srgb(v, v, v);
        if k >= 1.0 {
            commands.entity(e).remove::<Revealing>();
        } else {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

fn update_fog(
    (fog, show): (Res<Fog>, Res<super::ShowAll>),
    quest: Res<ActiveQuest>,
    maps: Query<&TileStorage, With<FloorMap>>,
    mut tiles: Query<&mut TileTextureIndex>,
    mut walls: Query<(&WallSprite, &mut Visibility)>,
    added: Query<(), Added<FloorMap>>,
    (time, settings, mut commands): (Res<Time>, Option<Res<crate::save::settings::Settings>>, Commands),
) {
    // The sorcerer's view lifting or falling is no reveal: nothing fades in.
    let fade = added.is_empty() && !show.is_changed() && !settings.is_some_and(|s| s.reduced_motion);
    if !fog.is_changed() && !show.is_changed() && added.is_empty() {
        return;
    }
    let revealed = |p: Pos| show.0 || fog.is_revealed(p);
    let q = &quest.0;
    let b = &q.board;
    for storage in &maps {
        for p in b.squares() {
            let Some(e) = storage.get(&tile_pos(p, b.height)) else {
                continue;
            };
            let Ok(mut idx) = tiles.get_mut(e) else {
                continue;
            };
            let want = if q.mission.is_some() {
                // LEGO Heroica: spaces on a baseplate, the whole board in view.
                if q.blocked.contains(&p) {
                    art::BASEPLATE
                } else {
                    art::LEGO_SPACE
                }
            } else if !revealed(p) {
                art::FOG
            } else if q.stairway.contains(p) {
                art::STAIRS
            } else if q.blocked.contains(&p) {
                art::ROCK
            } else if b.is_room(p) {
                art::ROOM
            } else {
                art::CORRIDOR
            };
            if idx.0 != want {
                // Squares coming out of the fog fade in (not the first picture, nor with reduced motion).
                if fade && idx.0 == art::FOG {
                    commands.entity(e).insert(Revealing {
                        since: time.elapsed_secs(),
                    });
                }
                idx.0 = want;
            }
        }
    }
    for (w, mut vis) in &mut walls {
        let want = if revealed(w.0.0) || revealed(w.0.1) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}

fn attach_doors(
    mut commands: Commands,
    quest: Res<ActiveQuest>,
    doors: Query<(Entity, &Door), (Without<DoorVisual>, Without<Concealed>)>,
) {
    let b = &quest.0.board;
    for (e, d) in &doors {
        let mid = (world_of(d.edge.0, b.width, b.height) + world_of(d.edge.1, b.width, b.height)) / 2.0;
        commands.entity(e).insert((
            DoorVisual,
            Sprite::from_color(Color::WHITE, Vec2::ONE),
            Transform::from_translation(mid.extend(3.0)),
            Visibility::Hidden,
        ));
    }
}

/// Closed doors are a solid plank across the wall; open doors a frame with the leaf swung aside.
fn update_doors(
    fog: Res<Fog>,
    show: Res<super::ShowAll>,
    mut doors: Query<(&Door, &mut Sprite, &mut Visibility), With<DoorVisual>>,
) {
    for (d, mut sprite, mut vis) in &mut doors {
        let vertical_wall = d.edge.0.y == d.edge.1.y;
        let (size, mut color) = if d.open {
            (
                if vertical_wall {
                    Vec2::new(TILE * 0.7, 4.0)
                } else {
                    Vec2::new(4.0, TILE * 0.7)
                },
                Color::srgb(0.62, 0.45, 0.25),
            )
        } else {
            (
                if vertical_wall {
                    Vec2::new(9.0, TILE * 0.9)
                } else {
                    Vec2::new(TILE * 0.9, 9.0)
                },
                Color::srgb(0.55, 0.3, 0.1),
            )
        };
        // The action-point module: a lock still shut is iron-grey, a portcullis bars of steel.
        match d.kind {
            DoorKind::Lock if d.locked => color = Color::srgb(0.5, 0.47, 0.42),
            DoorKind::Portcullis => color = Color::srgb(0.35, 0.38, 0.42),
            _ => {}
        }
        if sprite.custom_size != Some(size) || sprite.color != color {
            sprite.custom_size = Some(size);
            sprite.color = color;
        }
        let want = if show.0 || fog.is_revealed(d.edge.0) || fog.is_revealed(d.edge.1) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}

fn attach_furniture(
    mut commands: Commands,
    quest: Res<ActiveQuest>,
    art: Res<Art>,
    pieces: Query<(Entity, &Furniture), (Without<FurnitureVisual>, With<QuestEntity>)>,
) {
    let b = &quest.0.board;
    for (e, f) in &pieces {
        let r = f.rect;
        let a = world_of(Pos::new(r.x, r.y), b.width, b.height);
        let c = world_of(Pos::new(r.x + r.w - 1, r.y + r.h - 1), b.width, b.height);
        let size = Vec2::new(r.w as f32 * TILE - 6.0, r.h as f32 * TILE - 6.0);
        let icon = (r.w.min(r.h) as f32 * TILE * 0.8).min(TILE * 1.4);
        commands
            .entity(e)
            .insert((
                FurnitureVisual,
                Sprite::from_color(Color::srgb(0.36, 0.24, 0.14), size),
                Transform::from_translation(((a + c) / 2.0).extend(2.5)),
                Visibility::Hidden,
            ))
            .with_children(|p| {
                p.spawn((
                    Sprite {
                        image: art.icon(&f.kind),
                        color: Color::srgb(0.93, 0.8, 0.55),
                        custom_size: Some(Vec2::splat(icon)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

fn update_furniture(
    fog: Res<Fog>,
    show: Res<super::ShowAll>,
    mut pieces: Query<(&Furniture, &mut Visibility), With<FurnitureVisual>>,
) {
    for (f, mut vis) in &mut pieces {
        let want = if show.0 || f.rect.squares().any(|p| fog.is_revealed(p)) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}
