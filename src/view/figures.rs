//! Heroes and monsters on the board: a coloured disc with the figure's icon, sliding between squares.

use bevy::prelude::*;

use super::art::Art;
use super::{TILE, world_of};
use crate::game::model::{ActiveQuest, Awake, Body, Captive, FigureId, Fog, GridPos, Hero, Mind, Monster, Retainer};
use crate::rules::geometry::Pos;
use crate::save::settings::{Palette, Settings};

#[derive(Component)]
pub struct FigureVisual;

/// The small body counter under a monster with more than one body point.
#[derive(Component)]
struct BodyBadge;

/// The hero's mind points, under the other corner of the disc.
#[derive(Component)]
struct MindBadge;

/// Where each figure was last drawn (a slain monster's entity is gone by the time its blow is shown).
#[derive(Resource, Default)]
pub struct LastDrawn(pub std::collections::HashMap<FigureId, Vec2>);

/// A number rising off a figure that was hurt or healed.
#[derive(Component)]
struct Floater {
    born: f32,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<LastDrawn>()
        .add_systems(OnExit(crate::screen::Screen::Playing), |mut d: ResMut<LastDrawn>| {
            d.0.clear()
        })
        .add_systems(
            Update,
            (
                attach_figures,
                place_figures,
                update_badges,
                recolour_heroes,
                float_numbers,
                fade_floaters,
            )
                .chain()
                .run_if(resource_exists::<ActiveQuest>)
                .in_set(crate::game::GameSet::Present),
        );
}

/// How long a floating number stays.
const FLOAT_SECONDS: f32 = 1.1;

