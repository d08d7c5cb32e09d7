//! The card of the figure under the mouse (or a keyboard or gamepad player's board cursor):
//! body, mind, attack, defend, movement, special abilities and conditions, and for a monster the chances of the
//! active hero's attack, from the exact tables (`heroquest::attack_odds`), whether it is in
//! reach now, after a walk, or not this turn. Worked out when the pointed square or the game
//! changes (`update_hover_card`), drawn at the board's lower left (`hover_card_window`). An
//! empty square of a room shows the room's name, the name the log uses.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::heroquest::{attack_odds, attackable_after_a_walk, attackable_now, hero_options};
use crate::game::model::{EventLog, Movement};
use crate::game::snapshot::Snapshot;
use crate::view::PanelInsets;

/// What the card says (None: nothing pointed at, or nothing seen there).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct HoverCard(pub Option<Card>);

#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub title: String,
    pub stats: String,
    pub conditions: Option<String>,
    /// The active hero's attack on it: "3 dice against 2: 58% to wound, 21% to kill".
    pub odds: Option<String>,
}

fn dice(n: u8) -> String {
    if n == 1 { "1 die".into() } else { format!("{n} dice") }
}

fn percent(p: f64) -> String {
    let v = (p * 100.0).round();
    if p > 0.0 && v < 1.0 {
        "under 1%".into()
    } else if p < 1.0 && v >= 100.0 {
        "over 99%".into()
    } else {
        format!("{v:.0}%")
    }
}

/// The card for the figure at the pointed square, as the heroes see it.
/// A square of special terrain: its name, its cost, and on dangerous ground the draw and what an
/// Eye does.
fn terrain_card(t: &crate::quest::Terrain) -> Card {
    let title = match (t.name.is_empty(), t.dangerous) {
        (false, _) => t.name.clone(),
        (true, true) => "Dangerous ground".into(),
        (true, false) => "Rough ground".into(),
    };
    let mut stats = format!(
        "Costs {} action point{} to enter.",
        t.cost,
        crate::text::plural(u32::from(t.cost))
    );
    if let Some(failure) = &t.failure {
        let what = match failure {
            crate::quest::Failure::Wound(n) => format!("{n} wound{}, no defence", crate::text::plural(u32::from(*n))),
            crate::quest::Failure::EndMove => "the move ends there".into(),
            crate::quest::Failure::Pit => "the ground opens: a fall into a pit, and the turn ends".into(),
        };
        if t.dangerous {
            stats.push_str(&format!(
                " Dangerous: a Response card for each monster beside it; an Eye means {what}."
            ));
        } else {
            stats.push_str(&format!(" Pushed onto it: {what}."));
        }
    }
    Card {
        title,
        stats,
        conditions: None,
        odds: None,
    }
}

pub fn card_for(snap: &Snapshot, at: crate::rules::geometry::Pos) -> Option<Card> {
    if let Some(t) = &snap.table {
        return heroica_card(t, at);
    }
    if !snap.fog.is_revealed(at) {
        return None;
    }
    let Some(f) = snap.figure_at(at).filter(|f| f.alive()) else {
        // Special terrain (the action-point module): what it costs and risks.
        if let Some(t) = snap.quest.terrain.get(&at).filter(|_| snap.action_points()) {
            return Some(terrain_card(t));
        }
        // A locked chest (the action-point module).
        if let Some((i, _)) = snap
            .quest
            .furniture
            .iter()
            .enumerate()
            .find(|(_, f)| f.locked && f.rect.contains(at))
        {
            let open = snap.dungeon.chests_opened.contains(&(i as u32));
            return Some(Card {
                title: if open { "Opened chest" } else { "Locked chest" }.into(),
                stats: if open {
                    "Picked open and emptied.".into()
                } else {
                    "Pick its lock from beside it with action points: it opens when they (and 1 for each \
                     hero beside it) beat two Response cards. Inside: a treasure card."
                        .into()
                },
                conditions: None,
                odds: None,
            });
        }
        // An empty square: the room's name, as the log names it.
        return Some(Card {
            title: snap.board().room_name(at)?.to_string(),
            stats: String::new(),
            conditions: None,
            odds: None,
        });
    };
    let movement = match f.fighter.movement {
        Movement::Dice(n) => format!("{n}d6"),
        Movement::Fixed(n) => n.to_string(),
    };
    let title = if f.hero || f.name.eq_ignore_ascii_case(&f.kind.replace('_', " ")) {
        f.name.clone()
    } else {
        let kind = snap
            .rules()
            .monsters
            .get(&f.kind)
            .and_then(|d| d.name.clone())
            .unwrap_or_else(|| crate::text::capital(&f.kind.replace('_', " ")));
        format!("{} ({kind})", f.name)
    };
    let mut stats = format!(
        "Body {}/{}  Mind {}  Attack {}  Defend {}  Move {movement}",
        f.body, f.body_max, f.mind, f.fighter.attack, f.fighter.defend
    );
    // Its special abilities (HeroQuest Revised), each with what it does.
    for a in &f.abilities {
        stats.push('\n');
        stats.push_str(&crate::game::describe::ability_text(a));
    }
    let conditions = (!f.status.is_empty()).then(|| {
        f.status
            .iter()
            .map(|s| crate::game::describe::status_word(*s))
            .collect::<Vec<_>>()
            .join(", ")
    });
    let odds = match snap.active_hero() {
        Some(h) if !f.hero && f.id != h.id => Some(match attack_odds(snap, h, f) {
            None => format!("{}'s weapon cannot harm it.", h.name),
            Some(o) => {
                let after_a_walk = || {
                    hero_options(snap).is_some_and(|o| {
                        attackable_after_a_walk(snap, h, &o.reachable)
                            .iter()
                            .any(|m| m.id == f.id)
                    })
                };
                let when = if attackable_now(snap, h).iter().any(|m| m.id == f.id) {
                    "in reach now"
                } else if after_a_walk() {
                    "a walk away this turn"
                } else {
                    "once within reach"
                };
                format!(
                    "{}'s attack ({when}): {} against {} — {} to wound, {} to kill.",
                    h.name,
                    dice(o.attack),
                    dice(o.defend),
                    percent(o.wound),
                    percent(o.kill)
                )
            }
        }),
        _ => None,
    };
    Some(Card {
        title,
        stats,
        conditions,
        odds,
    })
}

