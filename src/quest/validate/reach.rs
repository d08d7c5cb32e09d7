//! That the quest can be played to the end: walking on every square that is neither blocked nor
//! under furniture, through every door and secret door as if open (monsters and traps are
//! beaten or crossed in play), every hero start reaches the stairway (an escape's way out), and
//! what the objective needs (its monsters, square, captive or way out) can be reached from there.
//! An unreachable start or objective is an error at the entry that names it; a placed monster, or
//! special treasure or furniture in a room nobody can reach, is a warning.

use std::collections::VecDeque;

use super::*;

/// The squares a hero could walk to from `from` with every door open.
fn region(cx: &Ctx, from: impl Iterator<Item = Pos>) -> BTreeSet<Pos> {
    let doors: BTreeSet<Edge> = cx
        .doors
        .iter()
        .map(|(e, _)| *e)
        .chain(cx.secret_doors.iter().copied())
        .map(|e| Edge::new(e.0, e.1))
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
    }
    seen
}

/// Checks the layout; gives back the warnings (problems that leave the quest playable).
pub(super) fn check(cx: &mut Ctx, monsters: &[QuestMonster], kind: &ObjectiveKind) -> Vec<DataProblem> {
    let mut warnings = Vec::new();
    let (goal, goal_name): (Vec<Pos>, &str) = match kind {
        ObjectiveKind::Escape(exits) => (exits.clone(), "a way out"),
        _ => (cx.stair.squares().collect(), "the stairway"),
    };
    let from_goal = region(cx, goal.iter().copied());
    for (i, s) in cx.raw.hero_starts.iter().enumerate() {
        let p = pos(*s);
        if !from_goal.contains(&p) {
            cx.out.err(
                vec![Field("hero_starts"), Index(i)],
                format!("the hero start {p} cannot reach {goal_name}, even with every door and secret door open"),
            );
        }
    }
    let reached = |p: Pos| from_goal.contains(&p);
    let cut_off =
        |what: &str| format!("{what} cannot be reached from {goal_name}, even with every door and secret door open");
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
