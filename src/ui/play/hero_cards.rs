//! The left panel, "Heroes": a card for each hero (body, mind, fighting values, weapon and
//! movement, what they carry, gold and potions, conditions, spells). The player of the hero
//! whose turn it is changes weapons on the card.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{HeroRow, Play, SPELL_BLUE};
use crate::game::Controller;
use crate::game::model::{Command, Movement, Spellbook};
use crate::ui::GOLD;

/// Draws the panel; its width in egui points.
pub(super) fn panel(root: &mut egui::Ui, p: &Play, out: &mut MessageWriter<Command>) -> f32 {
    egui::Panel::left("heroes")
        .resizable(false)
        .exact_size(crate::ui::fit::side_width(root.ctx(), 250.0, 0.22))
        .show(root, |ui| {
            if p.menus_up {
                ui.disable();
            }
            ui.heading(egui::RichText::new("Heroes").color(GOLD));
            // Four cards are taller than a small screen at a large interface scale: they scroll.
            crate::ui::fit::scrolled(ui, egui::ScrollArea::vertical(), |ui| {
                for row in p.heroes {
                    card(ui, p, row, out);
                }
            });
        })
        .response
        .rect
        .width()
}

/// One hero's card.
fn card(ui: &mut egui::Ui, p: &Play, row: &HeroRow, out: &mut MessageWriter<Command>) {
    let q = p.quest;
    let (id, hero, body, mind, fighter, eq, dead, escaped, (inv, status, book, on_board, fate, skills)) = row;
    let is_active = p.active == Some(**id);
    let frame = egui::Frame::group(ui.style()).fill(if is_active {
        egui::Color32::from_rgb(60, 52, 30)
    } else {
        egui::Color32::from_rgb(32, 30, 34)
    });
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(&hero.name).strong().size(17.0).color(if is_active {
                GOLD
            } else {
                egui::Color32::WHITE
            }));
            if p.controllers.companions.contains(*id) && p.controllers.heroes == Controller::Human {
                ui.label(egui::RichText::new("computer").small().weak())
                    .on_hover_text("A computer companion plays this hero.");
            }
            if *dead {
                ui.colored_label(egui::Color32::LIGHT_RED, "fallen");
            } else if *escaped {
                ui.colored_label(egui::Color32::LIGHT_GREEN, "escaped");
            } else if !*on_board {
                // The action-point module: waiting to come down the stairway.
                ui.colored_label(egui::Color32::from_rgb(200, 190, 150), "off the board")
                    .on_hover_text("Comes on at the stairway with its first action point: roll, then click a lit square.");
            } else if is_active {
                ui.colored_label(
                    GOLD,
                    if !p.controllers.bot_plays(**id) {
                        "— your turn"
                    } else {
                        "— acting"
                    },
                );
            } else if !p.watching
                && may_activate(p, **id)
                && ui
                    .small_button("Act now")
                    .on_hover_text("One player's heroes take their turns in the order it chooses: take this hero's now (the one whose turn it is must not have done anything yet).")
                    .clicked()
            {
                // Revised #39: one person's heroes in the order it chooses.
                out.write(Command::Activate { figure: **id });
            }
        });
        let frac = body.current as f32 / body.max.max(1) as f32;
        ui.add(
            egui::ProgressBar::new(frac)
                .text(format!("Body {}/{}", body.current, body.max))
                .fill(egui::Color32::from_rgb(150, 40, 35)),
        );
        ui.label(format!(
            "Mind {}/{}   Attack {}   Defend {}",
            mind.current, mind.max, fighter.attack, fighter.defend
        ));
        // A HeroQuest Revised hero board's other numbers (checklists §1.1 #21–26).
        if let Some(b) = q.rules.board(&hero.class) {
            board_line(ui, b);
        }
        // The action-point module: the points of this turn, once rolled.
        if is_active
            && q.modules.action_points()
            && let Some(all) = p.turn.progress(**id).allowance
        {
            let (share, text) = super::points_bar(&p.turn.progress(**id), all);
            ui.add(
                egui::ProgressBar::new(share)
                    .text(text)
                    .fill(egui::Color32::from_rgb(60, 110, 60)),
            )
            .on_hover_text("A square costs 1, leaving a square beside a monster 1 more; a door, a gift or a fallen hero's things 1.");
        }
        weapon_line(ui, p, row, is_active, out);
        // Armour taken up in the quest and not yet put on (Revised #104) says so; keyword cards
        // have lines of their own below.
        let mut off = eq.off.clone();
        let is_card = |i: &String| q.rules.items.get(i).is_some_and(|d| d.is_keyword_card());
        let carried: Vec<String> = eq
            .items
            .iter()
            .filter(|i| !is_card(i))
            .map(|i| match off.iter().position(|o| o == i) {
                Some(k) => {
                    off.remove(k);
                    format!("{} (not worn)", q.rules.thing_name(i))
                }
                None => q.rules.thing_name(i),
            })
            .collect();
        if !carried.is_empty() {
            ui.label(egui::RichText::new(format!("Carries: {}", carried.join(", "))).small());
        }
        carried_abilities(ui, &q.rules, eq);
        keyword_cards(ui, p, **id, eq);
        let mut potions: Vec<String> = inv.potions.iter().map(|p| q.rules.thing_name(p)).collect();
        potions.sort();
        ui.label(
            egui::RichText::new(format!(
                "Gold {}   Potions: {}",
                inv.gold,
                if potions.is_empty() {
                    "none".to_string()
                } else {
                    potions.join(", ")
                }
            ))
            .small(),
        );
        if !status.0.is_empty() {
            let st: Vec<String> = status.0.iter().map(|s| format!("{s:?}")).collect();
            ui.label(
                egui::RichText::new(st.join(", "))
                    .small()
                    .color(egui::Color32::from_rgb(150, 200, 250)),
            );
        }
        if let Some(deck) = q.rules.magic_deck() {
            if q.rules.casts_magic(&hero.class) {
                magic_hand(ui, p, book, deck, mind.current, eq);
            }
        } else if !book.spells.is_empty() {
            spells_line(ui, p, book);
        }
        if let (Some(fate), Some(skills)) = (fate, skills) {
            advanced_lines(ui, p, **id, fate, skills, out);
        }
        men_at_arms(ui, p, **id, out);
    });
}

