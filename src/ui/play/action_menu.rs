//! The action menu of a keyboard-only or gamepad player: what the hero may do (or, in the spell
//! draft, the schools left), the highlighted line in the seat's colour.

use bevy_egui::egui;

use super::{Play, pad};
use crate::input::seats::{self, Action as A};
use crate::ui::party;

/// Shows the menu while it is open, unless the device is being handed over.
pub(super) fn window(p: &Play, handing_over: bool) {
    if !p.menu.open || handing_over {
        return;
    }
    let Some((i, _)) = p.seat else {
        return;
    };
    let lines = match &p.turn.draft {
        None if p.heroica.is_some() => {
            let view = p.heroica.expect("checked");
            let names = |id: crate::game::model::FigureId| p.hero(id).map(|r| r.1.name.clone());
            match &view.table {
                Some(t) => view
                    .acts
                    .iter()
                    .filter(|c| !matches!(c, crate::game::model::Command::Move { .. }))
                    .map(|c| (crate::view::heroica::label(c, t, &names), c.clone()))
                    .collect(),
                None => Vec::new(),
            }
        }
        Some(d) => {
            let picker = p.hero(d.next).map(|h| h.1.class.clone());
            seats::draft_lines(&p.quest.rules, d, picker.as_deref())
        }
        None => seats::menu_from(
            p.choices.map_or(&Default::default(), |c| c),
            p.spell_choices.map_or(&Default::default(), |c| c),
        ),
    };
    let title = if p.turn.draft.is_some() {
        "Choose a school of magic"
    } else {
        "What will you do?"
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .frame(egui::Frame::window(&p.ctx.global_style()).stroke(egui::Stroke::new(2.0, party::seat_colour(i))))
        .show(p.ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
                let pad = p.seats.0.get(i).is_some_and(|s| pad(s.device));
                ui.label(
                    egui::RichText::new(format!(
                        "{} / {} to choose, {} to do it, {} to close",
                        p.bindings.first_for(A::Up, pad),
                        p.bindings.first_for(A::Down, pad),
                        p.bindings.first_for(A::Confirm, pad),
                        p.bindings.first_for(A::Back, pad)
                    ))
                    .small()
                    .weak(),
                );
                for (k, (label, _)) in lines.iter().enumerate() {
                    let label = if k == p.menu.index && p.menu.asking {
                        format!("{label}? The hero leaves the quest for good: confirm again")
                    } else {
                        label.clone()
                    };
                    let text = egui::RichText::new(label).size(16.0);
                    if k == p.menu.index {
                        ui.label(
                            text.strong()
                                .background_color(party::seat_colour(i))
                                .color(egui::Color32::BLACK),
                        );
                    } else {
                        ui.label(text);
                    }
                }
            })
        });
}
