//! HeroQuest Revised's advanced game on the heroes' side (heroquest-revised.md, New Rules;
//! checklists §1.1 #156–174): each hero's Fate and Skills set out, the Run action, searching
//! furniture, and the Mastery test of a spell. Morcar's side is `morcar`; Fate spent, `fate`.
//! Every one of them asks `Snapshot::rules().adv()`: the tables are the advanced game's only
//! under the `hqr-advanced` module.

use bevy::prelude::*;

use super::actions::Outcome;
use super::*;
use crate::game::model::Command;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;

/// Sets out the heroes' Fate and Skills (#156, #161) and Morcar's hand (`morcar::begin`).
pub(super) fn begin(world: &mut World, quest: &crate::quest::Quest) -> Vec<GameEvent> {
    world.insert_resource(Morcar::default());
    let mut evs = upkeep(world, quest);
    let Some(adv) = quest.rules.adv() else {
        return evs;
    };
    let heroes: Vec<(Entity, String)> = world
        .query::<(Entity, &Hero)>()
        .iter(world)
        .map(|(e, h)| (e, h.class.clone()))
        .collect();
    let mut all_skills = Vec::new();
    for (e, class) in heroes {
        let ids = match &quest.skills {
            Some(party) => party.get(&class).cloned().unwrap_or_default(),
            None => adv.heroes.get(&class).map(|h| h.skills.clone()).unwrap_or_default(),
        };
        let tokens = match &quest.fate {
            Some(party) => party.get(&class).copied().unwrap_or(0),
            None => adv.fate_at_start,
        };
        let skills = Skills::of(adv, &ids);
        // What the skills raise is the hero's from the start: it begins whole (#99).
        let raised = ids
            .iter()
            .filter_map(|i| adv.skills.get(i))
            .fold((0u8, 0u8), |(b, m), d| {
                (b.saturating_add(d.raises.body), m.saturating_add(d.raises.mind))
            });
        let mut hero = world.entity_mut(e);
        if let Some(mut b) = hero.get_mut::<Body>() {
            b.max = b.max.saturating_add(raised.0);
            b.current = b.max;
        }
        if let Some(mut m) = hero.get_mut::<Mind>() {
            m.max = m.max.saturating_add(raised.1);
            m.current = m.max;
        }
        hero.insert((
            Fate {
                tokens,
                ..Default::default()
            },
            skills,
        ));
        all_skills.extend(ids);
    }
    evs.extend(super::morcar::begin(world, quest, adv.marks(&all_skills)));
    evs
}

/// Ranged Weapon Upkeep (Revised's optional rules, #176): at the quest's start each weapon a
/// hero carries whose only attack is ranged (not a thrown blade, which also strikes in hand)
/// costs 5 gold a die of its attack, paid where the hero has it; else it is drained, of no use
/// this quest.
fn upkeep(world: &mut World, quest: &crate::quest::Quest) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    if !quest.modules.ranged_upkeep() {
        return evs;
    }
    let heroes: Vec<(Entity, FigureId)> = world
        .query_filtered::<(Entity, &FigureId), With<Hero>>()
        .iter(world)
        .map(|(e, id)| (e, *id))
        .collect();
    for (e, id) in heroes {
        let Some(eq) = world.get::<Equipment>(e).cloned() else {
            continue;
        };
        let mut weapons: Vec<String> = eq.weapon.iter().chain(&eq.items).cloned().collect();
        weapons.sort();
        weapons.dedup();
        for w in weapons {
            let Some(d) = quest.rules.weapons.get(&w).filter(|d| d.ranged && !d.thrown) else {
                continue;
            };
            let cost = UPKEEP_PER_DIE * u32::from(d.attack);
            let name = d.name.clone();
            let mut inv = world.get_mut::<Inventory>(e).expect("heroes carry an inventory");
            if inv.gold >= cost {
                inv.gold -= cost;
                evs.push(GameEvent::UpkeepPaid {
                    hero: id,
                    weapon: w,
                    name,
                    gold: cost,
                });
            } else {
                *world
                    .resource_mut::<Dungeon>()
                    .cards_drained
                    .entry((id, w.clone()))
                    .or_insert(0) += 1;
                evs.push(GameEvent::WeaponDrained {
                    hero: id,
                    weapon: w,
                    name,
                });
            }
        }
    }
    evs
}

/// Gold a die of a ranged weapon's attack costs at a quest's start (#176).
pub const UPKEEP_PER_DIE: u32 = 5;

/// In the advanced game furniture is searched apart from its room (#164).
pub fn furniture_apart(snap: &Snapshot) -> bool {
    snap.rules().adv().is_some()
}

/// The piece of furniture the quest's special treasure `i` lies in, in the advanced game: the
/// first piece the quest lists in its room (rules-decisions: a room's treasure is in its
/// furniture where it has any, and found only by searching that piece, #164).
pub fn hidden_in(snap: &Snapshot, i: usize) -> Option<u32> {
    if !furniture_apart(snap) {
        return None;
    }
    let area = snap.quest.treasure.get(i)?.area;
    snap.quest
        .furniture
        .iter()
        .position(|f| f.rect.squares().any(|q| snap.area(q) == area))
        .map(|p| p as u32)
}

