//! The options window (from the title screen and during a quest) and the systems that apply the
//! settings and keep them on disk.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::Pace;
use crate::input::seats::Action;
use crate::save::settings::{ANIMATION_RANGE, PACE_RANGE, Palette, Settings, UI_SCALE_RANGE, VOLUME_RANGE};
use crate::screen::SettingsProblem;
use bevy::input::gamepad::{Gamepad, GamepadButton};

pub use crate::screen::OptionsOpen;

/// The control being changed: the next key (or gamepad button, when `.1`) pressed is bound to it.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct Rebinding(pub Option<(Action, bool)>);

/// The key and the gamepad button pressed this frame, if any (for rebinding).
#[derive(Resource, Default, Clone, Copy)]
pub struct LastPress {
    pub key: Option<KeyCode>,
    pub button: Option<GamepadButton>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<OptionsOpen>()
        .init_resource::<SettingsProblem>()
        .init_resource::<Rebinding>()
        .init_resource::<LastPress>()
        .add_systems(PreUpdate, read_presses.after(bevy::input::InputSystems))
        .add_systems(
            Update,
            (apply_pace, apply_window_mode, persist_settings).run_if(resource_exists::<Settings>),
        );
}

fn read_presses(keys: Res<ButtonInput<KeyCode>>, pads: Query<&Gamepad>, mut last: ResMut<LastPress>) {
    let now = LastPress {
        key: keys.get_just_pressed().next().copied(),
        button: pads.iter().find_map(|p| p.digital().get_just_pressed().next().copied()),
    };
    if now.key != last.key || now.button != last.button {
        *last = now;
    }
}

/// The options window: what it changes takes effect at once and is saved.
pub fn options_window(
    ctx: &egui::Context,
    open: &mut OptionsOpen,
    settings: &mut Settings,
    rebinding: &mut Rebinding,
    last: &LastPress,
) {
    if !open.0 {
        rebinding.0 = None;
        return;
    }
    // A control waiting for its new key or button takes the first one pressed (Esc cancels).
    if let Some((action, pad)) = rebinding.0 {
        if pad && let Some(b) = last.button {
            let mut b2 = settings.bindings.clone();
            b2.rebind_button(action, b);
            settings.bindings = b2;
            rebinding.0 = None;
        } else if !pad && let Some(k) = last.key {
            if k != KeyCode::Escape {
                let mut b2 = settings.bindings.clone();
                b2.rebind_key(action, k);
                settings.bindings = b2;
            }
            rebinding.0 = None;
        }
    }
    let mut edited = settings.clone();
    let mut keep_open = true;
    egui::Window::new("Options")
        .open(&mut keep_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
            egui::Grid::new("options").num_columns(2).spacing([16.0, 10.0]).show(ui, |ui| {
                ui.label("Computer's pace");
                ui.add(
                    egui::Slider::new(&mut edited.pace, PACE_RANGE.0..=PACE_RANGE.1)
                        .step_by(0.05)
                        .suffix(" s a move"),
                )
                .on_hover_text("Time between the sorcerer's (and the companions') moves, so you can follow them. F fast-forwards.");
                ui.end_row();
                ui.label("Panel size");
                ui.add(
                    egui::Slider::new(&mut edited.ui_scale, UI_SCALE_RANGE.0..=UI_SCALE_RANGE.1)
                        .step_by(0.05)
                        .custom_formatter(|v, _| format!("{:.0}%", v * 100.0)),
                );
                ui.end_row();
                ui.label("Sound effects");
                ui.add(
                    egui::Slider::new(&mut edited.volume, VOLUME_RANGE.0..=VOLUME_RANGE.1)
                        .step_by(0.05)
                        .custom_formatter(|v, _| if v <= 0.0 { "off".into() } else { format!("{:.0}%", v * 100.0) }),
                );
                ui.end_row();
                ui.label("Turn chime");
                ui.checkbox(&mut edited.turn_cue, "a chime when the turn passes to another player at the table");
                ui.end_row();
                ui.label("Animation speed");
                ui.add_enabled(
                    !edited.reduced_motion,
                    egui::Slider::new(&mut edited.animation_speed, ANIMATION_RANGE.0..=ANIMATION_RANGE.1)
                        .step_by(0.25)
                        .custom_formatter(|v, _| format!("{v:.2}×")),
                );
                ui.end_row();
                ui.label("Display");
                ui.horizontal(|ui| {
                    ui.checkbox(&mut edited.fullscreen, "full screen");
                    ui.add_enabled_ui(!edited.fullscreen, |ui| {
                        let (w, h) = edited.window_size;
                        egui::ComboBox::from_id_salt("window size")
                            .selected_text(format!("{w} × {h} window"))
                            .show_ui(ui, |ui| {
                                for size in crate::save::settings::WINDOW_SIZES {
                                    ui.selectable_value(&mut edited.window_size, size, format!("{} × {}", size.0, size.1));
                                }
                            });
                    });
                });
                ui.end_row();
                ui.label("Reduced motion");
                ui.checkbox(&mut edited.reduced_motion, "nothing slides, tumbles or floats");
                ui.end_row();
                ui.label("Colours");
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut edited.palette, Palette::Standard, "standard");
                    ui.selectable_value(&mut edited.palette, Palette::ColourBlindSafe, "colour-blind safe")
                        .on_hover_text("Blue and orange instead of green and red on the board; heroes in colours told apart by everyone.");
                });
                ui.end_row();
            });
            egui::CollapsingHeader::new("Controls (keyboard only and gamepads)")
                .default_open(true)
                .open(crate::ui::fit::unfolded(ui.ctx()))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(
                            "The mouse player clicks; these are for players with the keyboard alone or a gamepad. \
                             Click a key or button, then press the new one (Esc cancels).",
                        )
                        .small(),
                    );
                    egui::Grid::new("controls").striped(true).num_columns(3).show(ui, |ui| {
                        for a in Action::ALL {
                            ui.label(a.label());
                            let now = rebinding.0;
                            let waiting = |pad| now == Some((a, pad));
                            let key = if waiting(false) { "press a key…".to_string() } else { edited.bindings.keys_for(a) };
                            if ui.button(key).clicked() {
                                rebinding.0 = Some((a, false));
                            }
                            let button = if waiting(true) {
                                "press a button…".to_string()
                            } else {
                                edited.bindings.buttons_for(a)
                            };
                            if ui.button(button).clicked() {
                                rebinding.0 = Some((a, true));
                            }
                            ui.end_row();
                        }
                    });
                });
            ui.add_space(6.0);
            if ui.button("Restore the defaults").clicked() {
                // The players, the sorcerer and the companions are chosen elsewhere: kept.
                let keep = (edited.sorcerer, edited.companions.clone(), edited.seats.clone());
                edited = Settings::default();
                (edited.sorcerer, edited.companions, edited.seats) = keep;
            }
            if let Some(path) = Settings::path() {
                ui.label(egui::RichText::new(format!("Saved in {}", path.display())).small().weak());
            }
            })
        });
    open.0 = keep_open;
    if edited != *settings {
        *settings = edited;
    }
}