/// The men-at-arms a hero leads (Revised #151–152): a line each, the one acting marked, and for
/// the player whose turn it is a button to take one first (#39, `Command::Activate`).
fn men_at_arms(ui: &mut egui::Ui, p: &Play, hero: crate::game::model::FigureId, out: &mut MessageWriter<Command>) {
    let men: Vec<_> = p.men.iter().filter(|m| m.1.serves == hero).collect();
    if men.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Men-at-arms").small().strong());
    for (id, man, body, mind, dead) in men {
        let acting = p.active == Some(**id);
        let kind = p.quest.rules.men_at_arms.get(&man.kind);
        ui.horizontal_wrapped(|ui| {
            let name = kind.map_or(man.kind.clone(), |k| k.name.clone());
            let text = egui::RichText::new(name).small();
            let label = ui.label(if acting { text.color(GOLD).strong() } else { text });
            if let Some(k) = kind {
                label.on_hover_text(format!(
                    "{}\nSpeed {} · Attack {} · Defend {}{}",
                    k.text,
                    k.movement,
                    k.attack,
                    k.defend,
                    if k.ranged {
                        " · shoots at any monster in sight"
                    } else {
                        ""
                    }
                ));
            }
            if *dead {
                ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new("fallen").small());
                return;
            }
            ui.label(egui::RichText::new(format!("Body {}/{} Mind {}", body.current, body.max, mind.current)).small());
            if acting {
                ui.colored_label(GOLD, egui::RichText::new("acting").small());
            } else if !p.watching && may_activate(p, **id) && ui.small_button("Act now").on_hover_text(
                "Take this figure's activation before the one whose turn it is (it must not have done anything yet).",
            ).clicked() {
                out.write(Command::Activate { figure: **id });
            }
        });
    }
}

