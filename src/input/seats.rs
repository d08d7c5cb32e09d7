//! Couch co-op: seats (a player, the heroes they play, the device they hold), device-neutral
//! actions read from the keyboard and gamepads through rebindable bindings, the board cursor
//! that makes the game playable without a mouse, the action menu (searches, spells, potions...)
//! for the same, and the hand-over between seats that share a device.
//!
//! Everything here turns input into `Command`s through the same judge as a mouse click
//! (`intent_for_click`), so a gamepad can do nothing a click cannot.

use bevy::input::gamepad::Gamepad;
use bevy::prelude::*;

use crate::game::model::{ActiveQuest, Command, MoveState, Turn};

use crate::game::snapshot::Snapshot;
use crate::rules::geometry::{Dir, Pos};

pub use crate::screen::{BoardCursor, active_device};
pub use crate::seating::*;

/// The action menu a cursor player opens: what the hero may do besides walking and melee.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionMenu {
    pub open: bool,
    pub index: usize,
    /// The highlighted line cannot be undone (a retreat up the stairway): the first Confirm
    /// asks, the second does it (issue 39).
    pub asking: bool,
}

impl ActionMenu {
    /// Up and Down move the highlight over `len` lines, round from one end to the other.
    pub fn scroll(&mut self, a: Action, len: usize) {
        self.asking = false;
        let last = len.saturating_sub(1);
        self.index = match a {
            Action::Up => self.index.checked_sub(1).unwrap_or(last),
            Action::Down if self.index >= last => 0,
            Action::Down => self.index + 1,
            _ => self.index,
        };
    }
}

/// The seat whose turn it is, and a hand-over waiting for the next player to take the device.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatTurn {
    /// The seat that last acted (by index), and the hero.
    pub seat: Option<usize>,
    pub hero: Option<crate::game::model::FigureId>,
    /// Waiting for this seat's player to take the shared device and press Confirm.
    pub hand_over: Option<usize>,
}

/// The menu's lines for the active hero: (label, command). During the spell draft, the schools
/// left for the hero picking.
pub fn menu_lines(snap: &Snapshot) -> Vec<(String, Command)> {
    if let Some(d) = &snap.turn.draft {
        let picker = snap.figure(d.next).map(|f| f.kind.clone());
        return draft_lines(snap.rules(), d, picker.as_deref());
    }
    if snap.table.is_some() {
        return crate::view::heroica::menu_lines(snap);
    }
    let Some(h) = snap.active_hero() else {
        return Vec::new();
    };
    let (choices, spells) = crate::game::heroquest::hero_choices(snap, h);
    menu_from(&choices, &spells)
}

/// The schools a hero may still choose in the draft, as menu lines.
pub fn draft_lines(
    rules: &crate::rules::ruleset::RuleSet,
    d: &crate::game::model::Draft,
    picker: Option<&str>,
) -> Vec<(String, Command)> {
    d.left
        .iter()
        .flat_map(|school| {
            let spells: Vec<String> = rules
                .schools
                .get(school)
                .map(|v| v.iter().map(|s| rules.thing_name(s)).collect())
                .unwrap_or_default();
            let hint = if picker.and_then(suggested_school) == Some(school.as_str()) {
                " — suggested for a first game"
            } else {
                ""
            };
            if !rules.greater(school) {
                return vec![(
                    format!("The school of {school} ({}){hint}", spells.join(", ")),
                    Command::ChooseSchool {
                        hero: d.next,
                        school: school.clone(),
                    },
                )];
            }
            // A greater group (Revised #14): a line for each three spells to keep.
            crate::game::heroquest::keeps(&rules.schools[school])
                .into_iter()
                .map(|keep| {
                    let names: Vec<String> = keep.iter().map(|s| rules.thing_name(s)).collect();
                    (
                        format!("The school of {school}, keeping {}{hint}", names.join(", ")),
                        Command::ChooseSpells {
                            hero: d.next,
                            school: school.clone(),
                            keep,
                        },
                    )
                })
                .collect()
        })
        .collect()
}

