//! The heroes: who is in the party, the stairway and their start squares, the gear each starts
//! with (known things the hero may use) and fixed spell schools (instead of the draft).

use super::*;

/// The party (the quest's list, or every hero of the rule set in seat order), its start squares
/// (none needed under the action-point module) and the stairway; fills `cx.taken` with the start squares.
pub(super) fn party(cx: &mut Ctx, modules: &crate::rules::systems::Modules) -> Vec<String> {
    let raw = cx.raw;
    let heroes = raw.heroes.clone().unwrap_or_else(|| {
        let mut v: Vec<_> = cx.rules.heroes.iter().collect();
        v.sort_by_key(|(_, h)| h.seat);
        v.into_iter().map(|(k, _)| k.clone()).collect()
    });
    if heroes.is_empty() || heroes.len() > 4 {
        cx.out.err(
            vec![Field("heroes")],
            format!("a quest takes 1 to 4 heroes, not {}", heroes.len()),
        );
    }
    let mut seen = BTreeSet::new();
    for (i, h) in heroes.iter().enumerate() {
        if !cx.rules.heroes.contains_key(h) {
            cx.out.err(
                vec![Field("heroes"), Index(i)],
                format!("unknown hero \"{h}\" (known: {})", known(cx.rules.heroes.keys())),
            );
        } else if !seen.insert(h.clone()) {
            cx.out
                .err(vec![Field("heroes"), Index(i)], format!("hero \"{h}\" is listed twice"));
        }
    }
    // Under the action-point module the heroes start off the board and come down the stairway
    // (action-point-movement.md, Entering and Exiting the Map): a quest played with it needs
    // no start squares.
    if raw.hero_starts.len() < heroes.len() && !modules.action_points() {
        cx.out.err(
            vec![Field("hero_starts")],
            format!(
                "{} heroes need {} start squares in hero_starts, found {} (only a quest played with the action-point module may leave them out)",
                heroes.len(),
                heroes.len(),
                raw.hero_starts.len()
            ),
        );
    }
    stairway(cx);
    for (i, &s) in raw.hero_starts.iter().enumerate() {
        let p = pos(s);
        let path = vec![Field("hero_starts"), Index(i)];
        if !cx.on_board(p) {
            cx.out.err(path, format!("hero start {p} is off the board"));
        } else if cx.solid(p) {
            cx.out
                .err(path, format!("hero start {p} is on furniture or a blocked square"));
        } else if let Some(prev) = cx.taken.insert(p, "a hero start".into()) {
            cx.out.err(path, format!("hero start {p} is already {prev}"));
        }
    }
    heroes
}

/// The stairway: 1 to 3 squares a side, on the board, in one area and clear.
fn stairway(cx: &mut Ctx) {
    let stair = cx.stair;
    let stair_ok = cx.on_board(Pos::new(stair.x, stair.y))
        && stair.w >= 1
        && stair.h >= 1
        && stair.w <= 3
        && stair.h <= 3
        && stair.squares().all(|p| cx.on_board(p));
    if !stair_ok {
        cx.out.err(
            vec![Field("stairway")],
            format!(
                "stairway ({},{},{},{}) must be 1 to 3 squares a side and on the board",
                stair.x, stair.y, stair.w, stair.h
            ),
        );
    } else if stair
        .squares()
        .any(|p| cx.board.area(p) != cx.board.area(Pos::new(stair.x, stair.y)) || cx.solid(p))
    {
        cx.out.err(
            vec![Field("stairway")],
            "the stairway must lie in one area, clear of walls, furniture and blocked squares".into(),
        );
    }
}

