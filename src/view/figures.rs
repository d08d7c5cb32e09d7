//! Heroes and monsters on the board: a coloured disc with the figure's icon, sliding between squares.

use bevy::prelude::*;

use super::art::Art;
use super::{TILE, world_of};
use crate::game::model::{ActiveQuest, Awake, Body, Captive, FigureId, Fog, GridPos, Hero, Monster};

#[derive(Component)]
pub struct FigureVisual;

/// The small body counter under a monster with more than one body point.
#[derive(Component)]
struct BodyBadge;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (attach_figures, place_figures, update_badges)
            .chain()
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Present),
    );
}

/// Colour of each hero's disc, and of each monster kind's icon (monsters stand on a dark disc).
pub fn figure_color(kind: &str) -> Color {
    match kind {
        "barbarian" => Color::srgb(0.8, 0.28, 0.2),
        "dwarf" => Color::srgb(0.85, 0.62, 0.15),
        "elf" => Color::srgb(0.22, 0.66, 0.34),
        "wizard" => Color::srgb(0.28, 0.45, 0.9),
        "goblin" => Color::srgb(0.55, 0.85, 0.3),
        "orc" => Color::srgb(0.45, 0.7, 0.25),
        "skeleton" => Color::srgb(0.92, 0.9, 0.8),
        "zombie" => Color::srgb(0.6, 0.75, 0.55),
        "mummy" => Color::srgb(0.9, 0.8, 0.55),
        "abomination" => Color::srgb(0.35, 0.8, 0.8),
        "dread_warrior" => Color::srgb(0.75, 0.5, 0.95),
        "gargoyle" => Color::srgb(0.7, 0.7, 0.78),
        "captive" => Color::srgb(0.62, 0.55, 0.42),
        _ => Color::srgb(0.9, 0.3, 0.3),
    }
}

fn attach_figures(
    mut commands: Commands,
    art: Res<Art>,
    quest: Res<ActiveQuest>,
    figures: Query<
        (Entity, Option<&Hero>, Option<&Monster>, Option<&GridPos>, &Body, Has<Captive>),
        (With<FigureId>, Without<FigureVisual>),
    >,
) {
    let b = &quest.0.board;
    for (e, hero, monster, pos, body, captive) in &figures {
        let kind = hero
            .map(|h| h.class.clone())
            .or_else(|| monster.map(|m| m.kind.clone()))
            .unwrap_or_else(|| if captive { "captive".into() } else { String::new() });
        let start = pos.map_or(Vec2::ZERO, |p| world_of(p.0, b.width, b.height));
        // The captive stands on the heroes' side and looks it: a hero's disc in sackcloth.
        let is_hero = hero.is_some() || captive;
        let named = monster.is_some_and(|m| m.name.is_some());
        commands
            .entity(e)
            .insert((
                FigureVisual,
                Sprite {
                    image: art.disc.clone(),
                    color: if is_hero {
                        figure_color(&kind)
                    } else {
                        Color::srgb(0.13, 0.08, 0.08)
                    },
                    custom_size: Some(Vec2::splat(TILE * 0.92)),
                    ..default()
                },
                Transform::from_translation(start.extend(5.0)),
                Visibility::Hidden,
            ))
            .with_children(|p| {
                // Heroes wear a light rim, monsters a dark red one (gold for named foes).
                let rim = if is_hero {
                    Color::srgb(0.95, 0.92, 0.8)
                } else if named {
                    Color::srgb(0.95, 0.75, 0.2)
                } else {
                    Color::srgb(0.75, 0.12, 0.1)
                };
                p.spawn((
                    Sprite {
                        image: art.ring.clone(),
                        color: rim,
                        custom_size: Some(Vec2::splat(TILE * 0.96)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.05),
                ));
                p.spawn((
                    Sprite {
                        image: art.icon(&kind),
                        color: if is_hero {
                            Color::srgb(0.98, 0.96, 0.9)
                        } else {
                            figure_color(&kind)
                        },
                        custom_size: Some(Vec2::splat(TILE * 0.7)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                if (!is_hero || captive) && body.max > 1 {
                    p.spawn((
                        BodyBadge,
                        Text2d::new(body.current.to_string()),
                        TextFont {
                            font_size: FontSize::Px(11.0),
                            ..default()
                        },
                        TextColor(Color::srgb(1.0, 0.85, 0.85)),
                        Transform::from_xyz(TILE * 0.32, -TILE * 0.3, 0.2),
                    ));
                }
            });
    }
}

/// Figures slide towards their square; unseen monsters, the dead and the escaped are hidden.
fn place_figures(
    time: Res<Time>,
    quest: Res<ActiveQuest>,
    fog: Option<Res<Fog>>,
    mut figures: Query<
        (&mut Transform, &mut Visibility, Option<&GridPos>, Has<Hero>, Has<Awake>, Has<Captive>),
        With<FigureVisual>,
    >,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let b = &quest.0.board;
    let t = (time.delta_secs() * 14.0).min(1.0);
    for (mut tf, mut vis, pos, hero, awake, captive) in &mut figures {
        // The captive shows once the heroes have seen their square.
        let seen = |p: &GridPos| captive && fog.as_ref().is_some_and(|f| f.is_revealed(p.0));
        let want = match pos {
            Some(p) if hero || awake || seen(p) => {
                let target = world_of(p.0, b.width, b.height);
                let cur = tf.translation.truncate();
                let next = if *vis == Visibility::Hidden || cur.distance(target) < 0.5 {
                    target
                } else {
                    cur.lerp(target, t)
                };
                if cur != next {
                    tf.translation.x = next.x;
                    tf.translation.y = next.y;
                }
                if next != target {
                    // Still sliding: the window otherwise sleeps until the next input.
                    redraw.write(bevy::window::RequestRedraw);
                }
                Visibility::Inherited
            }
            _ => Visibility::Hidden,
        };
        if *vis != want {
            *vis = want;
        }
    }
}

fn update_badges(bodies: Query<(&Body, &Children), Changed<Body>>, mut badges: Query<&mut Text2d, With<BodyBadge>>) {
    for (body, children) in &bodies {
        for c in children.iter() {
            if let Ok(mut t) = badges.get_mut(c) {
                t.0 = body.current.to_string();
            }
        }
    }
}
