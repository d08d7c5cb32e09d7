//! Morcar's side of HeroQuest Revised's advanced game (checklists §1.1 #162, #168–169): the
//! Dungeon cards it buys at a quest's start with the marks on the heroes' skills, and the Event
//! cards it draws when it rolls for Danger. The cards are data (`rules::ruleset::advanced`).

use bevy::prelude::*;

use super::actions::Outcome;
use super::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::ruleset::{DungeonEffect, EventEffect, MonsterDef, Whom};

/// Morcar's hand at the start of the quest: its budget, its shuffled Event deck, and the choice
/// of Dungeon cards waiting where the budget buys one (#168).
pub(super) fn begin(world: &mut World, quest: &crate::quest::Quest, budget: u32) -> Vec<GameEvent> {
    let Some(adv) = quest.rules.adv() else {
        return Vec::new();
    };
    let mut deck = adv.event_deck();
    {
        use rand::seq::SliceRandom;
        deck.shuffle(rng(world));
    }
    let held = u8::from(quest.modules.coop_order());
    world.insert_resource(Morcar {
        budget,
        deck,
        held,
        ..Default::default()
    });
    if adv.dungeon_cards.values().any(|c| u32::from(c.cost) <= budget) {
        world.resource_mut::<Turn>().pending = Some(Pending::DungeonCards { budget });
    }
    Vec::new()
}

/// Whether these Dungeon cards may be bought (#168): each known, each once, within the budget.
pub fn may_choose(snap: &Snapshot, cards: &[String]) -> Result<u32, String> {
    let Some(adv) = snap.rules().adv() else {
        return Err("Dungeon cards belong to the advanced game".into());
    };
    let mut spent = 0u32;
    for (i, c) in cards.iter().enumerate() {
        let Some(d) = adv.dungeon_cards.get(c) else {
            return Err(format!("there is no Dungeon card \"{c}\""));
        };
        if cards[..i].contains(c) {
            return Err(format!("{} is chosen twice", d.name));
        }
        spent += u32::from(d.cost);
    }
    if spent > snap.morcar.budget {
        return Err(format!(
            "those cards cost {spent} marks, and the heroes' skills give Morcar {}",
            snap.morcar.budget
        ));
    }
    Ok(spent)
}

/// #168: Morcar's Dungeon cards go into play: every monster on the board is strengthened now,
/// those that come later as they come (`boosted`).
pub(super) fn choose(world: &mut World, snap: &Snapshot, cards: &[String]) -> Outcome {
    let spent = may_choose(snap, cards)?;
    world.resource_mut::<Turn>().pending = None;
    let adv = snap.rules().adv().expect("checked by may_choose").clone();
    let evs = vec![GameEvent::DungeonCardsChosen {
        cards: cards.to_vec(),
        names: cards.iter().map(|c| adv.dungeon_cards[c].name.clone()).collect(),
        budget: snap.morcar.budget,
        spent,
    }];
    {
        let mut m = world.resource_mut::<Morcar>();
        m.cards = cards.to_vec();
    }
    for c in cards {
        if let DungeonEffect::Events(n) = adv.dungeon_cards[c].effect {
            world.resource_mut::<Morcar>().held += n;
        }
    }
    for m in snap.monsters() {
        let plus = bonus(snap.rules(), cards, &m.kind);
        if plus == Bonus::default() {
            continue;
        }
        let mut e = world.entity_mut(m.entity);
        if let Some(mut f) = e.get_mut::<Fighter>() {
            f.attack = f.attack.saturating_add(plus.attack);
            f.defend = f.defend.saturating_add(plus.defend);
            if let Movement::Fixed(n) = &mut f.movement {
                *n = n.saturating_add(plus.movement);
            }
        }
        if let Some(mut b) = e.get_mut::<Body>() {
            b.max = b.max.saturating_add(plus.body);
            b.current = b.current.saturating_add(plus.body);
        }
        if let Some(mut mind) = e.get_mut::<Mind>() {
            mind.max = mind.max.saturating_add(plus.mind);
            mind.current = mind.current.saturating_add(plus.mind);
        }
    }
    Ok(evs)
}

/// What the Dungeon cards in play add to a monster of `kind`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bonus {
    attack: u8,
    defend: u8,
    body: u8,
    mind: u8,
    movement: u8,
}

