//! Magic: the spell draft, hero spells and Dread spells, what each does to its target, and
//! monsters summoned by a spell.

use bevy::prelude::*;

use super::{apply_damage, heal, may_act, roll_attack, spawn_monster, strike, take_action, undefended};
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::{add_status, entity_of, remove_status, rng, set_progress};
use crate::rules::combat::{self, Side};
use crate::rules::dice::{self, Face};
use crate::rules::ruleset::{DamageKind, Effect, SpellTarget};

use super::actions::{Outcome, figure, free_squares_near};

/// heroquest-2021.md, Spell Distribution: the Wizard picks, the Elf picks, the Wizard gets the
/// rest. Under Revised (#12–15) the heroes pick by Mind, in turn, each its Spellcraft's worth,
/// and a group only one kind of hero may take is that hero's alone.
pub fn choose_school(world: &mut World, snap: &Snapshot, id: FigureId, school: &str) -> Outcome {
    choose_group(world, snap, id, school, None)
}

/// Revised #14: a greater group (more than three spells), of which the hero keeps three.
pub fn choose_spells(world: &mut World, snap: &Snapshot, id: FigureId, school: &str, keep: &[String]) -> Outcome {
    choose_group(world, snap, id, school, Some(keep))
}

/// The spells a hero takes of `school`: a lesser group whole, three of a greater one (#14).
fn group_spells(snap: &Snapshot, school: &str, keep: Option<&[String]>) -> Result<Vec<String>, String> {
    let rules = snap.rules();
    let all = rules.schools.get(school).cloned().unwrap_or_default();
    let kept = crate::rules::ruleset::KEEP_OF_GREATER;
    match (rules.greater(school), keep) {
        (false, None) => Ok(all),
        (false, Some(_)) => Err(format!("the {school} group is a lesser group: it is taken whole")),
        (true, None) => Err(format!(
            "the {school} group is a greater group: choose the {kept} of its {} spells to keep",
            all.len()
        )),
        (true, Some(k)) => {
            let distinct: std::collections::BTreeSet<&String> = k.iter().collect();
            if k.len() != kept || distinct.len() != kept {
                return Err(format!("keep exactly {kept} different spells of the {school} group"));
            }
            if let Some(x) = k.iter().find(|x| !all.contains(x)) {
                return Err(format!("\"{x}\" is not a spell of the {school} group"));
            }
            Ok(k.to_vec())
        }
    }
}

fn choose_group(world: &mut World, snap: &Snapshot, id: FigureId, school: &str, keep: Option<&[String]>) -> Outcome {
    let Some(draft) = snap.turn.draft.clone() else {
        return Err("the spell schools have already been chosen".into());
    };
    let h = figure(snap, id)?;
    if draft.next != id {
        return Err(format!(
            "it is {}'s pick",
            snap.figure(draft.next).map_or("another hero", |f| f.name.as_str())
        ));
    }
    if !draft.left.iter().any(|s| s == school) {
        return Err(format!(
            "the {school} school is not left to choose (left: {})",
            draft.left.join(", ")
        ));
    }
    if !snap.rules().may_take_school(&h.kind, school) {
        let only = snap
            .rules()
            .school_only_for
            .get(school)
            .and_then(|k| snap.rules().heroes.get(k))
            .map_or("another hero".to_string(), |d| format!("the {}", d.name));
        return Err(format!("the {school} school is for {only} alone"));
    }
    let spells = group_spells(snap, school, keep)?;
    let mut evs = vec![grant_school(world, h, school, spells)];
    let mut draft = draft;
    draft.left.retain(|s| s != school);
    let held = |world: &mut World, id: FigureId| {
        entity_of(world, id)
            .and_then(|e| world.get::<Spellbook>(e).map(|b| b.schools.len()))
            .unwrap_or(0)
    };
    if snap.rules().edition.draft == crate::rules::ruleset::DraftOrder::ByMind {
        // Round and round from the picker: the next hero who still has picks to make and a
        // school it may take.
        let at = draft.order.iter().position(|(x, _)| *x == id).unwrap_or(0);
        let n = draft.order.len();
        let next = (1..=n).map(|k| draft.order[(at + k) % n]).find(|&(x, cap)| {
            let kind = snap.figure(x).map_or("", |f| f.kind.as_str());
            held(world, x) < cap as usize && snap.rules().schools_open_to(kind, &draft.left).next().is_some()
        });
        let mut turn = world.resource_mut::<Turn>();
        turn.draft = next.map(|(x, _)| Draft { next: x, ..draft });
        return Ok(evs);
    }
    loop {
        if draft.left.is_empty() {
            world.resource_mut::<Turn>().draft = None;
            break;
        }
        if let Some(&(next, _)) = draft.order.iter().find(|(h, _)| held(world, *h) == 0) {
            draft.next = next;
            world.resource_mut::<Turn>().draft = Some(draft);
            break;
        }
        let (first, cap) = draft.order[0];
        let need = (cap as usize).saturating_sub(held(world, first));
        if need == 0 {
            world.resource_mut::<Turn>().draft = None;
            break;
        }
        if draft.left.len() <= need {
            let f = snap.figure(first).expect("drafter exists").clone();
            for sc in std::mem::take(&mut draft.left) {
                // 2021's leftovers, taken whole (2021 has no greater group).
                let spells = snap.rules().schools[&sc].clone();
                evs.push(grant_school(world, &f, &sc, spells));
            }
            continue;
        }
        draft.next = first;
        world.resource_mut::<Turn>().draft = Some(draft);
        break;
    }
    Ok(evs)
}

