//! The objective: what the heroes must do (defeat named monsters or all, reach a square, a
//! scripted goal, find an item, escape, rescue a captive) and that the quest makes it possible.

use super::*;

/// Where objective problems are reported.
fn here() -> Vec<PathPart> {
    vec![Field("objective")]
}

/// The objective, and whether the heroes must then return to the stairway.
pub(super) fn check(cx: &mut Ctx, monsters: &[QuestMonster]) -> (ObjectiveKind, bool) {
    let raw = cx.raw;
    match &raw.objective {
        RawObjective::DefeatNamed {
            names: wanted,
            return_to_stairway,
        } => {
            if wanted.is_empty() {
                cx.out.err(here(), "DefeatNamed needs at least one name".into());
            }
            for n in wanted {
                if !cx.names.contains(n) {
                    cx.out.err(
                        here(),
                        format!("the objective names \"{n}\", but no monster has that name"),
                    );
                }
            }
            (ObjectiveKind::DefeatNamed(wanted.clone()), *return_to_stairway)
        }
        RawObjective::DefeatAll { return_to_stairway } => (ObjectiveKind::DefeatAll, *return_to_stairway),
        RawObjective::Reach { at, return_to_stairway } => (reach(cx, pos(*at)), *return_to_stairway),
        RawObjective::Scripted {
            goal,
            return_to_stairway,
        } => (scripted(cx, goal), *return_to_stairway),
        RawObjective::FindItem {
            item,
            return_to_stairway,
        } => (find_item(cx, item), *return_to_stairway),
        // The heroes leave by the way out, so there is no stairway to return to.
        RawObjective::Escape { exits } => (escape(cx, exits), false),
        RawObjective::Rescue {
            name,
            at,
            body,
            defend,
            return_to_stairway,
        } => {
            let captive = Captive {
                name: name.clone(),
                at: pos(*at),
                body: *body,
                defend: *defend,
            };
            rescue(cx, &captive, monsters);
            (ObjectiveKind::Rescue(captive), *return_to_stairway)
        }
    }
}

/// A square to reach: walkable, and not where a hero starts.
fn reach(cx: &mut Ctx, p: Pos) -> ObjectiveKind {
    if !cx.walkable(p) {
        cx.out.err(
            here(),
            format!("the square to reach {p} is off the board or not walkable"),
        );
    } else if cx.is_hero_start(p) {
        cx.out.err(
            here(),
            format!("the square to reach {p} is a hero's start square: the quest would be won at once"),
        );
    }
    ObjectiveKind::Reach(p)
}

/// A scripted goal: told to the heroes, met by an event's CompleteObjective.
fn scripted(cx: &mut Ctx, goal: &str) -> ObjectiveKind {
    if goal.trim().is_empty() {
        cx.out
            .err(here(), "a Scripted objective needs a goal to tell the heroes".into());
    }
    let completes = cx
        .raw
        .events
        .iter()
        .any(|e| e.then.iter().any(|f| matches!(f, RawEffect::CompleteObjective)));
    if !completes {
        cx.out.err(
            here(),
            "a Scripted objective is met only by an event's CompleteObjective, and no event has one".into(),
        );
    }
    ObjectiveKind::Scripted(goal.to_string())
}

/// An item to find: known, and placed in the dungeon by special treasure or an event.
fn find_item(cx: &mut Ctx, item: &str) -> ObjectiveKind {
    let raw = cx.raw;
    let name = cx.known_thing(item).then(|| cx.rules.thing_name(item));
    if name.is_none() {
        cx.out.err(
            here(),
            format!(
                "the item to find, \"{item}\", is neither a quest item nor a weapon, armour or item of the rule set"
            ),
        );
    }
    let placed = raw.treasure.iter().any(|t| t.items.iter().any(|x| x == item))
        || raw.events.iter().any(|e| {
            e.then
                .iter()
                .any(|f| matches!(f, RawEffect::Give { item: i } if i == item))
        });
    if !placed {
        cx.out.err(
            here(),
            format!(
                "nothing places \"{item}\" in the dungeon: put it in a room's special treasure or give it with an event"
            ),
        );
    }
    ObjectiveKind::FindItem {
        item: item.to_string(),
        name: name.unwrap_or_else(|| item.to_string()),
    }
}

/// Ways out: at least one, walkable, off the stairway and the start squares (repeats dropped).
fn escape(cx: &mut Ctx, exits: &[(i32, i32)]) -> ObjectiveKind {
    if exits.is_empty() {
        cx.out
            .err(here(), "Escape needs at least one way out in `exits`".into());
    }
    let mut out = Vec::new();
    for (i, &e) in exits.iter().enumerate() {
        let p = pos(e);
        let path = vec![Field("objective"), Field("exits"), Index(i)];
        if !cx.walkable(p) {
            cx.out
                .err(path, format!("the way out {p} is off the board or not walkable"));
        } else if cx.stair.contains(p) {
            cx.out.err(
                path,
                format!("the way out {p} is on the stairway; an escape leaves by another way"),
            );
        } else if cx.is_hero_start(p) {
            cx.out.err(path, format!("the way out {p} is a hero's start square"));
        } else if !out.contains(&p) {
            out.push(p);
        }
    }
    ObjectiveKind::Escape(out)
}

/// A captive: named, on a free walkable square, with body 1 to 10 and defend 0 to 6.
fn rescue(cx: &mut Ctx, captive: &Captive, monsters: &[QuestMonster]) {
    let Captive {
        name,
        at: p,
        body,
        defend,
    } = captive;
    if name.trim().is_empty() {
        cx.out.err(here(), "the captive needs a name".into());
    }
    if !cx.walkable(*p) {
        cx.out.err(
            here(),
            format!("the captive's square {p} is off the board or not walkable"),
        );
    } else if cx.stair.contains(*p) || cx.is_hero_start(*p) {
        cx.out.err(
            here(),
            format!("the captive's square {p} is on the stairway or a hero's start square"),
        );
    } else if monsters.iter().any(|m| m.at == *p) {
        cx.out
            .err(here(), format!("a monster already stands on the captive's square {p}"));
    }
    if !(1..=10).contains(body) || *defend > 6 {
        cx.out.err(
            here(),
            format!("the captive's body must be 1 to 10 and defend 0 to 6 (got {body} and {defend})"),
        );
    }
}
