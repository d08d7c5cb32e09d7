//! The one place commands change the game: validate with the rules, change components, record events.

use std::sync::Arc;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::model::Command;
use super::model::*;
use super::snapshot::Snapshot;
use super::world::entity_of;
use crate::quest::Quest;

/// Clears any quest in play and sets up `quest` with `seed`. Returns the opening events.
pub fn start_quest(world: &mut World, quest: Arc<Quest>, seed: u64) -> Vec<GameEvent> {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<QuestEntity>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    let board = &quest.board;
    world.insert_resource(ActiveQuest(quest.clone()));
    world.insert_resource(GameRng(ChaCha8Rng::seed_from_u64(seed)));
    world.insert_resource(Seed(seed));
    world.insert_resource(Fog {
        width: board.width,
        revealed: vec![false; board.len()],
    });
    world.insert_resource(EventLog::default());
    world.insert_resource(CommandLog::default());
    world.insert_resource(CommandMarks::default());
    world.insert_resource(NoteLog::default());
    world.remove_resource::<LastAccepted>();

    for (i, (edge, open)) in quest.doors.iter().enumerate() {
        world.spawn((
            Name::new(format!("door {i}")),
            QuestEntity,
            Door {
                id: i as u32,
                edge: *edge,
                open: *open,
                locked: quest.locks.contains(edge) || quest.portcullises.contains(edge),
                kind: if quest.locks.contains(edge) {
                    DoorKind::Lock
                } else if quest.portcullises.contains(edge) {
                    DoorKind::Portcullis
                } else {
                    DoorKind::Plain
                },
            },
        ));
    }
    for (i, edge) in quest.secret_doors.iter().enumerate() {
        world.spawn((
            Name::new(format!("secret door {i}")),
            QuestEntity,
            Concealed,
            SecretDoor,
            Door {
                id: (quest.doors.len() + i) as u32,
                edge: *edge,
                open: false,
                locked: false,
                kind: DoorKind::Plain,
            },
        ));
    }
    for f in &quest.furniture {
        world.spawn((
            Name::new(f.kind.clone()),
            QuestEntity,
            Furniture {
                kind: f.kind.clone(),
                rect: f.rect,
            },
        ));
    }
    let mut events = vec![GameEvent::QuestStarted {
        quest: quest.id.clone(),
        name: quest.name.clone(),
        seed,
    }];
    events.extend(quest.system.begin(world, &quest));
    // The quest's events see its opening too (a `Round(1)` message greets the first hero).
    let scripted = super::script::run(world, None, &events);
    events.extend(scripted);
    record(world, &events);
    let opening = world.get_resource::<EventLog>().map_or(0, |l| l.0.len() as u32);
    if let Some(mut marks) = world.get_resource_mut::<CommandMarks>() {
        marks.opening = opening;
    }
    events
}

/// Appends events to the log and publishes them as messages.
fn record(world: &mut World, events: &[GameEvent]) {
    if let Some(mut log) = world.get_resource_mut::<EventLog>() {
        log.0.extend(events.iter().cloned());
    }
    if world.contains_resource::<Messages<GameEvent>>() {
        world.write_message_batch(events.iter().cloned());
    }
}

/// Adds an event that changes nothing on the board (the sorcerer's explanations).
pub fn narrate(world: &mut World, event: GameEvent) {
    let sent = world.get_resource::<CommandLog>().map_or(0, |l| l.0.len()) as u32;
    if let Some(mut notes) = world.get_resource_mut::<NoteLog>() {
        notes.0.push((sent, event.clone()));
    }
    record(world, &[event]);
}

/// Applies one command. Illegal commands change nothing and yield one `CommandRejected`.
pub fn submit(world: &mut World, cmd: Command) -> Vec<GameEvent> {
    submit_from(world, cmd, None).0
}