fn grant_school(world: &mut World, h: &FigureSnap, school: &str, spells: Vec<String>) -> GameEvent {
    let mut book = world.get_mut::<Spellbook>(h.entity).expect("heroes have a spellbook");
    book.schools.push(school.to_string());
    book.spells.extend(spells.iter().cloned());
    GameEvent::SchoolChosen {
        hero: h.id,
        school: school.to_string(),
        spells,
    }
}

/// Rolls the target's mind against a spell: one die per mind point (+2 with the Talisman of
/// Lore); any shield of the target's colour and the spell fails.
fn resist_roll(world: &mut World, t: &FigureSnap) -> (Vec<Face>, bool) {
    let mut n = t.mind;
    if t.equipment.has("talisman_of_lore") {
        n += 2;
    }
    let roll = dice::roll_combat(rng(world), n);
    let side = if t.hero { Side::Hero } else { Side::Monster };
    let resisted = combat::blocks(&roll, side) > 0;
    (roll, resisted)
}

/// May `c` aim a spell or a card (`what`, aimed at `target`: Revised #86) at `t`? In sight, and
/// the kind of figure the target rule names.
pub(super) fn aim(
    snap: &Snapshot,
    c: &FigureSnap,
    t: &FigureSnap,
    target: SpellTarget,
    what: &str,
) -> Result<(), String> {
    let (Some(cp), Some(tp)) = (c.pos, t.pos) else {
        return Err(format!("{} is not on the board", t.name));
    };
    let in_sight = cp == tp || snap.sees(cp, tp);
    match target {
        SpellTarget::Caster if t.id != c.id => {
            return Err(format!("{} can only be cast by {} on itself", what, c.name));
        }
        SpellTarget::Ally if t.hero != c.hero => {
            return Err(format!("{} is cast on a friend, not on {}", what, t.name));
        }
        SpellTarget::Enemy if t.hero == c.hero => {
            return Err(format!("{} is cast on a foe, not on {}", what, t.name));
        }
        SpellTarget::Enemy if c.hero && !t.awake => return Err(format!("{} cannot see {}", c.name, t.name)),
        _ => {}
    }
    if !in_sight {
        return Err(format!("{} has no line of sight to {}", c.name, t.name));
    }
    Ok(())
}

