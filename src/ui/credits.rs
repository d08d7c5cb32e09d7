//! The credits window: CREDITS.md as the game shows it (headings bold, tables as lines).

use bevy::prelude::*;
use bevy_egui::egui;

/// The credits, built into the game.
const CREDITS: &str = include_str!("../../CREDITS.md");

/// Whether the credits window is open.
#[derive(Resource, Default)]
pub struct CreditsOpen(pub bool);

pub fn credits_window(ctx: &egui::Context, open: &mut CreditsOpen) {
    if !open.0 {
        return;
    }
    egui::Window::new("Credits")
        .open(&mut open.0)
        .collapsible(false)
        .resizable(false)
        .default_width(640.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("Hollowdeep — made by its team, with thanks to:").strong());
            super::fit::window_body(ui, 24.0, |ui| {
                for line in CREDITS.lines() {
                    let line = line.trim_end();
                    if line.starts_with("| ---") || line.starts_with("|---") {
                        continue;
                    }
                    if let Some(h) = line.strip_prefix("## ").or_else(|| line.strip_prefix("# ")) {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new(h).strong().size(17.0));
                    } else if let Some(row) = line.strip_prefix('|') {
                        let cells: Vec<&str> = row
                            .split('|')
                            .map(|c| c.trim().trim_matches('`'))
                            .filter(|c| !c.is_empty())
                            .collect();
                        ui.label(egui::RichText::new(cells.join("  ·  ")).small());
                    } else if !line.is_empty() {
                        ui.label(line.replace("**", "").replace('`', ""));
                    }
                }
            });
        });
}