/// `submit` for a caller that already holds a picture of the world as it stands (taken since
/// the last change, e.g. by `ai::decide_from`): the rules start from it instead of reading
/// the world again. Also gives back the picture of the world after the command when the last
/// read still holds (None when something changed after it), for the next `decide_from`.
/// Headless games use this pair; `tests/ai.rs` checks it plays the same games as `submit`.
pub fn submit_from(world: &mut World, cmd: Command, snap: Option<Snapshot>) -> (Vec<GameEvent>, Option<Snapshot>) {
    let index = match world.get_resource_mut::<CommandLog>() {
        Some(mut log) => {
            log.0.push(cmd.clone());
            log.0.len() - 1
        }
        None => 0,
    };
    let hero = world.get_resource::<Turn>().and_then(|t| match (&t.draft, t.phase) {
        (Some(d), _) => Some(d.next),
        (None, Phase::Hero(id)) => Some(id),
        _ => None,
    });
    let draws = world.get_resource::<GameRng>().map(|r| r.0.get_word_pos());
    // Where a searching hero stood, for the quest's `Searched` events (a search can kill; no
    // other command needs it, so no other command pays for the lookup).
    let searcher_at = match cmd {
        Command::SearchTreasure { .. } | Command::SearchTraps { .. } | Command::SearchSecretDoors { .. } => hero
            .and_then(|id| entity_of(world, id))
            .and_then(|e| world.get::<GridPos>(e).map(|p| p.0)),
        _ => None,
    };
    let mut after = None;
    let system = world.get_resource::<ActiveQuest>().map(|q| q.0.system);
    let events = match apply(world, &cmd, snap) {
        Ok(mut evs) => {
            let cause = super::script::Cause {
                cmd: &cmd,
                at: searcher_at,
            };
            let scripted = super::script::run(world, Some(cause), &evs);
            evs.extend(scripted);
            let (settled, still) = system.map_or((Vec::new(), None), |s| s.settle(world));
            evs.extend(settled);
            after = still;
            let rolled = world.get_resource::<GameRng>().map(|r| r.0.get_word_pos()) != draws;
            world.insert_resource(LastAccepted {
                index,
                hero,
                undo: undo_verdict(&evs, rolled),
            });
            evs
        }
        Err(reason) => {
            // A refused command changed nothing: it leaves no trace in the game's record.
            if let Some(mut log) = world.get_resource_mut::<CommandLog>() {
                log.0.truncate(index);
            }
            vec![GameEvent::CommandRejected { reason }]
        }
    };
    record(world, &events);
    if !matches!(events.as_slice(), [GameEvent::CommandRejected { .. }]) {
        let end = world.get_resource::<EventLog>().map_or(0, |l| l.0.len() as u32);
        if let Some(mut marks) = world.get_resource_mut::<CommandMarks>() {
            marks.after.push(end);
        }
    }
    (events, after)
}

/// Hands a command to the rule system the quest is played under.
fn apply(world: &mut World, cmd: &Command, snap: Option<Snapshot>) -> Result<Vec<GameEvent>, String> {
    let snap = match snap {
        Some(snap) => snap,
        None => Snapshot::capture(world).ok_or("no quest is in play")?,
    };
    let system = snap.quest.system;
    system.apply(world, snap, cmd)
}

/// May a command with these events be taken back? Not once chance has spoken or something new
/// was seen: taking it back would let a player peek and choose again.
fn undo_verdict(events: &[GameEvent], rolled: bool) -> Result<(), String> {
    use GameEvent::*;
    for e in events {
        let why = match e {
            QuestWon { .. }
            | QuestLost { .. }
            | QuestAbandoned { .. }
            | ObjectiveCompleted
            | HeroEscaped { .. }
            | HeroGotOut { .. }
            | WalledIn { .. }
            | CaptiveRescued { .. }
            | CaptiveKilled { .. } => "it decided part of the quest",
            MovementRolled { .. } => "the movement dice were rolled",
            Attack { .. } => "the combat dice were rolled",
            AreaRevealed { .. } => "it revealed part of the dungeon",
            MonsterRevealed { .. } | WanderingMonster { .. } | MonsterSummoned { .. } => "it revealed a monster",
            TreasureDrawn { .. }
            | SpecialTreasureFound { .. }
            | NothingFound { .. }
            | GoldFound { .. }
            | PotionFound { .. }
            | ItemFound { .. }
            | HazardDrawn { .. } => "a search turned up what it turned up",
            TrapFound { .. }
            | TrapSprung { .. }
            | TrapDisarmed { .. }
            | TrapJumped { .. }
            | JumpFailed { .. }
            | DisarmFailed { .. } => "a trap was found or sprung",
            SecretDoorFound { .. } => "it found a secret door",
            QuestMessage { .. } | DoorChanged { .. } => "it set off one of the quest's events",
            HeroKilled { .. } | MonsterKilled { .. } => "someone fell",
            _ => continue,
        };
        return Err(format!("Can't undo: {why}."));
    }
    if rolled {
        return Err("Can't undo: dice were rolled.".into());
    }
    Ok(())
}

