//! The card pop-up: the card just turned over (treasure, spell, trap, secret door), shown for a
//! few seconds or until its OK is clicked.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Play;
use crate::ui::log::CardPopup;

/// Shows the card while it is showing.
pub(super) fn popup(p: &Play, card: &mut ResMut<CardPopup>) {
    if !card.showing(p.now) {
        return;
    }
    // A card turned over while the spell draft is open (Morcar's Dungeon cards, at the quest's
    // start) waits for the draft to close, its time starting then: the draft's window would
    // cover it.
    if p.turn.draft.is_some() {
        card.since = Some(p.now);
        return;
    }
    let mut close = false;
    // Below the board's middle, where the stairway and the first corridors are seldom.
    egui::Window::new(egui::RichText::new(&card.title).color(card.color).strong())
        .enabled(!p.menus_up)
        .id(egui::Id::new("card_popup"))
        .collapsible(false)
        .resizable(false)
        .title_bar(true)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(-55.0, -12.0))
        .default_width(380.0)
        .show(p.ctx, |ui| {
            ui.label(egui::RichText::new(&card.text).size(15.0));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                close = ui.small_button("OK").clicked();
            });
        });
    if close {
        card.since = None;
    }
}
