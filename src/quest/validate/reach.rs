//! That the quest can be played to the end: walking on every square that is neither blocked nor
//! under furniture, through every door and secret door as if open (monsters and traps are
//! beaten or crossed in play), every hero start reaches the stairway (an escape's way out), and
//! what the objective needs (its monsters, square, captive or way out) can be reached from there.
//! An unreachable start or objective is an error at the entry that names it; a placed monster, or
//! special treasure or furniture in a room nobody can reach, is a warning.

use std::collections::VecDeque;

use super::*;

/// The squares a hero could walk to from `from` with every door open but the `shut` ones.
fn region(cx: &Ctx, from: impl Iterator<Item = Pos>, shut: &BTreeSet<Edge>) -> BTreeSet<Pos> {
    let doors: BTreeSet<Edge> = cx
        .doors
        .iter()
        .map(|(e, _)| *e)
        .chain(cx.secret_doors.iter().copied())
        .map(|e| Edge::new(e.0, e.1))
        .filter(|e| !shut.contains(e))
        .collect();
    let mut seen: BTreeSet<Pos> = BTreeSet::new();
    let mut todo: VecDeque<Pos> = VecDeque::new();
    for p in from.filter(|p| cx.walkable(*p)) {
        if seen.insert(p) {
            todo.push_back(p);
        }
    }
    while let Some(p) = todo.pop_front() {
        for q in p.neighbours() {
            if cx.walkable(q)
                && !seen.contains(&q)
                && (!cx.board.wall_between(p, q) || doors.contains(&Edge::new(p, q)))
            {
                seen.insert(q);
                todo.push_back(q);
            }
        }
        // A portal carries a hero to its other end once investigated, which a hero standing
        // on it can always do (Revised #155).
        for &(a, b) in &cx.portals {
            let other = if p == a {
                b
            } else if p == b {
                a
            } else {
                continue;
            };
            if seen.insert(other) {
                todo.push_back(other);
            }
        }
    }
    seen
}

/// The doors that only a lever opens (the action-point module's portcullises), with their levers,
/// and the ones a quest event opens.
pub(super) struct Gates<'a> {
    pub portcullises: &'a BTreeSet<Edge>,
    pub levers: &'a [(Pos, Edge)],
    /// Doors a quest event opens (by any trigger: the event is taken to fire).
    pub opened_by_events: BTreeSet<Edge>,
}

/// The squares reached from `from` with every door open but the portcullises whose lever is
/// never reached (pulled from the side the heroes come from) and no event opens; the
/// portcullises left shut.
fn region_with_levers(cx: &Ctx, from: &[Pos], gates: &Gates) -> (BTreeSet<Pos>, BTreeSet<Edge>) {
    let mut shut: BTreeSet<Edge> = gates
        .portcullises
        .iter()
        .filter(|e| !gates.opened_by_events.contains(e))
        .copied()
        .collect();
    loop {
        let reached = region(cx, from.iter().copied(), &shut);
        let pulled: Vec<Edge> = gates
            .levers
            .iter()
            .filter(|(at, e)| reached.contains(at) && shut.contains(e))
            .map(|(_, e)| *e)
            .collect();
        if pulled.is_empty() {
            return (reached, shut);
        }
        for e in pulled {
            shut.remove(&e);
        }
    }
}