/// Can the last command be taken back now? Ok with the number of commands to keep; else why not.
/// Only a hero's command that rolled no dice and revealed nothing, and only while nothing else
/// has happened since; a hero the computer plays takes nothing back.
pub fn undo_status(world: &World) -> Result<usize, String> {
    let turn = world.get_resource::<Turn>().ok_or("No quest is in play.")?;
    match turn.phase {
        Phase::Over(_) => return Err("The quest is over.".into()),
        Phase::Sorcerer => return Err("Can't undo: it is the sorcerer's turn.".into()),
        Phase::Hero(_) => {}
    }
    if world
        .get_resource::<crate::game::Controllers>()
        .is_some_and(|c| !c.human_to_act(turn))
    {
        return Err("Can't undo while the computer plays.".into());
    }
    let last = world.get_resource::<LastAccepted>().ok_or("Nothing to undo yet.")?;
    let Some(hero) = last.hero else {
        return Err("Can't undo: the sorcerer has moved since.".into());
    };
    if world
        .get_resource::<crate::game::Controllers>()
        .is_some_and(|c| c.bot_plays(hero))
    {
        return Err("Can't undo: the computer made the last move.".into());
    }
    last.undo.clone()?;
    Ok(last.index)
}

/// Takes back the last command (see `undo_status`): the game is rebuilt from its seed and the
/// commands before it. Returns the events of the rebuilt game.
pub fn undo(world: &mut World) -> Result<Vec<GameEvent>, String> {
    let keep = undo_status(world)?;
    let quest = world.resource::<ActiveQuest>().0.clone();
    let seed = world.resource::<Seed>().0;
    let commands = world.resource::<CommandLog>().0[..keep].to_vec();
    let notes: Vec<(u32, GameEvent)> = world
        .resource::<NoteLog>()
        .0
        .iter()
        .filter(|(at, _)| (*at as usize) <= keep)
        .cloned()
        .collect();
    Ok(restore(world, quest, seed, &commands, &notes))
}

/// Rebuilds a game from its seed, its commands and its notes (a save, or an undo): the same
/// board, the same log. Returns every event, as a game played live would have sent them.
pub fn restore(
    world: &mut World,
    quest: Arc<Quest>,
    seed: u64,
    commands: &[Command],
    notes: &[(u32, GameEvent)],
) -> Vec<GameEvent> {
    match restore_checked(world, quest, seed, commands, notes, |_, _, _| Ok(())) {
        Ok(events) | Err((_, _, events)) => events,
    }
}

/// `restore` that hands each command's events to `check` (with the command's index) as it
/// goes, and stops at the first command `check` refuses: Err(index, why, the events so far).
pub fn restore_checked(
    world: &mut World,
    quest: Arc<Quest>,
    seed: u64,
    commands: &[Command],
    notes: &[(u32, GameEvent)],
    mut check: impl FnMut(&World, usize, &[GameEvent]) -> Result<(), String>,
) -> Result<Vec<GameEvent>, (usize, String, Vec<GameEvent>)> {
    let mut events = start_quest(world, quest, seed);
    let hooks = world.get_resource::<super::ReplayHooks>().copied();
    if let Some(h) = hooks {
        (h.start)(world);
    }
    let mut notes = notes.iter().peekable();
    for (i, cmd) in commands.iter().enumerate() {
        // As live: the sorcerer thinks before its reasons are logged and its command is sent.
        if let Some(h) = hooks {
            (h.command)(world, cmd);
        }
        while let Some((_, e)) = notes.next_if(|(at, _)| *at as usize <= i) {
            narrate(world, e.clone());
            events.push(e.clone());
        }
        let evs = submit(world, cmd.clone());
        let verdict = check(world, i, &evs);
        events.extend(evs);
        if let Err(why) = verdict {
            return Err((i, why, events));
        }
    }
    for (_, e) in notes {
        narrate(world, e.clone());
        events.push(e.clone());
    }
    Ok(events)
}
