//! The spell draft window: the hero whose pick it is chooses a school of magic with the mouse
//! (a keyboard-only or gamepad player picks in their action menu instead).

use bevy::prelude::*;
use bevy_egui::egui;

use super::Play;
use crate::game::model::{Command, Draft, FigureId};
use crate::ui::GOLD;

/// Shows the window while a person chooses a school with the mouse.
pub(super) fn window(p: &Play, out: &mut MessageWriter<Command>) {
    let Some(draft) = &p.turn.draft else {
        return;
    };
    if !p.controllers.human_to_act(p.turn) || p.cursor_seat || p.watching {
        return;
    }
    let picker = p.hero(draft.next).map_or("A hero".to_string(), |h| h.1.name.clone());
    let suggested = p
        .hero(draft.next)
        .and_then(|h| crate::input::seats::suggested_school(&h.1.class));
    egui::Window::new("The spell draft")
        .enabled(!p.menus_up)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-55.0, 0.0))
        .show(p.ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
                ui.label(
                    egui::RichText::new(format!("{picker}, choose a school of magic."))
                        .size(17.0)
                        .color(GOLD),
                );
                ui.label(who_picks(p, draft));
                let kind = p.hero(draft.next).map_or(String::new(), |h| h.1.class.clone());
                for school in p.quest.rules.schools_open_to(&kind, &draft.left) {
                    if p.quest.rules.greater(school) {
                        greater_group(ui, p, draft.next, school, out);
                        continue;
                    }
                    let spells: Vec<String> = p.quest.rules.schools[school]
                        .iter()
                        .map(|s| p.quest.rules.thing_name(s))
                        .collect();
                    ui.horizontal(|ui| {
                        if ui.button(egui::RichText::new(school.to_uppercase()).strong()).clicked() {
                            out.write(Command::ChooseSchool {
                                hero: draft.next,
                                school: school.clone(),
                            });
                        }
                        ui.label(spells.join(" · "));
                        if suggested == Some(school.as_str()) {
                            ui.label(egui::RichText::new("suggested for a first game").italics().weak());
                        }
                    });
                }
            })
        });
}

/// A greater group (Revised #14): its spells to tick, three of them, and the button that takes
/// the group keeping those three. The ticks are the window's own memory until then.
fn greater_group(ui: &mut egui::Ui, p: &Play, hero: FigureId, school: &str, out: &mut MessageWriter<Command>) {
    let rules = &p.quest.rules;
    let keep_n = crate::rules::ruleset::KEEP_OF_GREATER;
    let id = egui::Id::new(("keep", school.to_string()));
    let mut ticked: Vec<String> = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let full = ticked.len() == keep_n;
        let label = egui::RichText::new(format!("{} (keep {keep_n})", school.to_uppercase())).strong();
        if ui
            .add_enabled(full, egui::Button::new(label))
            .on_disabled_hover_text(format!("A greater group: tick the {keep_n} spells to keep."))
            .clicked()
        {
            out.write(Command::ChooseSpells {
                hero,
                school: school.to_string(),
                keep: ticked.clone(),
            });
        }
        for s in &rules.schools[school] {
            let mut on = ticked.contains(s);
            let can = on || ticked.len() < keep_n;
            let text = rules.thing_name(s);
            let hover = rules.spells.get(s).map_or(String::new(), |d| d.text.clone());
            if ui
                .add_enabled(can, egui::Checkbox::new(&mut on, text))
                .on_hover_text(hover)
                .changed()
            {
                if on {
                    ticked.push(s.clone());
                } else {
                    ticked.retain(|x| x != s);
                }
            }
        }
    });
    // In the group's own order, as the rules and the log list them.
    ticked.sort_by_key(|t| rules.schools[school].iter().position(|s| s == t));
    ui.data_mut(|d| d.insert_temp(id, ticked));
}

/// Who picks, in the draft's own order (a quest without an Elf has no Elf in it).
fn who_picks(p: &Play, draft: &Draft) -> String {
    let order: Vec<(String, u8)> = draft.order.iter().map(|(id, n)| (called(p, *id), *n)).collect();
    if p.quest.rules.edition.draft == crate::rules::ruleset::DraftOrder::ByMind {
        let names: Vec<String> = order.iter().map(|(n, k)| format!("{n} {k}")).collect();
        return crate::text::capital(&format!(
            "By Mind, one school a pick, in turn: {}. Schools nobody picks stay unused.",
            names.join(", ")
        ));
    }
    crate::text::capital(&match order.as_slice() {
        [(only, n)] => format!("{only} chooses {n} schools, one at a time."),
        [(first, _), rest @ ..] => format!(
            "{first} chooses first, then {}; {first} receives the schools left over.",
            rest.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", then ")
        ),
        [] => String::new(),
    })
}

/// "the Wizard" for a hero called by its kind; a party's own name as it is.
fn called(p: &Play, id: FigureId) -> String {
    p.hero(id).map_or("a hero".to_string(), |h| {
        let kind = p.quest.rules.heroes.get(&h.1.class).map(|d| d.name.as_str());
        if kind == Some(h.1.name.as_str()) {
            format!("the {}", h.1.name)
        } else {
            h.1.name.clone()
        }
    })
}
