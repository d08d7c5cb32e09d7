//! The pause menu: go on, the options, back to the title screen, quit, and where the quest is
//! saved. The computer waits, and the game takes no input but this window's.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Play;
use crate::game::Paused;
use crate::game::model::Phase;
use crate::screen::Screen;
use crate::ui::options::OptionsOpen;

/// Shows the menu while the game is paused (and the quest not over).
pub(super) fn window(
    p: &Play,
    paused: &mut ResMut<Paused>,
    options: &mut ResMut<OptionsOpen>,
    next_screen: &mut ResMut<NextState<Screen>>,
    exit: &mut MessageWriter<AppExit>,
) {
    if !paused.0 || matches!(p.turn.phase, Phase::Over(_)) {
        return;
    }
    egui::Window::new("Paused")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
        .show(p.ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
                ui.vertical_centered_justified(|ui| {
                    if ui.button(egui::RichText::new("Go on (Esc)").size(18.0)).clicked() {
                        paused.0 = false;
                    }
                    if ui.button(egui::RichText::new("Options").size(18.0)).clicked() {
                        options.0 = true;
                    }
                    if ui
                        .button(egui::RichText::new("Back to the title screen").size(18.0))
                        .on_hover_text(
                            "The quest is saved after every command: Continue on the title screen picks it up here.",
                        )
                        .clicked()
                    {
                        paused.0 = false;
                        next_screen.set(Screen::Title);
                    }
                    if ui.button(egui::RichText::new("Quit the game").size(18.0)).clicked() {
                        exit.write(AppExit::Success);
                    }
                    let saved = match p.slot.map(|s| (&s.path, &s.dir)) {
                        Some((Some(path), _)) => format!(
                            "The quest is saved after every command, in {}.",
                            path.file_name()
                                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                        ),
                        Some((None, Some(_))) => "The quest is saved after every command, from your first move.".into(),
                        _ => "This game is not being saved.".into(),
                    };
                    ui.label(egui::RichText::new(saved).small().weak()).on_hover_text(
                        p.slot
                            .and_then(|s| s.path.as_ref())
                            .map_or_else(String::new, |path| path.display().to_string()),
                    );
                });
            })
        });
}
