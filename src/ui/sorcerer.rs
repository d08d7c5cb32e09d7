//! The sorcerer's seat on screen: the hand-over that hides the board while the heroes' players
//! look away, the sorcerer's panel (the monsters to move, the picked one's Dread spells, the end
//! of the turn, the wandering monster to place) and the menu a keyboard or gamepad walks.

use bevy::prelude::*;
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};

use crate::game::heroquest::{may_use, steps_left};
use crate::game::model::{Command, Pending, Phase, Turn};
use crate::game::snapshot::Snapshot;
use crate::game::{Controllers, Paused};
use crate::input::seats::{Action, ActionMenu, Device, SorcererSeat};
use crate::input::sorcerer::{SorcererHand, SorcererIntent, sorcerer_menu};

/// The colour the sorcerer's seat wears on screen.
pub const SORCERER: egui::Color32 = egui::Color32::from_rgb(200, 120, 230);

pub fn sorcerer_panels(world: &mut World) {
    let (Some(turn), Some(seat)) = (
        world.get_resource::<Turn>().cloned(),
        world.get_resource::<SorcererSeat>().cloned(),
    ) else {
        return;
    };
    if !world.resource::<Controllers>().sorcerer_to_act(&turn) {
        return;
    }
    let mut q = world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
    let Some(ctx) = q.iter_mut(world).next().map(|mut c| c.get_mut().clone()) else {
        return;
    };
    let mut hand = world.get_resource::<SorcererHand>().cloned().unwrap_or_default();
    let bindings = world
        .get_resource::<crate::save::settings::Settings>()
        .map(|s| s.bindings.clone())
        .unwrap_or_default();
    let pad = matches!(seat.device, Device::Gamepad(_));
    let confirm = bindings.first_for(Action::Confirm, pad);
    if hand.hand_over {
        // The board is hidden until the sorcerer's player has the device.
        egui::Area::new(egui::Id::new("sorcerer-hand-over"))
            .order(egui::Order::Foreground)
            .fixed_pos(egui::pos2(0.0, 0.0))
            .show(&ctx, |ui| {
                let screen = ui.ctx().content_rect();
                ui.painter()
                    .rect_filled(screen, 0.0, egui::Color32::from_rgb(14, 10, 18));
                ui.scope_builder(egui::UiBuilder::new().max_rect(screen.shrink(40.0)), |ui| {
                    ui.vertical_centered(|ui| {
                        ui.add_space(screen.height() * 0.3);
                        let what = if matches!(turn.pending, Some(Pending::DungeonCards { .. })) {
                            "Morcar's Dungeon cards"
                        } else if turn.pending.is_some() {
                            "A wandering monster appears"
                        } else {
                            "The sorcerer's turn"
                        };
                        ui.label(egui::RichText::new(what).size(34.0).color(SORCERER));
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new("Heroes, look away: the sorcerer sees the whole dungeon.").size(20.0),
                        );
                        ui.label(
                            egui::RichText::new(format!(
                                "{}: press {confirm} when you have the {}.",
                                seat.player,
                                seat.device.noun()
                            ))
                            .size(20.0),
                        );
                        ui.add_space(12.0);
                        if ui.button(egui::RichText::new("Ready").size(20.0)).clicked() {
                            hand.hand_over = false;
                        }
                    });
                });
            });
        world.insert_resource(hand);
        return;
    }
    let Some(snap) = Snapshot::capture(world) else { return };
    let paused = world.get_resource::<Paused>().is_some_and(|p| p.0);
    let menu = world.get_resource::<ActionMenu>().cloned().unwrap_or_default();
    let mut out: Option<SorcererIntent> = None;
    egui::Window::new(egui::RichText::new(format!("The sorcerer — {}", seat.player)).color(SORCERER).strong())
        .id(egui::Id::new("sorcerer-panel"))
        .enabled(!paused)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(8.0, -8.0))
        .default_width(300.0)
        .max_width(320.0)
        .show(&ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
            if let Some(Pending::DungeonCards { budget }) = &snap.turn.pending {
                ui.label(
                    egui::RichText::new(format!(
                        "The heroes' skills give you {budget} marks: choose Dungeon cards for this quest. The heroes will see them."
                    ))
                    .size(15.0),
                );
                egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                    if let Some(cmd) = dungeon_card_set(ui, &snap, *budget) {
                        out = Some(SorcererIntent::Send(cmd));
                    }
                    ui.separator();
                    for (label, intent) in sorcerer_menu(&snap, None) {
                        if ui.button(label).clicked() {
                            out = Some(intent);
                        }
                    }
                });
                return;
            }
            if let Some(Pending::PlaceWanderer { hero, kind, .. }) = &snap.turn.pending {
                let name = snap
                    .rules()
                    .monsters
                    .get(kind)
                    .and_then(|m| m.name.clone())
                    .unwrap_or_else(|| kind.clone());
                let hero = snap.figure(*hero).map_or("the hero".to_string(), |h| h.name.clone());
                ui.label(
                    egui::RichText::new(format!(
                        "{hero} drew a wandering monster: put the {name} on a marked square next to {hero}. It strikes at once."
                    ))
                    .size(15.0),
                );
                return;
            }
            let device_help = if seat.device == Device::MouseKeyboard {
                "Click a monster to take it, then a marked square to walk it there or a hero in reach to strike. One monster at a time: taking another ends the last one's turn.".to_string()
            } else {
                format!(
                    "Move the cursor: {} · take a monster / walk / strike: {} · spells and monsters: {} · end the turn: {}",
                    bindings.cursor_for(pad),
                    confirm,
                    bindings.first_for(Action::Menu, pad),
                    bindings.first_for(Action::EndTurn, pad)
                )
            };
            ui.label(egui::RichText::new(device_help).small());
            ui.separator();
            if let Some(m) = hand.selected.and_then(|id| snap.figure(id)).filter(|m| may_use(&snap, m)) {
                let p = snap.turn.progress(m.id);
                ui.label(
                    egui::RichText::new(format!(
                        "{}: body {}, attack {}, defend {}{}{}",
                        m.name,
                        m.body,
                        m.fighter.attack,
                        m.fighter.defend,
                        if steps_left(&snap, m).is_some() { "" } else { ", has moved" },
                        if p.acted { ", has acted" } else { "" }
                    ))
                    .strong(),
                );
            }
            for (label, intent) in sorcerer_menu(&snap, hand.selected) {
                let end = matches!(intent, SorcererIntent::Send(Command::EndTurn));
                let text = if end {
                    format!("{label} ({})", bindings.first_for(Action::EndTurn, pad))
                } else {
                    label
                };
                if ui.button(text).clicked() {
                    out = Some(intent);
                }
            }
            })
        });
    if menu.open && seat.device != Device::MouseKeyboard {
        let lines = sorcerer_menu(&snap, hand.selected);
        egui::Window::new("The sorcerer's menu")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .frame(egui::Frame::window(&ctx.global_style()).stroke(egui::Stroke::new(2.0, SORCERER)))
            .show(&ctx, |ui| {
                crate::ui::fit::window_body(ui, 0.0, |ui| {
                    for (k, (label, _)) in lines.iter().enumerate() {
                        let text = egui::RichText::new(label).size(16.0);
                        if k == menu.index {
                            ui.label(text.strong().background_color(SORCERER).color(egui::Color32::BLACK));
                        } else {
                            ui.label(text);
                        }
                    }
                })
            });
    }
    match out {
        Some(SorcererIntent::Select(id)) => hand.selected = Some(id),
        Some(intent) => {
            for c in intent.commands() {
                world.write_message(c);
            }
        }
        None => {}
    }
    if snap.turn.phase != Phase::Sorcerer && snap.turn.pending.is_none() {
        hand.selected = None;
    }
    world.insert_resource(hand);
}

