//! Men-at-arms (HeroQuest Revised, #151–152): figures of the heroes' side that serve a hero and
//! are activated by its player, in the same turn as the hero (#39). Here: putting them on the
//! board, the order of a seat's activations, and what they may not do.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::quest::Quest;
use crate::rules::geometry::Pos;

/// Puts the men-at-arms the quest lends beside the heroes they serve (`Quest::retinues`), with
/// ids from `next_id`; under the action-point module they wait off the board with their heroes.
/// Returns their ids and names.
pub(super) fn spawn(
    world: &mut World,
    quest: &Quest,
    heroes: &[(String, FigureId)],
    next_id: &mut u32,
) -> Vec<(FigureId, String)> {
    let mut out = Vec::new();
    let mut taken: BTreeSet<Pos> = quest.hero_starts.iter().copied().collect();
    taken.extend(quest.monsters.iter().map(|m| m.at));
    taken.extend(quest.traps.iter().map(|t| t.at));
    for (class, kinds) in quest.retinues() {
        let Some((seat, hero)) = heroes
            .iter()
            .enumerate()
            .find(|(_, (c, _))| *c == class)
            .map(|(i, (_, id))| (i, *id))
        else {
            continue;
        };
        let mut count: std::collections::BTreeMap<&str, u32> = Default::default();
        for kind in &kinds {
            let Some(def) = quest.rules.men_at_arms.get(kind) else {
                continue;
            };
            let nth = count.entry(kind).or_default();
            *nth += 1;
            let hero_name = quest
                .hero_names
                .get(&class)
                .cloned()
                .unwrap_or_else(|| quest.rules.heroes.get(&class).map_or(class.clone(), |d| d.name.clone()));
            // "the Dwarf's Scout", and a number where one hero leads two of a kind.
            let name = if kinds.iter().filter(|k| *k == kind).count() > 1 {
                format!("{hero_name}'s {} {nth}", def.name)
            } else {
                format!("{hero_name}'s {}", def.name)
            };
            let id = FigureId(*next_id);
            *next_id += 1;
            let mut e = world.spawn((
                Name::new(name.clone()),
                QuestEntity,
                id,
                Retainer {
                    kind: kind.clone(),
                    name: name.clone(),
                    serves: hero,
                    abilities: def.abilities.clone(),
                },
                Body::full(def.body),
                Mind::full(def.mind),
                Fighter {
                    attack: def.attack,
                    defend: def.defend,
                    movement: Movement::Fixed(def.movement),
                    diagonal: def.abilities.contains(&crate::rules::ruleset::Ability::Long),
                },
                Status::default(),
            ));
            if !quest.modules.action_points()
                && let Some(start) = quest.hero_starts.get(seat)
                && let Some(at) = nearest_free(quest, *start, &taken)
            {
                taken.insert(at);
                e.insert(GridPos(at));
            }
            out.push((id, name));
        }
    }
    out
}

/// The free square nearest `from` by steps that cross no wall or door: not furniture, a blocked
/// square, a trap, a monster's or another figure's start.
fn nearest_free(quest: &Quest, from: Pos, taken: &BTreeSet<Pos>) -> Option<Pos> {
    let b = &quest.board;
    let solid = |p: Pos| quest.blocked.contains(&p) || quest.furniture.iter().any(|f| f.rect.contains(p));
    let field = crate::rules::paths::DistanceField::new(b.width, b.height, from, u16::MAX, |p, q| {
        b.in_bounds(q) && !b.wall_between(p, q) && !solid(q)
    });
    let mut found: Vec<(u16, Pos)> = field
        .reached()
        .filter(|(p, _)| !taken.contains(p))
        .map(|(p, d)| (d, p))
        .collect();
    found.sort();
    found.first().map(|(_, p)| *p)
}

/// The order in which the heroes' side takes its activations: each player in the seat order of
/// its first hero, and within a player each hero, then the men-at-arms who serve it (#39,
/// #152). A player may take them in another order (`activate`).
pub(super) fn activation_order(snap: &Snapshot) -> Vec<FigureId> {
    let mut heroes: Vec<&FigureSnap> = snap.heroes().collect();
    // With every hero its own player the order is the seats' own.
    if snap.rules().edition.players_choose_order && !snap.quest.players.is_empty() {
        heroes.sort_by_cached_key(|h| {
            let first = snap
                .heroes()
                .find(|o| player(snap, o) == player(snap, h))
                .map_or(h.seat, |o| o.seat);
            (first, h.seat)
        });
    }
    let mut order = Vec::new();
    for h in heroes {
        order.push(h.id);
        order.extend(snap.men_at_arms().filter(|m| m.serves == Some(h.id)).map(|m| m.id));
    }
    order
}

/// The hero whose player activates `f`: itself, or the hero a man-at-arms serves.
pub fn leader(f: &FigureSnap) -> FigureId {
    f.serves.unwrap_or(f.id)
}

/// Whether one person plays both figures (#39), or the party chooses its order together.
pub(super) fn same_player(snap: &Snapshot, a: FigureId, b: FigureId) -> bool {
    match (snap.figure(a), snap.figure(b)) {
        (Some(a), Some(b)) => player(snap, a) == player(snap, b),
        _ => false,
    }
}

