//! LEGO Heroica's rival heroes, planning on their own copies of the mission
//! (`rules::heroica::play::Table`): they race for the target, weighing each choice over the
//! die's six faces (the next roll is never known: the dice are drawn only when a command is
//! applied). The monster player of Battle Heroica is `heroica_monsters`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::HeroBot;
use crate::rules::geometry::{Edge, Pos};
use crate::rules::heroica::play::{Act, End, Id, Side, Stage, Table};
use crate::rules::heroica::{HeroicaTables, MissionDoorKind};
use crate::rules::noise::mix;

/// Extra steps a monster's space counts for in a hero's way to the target: a fight to win.
const MONSTER_STEPS: u32 = 3;
/// Extra steps a shut door or a rock counts for while the hero lacks its key, button or Pick Axe.
const SHUT_STEPS: u32 = 12;

/// A hero's way to the target in steps: the shortest of the way as things stand (a locked door
/// open to a key, a rock to a Pick Axe, a monster's space at the price of a fight, anything shut
/// at `SHUT_STEPS` more), the way by a key lying about when it has none, and the way by a magic
/// door's button.
pub fn way_to_target(t: &Table, hero: Id, tables: &HeroicaTables) -> u32 {
    let Some(h) = t.hero(hero) else { return u32::MAX / 4 };
    let keys = h.pack.keys > 0;
    let pick = carries_pick(t, hero, tables);
    let mut best = ways(t, h.at, t.target, keys, pick, None);
    if !keys {
        for (p, (holder, thing)) in &t.things {
            if *holder == crate::rules::heroica::play::Holder::Loose && *thing == crate::rules::heroica::Thing::Key {
                let there = ways(t, h.at, *p, false, pick, None);
                if there < best {
                    best = best.min(there + ways(t, *p, t.target, true, pick, None));
                }
            }
        }
    }
    for (button, edge) in &t.buttons {
        if t.doors.get(edge).is_some_and(|(_, open)| !open) {
            let there = ways(t, h.at, *button, keys, pick, None);
            if there < best {
                best = best.min(there + ways(t, *button, t.target, keys, pick, Some(*edge)));
            }
        }
    }
    best
}

fn carries_pick(t: &Table, hero: Id, tables: &HeroicaTables) -> bool {
    t.hero(hero).is_some_and(|h| t.carries_pick_axe(h, tables))
}

/// Dijkstra over the spaces from `from` to `to`, `opened` a shut door taken as open.
fn ways(t: &Table, from: Pos, to: Pos, keys: bool, pick: bool, opened: Option<Edge>) -> u32 {
    let sp = &t.spaces;
    let w = sp.width.max(1);
    let idx = |p: Pos| (p.y * w + p.x) as usize;
    let mut best = vec![u32::MAX; (sp.width * sp.height).max(1) as usize];
    let mut heap = BinaryHeap::new();
    if !sp.is_space(from) {
        return 200;
    }
    best[idx(from)] = 0;
    heap.push(Reverse((0u32, from.x, from.y)));
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let p = Pos::new(x, y);
        if p == to {
            return d;
        }
        if d > best[idx(p)] {
            continue;
        }
        for q in crate::rules::heroica::spaces::around(p) {
            if !sp.is_space(q) {
                continue;
            }
            // What is shut counts as a detour: a key, a button or a Pick Axe to find first.
            let edge = Edge::new(p, q);
            let detour = match t.doors.get(&edge) {
                None | Some((_, true)) => 0,
                Some(_) if opened == Some(edge) => 0,
                Some((MissionDoorKind::Locked, false)) if keys => 0,
                Some((MissionDoorKind::Locked, false)) | Some((MissionDoorKind::Magic, false)) => SHUT_STEPS,
            } + if t.rocks.contains(&q) && !pick { SHUT_STEPS } else { 0 };
            let cost = 1 + detour + if t.monster_at(q).is_some() { MONSTER_STEPS } else { 0 };
            let nd = d + cost;
            if nd < best[idx(q)] {
                best[idx(q)] = nd;
                heap.push(Reverse((nd, q.x, q.y)));
            }
        }
    }
    200
}

