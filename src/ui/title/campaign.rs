//! The title screen's campaign rows: the quest book's campaign (begin it, go on with it), the
//! party's character sheets and the armory between quests.

use super::*;

/// The campaign row: begin one, or go on with it (the next quest of the book) and visit the armory.
pub(super) fn campaign_row(
    ui: &mut egui::Ui,
    state: &mut TitleState,
    commands: &mut Commands,
    seats: &crate::input::seats::Seats,
    leave_out: bool,
    sorcerer_seat: &Option<crate::input::seats::SorcererSeat>,
) {
    let seed = state.seed.trim().parse().unwrap_or(1);
    let opponents = crate::ai::Opponents {
        sorcerer: state.sorcerer,
        ..Default::default()
    };
    let mut start = false;
    // A quest the party plays again (None: the next one).
    let mut again: Option<&'static str> = None;
    ui.horizontal_wrapped(|ui| match &state.campaign {
        None => {
            if ui.button(egui::RichText::new("Begin a campaign").size(18.0)).clicked() {
                let mut fresh = crate::campaign::Campaign::new(&state.rules);
                fresh.modules = state.modules.clone();
                match crate::campaign::campaign_path().map(|p| fresh.write(&p)) {
                    Some(Ok(())) => {
                        state.campaign = Some(Ok(fresh));
                        start = true;
                    }
                    Some(Err(e)) => state.message = Some(e),
                    None => state.message = Some("No data folder (HOME is not set): no campaign.".into()),
                }
            }
            ui.label(
                egui::RichText::new("the quest book in order, with one party that keeps its gold and gear (and the modules ticked below)").weak(),
            );
        }
        Some(Ok(c)) => {
            let next = c.next_quest().map(|id| quest_name(&state.quests, id).to_string());
            let label = match &next {
                Some(name) => format!("Campaign: {name}"),
                None => "Campaign: every quest done".to_string(),
            };
            if ui
                .add_enabled(next.is_some(), egui::Button::new(egui::RichText::new(label).size(18.0)))
                .clicked()
            {
                start = true;
            }
            // Quests done before can be played again, for gold and gear.
            let done_before: Vec<&'static str> = c
                .unlocked()
                .into_iter()
                .filter(|id| Some(*id) != c.next_quest())
                .collect();
            if !done_before.is_empty() {
                ui.menu_button("Play again", |ui| {
                    for id in done_before {
                        if ui.button(quest_name(&state.quests, id)).clicked() {
                            again = Some(id);
                            ui.close();
                        }
                    }
                });
            }
            let gold: u64 = c.party.values().map(|h| u64::from(h.gold)).sum();
            let done = c.completed.len();
            let quests = if done == 1 { "quest" } else { "quests" };
            let with = match crate::rules::systems::Modules::choose(&c.rules, &c.modules) {
                Ok(m) if !m.is_empty() => format!(", with {}", m.names().join(", ")),
                _ => String::new(),
            };
            ui.label(egui::RichText::new(format!("{done} {quests} done, {gold} gold in the party{with}")).weak());
            if ui.button("Party & armory").clicked() {
                state.armory_for = state
                    .armory_for
                    .is_none()
                    .then(|| c.party.keys().next().cloned())
                    .flatten();
            }
        }
        Some(Err(e)) => {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                format!("The campaign cannot be read: {e} (the file was left as it is)"),
            );
        }
    });
    if start || again.is_some() {
        let companions = state.companions.iter().cloned().collect();
        match PendingQuest::campaign_quest(again, seed, opponents, state.autoplay, companions) {
            Ok(mut p) => {
                (p.quest, p.companions) = table_quest(&p.quest, &state.companions, seats, leave_out);
                p.sorcerer_player = sorcerer_seat.clone();
                start_or_ask(state, commands, p);
            }
            Err(e) => state.message = Some(e),
        }
    }
}

/// A campaign hero's character sheet: the rule set's figures with the hero's own gear, what the
/// hero carries, and the quests the hero has completed.
fn character_sheet(
    ui: &mut egui::Ui,
    rules: &crate::rules::ruleset::RuleSet,
    class: &str,
    h: &crate::campaign::PartyHero,
    quests: &[(String, Result<Arc<Quest>, String>)],
) {
    let Some(def) = rules.heroes.get(class) else {
        return;
    };
    let gear = crate::game::model::Equipment {
        weapon: h.weapon.clone(),
        items: h.items.clone(),
    };
    let fighter = crate::game::heroquest::derive_fighter(rules, class, &gear);
    let movement = match fighter.movement {
        crate::game::model::Movement::Dice(n) => format!("{n} red dice"),
        crate::game::model::Movement::Fixed(n) => format!("{n} squares"),
    };
    let names = |ids: &mut dyn Iterator<Item = &String>| -> String {
        let v: Vec<String> = ids.map(|i| rules.thing_name(i)).collect();
        if v.is_empty() { "nothing".into() } else { v.join(", ") }
    };
    ui.label(egui::RichText::new(format!("Character sheet: {}", def.name)).strong());
    egui::Grid::new("sheet")
        .num_columns(4)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.label("Body");
            ui.label(def.body.to_string());
            ui.label("Attack");
            ui.label(format!("{} combat dice", fighter.attack));
            ui.end_row();
            ui.label("Mind");
            ui.label(def.mind.to_string());
            ui.label("Defend");
            ui.label(format!("{} combat dice", fighter.defend));
            ui.end_row();
            ui.label("Gold");
            ui.label(h.gold.to_string());
            ui.label("Movement");
            ui.label(movement);
            ui.end_row();
        });
    ui.label(format!(
        "Weapon in hand: {}",
        h.weapon.as_deref().map_or("none".into(), |w| rules.thing_name(w))
    ));
    ui.label(format!("Armour and things: {}", names(&mut h.items.iter())));
    ui.label(format!("Potions: {}", names(&mut h.potions.iter())));
    let done: Vec<String> = h.quests.iter().map(|q| quest_name(quests, q).to_string()).collect();
    ui.label(if done.is_empty() {
        "Quests completed: none yet".to_string()
    } else {
        format!("Quests completed ({}): {}", done.len(), done.join(", "))
    });
    if h.fallen > 0 {
        let before = if h.fallen == 1 { "hero" } else { "heroes" };
        ui.label(
            egui::RichText::new(format!(
                "{} {before} of this seat fell before; this one started afresh.",
                h.fallen
            ))
            .weak(),
        );
    }
}

