//! The hand-over window: a seat that shares its device with the last one waits for its player
//! to take it ("Anna, it is your turn … Ready").

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Play, pad};
use crate::input::seats::{Action, SeatTurn};
use crate::ui::party;

/// Shows the window while a seat waits to be handed the device.
pub(super) fn window(p: &Play, seat_turn: &mut ResMut<SeatTurn>) {
    let Some(i) = seat_turn.hand_over else {
        return;
    };
    let Some(s) = p.seats.0.get(i) else {
        return;
    };
    let hero = p.active.and_then(|id| p.name_of(id)).unwrap_or_default();
    let confirm = p.bindings.first_for(Action::Confirm, pad(s.device));
    egui::Window::new("Hand over")
        .enabled(!p.menus_up)
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .frame(egui::Frame::window(&p.ctx.global_style()).stroke(egui::Stroke::new(3.0, party::seat_colour(i))))
        .show(p.ctx, |ui| {
            ui.label(
                egui::RichText::new(format!("{}, it is your turn", s.player))
                    .size(24.0)
                    .color(party::seat_colour(i)),
            );
            ui.label(format!("{hero}'s turn. Pass the {} to {}.", s.device.noun(), s.player));
            ui.label(format!("{}: press {confirm} when you have it.", s.player));
            if ui.button("Ready").clicked() {
                seat_turn.hand_over = None;
            }
        });
}
