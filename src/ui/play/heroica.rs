//! LEGO Heroica's panels: the Hero Packs (left: health, gold, keys, potions, weapons, relics,
//! the monsters each defeated), the action bar (the roll, the store, potions, fights, skills,
//! the end of the turn, each a button named in plain words from the rules' own list), and the
//! LEGO die's last face in the dice tray.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Play;
use crate::game::heroica::describe::thing;
use crate::game::model::{Command, FigureId, Phase};
use crate::rules::heroica::play::{HeroPiece, Stage};
use crate::rules::heroica::{Face, Fight, HeroicaTables, Thing};
use crate::ui::GOLD;
use crate::view::heroica::{HeroicaView, label};

const HEART: egui::Color32 = egui::Color32::from_rgb(220, 60, 60);

/// The left panel: one Hero Pack a hero. Its width in egui points.
pub(super) fn pack_panel(root: &mut egui::Ui, p: &Play, view: &HeroicaView) -> f32 {
    egui::Panel::left("heroes")
        .resizable(false)
        .exact_size(crate::ui::fit::side_width(root.ctx(), 250.0, 0.22))
        .show(root, |ui| {
            if p.menus_up {
                ui.disable();
            }
            ui.heading(egui::RichText::new("Hero Packs").color(GOLD));
            let Some(t) = &view.table else { return };
            crate::ui::fit::scrolled(ui, egui::ScrollArea::vertical(), |ui| {
                for h in &t.heroes {
                    pack(ui, p, h);
                }
                if t.battle {
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!(
                            "Battle: the monster player has defeated {} of 2 heroes.",
                            t.turn.hero_defeats
                        ))
                        .color(HEART),
                    );
                }
            });
        })
        .response
        .rect
        .width()
}

fn pack(ui: &mut egui::Ui, p: &Play, h: &HeroPiece) {
    let tables = HeroicaTables::get();
    let active = p.active == Some(FigureId(h.id));
    let frame = egui::Frame::group(ui.style()).fill(if active {
        egui::Color32::from_rgb(60, 52, 30)
    } else {
        egui::Color32::from_rgb(32, 30, 34)
    });
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        let def = tables.heroes.get(&h.kind);
        let name = p
            .heroes
            .iter()
            .find(|r| r.0.0 == h.id)
            .map(|r| r.1.name.clone())
            .or_else(|| def.map(|d| d.name.clone()))
            .unwrap_or_else(|| h.kind.clone());
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(name)
                    .strong()
                    .color(if active { GOLD } else { egui::Color32::WHITE }),
            );
            ui.label(egui::RichText::new(format!("seat {}", h.seat + 1)).small().weak());
        });
        ui.horizontal(|ui| {
            // Health as the Hero Pack's pegs: a filled red one for each point left.
            for i in 0..h.max {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                let c = rect.center();
                if i < h.health {
                    ui.painter().circle_filled(c, 5.5, HEART);
                } else {
                    ui.painter().circle_stroke(c, 5.0, egui::Stroke::new(1.5, HEART));
                }
            }
            ui.label(format!("{}/{}", h.health, h.max));
            if h.healing {
                ui.label(egui::RichText::new("healing").italics().color(HEART));
            }
        });
        if let Some(d) = def {
            ui.label(egui::RichText::new(&d.text).small())
                .on_hover_text("Used on a Shield");
        }
        let pk = &h.pack;
        ui.label(format!(
            "Gold {}   Keys {}   Monsters {}",
            pk.gold,
            pk.keys,
            pk.defeated.len()
        ));
        let mut potions: Vec<String> = pk.potions.iter().map(|x| thing(&Thing::Potion(x.clone()))).collect();
        potions.sort();
        if !potions.is_empty() {
            let what: Vec<String> = pk
                .potions
                .iter()
                .filter_map(|x| {
                    tables
                        .potions
                        .get(x)
                        .map(|d| format!("{}: {}", d.name, potion_text(&d.effect)))
                })
                .collect();
            ui.label(egui::RichText::new(format!("Potions: {}", potions.join(", "))).small())
                .on_hover_text(what.join("\n"));
        }
        for w in &pk.weapons {
            if let Some(d) = tables.weapons.get(w) {
                ui.label(egui::RichText::new(format!("{}: {}", d.name, weapon_text(&d.skill))).small());
            }
        }
        for r in &pk.relics {
            if let Some(d) = tables.relics.get(r) {
                ui.label(egui::RichText::new(format!("{}: {}", d.name, d.text)).small());
            }
        }
    });
}

