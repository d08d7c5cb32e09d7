//! The active hero's part of the quest panel: the turn's status line and, when a person plays
//! the hero, the action bar (roll, what the rules allow now, end turn, undo) and the spell menus.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Play, SPELL_BLUE};
use crate::game::model::{Command, FigureId, MoveState, Progress};

/// The status line of the hero whose turn it is: "Movement: 1 square left   Action: ready";
/// under the action-point module (`points`) "Action points: 3 of 7 left   Action: ready".
pub fn turn_status(p: &Progress, points: bool) -> String {
    let left = p.steps_left();
    let mv = match (p.allowance, p.moving) {
        (None, MoveState::Done) => "moved".to_string(),
        (None, _) => "not rolled".to_string(),
        (Some(_), MoveState::Done) => "movement used".to_string(),
        (Some(all), _) if points => format!("{left} of {all} left"),
        (Some(_), _) => format!("{left} square{} left", crate::game::describe::plural(left as u32)),
    };
    let what = if points { "Action points" } else { "Movement" };
    format!("{what}: {mv}   Action: {}", if p.acted { "used" } else { "ready" })
}

/// The action-point module's bar on the active hero's card: how full, and its words. Once an
/// action has ended the move the points left are lost (issue 39: the bar went on showing them
/// as if they could still be spent).
pub fn points_bar(p: &Progress, all: u8) -> (f32, String) {
    let left = p.steps_left();
    if p.moving == MoveState::Done {
        (0.0, format!("Move over ({left} of {all} unspent)"))
    } else {
        (
            f32::from(left) / f32::from(all.max(1)),
            format!("Action points {left}/{all}"),
        )
    }
}

/// The status line, then what the hero's player may do (or who else is playing).
pub(super) fn hero_turn(
    ui: &mut egui::Ui,
    p: &Play,
    id: FigureId,
    out: &mut MessageWriter<Command>,
    commands: &mut Commands,
) {
    let progress = p.turn.progress(id);
    // A man-at-arms's Speed is a fixed number (Revised #21): nothing to roll.
    let fixed = p
        .men
        .iter()
        .find(|m| *m.0 == id)
        .and_then(|m| p.quest.rules.men_at_arms.get(&m.1.kind))
        .map(|k| k.movement);
    match fixed {
        Some(n) if progress.allowance.is_none() && progress.moving != MoveState::Done => ui.label(format!(
            "Movement: {n} squares (no roll)   Action: {}",
            if progress.acted { "used" } else { "ready" }
        )),
        _ => ui.label(turn_status(&progress, p.quest.modules.action_points())),
    };
    if p.turn.draft.is_some() {
        ui.label(egui::RichText::new("The spellcasters are choosing their schools of magic.").italics());
    } else if p.watching {
        ui.label(egui::RichText::new("Watching a replay.").small());
    } else if p.controllers.human_to_act(p.turn) {
        buttons(ui, p, id, &progress, fixed.is_none(), out, commands);
        confirm_retreat(ui, p, id, out);
        if let Err(why) = &p.undo.0 {
            ui.label(egui::RichText::new(why).small().weak());
        }
        if let Some(spells) = p.spell_choices
            && !spells.0.is_empty()
        {
            spell_menus(ui, spells, out, commands);
        } else {
            aim_spell(commands, Vec::new());
        }
        ui.label(
            egui::RichText::new(
                "Click a green square to move, a red-ringed monster to attack, a marked door to open it.",
            )
            .small(),
        );
        let off_board = p.hero(id).is_some_and(|h| !h.6 && !h.7 && !h.8.3);
        if off_board {
            ui.label(
                egui::RichText::new(
                    "Off the board: roll, then click a lit square. The first point brings the hero down the \
                     stairway; nothing else can be done until then.",
                )
                .small()
                .color(egui::Color32::from_rgb(230, 200, 120)),
            );
        }
        if p.quest.modules.action_points() {
            ui.label(
                egui::RichText::new(
                    "Action points: the numbers on the way are what it costs. An orange corner marks a square \
                     beside a monster: leaving it costs a point more.",
                )
                .small(),
            );
        }
    } else {
        ui.label(egui::RichText::new("The computer is playing the heroes.").small());
    }
}

fn retreat_id() -> egui::Id {
    egui::Id::new("confirm retreat")
}

/// The question before a hero retreats up the stairway: it leaves the quest for good.
fn confirm_retreat(ui: &mut egui::Ui, p: &Play, id: FigureId, out: &mut MessageWriter<Command>) {
    let asked = ui.data(|d| d.get_temp::<FigureId>(retreat_id()));
    if asked != Some(id) {
        if asked.is_some() {
            ui.data_mut(|d| d.remove::<FigureId>(retreat_id()));
        }
        return;
    }
    let name = p.name_of(id).unwrap_or_else(|| "The hero".to_string());
    ui.group(|ui| {
        ui.label(
            egui::RichText::new(format!(
                "Retreat {} up the stairway? The hero leaves the quest and cannot come back to it.",
                crate::game::describe::in_sentence(&name)
            ))
            .color(egui::Color32::from_rgb(230, 200, 120)),
        );
        ui.horizontal(|ui| {
            if ui.button("Retreat").clicked() && !p.settling {
                out.write(Command::Retreat { hero: id });
                ui.data_mut(|d| d.remove::<FigureId>(retreat_id()));
            }
            if ui.button("Stay").clicked() {
                ui.data_mut(|d| d.remove::<FigureId>(retreat_id()));
            }
        });
    });
}

