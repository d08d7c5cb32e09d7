//! The board on screen: tilemap floor and fog, walls, doors, furniture, figures and highlights.
//! The view only reads game state; it never decides a rule.

pub mod art;
pub mod board;
pub mod figures;
pub mod heroica;
pub mod highlights;
pub mod sound;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;

use crate::rules::geometry::Pos;

/// Size of one square in world units.
pub const TILE: f32 = 32.0;

/// Screen space the egui panels take (logical pixels), so the board fits in what is left.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PanelInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// The screen shows the whole dungeon: the sorcerer's player holds the device on the
/// sorcerer's move. Otherwise it shows only what the heroes have revealed.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowAll(pub bool);

fn update_show_all(world: &mut World) {
    let now = ShowAll(crate::screen::shows_all(world));
    if world.get_resource::<ShowAll>() != Some(&now) {
        world.insert_resource(now);
    }
}

/// The board square under the mouse, if any.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoverSquare(pub Option<Pos>);

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .init_resource::<PanelInsets>()
        .init_resource::<HoverSquare>()
        .init_resource::<ShowAll>()
        .add_systems(PreUpdate, update_show_all)
        .add_systems(Startup, (spawn_camera, art::load_art))
        .add_systems(Update, fit_camera)
        .add_plugins((
            board::plugin,
            figures::plugin,
            highlights::plugin,
            heroica::plugin,
            sound::plugin,
        ));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Board camera"), Camera2d));
}

/// World position of a square's centre on a board of the given size.
pub fn world_of(p: Pos, width: i32, height: i32) -> Vec2 {
    Vec2::new(
        (p.x as f32 + 0.5 - width as f32 / 2.0) * TILE,
        (height as f32 / 2.0 - p.y as f32 - 0.5) * TILE,
    )
}

/// The square containing a world position.
pub fn square_at(world: Vec2, width: i32, height: i32) -> Option<Pos> {
    let x = (world.x / TILE + width as f32 / 2.0).floor() as i32;
    let y = (height as f32 / 2.0 - world.y / TILE).floor() as i32;
    (x >= 0 && y >= 0 && x < width && y < height).then_some(Pos::new(x, y))
}

/// Zooms and shifts the camera so the whole board fits between the panels.
fn fit_camera(
    insets: Res<PanelInsets>,
    quest: Option<Res<crate::game::model::ActiveQuest>>,
    windows: Query<&Window>,
    mut cams: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Ok(window) = windows.single() else { return };
    let (bw, bh) = quest.map_or((26, 19), |q| (q.0.board.width, q.0.board.height));
    let avail_w = (window.width() - insets.left - insets.right - 24.0).max(100.0);
    let avail_h = (window.height() - insets.top - insets.bottom - 24.0).max(100.0);
    let scale = (bw as f32 * TILE / avail_w).max(bh as f32 * TILE / avail_h);
    for (mut proj, mut tf) in &mut cams {
        if let Projection::Orthographic(o) = proj.as_mut()
            && (o.scale - scale).abs() > 1e-4
        {
            o.scale = scale;
        }
        let x = -(insets.left - insets.right) / 2.0 * scale;
        let y = (insets.top - insets.bottom) / 2.0 * scale;
        if tf.translation.x != x || tf.translation.y != y {
            tf.translation.x = x;
            tf.translation.y = y;
        }
    }
}
