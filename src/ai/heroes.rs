//! The greedy hero bot (simulation and `--autoplay`): fight what is next to you, open doors,
//! hunt the monsters you have seen, explore the rest, and go home when the job is done.
//! It sees only what the heroes have revealed.

use super::{attack_squares, field, trim_path};
use crate::game::model::{Command, MoveState};
use crate::game::snapshot::Snapshot;
use crate::quest::ObjectiveKind;
use crate::rules::geometry::Pos;

/// The next command for the hero whose turn it is; `EndTurn` when it has nothing left to do.
pub fn next_command(snap: &Snapshot) -> Command {
    let Some(h) = snap.active_hero() else {
        return Command::EndTurn;
    };
    let Some(at) = h.pos else {
        return Command::EndTurn;
    };
    let progress = snap.turn.progress(h.id);

    // 1. Fight: the weakest monster within reach.
    if !progress.acted
        && let Some(t) = snap.attack_targets(h).min_by_key(|t| (t.body, t.id))
    {
        return Command::Attack {
            attacker: h.id,
            target: t.id,
        };
    }
    // 2. Open a closed door beside us (a free action) unless the job is done.
    if !snap.turn.objective_done
        && let Some(d) = snap.doors.iter().find(|d| !d.open && d.edge.touches(at))
    {
        return Command::OpenDoor { hero: h.id, door: d.id };
    }
    // 3. Move towards a goal.
    if progress.moving == MoveState::Done || (progress.allowance.is_some() && progress.steps_left() == 0) {
        return Command::EndTurn;
    }
    let Some(f) = field(snap, h) else {
        return Command::EndTurn;
    };
    let goals = goals(snap, h.id);
    let target = goals
        .iter()
        .filter_map(|g| f.dist(*g).map(|d| (d, *g)))
        .filter(|(d, _)| *d > 0)
        .min();
    let Some((_, goal)) = target else {
        return Command::EndTurn;
    };
    if progress.allowance.is_none() {
        return Command::RollMovement { hero: h.id };
    }
    let path = trim_path(snap, h, f.path_to(goal).unwrap_or_default(), progress.steps_left());
    if path.is_empty() {
        Command::EndTurn
    } else {
        Command::Move { figure: h.id, path }
    }
}

/// Squares worth walking to, most urgent kind first (the first kind with any reachable square wins).
fn goals(snap: &Snapshot, hero: crate::game::model::FigureId) -> Vec<Pos> {
    let Some(h) = snap.figure(hero) else {
        return Vec::new();
    };
    let Some(f) = field(snap, h) else {
        return Vec::new();
    };
    let reachable = |v: Vec<Pos>| -> Vec<Pos> { v.into_iter().filter(|p| f.dist(*p).is_some()).collect() };
    let quest = &snap.quest;
    if snap.turn.objective_done {
        let home = reachable(quest.stairway.squares().filter(|p| snap.can_stop_on(h, *p)).collect());
        if !home.is_empty() {
            return home;
        }
    }
    // Monsters in sight of the party: go and fight them.
    let hunt: Vec<Pos> = snap
        .monsters()
        .filter(|m| m.awake)
        .flat_map(|m| attack_squares(snap, h, m))
        .collect();
    let hunt = reachable(hunt);
    if !hunt.is_empty() {
        return hunt;
    }
    // Every square next to them is taken or cut off: close in as far as the way allows.
    let awake: Vec<Pos> = snap.monsters().filter(|m| m.awake).filter_map(|m| m.pos).collect();
    if !awake.is_empty() {
        let b = snap.board();
        let to_monsters = crate::rules::paths::DistanceField::multi(b.width, b.height, &awake, 1000, |p, q| {
            snap.edge_open(p, q) && !snap.is_solid(q)
        });
        let best = f
            .reached()
            .filter(|(p, d)| *d > 0 && snap.can_stop_on(h, *p))
            .filter_map(|(p, _)| to_monsters.dist(p).map(|d| (d, p)))
            .min();
        if let Some((closest, _)) = best {
            let here = h.pos.and_then(|p| to_monsters.dist(p)).unwrap_or(u16::MAX);
            if closest < here {
                return f
                    .reached()
                    .filter(|(p, d)| *d > 0 && snap.can_stop_on(h, *p) && to_monsters.dist(*p) == Some(closest))
                    .map(|(p, _)| p)
                    .collect();
            }
        }
    }
    if let ObjectiveKind::Reach(p) = quest.objective.kind
        && f.dist(p).is_some()
    {
        return vec![p];
    }
    // Explore: the near side of closed doors, and corridor squares not yet seen.
    let mut explore: Vec<Pos> = Vec::new();
    for d in snap.doors.iter().filter(|d| !d.open) {
        for s in [d.edge.0, d.edge.1] {
            if snap.can_stop_on(h, s) {
                explore.push(s);
            }
        }
    }
    explore.extend(
        snap.board()
            .squares()
            .filter(|p| !snap.fog.is_revealed(*p) && snap.can_stop_on(h, *p)),
    );
    reachable(explore)
}
