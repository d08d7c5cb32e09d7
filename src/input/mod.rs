//! Mouse and keyboard for the hero whose turn it is: intents become `Command`s, nothing else.
//! Keyboard-only and gamepad players, seats and hand-overs: `seats`.

pub mod seats;
pub mod sorcerer;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::game::heroquest::hero_options;
use crate::game::model::{ActiveQuest, Command, MoveState};
use crate::game::snapshot::Snapshot;
use crate::game::{Controllers, Pace};
use crate::rules::geometry::{Dir, Pos};
use crate::screen::Screen;
use crate::view::{HoverSquare, square_at};

pub fn plugin(app: &mut App) {
    app.add_plugins((seats::plugin, sorcerer::plugin)).add_systems(
        Update,
        (
            track_hover,
            seats::pause_toggle.run_if(resource_exists::<ActiveQuest>),
            seats::seat_input.run_if(resource_exists::<ActiveQuest>),
            sorcerer::sorcerer_input.run_if(resource_exists::<ActiveQuest>),
            hero_input.run_if(resource_exists::<ActiveQuest>),
            global_keys,
        )
            .chain()
            .run_if(in_state(Screen::Playing))
            .in_set(crate::game::GameSet::Input),
    );
}

/// The mouse player's input without a window, for headless tests and tools: the seats' input
/// (`seats::headless_plugin`) and the clicks of `hero_input`, with `HoverSquare` set by the
/// caller where the window's pointer would set it.
pub fn headless_plugin(app: &mut App) {
    app.init_resource::<HoverSquare>()
        .add_plugins(seats::headless_plugin)
        .add_systems(
            Update,
            hero_input
                .after(seats::seat_input)
                .run_if(resource_exists::<ActiveQuest>)
                .in_set(crate::game::GameSet::Input),
        );
}

fn track_hover(
    windows: Query<&Window>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    quest: Option<Res<ActiveQuest>>,
    egui: Option<Res<EguiWantsInput>>,
    mut hover: ResMut<HoverSquare>,
) {
    let over_ui = egui.is_some_and(|e| e.is_pointer_over_area());
    let sq = (|| {
        if over_ui {
            return None;
        }
        let q = quest.as_ref()?;
        let window = windows.single().ok()?;
        let cursor = window.cursor_position()?;
        let (cam, tf) = cams.single().ok()?;
        let world = cam.viewport_to_world_2d(tf, cursor).ok()?;
        square_at(world, q.0.board.width, q.0.board.height)
    })();
    if hover.0 != sq {
        hover.0 = sq;
    }
}

/// Opening `door`, as the active hero `h` means it: under the action-point module a door costs
/// a point, so a hero who has not rolled yet rolls first (action-point-movement.md, Minor Action).
pub fn open_door(snap: &Snapshot, h: &crate::game::snapshot::FigureSnap, door: u32) -> Command {
    let p = snap.turn.progress(h.id);
    if snap.action_points() && p.allowance.is_none() && p.moving != MoveState::Done {
        Command::RollMovement { hero: h.id }
    } else {
        Command::OpenDoor { hero: h.id, door }
    }
}

/// Turns a click or a key into the command a player means, for the active human hero.
pub fn intent_for_click(snap: &Snapshot, p: Pos) -> Option<Command> {
    if snap.table.is_some() {
        return heroica_intent(snap, p);
    }
    let h = snap.active_hero()?;
    let progress = snap.turn.progress(h.id);
    // Off the board (the action-point module): roll, then come on by a lit square.
    let at = match h.pos {
        Some(at) => at,
        None if h.off_map() && progress.allowance.is_none() && progress.moving != MoveState::Done => {
            return Some(Command::RollMovement { hero: h.id });
        }
        None if h.off_map() => return walk_to(snap, h, p),
        None => return None,
    };
    if let Some(t) = snap.figure_at(p)
        && !t.hero
        && snap.can_attack(h, t)
        && !progress.acted
    {
        return Some(Command::Attack {
            attacker: h.id,
            target: t.id,
        });
    }
    if let Some(d) = snap.door_on(at, p)
        && !d.open
        && !d.locked
    {
        return Some(open_door(snap, h, d.id));
    }
    if p == at {
        return None;
    }
    if progress.allowance.is_none() && progress.moving != MoveState::Done {
        return Some(Command::RollMovement { hero: h.id });
    }
    walk_to(snap, h, p)
}

/// The move to `p` along the way the board shows, if `h` can reach it now.
fn walk_to(snap: &Snapshot, h: &crate::game::snapshot::FigureSnap, p: Pos) -> Option<Command> {
    let opts = hero_options(snap)?;
    if opts.reachable.iter().any(|(q, _)| *q == p) {
        let path = opts.field.as_ref()?.path_to(p)?;
        return Some(Command::Move { figure: h.id, path });
    }
    None
}

