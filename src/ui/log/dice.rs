//! The dice tray's pictures: combat dice, a referee pool's d6s, Response cards, and the tray
//! itself, drawn from the `DiceTray` the log's reader keeps.

use bevy_egui::egui;

use super::DiceTray;
use crate::rules::dice::Face;

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

/// A shield drawn as a picture: a heater shield, white with a dark rim or black with a light one.
pub(crate) fn shield(p: &egui::Painter, centre: egui::Pos2, size: f32, black: bool) {
    let outline = [
        (-1.0, -1.0),
        (1.0, -1.0),
        (1.0, 0.15),
        (0.8, 0.65),
        (0.45, 1.0),
        (0.0, 1.25),
        (-0.45, 1.0),
        (-0.8, 0.65),
        (-1.0, 0.15),
    ];
    let points: Vec<egui::Pos2> = outline
        .iter()
        .map(|(x, y)| centre + egui::vec2(x * size, (y - 0.1) * size))
        .collect();
    let (fill, rim) = if black {
        (egui::Color32::from_rgb(25, 25, 28), egui::Color32::from_gray(150))
    } else {
        (egui::Color32::WHITE, egui::Color32::from_rgb(60, 60, 70))
    };
    p.add(egui::Shape::convex_polygon(points, fill, egui::Stroke::new(1.5, rim)));
}

/// A face of a combat die as a picture: the skull, the white shield, the black shield
/// (heroquest-2021.md, Combat Dice), drawn at `size` (half the picture's width).
pub fn face_picture(p: &egui::Painter, centre: egui::Pos2, size: f32, f: Face) {
    match f {
        Face::Skull => {
            p.text(
                centre,
                egui::Align2::CENTER_CENTER,
                "☠",
                egui::FontId::proportional(size * 2.0),
                egui::Color32::BLACK,
            );
        }
        Face::WhiteShield => shield(p, centre, size * 0.8, false),
        Face::BlackShield => shield(p, centre, size * 0.8, true),
        Face::Pip(_) => {}
    }
}

fn combat_die(ui: &mut egui::Ui, f: Face) {
    if let Face::Pip(n) = f {
        return pool_die(ui, n, PoolDie::Plain);
    }
    let (rect, response) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect(
        rect,
        6.0,
        egui::Color32::from_rgb(235, 230, 220),
        egui::Stroke::new(2.0, egui::Color32::DARK_GRAY),
        egui::StrokeKind::Inside,
    );
    face_picture(p, rect.center(), 11.0, f);
    response.on_hover_text(match f {
        Face::Skull => "Skull: a hit",
        Face::WhiteShield => "White shield: blocks a hit on a hero",
        _ => "Black shield: blocks a hit on a monster",
    });
}

/// The tray's key to the faces, with the same pictures.
fn faces_key(ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for (f, words) in [
            (Face::Skull, "hits"),
            (Face::WhiteShield, "blocks for heroes"),
            (Face::BlackShield, "blocks for monsters"),
        ] {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 3.0, egui::Color32::from_rgb(235, 230, 220));
            face_picture(ui.painter(), rect.center(), 5.5, f);
            ui.label(egui::RichText::new(words).weak());
            ui.add_space(6.0);
        }
    });
}

/// How a d6 of a pool attack came out (referee-dice-pool.md, Attack).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PoolDie {
    /// Still tumbling, or not judged.
    Plain,
    /// Cancelled by an equal die of the other pool.
    Cancelled,
    /// An attack die that wounds.
    Hit,
    /// An attack die below the target.
    Miss,
    /// The defender's highest die left: the target.
    Target,
    /// A defence die left below the target.
    Spare,
}