/// The armory between quests: the 2021 prices, what each hero may use, the party's gold.
pub(super) fn armory_window(ctx: &egui::Context, state: &mut TitleState) {
    let (Some(hero), Some(Ok(campaign))) = (state.armory_for.clone(), state.campaign.as_mut()) else {
        return;
    };
    let state_quests = &state.quests;
    let rules = state.rules.clone();
    let mut open = true;
    let mut chosen = hero.clone();
    let mut bought: Option<Result<(), String>> = None;
    let mut renamed = false;
    // Beside the title window (720 points wide, centred), not over it, on a 1600-wide screen.
    egui::Window::new("The party and the armory")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_width(380.0)
        .anchor(egui::Align2::RIGHT_CENTER, egui::vec2(-8.0, 0.0))
        .show(ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (class, h) in &campaign.party {
                        let name = h
                            .name
                            .clone()
                            .unwrap_or_else(|| rules.heroes.get(class).map_or(class.clone(), |d| d.name.clone()));
                        ui.selectable_value(&mut chosen, class.clone(), format!("{name} ({} gold)", h.gold));
                    }
                });
                if let Some(h) = campaign.party.get_mut(&chosen) {
                    ui.horizontal(|ui| {
                        ui.label("Name:");
                        let mut name = h.name.clone().unwrap_or_default();
                        let hint = rules.heroes.get(&chosen).map_or(String::new(), |d| d.name.clone());
                        let edit = ui.add(
                            egui::TextEdit::singleline(&mut name)
                                .hint_text(hint)
                                .desired_width(160.0),
                        );
                        if edit.changed() {
                            h.name = Some(name.chars().take(24).collect()).filter(|n: &String| !n.trim().is_empty());
                        }
                        if edit.lost_focus() {
                            renamed = true;
                        }
                    });
                    character_sheet(ui, &rules, &chosen, h, state_quests);
                }
                // Gold is shared between quests (Gold Coins): to another hero of the party.
                let gold = campaign.party.get(&chosen).map_or(0, |h| h.gold);
                let others: Vec<(String, String)> = campaign
                    .party
                    .iter()
                    .filter(|(c, _)| **c != chosen)
                    .map(|(c, h)| {
                        let name = h
                            .name
                            .clone()
                            .unwrap_or_else(|| rules.heroes.get(c).map_or(c.clone(), |d| d.name.clone()));
                        (c.clone(), name)
                    })
                    .collect();
                if gold > 0 && !others.is_empty() {
                    ui.horizontal(|ui| {
                        ui.label("Give gold:");
                        for step in [10u32, 50, 100] {
                            if step > gold {
                                continue;
                            }
                            ui.menu_button(format!("{step}"), |ui| {
                                for (c, name) in &others {
                                    if ui.button(format!("to {name}")).clicked() {
                                        bought = Some(campaign.give_gold(&rules, &chosen, c, step));
                                        ui.close();
                                    }
                                }
                            });
                        }
                        ui.menu_button(format!("all {gold}"), |ui| {
                            for (c, name) in &others {
                                if ui.button(format!("to {name}")).clicked() {
                                    bought = Some(campaign.give_gold(&rules, &chosen, c, gold));
                                    ui.close();
                                }
                            }
                        });
                    });
                }
                ui.separator();
                egui::Grid::new("stock").striped(true).show(ui, |ui| {
                    for (id, name, cost) in crate::campaign::Campaign::armory(&rules) {
                        ui.label(&name);
                        ui.label(format!("{cost} gold"));
                        let verdict = campaign.check_purchase(&rules, &chosen, &id);
                        let button = ui
                            .add_enabled(verdict.is_ok(), egui::Button::new("Buy"))
                            .on_disabled_hover_text(verdict.as_ref().err().cloned().unwrap_or_default());
                        if button.clicked() {
                            bought = Some(campaign.buy(&rules, &chosen, &id));
                        }
                        ui.end_row();
                    }
                });
            })
        });
    if (renamed || matches!(bought, Some(Ok(()))))
        && let Some(path) = crate::campaign::campaign_path()
        && let Err(e) = campaign.write(&path)
    {
        state.message = Some(e);
    }
    state.armory_for = open.then_some(chosen);
}