/// How good the table is for `hero`, racing: the win, the way left, health, the pack.
fn hero_value(t: &Table, hero: Id, tables: &HeroicaTables) -> f64 {
    match t.turn.over {
        Some(End::Won(h)) if h == hero => return 1e6,
        Some(End::Won(_)) => return -1e6,
        Some(End::MonstersWon) => return -1e5,
        None => {}
    }
    let Some(h) = t.hero(hero) else { return -1e6 };
    let way = f64::from(way_to_target(t, hero, tables).min(200));
    let pack = &h.pack;
    let mut v = -10.0 * way + 4.0 * f64::from(h.health) + 1.5 * pack.gold as f64 + 5.0 * pack.potions.len() as f64;
    v += 6.0 * f64::from(pack.keys.min(3)) + 10.0 * pack.weapons.len() as f64 + 10.0 * pack.relics.len() as f64;
    v += pack.defeated.len() as f64;
    if h.healing {
        // Turns lost to healing.
        v -= 25.0;
    }
    v
}

/// The value of a table where `hero` still has choices to make this turn: fights averaged over
/// the six faces (each answered as well as it can be), other stages as they stand.
fn looked_ahead(t: &Table, hero: Id, tables: &HeroicaTables, depth: u8) -> f64 {
    if t.turn.over.is_some() || depth == 0 || t.turn.side != Side::Hero(hero) {
        return hero_value(t, hero, tables);
    }
    match &t.turn.stage {
        Stage::MustFight { .. } | Stage::ShieldFight { .. } | Stage::FightRolled { .. } => {
            best_act(t, hero, tables, depth).1
        }
        _ => hero_value(t, hero, tables),
    }
}

/// The best act for `hero` now and its value, each act that rolls weighed over the faces.
fn best_act(t: &Table, hero: Id, tables: &HeroicaTables, depth: u8) -> (Option<Act>, f64) {
    let mut best: (Option<Act>, f64) = (None, f64::MIN);
    for act in t.legal(tables) {
        if matches!(
            act,
            Act::EndTurn | Act::Roll { .. } | Act::Buy { .. } | Act::Drink { .. }
        ) {
            continue;
        }
        let v = expected(t, &act, tables, |after| looked_ahead(after, hero, tables, depth - 1));
        if v > best.1 {
            best = (Some(act), v);
        }
    }
    if best.0.is_none() {
        best.1 = hero_value(t, hero, tables);
    }
    best
}

/// The mean of `value` over the six faces the act's roll may show (acts that roll nothing: the
/// one result).
pub fn expected(t: &Table, act: &Act, tables: &HeroicaTables, value: impl Fn(&Table) -> f64) -> f64 {
    let mut total = 0.0;
    let mut rolled = false;
    for face in 0..6u8 {
        let mut after = t.clone();
        let mut used = false;
        let mut roll = || {
            used = true;
            face
        };
        if after.act(act, tables, &mut roll).is_err() {
            return f64::MIN;
        }
        total += value(&after);
        rolled |= used;
        if !rolled {
            return total;
        }
    }
    total / 6.0
}

/// A rival hero's next act.
pub fn rival(t: &Table, hero: Id, bot: HeroBot, seed: u64) -> Act {
    let tables = HeroicaTables::get();
    let legal = t.legal(tables);
    if legal.is_empty() {
        return Act::EndTurn;
    }
    match bot {
        HeroBot::Random => {
            let pick = mix(seed ^ u64::from(t.turn.round) << 8 ^ legal.len() as u64) as usize % legal.len();
            legal[pick].clone()
        }
        HeroBot::Greedy => greedy(t, hero, &legal, tables),
        HeroBot::Competent => competent(t, hero, &legal, tables),
    }
}

/// Each hero for itself, simply: roll, take the move that leaves the shortest way, fight the
/// first monster, plain defeats, no shopping or potions.
fn greedy(t: &Table, hero: Id, legal: &[Act], tables: &HeroicaTables) -> Act {
    let first = |f: &dyn Fn(&Act) -> bool| legal.iter().find(|a| f(a)).cloned();
    match &t.turn.stage {
        Stage::Start => first(&|a| matches!(a, Act::Roll { .. })).unwrap_or(Act::EndTurn),
        Stage::Rolled { .. } => legal
            .iter()
            .filter(|a| matches!(a, Act::Move { .. }))
            .min_by_key(|a| {
                let mut after = t.clone();
                let _ = after.act(a, tables, &mut || 0);
                (way_to_target(&after, hero, tables), Reverse(move_len(a)))
            })
            .cloned()
            .unwrap_or(Act::EndTurn),
        Stage::MustFight { .. } | Stage::ShieldFight { .. } => {
            first(&|a| matches!(a, Act::Fight { .. })).unwrap_or(Act::EndTurn)
        }
        Stage::FightRolled { .. } => Act::TakeRoll { figure: hero },
        Stage::Done => Act::EndTurn,
    }
}

fn move_len(a: &Act) -> usize {
    match a {
        Act::Move { path, .. } => path.len(),
        _ => 0,
    }
}

