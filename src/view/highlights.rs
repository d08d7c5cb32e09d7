//! What the active hero can do, drawn on the board: reachable squares, the path under the mouse,
//! monsters in reach and doors that can be opened.

use bevy::prelude::*;

use super::art::Art;
use super::{HoverSquare, TILE, world_of};
use crate::game::Controllers;
pub use crate::game::heroquest::{
    HeroChoices, SpellChoices, attackable_after_a_walk, attackable_now, hero_choices, hero_options,
};
use crate::game::model::{ActiveQuest, EventLog, Phase, TrapKind, TrapState};
use crate::game::snapshot::Snapshot;
use crate::rules::geometry::Pos;
use crate::screen::Screen;

#[derive(Component)]
pub struct Highlight;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_highlights
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Present),
    );
}

type HighlightKey = (
    usize,
    Option<Pos>,
    bool,
    bool,
    (bool, Option<crate::game::model::FigureId>, Option<Pos>),
    Vec<crate::game::model::FigureId>,
);

/// The square the active player points at, and whether they point with the board cursor: a
/// keyboard-only or gamepad player points with the cursor, everyone else with the mouse.
pub fn pointed(world: &mut World) -> (Option<Pos>, bool) {
    let cursor_player = matches!(
        crate::screen::active_device(world),
        Some((d, _, _)) if d != crate::seating::Device::MouseKeyboard
    );
    let at = if cursor_player {
        world.get_resource::<crate::screen::BoardCursor>().and_then(|c| c.at)
    } else {
        world.get_resource::<HoverSquare>().and_then(|h| h.0)
    };
    (at, cursor_player)
}

/// One highlight sprite at `at` (world units): a tinted image, or a plain square.
pub(super) fn spawn_highlight(
    world: &mut World,
    at: Vec2,
    color: Color,
    size: f32,
    z: f32,
    image: Option<Handle<Image>>,
) {
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
        Transform::from_translation(at.extend(z)),
    ));
}