/// Starting gear: each hero's own weapon, and the quest's equipment for heroes in the party.
pub(super) fn gear(cx: &mut Ctx, heroes: &[String]) -> BTreeMap<String, Gear> {
    let raw = cx.raw;
    let mut gear = BTreeMap::new();
    for h in heroes {
        let Some(def) = cx.rules.heroes.get(h) else { continue };
        gear.insert(
            h.clone(),
            Gear {
                weapon: Some(def.weapon.clone()),
                ..Default::default()
            },
        );
    }
    for (h, g) in &raw.equipment {
        let path = vec![Field("equipment")];
        let Some(def) = cx.rules.heroes.get(h) else {
            cx.out.err(path, format!("equipment for unknown hero \"{h}\""));
            continue;
        };
        if !heroes.contains(h) {
            cx.out.err(
                path,
                format!("equipment for the {}, who is not in this quest", def.name),
            );
            continue;
        }
        let entry = gear.entry(h.clone()).or_default();
        if let Some(w) = &g.weapon {
            entry.weapon = Some(w.clone());
        }
        entry.items.extend(g.items.iter().cloned());
        entry.potions.extend(g.potions.iter().cloned());
        if g.gold > MAX_GOLD_GIVEN {
            cx.out.err(
                path.clone(),
                format!("the {} starts with {} gold; at most {MAX_GOLD_GIVEN}", def.name, g.gold),
            );
        }
        entry.gold = crate::rules::bounds::add_gold(entry.gold, g.gold);
        for w in entry.weapon.iter().chain(entry.items.iter()) {
            if !cx.known_thing(w) {
                cx.out
                    .err(path.clone(), format!("the {} carries unknown item \"{w}\"", def.name));
            } else if let Err(e) = gear::may_carry(&cx.rules, h, w, entry) {
                cx.out.err(path.clone(), e);
            }
        }
        if entry.weapon.as_ref().is_some_and(|w| !cx.rules.weapons.contains_key(w)) {
            cx.out
                .err(path.clone(), format!("the {}'s weapon must be a weapon", def.name));
        }
        for p in &entry.potions {
            if !cx.rules.potions.contains_key(p) {
                cx.out
                    .err(path.clone(), format!("the {} carries unknown potion \"{p}\"", def.name));
            }
        }
    }
    gear
}

/// The men-at-arms the quest lends: kinds the rule system has (Revised #151–152), at most four
/// a hero of the party (#151).
pub(super) fn men_at_arms(cx: &mut Ctx, heroes: &[String]) -> Vec<String> {
    let raw = cx.raw;
    for (i, kind) in raw.men_at_arms.iter().enumerate() {
        let path = vec![Field("men_at_arms"), Index(i)];
        if cx.rules.men_at_arms.is_empty() {
            cx.out.err(
                path,
                format!(
                    "men-at-arms are a HeroQuest Revised rule: \"{}\" has none to lend",
                    cx.rules.id
                ),
            );
        } else if !cx.rules.men_at_arms.contains_key(kind) {
            cx.out.err(
                path,
                format!(
                    "unknown man-at-arms \"{kind}\" (known: {})",
                    known(cx.rules.men_at_arms.keys())
                ),
            );
        }
    }
    let most = crate::quest::MAX_MEN_AT_ARMS * heroes.len().max(1);
    if raw.men_at_arms.len() > most {
        cx.out.err(
            vec![Field("men_at_arms")],
            format!(
                "{} men-at-arms for {} heroes: a hero leads at most {}",
                raw.men_at_arms.len(),
                heroes.len(),
                crate::quest::MAX_MEN_AT_ARMS
            ),
        );
    }
    raw.men_at_arms.clone()
}

/// Fixed spell schools: only for casters in the party, at most their number, known, each once.
pub(super) fn spell_schools(cx: &mut Ctx, heroes: &[String]) {
    let raw = cx.raw;
    let Some(fixed) = &raw.spell_schools else { return };
    let mut used = BTreeSet::new();
    for (h, schools) in fixed {
        let path = vec![Field("spell_schools")];
        let Some(&(_, n)) = cx.rules.spell_draft.iter().find(|(c, _)| c == h) else {
            cx.out.err(path, format!("\"{h}\" casts no spells"));
            continue;
        };
        if !heroes.contains(h) {
            cx.out.err(path.clone(), format!("\"{h}\" is not in this quest"));
        }
        if schools.len() > n as usize {
            cx.out.err(path.clone(), format!("\"{h}\" holds at most {n} schools"));
        }
        for sc in schools {
            if !cx.rules.schools.contains_key(sc) {
                cx.out.err(
                    path.clone(),
                    format!("unknown school \"{sc}\" (known: {})", known(cx.rules.schools.keys())),
                );
            } else if !used.insert(sc.clone()) {
                cx.out.err(path.clone(), format!("school \"{sc}\" is given twice"));
            }
        }
    }
}