/// A rival that races well: shops for a second skill, drinks at the right moment, weighs every
/// move, skill and fight over the die's faces.
fn competent(t: &Table, hero: Id, legal: &[Act], tables: &HeroicaTables) -> Act {
    let Some(h) = t.hero(hero) else { return Act::EndTurn };
    let has = |a: &Act| legal.contains(a);
    let drink = |p: &str| Act::Drink {
        figure: hero,
        potion: p.to_string(),
        target: None,
    };
    // A Health Potion when low.
    if h.health + 2 <= h.max && has(&drink("health")) {
        return drink("health");
    }
    match &t.turn.stage {
        Stage::Start if h.healing => Act::Roll { figure: hero },
        Stage::Start => {
            // A weapon of the other kind of skill first, then potions to keep one or two.
            let own = tables.heroes.get(&h.kind).map(|d| d.skill.kind);
            let mut wants: Vec<&str> = match own {
                Some(crate::rules::heroica::SkillKind::Ranged) => vec!["sword", "pick_axe", "battle_axe"],
                _ => vec!["bow", "wand", "sword"],
            };
            if h.pack.weapons.is_empty() {
                wants.retain(|w| tables.weapons.contains_key(*w));
            } else {
                wants.clear();
            }
            if h.pack.potions.len() < 2 {
                wants.extend(["health", "speed"]);
            }
            // A Pick Axe first when a rock stands on the way.
            let mut with_pick = t.clone();
            if let Some(me) = with_pick.hero_mut(hero) {
                me.pack.weapons.push("pick_axe".into());
            }
            if way_to_target(&with_pick, hero, tables) + 4 <= way_to_target(t, hero, tables) {
                wants.insert(0, "pick_axe");
            }
            for w in wants {
                let buy = Act::Buy {
                    figure: hero,
                    item: w.to_string(),
                };
                if has(&buy) {
                    return buy;
                }
            }
            // Beside the target's guardian, fight it rather than walk away.
            if let Some(a) = legal.iter().find(
                |a| matches!(a, Act::Fight { target, .. } if t.monster(*target).and_then(|m| m.at) == Some(t.target)),
            ) {
                return a.clone();
            }
            // Speed when the target is within reach of a good roll and four more.
            if way_to_target(t, hero, tables) <= 7 && has(&drink("speed")) {
                return drink("speed");
            }
            Act::Roll { figure: hero }
        }
        Stage::Rolled { face } => {
            if tables.face(*face).moves <= 1 && has(&drink("luck")) {
                return drink("luck");
            }
            choose(t, hero, legal, tables)
        }
        Stage::MustFight { .. } | Stage::ShieldFight { .. } => {
            if h.health <= 2 && has(&drink("defence")) {
                return drink("defence");
            }
            // The Strength Potion at the strongest monster beside it, if one is worth it.
            let strongest = t
                .monsters_beside(h.at)
                .into_iter()
                .filter_map(|m| t.monster(m).map(|x| (x.strength, std::cmp::Reverse(m))))
                .max()
                .filter(|(s, _)| *s >= 2)
                .map(|(_, std::cmp::Reverse(m))| m);
            if let Some(m) = strongest {
                let aimed = Act::Drink {
                    figure: hero,
                    potion: "strength".into(),
                    target: Some(m),
                };
                if has(&aimed) {
                    return aimed;
                }
            }
            choose(t, hero, legal, tables)
        }
        // A fight roll it may change: the Crystal or the roll as it stands, whichever leaves it
        // better; the Luck Potion when rolling again is worth more than both.
        Stage::FightRolled { .. } => {
            let (best, now) = best_act(t, hero, tables, 2);
            let luck = drink("luck");
            if has(&luck) && expected(t, &luck, tables, |after| looked_ahead(after, hero, tables, 1)) > now + 0.05 {
                return luck;
            }
            best.unwrap_or(Act::TakeRoll { figure: hero })
        }
        Stage::Done => Act::EndTurn,
    }
}

/// The act worth most, moves and skills and fights weighed over the faces.
fn choose(t: &Table, hero: Id, legal: &[Act], tables: &HeroicaTables) -> Act {
    let mut best: (Option<&Act>, f64) = (None, f64::MIN);
    for act in legal {
        if matches!(act, Act::Drink { .. } | Act::Buy { .. }) {
            continue;
        }
        let v = expected(t, act, tables, |after| looked_ahead(after, hero, tables, 2));
        if v > best.1 + 1e-9 {
            best = (Some(act), v);
        }
    }
    best.0.cloned().unwrap_or(Act::EndTurn)
}