pub(super) fn update_highlights(world: &mut World, mut last: Local<Option<HighlightKey>>) {
    let len = world.get_resource::<EventLog>().map_or(0, |l| l.0.len());
    // The sorcerer's player, on the sorcerer's move: the monster picked and the cursor.
    let sorcerer_view = world.get_resource::<super::ShowAll>().is_some_and(|s| s.0);
    let sorcerer_cursor = world
        .get_resource::<crate::seating::SorcererSeat>()
        .is_some_and(|s| s.device != crate::seating::Device::MouseKeyboard);
    let sorcerer = (
        sorcerer_view,
        world
            .get_resource::<crate::screen::SorcererHand>()
            .and_then(|h| h.selected),
        if sorcerer_view && sorcerer_cursor {
            world.get_resource::<crate::screen::BoardCursor>().and_then(|c| c.at)
        } else {
            None
        },
    );
    let (hover, cursor_player) = pointed(world);
    let human = world
        .get_resource::<crate::game::model::Turn>()
        .is_some_and(|t| world.resource::<Controllers>().human_to_act(t));
    let cb = world
        .get_resource::<crate::save::settings::Settings>()
        .is_some_and(|s| s.palette == crate::save::settings::Palette::ColourBlindSafe);
    let aim = world
        .get_resource::<crate::screen::SpellAim>()
        .map(|a| a.0.clone())
        .unwrap_or_default();
    let key = (len, hover, human, cb, sorcerer, aim.clone());
    if last.as_ref() == Some(&key) {
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
    // Revised's advanced game: the heroes who may act now by Fate (#173), for their cards.
    world.insert_resource(crate::game::heroquest::FateInterrupts(
        crate::game::heroquest::interruptions(&snap),
    ));
    if snap.table.is_some() {
        super::heroica::highlights(world, &snap, hover, cb);
        return;
    }
    let Some(art) = world.get_resource::<Art>().cloned() else {
        return;
    };
    let (w, h) = (snap.board().width, snap.board().height);
    let spawn = |world: &mut World, p: Pos, color: Color, size: f32, z: f32, image: Option<Handle<Image>>| {
        spawn_highlight(world, world_of(p, w, h), color, size, z, image);
    };
    // The monster the sorcerer is moving now.
    let acting = world
        .get_resource::<crate::ai::SorcererMind>()
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
    // The action-point module's terrain: dangerous ground tinted red, dear ground slate, with
    // its cost in points at the corner.
    for (at, t) in &snap.quest.terrain {
        if !(sorcerer.0 || snap.fog.is_revealed(*at)) {
            continue;
        }
        let tint = if t.dangerous {
            Color::srgba(0.75, 0.2, 0.1, 0.35)
        } else {
            Color::srgba(0.35, 0.45, 0.6, 0.35)
        };
        spawn(world, *at, tint, TILE - 2.0, 0.9, None);
        if t.cost > 1 {
            world.spawn((
                Name::new("Highlight"),
                Highlight,
                DespawnOnExit(Screen::Playing),
                Text2d::new(t.cost.to_string()),
                TextFont {
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                TextColor(Color::srgb(0.85, 0.9, 1.0)),
                Transform::from_translation((world_of(*at, w, h) + Vec2::new(TILE * 0.32, -TILE * 0.32)).extend(1.3)),
            ));
        }
    }
    // The action-point module's levers: a dark base and a brass handle, thrown over once pulled.
    for (i, (at, _)) in snap.quest.levers.iter().enumerate() {
        if !(sorcerer.0 || snap.fog.is_revealed(*at)) {
            continue;
        }
        let pulled = snap.dungeon.levers_pulled.contains(&(i as u32));
        let c = world_of(*at, w, h);
        spawn(world, *at, Color::srgb(0.16, 0.14, 0.12), TILE * 0.34, 1.5, None);
        world.spawn((
            Name::new("Highlight"),
            Highlight,
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(Color::srgb(0.85, 0.68, 0.3), Vec2::new(5.0, TILE * 0.5)),
            Transform::from_translation((c + Vec2::new(0.0, TILE * 0.1)).extend(1.6))
                .with_rotation(Quat::from_rotation_z(if pulled { -0.7 } else { 0.7 })),
        ));
    }
    // Linked portals (Revised #155): a dim violet ring while asleep; woken, a bright one over a
    // glowing floor at both ends.
    for (i, (a, b)) in snap.quest.portals.iter().enumerate() {
        let open = snap.dungeon.portals_open.contains(&(i as u32));
        for at in [*a, *b].into_iter().filter(|p| sorcerer.0 || snap.fog.is_revealed(*p)) {
            if open {
                spawn(world, at, Color::srgba(0.55, 0.35, 0.95, 0.35), TILE - 6.0, 0.95, None);
                spawn(
                    world,
                    at,
                    Color::srgb(0.78, 0.6, 1.0),
                    TILE * 0.85,
                    1.55,
                    Some(art.ring.clone()),
                );
            } else {
                spawn(
                    world,
                    at,
                    Color::srgba(0.62, 0.38, 0.92, 0.95),
                    TILE * 0.75,
                    1.55,
                    Some(art.ring.clone()),
                );
            }
        }
    }
    // The action-point module's locked chests still shut: an iron padlock on the lid.
    for (i, f) in snap.quest.furniture.iter().enumerate() {
        let on = Pos::new(f.rect.x, f.rect.y);
        if !f.locked || snap.dungeon.chests_opened.contains(&(i as u32)) || !(sorcerer.0 || snap.fog.is_revealed(on)) {
            continue;
        }
        let c = world_of(on, w, h) + Vec2::new(TILE * 0.22, -TILE * 0.2);
        for (size, colour, z) in [
            (Vec2::new(TILE * 0.3, TILE * 0.26), Color::srgb(0.55, 0.57, 0.6), 2.8),
            (Vec2::new(TILE * 0.07, TILE * 0.12), Color::srgb(0.08, 0.08, 0.1), 2.9),
        ] {
            world.spawn((
                Name::new("Highlight"),
                Highlight,
                DespawnOnExit(Screen::Playing),
                Sprite::from_color(colour, size),
                Transform::from_translation(c.extend(z)),
            ));
        }
    }
    if sorcerer.0 {
        sorcerer_highlights(
            world,
            &snap,
            &art,
            sorcerer.1,
            if sorcerer_cursor { sorcerer.2 } else { hover },
            (sorcerer_cursor, cb),
            &spawn,
        );
        return;
    }
    if !human {
        return;
    }
    let Some(active) = snap.active_hero().cloned() else {
        return;
    };
    let options = hero_options(&snap);
    if let Some(opts) = &options {
        for (p, _) in &opts.reachable {
            spawn(world, *p, walk_colour(cb), TILE - 4.0, 1.0, None);
        }
        if let (Some(field), Some(target)) = (&opts.field, hover)
            && opts.reachable.iter().any(|(p, _)| *p == target)
        {
            let way = field.path_to(target).unwrap_or_default();
            footprints(world, &art, &way, &spawn);
            if snap.action_points() {
                path_costs(world, &snap, &active, &way, (w, h));
            }
        }
        // The action-point module: the squares a seen monster threatens (leaving one costs a
        // point more) get an orange corner, the hero's own too.
        if snap.action_points() {
            let threatened = snap.threatened_squares();
            let marked = opts.reachable.iter().map(|(p, _)| *p).chain(active.pos);
            for p in marked.filter(|p| threatened[snap.board().index(*p)]) {
                let corner = world_of(p, w, h) + Vec2::new(TILE * 0.38, TILE * 0.38);
                world.spawn((
                    Name::new("Highlight"),
                    Highlight,
                    DespawnOnExit(Screen::Playing),
                    Sprite::from_color(Color::srgba(1.0, 0.45, 0.15, 0.95), Vec2::splat(TILE * 0.16)),
                    Transform::from_translation(corner.extend(4.9)),
                ));
            }
        }
    }
    // Rings on the board, each (squares, colour, size, depth): the cursor's square; a red ring
    // only on what the hero can attack now (the action bar's attacks, and what the rules
    // accept; reddish purple in the colour-blind palette); blue on the targets of the spell
    // being chosen; a thin amber one on what a walk this turn would bring within reach.
    let on = |ids: Vec<crate::game::model::FigureId>| -> Vec<Pos> {
        ids.iter()
            .filter_map(|id| snap.figure(*id))
            .filter_map(|f| f.pos)
            .collect()
    };
    let attack_now = on(attackable_now(&snap, &active).iter().map(|m| m.id).collect());
    let after_a_walk = options.as_ref().map_or(Vec::new(), |opts| {
        on(attackable_after_a_walk(&snap, &active, &opts.reachable)
            .iter()
            .map(|m| m.id)
            .collect())
    });
    let red = strike_colour(cb);
    let rings = [
        (
            if cursor_player {
                hover.into_iter().collect()
            } else {
                Vec::new()
            },
            Color::srgba(1.0, 0.95, 0.5, 0.9),
            TILE * 1.05,
            4.8,
        ),
        (attack_now, red, TILE * 1.1, 4.6),
        (on(aim.clone()), Color::srgba(0.5, 0.72, 1.0, 0.95), TILE * 1.16, 4.7),
        (after_a_walk, AFTER_A_WALK, TILE * 1.02, 4.6),
    ];
    for (squares, colour, size, z) in rings {
        for p in squares {
            spawn(world, p, colour, size, z, Some(art.ring.clone()));
        }
    }
    if let Some(at) = active.pos {
        for d in snap.doors.iter().filter(|d| !d.open && !d.locked && d.edge.touches(at)) {
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
    let (choices, spells) = hero_choices(&snap, &active);
    world.insert_resource(choices);
    world.insert_resource(spells);
}

/// The action-point module's preview: on each square of the pointed way, what the walk has
/// cost so far, on a dark badge; orange where that step paid a point more to leave a
/// threatened square.
fn path_costs(
    world: &mut World,
    snap: &Snapshot,
    hero: &crate::game::snapshot::FigureSnap,
    way: &[Pos],
    (w, h): (i32, i32),
) {
    // A hero off the board (the action-point module) comes on at the way's first square.
    let mut at = hero.pos;
    let mut spent = 0u16;
    for (i, &p) in way.iter().enumerate() {
        let dear = at.is_some_and(|a| snap.threatened(a));
        spent += at.map_or_else(|| snap.entry_cost(p), |a| snap.step_cost(hero, a, p));
        at = Some(p);
        let last = i + 1 == way.len();
        let colour = if dear {
            Color::srgb(1.0, 0.6, 0.25)
        } else {
            Color::srgb(1.0, 0.95, 0.75)
        };
        let corner = world_of(p, w, h) + Vec2::new(-TILE * 0.3, TILE * 0.3);
        let size = if last { TILE * 0.42 } else { TILE * 0.34 };
        world.spawn((
            Name::new("Highlight"),
            Highlight,
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(Color::srgba(0.08, 0.07, 0.06, 0.85), Vec2::splat(size)),
            Transform::from_translation(corner.extend(1.25)),
        ));
        world.spawn((
            Name::new("Highlight"),
            Highlight,
            DespawnOnExit(Screen::Playing),
            Text2d::new(spent.to_string()),
            TextFont {
                font_size: FontSize::Px(if last { 15.0 } else { 12.0 }),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation(corner.extend(1.3)),
        ));
    }
}

/// The way to the square pointed at, in footprints (a hero's walk, the sorcerer's monster's).
fn footprints(
    world: &mut World,
    art: &Art,
    way: &[Pos],
    spawn: &impl Fn(&mut World, Pos, Color, f32, f32, Option<Handle<Image>>),
) {
    for p in way {
        spawn(
            world,
            *p,
            Color::srgba(1.0, 0.9, 0.4, 0.85),
            TILE * 0.55,
            1.1,
            Some(art.icon("footprint")),
        );
    }
}

/// Where a figure may walk: green, or blue in the colour-blind palette.
fn walk_colour(cb: bool) -> Color {
    if cb {
        Color::srgba(0.34, 0.6, 0.95, 0.32)
    } else {
        Color::srgba(0.35, 0.85, 0.45, 0.28)
    }
}

/// The ring on what can be struck now: red, or reddish purple in the colour-blind palette.
fn strike_colour(cb: bool) -> Color {
    if cb {
        Color::srgba(0.8, 0.47, 0.65, 0.95)
    } else {
        Color::srgba(1.0, 0.25, 0.2, 0.95)
    }
}

/// The thin ring on what a walk this turn brings within reach.
const AFTER_A_WALK: Color = Color::srgba(1.0, 0.75, 0.3, 0.7);

/// The sorcerer's player's view: traps the heroes have not found, the squares a wandering
/// monster may take, the monster picked with where it can walk (and the path to the square
/// pointed at) and the heroes it can strike, and the board cursor.
fn sorcerer_highlights(
    world: &mut World,
    snap: &Snapshot,
    art: &Art,
    selected: Option<crate::game::model::FigureId>,
    pointed: Option<Pos>,
    (cursor, cb): (bool, bool),
    spawn: &impl Fn(&mut World, Pos, Color, f32, f32, Option<Handle<Image>>),
) {
    use crate::game::heroquest::{may_use, reach, strikes_after_a_walk};
    for t in snap
        .traps
        .iter()
        .filter(|t| t.furniture.is_none() && t.state == TrapState::Hidden)
    {
        spawn(
            world,
            t.at,
            Color::srgba(0.75, 0.4, 0.9, 0.7),
            TILE * 0.8,
            1.5,
            Some(art.ring.clone()),
        );
    }
    if let Some(crate::game::model::Pending::PlaceWanderer { squares, .. }) = &snap.turn.pending {
        for q in squares {
            spawn(world, *q, Color::srgba(1.0, 0.3, 0.25, 0.45), TILE - 4.0, 1.0, None);
        }
    }
    for m in snap.monsters().filter(|m| may_use(snap, m)) {
        if let Some(p) = m.pos {
            spawn(
                world,
                p,
                Color::srgba(1.0, 0.6, 0.25, 0.55),
                TILE * 1.02,
                4.4,
                Some(art.ring.clone()),
            );
        }
    }
    if let Some(m) = selected.and_then(|id| snap.figure(id)).filter(|m| may_use(snap, m)) {
        if let Some(p) = m.pos {
            spawn(
                world,
                p,
                Color::srgb(1.0, 0.45, 0.2),
                TILE * 1.15,
                4.5,
                Some(art.ring.clone()),
            );
        }
        // Where it may walk, in the heroes' own colours (issue 39: an orange wash vanished on
        // the room floors), and the way to the square pointed at; a hero pointed at that a walk
        // brings within reach shows the walk that one click makes before the strike.
        let strikes = strikes_after_a_walk(snap, m);
        if let Some((field, stops)) = reach(snap, m) {
            for q in &stops {
                spawn(world, *q, walk_colour(cb), TILE - 4.0, 1.0, None);
            }
            let struck = pointed
                .and_then(|t| snap.figure_at(t))
                .and_then(|t| strikes.iter().find(|(id, _)| *id == t.id))
                .map(|(_, path)| path.clone());
            let way = match pointed.filter(|t| stops.contains(t)) {
                Some(target) => field.path_to(target).unwrap_or_default(),
                None => struck.unwrap_or_default(),
            };
            footprints(world, art, &way, spawn);
        }
        if snap.action_allowed(m, crate::game::model::ActionKind::Attack).is_ok() {
            for t in snap.heroes().filter(|t| snap.can_attack(m, t)) {
                if let Some(p) = t.pos {
                    spawn(world, p, strike_colour(cb), TILE * 1.1, 4.6, Some(art.ring.clone()));
                }
            }
        }
        for p in strikes
            .iter()
            .filter_map(|(id, _)| snap.figure(*id))
            .filter_map(|t| t.pos)
        {
            spawn(world, p, AFTER_A_WALK, TILE * 1.02, 4.6, Some(art.ring.clone()));
        }
    }
    if cursor && let Some(p) = pointed {
        spawn(
            world,
            p,
            Color::srgba(1.0, 0.95, 0.5, 0.9),
            TILE * 1.05,
            4.8,
            Some(art.ring.clone()),
        );
    }
}