fn weapon_text(s: &crate::rules::heroica::Skill) -> String {
    use crate::rules::heroica::Power;
    let kind = match s.kind {
        crate::rules::heroica::SkillKind::Melee => "Melee",
        crate::rules::heroica::SkillKind::Ranged => "Ranged",
    };
    let what = match s.power {
        Power::Defeat { then_move: 0 } => "defeat the monster".to_string(),
        Power::Defeat { then_move } => format!("defeat the monster, then move up to {then_move}"),
        Power::DefeatAll { then_move: 0 } => "defeat every monster beside you".to_string(),
        Power::DefeatAll { then_move } => format!("defeat every monster beside you, then move {then_move}"),
        Power::DefeatForGold { gold } => format!("defeat the monster and take {gold} gold"),
        Power::Heal { health: None } => "restore all your health".to_string(),
        Power::Heal { health: Some(n) } => format!("restore {n} health"),
        Power::MoveThenDefeat { moves } => format!("move up to {moves}, then defeat a monster beside you"),
        Power::Shoot {
            range, straight: true, ..
        } => format!("defeat a monster up to {range} away in a line"),
        Power::Shoot { range, .. } => format!("defeat a monster up to {range} away, around corners"),
        Power::Fetch { range } => format!("take an item up to {range} away"),
    };
    format!("{kind}, {what}")
}

/// What a potion does, in a player's words.
pub fn potion_text(effect: &crate::rules::heroica::PotionEffect) -> String {
    use crate::rules::heroica::PotionEffect;
    match effect {
        PotionEffect::Heal(n) => format!("Restores {n} health, also while you heal."),
        PotionEffect::RollAgain => "Roll your movement again at once.".into(),
        PotionEffect::ExtraMoves(n) => format!("{n} more spaces for this turn's move, before or after the roll."),
        PotionEffect::DefeatAdjacent => "Defeats the monster beside you that you choose, even in a fight.".into(),
        PotionEffect::NoHealthLost => "You lose no health for the rest of your turn.".into(),
    }
}

/// The hover text of a potion to drink or a thing in the store (issue 39: the store and the
/// potions explained).
fn what_it_does(c: &Command) -> Option<String> {
    let tables = HeroicaTables::get();
    let item = match c {
        Command::DrinkPotion { potion, .. } | Command::DrinkAt { potion, .. } => potion,
        Command::Buy { item, .. } => item,
        _ => return None,
    };
    if let Some(p) = tables.potions.get(item) {
        return Some(potion_text(&p.effect));
    }
    tables.weapons.get(item).map(|w| {
        let rocks = if w.breaks_rocks {
            " It also breaks a rock you step into."
        } else {
            ""
        };
        format!("{}.{rocks} Yours for the rest of the mission.", weapon_text(&w.skill))
    })
}

/// The action bar under Heroica: what the hero (or the person playing the monsters) may do now.
pub(super) fn action_bar(ui: &mut egui::Ui, p: &Play, view: &HeroicaView, out: &mut MessageWriter<Command>) {
    let Some(t) = &view.table else { return };
    if view.acts.is_empty() {
        return;
    }
    let speed = match t.turn.extra_moves {
        0 => String::new(),
        n => format!(" The Speed Potion adds {n} spaces to this move."),
    };
    let tip = match &t.turn.stage {
        Stage::Start => {
            format!("Roll the LEGO die to move (or heal). Before rolling you may shop in the store.{speed}")
        }
        Stage::Rolled { .. } => format!("Click a ringed space to move there, or choose below.{speed}"),
        Stage::MustFight { .. } => "A monster stands beside you: fight it (a red ring marks it).".into(),
        Stage::ShieldFight { .. } => "A Shield! Defeat the monster, or use a Melee skill instead.".into(),
        Stage::FightRolled { .. } => {
            "Your fight roll: take it, drink the Luck Potion to roll again, or spend the Crystal on a Skull.".into()
        }
        Stage::Done => "Your turn is done.".into(),
    };
    ui.label(egui::RichText::new(tip.as_str()).small());
    let names = |id: FigureId| p.heroes.iter().find(|r| *r.0 == id).map(|r| r.1.name.clone());
    let mut store = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for c in &view.acts {
            match c {
                Command::Move { .. } => {}
                Command::Buy { .. } => store.push(c.clone()),
                _ => {
                    let b = ui.button(label(c, t, &names));
                    let b = match what_it_does(c) {
                        Some(text) => b.on_hover_text(text),
                        None => b,
                    };
                    if b.clicked() {
                        out.write(c.clone());
                    }
                }
            }
        }
    });
    if !store.is_empty() {
        let unfolded = crate::ui::fit::unfolded(ui.ctx());
        egui::CollapsingHeader::new("The store").open(unfolded).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for c in &store {
                    let b = ui.small_button(label(c, t, &names));
                    let b = match what_it_does(c) {
                        Some(text) => b.on_hover_text(text),
                        None => b,
                    };
                    if b.clicked() {
                        out.write(c.clone());
                    }
                }
            });
        });
    }
}

