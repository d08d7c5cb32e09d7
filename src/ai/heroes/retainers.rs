//! The bots' men-at-arms (HeroQuest Revised, #151–152): strike what is in reach, walk to strike
//! what can be reached, a Scout clears traps where the party goes; otherwise keep beside the hero
//! they serve (or, once that hero is gone, the nearest one). They see only what the heroes see.

use crate::game::model::{ActionKind, Command, TrapState};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;

/// How far from its hero a man-at-arms lets itself drift before it walks back.
const CLOSE: i32 = 2;

/// The next command for man-at-arms `f`, whose activation it is.
pub(super) fn next(snap: &Snapshot, f: &FigureSnap, smart: bool) -> Command {
    let Some(at) = f.pos else { return Command::EndTurn };
    let may_attack = snap.action_allowed(f, ActionKind::Attack).is_ok();
    // 1. Strike what is in reach: the one most likely to fall (the greedy bot: the weakest).
    if may_attack {
        let aim = snap.attack_targets(f).max_by(|a, b| {
            let worth = |t: &FigureSnap| {
                if smart {
                    crate::game::heroquest::attack_odds(snap, f, t).map_or(0.0, |o| o.kill + o.wound * 0.25)
                } else {
                    -f64::from(t.body)
                }
            };
            worth(a).total_cmp(&worth(b)).then(b.id.cmp(&a.id))
        });
        if let Some(t) = aim {
            return Command::Attack {
                attacker: f.id,
                target: t.id,
            };
        }
    }
    let reach = crate::game::heroquest::reach(snap, f);
    // 2. Walk to strike: the nearest square from which a monster in sight can be struck.
    if may_attack && let Some((field, stops)) = &reach {
        let targets: Vec<&FigureSnap> = snap.visible_monsters(f).collect();
        let strike = stops
            .iter()
            .filter(|q| {
                let mut there = f.clone();
                there.pos = Some(**q);
                targets.iter().any(|t| snap.can_attack(&there, t))
            })
            .filter_map(|q| field.dist(*q).map(|d| (d, *q)))
            .min();
        if let Some((_, q)) = strike
            && let Some(path) = field.path_to(q)
        {
            return Command::Move { figure: f.id, path };
        }
    }
    // 3. The goal met: home by the stairway, which takes it out with the heroes.
    if snap.turn.objective_done
        && let Some((field, stops)) = &reach
    {
        let stair = &snap.quest.stairway;
        let home = stops
            .iter()
            .filter_map(|q| {
                field
                    .dist(*q)
                    .map(|d| (!stair.contains(*q), stair_distance(stair, *q), d, *q))
            })
            .min();
        if let Some((_, near, _, q)) = home
            && near < stair_distance(stair, at)
            && let Some(path) = field.path_to(q)
        {
            return Command::Move { figure: f.id, path };
        }
    }
    // 4. A Scout with no monster in sight: disarm a found trap beside it, or search where no one
    //    has searched for traps yet.
    if let Some(c) = scout_work(snap, f, at) {
        return c;
    }
    // 5. Keep beside its hero, off the squares beside a known trap: a hero jumps or disarms it
    //    from there, and a man-at-arms standing in the way would bar the road.
    if let Some((field, stops)) = &reach
        && let Some(lead) = leader_square(snap, f)
    {
        // A woken portal on a much shorter way to its hero (Revised #155).
        if at.manhattan(lead) > CLOSE
            && let Some(c) = super::goals::portal_shortcut(snap, f, field, &[lead], false)
        {
            return c;
        }
        let in_the_way = in_the_way(snap, at);
        if at.manhattan(lead) > CLOSE || in_the_way {
            let best = stops
                .iter()
                .filter(|q| !self::in_the_way(snap, **q))
                .filter_map(|q| field.dist(*q).map(|d| (q.manhattan(lead), d, *q)))
                .min();
            if let Some((near, _, q)) = best
                && (near < at.manhattan(lead) || in_the_way)
                && let Some(path) = field.path_to(q)
            {
                return Command::Move { figure: f.id, path };
            }
        }
    }
    Command::EndTurn
}

/// Squares from `q` to the stairway as the crow walks (the nearest of its squares).
fn stair_distance(stair: &crate::rules::geometry::Rect, q: Pos) -> i32 {
    stair.squares().map(|s| s.manhattan(q)).min().unwrap_or(0)
}

/// A square beside a known trap on the floor (or an open pit), with no wall between.
fn in_the_way(snap: &Snapshot, q: Pos) -> bool {
    snap.traps
        .iter()
        .filter(|t| t.jumpable())
        .any(|t| t.at.is_orthogonally_adjacent(q) && snap.edge_open(q, t.at))
}

/// Where the hero it follows stands: the one it serves, or the nearest hero still in play.
fn leader_square(snap: &Snapshot, f: &FigureSnap) -> Option<Pos> {
    let at = f.pos?;
    let own = f
        .serves
        .and_then(|h| snap.figure(h))
        .and_then(|h| h.pos.filter(|_| h.alive()));
    own.or_else(|| {
        snap.living_heroes()
            .filter_map(|h| h.pos)
            .min_by_key(|p| (p.manhattan(at), *p))
    })
}

fn scout_work(snap: &Snapshot, f: &FigureSnap, at: Pos) -> Option<Command> {
    let rules = snap.rules();
    if !rules.men_at_arms.get(&f.kind).is_some_and(|m| m.searches_traps)
        || snap.action_allowed(f, ActionKind::Other).is_err()
        || snap.visible_monsters(f).next().is_some()
    {
        return None;
    }
    if crate::game::heroquest::may_try_disarm(snap, f)
        && crate::game::heroquest::disarm_chance(rules, f) >= 0.5
        && let Some(t) = snap.traps.iter().find(|t| {
            t.state == TrapState::Known
                && crate::game::heroquest::next_to_trap(snap, at, t)
                && (t.furniture.is_some() || snap.figure_at(t.at).is_none())
        })
    {
        return Some(Command::DisarmTrap { hero: f.id, trap: t.id });
    }
    let area = snap.area(at);
    let searched = snap.dungeon.trap_searches.iter().any(|(_, p)| {
        if area == crate::rules::board::CORRIDOR {
            snap.area(*p) == area && p.manhattan(at) <= 5
        } else {
            snap.area(*p) == area
        }
    });
    (!searched).then_some(Command::SearchTraps { hero: f.id })
}
