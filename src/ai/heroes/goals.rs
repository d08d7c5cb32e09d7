//! Where a hero bot walks: the squares worth walking to, most urgent first (and the competent
//! bot's careful ones), the secret-door spots nobody has searched, and the ways over known traps
//! when they save enough squares or nothing else gets through.

use super::*;

/// How many squares a way over a known trap must save to be worth the risk.
pub(super) const TRAP_SHORTCUT: u16 = 4;

pub(super) fn shortcut_over_trap(snap: &Snapshot, h: &FigureSnap, goal: Pos, around: u16) -> Option<Command> {
    // With no known trap on the floor the way over traps is the way around them.
    if !snap.traps.iter().any(crate::game::model::Trap::jumpable) {
        return None;
    }
    let over = over_traps_field(snap, h)?;
    let d = over.dist(goal)?;
    if around < d.saturating_add(TRAP_SHORTCUT) {
        return None;
    }
    up_to_trap(snap, h, &over, goal)
}

/// The way to `goal` over known traps (`over`): the walk up to the first trap on it, or the jump
/// over it when it is next to us.
pub(super) fn up_to_trap(snap: &Snapshot, h: &FigureSnap, over: &DistanceField, goal: Pos) -> Option<Command> {
    let path = over.path_to(goal)?;
    let i = path.iter().position(|p| snap.jumpable_trap_on(*p))?;
    let progress = snap.turn.progress(h.id);
    if i == 0 {
        return trap_in_the_way(snap, h, &[goal]);
    }
    if progress.allowance.is_none() && !h.rooted() {
        return Some(Command::RollMovement { hero: h.id });
    }
    let walk = trim_path(snap, h, path[..i].to_vec(), progress.steps_left());
    (!walk.is_empty()).then_some(Command::Move {
        figure: h.id,
        path: walk,
    })
}