/// The panel size, set on egui's context whenever it differs from the setting.
pub fn apply_zoom(ctx: &egui::Context, settings: &Settings) {
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
        // egui's own Ctrl +/- would fight the setting.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.set_zoom_factor(settings.ui_scale);
    }
}

pub fn zoom_system(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    apply_zoom(contexts.ctx_mut()?, &settings);
    Ok(())
}

/// Full screen or a window of the chosen size, as the settings say (at start and whenever
/// they change; a window the player resized by hand keeps its size until the setting changes).
/// The window is never made larger than the screen it is on: a larger setting is cut to the
/// screen, and the title screen says so.
fn apply_window_mode(
    settings: Res<Settings>,
    mut windows: Query<(&mut bevy::window::Window, Option<&bevy::window::OnMonitor>)>,
    monitors: Query<(Entity, &bevy::window::Monitor, Has<bevy::window::PrimaryMonitor>)>,
    mut problem: ResMut<SettingsProblem>,
    mut last: Local<Option<(bool, (u32, u32), Option<(u32, u32)>)>>,
) {
    use bevy::window::{MonitorSelection, WindowMode};
    for (mut w, on) in &mut windows {
        // The screen the window is on (or the primary one while that is not known yet), in
        // logical pixels.
        let screen = monitors
            .iter()
            .find(|(e, _, primary)| on.map_or(*primary, |o| o.0 == *e))
            .map(|(_, m, _)| screen_size(m));
        let now = (settings.fullscreen, settings.window_size, screen);
        if *last == Some(now) {
            return;
        }
        *last = Some(now);
        let mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if w.mode != mode {
            w.mode = mode;
        }
        let (width, height) = fit_window(settings.window_size, screen);
        // The default size is fitted to a smaller screen without a word (a newcomer's first
        // launch on a laptop); a size the player chose is cut with a note (issue 39).
        let chosen = settings.window_size != Settings::default().window_size;
        if chosen && (width, height) != settings.window_size && !settings.fullscreen {
            let note = format!(
                "window_size ({}, {}) is larger than the screen ({} × {}), so the window is {width} × {height}",
                settings.window_size.0,
                settings.window_size.1,
                screen.map_or(0, |s| s.0),
                screen.map_or(0, |s| s.1)
            );
            problem.0 = Some(match problem.0.take() {
                Some(p) if !p.contains("is larger than the screen") => format!("{p}\n• {note}"),
                _ => note,
            });
        }
        if !settings.fullscreen && (w.resolution.width() as u32, w.resolution.height() as u32) != (width, height) {
            w.resolution.set(width as f32, height as f32);
        }
    }
}

/// A monitor's size in logical pixels.
fn screen_size(m: &bevy::window::Monitor) -> (u32, u32) {
    let scale = if m.scale_factor.is_finite() && m.scale_factor > 0.0 {
        m.scale_factor
    } else {
        1.0
    };
    (
        (f64::from(m.physical_width) / scale) as u32,
        (f64::from(m.physical_height) / scale) as u32,
    )
}

/// The window size to use: the setting, no larger than the screen (when it is known).
pub fn fit_window(want: (u32, u32), screen: Option<(u32, u32)>) -> (u32, u32) {
    match screen {
        Some((sw, sh)) if sw > 0 && sh > 0 => (want.0.min(sw), want.1.min(sh)),
        _ => want,
    }
}

fn apply_pace(settings: Res<Settings>, mut pace: ResMut<Pace>, mut last: Local<Option<f32>>) {
    // Only a change of the setting moves the pace: `play --pace` sets it for one game.
    if last.is_some_and(|p| p != settings.pace) {
        pace.delay = settings.pace;
    }
    *last = Some(settings.pace);
}

/// Writes the settings when they differ from what was last read or written; a failure is shown
/// on the title screen and tried again at the next change.
fn persist_settings(settings: Res<Settings>, mut problem: ResMut<SettingsProblem>, mut last: Local<Option<Settings>>) {
    // Every change goes through `ResMut`; untouched, there is nothing to compare.
    if last.is_some() && !settings.is_changed() {
        return;
    }
    match &*last {
        None => *last = Some(settings.clone()),
        Some(l) if l != &*settings => {
            match settings.save() {
                Ok(()) => problem.0 = None,
                Err(e) => problem.0 = Some(format!("The settings could not be saved: {e}")),
            }
            *last = Some(settings.clone());
        }
        Some(_) => {}
    }
}