/// Works the card out again when the pointed square or the game changes.
pub(in crate::ui) fn update_hover_card(
    world: &mut World,
    mut last: Local<Option<(Option<crate::rules::geometry::Pos>, usize)>>,
) {
    let (at, _) = crate::view::highlights::pointed(world);
    let len = world.get_resource::<EventLog>().map_or(0, |l| l.0.len());
    if *last == Some((at, len)) {
        return;
    }
    *last = Some((at, len));
    let card = at.and_then(|p| Snapshot::capture(world).and_then(|snap| card_for(&snap, p)));
    if world.get_resource::<HoverCard>().is_none_or(|c| c.0 != card) {
        world.insert_resource(HoverCard(card));
    }
}

/// The card, over the board's lower left corner.
pub(in crate::ui) fn hover_card_window(
    mut contexts: EguiContexts,
    card: Option<Res<HoverCard>>,
    insets: Res<PanelInsets>,
) -> Result {
    let Some(Some(card)) = card.as_deref().map(|c| c.0.as_ref()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("hover-card"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(insets.left + 12.0, -12.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                ui.label(egui::RichText::new(&card.title).strong().size(16.0));
                if !card.stats.is_empty() {
                    ui.label(&card.stats);
                }
                if let Some(c) = &card.conditions {
                    ui.label(egui::RichText::new(c).italics());
                }
                if let Some(o) = &card.odds {
                    ui.label(egui::RichText::new(o).color(egui::Color32::from_rgb(240, 190, 120)));
                }
            });
        });
    Ok(())
}

/// LEGO Heroica's card of a space: a hero's health and pack, a monster's strength and the odds
/// of a fight, what lies there.
fn heroica_card(t: &crate::rules::heroica::play::Table, at: crate::rules::geometry::Pos) -> Option<Card> {
    use crate::game::heroica::describe::thing;
    use crate::rules::heroica::play::Holder;
    let tables = crate::rules::heroica::HeroicaTables::get();
    let card = |title: String, stats: String| Card {
        title,
        stats,
        conditions: None,
        odds: None,
    };
    if let Some(h) = t.hero_at(at) {
        let name = tables.heroes.get(&h.kind).map_or(h.kind.clone(), |d| d.name.clone());
        let state = if h.healing { ", healing" } else { "" };
        return Some(card(
            name,
            format!(
                "Health {}/{}{state}  Gold {}  Keys {}",
                h.health, h.max, h.pack.gold, h.pack.keys
            ),
        ));
    }
    if let Some(m) = t.monster_at(at) {
        let name = tables.monsters.get(&m.kind).map_or(m.kind.clone(), |d| d.name.clone());
        let guard = if at == t.target {
            " Guards the target: defeating it wins."
        } else {
            ""
        };
        let win = percent(
            tables.fight_chance(crate::rules::heroica::Fight::Shield)
                + tables.fight_chance(crate::rules::heroica::Fight::Sword)
                + tables.fight_chance(crate::rules::heroica::Fight::SwordSkull),
        );
        return Some(Card {
            odds: Some(format!(
                "A fight defeats it {win} of the time; a Skull costs {} health.",
                m.strength
            )),
            ..card(name, format!("Strength {}.{guard}", m.strength))
        });
    }
    if at == t.target {
        return Some(card(
            "The target".into(),
            "The first hero to move in wins the mission.".into(),
        ));
    }
    if t.rocks.contains(&at) {
        return Some(card(
            "Rock".into(),
            "Nobody passes; a hero with a Pick Axe breaks it and stops there.".into(),
        ));
    }
    if t.buttons.contains_key(&at) {
        return Some(card(
            "Magic button".into(),
            "The first hero onto it opens its magic door for good.".into(),
        ));
    }
    let (holder, what) = t.things.get(&at)?;
    Some(match holder {
        Holder::Loose => card(
            crate::text::capital(&thing(what)),
            "Picked up by the first hero to move into or through this space.".into(),
        ),
        Holder::Chest => card(
            "Chest".into(),
            "A hero with a key who moves in spends it and takes what is inside.".into(),
        ),
        Holder::Coffin => card(
            "Coffin".into(),
            "The first hero in opens it: a thing, or a monster that climbs out.".into(),
        ),
    })
}
