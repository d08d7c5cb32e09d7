//! egui panels: the title screen, the in-game panels (`play`: hero cards, the action bar, the dice
//! tray, the log, the end screen) and the sorcerer's; which keys egui sees.

pub mod log;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::game::model::*;
use crate::quest::{self, Quest};
use crate::save::settings::Settings;
use crate::screen::Screen;
use crate::start::PendingQuest;
use crate::view::PanelInsets;

pub mod credits;
pub mod editor;
pub mod fit;
pub mod options;
pub mod party;
pub mod play;
pub mod reload;
pub mod sorcerer;
mod title;
mod title_art;
pub mod tour;

pub use play::{points_bar, potion_text, turn_status};

use title::{TitleState, refresh_title, title_screen};

/// The campaign (its rule system's id) whose town the title screen opens when it is next shown:
/// the end window's "To the town".
#[derive(Resource, Clone, Debug)]
pub struct OpenTown(pub String);

pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<TitleState>()
        .init_resource::<party::PlayersOpen>()
        .init_resource::<credits::CreditsOpen>()
        .add_plugins((
            log::plugin,
            options::plugin,
            reload::plugin,
            tour::plugin,
            editor::plugin,
        ))
        .init_resource::<play::hover_card::HoverCard>()
        .add_systems(
            Update,
            play::hover_card::update_hover_card
                .run_if(in_state(Screen::Playing))
                .in_set(crate::game::GameSet::Present),
        )
        .add_systems(OnEnter(Screen::Title), refresh_title)
        .add_systems(
            EguiPrimaryContextPass,
            (
                options::zoom_system.run_if(resource_exists::<Settings>),
                title_screen.run_if(in_state(Screen::Title)),
                play::play_panels.run_if(in_state(Screen::Playing)),
                play::hover_card::hover_card_window.run_if(in_state(Screen::Playing)),
                reload::reload_window.run_if(in_state(Screen::Playing)),
                sorcerer::sorcerer_panels.run_if(in_state(Screen::Playing)),
            )
                .chain(),
        )
        .add_systems(
            PreUpdate,
            (drop_unchanged_modifiers, gamepad_to_egui, route_keys)
                .chain()
                .after(bevy_egui::EguiInputSet::WriteEguiEvents)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// Keys that egui would use to move its focus between widgets and press the focused one.
fn navigation_key(key: egui::Key) -> bool {
    use egui::Key as K;
    matches!(
        key,
        K::Tab | K::Enter | K::Space | K::ArrowUp | K::ArrowDown | K::ArrowLeft | K::ArrowRight
    )
}

/// Where egui may use the keyboard to walk its widgets: the title screen and its windows, the
/// pause menu, the options and the end of a quest. On the board the keys are the game's.
fn egui_navigates(screen: Screen, paused: bool, options: bool, over: bool) -> bool {
    screen == Screen::Title || paused || options || over
}

/// One thing owns a key at a time. A text field being typed in owns every key; elsewhere on
/// the board the game's keys (the action menu's Tab, Up, Down and Enter, a keyboard player's
/// cursor) are the game's alone: egui does not also see them, and no button keeps the focus,
/// so Enter runs the highlighted entry of the menu and never a button focused behind it.
/// Also tells the input systems what egui held last frame (`KeyOwner`).
pub fn route_keys(
    mut contexts: Query<(&mut bevy_egui::EguiInput, &mut bevy_egui::EguiContext)>,
    screen: Res<State<Screen>>,
    paused: Option<Res<crate::game::Paused>>,
    options: Res<options::OptionsOpen>,
    turn: Option<Res<Turn>>,
    mut owner: ResMut<crate::input::seats::KeyOwner>,
) {
    let over = turn.is_some_and(|t| matches!(t.phase, Phase::Over(_)));
    let navigates = egui_navigates(*screen.get(), paused.is_some_and(|p| p.0), options.0, over);
    for (mut input, mut ctx) in &mut contexts {
        let ctx = ctx.get_mut();
        let now = crate::input::seats::KeyOwner {
            text_field: ctx.text_edit_focused(),
            popup: egui::Popup::is_any_open(ctx),
        };
        if *owner != now {
            *owner = now;
        }
        if now.text_field || navigates {
            continue;
        }
        keep_board_keys(ctx, &mut input.0);
    }
}

/// On the board: no widget keeps the keyboard focus, and the navigation keys never reach egui.
pub fn keep_board_keys(ctx: &egui::Context, input: &mut egui::RawInput) {
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    input
        .events
        .retain(|e| !matches!(e, egui::Event::Key { key, .. } if navigation_key(*key)));
}

/// bevy_egui tells egui the modifier keys' state every frame as a `ModifiersChanged` event, and
/// egui answers any input event by asking for another frame at once: the window then redraws
/// without end even in reactive mode (170% of a core on the software renderer, waiting for a
/// click). Only a real change of the modifiers is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut bevy_egui::EguiInput)>,
    mut last: Local<std::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let seen = last.get(&entity).copied();
        let mut now = seen;
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let keep = now != Some(*m);
                now = Some(*m);
                keep
            }
            _ => true,
        });
        if let Some(m) = now {
            last.insert(entity, m);
        }
    }
}

/// A gamepad walks the panels where no board is being played (the title screen and its windows,
/// the pause menu, the options): the d-pad moves egui's keyboard focus from widget to widget
/// (as Tab and Shift+Tab do), A presses the focused one (as Enter does). In a quest the pad plays
/// the board instead (`input::seats`).
fn gamepad_to_egui(
    pads: Query<&bevy::input::gamepad::Gamepad>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    screen: Res<State<Screen>>,
    paused: Option<Res<crate::game::Paused>>,
    options: Res<options::OptionsOpen>,
) {
    use bevy::input::gamepad::GamepadButton as B;
    let menus = *screen.get() == Screen::Title || paused.is_some_and(|p| p.0) || options.0;
    if !menus {
        return;
    }
    let mut keys = Vec::new();
    for pad in &pads {
        for (button, key, shift) in [
            (B::DPadDown, egui::Key::Tab, false),
            (B::DPadRight, egui::Key::Tab, false),
            (B::DPadUp, egui::Key::Tab, true),
            (B::DPadLeft, egui::Key::Tab, true),
            (B::South, egui::Key::Enter, false),
        ] {
            if pad.just_pressed(button) {
                keys.push((key, shift));
            }
        }
    }
    if keys.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        for (key, shift) in &keys {
            let modifiers = egui::Modifiers {
                shift: *shift,
                ..Default::default()
            };
            for pressed in [true, false] {
                input.0.events.push(egui::Event::Key {
                    key: *key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers,
                });
            }
        }
    }
}

/// The colour of headings and of whose turn it is.
pub(crate) const GOLD: egui::Color32 = egui::Color32::from_rgb(230, 190, 110);