/// Whether the player acting may take `id`'s activation now: the same list the rules offer.
fn may_activate(p: &Play, id: crate::game::model::FigureId) -> bool {
    p.choices
        .is_some_and(|c| c.0.iter().any(|(_, cmd)| *cmd == Command::Activate { figure: id }))
}

/// "Weapon: … Move: …". The active hero's player changes weapons here (free), or in the action
/// bar and the keyboard and gamepad menu.
fn weapon_line(ui: &mut egui::Ui, p: &Play, row: &HeroRow, is_active: bool, out: &mut MessageWriter<Command>) {
    let q = p.quest;
    let (id, hero, _, _, fighter, eq, dead, escaped, _) = row;
    let weapon = eq
        .weapon
        .as_ref()
        .map_or("bare hands".to_string(), |w| q.rules.thing_name(w));
    let burden = burden_of(&q.rules, eq);
    let moves = match fighter.movement {
        // Overburdened: one die as it falls; Heavy: each die lower (Revised #122, #126).
        Movement::Dice(_) if burden >= crate::game::snapshot::OVERBURDENED => "1d6".to_string(),
        Movement::Dice(n) if burden > 0 => format!("{n}d6, each -{burden}"),
        Movement::Dice(n) => format!("{n}d6"),
        Movement::Fixed(n) => n.to_string(),
    };
    let spare: Vec<&String> = eq
        .items
        .iter()
        .filter(|w| q.rules.weapons.contains_key(*w))
        .filter(|w| crate::quest::gear::may_carry(&q.rules, &hero.class, w, &Default::default()).is_ok())
        .collect();
    if is_active && !p.controllers.bot_plays(**id) && !spare.is_empty() && !*dead && !*escaped {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.label(egui::RichText::new("Weapon:").small());
            ui.menu_button(egui::RichText::new(format!("{weapon} (change)")).small(), |ui| {
                for w in &spare {
                    let d = &q.rules.weapons[*w];
                    let reach = if d.diagonal { ", diagonal" } else { "" };
                    let label = format!(
                        "Take {} in hand ({} dice{reach})",
                        crate::game::describe::the(&d.name),
                        d.attack
                    );
                    if ui.button(label).clicked() {
                        out.write(Command::Wield {
                            hero: **id,
                            weapon: (*w).clone(),
                        });
                        ui.close();
                    }
                }
            })
            .response
            .on_hover_text("Change the weapon in hand: free, on this hero's turn");
            ui.label(egui::RichText::new(format!("  Move: {moves}")).small());
        });
    } else {
        ui.label(egui::RichText::new(format!("Weapon: {weapon}   Move: {moves}")).small());
    }
}

