//! What the advanced game (HeroQuest Revised, #163–174) adds to what a side may do now: the
//! answers to its choices, a hero's Run, furniture and Fate, Morcar's Danger. One judge each
//! (`may_run`, `may_spend`, `may_roll_danger`...), shared with the command path.

use bevy::prelude::Resource;

use super::*;
use crate::game::model::Command;
use crate::game::snapshot::{FigureSnap, Snapshot};

/// The heroes who may break in with Fate now (#173), for their cards' buttons: worked out with
/// the board's highlights, once a command.
#[derive(Resource, Clone, Debug, Default)]
pub struct FateInterrupts(pub Vec<Command>);

/// The most Dungeon-card choices listed (every set of cards within the budget, fewest first).
const MOST_CHOICES: usize = 4096;

/// The commands that answer a choice of the advanced game waiting now, if one waits.
pub fn pending_commands(snap: &Snapshot) -> Option<Vec<Command>> {
    match snap.turn.pending.as_ref()? {
        Pending::Mastery { .. } => Some(vec![Command::Mastery { pay: true }, Command::Mastery { pay: false }]),
        Pending::DungeonCards { budget } => {
            let adv = snap.rules().adv()?;
            let cards: Vec<(&String, u32)> = adv
                .dungeon_cards
                .iter()
                .map(|(id, c)| (id, u32::from(c.cost)))
                .filter(|(_, c)| *c <= *budget)
                .collect();
            let mut sets: Vec<Vec<String>> = vec![Vec::new()];
            let mut i = 0;
            while i < sets.len() && sets.len() < MOST_CHOICES {
                let set = sets[i].clone();
                let spent: u32 = set.iter().map(|s| u32::from(adv.dungeon_cards[s].cost)).sum();
                // Each set grows only by cards after its last, so every set comes once.
                let from = set
                    .last()
                    .and_then(|l| cards.iter().position(|(id, _)| *id == l))
                    .map_or(0, |p| p + 1);
                for (id, cost) in &cards[from..] {
                    if spent + cost <= *budget && sets.len() < MOST_CHOICES {
                        let mut more = set.clone();
                        more.push((*id).clone());
                        sets.push(more);
                    }
                }
                i += 1;
            }
            Some(
                sets.into_iter()
                    .map(|cards| Command::ChooseDungeonCards { cards })
                    .collect(),
            )
        }
        Pending::PlaceWanderer { .. } => None,
    }
}

/// What the active hero `h` may do of the advanced game now, each with its label.
pub fn hero_commands(snap: &Snapshot, h: &FigureSnap) -> Vec<(String, Command)> {
    let mut v = Vec::new();
    let rules = snap.rules();
    if rules.adv().is_none() {
        return v;
    }
    if may_run(snap, h).is_ok() {
        v.push((
            "Run (roll the Speed dice again)".to_string(),
            Command::Run { hero: h.id },
        ));
    }
    let may_search = may_search_here(snap, h);
    for f in furniture_in_reach(snap, h).into_iter().filter(|_| may_search) {
        let piece = &snap.quest.furniture[f as usize];
        let name = rules
            .furniture
            .get(&piece.kind)
            .map_or_else(|| piece.kind.clone(), |d| d.name.to_lowercase());
        let cmd = Command::SearchFurniture {
            hero: h.id,
            furniture: f,
        };
        v.push((format!("Search the {name}"), cmd));
    }
    for (label, on) in fate_uses() {
        if may_spend_fate(snap, h, on).is_ok() {
            v.push((label.to_string(), Command::SpendFate { hero: h.id, on }));
        }
    }
    v
}

/// The ways a hero spends Fate on its own turn, with their labels.
fn fate_uses() -> [(&'static str, FateUse); 4] {
    [
        ("Fate: recover Body and Mind", FateUse::Recover),
        ("Fate: set my next attack", FateUse::Roll(RollKind::Attack)),
        ("Fate: set my next defence", FateUse::Roll(RollKind::Defence)),
        ("Fate: set my next test", FateUse::Roll(RollKind::Test)),
    ]
}

/// A search of furniture needs the hero's action and no monster in sight.
fn may_search_here(snap: &Snapshot, h: &FigureSnap) -> bool {
    snap.visible_monsters(h).next().is_none()
        && snap
            .action_allowed(h, ActionKind::Search(crate::quest::SearchKind::Treasure))
            .is_ok()
}

/// Heroes of other players who may break in with an extra activation bought with Fate now
/// (#173).
pub fn interruptions(snap: &Snapshot) -> Vec<Command> {
    if snap.rules().adv().is_none() {
        return Vec::new();
    }
    snap.heroes()
        .filter(|h| may_spend_fate(snap, h, FateUse::Activation).is_ok())
        .map(|h| Command::SpendFate {
            hero: h.id,
            on: FateUse::Activation,
        })
        .collect()
}

/// Morcar's Danger, where it may roll for it now (#169).
pub fn sorcerer_commands(snap: &Snapshot) -> Vec<Command> {
    if may_roll_danger(snap).is_ok() {
        vec![Command::Danger]
    } else {
        Vec::new()
    }
}