/// Roll to move, the actions the rules allow now, end turn, undo.
fn buttons(
    ui: &mut egui::Ui,
    p: &Play,
    id: FigureId,
    progress: &Progress,
    rolls: bool,
    out: &mut MessageWriter<Command>,
    commands: &mut Commands,
) {
    ui.horizontal_wrapped(|ui| {
        // A second roll for the Move Action Haste gives (Revised #44): a hero's haste comes
        // from `Hastened` (a potion), one Move Action more.
        let hasted = p
            .hero(id)
            .is_some_and(|h| h.8.1.0.contains(&crate::game::model::StatusKind::Hastened))
            && progress.allowance.is_some()
            && progress.extra_moves < 1
            && !p.quest.modules.action_points();
        if rolls
            && ui
                .add_enabled(
                    (progress.allowance.is_none() && progress.moving != MoveState::Done) || hasted,
                    egui::Button::new("Roll to move (R)"),
                )
                .clicked()
            && !p.settling
        {
            out.write(Command::RollMovement { hero: id });
        }
        if let Some(choices) = p.choices {
            // Weapons are changed on the hero card (the keyboard and gamepad menu lists them
            // too).
            for (label, cmd) in choices.0.iter().filter(|(_, c)| {
                !matches!(
                    c,
                    Command::Wield { .. } | Command::PickLock { .. } | Command::PickChest { .. }
                )
            }) {
                if ui.button(label).clicked() && !p.settling {
                    if matches!(cmd, Command::Retreat { .. }) {
                        // Leaving the quest cannot be undone: asked first (issue 39).
                        ui.data_mut(|d| d.insert_temp(retreat_id(), id));
                    } else {
                        out.write(cmd.clone());
                    }
                }
            }
            lock_menu(ui, choices, out);
        }
        if ui.button("End turn (E)").clicked() && !p.settling {
            out.write(Command::EndTurn);
        }
        let undo = ui
            .add_enabled(p.undo.0.is_ok(), egui::Button::new("Undo (U)"))
            .on_hover_text(format!(
                "Take back {}. (A roll of the dice, or a step that revealed something, cannot be taken back.)",
                if p.undo.1.is_empty() {
                    "the last command"
                } else {
                    p.undo.1.as_str()
                }
            ))
            .on_disabled_hover_text(p.undo.0.as_ref().err().cloned().unwrap_or_default());
        if undo.clicked() {
            commands.insert_resource(crate::screen::UndoRequest);
        }
    });
}

/// The action-point module's lock attempts as menus: "Pick the lock…" for a door, "Pick the
/// chest…" for a locked chest, then each number of points the hero may spend with its chance to
/// open (the choices' own labels).
fn lock_menu(ui: &mut egui::Ui, choices: &crate::game::heroquest::HeroChoices, out: &mut MessageWriter<Command>) {
    let menus: [(&str, &str, fn(&Command) -> bool); 2] = [
        ("Pick the lock…", "Pick the lock: ", |c| {
            matches!(c, Command::PickLock { .. })
        }),
        ("Pick the chest…", "Pick the chest: ", |c| {
            matches!(c, Command::PickChest { .. })
        }),
    ];
    for (title, prefix, kind) in menus {
        let picks: Vec<&(String, Command)> = choices.0.iter().filter(|(_, c)| kind(c)).collect();
        if picks.is_empty() {
            continue;
        }
        ui.menu_button(title, |ui| {
            ui.set_max_width(300.0);
            ui.label(
                egui::RichText::new(
                    "Spend action points on the lock: it opens if they (and 1 for each hero beside it) beat \
                     the sum of two Response cards. The points are spent either way. A chest opened gives a \
                     treasure card.",
                )
                .small()
                .italics(),
            );
            for (label, cmd) in picks.into_iter().rev() {
                if ui.button(label.trim_start_matches(prefix)).clicked() {
                    out.write(cmd.clone());
                    ui.close();
                }
            }
        })
        .response
        .on_hover_text("How many action points to spend on the lock, with the chance each gives.");
    }
}

/// "Spells", then a menu of targets for each spell the hero may cast (greyed out with none).
fn spell_menus(
    ui: &mut egui::Ui,
    spells: &crate::view::highlights::SpellChoices,
    out: &mut MessageWriter<Command>,
    commands: &mut Commands,
) {
    ui.label(egui::RichText::new("Spells").strong().color(SPELL_BLUE));
    // The targets of the spell whose menu is open (or whose button is pointed at): ringed in
    // blue on the board while the player chooses.
    let mut aim: Vec<FigureId> = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for (_, name, text, targets) in &spells.0 {
            if targets.is_empty() {
                ui.add_enabled(false, egui::Button::new(name.as_str()))
                    .on_disabled_hover_text(format!("{text}\n(No target in sight.)"));
                continue;
            }
            let menu = ui.menu_button(name.as_str(), |ui| {
                ui.label(egui::RichText::new(text).small().italics());
                for (label, cmd) in targets {
                    if ui.button(label).clicked() {
                        out.write(cmd.clone());
                        ui.close();
                    }
                }
            });
            if menu.inner.is_some() || menu.response.hovered() {
                aim.extend(targets.iter().filter_map(|(_, c)| match c {
                    Command::CastSpell { target, .. } => Some(*target),
                    _ => None,
                }));
            }
            menu.response.on_hover_text(text.as_str());
        }
    });
    aim_spell(commands, aim);
}

/// The spell targets the board rings, set only when they change (the bar is drawn every frame).
fn aim_spell(commands: &mut Commands, aim: Vec<FigureId>) {
    commands.queue(move |world: &mut World| {
        if world
            .get_resource::<crate::screen::SpellAim>()
            .is_none_or(|a| a.0 != aim)
        {
            world.insert_resource(crate::screen::SpellAim(aim));
        }
    });
}