fn bonus(rules: &crate::rules::ruleset::RuleSet, cards: &[String], kind: &str) -> Bonus {
    let mut b = Bonus::default();
    let Some(adv) = rules.adv() else { return b };
    for c in cards.iter().filter_map(|c| adv.dungeon_cards.get(c)) {
        if let DungeonEffect::Monsters {
            kinds,
            attack,
            defend,
            body,
            mind,
            movement,
        } = &c.effect
            && (kinds.is_empty() || kinds.iter().any(|k| k == kind))
        {
            b.attack = b.attack.saturating_add(*attack);
            b.defend = b.defend.saturating_add(*defend);
            b.body = b.body.saturating_add(*body);
            b.mind = b.mind.saturating_add(*mind);
            b.movement = b.movement.saturating_add(*movement);
        }
    }
    b
}

/// A monster's numbers as it comes on the board, with the Dungeon cards in play (#168).
pub(super) fn boosted(world: &World, kind: &str, s: &MonsterDef) -> MonsterDef {
    let mut s = s.clone();
    let (Some(m), Some(q)) = (world.get_resource::<Morcar>(), world.get_resource::<ActiveQuest>()) else {
        return s;
    };
    if m.cards.is_empty() {
        return s;
    }
    let b = bonus(&q.0.rules, &m.cards, kind);
    s.attack = s.attack.saturating_add(b.attack);
    s.defend = s.defend.saturating_add(b.defend);
    s.body = s.body.saturating_add(b.body);
    s.mind = s.mind.saturating_add(b.mind);
    s.movement = s.movement.saturating_add(b.movement);
    s
}

/// The effects of the Dungeon cards Morcar has in play.
fn in_play(snap: &Snapshot) -> impl Iterator<Item = &DungeonEffect> {
    let adv = snap.rules().adv();
    snap.morcar
        .cards
        .iter()
        .filter_map(move |c| adv.and_then(|a| a.dungeon_cards.get(c)))
        .map(|c| &c.effect)
}

/// The Dungeon cards' Ward (#168): how much harder every Mastery test of a hero's spell is.
pub fn ward(snap: &Snapshot) -> u8 {
    in_play(snap)
        .map(|e| match e {
            DungeonEffect::Ward(n) => *n,
            _ => 0,
        })
        .fold(0u8, u8::saturating_add)
}

/// The quest's wandering monster, or the kind a Dungeon card puts in its place.
pub fn wanderer(snap: &Snapshot) -> String {
    in_play(snap)
        .find_map(|e| match e {
            DungeonEffect::Wanderer(k) => Some(k.clone()),
            _ => None,
        })
        .unwrap_or_else(|| snap.quest.wandering_monster.clone())
}

/// Combat dice Morcar rolls for Danger (#169): the tables', with its Dungeon cards'.
pub fn danger_dice(snap: &Snapshot) -> u8 {
    let Some(adv) = snap.rules().adv() else { return 0 };
    in_play(snap)
        .map(|e| match e {
            DungeonEffect::Danger(n) => *n,
            _ => 0,
        })
        .fold(adv.danger_dice, u8::saturating_add)
}

/// Whether Morcar may roll for Danger now (#169): in the advanced game, at the start of its
/// turn, before any monster has acted (it gives up its normal turn).
pub fn may_roll_danger(snap: &Snapshot) -> Result<(), String> {
    if snap.rules().adv().is_none() {
        return Err("Danger belongs to the advanced game".into());
    }
    if snap.turn.phase != Phase::Sorcerer {
        return Err("Morcar rolls for Danger on its own turn".into());
    }
    if snap.turn.pending.is_some() || snap.morcar.interrupt.is_some() {
        return Err("a choice is waiting to be made first".into());
    }
    if snap.turn.acting.is_some() || !snap.turn.progress.values().all(|p| *p == Progress::default()) {
        return Err("Morcar rolls for Danger in place of its turn, before any monster acts".into());
    }
    Ok(())
}

/// #169: Morcar gives up its turn and rolls for Danger: an Event card for each skull, each
/// played at once; then its turn is over.
pub(super) fn roll_danger(world: &mut World, snap: &Snapshot) -> Outcome {
    may_roll_danger(snap)?;
    let n = danger_dice(snap);
    let dice = crate::rules::dice::roll_combat(rng(world), n);
    let skulls = dice.iter().filter(|d| **d == crate::rules::dice::Face::Skull).count() as u8;
    let mut evs = vec![GameEvent::DangerRolled { dice, cards: skulls }];
    evs.extend(play_events(world, skulls));
    let now = Snapshot::capture(world).expect("quest in play");
    if now.turn.phase == Phase::Sorcerer {
        evs.extend(end_turn(world, &now));
    }
    Ok(evs)
}

