//! Keyword cards in play (HeroQuest Revised #36, #100–110, #116, #131–132): a hero uses a card
//! it carries on a target, as a spell is aimed (#86), and pays its cost (Drain, Discard); held
//! cards stay face up until the bearer's next turn (at most two, #101); one card of each corner
//! icon a turn (#102); a target under a card's ongoing effect is immune to another of its name
//! (#110); a Sequestered card is used once a quest whatever the copies (#132); a Cursed card
//! plays itself at the start of its bearer's turn and is never handed over (#116); a hero
//! carries one Selfish card at most (#131). The cards themselves are data (`ItemDef::uses`,
//! `keywords`; `rules::ruleset::cards`).

use bevy::prelude::*;

use super::actions::{Outcome, figure, hero};
use super::spells::{aim, apply_effect};
use super::*;
use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::{entity_of, set_progress};
use crate::rules::ruleset::{CardCost, CardTime, CardUse, Effect, Keyword, MAX_HELD};

/// Why `h` may not use its card `item` on `t` now, or what the use is.
pub fn may_use_card(snap: &Snapshot, h: &FigureSnap, item: &str, t: &FigureSnap) -> Result<CardUse, String> {
    let rules = snap.rules();
    let name = rules.thing_name(item);
    let def = rules
        .items
        .get(item)
        .ok_or_else(|| format!("there is no card \"{item}\""))?;
    let u = def
        .uses
        .clone()
        .ok_or_else(|| format!("{name} is not a card that is used"))?;
    let copies = h.equipment.items.iter().filter(|i| *i == item).count();
    if copies == 0 {
        return Err(format!("{} does not carry {name}", h.name));
    }
    turn::cards_usable(h)?;
    let key = (h.id, item.to_string());
    let drained = usize::from(snap.dungeon.cards_drained.get(&key).copied().unwrap_or(0));
    if drained >= copies {
        return Err(format!("{name} is drained, face down until the quest is over"));
    }
    if def.has(Keyword::Sequestered) && snap.dungeon.cards_used.contains_key(&key) {
        return Err(format!(
            "{name} is Sequestered: {} has used one already this quest",
            h.name
        ));
    }
    let held = snap.dungeon.cards_held.get(&h.id).map_or(&[][..], |v| v.as_slice());
    if u.held && held.len() >= MAX_HELD {
        return Err(format!(
            "{} already has {MAX_HELD} held cards face up ({}) until its next turn",
            h.name,
            held.iter().map(|i| rules.thing_name(i)).collect::<Vec<_>>().join(", ")
        ));
    }
    if let Some(icon) = &u.icon
        && snap.dungeon.icons_used.get(&h.id).is_some_and(|v| v.contains(icon))
    {
        return Err(format!(
            "{} has used a {icon} card this turn already: one a turn",
            h.name
        ));
    }
    aim(snap, h, t, u.target, &name)?;
    if let Effect::Status(s) = u.effect
        && t.has(s)
        && snap
            .dungeon
            .ongoing
            .iter()
            .any(|(f, k, n)| *f == t.id && *k == s && *n == def.name)
    {
        return Err(format!(
            "{} is already under the {} it gave: a card's ongoing effect does not take a second of its name",
            t.name, def.name
        ));
    }
    if u.time == CardTime::Action {
        snap.action_allowed(h, ActionKind::Other)?;
    }
    Ok(u)
}

/// `id` uses its card `item` on `target` (a player's command).
pub(super) fn use_card(world: &mut World, snap: &Snapshot, id: FigureId, item: &str, target: FigureId) -> Outcome {
    let h = hero(snap, id)?;
    let t = figure(snap, target)?;
    if snap.rules().items.get(item).is_some_and(|d| d.has(Keyword::Cursed)) {
        return Err(format!(
            "the {} is Cursed: it plays itself at the start of {}'s turn",
            snap.rules().thing_name(item),
            h.name
        ));
    }
    let u = may_use_card(snap, h, item, t)?;
    if u.time == CardTime::Action {
        let p = take_action(snap, h, ActionKind::Other)?;
        set_progress(world, h.id, p);
    }
    Ok(play(world, snap, h, item, t, &u, false))
}

/// Pays for and resolves a card's use: its cost, its limits' bookkeeping, then its effect.
fn play(
    world: &mut World,
    snap: &Snapshot,
    h: &FigureSnap,
    item: &str,
    t: &FigureSnap,
    u: &CardUse,
    forced: bool,
) -> Vec<GameEvent> {
    let rules = snap.quest.rules.clone();
    let name = rules.thing_name(item);
    {
        let key = (h.id, item.to_string());
        let mut d = world.resource_mut::<Dungeon>();
        *d.cards_used.entry(key.clone()).or_default() += 1;
        if u.cost == CardCost::Drain {
            *d.cards_drained.entry(key).or_default() += 1;
        }
        if u.held {
            d.cards_held.entry(h.id).or_default().push(item.to_string());
        }
        if let Some(icon) = &u.icon {
            d.icons_used.entry(h.id).or_default().push(icon.clone());
        }
        if let Effect::Status(s) = u.effect {
            d.ongoing.retain(|(f, k, _)| !(*f == t.id && *k == s));
            d.ongoing.push((t.id, s, name.clone()));
        }
    }
    if u.cost == CardCost::Discard {
        let mut eq = world.get_mut::<Equipment>(h.entity).expect("heroes carry equipment");
        if let Some(i) = eq.items.iter().position(|i| i == item) {
            eq.items.remove(i);
        }
    }
    let mut evs = vec![GameEvent::CardUsed {
        hero: h.id,
        item: item.to_string(),
        name: name.clone(),
        target: t.id,
        cost: u.cost,
        forced,
    }];
    evs.extend(apply_effect(world, snap, Some(h), t, &u.effect, &name));
    evs
}