/// "Spells 2/3 (air, fire)", the spells named on hover.
fn spells_line(ui: &mut egui::Ui, p: &Play, book: &Spellbook) {
    let ready = book.ready().count();
    ui.label(
        egui::RichText::new(format!(
            "Spells {ready}/{} ({})",
            book.spells.len(),
            book.schools.join(", ")
        ))
        .small()
        .color(SPELL_BLUE),
    )
    .on_hover_text(
        book.spells
            .iter()
            .map(|sp| {
                let used = if book.cast.contains(sp) { " (cast)" } else { "" };
                format!("{}{used}", p.quest.rules.thing_name(sp))
            })
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

/// The Apprentice Spell System's hand (#177): "Magic Spells 2 of 3: Spark ×2", each card's text
/// on hover.
fn magic_hand(
    ui: &mut egui::Ui,
    p: &Play,
    book: &Spellbook,
    deck: &crate::rules::ruleset::ApprenticeDef,
    mind: u8,
    eq: &crate::game::model::Equipment,
) {
    let rules = &p.quest.rules;
    let satchel = eq
        .items
        .iter()
        .filter_map(|i| rules.items.get(i))
        .flat_map(|d| &d.abilities)
        .map(crate::rules::ruleset::Ability::satchel)
        .fold(0, u8::saturating_add);
    let size = crate::rules::ruleset::ApprenticeDef::hand_size(mind, satchel);
    let cards: Vec<String> = book
        .ready()
        .map(|sp| match book.spells.iter().filter(|s| *s == sp).count() {
            1 => rules.thing_name(sp),
            n => format!("{} ×{n}", rules.thing_name(sp)),
        })
        .collect();
    let text = if cards.is_empty() {
        format!("Magic Spells 0 of {size}")
    } else {
        format!("Magic Spells {} of {size}: {}", book.spells.len(), cards.join(", "))
    };
    ui.label(egui::RichText::new(text).small().color(SPELL_BLUE))
        .on_hover_text(format!(
            "{}\n\nA hand of half the current Mind, rounded up; {} drawn at the end of each activation. {}",
            book.ready()
                .filter_map(|sp| rules.spells.get(sp))
                .map(|d| format!("{}: {}", d.name, d.text))
                .collect::<Vec<_>>()
                .join("\n"),
            deck.draw,
            p.magic.map_or(String::new(), |m| format!(
                "Deck {} cards, discard pile {}.",
                m.draw.len(),
                m.discard.len()
            ))
        ));
}

/// The board's Speed, Spellcraft, Resilience, Aggression, Brute Force, Wisdom and Dexterity,
/// each explained on hover.
fn board_line(ui: &mut egui::Ui, b: &crate::rules::ruleset::HeroBoard) {
    let dex = b.dexterity.map_or("none".to_string(), |d| d.to_string());
    let text = format!(
        "Speed {}d6 · Spellcraft {} · Resilience {} · Aggression {} · Brute Force {} · Wisdom {} · Dexterity {dex}",
        b.speed_dice, b.spellcraft, b.resilience, b.aggression, b.brute_force, b.wisdom
    );
    ui.label(egui::RichText::new(text).small().color(egui::Color32::from_rgb(200, 190, 150)))
        .on_hover_text(
            "Speed: dice rolled for each move. Spellcraft: spell groups chosen at the start. \
             Resilience: defence dice before armour. Aggression: attack dice with no weapon in hand. \
             Brute Force and Wisdom: for the tests a quest asks for. Dexterity: added to a d6 to disarm a trap (7 or more).",
        );
}

/// What a Revised hero's things give and weigh (checklists §1.1 #113–127): the extra actions
/// of its cards, and its burden, Overburdened in red.
fn carried_abilities(ui: &mut egui::Ui, rules: &crate::rules::ruleset::RuleSet, eq: &crate::game::model::Equipment) {
    // The weapon in hand's, while it is in use (#97); its weight is counted below.
    let in_hand = eq
        .weapon
        .iter()
        .filter_map(|w| rules.weapons.get(w))
        .flat_map(|d| d.abilities.iter())
        .filter(|a| !matches!(a, crate::rules::ruleset::Ability::Heavy(_)));
    let gives: Vec<String> = eq
        .items
        .iter()
        .filter_map(|i| rules.items.get(i))
        .flat_map(|d| d.abilities.iter())
        .chain(in_hand)
        .map(crate::game::describe::ability_text)
        .collect();
    if !gives.is_empty() {
        ui.label(
            egui::RichText::new(gives.join("; "))
                .small()
                .color(egui::Color32::from_rgb(200, 190, 150)),
        );
    }
    let burden = burden_of(rules, eq);
    if burden >= crate::game::snapshot::OVERBURDENED {
        ui.label(
            egui::RichText::new(format!(
                "Overburdened (Heavy {burden}): one Speed die; moves or acts, not both; no Free Actions"
            ))
            .small()
            .color(egui::Color32::from_rgb(230, 120, 100)),
        );
    } else if burden > 0 {
        ui.label(egui::RichText::new(format!("Heavy {burden}: each Speed die {burden} lower")).small());
    }
}

/// The keyword cards a hero carries (Revised #100–110, #116, #131–132, #146), a line each: its
/// name, its corner icon, whether it is drained or held face up now; its text, keywords and
/// terms of use on hover.
fn keyword_cards(ui: &mut egui::Ui, p: &Play, id: crate::game::model::FigureId, eq: &crate::game::model::Equipment) {
    let rules = &p.quest.rules;
    let cards = rules.cards_among(&eq.items, |d| d.is_keyword_card());
    for item in cards {
        let d = &rules.items[item];
        let copies = eq.items.iter().filter(|i| *i == item).count();
        let key = (id, item.clone());
        let drained = p
            .dungeon
            .and_then(|g| g.cards_drained.get(&key))
            .is_some_and(|n| usize::from(*n) >= copies);
        let held = p
            .dungeon
            .and_then(|g| g.cards_held.get(&id))
            .is_some_and(|v| v.contains(item));
        let mut line = d.name.clone();
        if copies > 1 {
            line.push_str(&format!(" ×{copies}"));
        }
        if let Some(icon) = d.uses.as_ref().and_then(|u| u.icon.as_ref()) {
            line.push_str(&format!(" [{icon}]"));
        }
        for k in &d.keywords {
            line.push_str(&format!(" · {k:?}"));
        }
        let (state, colour) = if drained {
            (" — drained", egui::Color32::from_gray(130))
        } else if held {
            (" — held face up", egui::Color32::from_rgb(150, 200, 250))
        } else {
            ("", egui::Color32::from_rgb(215, 200, 160))
        };
        line.push_str(state);
        ui.label(egui::RichText::new(line).small().color(colour))
            .on_hover_text(crate::game::describe::card_text(rules, item));
    }
}

/// The Heavy X of everything a hero carries, added up (Revised #122).
fn burden_of(rules: &crate::rules::ruleset::RuleSet, eq: &crate::game::model::Equipment) -> u8 {
    rules.burden(eq.weapon.iter().chain(&eq.items))
}

/// Revised's advanced game on a hero's card: its Fate tokens and Skill cards, and for a hero of
/// another player at a boundary between activations, the Fate to act now (#173).
fn advanced_lines(
    ui: &mut egui::Ui,
    p: &Play,
    id: crate::game::model::FigureId,
    fate: &crate::game::model::Fate,
    skills: &crate::game::model::Skills,
    out: &mut MessageWriter<Command>,
) {
    let Some(adv) = p.quest.rules.adv() else { return };
    ui.horizontal_wrapped(|ui| {
        let stars = "★".repeat(usize::from(fate.tokens.min(9)));
        ui.label(
            egui::RichText::new(format!("Fate {} {stars}", fate.tokens))
                .small()
                .color(egui::Color32::from_rgb(230, 210, 120)),
        )
        .on_hover_text("Spent on the hero's turn from the action bar: recover up to 4 Body and Mind, or set the dice of its next attack, defence or test. Another player's hero may spend one to act at once, between two activations.");
        for k in &fate.set {
            ui.label(egui::RichText::new(format!("next {} set", k.name())).small().weak());
        }
        let interrupt = Command::SpendFate {
            hero: id,
            on: crate::game::model::FateUse::Activation,
        };
        let may = !p.watching
            && !p.controllers.bot_plays(id)
            && p.interrupts.is_some_and(|i| i.0.contains(&interrupt));
        if may
            && ui
                .small_button("Fate: act now")
                .on_hover_text("Spend a Fate: this hero takes a whole activation now, out of turn; then play goes on where it stopped.")
                .clicked()
        {
            out.write(interrupt);
        }
    });
    if !skills.ids.is_empty() {
        let names: Vec<String> = skills
            .ids
            .iter()
            .map(|s| adv.skills.get(s).map_or_else(|| s.clone(), |d| d.name.clone()))
            .collect();
        let champion = if skills.champion { "Champion. " } else { "" };
        let text: Vec<String> = skills
            .ids
            .iter()
            .filter_map(|s| adv.skills.get(s))
            .map(|d| format!("{}: {}", d.name, d.text))
            .collect();
        ui.label(egui::RichText::new(format!("{champion}Skills: {}", names.join(", "))).small())
            .on_hover_text(text.join("\n"));
    }
}
