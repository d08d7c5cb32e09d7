//! Integrity of saves and replays: a chain of digests over what the game did, command by
//! command, so a file that does not replay to the game that was saved (damaged, edited, or
//! saved by a build with other rules) is caught at the first command that goes differently.
//!
//! The chain starts from the game's setup (what the file says besides its commands) and the
//! quest's opening events; each accepted command folds in the events it caused, and the file
//! keeps 8 hex digits of the chain after every command. The sorcerer's reasons (notes) change
//! nothing on the board: they are folded into the final digest with their places. Digests are
//! FNV-1a over the events' JSON, so they are the same on every machine and every run.

use std::sync::Arc;

use bevy::prelude::World;
use serde::{Deserialize, Serialize};

use crate::game::model::{Command, CommandMarks, EventLog, FigureNames, GameEvent, NoteLog};
use crate::game::{describe, logic};
use crate::quest::Quest;

/// What a save or replay carries to show it replays to the game that was saved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// After each command, the chain's digest (8 hex digits), space-separated.
    pub steps: String,
    /// The whole game: the chain after the last command with the notes (16 hex digits).
    pub end: String,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// Events that are part of the game's course: not a refused command's answer (it changed
/// nothing and is not kept), not a sorcerer's reason (a note, digested apart).
fn counts(e: &GameEvent) -> bool {
    !matches!(
        e,
        GameEvent::CommandRejected { .. } | GameEvent::SorcererReasoned { .. }
    )
}

fn fold(mut h: u64, events: &[GameEvent]) -> u64 {
    for e in events.iter().filter(|e| counts(e)) {
        // Events always serialise (plain data); the tag keeps "ab"+"c" apart from "a"+"bc".
        h = fnv(h, &serde_json::to_vec(e).unwrap_or_default());
        h = fnv(h, &[0xff]);
    }
    h
}

/// A digest of `bytes` (FNV-1a, 16 hex digits): the check a kept campaign carries.
pub fn digest(bytes: &[u8]) -> String {
    format!("{:016x}", fnv(FNV_OFFSET, bytes))
}

fn short(h: u64) -> String {
    format!("{:08x}", (h ^ (h >> 32)) as u32)
}

/// The chain's start: the setup the file describes, as bytes (its own JSON).
pub fn start<T: Serialize>(setup: &T) -> u64 {
    fnv(FNV_OFFSET, &serde_json::to_vec(setup).unwrap_or_default())
}

/// The check of the game in `world`: its events so far, cut at each command's mark.
pub fn of_world<T: Serialize>(world: &World, setup: &T) -> Check {
    let empty = Vec::new();
    let events = world.get_resource::<EventLog>().map_or(&empty, |l| &l.0);
    let default = CommandMarks::default();
    let marks = world.get_resource::<CommandMarks>().unwrap_or(&default);
    let notes = world
        .get_resource::<NoteLog>()
        .map(|n| n.0.as_slice())
        .unwrap_or_default();
    let cut = |n: u32| (n as usize).min(events.len());
    let mut from = cut(marks.opening);
    let mut h = fold(start(setup), &events[..from]);
    let mut steps = Vec::with_capacity(marks.after.len());
    for &end in &marks.after {
        let end = cut(end).max(from);
        h = fold(h, &events[from..end]);
        steps.push(short(h));
        from = end;
    }
    Check {
        steps: steps.join(" "),
        end: format!("{:016x}", with_notes(h, notes)),
    }
}

fn with_notes(mut h: u64, notes: &[(u32, GameEvent)]) -> u64 {
    for (at, e) in notes {
        h = fnv(h, &at.to_le_bytes());
        h = fnv(h, &serde_json::to_vec(e).unwrap_or_default());
    }
    h
}

/// Rebuilds a game in `world` from a file's setup, commands and notes, checking it against the
/// file's `check` command by command (None: an older file without one, rebuilt as it stands).
/// Err names the first command that went wrong (1-based, in plain words) and what was wrong.
pub fn rebuild<T: Serialize>(
    world: &mut World,
    quest: Arc<Quest>,
    seed: u64,
    commands: &[Command],
    notes: &[(u32, GameEvent)],
    setup: &T,
    check: Option<&Check>,
) -> Result<Vec<GameEvent>, String> {
    let n = commands.len();
    if let Some((at, e)) = notes
        .iter()
        .find(|(_, e)| !matches!(e, GameEvent::SorcererReasoned { .. }))
    {
        return Err(format!(
            "a note at command {at} is not a sorcerer's reason ({}); notes only explain",
            serde_json::to_string(e).unwrap_or_default()
        ));
    }
    if let Some((at, _)) = notes.windows(2).find(|w| w[0].0 > w[1].0).map(|w| &w[1]) {
        return Err(format!("the notes are out of order at command {at}"));
    }
    let Some(check) = check else {
        return Ok(logic::restore(world, quest, seed, commands, notes));
    };
    let steps: Vec<&str> = check.steps.split_whitespace().collect();
    if steps.len() != n {
        return Err(format!(
            "its check has {} digests for {n} commands: the file was cut or changed",
            steps.len()
        ));
    }
    let start = start(setup);
    let mut h = None;
    let verdict = logic::restore_checked(world, quest, seed, commands, notes, |world, i, events| {
        if let [GameEvent::CommandRejected { reason }] = events {
            return Err(format!("is refused: {reason}"));
        }
        let log = &world.resource::<EventLog>().0;
        let marks = world.resource::<CommandMarks>();
        let cut = |m: u32| (m as usize).min(log.len());
        let from = if i == 0 {
            cut(marks.opening)
        } else {
            marks.after.get(i - 1).map_or(0, |m| cut(*m))
        };
        let to = marks.after.get(i).map_or(log.len(), |m| cut(*m)).max(from);
        let before = h.unwrap_or_else(|| fold(start, &log[..cut(marks.opening)]));
        let after = fold(before, &log[from..to]);
        h = Some(after);
        if steps[i] != short(after) {
            return Err(format!(
                "plays differently than the file recorded (it gives: {})",
                said(&log[from..to], world)
            ));
        }
        Ok(())
    });
    match verdict {
        Ok(events) => {
            let last = h.unwrap_or_else(|| {
                let log = &world.resource::<EventLog>().0;
                let opening = world.resource::<CommandMarks>().opening as usize;
                fold(start, &log[..opening.min(log.len())])
            });
            if format!("{:016x}", with_notes(last, notes)) != check.end.trim() {
                return Err(if n == 0 {
                    "the game's setup or opening is not the one that was saved (its final digest does not match)".into()
                } else {
                    "its final digest does not match: the seed, the setup or the sorcerer's reasons were changed".into()
                });
            }
            Ok(events)
        }
        Err((i, why, _)) => {
            let names = world.get_resource::<FigureNames>().cloned().unwrap_or_default();
            Err(format!(
                "command {} of {n}, {}, {why}",
                i + 1,
                describe::command(&commands[i], &names)
            ))
        }
    }
}

/// What a command's events say, in the log's words (the first few).
fn said(events: &[GameEvent], world: &World) -> String {
    let names = world.get_resource::<FigureNames>().cloned().unwrap_or_default();
    let lines: Vec<String> = events
        .iter()
        .filter(|e| counts(e))
        .filter_map(|e| describe::describe(e, &names))
        .take(3)
        .collect();
    if lines.is_empty() {
        "nothing to tell".into()
    } else {
        lines.join(" ")
    }
}
