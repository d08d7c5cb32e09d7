//! The title screen's campaign rows: each HeroQuest edition's campaign (begin it, go on with it),
//! the party's character sheets, and between quests the 2021 armory or Revised's town: its
//! shops and the Mercenaries' Guild Hall.

use super::*;
use crate::campaign::Campaign;
use crate::rules::ruleset::RuleSet;

/// One edition's campaign, as the title screen holds it.
pub(in crate::ui) struct CampaignSlot {
    /// The edition's tables, parsed once.
    pub rules: Arc<RuleSet>,
    /// The campaign on disk: None when there is none yet.
    pub file: Option<Result<Campaign, String>>,
}

impl CampaignSlot {
    /// A slot for each HeroQuest edition with a campaign, 2021's first.
    pub fn editions() -> Vec<CampaignSlot> {
        crate::rules::systems::heroquest_editions()
            .into_iter()
            .map(|e| CampaignSlot {
                rules: Arc::new(e.tables().clone()),
                file: None,
            })
            .collect()
    }

    /// Whether it is Revised's, with a town between quests.
    fn town(&self) -> bool {
        self.rules.town.is_some()
    }
}

/// The campaign row of `state.campaigns[at]`: begin one, or go on with it (the next quest of its
/// book), play a quest again, and visit the armory or the town.
pub(super) fn campaign_row(
    ui: &mut egui::Ui,
    state: &mut TitleState,
    at: usize,
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
    let mut visit = false;
    let Some(slot) = state.campaigns.get(at) else { return };
    let rules = slot.rules.clone();
    let town = slot.town();
    let (begin, name, blurb, visit_label) = if town {
        (
            "Begin a Revised campaign",
            "Revised campaign",
            "HeroQuest Revised's own quests in order, with the town between them: shops, and men-at-arms for hire",
            "Town",
        )
    } else {
        (
            "Begin a campaign",
            "Campaign",
            "the quest book in order, with one party that keeps its gold and gear (and the modules ticked below)",
            "Party & armory",
        )
    };
    let mut fresh_file: Option<Result<Campaign, String>> = None;
    ui.horizontal_wrapped(|ui| match &slot.file {
        None => {
            if ui.button(egui::RichText::new(begin).size(18.0)).clicked() {
                let mut fresh = Campaign::new(&rules);
                // The modules ticked below that this edition takes.
                if crate::rules::systems::Modules::choose(&rules.id, &state.modules).is_ok() {
                    fresh.modules = state.modules.clone();
                }
                match fresh.path().map(|p| fresh.write(&p)) {
                    Some(Ok(())) => {
                        fresh_file = Some(Ok(fresh));
                        start = true;
                    }
                    Some(Err(e)) => state.message = Some(e),
                    None => state.message = Some("No data folder (HOME is not set): no campaign.".into()),
                }
            }
            ui.label(egui::RichText::new(blurb).weak());
        }
        Some(Ok(c)) => {
            let next = c.next_quest().map(|id| quest_name(&state.quests, id).to_string());
            let label = match &next {
                Some(quest) => format!("{name}: {quest}"),
                None => format!("{name}: every quest done"),
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
            let due: usize = c
                .party
                .values()
                .flat_map(|h| &h.men_at_arms)
                .filter(|m| m.unpaid)
                .count();
            let owed = if due > 0 {
                format!(", {due} men-at-arms wait for their pay")
            } else {
                String::new()
            };
            // In the middle of a Series the party goes straight on, without the town (#143).
            let owed = match &c.series {
                Some(s) => format!("{owed}; in the Series \"{s}\": straight on, no town"),
                None => owed,
            };
            ui.label(egui::RichText::new(format!("{done} {quests} done, {gold} gold in the party{with}{owed}")).weak());
            if ui.button(visit_label).clicked() {
                visit = true;
            }
        }
        Some(Err(e)) => {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                format!("The campaign cannot be read: {e} (the file was left as it is)"),
            );
        }
    });
    if let Some(f) = fresh_file {
        state.campaigns[at].file = Some(f);
    }
    if visit {
        let open_here = state.armory_for.as_ref().is_some_and(|(a, _)| *a == at);
        state.armory_for = match (&state.campaigns[at].file, open_here) {
            (Some(Ok(c)), false) => c.party.keys().next().cloned().map(|h| (at, h)),
            _ => None,
        };
    }
    if start || again.is_some() {
        let companions = state.companions.iter().cloned().collect();
        match PendingQuest::campaign_quest(&rules.id, again, seed, opponents, state.autoplay, companions) {
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
    champion: bool,
    quests: &[(String, Result<Arc<Quest>, String>)],
) {
    let Some(def) = rules.heroes.get(class) else {
        return;
    };
    let gear = crate::game::model::Equipment {
        weapon: h.weapon.clone(),
        items: h.items.clone(),
        ..Default::default()
    };
    let fighter = crate::game::heroquest::derive_fighter(rules, class, &gear);
    let movement = match fighter.movement {
        crate::game::model::Movement::Dice(n) => format!("{n} red dice"),
        crate::game::model::Movement::Fixed(n) => format!("{n} squares"),
    };
    let names = |ids: &mut dyn Iterator<Item = &String>| -> String {
        // A valuable with what the town gives for it (Revised #147).
        let v: Vec<String> = ids
            .map(|i| match rules.items.get(i).map(|d| d.worth).filter(|w| *w > 0) {
                Some(w) => format!("{} (worth {w} gold)", rules.thing_name(i)),
                None => rules.thing_name(i),
            })
            .collect();
        if v.is_empty() { "nothing".into() } else { v.join(", ") }
    };
    let title = if champion {
        format!("Character sheet: {}, a Champion", def.name)
    } else {
        format!("Character sheet: {}", def.name)
    };
    ui.label(egui::RichText::new(title).strong());
    egui::Grid::new("sheet")
        .num_columns(4)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            // With what its cards add to the most Body and Mind (Revised #99).
            let raised = rules.raises(&h.items);
            ui.label("Body");
            ui.label(def.body.saturating_add(raised.body).to_string());
            ui.label("Attack");
            ui.label(format!("{} combat dice", fighter.attack));
            ui.end_row();
            ui.label("Mind");
            ui.label(def.mind.saturating_add(raised.mind).to_string());
            ui.label("Defend");
            ui.label(format!("{} combat dice", fighter.defend));
            ui.end_row();
            ui.label("Gold");
            ui.label(h.gold.to_string());
            ui.label("Movement");
            ui.label(movement);
            ui.end_row();
        });
    // A Revised hero board's own figures (#21–26).
    if let Some(b) = rules.board(class) {
        let dexterity = b.dexterity.map_or("none".to_string(), |d| d.to_string());
        ui.label(
            egui::RichText::new(format!(
                "Speed {} dice, Spellcraft {}, Resilience {}, Aggression {}, Brute Force {}, Wisdom {}, Dexterity {dexterity}",
                b.speed_dice, b.spellcraft, b.resilience, b.aggression, b.brute_force, b.wisdom
            ))
            .weak(),
        );
    }
    ui.label(format!(
        "Weapon in hand: {}",
        h.weapon.as_deref().map_or("none".into(), |w| rules.thing_name(w))
    ));
    ui.label(format!("Armour and things: {}", names(&mut h.items.iter())));
    ui.label(format!("Potions: {}", names(&mut h.potions.iter())));
    if !rules.men_at_arms.is_empty() {
        let men: Vec<String> = h
            .men_at_arms
            .iter()
            .map(|m| {
                rules
                    .men_at_arms
                    .get(&m.kind)
                    .map_or(m.kind.clone(), |d| d.name.clone())
            })
            .collect();
        ui.label(format!(
            "Men-at-arms: {}",
            if men.is_empty() { "none".into() } else { men.join(", ") }
        ));
    }
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

/// What the party window's buttons asked for, done once the window is drawn.
enum Deal {
    Buy(String),
    Sell(String),
    Hire(String),
    Pay(usize),
    Dismiss(usize),
    Give(String, u32),
    Learn(String),
}

/// The party between quests: each hero's sheet and name, gold given to another, and the 2021
/// armory or Revised's town (a counter for each shop and the Guild Hall).
pub(super) fn armory_window(ctx: &egui::Context, state: &mut TitleState) {
    let Some((at, hero)) = state.armory_for.clone() else {
        return;
    };
    let Some(slot) = state.campaigns.get_mut(at) else {
        state.armory_for = None;
        return;
    };
    let Some(Ok(campaign)) = slot.file.as_mut() else {
        return;
    };
    let basic = slot.rules.clone();
    // An advanced campaign's town sells the advanced game's cards too, and teaches skills.
    let rules: &RuleSet = campaign.tables().unwrap_or(&basic);
    let state_quests = &state.quests;
    let town = rules.town.clone();
    let mut open = true;
    let mut chosen = hero.clone();
    let mut deal: Option<Deal> = None;
    let mut renamed = false;
    let shops = Campaign::shops(rules);
    let mut counter = if town.is_some() && (state.counter == "guild" || shops.iter().any(|s| s.id == state.counter)) {
        state.counter.clone()
    } else {
        shops.first().map(|s| s.id.clone()).unwrap_or_default()
    };
    let title = if town.is_some() {
        "The town between quests"
    } else {
        "The party and the armory"
    };
    // Beside the title window (720 points wide, centred), not over it, on a 1600-wide screen.
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_width(400.0)
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
                let champion = campaign.is_champion(rules, &chosen);
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
                    character_sheet(ui, rules, &chosen, h, champion, state_quests);
                }
                give_gold_row(ui, campaign, rules, &chosen, &mut deal);
                if campaign.advanced() {
                    ui.separator();
                    skills_counter(ui, campaign, rules, &chosen, &mut deal);
                }
                ui.separator();
                // Between two quests of a Series the party stays below: the town is shut (#143).
                if let Err(why) = campaign.town_open() {
                    ui.colored_label(egui::Color32::from_rgb(230, 190, 110), format!("The town is shut: {why}."));
                    ui.label(
                        egui::RichText::new(
                            "Each man-at-arms who lived was paid on the spot, in gold or with a valuable worth its wage; valuables are changed into Gold Crowns when the Series ends.",
                        )
                        .weak(),
                    );
                    return;
                }
                if town.is_some() {
                    ui.horizontal_wrapped(|ui| {
                        for s in &shops {
                            ui.selectable_value(&mut counter, s.id.clone(), &s.name);
                        }
                        ui.selectable_value(&mut counter, "guild".to_string(), "The Mercenaries' Guild Hall");
                    });
                }
                match shops.iter().find(|s| s.id == counter) {
                    Some(shop) => shop_counter(ui, campaign, rules, shop, &chosen, town.is_some(), &mut deal),
                    None => guild_hall(ui, campaign, rules, &chosen, &mut deal),
                }
            })
        });
    let done = deal.map(|d| match d {
        Deal::Buy(id) => campaign.buy(rules, &chosen, &id),
        Deal::Sell(id) => campaign.sell(rules, &chosen, &id).map(|_| ()),
        Deal::Hire(kind) => campaign.hire(rules, &chosen, &kind),
        Deal::Pay(i) => campaign.pay_upkeep(rules, &chosen, i),
        Deal::Dismiss(i) => campaign.dismiss(rules, &chosen, i),
        Deal::Give(to, amount) => campaign.give_gold(rules, &chosen, &to, amount),
        Deal::Learn(skill) => campaign.learn(rules, &chosen, &skill),
    });
    if let Some(Err(e)) = &done {
        state.message = Some(e.clone());
    }
    if (renamed || matches!(done, Some(Ok(()))))
        && let Some(path) = campaign.path()
        && let Err(e) = campaign.write(&path)
    {
        state.message = Some(e);
    }
    state.counter = counter;
    state.armory_for = open.then_some((at, chosen));
}

