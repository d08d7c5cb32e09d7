//! Morcar's choices of HeroQuest Revised's advanced game (checklists §1.1 #168–169): which
//! Dungeon cards to buy with the heroes' marks, and when to give up a turn to roll for Danger.
//! Both are judged from what the sorcerer may see: the board as it stands, never the dice to come.

use crate::game::heroquest::{danger_dice, may_roll_danger};
use crate::game::model::Command;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::ruleset::DungeonEffect;

use super::SorcererLevel;

/// What a Dungeon card is worth to Morcar on this quest, in rough Body points of harm.
fn worth(snap: &Snapshot, effect: &DungeonEffect) -> f64 {
    let monsters: Vec<&FigureSnap> = snap.monsters().collect();
    match effect {
        DungeonEffect::Monsters {
            kinds,
            attack,
            defend,
            body,
            mind,
            movement,
        } => {
            let n = monsters
                .iter()
                .filter(|m| kinds.is_empty() || kinds.contains(&m.kind))
                .count() as f64;
            n * (0.5 * f64::from(*attack)
                + 0.35 * f64::from(*defend)
                + 0.8 * f64::from(*body)
                + 0.1 * f64::from(*mind)
                + 0.05 * f64::from(*movement))
        }
        // Each Danger die is about half an Event card a turn given up.
        DungeonEffect::Danger(n) => 1.2 * f64::from(*n),
        DungeonEffect::Events(n) => 1.5 * f64::from(*n),
        DungeonEffect::Wanderer(kind) => {
            let stats = |k: &str| {
                snap.rules().monsters.get(k).map_or(0.0, |d| {
                    f64::from(d.attack) + f64::from(d.defend) + 2.0 * f64::from(d.body)
                })
            };
            (stats(kind) - stats(&snap.quest.wandering_monster)).max(0.0) * 0.3
        }
        DungeonEffect::Ward(n) => {
            let casters = snap
                .heroes()
                .filter(|h| !h.spellbook.spells.is_empty() || h.mind >= 4)
                .count();
            0.6 * f64::from(*n) * casters as f64
        }
    }
}

/// Morcar's Dungeon cards within its budget (#168), and why. Classic and easy take the cheapest
/// cards first; normal and hard the most harm for each mark.
pub fn choose_dungeon_cards(snap: &Snapshot, level: SorcererLevel) -> (Command, String) {
    let Some(adv) = snap.rules().adv() else {
        return (Command::ChooseDungeonCards { cards: Vec::new() }, String::new());
    };
    let budget = snap.morcar.budget;
    let mut cards: Vec<(&String, u32, f64)> = adv
        .dungeon_cards
        .iter()
        .map(|(id, c)| (id, u32::from(c.cost), worth(snap, &c.effect)))
        .collect();
    match level {
        SorcererLevel::Classic | SorcererLevel::Easy => cards.sort_by_key(|(id, cost, _)| (*cost, (*id).clone())),
        SorcererLevel::Normal | SorcererLevel::Hard => cards.sort_by(|a, b| {
            (b.2 / f64::from(b.1))
                .total_cmp(&(a.2 / f64::from(a.1)))
                .then_with(|| a.0.cmp(b.0))
        }),
    }
    let mut left = budget;
    let mut chosen = Vec::new();
    let mut why = Vec::new();
    for (id, cost, value) in cards {
        if cost <= left && value > 0.0 {
            left -= cost;
            chosen.push(id.clone());
            why.push(format!(
                "{} ({cost} mark{}, worth about {value:.1} Body)",
                adv.dungeon_cards[id].name,
                if cost == 1 { "" } else { "s" }
            ));
        }
    }
    // The cards in the tables' order, as the list of choices gives them.
    chosen.sort();
    let reason = if chosen.is_empty() {
        format!("with {budget} marks no Dungeon card is worth buying here")
    } else {
        format!("with {budget} marks it buys {}", crate::text::and_list(&why))
    };
    (Command::ChooseDungeonCards { cards: chosen }, reason)
}

/// Whether Morcar gives up this turn to roll for Danger (#169), and why: always when no
/// monster stands on the board; at normal and hard also when none of its monsters could strike
/// a hero this turn (too far to reach, no spell to cast at one in sight).
pub fn danger(snap: &Snapshot, level: SorcererLevel) -> Option<String> {
    may_roll_danger(snap).ok()?;
    let dice = danger_dice(snap);
    if dice == 0 {
        return None;
    }
    let awake: Vec<&FigureSnap> = snap.monsters().filter(|m| m.alive() && m.awake).collect();
    // Monsters not yet seen are not on the board (they stand there only once revealed).
    if awake.is_empty() {
        return Some(format!("no monster stands on the board: it rolls {dice} for Danger"));
    }
    if matches!(level, SorcererLevel::Classic | SorcererLevel::Easy) {
        return None;
    }
    let heroes: Vec<&FigureSnap> = snap.heroes().filter(|h| h.alive()).collect();
    let idle = awake.iter().all(|m| {
        let reach = match m.fighter.movement {
            crate::game::model::Movement::Fixed(n) => i32::from(n) + 1,
            crate::game::model::Movement::Dice(n) => 6 * i32::from(n) + 1,
        };
        let Some(at) = m.pos else { return true };
        heroes.iter().all(|h| {
            let far = h.pos.is_none_or(|p| p.manhattan(at) > reach);
            let no_spell = m.spellbook.ready().next().is_none() || h.pos.is_none_or(|p| !snap.sees(at, p));
            far && no_spell
        })
    });
    idle.then(|| format!("none of its monsters can strike a hero this turn: it rolls {dice} for Danger instead"))
}