/// heroquest-2021.md, Suggested First Quest Distribution: "Wizard: Fire + Water, Elf: Earth".
/// The Wizard picks Fire, the Elf Earth, and Water comes to the Wizard with the schools left.
pub fn suggested_school(class: &str) -> Option<&'static str> {
    match class {
        "wizard" => Some("fire"),
        "elf" => Some("earth"),
        _ => None,
    }
}

/// The menu as the panels show it: what the action bar offers, each spell on each target, and
/// ending the turn.
pub fn menu_from(
    choices: &crate::game::heroquest::HeroChoices,
    spells: &crate::game::heroquest::SpellChoices,
) -> Vec<(String, Command)> {
    let mut lines = choices.0.clone();
    for (_, name, _, targets) in &spells.0 {
        for (label, cmd) in targets {
            lines.push((format!("Cast {name} {label}"), cmd.clone()));
        }
    }
    lines.push(("End the turn".into(), Command::EndTurn));
    lines
}

/// The options window is open (perhaps waiting for a new key): the game takes no input.
pub fn input_suspended(world: &World) -> bool {
    world.get_resource::<crate::screen::OptionsOpen>().is_some_and(|o| o.0)
        || world.get_resource::<crate::game::Paused>().is_some_and(|p| p.0)
        || world.contains_resource::<crate::game::Watching>()
}

/// Esc (or the Back key or button of any device) always does something: it puts away what is
/// open (an egui pop-up such as a spell list, which egui closes itself; a card on the table; the
/// action menu, which `seat_input` closes), and with nothing open it opens the pause menu, or
/// closes it again. Runs before `seat_input`, which then sees the game paused.
pub fn pause_toggle(world: &mut World) {
    world.remove_resource::<BackUsed>();
    let bindings = world
        .get_resource::<crate::save::settings::Settings>()
        .map(|s| s.bindings.clone())
        .unwrap_or_default();
    let text_field = world.get_resource::<KeyOwner>().is_some_and(|k| k.text_field);
    let mut back = !text_field
        && world
            .get_resource::<ButtonInput<KeyCode>>()
            .is_some_and(|k| k.just_pressed(KeyCode::Escape) || bindings.key_actions(k).contains(&Action::Back));
    let mut q = world.query::<&Gamepad>();
    back |= q
        .iter(world)
        .any(|g| bindings.button_actions(g).contains(&Action::Back));
    if !back || world.get_resource::<crate::screen::OptionsOpen>().is_some_and(|o| o.0) {
        return;
    }
    let paused = world.get_resource::<crate::game::Paused>().is_some_and(|p| p.0);
    if paused {
        world.insert_resource(crate::game::Paused(false));
        return;
    }
    // A pop-up list that egui showed last frame: egui closes it on this key.
    if world.get_resource::<KeyOwner>().is_some_and(|k| k.popup) {
        return;
    }
    let now = world.get_resource::<Time>().map_or(0.0, |t| t.elapsed_secs());
    if let Some(mut card) = world.get_resource_mut::<crate::screen::CardPopup>()
        && card.showing(now)
    {
        card.since = None;
        // `seat_input` must not read this press again as closing something else.
        world.insert_resource(BackUsed);
        return;
    }
    if world.get_resource::<ActionMenu>().is_some_and(|m| m.open) {
        return;
    }
    world.insert_resource(crate::game::Paused(true));
}

/// The Back press of this frame was spent putting a card away.
#[derive(Resource)]
pub struct BackUsed;

/// Who has the keyboard besides the board, as egui saw it last frame: a text field being typed
/// in takes every key; an open pop-up takes Esc. Written by `ui::route_keys`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyOwner {
    pub text_field: bool,
    pub popup: bool,
}

/// The mouse reads the board only when the active hero's player holds mouse and keyboard and
/// no hand-over is waiting.
pub fn mouse_player_active(world: &mut World) -> bool {
    let waiting = world.get_resource::<SeatTurn>().is_some_and(|s| s.hand_over.is_some());
    !waiting && active_device(world).is_some_and(|(d, _, _)| d == Device::MouseKeyboard)
}