/// Gold is shared between quests (heroquest-2021.md, Gold Coins): to another hero of the party.
fn give_gold_row(ui: &mut egui::Ui, campaign: &Campaign, rules: &RuleSet, chosen: &str, deal: &mut Option<Deal>) {
    let gold = campaign.party.get(chosen).map_or(0, |h| h.gold);
    let others: Vec<(String, String)> = campaign
        .party
        .iter()
        .filter(|(c, _)| *c != chosen)
        .map(|(c, h)| {
            let name = h
                .name
                .clone()
                .unwrap_or_else(|| rules.heroes.get(c).map_or(c.clone(), |d| d.name.clone()));
            (c.clone(), name)
        })
        .collect();
    if gold == 0 || others.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        ui.label("Give gold:");
        let amounts: Vec<(String, u32)> = [10u32, 50, 100]
            .into_iter()
            .filter(|s| *s <= gold)
            .map(|s| (s.to_string(), s))
            .chain([(format!("all {gold}"), gold)])
            .collect();
        for (label, amount) in amounts {
            ui.menu_button(label, |ui| {
                for (c, name) in &others {
                    if ui.button(format!("to {name}")).clicked() {
                        *deal = Some(Deal::Give(c.clone(), amount));
                        ui.close();
                    }
                }
            });
        }
    });
}