/// heroquest-2021.md, Spell System (hero spells) and Monster Rules / Actions (Dread spells).
pub fn cast_spell(world: &mut World, snap: &Snapshot, caster: FigureId, spell: &str, target: FigureId) -> Outcome {
    let c = figure(snap, caster)?;
    may_act(snap, c)?;
    super::turn::cards_usable(c)?;
    let t = figure(snap, target)?;
    let rules = snap.quest.rules.clone();
    let def = rules
        .spells
        .get(spell)
        .ok_or_else(|| format!("there is no spell \"{spell}\""))?;
    if !c.spellbook.spells.iter().any(|s| s == spell) {
        return Err(format!("{} does not know {}", c.name, def.name));
    }
    if c.spellbook.cast.iter().any(|s| s == spell) {
        return Err(format!("{} has already cast {} this quest", c.name, def.name));
    }
    aim(snap, c, t, def.target, &def.name)?;
    if def.effect == Effect::Status(StatusKind::Asleep) && t.undead {
        return Err(format!("{} is undead: the dead do not sleep", t.name));
    }
    let p = take_action(snap, c, ActionKind::Spell)?;
    set_progress(world, c.id, p);
    let mut evs = Vec::new();
    // A thing that keeps the first spell from being used up (the Spell Ring's Unspent), not
    // yet spent this quest.
    let keeper = c
        .equipment
        .items
        .iter()
        .filter(|_| c.hero)
        .find(|i| {
            rules
                .items
                .get(*i)
                .is_some_and(|d| d.abilities.contains(&crate::rules::ruleset::Ability::Unspent))
                && !snap.dungeon.used.contains(&(c.id, (*i).clone()))
        })
        .cloned();
    if let Some(item) = keeper {
        world.resource_mut::<Dungeon>().used.insert((c.id, item.clone()));
        evs.push(GameEvent::ArtifactUsed {
            hero: c.id,
            name: rules.thing_name(&item),
            item,
        });
    } else if rules.magic_deck().is_some() {
        // A Magic Spell cast leaves the hand for the discard pile (#177).
        super::apprentice::discard(world, c.entity, spell);
    } else {
        world
            .get_mut::<Spellbook>(c.entity)
            .expect("casters have a spellbook")
            .cast
            .push(spell.to_string());
    }
    // Revised's advanced game: a Mastery test first (#165); a failed one waits for the caster
    // to pay its shortfall, or fails.
    if let Some(number) = super::advanced::mastery_of(snap, c, spell) {
        let (test, passed) = super::advanced::mastery_test(world, c, spell, t.id, number, def.name.clone());
        evs.extend(test);
        if !passed {
            return Ok(evs);
        }
    }
    // The cast comes first in the log, before the Spell Ring keeps the spell and after a test.
    let mut done = finish_cast(world, snap, c, t, spell);
    let effects = done.split_off(done.len().min(1));
    let at = evs
        .iter()
        .position(|e| matches!(e, GameEvent::MasteryTested { .. }))
        .map_or(0, |i| i + 1);
    evs.splice(at..at, done);
    evs.extend(effects);
    Ok(evs)
}

/// A spell cast, its Mastery test passed or paid for: the target's resistance, then its effect.
pub(super) fn finish_cast(
    world: &mut World,
    snap: &Snapshot,
    c: &FigureSnap,
    t: &FigureSnap,
    spell: &str,
) -> Vec<GameEvent> {
    let rules = snap.quest.rules.clone();
    let Some(def) = rules.spells.get(spell) else {
        return Vec::new();
    };
    let mut evs = Vec::new();
    let (resist, resisted) = if def.mind_resists {
        resist_roll(world, t)
    } else {
        (Vec::new(), false)
    };
    let cast = if c.hero {
        GameEvent::SpellCast {
            caster: c.id,
            spell: spell.to_string(),
            name: def.name.clone(),
            target: t.id,
            resist,
            resisted,
        }
    } else {
        GameEvent::DreadSpellCast {
            caster: c.id,
            spell: spell.to_string(),
            name: def.name.clone(),
            target: t.id,
            resist,
            resisted,
        }
    };
    evs.push(cast);
    if !resisted {
        evs.extend(apply_effect(world, snap, Some(c), t, &def.effect, &def.name));
    }
    evs
}