/// The player (an index) who activates `f`: where the rules let one person take all its heroes
/// in one turn (#39), that person's; else the hero's own (each hero a player). Under the
/// co-operative turn order (#175) the heroes choose their order together, as one player would.
fn player(snap: &Snapshot, f: &FigureSnap) -> usize {
    if snap.quest.modules.coop_order() {
        return 0;
    }
    let hero = snap.figure(leader(f)).unwrap_or(f);
    if snap.rules().edition.players_choose_order {
        snap.quest.player_of(&hero.kind)
    } else {
        hero.seat
    }
}

/// The figures the player now acting may activate instead of the one whose turn it is: the
/// others of its figures (its heroes and their men-at-arms) still to act this round. None once
/// the figure acting has done anything (#39: each activation is finished before the next
/// begins).
pub fn may_activate_instead(snap: &Snapshot) -> Vec<FigureId> {
    let Phase::Hero(now) = snap.turn.phase else {
        return Vec::new();
    };
    let Some(cur) = snap.figure(now) else { return Vec::new() };
    if snap.turn.progress.get(&now).is_some_and(|p| *p != Progress::default()) || snap.turn.draft.is_some() {
        return Vec::new();
    }
    let me = player(snap, cur);
    activation_order(snap)
        .into_iter()
        .filter(|id| *id != now && !snap.turn.done.contains(id))
        .filter(|id| {
            snap.figure(*id)
                .is_some_and(|f| player(snap, f) == me && f.in_play() && !f.idle())
        })
        .collect()
}

/// `Command::Activate`: the player acting takes another of its figures first (#39).
pub(super) fn activate(world: &mut World, snap: &Snapshot, figure: FigureId) -> Result<Vec<GameEvent>, String> {
    let f = snap
        .figure(figure)
        .ok_or_else(|| format!("there is no figure {}", figure.0))?;
    let Some(now) = (match snap.turn.phase {
        Phase::Hero(id) => snap.figure(id),
        _ => None,
    }) else {
        return Err("it is not the heroes' turn".into());
    };
    if !may_activate_instead(snap).contains(&figure) {
        return Err(if figure == now.id {
            format!("{} is already the figure acting", f.name)
        } else if player(snap, f) != player(snap, now) {
            format!("{} is not one of the figures {}'s player activates", f.name, now.name)
        } else if snap.turn.done.contains(&figure) {
            format!("{} has already been activated this round", f.name)
        } else if !f.in_play() || f.idle() {
            format!("{} cannot act this round", f.name)
        } else {
            format!("{} has begun its activation: it must be finished first", now.name)
        });
    }
    world.resource_mut::<Turn>().phase = Phase::Hero(figure);
    Ok(vec![GameEvent::Activated { figure }])
}

/// What a man-at-arms may not do, that a hero may (#88–89, #94, cards): None for a hero.
pub fn only_heroes(f: &FigureSnap, what: &str) -> Result<(), String> {
    if f.serves.is_some() {
        return Err(format!("{} is a man-at-arms: only a hero may {what}", f.name));
    }
    Ok(())
}

/// A man-at-arms at 0 Body or 0 Mind leaves the board (#76): it is not a hero, so it leaves no
/// belongings and is never In Shock. A grip that held it ends.
pub(super) fn fall(world: &mut World, f: &FigureSnap, by: Option<FigureId>) -> Vec<GameEvent> {
    let mut evs = super::damage::release(world, f.id);
    world.entity_mut(f.entity).insert(Dead).remove::<GridPos>();
    evs.push(GameEvent::ManAtArmsKilled { figure: f.id, by });
    evs
}

/// Whether man-at-arms `f` may send `c` at all (#49, #59, #62, #88–89): it fights, opens doors,
/// and, a Scout, searches for traps and disarms them; no search for treasure or secret doors, no
/// card, no Investigation.
pub fn may_do(snap: &Snapshot, f: &FigureSnap, c: &Command) -> bool {
    let scout = snap.rules().men_at_arms.get(&f.kind).is_some_and(|m| m.searches_traps);
    match c {
        Command::Attack { .. }
        | Command::OpenDoor { .. }
        | Command::Move { .. }
        | Command::UsePortal { .. }
        | Command::EndTurn => true,
        Command::Activate { .. } => true,
        Command::SearchTraps { .. } | Command::DisarmTrap { .. } => scout,
        _ => false,
    }
}

/// The one gate for a man-at-arms's commands: on its activation, only what `may_do` allows.
pub(super) fn may_send(snap: &Snapshot, cmd: &Command) -> Result<(), String> {
    let Phase::Hero(id) = snap.turn.phase else {
        return Ok(());
    };
    // Another player's hero breaking in with Fate is no command of the figure acting (#173).
    if let Command::SpendFate {
        hero,
        on: crate::game::model::FateUse::Activation,
    } = cmd
        && *hero != id
    {
        return Ok(());
    }
    match snap.figure(id) {
        Some(f) if f.serves.is_some() && matches!(cmd, Command::RollMovement { .. }) => {
            Err(format!("{} has a fixed Speed and does not roll for movement", f.name))
        }
        Some(f) if f.serves.is_some() && !may_do(snap, f, cmd) => {
            let scout = snap.rules().men_at_arms.get(&f.kind).is_some_and(|m| m.searches_traps);
            Err(format!(
                "{} is a man-at-arms: it moves, fights and opens doors{}, and nothing else",
                f.name,
                if scout {
                    ", and searches for and disarms traps"
                } else {
                    ""
                }
            ))
        }
        _ => Ok(()),
    }
}