/// Squares worth walking to, most urgent kind first (the first kind with any reachable square wins).
/// `f`: the hero's walking distances (around known traps, or over them).
pub(super) fn goals(snap: &Snapshot, h: &FigureSnap, f: &DistanceField) -> Vec<Pos> {
    let reachable = |v: Vec<Pos>| -> Vec<Pos> { v.into_iter().filter(|p| f.dist(*p).is_some()).collect() };
    let quest = &snap.quest;
    // An escape: the way out is the goal from the start (and the way home after it).
    if let ObjectiveKind::Escape(exits) = &quest.objective.kind {
        let out = reachable(exits.iter().copied().filter(|p| snap.can_stop_on(h, *p)).collect());
        if !out.is_empty() {
            return out;
        }
    }
    // A rescue: once the captive follows someone, the whole party heads home with them.
    let captive = snap.captive().filter(|c| c.alive());
    let escorting = captive.is_some_and(|c| c.follows.is_some());
    if snap.turn.objective_done || escorting {
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
    let within = reachable(hunt.clone());
    if !within.is_empty() {
        return within;
    }
    // Monsters awake only past a known trap: their squares stay the goal, so that the hero takes
    // the way over the trap (jumped, or disarmed by a Dwarf) instead of circling near it.
    if !hunt.is_empty()
        && snap.traps.iter().any(crate::game::model::Trap::jumpable)
        && let Some(over) = over_traps_field(snap, h)
    {
        let past: Vec<Pos> = hunt.into_iter().filter(|p| over.dist(*p).is_some()).collect();
        if !past.is_empty() {
            return past;
        }
    }
    // Every square next to them is taken or cut off: close in as far as the way allows.
    let awake: Vec<Pos> = snap.monsters().filter(|m| m.awake).filter_map(|m| m.pos).collect();
    if !awake.is_empty() {
        let to_monsters = snap.terrain_field(&awake, 1000);
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
    // A captive seen and not yet freed: stand next to them.
    if let Some(c) = captive.filter(|c| c.follows.is_none())
        && let Some(at) = c.pos.filter(|p| snap.fog.is_revealed(*p))
    {
        let beside = reachable(
            at.neighbours()
                .into_iter()
                .filter(|q| snap.edge_open(*q, at) && snap.can_stop_on(h, *q))
                .collect(),
        );
        if !beside.is_empty() {
            return beside;
        }
    }
    // Explore: the near side of closed doors, and corridor squares not yet seen.
    let mut explore: Vec<Pos> = Vec::new();
    // Under the action-point module a lock to pick is a closed door too, and an unpulled lever
    // is worth standing on.
    let pickable = |d: &&crate::game::model::Door| snap.action_points() && d.kind == DoorKind::Lock;
    for d in snap.doors.iter().filter(|d| !d.open && (!d.locked || pickable(d))) {
        for s in [d.edge.0, d.edge.1] {
            if snap.can_stop_on(h, s) {
                explore.push(s);
            }
        }
    }
    if snap.levers_in_play() {
        explore.extend(
            snap.quest
                .levers
                .iter()
                .enumerate()
                .filter(|(i, (at, _))| {
                    !snap.dungeon.levers_pulled.contains(&(*i as u32))
                        && snap.fog.is_revealed(*at)
                        && snap.can_stop_on(h, *at)
                })
                .map(|(_, (at, _))| *at),
        );
        // A locked chest seen and still shut: the squares beside it.
        for (i, f) in snap.quest.furniture.iter().enumerate() {
            let on = Pos::new(f.rect.x, f.rect.y);
            if f.locked && !snap.dungeon.chests_opened.contains(&(i as u32)) && snap.fog.is_revealed(on) {
                explore.extend(
                    on.neighbours()
                        .into_iter()
                        .filter(|q| snap.board().in_bounds(*q) && snap.edge_open(*q, on) && snap.can_stop_on(h, *q)),
                );
            }
        }
    }
    explore.extend(
        snap.board()
            .squares()
            .filter(|p| !snap.fog.is_revealed(*p) && snap.can_stop_on(h, *p)),
    );
    let explore = reachable(explore);
    if !explore.is_empty() || snap.turn.objective_done {
        return explore;
    }
    // Nothing left in view to explore and the job not done: a room the heroes have seen and
    // nobody has searched for treasure (a quest's item may lie there, however far; not one whose
    // known chest trap would kill this hero, where it would only pace about), else the way on is
    // a secret door.
    let searched: std::collections::BTreeSet<u16> = snap.dungeon.searched.iter().map(|(_, a)| *a).collect();
    let unsearched = reachable(
        snap.board()
            .squares()
            .filter(|p| {
                let area = snap.area(*p);
                snap.fog.is_revealed(*p)
                    && area != CORRIDOR
                    && !searched.contains(&area)
                    && !deadly_chest(snap, h, area)
                    && snap.can_stop_on(h, *p)
            })
            .collect(),
    );
    if !unsearched.is_empty() {
        return unsearched;
    }
    reachable(secret_door_spots(snap, h))
}

/// Where a search for secret doors would look at walls nobody has searched yet: every square of
/// a room the heroes have seen and not searched, and every seen corridor square out of sight of
/// the corridor searches made so far (heroquest-2021.md, Action 4: a search covers the room, or
/// the corridor squares in sight). The bots only know what the heroes have seen.
pub(super) fn secret_door_spots(snap: &Snapshot, h: &FigureSnap) -> Vec<Pos> {
    let searches = &snap.dungeon.door_searches;
    let searched_rooms: std::collections::BTreeSet<u16> = searches
        .iter()
        .map(|(_, p)| snap.area(*p))
        .filter(|a| *a != CORRIDOR)
        .collect();
    let corridor_searches: Vec<Pos> = searches
        .iter()
        .map(|(_, p)| *p)
        .filter(|p| snap.area(*p) == CORRIDOR)
        .collect();
    snap.board()
        .squares()
        .filter(|p| snap.fog.is_revealed(*p) && snap.can_stop_on(h, *p))
        .filter(|p| match snap.area(*p) {
            CORRIDOR => !corridor_searches
                .iter()
                .any(|s| s == p || snap.sees_past_figures(*s, *p)),
            room => !searched_rooms.contains(&room),
        })
        .collect()
}

/// True when the goals are the secret-door spots (nothing else is left to do), `h` stands on
/// one, may act, and sees no monster.
pub(super) fn search_here_for_secret_doors(snap: &Snapshot, h: &FigureSnap, goals: &[Pos]) -> bool {
    let Some(at) = h.pos else { return false };
    snap.action_allowed(
        h,
        crate::game::model::ActionKind::Search(crate::quest::SearchKind::SecretDoors),
    )
    .is_ok()
        && !snap.turn.objective_done
        && goals.contains(&at)
        && snap.visible_monsters(h).next().is_none()
        && {
            let spots = secret_door_spots(snap, h);
            spots.contains(&at) && goals.iter().all(|g| spots.contains(g))
        }
}

/// No way to any goal but over a known trap next to us: jump it (or disarm it, if we can and have
/// not acted; `act` handles that).
pub(super) fn trap_in_the_way(snap: &Snapshot, h: &FigureSnap, goals: &[Pos]) -> Option<Command> {
    let progress = snap.turn.progress(h.id);
    let over = over_traps_field(snap, h)?;
    let goal = goals
        .iter()
        .filter(|g| over.dist(**g).is_some())
        .min_by_key(|g| over.dist(**g))?;
    let path = over.path_to(*goal)?;
    let first = *path.first()?;
    let trap = snap
        .trap_at(first)
        .filter(|t| t.jumpable() && snap.figure_at(t.at).is_none())?;
    let landing = *path.get(1)?;
    if h.rooted() {
        return None;
    }
    if progress.allowance.is_none() {
        return Some(Command::RollMovement { hero: h.id });
    }
    if progress.moving == MoveState::Done || progress.steps_left() < snap.rules().traps.jump_squares {
        return None;
    }
    if !snap.can_stop_on(h, landing) {
        return None;
    }
    Some(Command::JumpTrap {
        hero: h.id,
        trap: trap.id,
        to: landing,
    })
}

/// Walking distances that ignore known traps (to find the ones in the way).
pub(super) fn over_traps_field(snap: &Snapshot, h: &FigureSnap) -> Option<DistanceField> {
    snap.reach_over_traps(h, 1000)
}

/// The competent bot's reason to walk somewhere else than the greedy goals: while no monster is
/// awake, the party keeps together behind its leader (the first hero in turn order still in the
/// dungeon), who explores: any other hero more than `KEEP_UP` squares from the leader walks back
/// to it first. Only the others turn back: when every hero turned back for the nearest mate, two
/// heroes bound for opposite ways (each slowed by an open pit) met, parted and met again for
/// ever. (Pulling a badly hurt hero back from the fight was tried and lost games: a lone wounded
/// hero walking away ends up retreating up the stairway.) None: the usual goals.
pub(super) fn careful_goals(snap: &Snapshot, h: &FigureSnap, f: &DistanceField) -> Option<Vec<Pos>> {
    let awake = snap.monsters().any(|m| m.awake);
    if !awake && !snap.turn.objective_done {
        let leader = snap.living_heroes().filter(|o| o.pos.is_some()).min_by_key(|o| o.id);
        if let Some(leader) = leader.filter(|l| l.id != h.id)
            && let Some(there) = leader.pos
            && f.dist(there).is_some_and(|d| d > KEEP_UP)
        {
            let near: Vec<Pos> = there
                .neighbours()
                .into_iter()
                .filter(|q| f.dist(*q).is_some_and(|d| d > 0) && snap.can_stop_on(h, *q))
                .collect();
            if !near.is_empty() {
                return Some(near);
            }
        }
        // A cleared room a few steps away that nobody has searched for treasure (a fight won
        // from its doorway leaves one behind): step in, and `act` searches it.
        let here = h.pos.map(|p| snap.area(p));
        let searched: std::collections::BTreeSet<u16> = snap.dungeon.searched.iter().map(|(_, a)| *a).collect();
        let unsearched: Vec<Pos> = f
            .reached()
            .filter(|(p, d)| (1..=UNSEARCHED_ROOM_STEPS).contains(d) && snap.fog.is_revealed(*p))
            .map(|(p, _)| p)
            .filter(|p| {
                let area = snap.area(*p);
                area != CORRIDOR && Some(area) != here && !searched.contains(&area) && !deadly_chest(snap, h, area)
            })
            .filter(|p| snap.can_stop_on(h, *p))
            .collect();
        if !unsearched.is_empty() {
            return Some(unsearched);
        }
    }
    None
}

/// A trap the heroes know of on furniture in `area` that would kill `h` (a found chest trap
/// still springs on a treasure search until it is disarmed).
pub(super) fn deadly_chest(snap: &Snapshot, h: &FigureSnap, area: u16) -> bool {
    snap.traps
        .iter()
        .any(|t| t.furniture.is_some() && t.state == TrapState::Known && snap.area(t.at) == area && t.damage >= h.body)
}

/// How far from the party's leader the competent bot's other heroes may explore.
pub(super) const KEEP_UP: u16 = 6;

/// How far the competent bot walks back into a cleared room nobody has searched.
pub(super) const UNSEARCHED_ROOM_STEPS: u16 = 6;

/// A portal that shortens the way to the nearest of `goals` by `PORTAL_SHORTCUT` squares or more
/// (Revised #155): step through it standing on its woken end, else walk to its near end (where
/// `act` wakes a sleeping one with an Investigation, when `may_wake`: a man-at-arms cannot).
/// Distances are the board's own, through closed doors too, figures and traps aside.
pub(in crate::ai) fn portal_shortcut(
    snap: &Snapshot,
    h: &FigureSnap,
    f: &DistanceField,
    goals: &[Pos],
    may_wake: bool,
) -> Option<Command> {
    if snap.quest.portals.is_empty() || goals.is_empty() {
        return None;
    }
    let at = h.pos?;
    let b = snap.board();
    let to_goal = DistanceField::multi(b.width, b.height, goals, 1000, |p, q| {
        !snap.is_solid(q) && (!b.wall_between(p, q) || snap.door_on(p, q).is_some())
    });
    let direct = to_goal.dist(at).unwrap_or(u16::MAX);
    let steps = crate::game::heroquest::steps_left(snap, h).unwrap_or(0);
    let mut best: Option<(u16, Pos)> = None;
    for (i, &(a, b)) in snap.quest.portals.iter().enumerate() {
        let open = snap.dungeon.portals_open.contains(&(i as u32));
        if !open && !may_wake {
            continue;
        }
        for (near, far) in [(a, b), (b, a)] {
            let Some(there) = to_goal.dist(far) else { continue };
            if near == at {
                if open && there + 1 < direct && crate::game::heroquest::portal_exit(snap, h).is_ok() {
                    return Some(Command::UsePortal { figure: h.id });
                }
                continue;
            }
            let Some(walk) = f.dist(near) else { continue };
            // Waking it costs the hero its Action: count it as a couple of squares.
            let cost = walk + 1 + there + if open { 0 } else { 2 };
            if cost.saturating_add(PORTAL_SHORTCUT) <= direct
                && snap.can_stop_on(h, near)
                && best.is_none_or(|(c, _)| cost < c)
            {
                best = Some((cost, near));
            }
        }
    }
    let (_, near) = best?;
    let path = crate::ai::trim_path(snap, h, f.path_to(near)?, steps);
    (!path.is_empty()).then_some(Command::Move { figure: h.id, path })
}

/// How many squares a portal must save to be worth the detour.
const PORTAL_SHORTCUT: u16 = 3;