/// Any set of Dungeon cards within the budget (#168), ticked one by one with the marks they
/// come to, then bought together; the ticks live in egui's memory until the choice is made.
fn dungeon_card_set(ui: &mut egui::Ui, snap: &Snapshot, budget: u32) -> Option<Command> {
    let adv = snap.rules().adv()?;
    let id = egui::Id::new("dungeon-card-set");
    let mut picked: Vec<String> = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    let spent = |p: &[String]| -> u32 {
        p.iter()
            .filter_map(|c| adv.dungeon_cards.get(c))
            .map(|c| u32::from(c.cost))
            .sum()
    };
    for (card, def) in &adv.dungeon_cards {
        let mut on = picked.contains(card);
        let fits = on || spent(&picked) + u32::from(def.cost) <= budget;
        let r = ui
            .add_enabled(
                fits,
                egui::Checkbox::new(&mut on, format!("{} ({} marks)", def.name, def.cost)),
            )
            .on_hover_text(&def.text);
        if r.changed() {
            if on {
                picked.push(card.clone());
            } else {
                picked.retain(|c| c != card);
            }
        }
    }
    let total = spent(&picked);
    let chosen = !picked.is_empty()
        && ui
            .button(format!("Put the ticked cards into play ({total} of {budget} marks)"))
            .clicked();
    ui.data_mut(|d| d.insert_temp(id, picked.clone()));
    chosen.then(|| {
        ui.data_mut(|d| d.remove::<Vec<String>>(id));
        Command::ChooseDungeonCards { cards: picked }
    })
}
