//! The log's words for HeroQuest Revised's advanced game: Fate, Run, furniture, Mastery tests,
//! Morcar's Dungeon and Event cards.

use crate::game::model::{FateUse, FigureNames, GameEvent};
use crate::text::and_list;

/// The line for an event of the advanced game; None for any other.
pub(super) fn line(e: &GameEvent, names: &FigureNames) -> Option<String> {
    let n = |id| names.get(id);
    Some(match e {
        GameEvent::FateSpent { hero, on, left } => {
            let what = match on {
                FateUse::Recover => "to recover Body and Mind".to_string(),
                FateUse::Activation => "to act out of turn".to_string(),
                FateUse::Roll(k) => format!("to set the dice of its next {} roll", k.name()),
            };
            format!("{} spends a Fate {what} ({left} left).", n(*hero))
        }
        GameEvent::MindRestored { figure, amount } => {
            format!("{} regains {amount} Mind.", n(*figure))
        }
        GameEvent::RollSet { hero, kind } => {
            format!(
                "Fate guides {}'s {} roll: every die shows what it needs.",
                n(*hero),
                kind.name()
            )
        }
        GameEvent::ExtraActivation { hero } => format!("{} acts out of turn, by Fate.", n(*hero)),
        GameEvent::RunBegun { hero } => format!("{} runs on.", n(*hero)),
        GameEvent::RunCutShort { hero } => format!("{} is brought up short: the run ends its turn.", n(*hero)),
        GameEvent::FurnitureSearched { hero, name, found, .. } => {
            let what = if *found { "and finds something" } else { "" };
            format!("{} searches the {} {what}", n(*hero), name.to_lowercase())
                .trim_end()
                .to_string()
                + "."
        }
        GameEvent::MasteryTested {
            caster,
            name,
            roll,
            total,
            mind,
            passed,
            ..
        } => {
            let verdict = if *passed {
                "passed".to_string()
            } else {
                format!("failed by {}", total - mind)
            };
            format!(
                "{}'s Mastery test for {name}: rolled {roll}, total {total} against Mind {mind}: {verdict}.",
                n(*caster)
            )
        }
        GameEvent::MasteryPaid { caster, mind } => {
            format!("{} pays {mind} Mind to master the spell.", n(*caster))
        }
        GameEvent::MasteryFailed { caster, name, .. } => format!("{}'s {name} fizzles.", n(*caster)),
        GameEvent::DungeonCardsChosen {
            names: cards,
            budget,
            spent,
            ..
        } => {
            if cards.is_empty() {
                format!("Morcar buys no Dungeon card with its {budget} marks.")
            } else {
                format!(
                    "Morcar puts Dungeon cards into play: {} ({spent} of {budget} marks).",
                    and_list(cards)
                )
            }
        }
        GameEvent::DangerRolled { cards, .. } => match cards {
            0 => "Morcar gives up its turn to roll for Danger: no skull.".to_string(),
            1 => "Morcar gives up its turn to roll for Danger: a skull, one Event card.".to_string(),
            c => format!("Morcar gives up its turn to roll for Danger: {c} skulls, {c} Event cards."),
        },
        GameEvent::UpkeepPaid { hero, name, gold, .. } => {
            format!("{} pays {gold} gold for arrows and bolts for the {name}.", n(*hero))
        }
        GameEvent::WeaponDrained { hero, name, .. } => {
            format!(
                "{} cannot pay for ammunition: the {name} stays unused this quest.",
                n(*hero)
            )
        }
        GameEvent::EventPlayed { card, text } => format!("Event card, {card}: {text}"),
        GameEvent::SpellsDrawn { hero, names, .. } => match names.len() {
            1 => format!("{} draws a Magic Spell: {}.", n(*hero), names[0]),
            k => format!("{} draws {k} Magic Spells: {}.", n(*hero), and_list(names)),
        },
        GameEvent::MagicDeckShuffled { cards } => {
            format!("The Magic Spell deck is spent: its {cards} discarded cards are shuffled into a new deck.")
        }
        _ => return None,
    })
}