/// Checks the layout; gives back the warnings (problems that leave the quest playable).
pub(super) fn check(cx: &mut Ctx, monsters: &[QuestMonster], kind: &ObjectiveKind, gates: &Gates) -> Vec<DataProblem> {
    let mut warnings = Vec::new();
    let (goal, goal_name): (Vec<Pos>, &str) = match kind {
        ObjectiveKind::Escape(exits) => (exits.clone(), "a way out"),
        _ => (cx.stair.squares().collect(), "the stairway"),
    };
    let (from_goal, shut) = region_with_levers(cx, &goal, gates);
    let how = if gates.portcullises.is_empty() {
        "even with every door and secret door open"
    } else {
        "even with every door and secret door open and every portcullis whose lever can be reached raised"
    };
    // Issue 34: a portcullis that no lever within reach (and no event) opens, when the quest
    // needs what lies behind it, is named at its own entry.
    if !shut.is_empty() {
        let all_open = region(cx, goal.iter().copied(), &BTreeSet::new());
        for (i, d) in cx.raw.doors.iter().enumerate() {
            let edge = Edge::new(pos(d.at), pos(d.to));
            if !shut.contains(&edge) {
                continue;
            }
            let mut without = shut.clone();
            without.remove(&edge);
            let behind = region(cx, goal.iter().copied(), &without);
            if behind.len() == from_goal.len() || all_open.len() == from_goal.len() {
                continue;
            }
            let lever = gates.levers.iter().find(|(_, e)| *e == edge);
            let why = match lever {
                None => "no lever opens it".to_string(),
                Some((at, _)) => format!("its lever at {at} lies beyond it (or beyond another shut portcullis)"),
            };
            let needs = |p: Pos| !from_goal.contains(&p) && behind.contains(&p);
            let needed = cx.raw.hero_starts.iter().any(|s| needs(pos(*s)))
                || match kind {
                    ObjectiveKind::DefeatAll => monsters.iter().any(|m| needs(m.at)),
                    ObjectiveKind::DefeatNamed(names) => monsters
                        .iter()
                        .any(|m| m.name.as_ref().is_some_and(|n| names.contains(n)) && needs(m.at)),
                    ObjectiveKind::Reach(p) => needs(*p),
                    ObjectiveKind::Rescue(c) => needs(c.at),
                    _ => false,
                };
            if needed {
                cx.out.err(
                    vec![Field("doors"), Index(i), Field("portcullis")],
                    format!(
                        "the portcullis {}-{} can never be raised ({why}), and the quest cannot be won without passing it",
                        edge.0, edge.1
                    ),
                );
            }
        }
    }
    for (i, s) in cx.raw.hero_starts.iter().enumerate() {
        let p = pos(*s);
        if !from_goal.contains(&p) {
            cx.out.err(
                vec![Field("hero_starts"), Index(i)],
                format!("the hero start {p} cannot reach {goal_name}, {how}"),
            );
        }
    }
    // Without start squares (a quest of the action-point module) the heroes come down the
    // stairway: it must reach the goal itself.
    if cx.raw.hero_starts.is_empty() && !cx.stair.squares().any(|p| from_goal.contains(&p)) {
        cx.out.err(
            vec![Field("stairway")],
            format!("the stairway, where the heroes come on, cannot reach {goal_name}, {how}"),
        );
    }
    let reached = |p: Pos| from_goal.contains(&p);
    let cut_off = |what: &str| format!("{what} cannot be reached from {goal_name}, {how}");
    let mut needed: BTreeSet<usize> = BTreeSet::new();
    match kind {
        ObjectiveKind::DefeatNamed(names) => {
            needed.extend(
                monsters
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.name.as_ref().is_some_and(|n| names.contains(n)))
                    .map(|(i, _)| i),
            );
        }
        ObjectiveKind::DefeatAll => needed.extend(0..monsters.len()),
        ObjectiveKind::Reach(p) if !reached(*p) => {
            cx.out
                .err(vec![Field("objective")], cut_off(&format!("the square to reach, {p},")));
        }
        ObjectiveKind::Rescue(c) if !reached(c.at) => {
            cx.out.err(
                vec![Field("objective")],
                cut_off(&format!("the captive {} at {}", c.name, c.at)),
            );
        }
        _ => {}
    }
    for (i, m) in monsters.iter().enumerate() {
        if reached(m.at) {
            continue;
        }
        let what = format!(
            "the {} at {}",
            m.name.clone().unwrap_or_else(|| RuleSet::monster_name(&m.kind)),
            m.at
        );
        let path = vec![Field("monsters"), Index(i)];
        if needed.contains(&i) {
            cx.out.err(path, format!("the objective needs {}", cut_off(&what)));
        } else {
            warnings.push(DataProblem::new(path, cut_off(&what)));
        }
    }
    // A room the quest puts something in (special treasure, furniture) that nobody can enter.
    let room_cut_off = |p: Pos| {
        let a = cx.board.area(p);
        (a != CORRIDOR && !cx.board.area_squares(a).any(reached)).then(|| cx.board.area_info[a as usize].name.clone())
    };
    let entries = cx
        .raw
        .treasure
        .iter()
        .enumerate()
        .map(|(i, t)| (Field("treasure"), i, pos(t.room), "special treasure"))
        .chain(
            cx.raw
                .furniture
                .iter()
                .enumerate()
                .map(|(i, f)| (Field("furniture"), i, pos(f.at), "furniture")),
        );
    for (field, i, p, what) in entries {
        if let Some(room) = cx.board.in_bounds(p).then(|| room_cut_off(p)).flatten() {
            warnings.push(DataProblem::new(
                vec![field, Index(i)],
                format!("the {what} in {room} is out of reach: {}", cut_off("that room")),
            ));
        }
    }
    warnings
}
