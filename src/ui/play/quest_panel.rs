//! The right panel, "quest": the quest's name, goal and briefing, whose turn it is and who plays
//! it, the replay's controls, the active hero's action bar (`action_bar`), fast-forward and the
//! pause menu's button, the dice tray and the log.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Play, action_bar, outcome_title, pad};
use crate::game::model::{Command, Phase};
use crate::game::{Pace, Paused, Watching};
use crate::input::seats::Device;
use crate::quest;
use crate::ui::{GOLD, log, party};

/// Draws the panel; its width in egui points.
pub(super) fn panel(
    root: &mut egui::Ui,
    p: &Play,
    out: &mut MessageWriter<Command>,
    commands: &mut Commands,
    pace: &mut ResMut<Pace>,
    paused: &mut ResMut<Paused>,
    watching: Option<&mut Watching>,
) -> f32 {
    egui::Panel::right("quest")
        .resizable(false)
        .exact_size(crate::ui::fit::side_width(root.ctx(), 360.0, 0.3))
        .show(root, |ui| {
            if p.menus_up {
                ui.disable();
            }
            // The quest, the turn and the action bar scroll in what the dice tray and the log
            // leave them (issue 39: at a large interface scale they ran off a small screen).
            let room = (ui.available_height() - LOG_ROOM).max(ui.available_height() * 0.5);
            let top = egui::ScrollArea::vertical().id_salt("quest-top").max_height(room);
            crate::ui::fit::scrolled(ui, top, |ui| {
                quest_info(ui, p);
                ui.separator();
                whose_turn(ui, p);
                if let Some(w) = watching {
                    replay_controls(ui, w);
                }
                if let Some(view) = p.heroica {
                    super::heroica::action_bar(ui, p, view, out);
                } else if let Some(id) = p.active {
                    action_bar::hero_turn(ui, p, id, out, commands);
                }
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut pace.fast_forward, "Fast-forward (F)");
                    if ui.small_button("Menu (Esc)").clicked() {
                        paused.0 = true;
                    }
                    let level = p.opponents.copied().unwrap_or_default().sorcerer;
                    let side = if p.heroica.is_some() {
                        "Monster player"
                    } else {
                        "Sorcerer"
                    };
                    let battle = p.heroica.is_none() || p.quest.modules.battle();
                    if battle {
                        ui.label(
                            egui::RichText::new(format!("{side}: {}", level.as_str()))
                                .small()
                                .weak(),
                        )
                        .on_hover_text(level.blurb());
                    }
                });
            });
            ui.separator();
            dice_and_log(ui, p);
        })
        .response
        .rect
        .width()
}

/// Points of the quest panel's height kept for the dice tray and the log below the action bar.
const LOG_ROOM: f32 = 220.0;

/// The quest's name, the modules it is played with, its goal (and, once met, what is left to
/// do) and its briefing.
fn quest_info(ui: &mut egui::Ui, p: &Play) {
    let q = p.quest;
    ui.heading(egui::RichText::new(&q.name).color(GOLD));
    if let Some(epic) = p.epic_standing {
        ui.label(egui::RichText::new(&epic.title).strong())
            .on_hover_text(epic.standings.join("\n"));
        ui.label(egui::RichText::new(epic.standings.join("  ·  ")).small().weak());
    }
    // A quest written for several rule systems says which one this game is played under.
    if q.written_for.len() > 1
        && let Some(r) = crate::rules::systems::rule_system(q.system.id())
    {
        ui.label(
            egui::RichText::new(format!("Rules: {}", r.name))
                .small()
                .color(egui::Color32::from_rgb(190, 150, 220)),
        )
        .on_hover_text(r.summary);
    }
    if !q.modules.is_empty() {
        ui.label(
            egui::RichText::new(format!("Played with: {}", q.modules.names().join(", ")))
                .small()
                .color(egui::Color32::from_rgb(190, 150, 220)),
        );
    }
    ui.label(egui::RichText::new(format!("Goal: {}", q.objective.describe())).italics());
    // Once the goal is met, what is left to do.
    let escape = matches!(q.objective.kind, quest::ObjectiveKind::Escape(_));
    if p.turn.objective_done && matches!(p.turn.phase, Phase::Hero(_) | Phase::Sorcerer) {
        let left = if escape {
            "A hero is out! The others must reach the way out too."
        } else {
            "Goal achieved! Every hero who reaches the stairway climbs out."
        };
        ui.label(egui::RichText::new(left).color(egui::Color32::from_rgb(140, 220, 130)));
    }
    // Open at the start, unless the screen is too short for it and the action bar below.
    let room = ui.ctx().content_rect().height() >= 600.0;
    egui::CollapsingHeader::new("Briefing")
        .default_open(p.briefing_open && room)
        .show(ui, |ui| {
            // In the words of the device of the player whose turn it is (the first seat's
            // between turns); the mouse's without seats.
            let device = p
                .seat
                .as_ref()
                .and_then(|(i, _)| p.seats.0.get(*i))
                .or(p.seats.0.first())
                .map_or(crate::seating::Device::MouseKeyboard, |s| s.device);
            ui.label(crate::seating::device_words(&q.briefing, device, p.bindings));
        });
}