/// A d6 with its pips, marked as the pool attack judged it.
fn pool_die(ui: &mut egui::Ui, n: u8, state: PoolDie) {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
    let ivory = egui::Color32::from_rgb(235, 230, 220);
    let (fill, stroke, dot) = match state {
        PoolDie::Cancelled => (
            egui::Color32::from_gray(95),
            egui::Stroke::new(1.5, egui::Color32::from_gray(60)),
            egui::Color32::from_gray(150),
        ),
        PoolDie::Hit => (
            ivory,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(210, 40, 40)),
            egui::Color32::BLACK,
        ),
        PoolDie::Target => (
            ivory,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(230, 180, 40)),
            egui::Color32::BLACK,
        ),
        PoolDie::Miss | PoolDie::Spare => (
            egui::Color32::from_gray(200),
            egui::Stroke::new(1.5, egui::Color32::DARK_GRAY),
            egui::Color32::from_gray(70),
        ),
        PoolDie::Plain => (
            ivory,
            egui::Stroke::new(2.0, egui::Color32::DARK_GRAY),
            egui::Color32::BLACK,
        ),
    };
    let p = ui.painter();
    p.rect(rect, 6.0, fill, stroke, egui::StrokeKind::Inside);
    let c = rect.center();
    let o = 8.5;
    let spots: &[(f32, f32)] = match n {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in spots {
        p.circle_filled(c + egui::vec2(x * o, y * o), 3.2, dot);
    }
    if state == PoolDie::Cancelled {
        p.line_segment(
            [
                rect.left_bottom() + egui::vec2(4.0, -4.0),
                rect.right_top() + egui::vec2(-4.0, 4.0),
            ],
            egui::Stroke::new(2.5, egui::Color32::from_rgb(230, 120, 110)),
        );
    }
    let tip = match state {
        PoolDie::Cancelled => "cancelled by an equal die of the other pool",
        PoolDie::Hit => "wounds: at or above the target",
        PoolDie::Miss => "below the target",
        PoolDie::Target => "the target: the defender's highest die left",
        PoolDie::Spare => "a defence die left, not the target",
        PoolDie::Plain => "",
    };
    if !tip.is_empty() {
        resp.on_hover_text(format!("{n}: {tip}"));
    }
}