/// The pieces of furniture `h` could search now (#164): beside it, orthogonally, not searched by
/// the party yet.
pub fn furniture_in_reach(snap: &Snapshot, h: &FigureSnap) -> Vec<u32> {
    let Some(at) = h.pos else { return Vec::new() };
    if !furniture_apart(snap) {
        return Vec::new();
    }
    snap.quest
        .furniture
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            !snap.dungeon.furniture_searched.contains(&(*i as u32))
                && f.rect.squares().any(|q| beside(at, q) && snap.edge_open(at, q))
        })
        .map(|(i, _)| i as u32)
        .collect()
}

fn beside(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() + (a.y - b.y).abs() == 1
}

/// #164: `hero` searches the piece `furniture` for treasure, an action. A trap on the piece
/// springs; the treasure the quest hides in it is found; otherwise nothing, and no card.
pub fn search_furniture(world: &mut World, snap: &Snapshot, hero: FigureId, furniture: u32) -> Outcome {
    let h = super::actions::hero(snap, hero)?;
    let Some(piece) = snap.quest.furniture.get(furniture as usize) else {
        return Err(format!("there is no piece of furniture {furniture}"));
    };
    let name = snap
        .rules()
        .furniture
        .get(&piece.kind)
        .map_or_else(|| piece.kind.clone(), |d| d.name.clone());
    if !furniture_apart(snap) {
        return Err("furniture is searched apart only in the advanced game".into());
    }
    if snap.dungeon.furniture_searched.contains(&furniture) {
        return Err(format!("the party has already searched the {}", name.to_lowercase()));
    }
    if !furniture_in_reach(snap, h).contains(&furniture) {
        return Err(format!(
            "{} must stand beside the {} to search it",
            h.name,
            name.to_lowercase()
        ));
    }
    if snap.visible_monsters(h).next().is_some() {
        return Err("no one searches with a monster in sight".into());
    }
    let p = take_action(snap, h, ActionKind::Search(crate::quest::SearchKind::Treasure))?;
    set_progress(world, h.id, p);
    world.resource_mut::<Dungeon>().furniture_searched.insert(furniture);
    let trap = snap
        .traps
        .iter()
        .find(|t| t.armed() && t.furniture == Some(furniture as usize))
        .cloned();
    let treasure = (0..snap.quest.treasure.len())
        .find(|i| hidden_in(snap, *i) == Some(furniture) && !snap.dungeon.special_taken.contains(i));
    let mut evs = vec![GameEvent::FurnitureSearched {
        hero,
        furniture,
        name,
        found: trap.is_none() && treasure.is_some(),
    }];
    if let Some(trap) = trap {
        let Some(at) = h.pos else { return Ok(evs) };
        evs.extend(spring(world, &trap, h, at, None).events);
        let now = Snapshot::capture(world).expect("quest in play");
        if now.turn.phase == Phase::Hero(h.id) {
            evs.extend(end_turn(world, &now));
        }
        return Ok(evs);
    }
    match treasure {
        Some(i) => evs.extend(super::actions::give_special(world, snap, h, i)),
        None => evs.push(GameEvent::NothingFound {
            hero,
            search: "treasure".into(),
        }),
    }
    Ok(evs)
}

/// Whether `h` may Run now (#163): in the advanced game, on its own turn, after a Move Action,
/// with no bonus action used and no Run yet.
pub fn may_run(snap: &Snapshot, h: &FigureSnap) -> Result<(), String> {
    if snap.rules().adv().is_none() {
        return Err("Run belongs to the advanced game".into());
    }
    if snap.action_points() {
        return Err("under the action-point module a hero's points are its movement".into());
    }
    if snap.turn.phase != Phase::Hero(h.id) || !h.is_hero() {
        return Err(format!("it is not {}'s turn", h.name));
    }
    let p = snap.turn.progress(h.id);
    if p.running {
        return Err(format!("{} is running already", h.name));
    }
    if p.allowance.is_none() {
        return Err(format!("{} runs only after a Move Action", h.name));
    }
    if p.extra_moves > 0 || p.bonus_used.iter().any(|n| *n > 0) {
        return Err(format!("{} has taken a bonus action this turn and may not run", h.name));
    }
    if h.rooted() || h.has(StatusKind::Chained) {
        return Err(format!("{} cannot move", h.name));
    }
    Ok(())
}

/// #163: a Run begins: the Move Action before it is over, and the Speed dice are rolled again
/// (`Command::RollMovement` follows in `apply`).
pub fn run(world: &mut World, snap: &Snapshot, hero: FigureId) -> Outcome {
    let h = super::actions::hero(snap, hero)?;
    may_run(snap, h)?;
    let p = snap.turn.progress(h.id);
    set_progress(
        world,
        h.id,
        Progress {
            allowance: None,
            steps_used: 0,
            moving: MoveState::NotStarted,
            running: true,
            ..p
        },
    );
    Ok(vec![GameEvent::RunBegun { hero }])
}

