//! The one place commands change the game: validate with the rules, change components, record events.

use std::sync::Arc;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::model::Command;
use super::model::*;
use super::snapshot::{FigureSnap, Snapshot};
use crate::quest::{ObjectiveKind, Quest};
use crate::rules::board::{AreaKind, CORRIDOR};
use crate::rules::combat::{self, Side};
use crate::rules::dice;
use crate::rules::geometry::Pos;

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

    let mut names = FigureNames::default();
    let mut next_id = 0u32;
    for (seat, (class, start)) in quest.heroes.iter().zip(&quest.hero_starts).enumerate() {
        let def = &rules.heroes[class];
        let weapon = &rules.weapons[&def.weapon];
        world.spawn((
            Name::new(def.name.clone()),
            QuestEntity,
            FigureId(next_id),
            GridPos(*start),
            Hero {
                class: class.clone(),
                name: def.name.clone(),
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
            Fighter {
                attack: weapon.attack,
                defend: rules.hero_defend,
                movement: Movement::Dice(rules.movement_dice),
                diagonal: weapon.diagonal,
            },
            Equipment {
                weapon: def.weapon.clone(),
            },
        ));
        names.0.insert(FigureId(next_id), def.name.clone());
        next_id += 1;
    }
    for m in &quest.monsters {
        let s = m.stats;
        world.spawn((
            Name::new(m.name.clone().unwrap_or_else(|| m.kind.clone())),
            QuestEntity,
            FigureId(next_id),
            GridPos(m.at),
            Monster {
                kind: m.kind.clone(),
                name: m.name.clone(),
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
        ));
        let kind_name = crate::rules::ruleset::RuleSet::monster_name(&m.kind);
        names.0.insert(FigureId(next_id), m.name.clone().unwrap_or(kind_name));
        next_id += 1;
    }
    for (i, (edge, open)) in quest.doors.iter().enumerate() {
        world.spawn((
            Name::new(format!("door {i}")),
            QuestEntity,
            Door {
                id: i as u32,
                edge: *edge,
                open: *open,
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
    world.insert_resource(names);
    world.insert_resource(Turn {
        round: 1,
        phase: Phase::Hero(FigureId(0)),
        progress: Default::default(),
        objective_done: false,
    });
    let mut events = vec![GameEvent::QuestStarted {
        quest: quest.id.clone(),
        seed,
    }];
    events.extend(reveal(world));
    events.push(GameEvent::TurnStarted {
        round: 1,
        actor: Actor::Hero(FigureId(0)),
    });
    record(world, &events);
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
    record(world, &[event]);
}

/// Applies one command. Illegal commands change nothing and yield one `CommandRejected`.
pub fn submit(world: &mut World, cmd: Command) -> Vec<GameEvent> {
    if let Some(mut log) = world.get_resource_mut::<CommandLog>() {
        log.0.push(cmd.clone());
    }
    let events = match apply(world, &cmd) {
        Ok(mut evs) => {
            evs.extend(settle(world));
            evs
        }
        Err(reason) => vec![GameEvent::CommandRejected { reason }],
    };
    record(world, &events);
    events
}

fn rng(world: &mut World) -> &mut ChaCha8Rng {
    &mut world.resource_mut::<GameRng>().into_inner().0
}

fn set_progress(world: &mut World, id: FigureId, p: Progress) {
    world.resource_mut::<Turn>().progress.insert(id, p);
}

/// May `f` act now? Heroes on their own turn; awake monsters on the sorcerer's.
fn may_act(snap: &Snapshot, f: &FigureSnap) -> Result<(), String> {
    if !f.alive() {
        return Err(format!("{} is not on the board", f.name));
    }
    match snap.turn.phase {
        Phase::Hero(id) if f.hero && id == f.id => Ok(()),
        Phase::Hero(id) => Err(format!(
            "it is {}'s turn",
            snap.figure(id).map_or("another hero", |h| h.name.as_str())
        )),
        Phase::Sorcerer if !f.hero && f.awake => Ok(()),
        Phase::Sorcerer if !f.hero => Err(format!("{} has not been seen yet and cannot act", f.name)),
        Phase::Sorcerer => Err("it is the sorcerer's turn".into()),
        Phase::Over(_) => Err("the quest is over".into()),
    }
}

fn apply(world: &mut World, cmd: &Command) -> Result<Vec<GameEvent>, String> {
    let snap = Snapshot::capture(world).ok_or("no quest is in play")?;
    if let Phase::Over(_) = snap.turn.phase {
        return Err("the quest is over".into());
    }
    let get = |id: FigureId| snap.figure(id).ok_or_else(|| format!("there is no figure {}", id.0));
    match cmd {
        Command::RollMovement { hero } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            let Movement::Dice(n) = h.fighter.movement else {
                return Err("monsters do not roll for movement".into());
            };
            let mut p = snap.turn.progress(h.id);
            if p.allowance.is_some() {
                return Err(format!("{} has already rolled for movement this turn", h.name));
            }
            if p.moving == MoveState::Done {
                return Err(format!("{} has already moved this turn", h.name));
            }
            let dice: Vec<u8> = (0..n).map(|_| dice::roll_d6(rng(world))).collect();
            p.allowance = Some(dice.iter().sum());
            set_progress(world, h.id, p);
            Ok(vec![GameEvent::MovementRolled { hero: h.id, dice }])
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
            let at = h.pos.unwrap_or(Pos::new(-1, -1));
            if !d.edge.touches(at) {
                return Err(format!("{} must stand next to the door to open it", h.name));
            }
            let mut q = world.query::<&mut Door>();
            for mut dd in q.iter_mut(world) {
                if dd.id == *door {
                    dd.open = true;
                }
            }
            let mut evs = vec![GameEvent::DoorOpened { door: *door, by: h.id }];
            evs.extend(reveal(world));
            Ok(evs)
        }
        Command::Attack { attacker, target } => {
            let a = get(*attacker)?;
            let t = get(*target)?;
            may_act(&snap, a)?;
            let mut p = snap.turn.progress(a.id);
            if p.acted {
                return Err(format!("{} has already taken an action this turn", a.name));
            }
            if !snap.can_attack(a, t) {
                return Err(format!("{} cannot reach {} from here", a.name, t.name));
            }
            let attack = dice::roll_combat(rng(world), combat::dice_after_modifiers(a.fighter.attack, 0));
            let defend = dice::roll_combat(rng(world), combat::dice_after_modifiers(t.fighter.defend, 0));
            let side = if t.hero { Side::Hero } else { Side::Monster };
            let damage = combat::damage(&attack, &defend, side).min(t.body);
            p.acted = true;
            if p.moving == MoveState::Moving {
                p.moving = MoveState::Done;
            }
            set_progress(world, a.id, p);
            let mut evs = vec![GameEvent::Attack {
                attacker: a.id,
                target: t.id,
                attack,
                defend,
                damage,
            }];
            let left = t.body - damage;
            world.get_mut::<Body>(t.entity).expect("figures have a body").current = left;
            if left == 0 {
                if t.hero {
                    world.entity_mut(t.entity).insert(Dead).remove::<GridPos>();
                    evs.push(GameEvent::HeroKilled { figure: t.id, by: a.id });
                } else {
                    world.despawn(t.entity);
                    evs.push(GameEvent::MonsterKilled { figure: t.id, by: a.id });
                }
                evs.extend(reveal(world));
            }
            Ok(evs)
        }
        Command::EndTurn => Ok(end_turn(world, &snap)),
    }
}

fn move_figure(world: &mut World, snap: &Snapshot, f: &FigureSnap, path: &[Pos]) -> Result<Vec<GameEvent>, String> {
    let mut p = snap.turn.progress(f.id);
    if p.allowance.is_none() {
        match f.fighter.movement {
            Movement::Fixed(n) => p.allowance = Some(n),
            Movement::Dice(_) => return Err(format!("{} must roll for movement first", f.name)),
        }
    }
    if p.moving == MoveState::Done {
        return Err(format!(
            "{} has already moved this turn (a move cannot be split around an action)",
            f.name
        ));
    }
    if path.is_empty() {
        return Err("the path is empty".into());
    }
    if path.len() > p.steps_left() as usize {
        return Err(format!(
            "{} has only {} squares of movement left",
            f.name,
            p.steps_left()
        ));
    }
    let mut prev = f.pos.ok_or("that figure is not on the board")?;
    for &q in path {
        if !prev.is_orthogonally_adjacent(q) {
            return Err(format!("{prev} to {q} is not one orthogonal step"));
        }
        if !snap.edge_open(prev, q) {
            return Err(format!("a wall or closed door stands between {prev} and {q}"));
        }
        if snap.is_solid(q) {
            return Err(format!("{q} is blocked"));
        }
        if let Some(o) = snap.known_figure_at(f, q)
            && o.hero != f.hero
        {
            return Err(format!("{} cannot pass {} at {q}", f.name, o.name));
        }
        prev = q;
    }
    let last = *path.last().expect("checked non-empty");
    if !snap.can_stop_on(f, last) {
        return Err(format!("{} cannot end a move on {last}: it is taken", f.name));
    }

    let mut evs = Vec::new();
    let mut at = f.pos.expect("checked on board");
    let mut trail = vec![at];
    let mut taken = 0u8;
    let mut stop_reason: Option<String> = None;
    for &q in path {
        if f.hero && taken > 0 {
            // Something revealed mid-move may now stand in the way, or be worth stopping for.
            let now = Snapshot::capture(world).expect("quest in play");
            if !now.can_step(f, at, q) {
                stop_reason.get_or_insert_with(|| format!("the way to {q} is blocked"));
                // Back off along the trail to a square the hero may stop on.
                while !now.can_stop_on(f, at) && trail.len() > 1 {
                    trail.pop();
                    let back = *trail.last().expect("trail keeps the start");
                    world.get_mut::<GridPos>(f.entity).expect("figure on board").0 = back;
                    evs.push(GameEvent::HeroMoved {
                        figure: f.id,
                        from: at,
                        to: back,
                    });
                    taken += 1;
                    at = back;
                }
            }
            if let Some(reason) = &stop_reason
                && (now.can_stop_on(f, at) || !now.can_step(f, at, q))
            {
                evs.push(GameEvent::MoveInterrupted {
                    figure: f.id,
                    at,
                    reason: reason.clone(),
                });
                break;
            }
        }
        world.get_mut::<GridPos>(f.entity).expect("figure on board").0 = q;
        taken += 1;
        evs.push(if f.hero {
            GameEvent::HeroMoved {
                figure: f.id,
                from: at,
                to: q,
            }
        } else {
            GameEvent::MonsterMoved {
                figure: f.id,
                from: at,
                to: q,
            }
        });
        at = q;
        trail.push(q);
        if f.hero {
            let seen = reveal(world);
            if seen.iter().any(|e| matches!(e, GameEvent::MonsterRevealed { .. }))
                && at != *path.last().expect("non-empty")
            {
                stop_reason.get_or_insert_with(|| "a monster came into view".to_string());
            }
            evs.extend(seen);
        }
    }
    p.steps_used = p.steps_used.saturating_add(taken).min(p.allowance.unwrap_or(0));
    p.moving = if p.steps_left() == 0 {
        MoveState::Done
    } else {
        MoveState::Moving
    };
    set_progress(world, f.id, p);
    Ok(evs)
}

/// Reveals what the heroes can now see: a glimpse of a room shows the whole room; corridor
/// squares are shown one by one as they come into sight. Monsters seen wake up.
pub fn reveal(world: &mut World) -> Vec<GameEvent> {
    let Some(snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let board = snap.board().clone();
    let mut fog = snap.fog.clone();
    let mut newly_rooms = Vec::new();
    let mut corridor_new = 0u32;
    let eyes: Vec<Pos> = snap.living_heroes().filter_map(|h| h.pos).collect();
    let show_area = |fog: &mut Fog, area, newly_rooms: &mut Vec<u16>| {
        if !newly_rooms.contains(&area) {
            newly_rooms.push(area);
            for q in board.area_squares(area) {
                let i = board.index(q);
                fog.revealed[i] = true;
            }
        }
    };
    for &eye in &eyes {
        let own = board.area(eye);
        if own != CORRIDOR && !fog.is_revealed(eye) {
            show_area(&mut fog, own, &mut newly_rooms);
        }
        let i = board.index(eye);
        if !fog.revealed[i] {
            fog.revealed[i] = true;
            corridor_new += 1;
        }
        for q in board.squares() {
            if fog.is_revealed(q) || !snap.sees(eye, q) {
                continue;
            }
            let area = board.area(q);
            if area == CORRIDOR {
                fog.revealed[board.index(q)] = true;
                corridor_new += 1;
            } else {
                show_area(&mut fog, area, &mut newly_rooms);
            }
        }
    }
    let mut evs = Vec::new();
    for a in newly_rooms {
        let info = &board.area_info[a as usize];
        if info.kind == AreaKind::Room {
            evs.push(GameEvent::AreaRevealed {
                area: info.name.clone(),
                squares: board.area_squares(a).count() as u32,
            });
        }
    }
    if corridor_new > 0 {
        evs.push(GameEvent::AreaRevealed {
            area: "Corridor".into(),
            squares: corridor_new,
        });
    }
    for m in snap.monsters() {
        if !m.awake && m.pos.is_some_and(|p| fog.is_revealed(p)) {
            world.entity_mut(m.entity).insert(Awake);
            evs.push(GameEvent::MonsterRevealed {
                figure: m.id,
                at: m.pos.expect("alive"),
            });
        }
    }
    world.insert_resource(fog);
    evs
}

fn hero_order(snap: &Snapshot) -> Vec<FigureId> {
    snap.heroes().map(|h| h.id).collect()
}

fn end_turn(world: &mut World, snap: &Snapshot) -> Vec<GameEvent> {
    let order = hero_order(snap);
    let living: Vec<FigureId> = order
        .iter()
        .copied()
        .filter(|id| snap.figure(*id).is_some_and(|h| h.alive()))
        .collect();
    let mut turn = snap.turn.clone();
    turn.progress.clear();
    let next = match turn.phase {
        Phase::Hero(id) => {
            let after = order.iter().position(|h| *h == id).map_or(0, |i| i + 1);
            match order[after.min(order.len())..].iter().find(|h| living.contains(h)) {
                Some(h) => Actor::Hero(*h),
                None => Actor::Sorcerer,
            }
        }
        Phase::Sorcerer => {
            turn.round += 1;
            match living.first() {
                Some(h) => Actor::Hero(*h),
                None => Actor::Sorcerer,
            }
        }
        Phase::Over(_) => return Vec::new(),
    };
    turn.phase = match next {
        Actor::Hero(h) => Phase::Hero(h),
        Actor::Sorcerer => Phase::Sorcerer,
    };
    let round = turn.round;
    world.insert_resource(turn);
    vec![GameEvent::TurnStarted { round, actor: next }]
}

/// After every command: objective, heroes leaving by the stairway, victory and defeat.
fn settle(world: &mut World) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let Some(snap) = Snapshot::capture(world) else {
        return evs;
    };
    if let Phase::Over(_) = snap.turn.phase {
        return evs;
    }
    let quest = snap.quest.clone();
    let mut done = snap.turn.objective_done;
    if !done {
        done = match &quest.objective.kind {
            ObjectiveKind::DefeatNamed(names) => !snap.monsters().any(|m| names.contains(&m.name)),
            ObjectiveKind::DefeatAll => snap.monsters().next().is_none(),
            ObjectiveKind::Reach(p) => snap.living_heroes().any(|h| h.pos == Some(*p)),
        };
        if done {
            world.resource_mut::<Turn>().objective_done = true;
            evs.push(GameEvent::ObjectiveCompleted);
        }
    }
    let round = snap.turn.round;
    if done && !quest.objective.return_to_stairway {
        world.resource_mut::<Turn>().phase = Phase::Over(Outcome::Won);
        evs.push(GameEvent::QuestWon { round });
        return evs;
    }
    let mut active_left = false;
    if done {
        for h in snap.living_heroes() {
            if h.pos.is_some_and(|p| quest.stairway.contains(p)) {
                world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
                evs.push(GameEvent::HeroEscaped { figure: h.id });
                active_left |= snap.turn.phase == Phase::Hero(h.id);
            }
        }
    }
    let snap = Snapshot::capture(world).expect("quest in play");
    let on_board = snap.living_heroes().count();
    let escaped = snap.heroes().filter(|h| h.escaped).count();
    if on_board == 0 {
        let outcome = if escaped > 0 && done {
            Outcome::Won
        } else {
            Outcome::Lost
        };
        world.resource_mut::<Turn>().phase = Phase::Over(outcome);
        evs.push(match outcome {
            Outcome::Won => GameEvent::QuestWon { round },
            Outcome::Lost => GameEvent::QuestLost { round },
        });
        return evs;
    }
    if active_left {
        evs.extend(end_turn(world, &snap));
    }
    evs
}
