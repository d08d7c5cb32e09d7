//! The end of a quest: victory, defeat or retreat, what it means for a campaign, and the way on
//! (go on with the campaign or play again, or back to the title screen).

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Play, outcome_title};
use crate::game::Controller;
use crate::game::model::{Outcome, Phase};
use crate::screen::Screen;
use crate::start::PendingQuest;

/// Shows the window once the quest is over.
pub(super) fn window(
    p: &Play,
    commands: &mut Commands,
    next_screen: &mut ResMut<NextState<Screen>>,
    epic: Option<&mut crate::epic::EpicNews>,
) {
    let Phase::Over(outcome) = p.turn.phase else {
        return;
    };
    // LEGO Heroica: a person's win is a victory; a rival's or the monster player's is not.
    let title = match p.heroica.and_then(|v| v.table.as_ref()).and_then(|t| t.turn.over) {
        Some(crate::rules::heroica::play::End::Won(id))
            if p.controllers.companions.contains(&crate::game::model::FigureId(id)) =>
        {
            let name = p
                .hero(crate::game::model::FigureId(id))
                .map_or("A rival".to_string(), |h| h.1.name.clone());
            format!("{name} wins")
        }
        Some(crate::rules::heroica::play::End::MonstersWon) => "Defeat".to_string(),
        _ => outcome_title(outcome).to_string(),
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-55.0, 0.0))
        .show(p.ctx, |ui| {
            crate::ui::fit::window_body(ui, 0.0, |ui| {
                // LEGO Heroica: one hero wins the race, or the monster player the Battle.
                let heroica = p.heroica.and_then(|v| v.table.as_ref()).and_then(|t| t.turn.over);
                ui.label(match (heroica, outcome) {
                    (Some(crate::rules::heroica::play::End::Won(id)), _) => {
                        let name = p
                            .hero(crate::game::model::FigureId(id))
                            .map_or(String::new(), |h| h.1.name.clone());
                        format!("{name} wins \"{}\" in round {}!", p.quest.name, p.turn.round)
                    }
                    (Some(crate::rules::heroica::play::End::MonstersWon), _) => {
                        "Two heroes defeated: the monster player wins the Battle.".to_string()
                    }
                    (None, Outcome::Won) => format!(
                        "The heroes have completed \"{}\" in {} rounds.",
                        p.quest.name, p.turn.round
                    ),
                    (None, Outcome::Lost) => {
                        "All the heroes have fallen. The sorcerer's laughter echoes through the halls.".to_string()
                    }
                    (None, Outcome::Retreated) => {
                        "The heroes have fled up the stairway; the quest is left unfinished.".to_string()
                    }
                });
                let campaign = p.slot.is_some_and(|s| s.campaign);
                if campaign && p.heroica.is_some() {
                    let more = epic_news(ui, p, epic);
                    ui.horizontal(|ui| {
                        if more && ui.button("Next mission").clicked() {
                            let seed = p.seed.map_or(1, |s| s.0.wrapping_add(1));
                            match PendingQuest::epic_next(seed, p.opponents.copied().unwrap_or_default()) {
                                Ok(pending) => commands.insert_resource(pending),
                                Err(_) => next_screen.set(Screen::Title),
                            }
                        }
                        if ui.button("Back to the title screen").clicked() {
                            next_screen.set(Screen::Title);
                        }
                    });
                    return;
                }
                if campaign {
                    campaign_news(ui, p);
                }
                ui.horizontal(|ui| {
                    way_on(ui, p, campaign, commands, next_screen);
                });
            })
        });
}

/// What the quest's end did to the campaign: the party kept, the next quest, or an error.
fn campaign_news(ui: &mut egui::Ui, p: &Play) {
    match p.news.map(|n| &n.0) {
        Some(Ok(next)) => {
            ui.label("The party keeps its gold, potions and gear; a hero who fell is replaced by a new one.");
            ui.label(match next {
                Some(name) => format!("Next in the quest book: {name}."),
                None => "The quest book is done: the campaign is won!".to_string(),
            });
        }
        Some(Err(e)) => {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                format!("The campaign could not be updated: {e}"),
            );
        }
        None => {}
    }
}