/// At the start of Morcar's turn, the Event cards it holds are played (a Dungeon card's, or the
/// co-operative turn order's one, #175).
pub(super) fn turn_begins(world: &mut World) -> Vec<GameEvent> {
    let held = world.get_resource::<Morcar>().map_or(0, |m| m.held);
    if held == 0 {
        return Vec::new();
    }
    world.resource_mut::<Morcar>().held = 0;
    play_events(world, held)
}

/// Draws `n` Event cards and plays each (the deck shuffled again when it runs out).
fn play_events(world: &mut World, n: u8) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    for _ in 0..n {
        let Some(card) = draw(world) else { break };
        let Some(snap) = Snapshot::capture(world) else { break };
        if matches!(snap.turn.phase, Phase::Over(_)) {
            break;
        }
        let Some(adv) = snap.rules().adv() else { break };
        let def = adv.event_cards[card].clone();
        evs.push(GameEvent::EventPlayed {
            card: def.name.clone(),
            text: def.text.clone(),
        });
        evs.extend(play(world, &snap, &def.name, &def.effect));
    }
    evs
}

fn draw(world: &mut World) -> Option<usize> {
    let empty = world.get_resource::<Morcar>()?.deck.is_empty();
    if empty {
        let adv = world.get_resource::<ActiveQuest>()?.0.rules.adv()?.clone();
        let mut deck = adv.event_deck();
        use rand::seq::SliceRandom;
        deck.shuffle(rng(world));
        world.resource_mut::<Morcar>().deck = deck;
    }
    world.resource_mut::<Morcar>().deck.pop()
}

/// The heroes an Event card strikes.
fn struck(snap: &Snapshot, whom: Whom) -> Vec<&FigureSnap> {
    let mut heroes: Vec<&FigureSnap> = snap.heroes().filter(|h| h.alive()).collect();
    let pick = |key: &dyn Fn(&FigureSnap) -> i32| {
        heroes
            .iter()
            .copied()
            .min_by_key(|h| (key(h), h.seat))
            .into_iter()
            .collect::<Vec<_>>()
    };
    match whom {
        Whom::Every => std::mem::take(&mut heroes),
        Whom::Weakest => pick(&|h| i32::from(h.body)),
        Whom::Strongest => pick(&|h| -i32::from(h.body)),
        Whom::Wisest => pick(&|h| -i32::from(h.mind)),
    }
}

fn play(world: &mut World, snap: &Snapshot, name: &str, effect: &EventEffect) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    match effect {
        EventEffect::Ambush { kind, whom } => {
            let kind = kind.clone().unwrap_or_else(|| wanderer(snap));
            let Some(h) = struck(snap, *whom).into_iter().next() else {
                return evs;
            };
            let squares = super::actions::wanderer_squares(snap, h);
            let Some(first) = squares.first().copied() else {
                return evs;
            };
            if snap.turn.pending.is_none() {
                // Morcar puts it where it likes beside the hero (`Command::PlaceWanderer`).
                world.resource_mut::<Turn>().pending = Some(Pending::PlaceWanderer {
                    hero: h.id,
                    kind,
                    squares,
                });
            } else {
                // A second ambush while the first waits: it comes at the first free square.
                evs.extend(super::actions::place_wanderer(world, h.id, &kind, first));
            }
        }
        // Something falling on every hero strikes each once, not its neighbours again.
        EventEffect::Strike {
            effect: crate::rules::ruleset::Effect::Firestorm { dice },
            whom: Whom::Every,
        } => {
            for h in struck(snap, Whom::Every) {
                evs.extend(undefended(world, h.id, *dice, name));
            }
        }
        EventEffect::Strike { effect, whom } => {
            for h in struck(snap, *whom) {
                let now = Snapshot::capture(world).expect("quest in play");
                if let Some(t) = now.figure(h.id).filter(|t| t.alive()) {
                    evs.extend(super::spells::apply_effect(world, &now, None, t, effect, name));
                }
            }
        }
        EventEffect::Rally(effect) => {
            for m in snap.monsters().filter(|m| m.alive()) {
                let now = Snapshot::capture(world).expect("quest in play");
                if let Some(t) = now.figure(m.id).filter(|t| t.alive()) {
                    evs.extend(super::spells::apply_effect(world, &now, None, t, effect, name));
                }
            }
        }
    }
    evs
}
