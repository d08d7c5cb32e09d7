//! The one place commands change the game: validate with the rules, change components, record events.

use std::sync::Arc;

use std::collections::BTreeMap;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::model::Command;
use super::model::*;
use super::snapshot::{FigureSnap, Snapshot};
use crate::quest::{ObjectiveKind, Quest};
use crate::rules::dice;
use crate::rules::geometry::Pos;

use super::actions;

/// Clears any quest in play and sets up `quest` with `seed`. Returns the opening events.
pub fn start_quest(world: &mut World, quest: Arc<Quest>, seed: u64) -> Vec<GameEvent> {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<QuestEntity>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    let rules = quest.rules.clone();
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

    let mut names = FigureNames::default();
    let mut next_id = 0u32;
    let mut hero_ids = Vec::new();
    for (seat, (class, start)) in quest.heroes.iter().zip(&quest.hero_starts).enumerate() {
        let def = &rules.heroes[class];
        // A name the players gave this hero, else the rule set's ("Barbarian").
        let name = quest.hero_names.get(class).cloned().unwrap_or_else(|| def.name.clone());
        let gear = quest.gear.get(class).cloned().unwrap_or_default();
        let equipment = Equipment {
            weapon: gear.weapon.clone(),
            items: gear.items.clone(),
        };
        let mut book = Spellbook::default();
        if let Some(fixed) = &quest.spell_schools
            && let Some(schools) = fixed.get(class)
        {
            for sc in schools {
                book.schools.push(sc.clone());
                book.spells.extend(rules.schools[sc].iter().cloned());
            }
        }
        hero_ids.push((class.clone(), FigureId(next_id)));
        world.spawn((
            Name::new(name.clone()),
            QuestEntity,
            FigureId(next_id),
            GridPos(*start),
            Hero {
                class: class.clone(),
                name: name.clone(),
                seat,
            },
            Body {
                current: def.body,
                max: def.body,
            },
            Mind {
                current: def.mind,
                max: def.mind,
            },
            derive_fighter(&rules, &equipment),
            equipment,
            (
                Inventory {
                    gold: gear.gold,
                    potions: gear.potions.clone(),
                },
                Status::default(),
                book,
            ),
        ));
        names.0.insert(FigureId(next_id), name.clone());
        next_id += 1;
    }
    let mut groups = BTreeMap::new();
    for m in &quest.monsters {
        if let Some(g) = &m.group {
            groups.insert(FigureId(next_id), g.clone());
        }
        let name = spawn_monster(
            world,
            FigureId(next_id),
            &m.kind,
            m.name.clone(),
            &m.stats,
            m.at,
            &m.spells,
        );
        names.0.insert(FigureId(next_id), name);
        next_id += 1;
    }
    if let ObjectiveKind::Rescue(c) = &quest.objective.kind {
        world.spawn((
            Name::new(c.name.clone()),
            QuestEntity,
            FigureId(next_id),
            GridPos(c.at),
            Captive {
                name: c.name.clone(),
                follows: None,
            },
            Body {
                current: c.body,
                max: c.body,
            },
            Fighter {
                attack: 0,
                defend: c.defend,
                movement: Movement::Fixed(0),
                diagonal: false,
            },
            Status::default(),
        ));
        names.0.insert(FigureId(next_id), c.name.clone());
    }
    for (i, (edge, open)) in quest.doors.iter().enumerate() {
        world.spawn((
            Name::new(format!("door {i}")),
            QuestEntity,
            Door {
                id: i as u32,
                edge: *edge,
                open: *open,
                locked: false,
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
            },
        ));
    }
    for (i, t) in quest.traps.iter().enumerate() {
        world.spawn((
            Name::new(format!("trap {i}")),
            QuestEntity,
            Trap {
                id: i as u32,
                kind: t.kind,
                at: t.at,
                state: TrapState::Hidden,
                furniture: t.furniture,
                damage: t.damage,
                text: t.text.clone(),
            },
        ));
    }
    world.insert_resource(Dungeon {
        deck: rules.deck(),
        groups,
        ..Default::default()
    });
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
    world.insert_resource(names);
    let draft = if quest.spell_schools.is_some() {
        None
    } else {
        let order: Vec<(FigureId, u8)> = rules
            .spell_draft
            .iter()
            .filter_map(|(class, n)| hero_ids.iter().find(|(c, _)| c == class).map(|(_, id)| (*id, *n)))
            .collect();
        order.first().map(|first| Draft {
            next: first.0,
            order: order.clone(),
            left: rules.schools.keys().cloned().collect(),
        })
    };
    world.insert_resource(Turn {
        round: 1,
        phase: Phase::Hero(FigureId(0)),
        progress: Default::default(),
        objective_done: false,
        draft,
        pending: None,
        acting: None,
    });
    let mut events = vec![GameEvent::QuestStarted {
        quest: quest.id.clone(),
        name: quest.name.clone(),
        seed,
    }];
    events.extend(reveal(world));
    events.push(GameEvent::TurnStarted {
        round: 1,
        actor: Actor::Hero(FigureId(0)),
    });
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

/// Puts a monster on the board; returns its display name.
pub(super) fn spawn_monster(
    world: &mut World,
    id: FigureId,
    kind: &str,
    name: Option<String>,
    s: &crate::rules::ruleset::MonsterDef,
    at: Pos,
    spells: &[String],
) -> String {
    let display = name
        .clone()
        .or_else(|| s.name.clone())
        .unwrap_or_else(|| crate::rules::ruleset::RuleSet::monster_name(kind));
    world.spawn((
        Name::new(display.clone()),
        QuestEntity,
        id,
        GridPos(at),
        Monster {
            kind: kind.to_string(),
            name: name.or_else(|| s.name.clone()),
            undead: s.undead,
            only_harmed_by: s.only_harmed_by.clone(),
        },
        Body {
            current: s.body,
            max: s.body,
        },
        Mind {
            current: s.mind,
            max: s.mind,
        },
        Fighter {
            attack: s.attack,
            defend: s.defend,
            movement: Movement::Fixed(s.movement),
            diagonal: false,
        },
        Status::default(),
        Spellbook {
            schools: Vec::new(),
            spells: spells.to_vec(),
            cast: Vec::new(),
        },
    ));
    display
}

/// A hero's dice from what the hero carries: weapon attack, 2 defend dice plus armour,
/// movement dice (plate mail: one).
pub fn derive_fighter(rules: &crate::rules::ruleset::RuleSet, eq: &Equipment) -> Fighter {
    let weapon = eq.weapon.as_ref().and_then(|w| rules.weapons.get(w));
    let armor = eq.items.iter().filter_map(|i| rules.armor.get(i));
    let mut defend = rules.hero_defend;
    let mut dice = rules.movement_dice;
    for a in armor {
        defend += a.defend;
        if let Some(d) = a.movement_dice {
            dice = dice.min(d);
        }
    }
    Fighter {
        attack: weapon.map_or(1, |w| w.attack),
        defend,
        movement: Movement::Dice(dice),
        diagonal: weapon.is_some_and(|w| w.diagonal),
    }
}

pub use crate::quest::gear::may_carry;

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
    let events = match apply(world, &cmd, snap) {
        Ok(mut evs) => {
            one_monster_at_a_time(world, &cmd);
            let cause = super::script::Cause {
                cmd: &cmd,
                at: searcher_at,
            };
            let scripted = super::script::run(world, Some(cause), &evs);
            evs.extend(scripted);
            let (settled, still) = settle(world);
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

/// rules-decisions row 37: the sorcerer moves one monster at a time, and a monster finishes its
/// move and its action before the next starts. Once a command of another monster is accepted,
/// the one before it has had its turn (so it can neither move nor act again this turn).
fn one_monster_at_a_time(world: &mut World, cmd: &Command) {
    let who = match cmd {
        Command::Move { figure, .. } => *figure,
        Command::Attack { attacker, .. } => *attacker,
        Command::CastSpell { caster, .. } => *caster,
        _ => return,
    };
    let Some(mut turn) = world.get_resource_mut::<Turn>() else {
        return;
    };
    if turn.phase != Phase::Sorcerer {
        return;
    }
    if let Some(prev) = turn.acting.filter(|p| *p != who) {
        let p = turn.progress.entry(prev).or_default();
        p.moving = MoveState::Done;
        p.acted = true;
        // Nor attack or cast again (the referee dice pool counts its two actions apart).
        p.attacks = p.attacks.max(1);
        p.spells = p.spells.max(1);
    }
    turn.acting = Some(who);
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

pub(super) fn rng(world: &mut World) -> &mut ChaCha8Rng {
    &mut world.resource_mut::<GameRng>().into_inner().0
}

pub(super) fn set_progress(world: &mut World, id: FigureId, p: Progress) {
    world.resource_mut::<Turn>().progress.insert(id, p);
}

/// May `f` act now? Heroes on their own turn; awake monsters on the sorcerer's.
pub fn may_act(snap: &Snapshot, f: &FigureSnap) -> Result<(), String> {
    if !f.alive() {
        return Err(format!("{} is not on the board", f.name));
    }
    if snap.turn.draft.is_some() {
        return Err("the spell schools must be chosen first".into());
    }
    match snap.turn.phase {
        Phase::Hero(id) if f.hero && id == f.id => Ok(()),
        Phase::Hero(id) => Err(format!(
            "it is {}'s turn",
            snap.figure(id).map_or("another hero", |h| h.name.as_str())
        )),
        Phase::Sorcerer if !f.hero && f.has(StatusKind::Asleep) => Err(format!("{} is asleep", f.name)),
        Phase::Sorcerer if !f.hero && f.has(StatusKind::LoseTurn) => {
            Err(format!("{} loses this turn to the tempest", f.name))
        }
        Phase::Sorcerer if !f.hero && f.awake => Ok(()),
        Phase::Sorcerer if !f.hero => Err(format!("{} has not been seen yet and cannot act", f.name)),
        Phase::Sorcerer => Err("it is the sorcerer's turn".into()),
        Phase::Over(_) => Err("the quest is over".into()),
    }
}

/// What kind of action a figure is about to take (for the one-action rule and its exceptions).
/// Checks the action rules (`Snapshot::action_allowed`); returns the progress to store once the action
/// happens.
pub(super) fn take_action(snap: &Snapshot, f: &FigureSnap, kind: ActionKind) -> Result<Progress, String> {
    snap.action_allowed(f, kind)?;
    let mut p = snap.turn.progress(f.id);
    p.acted = true;
    match kind {
        ActionKind::Attack => p.attacks += 1,
        ActionKind::Spell => p.spells += 1,
        ActionKind::Other => {}
    }
    if p.moving == MoveState::Moving {
        p.moving = MoveState::Done;
    }
    Ok(p)
}

/// The entities of figures found before, by figure id (checked on use: a stale entry is looked
/// up again).
#[derive(Resource, Default)]
struct FigureEntities(Vec<Option<Entity>>);

pub(super) fn entity_of(world: &mut World, id: FigureId) -> Option<Entity> {
    if let Some(known) = world.get_resource::<FigureEntities>()
        && let Some(&Some(e)) = known.0.get(id.0 as usize)
        && world.get::<FigureId>(e) == Some(&id)
    {
        return Some(e);
    }
    let found = world
        .query::<(Entity, &FigureId)>()
        .iter(world)
        .find(|(_, f)| **f == id)
        .map(|(e, _)| e);
    if let Some(e) = found
        && id.0 < 1 << 16
    {
        let mut known = world.get_resource_or_insert_with(FigureEntities::default);
        if known.0.len() <= id.0 as usize {
            known.0.resize(id.0 as usize + 1, None);
        }
        known.0[id.0 as usize] = Some(e);
    }
    found
}

/// Puts a condition on a figure; None if it already had it.
pub(super) fn add_status(world: &mut World, id: FigureId, s: StatusKind) -> Option<GameEvent> {
    let e = entity_of(world, id)?;
    let mut st = world.get_mut::<Status>(e)?;
    st.0.insert(s)
        .then_some(GameEvent::StatusGained { figure: id, status: s })
}

/// Lifts a condition; None if the figure did not have it.
pub(super) fn remove_status(world: &mut World, id: FigureId, s: StatusKind) -> Option<GameEvent> {
    let e = entity_of(world, id)?;
    let mut st = world.get_mut::<Status>(e)?;
    st.0.remove(&s)
        .then_some(GameEvent::StatusEnded { figure: id, status: s })
}

pub(super) use super::damage::{apply_damage, heal, resolve_attack, roll_attack, strike};

fn apply(world: &mut World, cmd: &Command, snap: Option<Snapshot>) -> Result<Vec<GameEvent>, String> {
    let snap = match snap {
        Some(snap) => snap,
        None => Snapshot::capture(world).ok_or("no quest is in play")?,
    };
    if let Phase::Over(_) = snap.turn.phase {
        return Err("the quest is over".into());
    }
    let get = |id: FigureId| snap.figure(id).ok_or_else(|| format!("there is no figure {}", id.0));
    // A choice of the sorcerer's comes first: nothing else happens until it is made.
    if let Some(pending) = &snap.turn.pending {
        return match (cmd, pending) {
            (Command::PlaceWanderer { at }, Pending::PlaceWanderer { hero, kind, squares }) => {
                if !squares.contains(at) {
                    return Err(format!(
                        "the wandering monster must appear on a free square next to {}",
                        snap.figure(*hero).map_or("the hero", |h| h.name.as_str())
                    ));
                }
                world.resource_mut::<Turn>().pending = None;
                Ok(actions::place_wanderer(world, *hero, kind, *at))
            }
            _ => Err("the sorcerer must first place the wandering monster".into()),
        };
    }
    match cmd {
        Command::PlaceWanderer { .. } => Err("no wandering monster is waiting to be placed".into()),
        Command::ChooseSchool { hero, school } => actions::choose_school(world, &snap, *hero, school),
        Command::RollMovement { hero } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            let Movement::Dice(mut n) = h.fighter.movement else {
                return Err("monsters do not roll for movement".into());
            };
            let mut p = snap.turn.progress(h.id);
            if p.allowance.is_some() {
                return Err(format!("{} has already rolled for movement this turn", h.name));
            }
            if p.moving == MoveState::Done {
                return Err(format!("{} has already moved this turn", h.name));
            }
            if h.has(StatusKind::Chained) {
                return Err(format!(
                    "{} is held by the chains of dread and cannot move this turn",
                    h.name
                ));
            }
            let mut evs = Vec::new();
            if h.has(StatusKind::SwiftWind) {
                n *= 2;
                evs.extend(remove_status(world, h.id, StatusKind::SwiftWind));
            }
            let dice: Vec<u8> = (0..n).map(|_| dice::roll_d6(rng(world))).collect();
            p.allowance = Some(dice.iter().sum());
            set_progress(world, h.id, p);
            evs.insert(0, GameEvent::MovementRolled { hero: h.id, dice });
            Ok(evs)
        }
        Command::Move { figure, path } => {
            let f = get(*figure)?.clone();
            may_act(&snap, &f)?;
            move_figure(world, &snap, &f, path)
        }
        Command::OpenDoor { hero, door } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            if !h.hero {
                return Err("monsters cannot open doors".into());
            }
            let d = snap.door(*door).ok_or_else(|| format!("there is no door {door}"))?;
            if d.open {
                return Err("that door is already open".into());
            }
            if d.locked {
                return Err("that door is locked".into());
            }
            let at = h.pos.unwrap_or(Pos::new(-1, -1));
            if !d.edge.touches(at) {
                return Err(format!("{} must stand next to the door to open it", h.name));
            }
            let mut q = world.query_filtered::<&mut Door, Without<Concealed>>();
            for mut dd in q.iter_mut(world) {
                if dd.id == *door {
                    dd.open = true;
                }
            }
            let mut evs = vec![GameEvent::DoorOpened { door: *door, by: h.id }];
            evs.extend(reveal(world));
            Ok(evs)
        }
        Command::CloseDoor { hero, door } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            if !h.hero {
                return Err("monsters cannot close doors".into());
            }
            let d = snap.door(*door).ok_or_else(|| format!("there is no door {door}"))?;
            if !d.open {
                return Err("that door is already closed".into());
            }
            if !d.edge.touches(h.pos.unwrap_or(Pos::new(-1, -1))) {
                return Err(format!("{} must stand next to the door to close it", h.name));
            }
            let secret = world
                .query_filtered::<&Door, With<SecretDoor>>()
                .iter(world)
                .any(|x| x.id == *door);
            if secret {
                return Err("a secret door, once opened, cannot be closed".into());
            }
            let mut q = world.query::<&mut Door>();
            for mut dd in q.iter_mut(world) {
                if dd.id == *door {
                    dd.open = false;
                }
            }
            Ok(vec![GameEvent::DoorClosed { door: *door, by: h.id }])
        }
        Command::Attack { attacker, target } => {
            let a = get(*attacker)?;
            let t = get(*target)?;
            may_act(&snap, a)?;
            let p = take_action(&snap, a, ActionKind::Attack)?;
            if let Some(w) = snap.reloading_in_hand(a) {
                return Err(format!(
                    "{}'s {w} is still being reloaded (another weapon can be taken in hand)",
                    a.name
                ));
            }
            if !snap.can_attack(a, t) {
                return Err(format!("{} cannot reach {} from here", a.name, t.name));
            }
            let mut evs = Vec::new();
            if snap.turn.progress(a.id).acted {
                evs.extend(remove_status(world, a.id, StatusKind::HeroicBrew));
            }
            set_progress(world, a.id, p);
            evs.extend(resolve_attack(world, &snap, a, t, None));
            Ok(evs)
        }
        Command::Shoot {
            attacker,
            target,
            weapon,
        } => actions::shoot(world, &snap, *attacker, *target, weapon),
        Command::CastSpell { caster, spell, target } => actions::cast_spell(world, &snap, *caster, spell, *target),
        Command::SearchTreasure { hero } => actions::search_treasure(world, &snap, *hero),
        Command::SearchTraps { hero } => actions::search_traps(world, &snap, *hero),
        Command::SearchSecretDoors { hero } => actions::search_secret_doors(world, &snap, *hero),
        Command::DisarmTrap { hero, trap } => actions::disarm(world, &snap, *hero, *trap),
        Command::JumpTrap { hero, trap, to } => actions::jump(world, &snap, *hero, *trap, *to),
        Command::DrinkPotion { hero, potion } => actions::drink(world, &snap, *hero, potion),
        Command::Give { from, to, item } => actions::give(world, &snap, *from, *to, item),
        Command::PickUp { hero } => actions::pick_up(world, &snap, *hero),
        Command::UseArtifact { hero, item } => actions::use_artifact(world, &snap, *hero, item),
        Command::Wield { hero, weapon } => actions::wield(world, &snap, *hero, weapon),
        Command::Retreat { hero } => actions::retreat(world, &snap, *hero),
        Command::EndTurn => {
            if snap.turn.draft.is_some() {
                return Err("the spell schools must be chosen first".into());
            }
            Ok(end_turn(world, &snap))
        }
    }
}

pub(super) use super::traps::{Sprung, spring, spring_on_skull, undefended};

/// The id for a figure new to the quest (summoned, wandering, brought by an event). Ids are
/// never reused: the names table remembers every figure, dead or alive.
pub(super) fn next_figure_id(world: &World) -> FigureId {
    FigureId(
        world
            .resource::<FigureNames>()
            .0
            .keys()
            .map(|f| f.0 + 1)
            .max()
            .unwrap_or(0),
    )
}

pub use super::movement::reveal;
pub(super) use super::movement::{armed_floor_trap_at, move_figure};

/// After every command, the captive of a rescue: freed by a hero beside them (the first in turn
/// order), left waiting if their hero falls or leaves, out by the stairway when their hero stands
/// on it.
fn settle_captive(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let Some(c) = snap.captive().filter(|c| c.alive()) else {
        return evs;
    };
    let at = c.pos.expect("alive");
    let leader = c.follows.and_then(|id| snap.figure(id)).filter(|h| h.alive());
    let leader = match leader {
        Some(h) => Some(h),
        None => {
            let freer = snap.living_heroes().find(|h| {
                h.pos
                    .is_some_and(|p| p.is_orthogonally_adjacent(at) && snap.edge_open(p, at))
            });
            let mut cap = world.get_mut::<Captive>(c.entity).expect("captive");
            cap.follows = freer.map(|h| h.id);
            if let Some(h) = freer {
                evs.push(GameEvent::CaptiveFreed {
                    captive: c.id,
                    hero: h.id,
                });
            }
            freer
        }
    };
    if let Some(h) = leader
        && h.pos.is_some_and(|p| snap.quest.stairway.contains(p))
    {
        world.entity_mut(c.entity).insert(Escaped).remove::<GridPos>();
        evs.push(GameEvent::CaptiveRescued { captive: c.id });
    }
    evs
}

pub(super) use super::turn::end_turn;

/// After every command: objective, heroes leaving by the stairway, victory and defeat.
/// Also gives back the picture it read when it changed nothing (see `submit_from`).
fn settle(world: &mut World) -> (Vec<GameEvent>, Option<Snapshot>) {
    let Some(snap) = Snapshot::capture(world) else {
        return (Vec::new(), None);
    };
    if let Phase::Over(_) = snap.turn.phase {
        return (Vec::new(), Some(snap));
    }
    let mut evs = Vec::new();
    let quest = snap.quest.clone();
    let mut done = snap.turn.objective_done;
    let round = snap.turn.round;
    if let ObjectiveKind::Rescue(_) = &quest.objective.kind {
        let captive = snap.captive();
        if captive.is_some_and(|c| !c.escaped && c.body == 0) {
            world.resource_mut::<Turn>().phase = Phase::Over(Outcome::Lost);
            evs.push(GameEvent::QuestLost { round });
            return (evs, None);
        }
        let freed = settle_captive(world, &snap);
        let rescued = freed.iter().any(|e| matches!(e, GameEvent::CaptiveRescued { .. }));
        evs.extend(freed);
        if rescued {
            return ([evs, settle(world).0].concat(), None);
        }
    }
    if !done {
        done = match &quest.objective.kind {
            ObjectiveKind::DefeatNamed(names) => !snap.monsters().any(|m| names.contains(&m.name)),
            ObjectiveKind::DefeatAll => snap.monsters().next().is_none(),
            ObjectiveKind::Reach(p) => snap.living_heroes().any(|h| h.pos == Some(*p)),
            // Only the quest's events complete it (script::run sets `objective_done`).
            ObjectiveKind::Scripted(_) => false,
            // Carried out of the dungeon counts; a fallen hero's things lie on the floor.
            ObjectiveKind::FindItem { item, .. } => {
                snap.heroes().any(|h| (h.alive() || h.escaped) && h.equipment.has(item))
            }
            // Met below, when the first hero gets out.
            ObjectiveKind::Escape(_) => false,
            ObjectiveKind::Rescue(_) => snap.captive().is_some_and(|c| c.escaped),
        };
        if done {
            world.resource_mut::<Turn>().objective_done = true;
            evs.push(GameEvent::ObjectiveCompleted);
        }
    }
    let escape = matches!(quest.objective.kind, ObjectiveKind::Escape(_));
    if done && !quest.objective.return_to_stairway && !escape {
        world.resource_mut::<Turn>().phase = Phase::Over(Outcome::Won);
        evs.push(GameEvent::QuestWon { round });
        return (evs, None);
    }
    let mut active_left = false;
    // An escape: a hero on a way out leaves the dungeon, and the first to do so meets the goal.
    if let ObjectiveKind::Escape(exits) = &quest.objective.kind {
        for h in snap.living_heroes() {
            if h.pos.is_some_and(|p| exits.contains(&p)) {
                world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
                evs.push(GameEvent::HeroGotOut { figure: h.id });
                active_left |= snap.turn.phase == Phase::Hero(h.id);
                if !done {
                    done = true;
                    world.resource_mut::<Turn>().objective_done = true;
                    evs.push(GameEvent::ObjectiveCompleted);
                }
            }
        }
    }
    if done {
        for h in snap.living_heroes() {
            if h.pos.is_some_and(|p| quest.stairway.contains(p)) {
                world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
                evs.push(GameEvent::HeroEscaped { figure: h.id });
                active_left |= snap.turn.phase == Phase::Hero(h.id);
            }
        }
    }
    // Every change above comes with an event: without one, the picture taken first still holds.
    let snap = if evs.is_empty() {
        snap
    } else {
        Snapshot::capture(world).expect("quest in play")
    };
    let on_board = snap.living_heroes().count();
    let escaped = snap.heroes().filter(|h| h.escaped).count();
    if on_board == 0 {
        let outcome = match (escaped > 0, done) {
            (true, true) => Outcome::Won,
            (true, false) => Outcome::Retreated,
            _ => Outcome::Lost,
        };
        world.resource_mut::<Turn>().phase = Phase::Over(outcome);
        evs.push(match outcome {
            Outcome::Won => GameEvent::QuestWon { round },
            Outcome::Lost => GameEvent::QuestLost { round },
            Outcome::Retreated => GameEvent::QuestAbandoned { round },
        });
        return (evs, None);
    }
    if active_left {
        evs.extend(end_turn(world, &snap));
    }
    let still = evs.is_empty().then_some(snap);
    (evs, still)
}
