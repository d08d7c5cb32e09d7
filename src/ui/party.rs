//! The players window (the party screen): who sits at the table, which heroes each plays and
//! what they hold. Kept in the settings; the heroes nobody claims are played by the computer.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::input::seats::{Device, Seat, Seats};
use crate::save::settings::Settings;

/// Whether the players window is open.
#[derive(Resource, Default)]
pub struct PlayersOpen(pub bool);

/// The colour of a seat: its banner in play, its row here. Told apart by brightness as well as
/// hue (safe for the common colour blindnesses).
pub fn seat_colour(i: usize) -> egui::Color32 {
    match i % 4 {
        0 => egui::Color32::from_rgb(86, 180, 233),
        1 => egui::Color32::from_rgb(230, 159, 0),
        2 => egui::Color32::from_rgb(0, 158, 115),
        _ => egui::Color32::from_rgb(204, 121, 167),
    }
}

const DEVICES: [Device; 6] = [
    Device::MouseKeyboard,
    Device::Keyboard,
    Device::Gamepad(0),
    Device::Gamepad(1),
    Device::Gamepad(2),
    Device::Gamepad(3),
];

/// `heroes`: (rule-set id, display name) of every hero of the rule set.
pub fn players_window(
    ctx: &egui::Context,
    open: &mut PlayersOpen,
    settings: &mut Settings,
    seats: &mut Seats,
    heroes: &[(String, String)],
    pads: usize,
) {
    if !open.0 {
        return;
    }
    let mut edited = settings.seats.clone();
    let mut keep_open = true;
    egui::Window::new("Players")
        .open(&mut keep_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .min_width(520.0)
        .max_width(640.0)
        .show(ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
            ui.label(
                egui::RichText::new(
                    "Up to four players on one screen. Each plays the heroes ticked on their row with the device chosen; \
                     players who share a device hand it over between turns. Heroes nobody plays are played by the computer.",
                ),
            );
            ui.label(
                egui::RichText::new(format!(
                    "{pads} gamepad{} connected.",
                    if pads == 1 { "" } else { "s" }
                ))
                .weak(),
            );
            ui.separator();
            let mut remove = None;
            let n = edited.0.len();
            for (i, seat) in edited.0.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new("■").color(seat_colour(i)));
                    ui.add(
                        egui::TextEdit::singleline(&mut seat.player)
                            .char_limit(crate::save::settings::PLAYER_NAME_MAX)
                            .desired_width(90.0),
                    );
                    egui::ComboBox::from_id_salt(("device", i))
                        .selected_text(seat.device.label())
                        .show_ui(ui, |ui| {
                            for d in DEVICES {
                                ui.selectable_value(&mut seat.device, d, d.label());
                            }
                        });
                    if ui.small_button("Remove").clicked() {
                        remove = Some(i);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(18.0);
                    for (id, name) in heroes {
                        let mut on = seat.heroes.contains(id);
                        if ui.checkbox(&mut on, name).changed() {
                            if on {
                                seat.heroes.push(id.clone());
                            } else {
                                seat.heroes.retain(|h| h != id);
                            }
                        }
                    }
                });
                if i + 1 < n {
                    ui.add_space(4.0);
                }
            }
            if let Some(i) = remove {
                edited.0.remove(i);
            }
            // A hero ticked on a second row moves there: the row that had the hero before lets go.
            let before = settings.seats.clone();
            for (id, _) in heroes {
                let rows: Vec<usize> = (0..edited.0.len()).filter(|&i| edited.0[i].heroes.contains(id)).collect();
                if rows.len() > 1 {
                    let old = before.seat_of(id);
                    for i in rows.into_iter().filter(|i| Some(*i) == old) {
                        edited.0[i].heroes.retain(|h| h != id);
                    }
                }
            }
            ui.horizontal(|ui| {
                if edited.0.len() < 4 && ui.button("Add a player").clicked() {
                    let used: Vec<Device> = edited.0.iter().map(|s| s.device).collect();
                    let device = DEVICES.into_iter().find(|d| !used.contains(d)).unwrap_or(Device::Keyboard);
                    let free: Vec<String> = heroes
                        .iter()
                        .map(|(id, _)| id.clone())
                        .filter(|id| edited.seat_of(id).is_none())
                        .take(1)
                        .collect();
                    edited.0.push(Seat {
                        player: format!("Player {}", edited.0.len() + 1),
                        heroes: free,
                        device,
                    });
                }
                if !edited.0.is_empty() && ui.button("One player (mouse)").clicked() {
                    edited.0.clear();
                }
            });
            let nobody: Vec<&str> = heroes
                .iter()
                .filter(|(id, _)| !edited.0.is_empty() && edited.seat_of(id).is_none())
                .map(|(_, n)| n.as_str())
                .collect();
            if !edited.0.is_empty() {
                ui.checkbox(
                    &mut settings.leave_out_unclaimed,
                    "Leave out the heroes nobody plays (else the computer plays them)",
                );
            }
            if edited.0.is_empty() {
                ui.label(egui::RichText::new("One player with mouse and keyboard plays every hero (or choose computer companions on the title screen).").weak());
            } else if !nobody.is_empty() {
                ui.label(egui::RichText::new(format!("The computer plays: {}", nobody.join(", "))).weak());
            }
            ui.separator();
            // heroquest-2021.md: "one plays Zargon". A person can take the sorcerer's seat.
            let mut person = settings.sorcerer_seat.is_some();
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("■").color(super::sorcerer::SORCERER));
                if ui.checkbox(&mut person, "A person plays the sorcerer").changed() {
                    settings.sorcerer_seat = person.then(|| crate::input::seats::SorcererSeat {
                        player: "Sorcerer".into(),
                        device: Device::MouseKeyboard,
                    });
                }
            });
            if let Some(seat) = settings.sorcerer_seat.as_mut() {
                ui.horizontal(|ui| {
                    ui.add_space(18.0);
                    ui.add(
                        egui::TextEdit::singleline(&mut seat.player)
                            .char_limit(crate::save::settings::PLAYER_NAME_MAX)
                            .desired_width(90.0),
                    );
                    egui::ComboBox::from_id_salt("sorcerer-device")
                        .selected_text(seat.device.label())
                        .show_ui(ui, |ui| {
                            for d in DEVICES {
                                ui.selectable_value(&mut seat.device, d, d.label());
                            }
                        });
                });
                ui.label(
                    egui::RichText::new(
                        "The sorcerer's turn opens with a hand-over so the heroes' players can look away; the sorcerer then sees the whole dungeon.",
                    )
                    .weak(),
                );
            } else {
                ui.label(egui::RichText::new("Else the computer plays the sorcerer, at the level chosen on the title screen.").weak());
            }
            })
        });
    open.0 = keep_open;
    for s in &mut edited.0 {
        s.player = s.player.chars().take(16).collect();
    }
    if edited != settings.seats {
        settings.seats = edited.clone();
        *seats = edited;
    }
}
