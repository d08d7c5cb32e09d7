//! Plain words for the log: what each event means to a person at the table.

use super::model::{Actor, FigureNames, GameEvent};
use crate::rules::combat;
use crate::rules::dice::Face;

fn faces(v: &[Face]) -> String {
    let s = v.iter().filter(|f| **f == Face::Skull).count();
    let w = v.iter().filter(|f| **f == Face::WhiteShield).count();
    let b = v.iter().filter(|f| **f == Face::BlackShield).count();
    let mut parts = Vec::new();
    if s > 0 {
        parts.push(format!("{s} skull{}", if s == 1 { "" } else { "s" }));
    }
    if w > 0 {
        parts.push(format!("{w} white shield{}", if w == 1 { "" } else { "s" }));
    }
    if b > 0 {
        parts.push(format!("{b} black shield{}", if b == 1 { "" } else { "s" }));
    }
    parts.join(", ")
}

/// One line for the log, or None for events too small to mention (single steps).
pub fn describe(e: &GameEvent, names: &FigureNames) -> Option<String> {
    let n = |id| names.get(id);
    Some(match e {
        GameEvent::QuestStarted { quest, seed } => {
            format!("The quest \"{quest}\" begins (seed {seed}).")
        }
        GameEvent::TurnStarted {
            round,
            actor: Actor::Hero(h),
        } => format!("Round {round}: {}'s turn.", n(*h)),
        GameEvent::TurnStarted {
            round,
            actor: Actor::Sorcerer,
        } => format!("Round {round}: the sorcerer's turn."),
        GameEvent::MovementRolled { hero, dice } => {
            let total: u32 = dice.iter().map(|d| *d as u32).sum();
            let list: Vec<String> = dice.iter().map(u8::to_string).collect();
            format!("{} rolls {} for movement: {total} squares.", n(*hero), list.join(" + "))
        }
        GameEvent::HeroMoved { .. } | GameEvent::MonsterMoved { .. } => return None,
        GameEvent::MoveInterrupted { figure, reason, .. } => {
            format!("{} stops: {reason}.", n(*figure))
        }
        GameEvent::DoorOpened { by, .. } => format!("{} opens a door.", n(*by)),
        GameEvent::AreaRevealed { area, squares } => {
            if area == "Corridor" {
                format!(
                    "{squares} corridor square{} come into view.",
                    if *squares == 1 { "" } else { "s" }
                )
            } else {
                format!("The {area} is revealed.")
            }
        }
        GameEvent::MonsterRevealed { figure, at } => format!("{} appears at {at}!", n(*figure)),
        GameEvent::Attack {
            attacker,
            target,
            attack,
            defend,
            damage,
        } => {
            let hits = combat::skulls(attack);
            format!(
                "{} attacks {}: {} ({hits} hit{}); defence {} — {}.",
                n(*attacker),
                n(*target),
                if attack.is_empty() {
                    "no dice".into()
                } else {
                    faces(attack)
                },
                if hits == 1 { "" } else { "s" },
                if defend.is_empty() {
                    "nothing".into()
                } else {
                    faces(defend)
                },
                match damage {
                    0 => "no damage".to_string(),
                    1 => "1 body point lost".to_string(),
                    d => format!("{d} body points lost"),
                }
            )
        }
        GameEvent::MonsterKilled { figure, by } => {
            format!("{} is slain by {}.", n(*figure), n(*by))
        }
        GameEvent::HeroKilled { figure, by } => format!("{} has fallen to {}!", n(*figure), n(*by)),
        GameEvent::ObjectiveCompleted => "The quest's goal is achieved! Return to the stairway.".into(),
        GameEvent::HeroEscaped { figure } => {
            format!("{} climbs the stairway to safety.", n(*figure))
        }
        GameEvent::QuestWon { round } => {
            format!("Victory! The heroes complete the quest in {round} rounds.")
        }
        GameEvent::QuestLost { round } => format!("Defeat. The last hero falls in round {round}."),
        GameEvent::CommandRejected { reason } => format!("Not allowed: {reason}."),
        GameEvent::SorcererReasoned { text, .. } => format!("Sorcerer: {text}."),
    })
}