/// A shop's counter: what it sells (a button each, greyed with the reason where the hero may not
/// buy it) and, where it buys back, what the hero could sell it at half price.
fn shop_counter(
    ui: &mut egui::Ui,
    campaign: &Campaign,
    rules: &RuleSet,
    shop: &crate::rules::ruleset::ShopDef,
    chosen: &str,
    town: bool,
    deal: &mut Option<Deal>,
) {
    if town {
        ui.label(egui::RichText::new(&shop.text).weak());
    }
    egui::Grid::new(("stock", &shop.id)).striped(true).show(ui, |ui| {
        for (id, name, cost) in Campaign::stock(rules, shop) {
            // A keyword card says its keywords at once, and its whole card on hover (#100).
            let tags: String = rules
                .items
                .get(&id)
                .map(|d| d.keywords.iter().map(|k| format!(" · {k:?}")).collect())
                .unwrap_or_default();
            ui.label(format!("{name}{tags}"))
                .on_hover_text(crate::game::describe::card_text(rules, &id));
            ui.label(format!("{cost} gold"));
            let verdict = campaign.check_purchase(rules, chosen, &id);
            let button = ui
                .add_enabled(verdict.is_ok(), egui::Button::new("Buy"))
                .on_disabled_hover_text(verdict.as_ref().err().cloned().unwrap_or_default());
            if button.clicked() {
                *deal = Some(Deal::Buy(id));
            }
            ui.end_row();
        }
    });
    if !shop.buys_back {
        if town {
            ui.label(egui::RichText::new("This shop buys nothing back.").weak());
        }
        return;
    }
    let Some(h) = campaign.party.get(chosen) else { return };
    let mut owned: Vec<&String> = h
        .weapon
        .iter()
        .chain(&h.items)
        .filter(|i| shop.stock.contains(i))
        .collect();
    owned.dedup();
    if owned.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Sell, at half the price:").strong());
    egui::Grid::new(("sell", &shop.id)).striped(true).show(ui, |ui| {
        for id in owned {
            ui.label(rules.thing_name(id));
            match campaign.check_sale(rules, chosen, id) {
                Ok(price) => {
                    ui.label(format!("{price} gold"));
                    if ui.button("Sell").clicked() {
                        *deal = Some(Deal::Sell(id.clone()));
                    }
                }
                Err(e) => {
                    ui.label("");
                    ui.add_enabled(false, egui::Button::new("Sell"))
                        .on_disabled_hover_text(e);
                }
            }
            ui.end_row();
        }
    });
}