/// "Round 3 — Sigmar's turn", a saving error above it, and whose hands the turn is in: the
/// seat's player, in the seat's colour, the device, and a cursor player's keys.
fn whose_turn(ui: &mut egui::Ui, p: &Play) {
    let who = match p.turn.phase {
        Phase::Hero(id) => p.name_of(id).unwrap_or_else(|| "A hero".to_string()) + "'s turn",
        Phase::Sorcerer => "The sorcerer's turn".into(),
        Phase::Over(outcome) => outcome_title(outcome).into(),
    };
    if let Some(e) = p.slot.and_then(|s| s.error.as_ref()) {
        ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(e).small());
    }
    ui.label(
        egui::RichText::new(format!("Round {} — {who}", p.turn.round))
            .size(17.0)
            .strong(),
    );
    let Some((i, hero)) = &p.seat else {
        return;
    };
    let s = &p.seats.0[*i];
    ui.label(
        egui::RichText::new(format!("{} plays {hero} — {}", s.player, s.device.label()))
            .size(16.0)
            .strong()
            .color(party::seat_colour(*i)),
    );
    if s.device != Device::MouseKeyboard {
        let pad = pad(s.device);
        let b = |a| p.bindings.first_for(a, pad);
        use crate::input::seats::Action as A;
        ui.label(
            egui::RichText::new(format!(
                "Move the cursor: {} · act on its square: {} · roll: {} · attack: {} · actions menu: {} · end turn: {} · undo: {} · put a card away: {}",
                p.bindings.cursor_for(pad),
                b(A::Confirm),
                b(A::Roll),
                b(A::Attack),
                b(A::Menu),
                b(A::EndTurn),
                b(A::Undo),
                b(A::Back)
            ))
            .small(),
        );
    }
}

/// Watching a replay: its own controls, no hero's.
fn replay_controls(ui: &mut egui::Ui, w: &mut Watching) {
    ui.label(egui::RichText::new(format!("Replay: command {} of {}", w.next, w.commands.len())).strong());
    ui.horizontal(|ui| {
        let done = w.next >= w.commands.len();
        let label = if w.playing { "Pause (Space)" } else { "Play (Space)" };
        if ui.add_enabled(!done, egui::Button::new(label)).clicked() {
            w.playing = !w.playing;
        }
        if ui.add_enabled(!done, egui::Button::new("Step (Right arrow)")).clicked() {
            w.playing = false;
            w.step = true;
        }
        if done {
            ui.label(egui::RichText::new("The replay is over.").weak());
        }
    });
    let keys = ui.input(|i| (i.key_pressed(egui::Key::Space), i.key_pressed(egui::Key::ArrowRight)));
    if keys.0 {
        w.playing = !w.playing;
    }
    if keys.1 {
        w.playing = false;
        w.step = true;
    }
}

/// The dice tray (fresh dice tumble for a moment) and the log, its last 200 lines.
fn dice_and_log(ui: &mut egui::Ui, p: &Play) {
    ui.label(egui::RichText::new("Dice").strong());
    // Fresh dice tumble for a moment (not with reduced motion), faster at higher speeds.
    let (speed, still) = p
        .settings
        .map_or((1.0, false), |s| (s.animation_speed, s.reduced_motion));
    let tumbling = p
        .tumble
        .since
        .map(|t| p.now - t)
        .filter(|age| !still && *age < log::TUMBLE_SECONDS / speed)
        .map(|age| (age * 30.0) as u32);
    match p.heroica {
        Some(view) => super::heroica::dice_tray(ui, p, view),
        None => log::dice_tray(ui, p.tray, tumbling),
    }
    ui.separator();
    ui.label(egui::RichText::new("Log").strong());
    let area = egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false]);
    crate::ui::fit::scrolled(ui, area, |ui| {
        for line in p.log.lines.iter().rev().take(200).collect::<Vec<_>>().into_iter().rev() {
            ui.label(egui::RichText::new(&line.text).color(line.color));
        }
    });
}