/// "-2" over a figure that lost body points, "+3" over one healed.
fn float_numbers(
    mut events: MessageReader<crate::game::model::GameEvent>,
    drawn: Res<LastDrawn>,
    time: Res<Time>,
    art: Res<Art>,
    restored: Option<Res<crate::screen::JustRestored>>,
    mut commands: Commands,
) {
    use crate::game::model::GameEvent;
    for e in events.read() {
        // A figure that falls leaves a skull that rises and fades where it stood.
        if let GameEvent::MonsterKilled { figure, .. }
        | GameEvent::HeroKilled { figure, .. }
        | GameEvent::ManAtArmsKilled { figure, .. }
        | GameEvent::CaptiveKilled { captive: figure, .. } = e
            && restored.is_none()
            && let Some(at) = drawn.0.get(figure)
        {
            commands.spawn((
                Floater {
                    born: time.elapsed_secs(),
                },
                DespawnOnExit(crate::screen::Screen::Playing),
                Sprite {
                    image: art.icon("skull"),
                    color: Color::srgba(0.95, 0.9, 0.85, 0.9),
                    custom_size: Some(Vec2::splat(TILE * 0.8)),
                    ..default()
                },
                Transform::from_translation(at.extend(8.5)),
            ));
        }
        let (who, text, colour) = match e {
            GameEvent::Attack { target, damage, .. } if *damage > 0 => {
                (*target, format!("-{damage}"), Color::srgb(1.0, 0.35, 0.3))
            }
            GameEvent::Attack { target, .. } => (*target, "blocked".to_string(), Color::srgb(0.85, 0.85, 0.95)),
            GameEvent::Healed { figure, amount, .. } if *amount > 0 => {
                (*figure, format!("+{amount}"), Color::srgb(0.45, 0.95, 0.5))
            }
            _ => continue,
        };
        if restored.is_some() {
            continue;
        }
        let Some(at) = drawn.0.get(&who) else { continue };
        commands.spawn((
            Floater {
                born: time.elapsed_secs(),
            },
            DespawnOnExit(crate::screen::Screen::Playing),
            Text2d::new(text),
            TextFont {
                font_size: FontSize::Px(18.0),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation((*at + Vec2::new(0.0, TILE * 0.45)).extend(9.0)),
        ));
    }
}

/// Floating numbers rise and fade (or only wait, with reduced motion), then go.
fn fade_floaters(
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut floaters: Query<(
        Entity,
        &Floater,
        &mut Transform,
        Option<&mut TextColor>,
        Option<&mut Sprite>,
    )>,
    mut commands: Commands,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (speed, still) = settings.map_or((1.0, false), |s| (s.animation_speed, s.reduced_motion));
    let now = time.elapsed_secs();
    for (e, f, mut tf, colour, sprite) in &mut floaters {
        let age = (now - f.born) * if still { 1.0 } else { speed };
        if age > FLOAT_SECONDS {
            commands.entity(e).despawn();
            continue;
        }
        if !still {
            tf.translation.y += time.delta_secs() * speed * TILE * 0.6;
            let alpha = 1.0 - (age / FLOAT_SECONDS).powi(2);
            if let Some(mut c) = colour {
                c.0.set_alpha(alpha);
            }
            if let Some(mut s) = sprite {
                s.color.set_alpha(alpha * 0.9);
            }
        }
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// A change of palette recolours the heroes' discs at once.
fn recolour_heroes(
    settings: Option<Res<Settings>>,
    mut last: Local<Option<Palette>>,
    mut heroes: Query<(&Hero, &mut Sprite), With<FigureVisual>>,
) {
    let palette = settings.map_or(Palette::Standard, |s| s.palette);
    if *last == Some(palette) {
        return;
    }
    if last.is_some() {
        for (h, mut sprite) in &mut heroes {
            sprite.color = figure_color(&h.class, palette);
        }
    }
    *last = Some(palette);
}

/// Colour of each hero's disc, and of each monster kind's icon (monsters stand on a dark disc).
/// In the colour-blind palette the heroes wear the Okabe–Ito colours.
pub fn figure_color(kind: &str, palette: Palette) -> Color {
    if palette == Palette::ColourBlindSafe {
        match kind {
            "barbarian" => return Color::srgb(0.84, 0.37, 0.0),
            "dwarf" => return Color::srgb(0.9, 0.62, 0.0),
            "elf" => return Color::srgb(0.0, 0.62, 0.45),
            "wizard" => return Color::srgb(0.0, 0.45, 0.7),
            _ => {}
        }
    }
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
        // LEGO Heroica's heroes (the Barbarian and the Wizard as above) and monsters.
        "knight" => Color::srgb(0.55, 0.6, 0.72),
        "ranger" => Color::srgb(0.3, 0.6, 0.3),
        "thief" => Color::srgb(0.42, 0.36, 0.5),
        "prince" => Color::srgb(0.75, 0.3, 0.6),
        "druid" => Color::srgb(0.45, 0.55, 0.2),
        "sage" => Color::srgb(0.8, 0.7, 0.35),
        "goblin_warrior" | "goblin_guardian" => Color::srgb(0.55, 0.85, 0.3),
        "goblin_general" | "goblin_king" => Color::srgb(0.85, 0.9, 0.3),
        "bat" | "vampire_bat" => Color::srgb(0.7, 0.55, 0.85),
        "spider" => Color::srgb(0.85, 0.45, 0.3),
        "werewolf" => Color::srgb(0.75, 0.6, 0.45),
        "golem_guardian" | "golem_lord" => Color::srgb(0.7, 0.7, 0.78),
        "dark_druid" => Color::srgb(0.5, 0.8, 0.4),
        "vampire_lord" => Color::srgb(0.9, 0.25, 0.35),
        _ => Color::srgb(0.9, 0.3, 0.3),
    }
}

fn attach_figures(
    mut commands: Commands,
    art: Res<Art>,
    quest: Res<ActiveQuest>,
    settings: Option<Res<Settings>>,
    figures: Query<
        (
            Entity,
            Option<&Hero>,
            Option<&Monster>,
            Option<&GridPos>,
            &Body,
            Has<Captive>,
            Option<&Mind>,
            Option<&Retainer>,
        ),
        (With<FigureId>, Without<FigureVisual>),
    >,
    classes: Query<(&FigureId, &Hero)>,
) {
    let b = &quest.0.board;
    let palette = settings.map_or(Palette::Standard, |s| s.palette);
    for (e, hero, monster, pos, body, captive, mind, man) in &figures {
        let kind = hero
            .map(|h| h.class.clone())
            .or_else(|| monster.map(|m| m.kind.clone()))
            .or_else(|| man.map(|m| m.kind.clone()))
            .unwrap_or_else(|| if captive { "captive".into() } else { String::new() });
        // A man-at-arms wears its hero's colour (Revised #152): whose it is, at a glance.
        let colour_of = man
            .and_then(|m| classes.iter().find(|(id, _)| **id == m.serves))
            .map_or(kind.clone(), |(_, h)| h.class.clone());
        let start = pos.map_or(Vec2::ZERO, |p| world_of(p.0, b.width, b.height));
        // The captive stands on the heroes' side and looks it: a hero's disc in sackcloth.
        let is_hero = hero.is_some() || captive || man.is_some();
        let named = monster.is_some_and(|m| m.name.is_some());
        commands
            .entity(e)
            .insert((
                FigureVisual,
                Sprite {
                    image: art.disc.clone(),
                    color: if is_hero {
                        figure_color(&colour_of, palette)
                    } else {
                        Color::srgb(0.13, 0.08, 0.08)
                    },
                    // A man-at-arms stands a little smaller than the heroes.
                    custom_size: Some(Vec2::splat(TILE * if man.is_some() { 0.8 } else { 0.92 })),
                    ..default()
                },
                Transform::from_translation(start.extend(5.0)),
                Visibility::Hidden,
            ))
            .with_children(|p| {
                // Heroes wear a light rim, monsters a dark iron one (gold for named foes): red on
                // the board means "you can attack this now" (the highlights' ring).
                let rim = if is_hero {
                    Color::srgb(0.95, 0.92, 0.8)
                } else if named {
                    Color::srgb(0.95, 0.75, 0.2)
                } else {
                    Color::srgb(0.32, 0.3, 0.3)
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
                            figure_color(&kind, palette)
                        },
                        custom_size: Some(Vec2::splat(TILE * 0.7)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                // On a hero's bright disc the numbers sit on small dark dots, to be read at a glance.
                if is_hero {
                    for x in [TILE * 0.32, -TILE * 0.32] {
                        // No mind (LEGO Heroica's heroes), no dot for it.
                        if x < 0.0 && (hero.is_none() || mind.is_some_and(|m| m.max == 0)) {
                            continue;
                        }
                        p.spawn((
                            Sprite {
                                image: art.disc.clone(),
                                color: Color::srgba(0.05, 0.04, 0.05, 0.85),
                                custom_size: Some(Vec2::splat(TILE * 0.36)),
                                ..default()
                            },
                            Transform::from_xyz(x, -TILE * 0.3, 0.15),
                        ));
                    }
                }
                // Body points on the figure itself: every hero (and captive), and monsters of more than one.
                if is_hero || body.max > 1 {
                    p.spawn((
                        BodyBadge,
                        Text2d::new(body.current.to_string()),
                        TextFont {
                            font_size: FontSize::Px(if is_hero { 12.0 } else { 11.0 }),
                            ..default()
                        },
                        TextColor(if is_hero {
                            Color::srgb(1.0, 0.55, 0.5)
                        } else {
                            Color::srgb(1.0, 0.85, 0.85)
                        }),
                        Transform::from_xyz(TILE * 0.32, -TILE * 0.3, 0.2),
                    ));
                }
                // A hero's mind points beside them, in blue.
                if let (Some(mind), true) = (mind.filter(|m| m.max > 0), hero.is_some()) {
                    p.spawn((
                        MindBadge,
                        Text2d::new(mind.current.to_string()),
                        TextFont {
                            font_size: FontSize::Px(12.0),
                            ..default()
                        },
                        TextColor(Color::srgb(0.55, 0.75, 1.0)),
                        Transform::from_xyz(-TILE * 0.32, -TILE * 0.3, 0.2),
                    ));
                }
            });
    }
}

/// Figures slide towards their square; unseen monsters, the dead and the escaped are hidden.
fn place_figures(
    time: Res<Time>,
    quest: Res<ActiveQuest>,
    (fog, show): (Option<Res<Fog>>, Option<Res<super::ShowAll>>),
    settings: Option<Res<Settings>>,
    mut drawn: ResMut<LastDrawn>,
    mut figures: Query<
        (
            &FigureId,
            &mut Transform,
            &mut Visibility,
            Option<&GridPos>,
            Has<Hero>,
            Has<Awake>,
            Has<Captive>,
            Has<Retainer>,
        ),
        With<FigureVisual>,
    >,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let b = &quest.0.board;
    // Reduced motion: figures are where they are; else they slide at the chosen speed.
    let (speed, still) = settings.map_or((1.0, false), |s| (s.animation_speed, s.reduced_motion));
    let t = if still {
        1.0
    } else {
        (time.delta_secs() * 14.0 * speed).min(1.0)
    };
    // Heroes sharing a space (LEGO Heroica's start, where every hero may begin) stand side by
    // side on it, so each is seen.
    let mut sharing: std::collections::BTreeMap<(i32, i32), Vec<u32>> = Default::default();
    for (id, _, _, pos, hero, ..) in &figures {
        if let (Some(p), true) = (pos, hero) {
            sharing.entry((p.0.x, p.0.y)).or_default().push(id.0);
        }
    }
    // Each at half size in a quarter of the space, in seat order.
    let beside = |id: u32, p: Pos| -> (Vec2, f32) {
        let Some(ids) = sharing.get(&(p.x, p.y)).filter(|v| v.len() > 1) else {
            return (Vec2::ZERO, 1.0);
        };
        let i = ids.iter().filter(|x| **x < id).count() % 4;
        let q = TILE / 4.0;
        let (dx, dy) = [(-q, q), (q, q), (-q, -q), (q, -q)][i];
        (Vec2::new(dx, dy), 0.5)
    };
    for (id, mut tf, mut vis, pos, hero, awake, captive, man) in &mut figures {
        // A man-at-arms is always seen, as a hero is (it is drawn at its own square).
        let shown = hero || man;
        if *vis != Visibility::Hidden {
            drawn.0.insert(*id, tf.translation.truncate());
        }
        // The captive shows once the heroes have seen their square.
        let seen = |p: &GridPos| captive && fog.as_ref().is_some_and(|f| f.is_revealed(p.0));
        // The sorcerer's player sees every monster, asleep or not.
        let all = show.as_ref().is_some_and(|s| s.0);
        let want = match pos {
            Some(p) if shown || awake || all || seen(p) => {
                let (off, size) = if hero { beside(id.0, p.0) } else { (Vec2::ZERO, 1.0) };
                let target = world_of(p.0, b.width, b.height) + off;
                if tf.scale.x != size {
                    tf.scale = Vec3::splat(size);
                }
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

fn update_badges(
    bodies: Query<(&Body, &Children), Changed<Body>>,
    minds: Query<(&Mind, &Children), Changed<Mind>>,
    mut badges: Query<&mut Text2d, (With<BodyBadge>, Without<MindBadge>)>,
    mut mind_badges: Query<&mut Text2d, (With<MindBadge>, Without<BodyBadge>)>,
) {
    for (body, children) in &bodies {
        for c in children.iter() {
            if let Ok(mut t) = badges.get_mut(c) {
                t.0 = body.current.to_string();
            }
        }
    }
    for (mind, children) in &minds {
        for c in children.iter() {
            if let Ok(mut t) = mind_badges.get_mut(c) {
                t.0 = mind.current.to_string();
            }
        }
    }
}
