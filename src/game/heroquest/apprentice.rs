//! Revised's optional Apprentice Spell System (heroquest-revised.md, Optional Rules; checklists
//! §1.1 #177): one shuffled deck of Magic Spells in place of the spell groups. A hero with
//! Spellcraft 1 or more draws a hand of half its current Mind, rounded up, at the quest's start,
//! and one card to fill it at the end of each of its activations; a spell cast goes to the
//! discard pile, shuffled into a new deck when the deck runs out. The hand is the hero's
//! `Spellbook`; the deck, `MagicDeck`. Every function here asks `RuleSet::magic_deck`: the tables
//! hold one only under the `apprentice-spells` module.

use bevy::prelude::*;

use super::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::ruleset::{Ability, ApprenticeDef};

/// The deck shuffled and each caster's first hand dealt, in seat order.
pub(super) fn begin(world: &mut World, quest: &crate::quest::Quest) -> Vec<GameEvent> {
    let Some(def) = quest.rules.magic_deck() else {
        return Vec::new();
    };
    let mut draw = def.cards();
    {
        use rand::seq::SliceRandom;
        draw.shuffle(rng(world));
    }
    world.insert_resource(MagicDeck {
        draw,
        discard: Vec::new(),
    });
    let Some(snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let mut evs = Vec::new();
    for h in snap.heroes() {
        let n = hand_size(&snap, h);
        evs.extend(deal(world, &snap, h, n));
    }
    evs
}

/// Whether `f` casts under the Apprentice Spell System: a hero whose board has Spellcraft 1
/// or more (#177).
pub fn caster(snap: &Snapshot, f: &FigureSnap) -> bool {
    f.is_hero() && snap.rules().casts_magic(&f.kind)
}

/// The Magic Spells `f` holds at most (#177): half its current Mind, rounded up, and one more
/// for each Satchel it carries; none for a hero who does not cast.
pub fn hand_size(snap: &Snapshot, f: &FigureSnap) -> u8 {
    if !caster(snap, f) {
        return 0;
    }
    let satchel = snap
        .abilities_of(f)
        .iter()
        .map(Ability::satchel)
        .fold(0, u8::saturating_add);
    ApprenticeDef::hand_size(f.mind, satchel)
}

/// The end of `hero`'s activation (#177): it draws the tables' one card, and one more for each
/// Insight it carries, while its hand is short of its size.
pub(super) fn activation_ends(world: &mut World, snap: &Snapshot, hero: FigureId) -> Vec<GameEvent> {
    let Some(def) = snap.rules().magic_deck() else {
        return Vec::new();
    };
    let Some(h) = snap.figure(hero).filter(|h| h.alive()) else {
        return Vec::new();
    };
    let insight = snap
        .abilities_of(h)
        .iter()
        .map(Ability::insight)
        .fold(0, u8::saturating_add);
    let room = hand_size(snap, h).saturating_sub(hand(h));
    deal(world, snap, h, room.min(def.draw.saturating_add(insight)))
}

/// A cast Magic Spell leaves `caster`'s hand for the discard pile.
pub(super) fn discard(world: &mut World, caster: Entity, spell: &str) {
    let Some(mut book) = world.get_mut::<Spellbook>(caster) else {
        return;
    };
    if let Some(i) = book.spells.iter().position(|s| s == spell) {
        book.spells.remove(i);
        world.resource_mut::<MagicDeck>().discard.push(spell.to_string());
    }
}

/// The cards in a hero's hand.
fn hand(h: &FigureSnap) -> u8 {
    u8::try_from(h.spellbook.spells.len()).unwrap_or(u8::MAX)
}

/// `n` cards into `h`'s hand, the discard pile shuffled into a new deck whenever the deck runs
/// out; fewer if every card is in a hand.
fn deal(world: &mut World, snap: &Snapshot, h: &FigureSnap, n: u8) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let mut drawn = Vec::new();
    for _ in 0..n {
        let Some(mut deck) = world.get_resource_mut::<MagicDeck>() else {
            break;
        };
        if deck.draw.is_empty() {
            let mut cards = std::mem::take(&mut deck.discard);
            if cards.is_empty() {
                break;
            }
            {
                use rand::seq::SliceRandom;
                cards.shuffle(rng(world));
            }
            evs.push(GameEvent::MagicDeckShuffled {
                cards: u32::try_from(cards.len()).unwrap_or(u32::MAX),
            });
            world.resource_mut::<MagicDeck>().draw = cards;
        }
        let Some(card) = world.resource_mut::<MagicDeck>().draw.pop() else {
            break;
        };
        drawn.push(card);
    }
    if drawn.is_empty() {
        return evs;
    }
    if let Some(mut book) = world.get_mut::<Spellbook>(h.entity) {
        book.spells.extend(drawn.iter().cloned());
    }
    let rules = snap.rules();
    evs.push(GameEvent::SpellsDrawn {
        hero: h.id,
        names: drawn
            .iter()
            .map(|s| rules.spells.get(s).map_or_else(|| s.clone(), |d| d.name.clone()))
            .collect(),
        spells: drawn,
    });
    evs
}