/// A pool attack's two rows of d6, marked: cancelled pairs struck through, the target ringed in
/// gold, each wounding die ringed in red; then the reckoning in words.
fn draw_pool(ui: &mut egui::Ui, attack: &[u8], defend: &[u8], damage: u8, landed: bool) {
    let o = crate::rules::pool::resolve(attack, defend);
    let target_at = o
        .target
        .and_then(|t| (0..defend.len()).find(|&j| !o.defend_cancelled[j] && defend[j] == t));
    ui.horizontal_wrapped(|ui| {
        ui.label("Attack");
        for (i, n) in attack.iter().enumerate() {
            let state = match () {
                _ if !landed => PoolDie::Plain,
                _ if o.attack_cancelled[i] => PoolDie::Cancelled,
                _ if o.target.is_none_or(|t| *n >= t) => PoolDie::Hit,
                _ => PoolDie::Miss,
            };
            pool_die(ui, *n, state);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Defend");
        for (j, n) in defend.iter().enumerate() {
            let state = match () {
                _ if !landed => PoolDie::Plain,
                _ if o.defend_cancelled[j] => PoolDie::Cancelled,
                _ if Some(j) == target_at => PoolDie::Target,
                _ => PoolDie::Spare,
            };
            pool_die(ui, *n, state);
        }
    });
    if !landed {
        ui.label(egui::RichText::new("…").strong());
        return;
    }
    let words = crate::game::describe::pool_reckoning(attack, defend);
    let mut c = words.chars();
    ui.label(
        c.next()
            .map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
            + ".",
    );
    ui.label(
        egui::RichText::new(match damage {
            0 => "No damage.".to_string(),
            d => format!("{d} body point{} lost.", if d == 1 { "" } else { "s" }),
        })
        .strong(),
    );
    ui.label(
        egui::RichText::new("Referee dice pool: equal dice cancel · gold = target · red = wounds")
            .small()
            .weak(),
    );
}

/// Draws the last roll: red movement dice, or the attack and defence combat dice.
/// The tray. `tumbling`: Some(n) while the dice are still rolling (n changes every few frames),
/// and random faces are shown instead of the real ones.
pub fn dice_tray(ui: &mut egui::Ui, tray: &DiceTray, tumbling: Option<u32>) {
    if let Some(n) = tumbling {
        ui.ctx().request_repaint();
        let spin = |i: usize| {
            let mut h = n.wrapping_mul(2_654_435_761) ^ (i as u32).wrapping_mul(40_503);
            h ^= h >> 15;
            h
        };
        let tumble_faces =
            |len: usize| -> Vec<Face> { (0..len).map(|i| Face::from_index((spin(i) % 6) as u8)).collect() };
        let shown = match tray {
            DiceTray::Movement { who, dice } => DiceTray::Movement {
                who: who.clone(),
                dice: (0..dice.len()).map(|i| (spin(i) % 6 + 1) as u8).collect(),
            },
            DiceTray::Roll { who, what, faces, .. } => DiceTray::Roll {
                who: who.clone(),
                what: what.clone(),
                faces: tumble_faces(faces.len()),
                result: "…".into(),
            },
            DiceTray::Combat {
                who, attack, defend, ..
            } => {
                // A d6 pool tumbles as d6; combat dice as combat dice.
                let pool = crate::rules::dice::rolled_pools(attack, defend);
                let d6 = |from: usize, len: usize| -> Vec<Face> {
                    (from..from + len).map(|i| Face::Pip((spin(i) % 6 + 1) as u8)).collect()
                };
                DiceTray::Combat {
                    who: who.clone(),
                    attack: if pool {
                        d6(0, attack.len())
                    } else {
                        tumble_faces(attack.len())
                    },
                    defend: if pool {
                        d6(7, defend.len())
                    } else {
                        tumble_faces(defend.len() + 7).split_off(7)
                    },
                    damage: 0,
                }
            }
            DiceTray::Empty => DiceTray::Empty,
            // Cards are turned over, not rolled.
            DiceTray::Cards { .. } => tray.clone(),
        };
        return draw_tray(ui, &shown, false);
    }
    draw_tray(ui, tray, true);
}

/// A Response card: its value, and an Eye drawn on it when it bears one.
fn response_card(ui: &mut egui::Ui, value: u8, eye: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(30.0, 42.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 4.0, egui::Color32::from_rgb(235, 225, 200));
    p.rect_stroke(
        rect,
        4.0,
        egui::Stroke::new(1.5, egui::Color32::from_rgb(90, 70, 40)),
        egui::StrokeKind::Inside,
    );
    p.text(
        rect.center_top() + egui::vec2(0.0, 13.0),
        egui::Align2::CENTER_CENTER,
        value.to_string(),
        egui::FontId::proportional(17.0),
        egui::Color32::from_rgb(40, 30, 20),
    );
    if eye {
        let c = rect.center_bottom() - egui::vec2(0.0, 11.0);
        p.add(egui::Shape::ellipse_filled(
            c,
            egui::vec2(9.0, 5.0),
            egui::Color32::from_rgb(150, 30, 30),
        ));
        p.circle_filled(c, 2.5, egui::Color32::from_rgb(20, 10, 10));
    }
}

/// The tray's dice; `landed`: false while they tumble, when no total or damage is shown yet
/// (the faces are not the real ones).
fn draw_tray(ui: &mut egui::Ui, tray: &DiceTray, landed: bool) {
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
                ui.label(match landed {
                    true => format!("= {}", dice.iter().map(|d| *d as u32).sum::<u32>()),
                    false => "= …".to_string(),
                });
            });
        }
        DiceTray::Cards {
            who,
            what,
            cards,
            result,
        } => {
            ui.label(format!("{who} {what}"));
            ui.horizontal_wrapped(|ui| {
                for (value, eye) in cards {
                    response_card(ui, *value, *eye);
                }
            });
            ui.label(egui::RichText::new(result).strong());
        }
        DiceTray::Roll {
            who,
            what,
            faces,
            result,
        } => {
            ui.label(format!("{who} — {what}"));
            ui.horizontal_wrapped(|ui| {
                for f in faces {
                    combat_die(ui, *f);
                }
            });
            ui.label(egui::RichText::new(result).strong());
        }
        DiceTray::Combat {
            who,
            attack,
            defend,
            damage,
        } => {
            ui.label(who);
            if crate::rules::dice::rolled_pools(attack, defend) {
                draw_pool(
                    ui,
                    &crate::rules::dice::pips(attack),
                    &crate::rules::dice::pips(defend),
                    *damage,
                    landed,
                );
                return;
            }
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
                    _ if !landed => "…".to_string(),
                    0 => "No damage.".to_string(),
                    d => format!("{d} body point{} lost.", if *d == 1 { "" } else { "s" }),
                })
                .strong(),
            );
            faces_key(ui);
        }
    }
}