fn hero_input(world: &mut World) {
    let Some(turn) = world.get_resource::<crate::game::model::Turn>() else {
        return;
    };
    if !world.resource::<Controllers>().human_to_act(turn) {
        return;
    }
    // Another seat's keyboard-only or gamepad turn, or a hand-over waiting: not the mouse's.
    if !seats::mouse_player_active(world) || seats::input_suspended(world) {
        return;
    }
    // Keys typed into a text field belong to the field.
    let egui_busy = world.get_resource::<seats::KeyOwner>().is_some_and(|k| k.text_field);
    let clicked = world
        .resource::<ButtonInput<MouseButton>>()
        .just_pressed(MouseButton::Left)
        && !world
            .get_resource::<EguiWantsInput>()
            .is_some_and(|e| e.is_pointer_over_area());
    // A click or End turn a moment after the turn passed was meant for the turn that ended
    // (issue 39): the next hero is not moved, nor its turn ended, by it.
    let settling = crate::screen::turn_settling(world);
    let clicked = clicked && !settling;
    let hover = world.resource::<HoverSquare>().0;
    let keys = world.resource::<ButtonInput<KeyCode>>().clone();
    let Some(snap) = Snapshot::capture(world) else {
        return;
    };
    let Some(h) = snap.active_hero() else { return };
    let mut cmd = None;
    if clicked && let Some(p) = hover {
        cmd = intent_for_click(&snap, p);
    }
    if !egui_busy && cmd.is_none() {
        let pressed = |k: &[KeyCode]| k.iter().any(|k| keys.just_pressed(*k));
        let progress = snap.turn.progress(h.id);
        let step = [
            (Dir::N, [KeyCode::ArrowUp, KeyCode::KeyW]),
            (Dir::E, [KeyCode::ArrowRight, KeyCode::KeyD]),
            (Dir::S, [KeyCode::ArrowDown, KeyCode::KeyS]),
            (Dir::W, [KeyCode::ArrowLeft, KeyCode::KeyA]),
        ]
        .into_iter()
        .find(|(_, k)| pressed(k))
        .map(|(d, _)| d);
        if pressed(&[KeyCode::KeyR, KeyCode::Space]) {
            cmd = Some(Command::RollMovement { hero: h.id });
        } else if snap.table.is_some() && (step.is_some() || pressed(&[KeyCode::KeyX])) {
            match heroica_key(&snap, step, hover) {
                Ok(c) => cmd = Some(c),
                Err(why) => say(world, why),
            }
        } else if step.is_some() && h.off_map() {
            // Off the board (the action-point module): an arrow rolls, then comes on at the
            // first free stairway square.
            cmd = match progress.allowance {
                None => Some(Command::RollMovement { hero: h.id }),
                Some(_) => snap.entrance(h).first().map(|e| Command::Move {
                    figure: h.id,
                    path: vec![*e],
                }),
            };
        } else if let (Some(d), Some(at)) = (step, h.pos) {
            let to = at.step(d);
            cmd = match snap.door_on(at, to) {
                Some(door) if !door.open && !door.locked => Some(open_door(&snap, h, door.id)),
                // A man-at-arms's Speed is fixed (Revised #21): its arrow walks at once.
                _ if progress.allowance.is_none() && h.serves.is_none() => Some(Command::RollMovement { hero: h.id }),
                _ => Some(Command::Move {
                    figure: h.id,
                    path: key_step(&snap, h, at, d),
                }),
            };
        } else if pressed(&[KeyCode::KeyO]) {
            if let Some(at) = h.pos
                && let Some(d) = snap.doors.iter().find(|d| !d.open && !d.locked && d.edge.touches(at))
            {
                cmd = Some(open_door(&snap, h, d.id));
            } else {
                say(world, no_door_reason(h));
            }
        } else if pressed(&[KeyCode::KeyX]) {
            let ringed = crate::game::heroquest::attackable_now(&snap, h);
            let under = hover.and_then(|p| ringed.iter().find(|t| t.pos == Some(p)));
            let target = under.or_else(|| ringed.iter().min_by_key(|t| (t.body, t.id)));
            match target {
                Some(t) => {
                    cmd = Some(Command::Attack {
                        attacker: h.id,
                        target: t.id,
                    })
                }
                None => say(world, no_attack_reason(&snap, h)),
            }
        } else if pressed(&[KeyCode::KeyE, KeyCode::Enter]) {
            cmd = (!settling).then_some(Command::EndTurn);
        } else if pressed(&[KeyCode::KeyU])
            || (pressed(&[KeyCode::KeyZ])
                && (keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight)))
        {
            world.insert_resource(crate::screen::UndoRequest);
        }
    }
    if let Some(c) = cmd {
        world.write_message(c);
    }
}