/// What a running hero may not do (#163): jump, or open a door that asks a test (the action-point
/// module's locks).
pub fn running_may_send(snap: &Snapshot, cmd: &Command) -> Result<(), String> {
    let hero = match cmd {
        Command::Jump { figure, .. } => *figure,
        Command::JumpTrap { hero, .. } | Command::PickLock { hero, .. } => *hero,
        _ => return Ok(()),
    };
    if snap.turn.progress(hero).running {
        return Err("a running hero may not jump or open a door that needs a test".into());
    }
    Ok(())
}

/// #163: a monster coming into sight or a trap going off ends a running hero's turn.
pub(super) fn run_cut_short(world: &mut World, cmd: &Command, evs: &[GameEvent]) -> Vec<GameEvent> {
    let hero = match cmd {
        Command::Move { figure, .. } => *figure,
        _ => return Vec::new(),
    };
    let Some(now) = Snapshot::capture(world) else {
        return Vec::new();
    };
    if now.turn.phase != Phase::Hero(hero) || !now.turn.progress(hero).running {
        return Vec::new();
    }
    let startled = evs
        .iter()
        .any(|e| matches!(e, GameEvent::MonsterRevealed { .. } | GameEvent::TrapSprung { .. }));
    if !startled {
        return Vec::new();
    }
    let mut out = vec![GameEvent::RunCutShort { hero }];
    out.extend(end_turn(world, &now));
    out
}

/// #165: a hero's spell with a Mastery test (or any, against a Ward): the test's number, None
/// where it takes none.
pub fn mastery_of(snap: &Snapshot, c: &FigureSnap, spell: &str) -> Option<u8> {
    snap.rules().adv()?;
    if !c.is_hero() {
        return None;
    }
    let base = snap.rules().spells.get(spell)?.mastery;
    let ward = super::morcar::ward(snap);
    match (base, ward) {
        (None, 0) => None,
        (b, w) => Some(b.unwrap_or(0).saturating_add(w)),
    }
}

/// The Mind a caster passes a Mastery test at or below: its current Mind and its skills' help.
pub fn mastery_mind(c: &FigureSnap) -> u8 {
    c.mind.saturating_add(c.skills.mastery)
}

/// #165: the Mastery test of `spell` cast by `c` at `t`. Passed: the events and true. Failed
/// with a shortfall the caster could pay: the choice waits (`Pending::Mastery`). Failed beyond
/// its Mind: the spell fails.
pub(super) fn mastery_test(
    world: &mut World,
    c: &FigureSnap,
    spell: &str,
    t: FigureId,
    number: u8,
    name: String,
) -> (Vec<GameEvent>, bool) {
    let mut evs = super::fate::fated(world, c, RollKind::Test);
    let roll = if evs.is_empty() {
        crate::rules::dice::roll_d6(rng(world))
    } else {
        1
    };
    let total = roll.saturating_add(number);
    let mind = mastery_mind(c);
    let passed = total <= mind;
    evs.push(GameEvent::MasteryTested {
        caster: c.id,
        spell: spell.to_string(),
        name: name.clone(),
        roll,
        total,
        mind,
        passed,
    });
    if passed {
        return (evs, true);
    }
    let shortfall = total - mind;
    if shortfall <= c.mind {
        world.resource_mut::<Turn>().pending = Some(Pending::Mastery {
            caster: c.id,
            spell: spell.to_string(),
            target: t,
            shortfall,
        });
    } else {
        evs.push(GameEvent::MasteryFailed {
            caster: c.id,
            spell: spell.to_string(),
            name,
        });
    }
    (evs, false)
}

/// The caster's answer to a failed Mastery test: pay the shortfall in Mind and the spell works,
/// or it fails.
pub(super) fn answer_mastery(world: &mut World, snap: &Snapshot, pay: bool) -> Outcome {
    let Some(Pending::Mastery {
        caster,
        spell,
        target,
        shortfall,
    }) = snap.turn.pending.clone()
    else {
        return Err("no Mastery test waits for an answer".into());
    };
    world.resource_mut::<Turn>().pending = None;
    if !pay {
        let name = snap
            .rules()
            .spells
            .get(&spell)
            .map_or_else(|| spell.clone(), |d| d.name.clone());
        return Ok(vec![GameEvent::MasteryFailed { caster, spell, name }]);
    }
    let mut evs = vec![GameEvent::MasteryPaid {
        caster,
        mind: shortfall,
    }];
    evs.extend(super::damage::lose_mind(
        world,
        caster,
        shortfall,
        None,
        "a Mastery test",
    ));
    let now = Snapshot::capture(world).expect("quest in play");
    let (Some(c), Some(t)) = (now.figure(caster), now.figure(target)) else {
        return Ok(evs);
    };
    if c.alive() && t.alive() {
        evs.extend(super::spells::finish_cast(world, &now, c, t, &spell));
    }
    Ok(evs)
}