/// The dice tray under Heroica: the LEGO die's last face.
pub(super) fn dice_tray(ui: &mut egui::Ui, p: &Play, view: &HeroicaView) {
    match &view.last_roll {
        Some((figure, face, fight)) => {
            let who = view
                .table
                .as_ref()
                .and_then(|t| t.monster(*figure))
                .and_then(|m| HeroicaTables::get().monsters.get(&m.kind))
                .map(|d| d.name.clone())
                .or_else(|| p.heroes.iter().find(|r| r.0.0 == *figure).map(|r| r.1.name.clone()))
                .unwrap_or_default();
            ui.horizontal(|ui| {
                match HeroicaTables::get().die.iter().find(|f| f.name == *face) {
                    Some(f) => {
                        lego_die(ui, f);
                    }
                    None => {
                        ui.label(egui::RichText::new(face).size(22.0).strong().color(GOLD));
                    }
                }
                ui.vertical(|ui| {
                    ui.label(format!("{who}'s {}", if *fight { "fight roll" } else { "roll" }));
                    ui.label(egui::RichText::new(face).strong().color(GOLD));
                });
            });
        }
        None => {
            ui.label(egui::RichText::new("No roll yet.").weak());
        }
    }
    if matches!(p.turn.phase, Phase::Sorcerer) {
        ui.label(egui::RichText::new("The monster player is moving.").small());
    }
}

/// The LEGO die's face as a picture (issue 39: it was a line of text): a white die with the
/// face's movement in pips along the top and its fight symbol below, the Shield face a shield;
/// what the face does on hover.
fn lego_die(ui: &mut egui::Ui, face: &Face) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(44.0, 44.0), egui::Sense::hover());
    let p = ui.painter();
    let ink = egui::Color32::from_rgb(40, 40, 46);
    p.rect(
        rect,
        7.0,
        egui::Color32::from_rgb(246, 244, 238),
        egui::Stroke::new(2.0, egui::Color32::DARK_GRAY),
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    if face.shield {
        crate::ui::log::shield(p, c, 13.0, true);
    } else {
        let n = f32::from(face.moves);
        for i in 0..face.moves {
            let x = c.x + (f32::from(i) - (n - 1.0) / 2.0) * 9.0;
            p.circle_filled(egui::pos2(x, rect.top() + 10.0), 3.2, ink);
        }
        let low = c + egui::vec2(0.0, 7.0);
        match face.fight {
            Fight::Sword => sword(p, low, ink),
            Fight::Skull => skull(p, low, ink),
            Fight::SwordSkull => {
                sword(p, low - egui::vec2(8.0, 0.0), ink);
                skull(p, low + egui::vec2(8.0, 0.0), ink);
            }
            Fight::Shield => crate::ui::log::shield(p, low, 8.0, true),
        }
    }
    let moves = if face.shield {
        "move up to 4, or use your Ranged skill instead".to_string()
    } else {
        format!("move {}", face.moves)
    };
    let fight = match face.fight {
        Fight::Shield => "defeat the monster, or use your Melee skill instead",
        Fight::Sword => "defeat the monster",
        Fight::Skull => "lose the monster's strength in health and fall back",
        Fight::SwordSkull => "defeat the monster, but lose its strength in health and fall back",
    };
    response.on_hover_text(format!("{}: {moves}.\nIn a hero's fight: {fight}.", face.name))
}

/// A sword standing point up: blade, cross-guard and pommel.
fn sword(p: &egui::Painter, c: egui::Pos2, ink: egui::Color32) {
    p.line_segment(
        [c + egui::vec2(0.0, -10.0), c + egui::vec2(0.0, 6.0)],
        egui::Stroke::new(2.5, ink),
    );
    p.line_segment(
        [c + egui::vec2(-5.0, 2.0), c + egui::vec2(5.0, 2.0)],
        egui::Stroke::new(2.0, ink),
    );
    p.circle_filled(c + egui::vec2(0.0, 8.0), 2.0, ink);
}

fn skull(p: &egui::Painter, c: egui::Pos2, ink: egui::Color32) {
    p.text(
        c,
        egui::Align2::CENTER_CENTER,
        "☠",
        egui::FontId::proportional(18.0),
        ink,
    );
}