/// The Mercenaries' Guild Hall (#151–153): the kinds for hire with their price and upkeep, and
/// the hero's own men-at-arms, with their upkeep to pay or their leave to give.
fn guild_hall(ui: &mut egui::Ui, campaign: &Campaign, rules: &RuleSet, chosen: &str, deal: &mut Option<Deal>) {
    if let Some(t) = &rules.town {
        ui.label(egui::RichText::new(&t.guild_hall).weak());
    }
    egui::Grid::new("hire").striped(true).show(ui, |ui| {
        for (kind, d) in &rules.men_at_arms {
            ui.label(&d.name).on_hover_text(&d.text);
            ui.label(format!("{} gold, then {} a quest", d.hire, d.upkeep));
            let verdict = campaign.check_hire(rules, chosen, kind);
            let button = ui
                .add_enabled(verdict.is_ok(), egui::Button::new("Hire"))
                .on_hover_text(&d.text)
                .on_disabled_hover_text(verdict.as_ref().err().cloned().unwrap_or_default());
            if button.clicked() {
                *deal = Some(Deal::Hire(kind.clone()));
            }
            ui.end_row();
        }
    });
    let Some(h) = campaign.party.get(chosen) else { return };
    if h.men_at_arms.is_empty() {
        ui.label(egui::RichText::new("Nobody is in this hero's pay.").weak());
        return;
    }
    ui.label(egui::RichText::new("In this hero's pay:").strong());
    egui::Grid::new("in-pay").striped(true).show(ui, |ui| {
        for (i, m) in h.men_at_arms.iter().enumerate() {
            let Some(d) = rules.men_at_arms.get(&m.kind) else {
                continue;
            };
            ui.label(&d.name);
            if m.unpaid {
                ui.label(format!("owed {} gold; stays in town until paid", d.upkeep));
                let enough = h.gold >= d.upkeep;
                if ui
                    .add_enabled(enough, egui::Button::new("Pay"))
                    .on_disabled_hover_text(format!("the hero has {} gold", h.gold))
                    .clicked()
                {
                    *deal = Some(Deal::Pay(i));
                }
            } else {
                ui.label("paid until the next quest is over");
                ui.label("");
            }
            if ui
                .button("Dismiss")
                .on_hover_text("Lets this man-at-arms go; nothing is paid back.")
                .clicked()
            {
                *deal = Some(Deal::Dismiss(i));
            }
            ui.end_row();
        }
    });
}