/// The buttons: go on with the campaign (or play the quest again), back to the title screen.
fn way_on(
    ui: &mut egui::Ui,
    p: &Play,
    campaign: bool,
    commands: &mut Commands,
    next_screen: &mut ResMut<NextState<Screen>>,
) {
    let next_seed = p.seed.map_or(1, |s| s.0.wrapping_add(1));
    let companions: Vec<String> = p
        .heroes
        .iter()
        .filter(|h| p.controllers.companions.contains(h.0))
        .map(|h| h.1.class.clone())
        .collect();
    if campaign {
        if ui.button("Go on with the campaign").clicked() {
            match PendingQuest::campaign_next(
                &p.quest.rules.id,
                next_seed,
                p.opponents.copied().unwrap_or_default(),
                p.controllers.heroes == Controller::Bot,
                companions.clone(),
            ) {
                Ok(mut pending) => {
                    pending.sorcerer_player = p.sorcerer_seat.cloned();
                    commands.insert_resource(pending)
                }
                Err(_) => next_screen.set(Screen::Title),
            }
        }
        // Revised's town between quests: its shops, and the Guild Hall where men-at-arms who
        // lived through the quest wait for their pay.
        if p.quest.rules.town.is_some() && ui.button("To the town").clicked() {
            commands.insert_resource(crate::ui::OpenTown(p.quest.rules.id.clone()));
            next_screen.set(Screen::Title);
        }
    } else if ui.button("Play again").clicked() {
        commands.insert_resource(PendingQuest {
            quest: p.quest.clone(),
            source: p.slot.map_or_else(|| p.quest.id.clone(), |s| s.source.clone()),
            restore: None,
            own_file: None,
            sorcerer_player: p.sorcerer_seat.cloned(),
            campaign: false,
            seed: next_seed,
            autoplay: p.controllers.heroes == Controller::Bot,
            opponents: p.opponents.copied().unwrap_or_default(),
            companions,
        });
    }
    if ui.button("Back to the title screen").clicked() {
        next_screen.set(Screen::Title);
    }
}

/// Epic Heroica between missions: the standings, and the store for each hero a person plays (the
/// computer's have shopped already). True when another mission follows.
fn epic_news(ui: &mut egui::Ui, p: &Play, news: Option<&mut crate::epic::EpicNews>) -> bool {
    let Some(news) = news else {
        ui.label("Settling the Epic campaign…");
        return false;
    };
    let next = match &news.result {
        Ok((lines, next)) => {
            for l in lines {
                ui.label(l);
            }
            next.clone()
        }
        Err(e) => {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                format!("The Epic campaign could not be updated: {e}"),
            );
            return false;
        }
    };
    let Some(name) = next else { return false };
    ui.label("Everyone keeps gold, potions, weapons and relics; health comes back in full.");
    ui.label(egui::RichText::new(format!("Next: {name}.")).strong());
    let Some(epic) = news.epic.clone() else {
        return true;
    };
    for &seat in &epic.people {
        let Some(me) = epic.heroes.get(seat) else { continue };
        let who = p
            .hero(crate::game::model::FigureId(seat as u32))
            .map_or(me.hero.clone(), |h| h.1.name.clone());
        ui.separator();
        ui.label(format!("The store ({who} has {} gold):", me.gold));
        if let Some((sell, item)) = store_row(ui, me, seat)
            && let Err(e) = news.trade(sell, seat, &item)
        {
            news.result = Err(e);
        }
    }
    true
}

/// One hero's row of the store: potions and weapons it can pay for, its relics to sell. The
/// trade clicked: (sell, item).
fn store_row(ui: &mut egui::Ui, me: &crate::epic::EpicHero, seat: usize) -> Option<(bool, String)> {
    let tables = crate::rules::heroica::HeroicaTables::get();
    let mut trade = None;
    ui.push_id(("epic-store", seat), |ui| {
        ui.horizontal_wrapped(|ui| {
            for (id, d) in &tables.potions {
                if ui
                    .add_enabled(
                        me.gold >= d.price,
                        egui::Button::new(format!("{} ({})", d.name, d.price)).small(),
                    )
                    .clicked()
                {
                    trade = Some((false, id.clone()));
                }
            }
            for (id, d) in &tables.weapons {
                let owned = me.weapons.contains(id);
                if ui
                    .add_enabled(
                        !owned && me.gold >= d.price,
                        egui::Button::new(format!("{} ({})", d.name, d.price)).small(),
                    )
                    .clicked()
                {
                    trade = Some((false, id.clone()));
                }
            }
            for r in &me.relics {
                let name = tables.relics.get(r).map_or(r.clone(), |d| d.name.clone());
                if ui
                    .small_button(format!("Sell the {name} (+{})", tables.relic_sale))
                    .clicked()
                {
                    trade = Some((true, r.clone()));
                }
            }
        });
    });
    trade
}
