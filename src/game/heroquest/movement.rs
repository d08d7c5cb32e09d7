//! Walking: a figure's move step by step (traps sprung, sights revealed, a captive led, a quest
//! event that stops the hero), and what the heroes see revealed.

use bevy::prelude::*;

use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::quest::ObjectiveKind;
use crate::rules::board::{AreaKind, CORRIDOR};
use crate::rules::geometry::Pos;

use super::*;
use crate::game::world::*;

/// An armed floor trap (hidden or found) at `at`: a hero who lands there springs it.
pub(in crate::game) fn armed_floor_trap_at(world: &mut World, at: Pos) -> Option<Trap> {
    let mut q = world.query::<&Trap>();
    q.iter(world)
        .find(|t| t.at == at && t.furniture.is_none() && t.armed())
        .cloned()
}

/// Walks `f` along `path`. `snap` must show the world as it stands now (nothing changed since it
/// was taken): the move starts from it and keeps it up to date step by step.
pub(in crate::game) fn move_figure(
    world: &mut World,
    snap: &Snapshot,
    f: &FigureSnap,
    path: &[Pos],
) -> Result<Vec<GameEvent>, String> {
    // A Move action under way or not yet begun, or one of Haste's (Revised #121).
    let mut p = snap.move_progress(f).unwrap_or_else(|| snap.turn.progress(f.id));
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
    if !snap.may_start_moving(f) {
        return Err(format!("{} has already taken two actions this turn", f.name));
    }
    if path.is_empty() {
        return Err("the path is empty".into());
    }
    if let Some(why) = f.rooted_by() {
        return Err(format!("{} {why} and cannot move this turn", f.name));
    }
    // A hero off the board comes on at a free stairway square with its first point
    // (action-point-movement.md, Entering and Exiting the Map): the path begins there.
    let entering = f.off_map() && snap.action_points();
    let (start, walk) = match f.pos {
        Some(p) => (p, path),
        None if entering => {
            let entry = path[0];
            if !snap.entrance(f).contains(&entry) {
                return Err(format!(
                    "{} comes onto the board on a free square of the stairway, and {entry} is not one",
                    f.name
                ));
            }
            (entry, &path[1..])
        }
        None => return Err("that figure is not on the board".into()),
    };
    let entry_cost = if entering { snap.entry_cost(start) } else { 0 };
    if f.hero && snap.action_points() {
        // action-point-movement.md, Terrain and Threatened Squares: a point a square, one more
        // to leave a square a seen monster threatens.
        let cost = entry_cost + snap.path_cost(f, start, walk);
        if cost > u16::from(p.steps_left()) {
            return Err(format!(
                "{} has only {} action point{} left and that way costs {cost}",
                f.name,
                p.steps_left(),
                crate::text::plural(u32::from(p.steps_left()))
            ));
        }
    } else if path.len() > usize::from(snap.walk_left(f, &p)) {
        return Err(format!(
            "{} has only {} squares of movement left",
            f.name,
            snap.walk_left(f, &p)
        ));
    }
    let mut prev = start;
    for (i, &q) in walk.iter().enumerate() {
        // heroquest-2021.md, Pit Trap: an open pit ends the move of whoever enters it, so no
        // walk goes on through one (rules-decisions row 17); a hero may jump it instead.
        if i + 1 < walk.len() && snap.in_pit(q) {
            return Err(format!(
                "{} would stop in the open pit at {q}: entering a pit ends the move (a hero may jump it)",
                f.name
            ));
        }
        if !prev.is_orthogonally_adjacent(q) {
            return Err(format!("{prev} to {q} is not one orthogonal step"));
        }
        if !snap.edge_open(prev, q) && !f.has(StatusKind::PassThroughRock) {
            return Err(format!("a wall or closed door stands between {prev} and {q}"));
        }
        if snap.is_solid(q) {
            return Err(format!("{q} is blocked"));
        }
        if let Some(o) = snap.known_figure_at(f, q)
            && !snap.may_pass(f, o)
        {
            let giant = if o.giant() { " (no figure passes a giant)" } else { "" };
            return Err(format!("{} cannot pass {} at {q}{giant}", f.name, o.name));
        }
        prev = q;
    }
    let last = *path.last().expect("checked non-empty");
    if !snap.can_stop_on(f, last) {
        return Err(format!("{} cannot end a move on a square another figure holds", f.name));
    }

    let mut evs = Vec::new();
    let mut at = start;
    let mut trail = vec![at];
    let mut taken = 0u8;
    let mut stop_reason: Option<String> = None;
    let mut ends_turn = false;
    // A failure event ended the move on its square (the action-point module).
    let mut ends_here = false;
    // Where everything stands, kept up to date step by step (a fresh copy after a trap springs).
    // Nothing has changed since the caller's picture (`apply` took it just before): start from it.
    let mut now = if entering {
        world.entity_mut(f.entity).insert(GridPos(start));
        evs.push(GameEvent::HeroEntered {
            figure: f.id,
            at: start,
        });
        taken = entry_cost as u8;
        let mut now = Snapshot::capture(world).expect("quest in play");
        let seen = reveal_with(world, &mut now);
        if seen.iter().any(|e| matches!(e, GameEvent::MonsterRevealed { .. })) && !walk.is_empty() {
            stop_reason = Some("a monster came into view".to_string());
        }
        evs.extend(seen);
        now
    } else {
        snap.clone()
    };
    // A hero that has just come on, as it stands now (on the board).
    let came_on;
    let f = if entering {
        came_on = now.figure(f.id).cloned().expect("the hero came on");
        &came_on
    } else {
        f
    };
    for (i, &q) in walk.iter().enumerate() {
        // The action-point module: a way out takes the hero off the board the moment it is
        // entered (action-point-movement.md, Entering and Exiting the Map; `settle` lifts it).
        if f.hero && now.action_points() && now.leaves_by(at) {
            break;
        }
        if f.hero && taken > 0 {
            // Something revealed mid-move may now stand in the way, or be worth stopping for.
            if !now.can_step(f, at, q) {
                stop_reason.get_or_insert_with(|| format!("the way to {q} is blocked"));
                // Back off along the trail to a square the hero may stop on.
                while !now.can_stop_on(f, at) && trail.len() > 1 {
                    trail.pop();
                    let back = *trail.last().expect("trail keeps the start");
                    let cost = now.step_cost(f, at, back) as u8;
                    world.get_mut::<GridPos>(f.entity).expect("figure on board").0 = back;
                    now.relocate(f.id, back);
                    evs.push(GameEvent::HeroMoved {
                        figure: f.id,
                        from: at,
                        to: back,
                    });
                    taken = taken.saturating_add(cost);
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
        let cost = now.step_cost(f, at, q) as u8;
        let paid_to_leave = f.hero && now.action_points() && now.threatened(at);
        world.get_mut::<GridPos>(f.entity).expect("figure on board").0 = q;
        now.relocate(f.id, q);
        taken = taken.saturating_add(cost);
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
        if paid_to_leave {
            evs.push(GameEvent::ThreatenedStep { figure: f.id, from: at });
        }
        let from = at;
        at = q;
        trail.push(q);
        if now.in_pit(q) {
            ends_here = true;
            evs.push(GameEvent::MoveInterrupted {
                figure: f.id,
                at: q,
                reason: "the open pit ends the move".into(),
            });
        }
        if f.hero {
            let armed = now
                .traps
                .iter()
                .find(|t| t.furniture.is_none() && t.at == q && t.armed())
                .cloned();
            if let Some(trap) = armed {
                let sprung = spring(world, &trap, f, from, walk.get(i + 1).copied());
                evs.extend(sprung.events);
                now = Snapshot::capture(world).expect("quest in play");
                if sprung.stop {
                    ends_turn = sprung.ends_turn;
                    evs.extend(reveal_with(world, &mut now));
                    break;
                }
            }
            // The action-point module's dangerous terrain.
            let (danger, ends) = super::points::enter_square(world, &now, f, q);
            if !danger.is_empty() {
                evs.extend(danger);
                now = Snapshot::capture(world).expect("quest in play");
                let alive = now.figure(f.id).is_some_and(|h| h.alive());
                ends_turn |= ends.turn && alive;
                if ends.moving || !alive {
                    ends_here = true;
                    if !alive || now.can_stop_on(f, at) {
                        evs.extend(reveal_with(world, &mut now));
                        break;
                    }
                    // Passing through an ally there: the move ends on the first square past it
                    // the hero may stop on (the way's last square always is one).
                    stop_reason.get_or_insert_with(|| "the ground gives way under foot".to_string());
                }
            }
            let seen = reveal_with(world, &mut now);
            if seen.iter().any(|e| matches!(e, GameEvent::MonsterRevealed { .. }))
                && at != *walk.last().expect("non-empty")
            {
                stop_reason.get_or_insert_with(|| "a monster came into view".to_string());
            }
            evs.extend(seen);
            // A quest event waits here (docs/quest-format.md, Events): the hero stops on the
            // square that sets it off.
            if at != *walk.last().expect("non-empty") && crate::game::script::step_sets_off(&now, from, q) {
                stop_reason.get_or_insert_with(|| "something happens here".to_string());
            }
        } else if f.has_ability(&crate::rules::ruleset::Ability::Sentry) && f.awake {
            // A Sentry reveals what it sees as a hero does (Revised #130), and walks on.
            evs.extend(reveal_with(world, &mut now));
        }
    }
    if f.hero && matches!(snap.quest.objective.kind, ObjectiveKind::Rescue(_)) {
        evs.extend(lead_captive(world, f.id, &trail));
    }
    p = snap.after_walking(f, p, taken);
    // A thief that walked out of the heroes' sight got away with what it took (Revised #133).
    if !f.hero {
        evs.extend(super::steal::out_of_sight(world));
    }
    // The action-point module: the log says what the move cost (item 7 of issue 21).
    if f.hero && snap.action_points() && taken > 0 {
        evs.push(GameEvent::MovePaid {
            figure: f.id,
            squares: (trail.len() - 1 + usize::from(entering)) as u8,
            points: taken,
            left: p.steps_left(),
        });
    }
    p.moving = if p.steps_left() == 0 || ends_turn || ends_here {
        MoveState::Done
    } else {
        MoveState::Moving
    };
    set_progress(world, f.id, p);
    if ends_turn {
        let now = Snapshot::capture(world).expect("quest in play");
        if now.turn.phase == Phase::Hero(f.id) {
            evs.extend(end_turn(world, &now));
        }
    }
    Ok(evs)
}

/// The captive following `hero` walks the hero's trail to the last square behind the hero that
/// is free (a teammate may stand on the one just behind).
fn lead_captive(world: &mut World, hero: FigureId, trail: &[Pos]) -> Vec<GameEvent> {
    let snap = Snapshot::capture(world).expect("quest in play");
    let Some(c) = snap.captive().filter(|c| c.alive() && c.follows == Some(hero)) else {
        return Vec::new();
    };
    let from = c.pos.expect("alive");
    let Some(&to) = trail[..trail.len().saturating_sub(1)]
        .iter()
        .rev()
        .find(|q| **q == from || snap.can_stop_on(c, **q))
    else {
        return Vec::new();
    };
    if to == from {
        return Vec::new();
    }
    world.get_mut::<GridPos>(c.entity).expect("captive on board").0 = to;
    vec![GameEvent::CaptiveMoved {
        captive: c.id,
        from,
        to,
    }]
}

/// Reveals what the heroes can now see: a glimpse of a room shows the whole room; corridor
/// squares are shown one by one as they come into sight. Monsters seen wake up.
pub fn reveal(world: &mut World) -> Vec<GameEvent> {
    match Snapshot::capture(world) {
        Some(mut snap) => reveal_with(world, &mut snap),
        None => Vec::new(),
    }
}

/// `reveal` on a snapshot of the world as it stands now, which is kept true: its fog and the
/// monsters it wakes are updated too.
fn reveal_with(world: &mut World, snap: &mut Snapshot) -> Vec<GameEvent> {
    let quest = snap.quest.clone();
    let board = &quest.board;
    let mut fog = (*snap.fog).clone();
    let mut newly_rooms = Vec::new();
    let mut corridor_new = 0u32;
    // The heroes', and a Sentry's that the heroes have seen (Revised #130).
    let sentry = |m: &&FigureSnap| m.awake && m.has_ability(&crate::rules::ruleset::Ability::Sentry);
    let mut eyes: Vec<Pos> = snap
        .living_heroes()
        .chain(snap.monsters().filter(sentry))
        .filter_map(|h| h.pos)
        .collect();
    // Heroes waiting off the board (the action-point module) look down the stairway: what a
    // hero standing on it would see is revealed before anyone comes on (rules-decisions #56).
    if snap.heroes().any(|h| h.off_map()) {
        eyes.extend(quest.stairway.squares().filter(|q| board.in_bounds(*q)));
    }
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
        // Only squares the eye could ever see (walls alone, every door open, no figures) can be
        // in sight now: test just those still in the fog, in board order.
        for (w, &word) in quest.sight.row(i).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let q = board.pos_of_index(k);
                if fog.revealed[k] || !snap.sees_exploring(eye, q) {
                    continue;
                }
                let area = board.area(q);
                if area == CORRIDOR {
                    fog.revealed[k] = true;
                    corridor_new += 1;
                } else {
                    show_area(&mut fog, area, &mut newly_rooms);
                }
            }
        }
    }
    let changed = corridor_new > 0 || !newly_rooms.is_empty();
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
    let woken: Vec<usize> = (0..snap.figures.len())
        .filter(|&i| {
            let m = &snap.figures[i];
            !m.hero && m.alive() && !m.awake && m.pos.is_some_and(|p| fog.is_revealed(p))
        })
        .collect();
    for i in woken {
        let m = std::sync::Arc::make_mut(&mut std::sync::Arc::make_mut(&mut snap.figures)[i]);
        world.entity_mut(m.entity).insert(Awake);
        m.awake = true;
        evs.push(GameEvent::MonsterRevealed {
            figure: m.id,
            at: m.pos.expect("alive"),
        });
    }
    if changed {
        world.insert_resource(fog.clone());
    }
    snap.fog = std::sync::Arc::new(fog);
    evs
}