/// What a spell or potion does to its target.
pub(in crate::game) fn apply_effect(
    world: &mut World,
    snap: &Snapshot,
    by: Option<&FigureSnap>,
    t: &FigureSnap,
    effect: &Effect,
    cause: &str,
) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let by_id = by.map(|b| b.id);
    match effect {
        Effect::Damage {
            amount,
            resist_dice,
            kind,
        } => {
            let roll = dice::roll_combat(rng(world), *resist_dice);
            let side = if t.hero { Side::Hero } else { Side::Monster };
            // Piercing damage: the target counts as having rolled no shields (Revised #73).
            let saved = if *kind == DamageKind::Piercing {
                0
            } else {
                combat::blocks(&roll, side)
            };
            let landed = crate::rules::ruleset::damage_taken(&t.abilities, *kind, amount.saturating_sub(saved));
            // Spirit damage takes Mind, not Body (Revised #71).
            if *kind == DamageKind::Spirit {
                evs.extend(super::damage::lose_mind(world, t.id, landed.min(t.mind), by_id, cause));
                return evs;
            }
            let hits = if t.only_harmed_by.is_some() {
                0
            } else {
                landed.min(t.body)
            };
            evs.push(GameEvent::Wounded {
                figure: t.id,
                amount: hits,
                dice: roll,
                cause: cause.to_string(),
            });
            evs.extend(apply_damage(world, t.id, hits, by_id));
        }
        Effect::Attack { dice: n } => {
            // A monster's spell that rolls attack dice (Lightning Bolt) rolls the pool under the
            // referee dice pool: its definition is an attack roll (checklists §1.4 row 19).
            let (attack, defend, damage, set) = roll_attack(world, snap, by, t, *n, snap.defend_dice(t));
            let damage = if t.only_harmed_by.is_some() { 0 } else { damage };
            evs.extend(set);
            evs.extend(strike(world, by_id, t.id, attack, defend, damage));
        }
        Effect::Heal { body } => evs.extend(heal(world, t.id, *body, cause)),
        Effect::Status(s) => {
            if *s == StatusKind::Courage {
                evs.extend(remove_status(world, t.id, StatusKind::Fear));
            }
            if *s == StatusKind::Fear && t.has(StatusKind::Courage) {
                return evs;
            }
            evs.extend(add_status(world, t.id, *s));
        }
        Effect::Tempest => {
            for f in same_side_around(snap, t) {
                evs.extend(add_status(world, f, StatusKind::LoseTurn));
            }
        }
        Effect::Firestorm { dice: n } => {
            for f in same_side_around(snap, t) {
                evs.extend(undefended(world, f, *n, cause));
            }
        }
        Effect::Summon { kind, count } => {
            let Some(c) = by else { return evs };
            evs.extend(summon(world, snap, c, kind, *count));
        }
        Effect::Mystic => {
            let Some(c) = by else { return evs };
            evs.extend(super::damage::mystic_attack(world, snap, c, t, cause));
        }
    }
    evs
}

/// The target and every figure of its side orthogonally next to it (no wall between). A freed
/// captive walking beside a hero is no hero: the flames and winds of a spell cast at the
/// heroes pass it by (rules-decisions row 24).
fn same_side_around(snap: &Snapshot, t: &FigureSnap) -> Vec<FigureId> {
    let Some(tp) = t.pos else { return Vec::new() };
    let mut v = vec![t.id];
    for n in tp.neighbours() {
        if let Some(o) = snap.figure_at(n)
            && o.hero == t.hero
            && !o.captive
            && snap.edge_open(tp, n)
        {
            v.push(o.id);
        }
    }
    v
}

fn summon(world: &mut World, snap: &Snapshot, near: &FigureSnap, kind: &str, count: u8) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    let Some(at) = near.pos else { return evs };
    let Some(def) = snap.rules().monsters.get(kind).cloned() else {
        return evs;
    };
    let squares = free_squares_near(snap, at, count as usize);
    let first = crate::game::world::next_figure_id(world).0;
    for (q, n) in squares.into_iter().zip(first..) {
        let id = FigureId(n);
        let name = spawn_monster(world, id, kind, None, &def, q, &[]);
        if let Some(e) = entity_of(world, id) {
            world.entity_mut(e).insert(Awake);
        }
        // Awake, but acting from the next sorcerer turn (rules-decisions row 24): this turn it
        // has moved and acted, as a monster taken before the one now moving has.
        if let Some(mut turn) = world.get_resource_mut::<crate::game::model::Turn>() {
            turn.progress.insert(
                id,
                crate::game::model::Progress {
                    moving: crate::game::model::MoveState::Done,
                    acted: true,
                    attacks: 1,
                    spells: 1,
                    ..Default::default()
                },
            );
        }
        world.resource_mut::<FigureNames>().0.insert(id, name);
        evs.push(GameEvent::MonsterSummoned { figure: id, at: q });
    }
    evs
}