/// Reads the device of the active hero's seat and turns its actions into commands; keeps the
/// cursor on the active hero at the start of a turn; asks for a hand-over when the next seat
/// shares the device.
pub fn seat_input(world: &mut World) {
    let Some((device, seat, hero)) = active_device(world) else {
        return;
    };
    // A new hero's turn: the cursor goes to the hero; a different seat on the same device
    // waits for its player to take it.
    let mut st = world.get_resource::<SeatTurn>().cloned().unwrap_or_default();
    if st.hero != Some(hero) {
        let seats = world.get_resource::<Seats>().cloned().unwrap_or_default();
        if let (Some(prev), Some(now)) = (st.seat, seat)
            && prev != now
            && seats.0[prev].device.hand() == seats.0[now].device.hand()
        {
            st.hand_over = Some(now);
        }
        st.hero = Some(hero);
        st.seat = seat.or(st.seat);
        let at = Snapshot::capture(world).and_then(|s| s.figure(hero).and_then(|f| f.pos));
        world.insert_resource(BoardCursor { at, hero: Some(hero) });
        world.insert_resource(ActionMenu::default());
    }
    let actions = if input_suspended(world) {
        Vec::new()
    } else {
        device_actions(world, device)
    };
    // End turn pressed again, or held, just after the turn passed belongs to the turn that ended.
    let settling = crate::screen::turn_settling(world);
    if st.hand_over.is_some() {
        if actions.contains(&Action::Confirm) {
            st.hand_over = None;
        }
        world.insert_resource(st);
        return;
    }
    world.insert_resource(st);
    // The mouse-and-keyboard player keeps the keys `hero_input` reads (arrows step the hero);
    // the cursor and the menu are for the other devices.
    if device == Device::MouseKeyboard {
        return;
    }
    let drafting = world.get_resource::<Turn>().is_some_and(|t| t.draft.is_some());
    if actions.is_empty() && (!drafting || world.get_resource::<ActionMenu>().is_some_and(|m| m.open)) {
        return;
    }
    let Some(snap) = Snapshot::capture(world) else { return };
    let mut menu = world.get_resource::<ActionMenu>().cloned().unwrap_or_default();
    // The spell draft is a menu of its own, open until the hero has picked.
    if snap.turn.draft.is_some() {
        let lines = menu_lines(&snap);
        let mut out = None;
        for a in actions {
            match a {
                Action::Up | Action::Down => menu.scroll(a, lines.len()),
                Action::Confirm => out = lines.get(menu.index).map(|(_, c)| c.clone()),
                _ => {}
            }
        }
        menu.open = true;
        menu.index = menu.index.min(lines.len().saturating_sub(1));
        if out.is_some() {
            menu = ActionMenu::default();
        }
        world.insert_resource(menu);
        if let Some(c) = out {
            world.write_message(c);
        }
        return;
    }
    let Some(h) = snap.active_hero() else { return };
    let mut cursor = world.get_resource::<BoardCursor>().cloned().unwrap_or_default();
    let mut out: Option<Command> = None;
    let board = snap.board();
    let back_used = world.contains_resource::<BackUsed>();
    // Why a pressed key did nothing, said in the log after the loop.
    let mut said: Vec<String> = Vec::new();
    for a in actions {
        // Back put away a card on the table already (`pause_toggle`).
        if a == Action::Back && back_used {
            continue;
        }
        if menu.open {
            let lines = menu_lines(&snap);
            match a {
                Action::Up | Action::Down => menu.scroll(a, lines.len()),
                Action::Confirm => {
                    let chosen = lines.get(menu.index).map(|(_, c)| c.clone());
                    if matches!(chosen, Some(Command::Retreat { .. })) && !menu.asking {
                        menu.asking = true;
                    } else {
                        out = chosen;
                        menu = ActionMenu::default();
                    }
                }
                Action::Back | Action::Menu => menu = ActionMenu::default(),
                _ => {}
            }
            continue;
        }
        let step = match a {
            Action::Up => Some(Dir::N),
            Action::Down => Some(Dir::S),
            Action::Left => Some(Dir::W),
            Action::Right => Some(Dir::E),
            _ => None,
        };
        if let Some(d) = step {
            // A hero off the board (the action-point module): the cursor starts on the stairway.
            let from = cursor
                .at
                .or(h.pos)
                .or_else(|| snap.entrance(h).first().copied())
                .unwrap_or(Pos::new(0, 0));
            let to = from.step(d);
            if board.in_bounds(to) {
                cursor.at = Some(to);
            }
            continue;
        }
        let progress = snap.turn.progress(h.id);
        out = match a {
            Action::Confirm => match cursor.at {
                Some(p) if Some(p) != h.pos => super::intent_for_click(&snap, p),
                // On the hero's own square: roll if that is still to do, else the menu.
                _ if progress.allowance.is_none() && progress.moving != MoveState::Done && h.serves.is_none() => {
                    Some(Command::RollMovement { hero: h.id })
                }
                _ => {
                    menu = ActionMenu {
                        open: true,
                        ..Default::default()
                    };
                    None
                }
            },
            Action::Roll => Some(Command::RollMovement { hero: h.id }),
            Action::Attack => {
                let ringed = crate::game::heroquest::attackable_now(&snap, h);
                let under = cursor.at.and_then(|p| ringed.iter().find(|t| t.pos == Some(p)));
                let out = under
                    .or_else(|| ringed.iter().min_by_key(|t| (t.body, t.id)))
                    .map(|t| Command::Attack {
                        attacker: h.id,
                        target: t.id,
                    });
                if out.is_none() {
                    said.push(super::no_attack_reason(&snap, h));
                }
                out
            }
            Action::OpenDoor => {
                let out = h.pos.and_then(|at| {
                    snap.doors
                        .iter()
                        .find(|d| !d.open && !d.locked && d.edge.touches(at))
                        .map(|d| super::open_door(&snap, h, d.id))
                });
                if out.is_none() {
                    said.push(super::no_door_reason(h));
                }
                out
            }
            Action::Menu => {
                menu = ActionMenu {
                    open: true,
                    ..Default::default()
                };
                None
            }
            Action::EndTurn if settling => None,
            Action::EndTurn => Some(Command::EndTurn),
            Action::Undo => {
                world.insert_resource(crate::screen::UndoRequest);
                None
            }
            _ => None,
        };
        if out.is_some() {
            break;
        }
    }
    world.insert_resource(menu);
    world.insert_resource(cursor);
    for reason in said {
        world.write_message(crate::game::model::GameEvent::CommandRejected { reason });
    }
    if let Some(c) = out {
        world.write_message(c);
    }
}