fn global_keys(keys: Res<ButtonInput<KeyCode>>, mut pace: ResMut<Pace>) {
    if keys.just_pressed(KeyCode::KeyF) {
        pace.fast_forward = !pace.fast_forward;
    }
}

/// One line for a key that can do nothing now: shown in the log (repeats are counted there).
fn say(world: &mut World, reason: String) {
    world.write_message(crate::game::model::GameEvent::CommandRejected { reason });
}

/// Why the attack key does nothing now.
pub fn no_attack_reason(snap: &Snapshot, h: &crate::game::snapshot::FigureSnap) -> String {
    if snap.turn.draft.is_some() {
        return "The spell schools must be chosen first.".into();
    }
    if let Err(e) = snap.action_allowed(h, crate::game::model::ActionKind::Attack) {
        return e;
    }
    if let Some(e) = snap.reloading_in_hand(h) {
        return e;
    }
    format!(
        "No monster is in reach of {} to attack: a monster in a red ring can be attacked.",
        crate::game::describe::in_sentence(&h.name)
    )
}

/// Why the open-door key does nothing now.
pub fn no_door_reason(h: &crate::game::snapshot::FigureSnap) -> String {
    format!(
        "There is no closed door next to {} to open.",
        crate::game::describe::in_sentence(&h.name)
    )
}

/// A step by key onto an ally walks on through them, as a mouse path does (heroquest-2021.md,
/// Movement Restrictions: heroes may pass through each other): the path goes on in the same
/// direction while it stands on a hero, within the squares left.
pub fn key_step(snap: &Snapshot, h: &crate::game::snapshot::FigureSnap, at: Pos, d: Dir) -> Vec<Pos> {
    let left = snap.turn.progress(h.id).steps_left() as usize;
    let mut path = vec![at.step(d)];
    while let Some(last) = path.last().copied()
        && path.len() < left
        && snap.figure_at(last).is_some_and(|f| f.hero && f.id != h.id)
        && snap.board().in_bounds(last.step(d))
        && snap.can_step(h, last, last.step(d))
    {
        path.push(last.step(d));
    }
    path
}

/// A click or Confirm on a space under LEGO Heroica, judged from the rules' own list: the move
/// that ends there, a fight with the monster there (or a skill's shot at it), else the roll.
/// A key under LEGO Heroica: an arrow rolls before the roll, and after it walks the longest move
/// whose first step goes that way (the mouse picks a shorter one); X fights the monster under the
/// pointer, else the first one the hero may fight.
fn heroica_key(snap: &Snapshot, step: Option<Dir>, hover: Option<Pos>) -> Result<Command, String> {
    let legal = snap.quest.system.legal(snap);
    let at = snap.active_hero().and_then(|h| h.pos);
    if let (Some(d), Some(at)) = (step, at) {
        if let Some(c) = legal.iter().find(|c| matches!(c, Command::RollMovement { .. })) {
            return Ok(c.clone());
        }
        let first = at.step(d);
        let mut best: Option<&Command> = None;
        for c in &legal {
            if let Command::Move { path, .. } = c
                && path.first() == Some(&first)
                && best.is_none_or(|b| matches!(b, Command::Move { path: p, .. } if path.len() > p.len()))
            {
                best = Some(c);
            }
        }
        return best
            .cloned()
            .ok_or_else(|| "No move that way now: roll first (R), or pick a ringed space.".to_string());
    }
    let fights: Vec<&Command> = legal.iter().filter(|c| matches!(c, Command::Attack { .. })).collect();
    let under = hover.and_then(|p| snap.figure_at(p)).map(|f| f.id);
    fights
        .iter()
        .find(|c| matches!(c, Command::Attack { target, .. } if Some(*target) == under))
        .or(fights.first())
        .map(|c| (*c).clone())
        .ok_or_else(|| "No monster to fight now: a hero fights the monster it stops beside.".to_string())
}

fn heroica_intent(snap: &Snapshot, p: Pos) -> Option<Command> {
    let legal = snap.quest.system.legal(snap);
    let find = |f: &dyn Fn(&Command) -> bool| legal.iter().find(|c| f(c)).cloned();
    if let Some(c) = find(&|c| matches!(c, Command::Move { path, .. } if path.last() == Some(&p))) {
        return Some(c);
    }
    if let Some(f) = snap.figure_at(p) {
        if let Some(c) = find(&|c| matches!(c, Command::Attack { target, .. } if *target == f.id)) {
            return Some(c);
        }
        if let Some(c) = find(&|c| matches!(c, Command::UseSkill { target: Some(t), to: None, .. } if *t == f.id)) {
            return Some(c);
        }
    }
    find(&|c| matches!(c, Command::RollMovement { .. }))
}