/// The start of hero `id`'s turn: its held cards turn face down and its icons are free again
/// (#101–102); then each Cursed card it carries plays itself, if it can (#116).
pub(in crate::game) fn turn_begins(world: &mut World, id: FigureId) -> Vec<GameEvent> {
    // Touched only when there is something to turn down: a changed `Dungeon` is read again by
    // the next snapshot, and most turns have no card showing.
    let d = world.resource::<Dungeon>();
    if d.cards_held.contains_key(&id) || d.icons_used.contains_key(&id) {
        let mut d = world.resource_mut::<Dungeon>();
        d.cards_held.remove(&id);
        d.icons_used.remove(&id);
    }
    // The Cursed cards it carries, read from its pack alone (no picture of the world is taken
    // on the many turns with none).
    let Some(rules) = world.get_resource::<ActiveQuest>().map(|q| q.0.rules.clone()) else {
        return Vec::new();
    };
    let Some(items) = entity_of(world, id)
        .and_then(|e| world.get::<Equipment>(e))
        .map(|eq| eq.items.clone())
    else {
        return Vec::new();
    };
    let cursed: Vec<String> = rules
        .cards_among(&items, |d| d.has(Keyword::Cursed) && d.uses.is_some())
        .into_iter()
        .cloned()
        .collect();
    let mut evs = Vec::new();
    // One card at a time: the next sees what the one before did.
    for item in cursed {
        let Some(now) = Snapshot::capture(world) else { break };
        let Some(h) = now.figure(id).filter(|h| h.alive()) else {
            break;
        };
        let Ok(u) = may_use_card(&now, h, &item, h) else {
            continue;
        };
        if u.time == CardTime::Action {
            let Ok(p) = take_action(&now, h, ActionKind::Other) else {
                continue;
            };
            set_progress(world, h.id, p);
        }
        evs.extend(play(world, &now, h, &item, h, &u, true));
    }
    evs
}

/// After every command: each living hero's maximum Body and Mind follow the cards it carries
/// (#99). A card gained raises the maximum and not the current value; a card lost lowers the
/// maximum, and the current value only where it is now above it.
pub(in crate::game) fn raise(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    let rules = snap.rules();
    let mut evs = Vec::new();
    if !rules.raising_cards {
        return evs;
    }
    for h in snap.heroes().filter(|h| h.alive()) {
        let now = rules.raises(&h.equipment.items);
        let Some(was) = world.get::<Raised>(h.entity).map(|r| r.0) else {
            continue;
        };
        if now == was {
            continue;
        }
        let mut e = world.entity_mut(h.entity);
        e.insert(Raised(now));
        let body = {
            let mut b = e.get_mut::<Body>().expect("heroes have a body");
            b.max = (b.max - was.body).saturating_add(now.body);
            b.current = b.current.min(b.max);
            b.max
        };
        let mind = e.get_mut::<Mind>().map_or(0, |mut m| {
            m.max = (m.max - was.mind).saturating_add(now.mind);
            m.current = m.current.min(m.max);
            m.max
        });
        evs.push(GameEvent::MaximumChanged {
            figure: h.id,
            body,
            mind,
        });
    }
    evs
}

/// The card uses `h` could make now, for its menu: (label, command), one for each card and
/// target the rules accept.
pub fn card_choices(snap: &Snapshot, h: &FigureSnap) -> Vec<(String, Command)> {
    let rules = snap.rules();
    // A Cursed card is never chosen: it plays itself (#116).
    let items = rules.cards_among(&h.equipment.items, |d| d.uses.is_some() && !d.has(Keyword::Cursed));
    let mut v = Vec::new();
    for item in items {
        for t in snap.figures.iter().filter(|t| t.alive()) {
            if may_use_card(snap, h, item, t).is_ok() {
                let on = if t.id == h.id {
                    String::new()
                } else {
                    format!(" on {}", t.name)
                };
                v.push((
                    format!("Use the {}{on}", rules.thing_name(item)),
                    Command::UseCard {
                        hero: h.id,
                        item: item.clone(),
                        target: t.id,
                    },
                ));
            }
        }
    }
    v
}

/// Whether `h` may take `item` into its pack: a second Selfish card is refused (#131).
pub fn may_take(rules: &crate::rules::ruleset::RuleSet, pack: &[String], item: &str) -> Result<(), String> {
    let selfish = |i: &str| rules.items.get(i).is_some_and(|d| d.has(Keyword::Selfish));
    if selfish(item)
        && let Some(other) = pack.iter().find(|i| selfish(i))
    {
        return Err(format!(
            "{} is Selfish and so is the {} already carried: one Selfish card a hero",
            rules.thing_name(item),
            rules.thing_name(other)
        ));
    }
    Ok(())
}