/// The actions the device's keys or buttons just meant.
pub fn device_actions(world: &mut World, device: Device) -> Vec<Action> {
    let bindings = world
        .get_resource::<crate::save::settings::Settings>()
        .map(|s| s.bindings.clone())
        .unwrap_or_default();
    match device {
        Device::MouseKeyboard | Device::Keyboard => {
            // Keys typed into a text field belong to the field.
            if world.get_resource::<KeyOwner>().is_some_and(|k| k.text_field) {
                return Vec::new();
            }
            world
                .get_resource::<ButtonInput<KeyCode>>()
                .map(|k| bindings.key_actions(k))
                .unwrap_or_default()
        }
        Device::Gamepad(n) => {
            let mut q = world.query::<(Entity, &Gamepad)>();
            let mut pads: Vec<(Entity, &Gamepad)> = q.iter(world).collect();
            pads.sort_by_key(|(e, _)| *e);
            pads.get(n as usize)
                .map(|(_, g)| bindings.button_actions(g))
                .unwrap_or_default()
        }
    }
}

/// Which seat and device drive the active hero, for the UI's banner.
pub fn active_seat(world: &mut World) -> Option<(Option<usize>, Device)> {
    active_device(world).map(|(d, s, _)| (s, d))
}

/// The resources; `seat_input` itself runs in the input plugin, before the mouse's system.
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .init_resource::<KeyOwner>()
        .init_resource::<ActionMenu>()
        .init_resource::<SeatTurn>()
        .init_resource::<Seats>()
        .init_resource::<crate::screen::TurnBeat>()
        .add_systems(
            Update,
            crate::screen::track_turn_beat
                .before(seat_input)
                .in_set(crate::game::GameSet::Input),
        );
}

/// The seats and their input without a window: for headless tests and tools.
pub fn headless_plugin(app: &mut App) {
    app.add_plugins(plugin).add_systems(
        Update,
        (pause_toggle, seat_input)
            .chain()
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Input),
    );
}