/// Revised's advanced game between quests (#167, #171): the hero's Fate and skills, and the
/// skills it may learn, each with its cost and what it gives; one that it may not learn says why.
fn skills_counter(ui: &mut egui::Ui, campaign: &Campaign, rules: &RuleSet, chosen: &str, deal: &mut Option<Deal>) {
    let Some(adv) = rules.adv() else { return };
    let Some(h) = campaign.party.get(chosen) else { return };
    let known = campaign.skills_of(rules, chosen);
    let names: Vec<String> = known
        .iter()
        .map(|s| adv.skills.get(s).map_or_else(|| s.clone(), |d| d.name.clone()))
        .collect();
    ui.label(
        egui::RichText::new(format!("Fate {} ★   Skills: {}", h.fate, names.join(", ")))
            .strong()
            .color(egui::Color32::from_rgb(230, 210, 120)),
    );
    egui::CollapsingHeader::new("Learn a skill with Fate")
        .id_salt("learn-skills")
        .show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                egui::Grid::new("skills").striped(true).show(ui, |ui| {
                    for (id, d) in adv.skills.iter().filter(|(id, d)| {
                        d.fate > 0
                            && !known.contains(id)
                            && (d.heroes.is_empty() || d.heroes.iter().any(|c| c == chosen))
                    }) {
                        ui.label(&d.name).on_hover_text(&d.text);
                        let gold = if d.gold > 0 {
                            format!(" + {} gold", d.gold)
                        } else {
                            String::new()
                        };
                        let marks = if d.marks > 0 {
                            format!(", {} ✱", d.marks)
                        } else {
                            String::new()
                        };
                        ui.label(format!("{} Fate{gold}{marks}", d.fate));
                        let verdict = campaign.may_learn(rules, chosen, id);
                        if ui
                            .add_enabled(verdict.is_ok(), egui::Button::new("Learn"))
                            .on_hover_text(&d.text)
                            .on_disabled_hover_text(verdict.err().unwrap_or_default())
                            .clicked()
                        {
                            *deal = Some(Deal::Learn(id.clone()));
                        }
                        ui.end_row();
                    }
                });
            });
            ui.label(
                egui::RichText::new(
                    "✱ marks: Morcar spends the marks on the party's skills on Dungeon cards at each quest's start.",
                )
                .small()
                .weak(),
            );
        });
}
