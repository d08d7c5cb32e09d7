//! The options window (from the title screen and during a quest) and the systems that apply the
//! settings and keep them on disk.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::SettingsProblem;
use crate::game::Pace;
use crate::save::settings::{PACE_RANGE, Settings, UI_SCALE_RANGE};

/// Whether the options window is open.
#[derive(Resource, Default)]
pub struct OptionsOpen(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<OptionsOpen>()
        .init_resource::<SettingsProblem>()
        .add_systems(Update, (apply_pace, persist_settings).run_if(resource_exists::<Settings>));
}

/// The options window: what it changes takes effect at once and is saved.
pub fn options_window(ctx: &egui::Context, open: &mut OptionsOpen, settings: &mut Settings) {
    if !open.0 {
        return;
    }
    let mut edited = settings.clone();
    let mut keep_open = true;
    egui::Window::new("Options")
        .open(&mut keep_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
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
            });
            ui.add_space(6.0);
            if ui.button("Restore the defaults").clicked() {
                let keep = (edited.sorcerer, edited.companions.clone());
                edited = Settings::default();
                (edited.sorcerer, edited.companions) = keep;
            }
            if let Some(path) = Settings::path() {
                ui.label(egui::RichText::new(format!("Saved in {}", path.display())).small().weak());
            }
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
