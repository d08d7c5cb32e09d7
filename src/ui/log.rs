//! The log in plain words and the dice tray, both fed by `GameEvent`s.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::describe::describe;
use crate::game::model::{FigureNames, GameEvent};
use crate::rules::dice::Face;

pub struct LogLine {
    pub text: String,
    pub color: egui::Color32,
}

#[derive(Resource, Default)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
}

/// The last dice rolled, as the tray shows them.
#[derive(Resource, Default, Clone)]
pub enum DiceTray {
    #[default]
    Empty,
    Movement {
        who: String,
        dice: Vec<u8>,
    },
    Combat {
        who: String,
        attack: Vec<Face>,
        defend: Vec<Face>,
        damage: u8,
    },
}

/// One-shot UI state reset when a quest starts.
#[derive(Resource)]
pub struct Shown {
    pub briefing_open: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<GameLog>()
        .init_resource::<DiceTray>()
        .insert_resource(Shown { briefing_open: true })
        .add_systems(Update, read_events.in_set(crate::game::GameSet::Present));
}

fn read_events(
    mut events: MessageReader<GameEvent>,
    names: Option<Res<FigureNames>>,
    mut log: ResMut<GameLog>,
    mut tray: ResMut<DiceTray>,
    mut shown: ResMut<Shown>,
) {
    let default_names = FigureNames::default();
    let names = names.as_deref().unwrap_or(&default_names);
    for e in events.read() {
        match e {
            GameEvent::QuestStarted { .. } => {
                log.lines.clear();
                *tray = DiceTray::Empty;
                shown.briefing_open = true;
            }
            GameEvent::MovementRolled { hero, dice } => {
                *tray = DiceTray::Movement {
                    who: names.get(*hero),
                    dice: dice.clone(),
                };
            }
            GameEvent::Attack {
                attacker,
                target,
                attack,
                defend,
                damage,
            } => {
                *tray = DiceTray::Combat {
                    who: format!("{} → {}", names.get(*attacker), names.get(*target)),
                    attack: attack.clone(),
                    defend: defend.clone(),
                    damage: *damage,
                };
            }
            _ => {}
        }
        let color = match e {
            GameEvent::HeroKilled { .. } | GameEvent::QuestLost { .. } | GameEvent::CommandRejected { .. } => {
                egui::Color32::from_rgb(240, 110, 100)
            }
            GameEvent::MonsterKilled { .. }
            | GameEvent::QuestWon { .. }
            | GameEvent::ObjectiveCompleted
            | GameEvent::HeroEscaped { .. } => egui::Color32::from_rgb(140, 220, 130),
            GameEvent::TurnStarted { .. } => egui::Color32::from_rgb(230, 190, 110),
            GameEvent::SorcererReasoned { .. } => egui::Color32::from_rgb(190, 150, 220),
            GameEvent::MonsterRevealed { .. } => egui::Color32::from_rgb(240, 170, 90),
            _ => egui::Color32::from_gray(210),
        };
        if let Some(text) = describe(e, names) {
            log.lines.push(LogLine { text, color });
        }
    }
    let excess = log.lines.len().saturating_sub(500);
    if excess > 0 {
        log.lines.drain(..excess);
    }
}

fn die(ui: &mut egui::Ui, fill: egui::Color32, stroke: egui::Color32, text: &str, text_color: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect(
        rect,
        6.0,
        fill,
        egui::Stroke::new(2.0, stroke),
        egui::StrokeKind::Inside,
    );
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(20.0),
        text_color,
    );
}

fn combat_die(ui: &mut egui::Ui, f: Face) {
    match f {
        Face::Skull => die(
            ui,
            egui::Color32::from_rgb(235, 230, 220),
            egui::Color32::DARK_GRAY,
            "☠",
            egui::Color32::BLACK,
        ),
        Face::WhiteShield => die(
            ui,
            egui::Color32::from_rgb(235, 230, 220),
            egui::Color32::DARK_GRAY,
            "W",
            egui::Color32::from_rgb(40, 60, 160),
        ),
        Face::BlackShield => die(
            ui,
            egui::Color32::from_rgb(235, 230, 220),
            egui::Color32::DARK_GRAY,
            "B",
            egui::Color32::BLACK,
        ),
    }
}

/// Draws the last roll: red movement dice, or the attack and defence combat dice.
pub fn dice_tray(ui: &mut egui::Ui, tray: &DiceTray) {
    match tray {
        DiceTray::Empty => {
            ui.label(egui::RichText::new("No dice rolled yet.").weak());
        }
        DiceTray::Movement { who, dice } => {
            ui.label(format!("{who} moves"));
            ui.horizontal(|ui| {
                for d in dice {
                    die(
                        ui,
                        egui::Color32::from_rgb(170, 30, 30),
                        egui::Color32::from_rgb(90, 10, 10),
                        &d.to_string(),
                        egui::Color32::WHITE,
                    );
                }
                ui.label(format!("= {}", dice.iter().map(|d| *d as u32).sum::<u32>()));
            });
        }
        DiceTray::Combat {
            who,
            attack,
            defend,
            damage,
        } => {
            ui.label(who);
            ui.horizontal_wrapped(|ui| {
                ui.label("Attack");
                for f in attack {
                    combat_die(ui, *f);
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Defend");
                for f in defend {
                    combat_die(ui, *f);
                }
            });
            ui.label(
                egui::RichText::new(match damage {
                    0 => "No damage.".to_string(),
                    d => format!("{d} body point{} lost.", if *d == 1 { "" } else { "s" }),
                })
                .strong(),
            );
            ui.label(
                egui::RichText::new(
                    "☠ skull hits · W white shield blocks for heroes · B black shield blocks for monsters",
                )
                .small()
                .weak(),
            );
        }
    }
}
