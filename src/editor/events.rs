//! Quest events written with help. The event stays RON text in the quest format's own words (a
//! modder can write anything the format allows), but the editor offers a template for each kind
//! of trigger and of effect, filled in from the square chosen on the board and the quest's own
//! doors, monsters and groups: picking one rewrites the event's `when`, or adds to its `then`.

use super::Sq;
use crate::quest::{RawEffect, RawEvent, RawMonster, RawQuest, RawSearch, RawTrigger};
use crate::rules::ruleset::TestKind;

/// The words of a new message, for the modder to write over.
const MESSAGE: &str = "Write here what the heroes are told.";

/// A template of each kind of trigger, for the square `at` (`trigger_words` names them).
pub fn triggers(at: Sq, quest: &RawQuest) -> Vec<RawTrigger> {
    let (door_at, door_to) = door_near(at, quest);
    let names = quest
        .monsters
        .iter()
        .filter_map(|m| m.name.clone())
        .take(1)
        .collect::<Vec<_>>();
    let group = quest.monsters.iter().find_map(|m| m.group.clone());
    vec![
        RawTrigger::EntersRoom { room: at },
        RawTrigger::EntersSquare { at },
        RawTrigger::DoorOpened {
            at: door_at,
            to: door_to,
        },
        RawTrigger::Searched {
            search: RawSearch::Treasure,
            room: at,
        },
        RawTrigger::Killed {
            names: if names.is_empty() { vec!["Name".into()] } else { names },
        },
        RawTrigger::GroupKilled {
            group: group.unwrap_or_else(|| "guards".into()),
        },
        RawTrigger::Round(5),
        RawTrigger::HeroDies,
        RawTrigger::Investigated { at },
        RawTrigger::GotOut,
    ]
}

/// The editor's words for a kind of trigger.
pub fn trigger_words(t: &RawTrigger) -> &'static str {
    match t {
        RawTrigger::EntersRoom { .. } => "A hero enters the room of the square",
        RawTrigger::EntersSquare { .. } => "A hero steps onto the square",
        RawTrigger::DoorOpened { .. } => "A hero opens the door by the square",
        RawTrigger::Searched { .. } => "A hero searches the room of the square",
        RawTrigger::Killed { .. } => "The monsters with these names fall",
        RawTrigger::GroupKilled { .. } => "The last monster of a group falls",
        RawTrigger::Round(_) => "A round begins",
        RawTrigger::HeroDies => "A hero dies",
        RawTrigger::Investigated { .. } => "A hero investigates the square",
        RawTrigger::GotOut => "The first hero gets out with the goal met",
    }
}

/// A template of each kind of effect, for the square `at` (`effect_words` names them).
pub fn effects(at: Sq, quest: &RawQuest) -> Vec<RawEffect> {
    let (door_at, door_to) = door_near(at, quest);
    vec![
        RawEffect::Message(MESSAGE.into()),
        RawEffect::Reveal { room: at },
        RawEffect::OpenDoor {
            at: door_at,
            to: door_to,
        },
        RawEffect::LockDoor {
            at: door_at,
            to: door_to,
        },
        RawEffect::UnlockDoor {
            at: door_at,
            to: door_to,
        },
        RawEffect::Spawn {
            monsters: vec![RawMonster::plain(&quest.wandering_monster, at)],
        },
        RawEffect::GiveGold { amount: 50 },
        RawEffect::Give { item: "healing".into() },
        RawEffect::CompleteObjective,
        RawEffect::FailQuest,
        RawEffect::Test {
            test: TestKind::Strength,
            pass: vec![RawEffect::Message("The hero holds firm.".into())],
            fail: vec![RawEffect::Message("The hero is thrown back.".into())],
        },
    ]
}

/// The editor's words for a kind of effect.
pub fn effect_words(e: &RawEffect) -> &'static str {
    match e {
        RawEffect::Message(_) => "Read out a message",
        RawEffect::Reveal { .. } => "Reveal the room of the square",
        RawEffect::OpenDoor { .. } => "Open the door by the square",
        RawEffect::LockDoor { .. } => "Lock the door by the square",
        RawEffect::UnlockDoor { .. } => "Unlock the door by the square",
        RawEffect::Spawn { .. } => "Monsters appear on the square",
        RawEffect::GiveGold { .. } => "Give the hero gold",
        RawEffect::Give { .. } => "Give the hero an item",
        RawEffect::CompleteObjective => "Meet the quest's goal",
        RawEffect::FailQuest => "Lose the quest",
        RawEffect::Test { .. } => "The hero makes a test of Strength or Will",
    }
}

/// The event written as the quest format writes one, on one line.
pub fn to_text(e: &RawEvent) -> String {
    let text = ron::ser::to_string(e).unwrap_or_default();
    super::ron_text::parse(&text).map_or(text.clone(), |n| super::ron_text::inline(&text, &n))
}

/// The event in `text`, or where and why it does not read.
pub fn parse(text: &str) -> Result<RawEvent, String> {
    crate::quest::options()
        .from_str(text)
        .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
}

/// `text`'s event with its trigger replaced; a new event that reads out a message when `text`
/// is empty. None when `text` does not read (the modder's words are never thrown away).
pub fn with_trigger(text: &str, when: RawTrigger) -> Option<String> {
    let event = if text.trim().is_empty() {
        RawEvent {
            when,
            then: vec![RawEffect::Message(MESSAGE.into())],
            repeat: false,
            before_round: None,
        }
    } else {
        RawEvent {
            when,
            ..parse(text).ok()?
        }
    };
    Some(to_text(&event))
}

/// `text`'s event with one more effect at the end of its `then`. None when `text` does not
/// read.
pub fn with_effect(text: &str, effect: RawEffect) -> Option<String> {
    let mut event = parse(text).ok()?;
    event.then.push(effect);
    Some(to_text(&event))
}

/// The quest's door on a side of `at` (the first written), else the side to its east.
fn door_near(at: Sq, quest: &RawQuest) -> (Sq, Sq) {
    quest
        .doors
        .iter()
        .map(|d| (d.at, d.to))
        .chain(quest.secret_doors.iter().map(|d| (d.at, d.to)))
        .find(|(a, b)| *a == at || *b == at)
        .unwrap_or((at, (at.0 + 1, at.1)))
}
