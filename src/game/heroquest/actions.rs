//! The hero actions and free activities beyond moving and fighting: the spell draft, spells and
//! Dread spells, ranged weapons, the three searches, traps, potions, giving, picking up,
//! artifacts and retreat. Each checks the rules, changes components and returns its events;
//! `logic::submit` is the only caller.

use bevy::prelude::*;

use super::worn_armor;
use super::{
    derive_fighter, end_turn, may_act, resolve_attack, reveal, spawn_monster, spring, take_action, undefended,
};
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::{entity_of, remove_status, rng, set_progress};
use crate::quest::gear::may_carry;
use crate::rules::board::CORRIDOR;
use crate::rules::bounds::add_gold;
use crate::rules::geometry::Pos;
use crate::rules::ruleset::Card;

pub(in crate::game) type Outcome = Result<Vec<GameEvent>, String>;

pub(in crate::game) fn figure(snap: &Snapshot, id: FigureId) -> Result<&FigureSnap, String> {
    snap.figure(id).ok_or_else(|| format!("there is no figure {}", id.0))
}

pub(in crate::game) fn hero(snap: &Snapshot, id: FigureId) -> Result<&FigureSnap, String> {
    let h = figure(snap, id)?;
    super::retinue::only_heroes(h, "do that")?;
    if !h.hero {
        return Err(format!("{} is not a hero", h.name));
    }
    may_act(snap, h)?;
    Ok(h)
}

/// A hero, or a man-at-arms whose card lets it search for traps and disarm them (the Scout,
/// Revised #59, #62).
pub(in crate::game) fn trap_hand(snap: &Snapshot, id: FigureId) -> Result<&FigureSnap, String> {
    let h = figure(snap, id)?;
    if h.serves.is_some() {
        if !snap.rules().men_at_arms.get(&h.kind).is_some_and(|m| m.searches_traps) {
            return Err(format!(
                "{} is a man-at-arms who does not search for or disarm traps",
                h.name
            ));
        }
        may_act(snap, h)?;
        return Ok(h);
    }
    hero(snap, id)
}

pub(in crate::game) fn here(h: &FigureSnap) -> Pos {
    h.pos.expect("living figures stand somewhere")
}

pub(in crate::game) use super::spells::apply_effect;
pub use super::spells::{cast_spell, choose_school};

/// Free squares nearest `near` (by walking distance for a monster), for summoned and wandering monsters.
pub(in crate::game) fn free_squares_near(snap: &Snapshot, near: Pos, count: usize) -> Vec<Pos> {
    let b = snap.board();
    let field = crate::rules::paths::DistanceField::new(b.width, b.height, near, 3, |p, q| {
        snap.edge_open(p, q) && !snap.is_solid(q)
    });
    let mut cands: Vec<(u16, Pos)> = field
        .reached()
        .filter(|(p, d)| *d > 0 && snap.figure_at(*p).is_none() && !snap.on_stairway(*p))
        .map(|(p, d)| (d, p))
        .collect();
    cands.sort();
    cands.into_iter().take(count).map(|(_, p)| p).collect()
}

/// Where a wandering monster may appear: the free squares orthogonally next to the searching
/// hero (no wall between, not on the stairway).
pub fn wanderer_squares(snap: &Snapshot, h: &FigureSnap) -> Vec<Pos> {
    let Some(at) = h.pos else { return Vec::new() };
    at.neighbours()
        .into_iter()
        .filter(|q| snap.board().in_bounds(*q) && snap.edge_open(at, *q) && !snap.is_solid(*q))
        .filter(|q| snap.figure_at(*q).is_none() && !snap.on_stairway(*q))
        .collect()
}

/// The sorcerer's placement of a wandering monster (`Pending::PlaceWanderer`): it appears on
/// `at`, awake, and attacks the hero who drew it at once (Wandering Monsters: "monster
/// immediately attacks").
pub(in crate::game) fn place_wanderer(world: &mut World, hero: FigureId, kind: &str, at: Pos) -> Vec<GameEvent> {
    let Some(snap) = Snapshot::capture(world) else {
        return Vec::new();
    };
    let Some(def) = snap.rules().monsters.get(kind).cloned() else {
        return Vec::new();
    };
    let id = crate::game::world::next_figure_id(world);
    let name = spawn_monster(world, id, kind, None, &def, at, &[]);
    if let Some(e) = entity_of(world, id) {
        world.entity_mut(e).insert(Awake);
    }
    world.resource_mut::<FigureNames>().0.insert(id, name);
    let mut evs = vec![GameEvent::WanderingMonster { figure: id, at }];
    let now = Snapshot::capture(world).expect("quest in play");
    if let (Some(mon), Some(hh)) = (now.figure(id), now.figure(hero))
        && hh.alive()
    {
        let (mon, hh) = (mon.clone(), hh.clone());
        evs.extend(resolve_attack(world, &now, &mon, &hh, None));
    }
    evs
}

/// Ranged weapons: thrown dagger (lost), crossbow (reload), bow.
pub fn shoot(world: &mut World, snap: &Snapshot, attacker: FigureId, target: FigureId, weapon: &str) -> Outcome {
    let a = hero(snap, attacker)?;
    super::turn::cards_usable(a)?;
    let t = figure(snap, target)?;
    let rules = snap.quest.rules.clone();
    let def = rules
        .weapons
        .get(weapon)
        .ok_or_else(|| format!("there is no weapon \"{weapon}\""))?;
    if !def.ranged {
        return Err(format!("a {} cannot be thrown or shot", def.name));
    }
    if !a.equipment.has(weapon) {
        return Err(format!("{} carries no {}", a.name, def.name));
    }
    if !snap.ranged_weapons(a).iter().any(|w| w == weapon) {
        return Err(format!("{}'s {} is still being reloaded", a.name, def.name));
    }
    if !snap.can_shoot(a, t) {
        return Err(format!("{} has no line of sight to {}", a.name, t.name));
    }
    let p = take_action(snap, a, ActionKind::Attack)?;
    let mut evs = Vec::new();
    // A bow or crossbow needs both hands: it is taken in hand to shoot, and a carried shield
    // no longer defends until a one-handed weapon is taken up again (rules-decisions row 30).
    if def.two_handed && a.equipment.weapon.as_deref() != Some(weapon) {
        evs.extend(wield(world, snap, a.id, weapon)?);
    }
    if snap.turn.progress(a.id).acted {
        evs.extend(remove_status(world, a.id, StatusKind::HeroicBrew));
    }
    set_progress(world, a.id, p);
    evs.extend(resolve_attack(world, snap, a, t, Some(weapon)));
    if def.thrown {
        let mut eq = world.get::<Equipment>(a.entity).cloned().unwrap_or_default();
        if eq.weapon.as_deref() == Some(weapon) && !eq.items.iter().any(|i| i == weapon) {
            eq.weapon = None;
        } else if let Some(i) = eq.items.iter().position(|i| i == weapon) {
            eq.items.remove(i);
        }
        let fighter = derive_fighter(&rules, &a.kind, &eq);
        world.entity_mut(a.entity).insert((eq, fighter));
        evs.push(GameEvent::ThrownWeaponLost {
            hero: a.id,
            weapon: weapon.to_string(),
        });
    }
    if def.reload {
        world.resource_mut::<Dungeon>().shot_round.insert(a.id, snap.turn.round);
    }
    Ok(evs)
}

/// heroquest-2021.md, Action 3: Search for Treasure.
pub fn search_treasure(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let h = hero(snap, id)?;
    let at = here(h);
    let area = snap.area(at);
    may_search_treasure(snap, h)?;
    let p = take_action(snap, h, ActionKind::Search(crate::quest::SearchKind::Treasure))?;
    set_progress(world, h.id, p);
    // Revised #91: a corridor never deals a treasure card (its quest events may still fire).
    if area == CORRIDOR {
        return Ok(vec![GameEvent::NothingFound {
            hero: h.id,
            search: "treasure".into(),
        }]);
    }
    // A trapped chest (or other piece) in the room springs first; in the advanced game the
    // furniture is searched apart, and its traps spring there (#164).
    let apart = super::advanced::furniture_apart(snap);
    let furniture_trap = snap
        .traps
        .iter()
        .find(|t| {
            t.armed()
                && !apart
                && t.furniture
                    .is_some_and(|i| snap.quest.furniture[i].rect.squares().any(|q| snap.area(q) == area))
        })
        .cloned();
    if let Some(trap) = furniture_trap {
        let sprung = spring(world, &trap, h, at, None);
        let mut evs = sprung.events;
        let now = Snapshot::capture(world).expect("quest in play");
        if now.turn.phase == Phase::Hero(h.id) {
            evs.extend(end_turn(world, &now));
        }
        return Ok(evs);
    }
    world.resource_mut::<Dungeon>().searched.insert((h.id, area));
    if let Some((i, _)) = snap
        .quest
        .treasure
        .iter()
        .enumerate()
        .find(|(i, t)| t.area == area && super::advanced::hidden_in(snap, *i).is_none())
    {
        if snap.dungeon.special_taken.contains(&i) {
            return Ok(vec![GameEvent::NothingFound {
                hero: h.id,
                search: "treasure".into(),
            }]);
        }
        return Ok(give_special(world, snap, h, i));
    }
    draw_card(world, snap, h)
}

/// The quest's special treasure `i`, found by `h`: its gold, potions and things.
pub(super) fn give_special(world: &mut World, snap: &Snapshot, h: &FigureSnap, i: usize) -> Vec<GameEvent> {
    let rules = snap.quest.rules.clone();
    let t = &snap.quest.treasure[i];
    {
        world.resource_mut::<Dungeon>().special_taken.insert(i);
        let mut evs = vec![GameEvent::SpecialTreasureFound {
            hero: h.id,
            text: t.text.clone(),
        }];
        let e = h.entity;
        {
            let mut inv = world.get_mut::<Inventory>(e).expect("heroes carry an inventory");
            inv.gold = add_gold(inv.gold, t.gold);
            inv.potions.extend(t.potions.iter().cloned());
        }
        if t.gold > 0 {
            evs.push(GameEvent::GoldFound {
                hero: h.id,
                amount: t.gold,
            });
        }
        for p in &t.potions {
            evs.push(GameEvent::PotionFound {
                hero: h.id,
                potion: p.clone(),
                name: rules.thing_name(p),
            });
        }
        let mut eq = world.get::<Equipment>(e).cloned().unwrap_or_default();
        // An artifact is one of a kind: one a hero already holds is not found again.
        let held =
            |item: &String| rules.is_artifact(item) && snap.figures.iter().any(|f| f.hero && f.equipment.has(item));
        for item in t.items.iter().filter(|i| !held(i)) {
            take_up(&rules, &h.kind, &mut eq, item);
            evs.push(GameEvent::ItemFound {
                hero: h.id,
                item: item.clone(),
                name: rules.thing_name(item),
            });
        }
        let fighter = derive_fighter(&rules, &h.kind, &eq);
        world.entity_mut(e).insert((eq, fighter));
        evs
    }
}

/// Puts an item among a hero's things (a quest event's gift); the hero's dice follow what the
/// hero may use.
pub(in crate::game) fn receive_item(world: &mut World, hero: &FigureSnap, item: &str) {
    let Some(rules) = world.get_resource::<ActiveQuest>().map(|q| q.0.rules.clone()) else {
        return;
    };
    let mut eq = world.get::<Equipment>(hero.entity).cloned().unwrap_or_default();
    take_up(&rules, &hero.kind, &mut eq, item);
    let fighter = derive_fighter(&rules, &hero.kind, &eq);
    world.entity_mut(hero.entity).insert((eq, fighter));
}

/// A found or given thing joins the hero's equipment. A weapon the hero may wield is taken in
/// hand when it is an artifact or rolls more attack dice than the one in hand (the old one is
/// carried); it stays carried when it would leave a shield useless or the hero cannot use it.
/// See docs/rules-decisions.md.
pub fn stow(rules: &crate::rules::ruleset::RuleSet, class: &str, eq: &mut Equipment, item: &str) {
    crate::quest::gear::stow(rules, class, &mut eq.weapon, &mut eq.items, item);
}

/// A thing a hero takes up in the dungeon (found, handed over, picked up): stowed; under
/// Revised a piece of armour goes into the pack unworn, and putting it on takes a whole turn
/// (#104, switch `armor_takes_a_turn`).
pub(super) fn take_up(rules: &crate::rules::ruleset::RuleSet, class: &str, eq: &mut Equipment, item: &str) {
    stow(rules, class, eq, item);
    if rules.edition.armor_takes_a_turn && rules.armor.contains_key(item) {
        eq.off.push(item.to_string());
    }
}

/// heroquest-2021.md, Treasure Cards: the deck is shuffled before every draw; gold and potions
/// are kept, hazards and wandering monsters go back into the deck.
pub(super) fn draw_card(world: &mut World, snap: &Snapshot, h: &FigureSnap) -> Outcome {
    let rules = snap.quest.rules.clone();
    let deck = snap.dungeon.deck.clone();
    if deck.is_empty() {
        return Ok(vec![GameEvent::NothingFound {
            hero: h.id,
            search: "treasure".into(),
        }]);
    }
    let i = {
        use rand::Rng;
        rng(world).random_range(0..deck.len())
    };
    let card_index = deck[i];
    let card = rules.treasure_deck[card_index].clone();
    let mut evs = vec![GameEvent::TreasureDrawn {
        hero: h.id,
        title: card.title.clone(),
        text: card.text.clone(),
    }];
    let keep = |world: &mut World| {
        world.resource_mut::<Dungeon>().deck.remove(i);
    };
    match &card.card {
        Card::Gold(n) => {
            keep(world);
            let mut inv = world.get_mut::<Inventory>(h.entity).expect("inventory");
            inv.gold = add_gold(inv.gold, *n);
            evs.push(GameEvent::GoldFound { hero: h.id, amount: *n });
        }
        Card::Valuable(v) => {
            // Carried until the town changes it into Gold Crowns (Revised #147).
            keep(world);
            receive_item(world, h, v);
            evs.push(GameEvent::ItemFound {
                hero: h.id,
                item: v.clone(),
                name: rules.thing_name(v),
            });
        }
        Card::Potion(p) => {
            keep(world);
            world
                .get_mut::<Inventory>(h.entity)
                .expect("inventory")
                .potions
                .push(p.clone());
            evs.push(GameEvent::PotionFound {
                hero: h.id,
                potion: p.clone(),
                name: rules.thing_name(p),
            });
        }
        Card::Hazard { dice: n, ends_turn } => {
            evs.push(GameEvent::HazardDrawn {
                hero: h.id,
                title: card.title.clone(),
            });
            evs.extend(undefended(world, h.id, *n, &card.title));
            let now = Snapshot::capture(world).expect("quest in play");
            if *ends_turn && now.turn.phase == Phase::Hero(h.id) {
                evs.extend(end_turn(world, &now));
            }
        }
        Card::WanderingMonster => {
            // heroquest-2021.md, Wandering Monsters: "Zargon places monster next to treasure-
            // searching hero": a choice of the sorcerer's, made with its own command
            // (`PlaceWanderer`) before anything else happens. With no free square beside the
            // hero, nothing appears.
            let squares = wanderer_squares(snap, h);
            if !squares.is_empty() {
                world.resource_mut::<Turn>().pending = Some(Pending::PlaceWanderer {
                    hero: h.id,
                    kind: super::morcar::wanderer(snap),
                    squares,
                });
            }
        }
    }
    Ok(evs)
}

/// Whether `h` may search for treasure where it stands, else why not: a room clear of monsters
/// it has not searched yet (heroquest-2021.md, Action 3), or, where the rules allow it (Revised
/// #89), a corridor with no monster in sight.
pub fn may_search_treasure(snap: &Snapshot, h: &FigureSnap) -> Result<(), String> {
    let area = snap.area(here(h));
    if area == CORRIDOR {
        if !snap.rules().edition.search_corridors {
            return Err("treasure can only be searched for in rooms".into());
        }
        return no_monster_in_sight(snap, h);
    }
    if snap.monsters().any(|m| m.pos.is_some_and(|p| snap.area(p) == area)) {
        return Err("the room must be clear of monsters before searching it".into());
    }
    if snap.dungeon.searched.contains(&(h.id, area)) {
        return Err(format!("{} has already searched this room for treasure", h.name));
    }
    Ok(())
}

/// The squares a search reaches: the whole room the hero stands in, or the corridor squares in sight.
fn search_region(snap: &Snapshot, h: &FigureSnap) -> Vec<Pos> {
    let at = here(h);
    let area = snap.area(at);
    if area != CORRIDOR {
        snap.board().area_squares(area).collect()
    } else {
        snap.board()
            .squares()
            .filter(|q| snap.area(*q) == CORRIDOR && (*q == at || snap.sees_past_figures(at, *q)))
            .collect()
    }
}

/// Checks and spends the action of a search for traps (`traps`) or secret doors, and remembers
/// where it was made.
fn begin_search<'a>(
    world: &mut World,
    snap: &'a Snapshot,
    id: FigureId,
    traps: bool,
) -> Result<&'a FigureSnap, String> {
    let h = if traps { trap_hand(snap, id)? } else { hero(snap, id)? };
    no_monster_in_sight(snap, h)?;
    let kind = if traps {
        crate::quest::SearchKind::Traps
    } else {
        crate::quest::SearchKind::SecretDoors
    };
    let p = take_action(snap, h, ActionKind::Search(kind))?;
    set_progress(world, h.id, p);
    let mut d = world.resource_mut::<Dungeon>();
    let list = if traps {
        &mut d.trap_searches
    } else {
        &mut d.door_searches
    };
    list.push((h.id, here(h)));
    Ok(h)
}

fn no_monster_in_sight(snap: &Snapshot, h: &FigureSnap) -> Result<(), String> {
    match snap.visible_monsters(h).next() {
        Some(m) => Err(format!("{} cannot search with {} in sight", h.name, m.name)),
        None => Ok(()),
    }
}

/// heroquest-2021.md, Action 5: Search for Traps.
pub fn search_traps(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let h = begin_search(world, snap, id, true)?;
    let region = search_region(snap, h);
    let area = snap.area(here(h));
    let found: Vec<Trap> = snap
        .traps
        .iter()
        .filter(|t| t.state == TrapState::Hidden)
        .filter(|t| match t.furniture {
            None => region.contains(&t.at),
            Some(i) => area != CORRIDOR && snap.quest.furniture[i].rect.squares().any(|q| snap.area(q) == area),
        })
        .cloned()
        .collect();
    if found.is_empty() {
        return Ok(vec![GameEvent::NothingFound {
            hero: h.id,
            search: "traps".into(),
        }]);
    }
    let mut evs = Vec::new();
    let mut q = world.query::<&mut Trap>();
    for mut t in q.iter_mut(world) {
        if found.iter().any(|f| f.id == t.id) {
            t.state = TrapState::Known;
            evs.push(GameEvent::TrapFound {
                trap: t.id,
                kind: t.kind,
                at: t.at,
            });
        }
    }
    Ok(evs)
}

/// heroquest-2021.md, Action 4: Search for Secret Doors.
pub fn search_secret_doors(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let h = begin_search(world, snap, id, false)?;
    let region = search_region(snap, h);
    let hidden: Vec<(Entity, u32)> = world
        .query_filtered::<(Entity, &Door), With<Concealed>>()
        .iter(world)
        .filter(|(_, d)| region.contains(&d.edge.0) || region.contains(&d.edge.1))
        .map(|(e, d)| (e, d.id))
        .collect();
    if hidden.is_empty() {
        return Ok(vec![GameEvent::NothingFound {
            hero: h.id,
            search: "secret doors".into(),
        }]);
    }
    let mut evs = Vec::new();
    for (e, door) in hidden {
        world.entity_mut(e).remove::<Concealed>();
        evs.push(GameEvent::SecretDoorFound { door });
    }
    Ok(evs)
}

/// heroquest-2021.md, Potions: drunk at any time on the hero's turn, not an action.
pub fn drink(world: &mut World, snap: &Snapshot, id: FigureId, potion: &str) -> Outcome {
    let h = hero(snap, id)?;
    super::turn::cards_usable(h)?;
    let rules = snap.quest.rules.clone();
    let def = rules
        .potions
        .get(potion)
        .ok_or_else(|| format!("there is no potion \"{potion}\""))?;
    let Some(i) = h.inventory.potions.iter().position(|p| p == potion) else {
        return Err(format!("{} has no {}", h.name, def.name));
    };
    world
        .get_mut::<Inventory>(h.entity)
        .expect("inventory")
        .potions
        .remove(i);
    let mut evs = vec![GameEvent::PotionDrunk {
        hero: h.id,
        potion: potion.to_string(),
        name: def.name.clone(),
    }];
    evs.extend(apply_effect(world, snap, Some(h), h, &def.effect, &def.name));
    Ok(evs)
}

/// heroquest-2021.md, Artifact Rules / Potions: hand an artifact or a potion to an adjacent hero.
/// May hero `h` hand over `item`, a thing it carries (not a potion)? 2021: an artifact only.
/// Revised (#107, switch `pass_items`): anything but armour it wears, and a thing whose ability
/// gave it an extra action this turn.
pub fn may_pass(snap: &Snapshot, h: &FigureSnap, item: &str) -> Result<(), String> {
    let rules = snap.rules();
    let name = rules.thing_name(item);
    if !rules.edition.pass_items && !rules.is_artifact(item) {
        return Err(format!(
            "only potions and artifacts can be handed over during a quest, not a {name}"
        ));
    }
    if !h.equipment.has(item) {
        return Err(format!("{} does not carry {name}", h.name));
    }
    // A Cursed card clings to its bearer (#116).
    if rules
        .items
        .get(item)
        .is_some_and(|d| d.has(crate::rules::ruleset::Keyword::Cursed))
    {
        return Err(format!("the {name} is Cursed: it will not leave {}", h.name));
    }
    // 2021 hands over an artifact whatever it is (Borin's Armour off the back); Revised keeps
    // worn armour on.
    let spare = h.equipment.items.iter().filter(|i| *i == item).count() > 1;
    let worn = worn_armor(rules, &h.kind, &h.equipment).iter().any(|a| *a == item);
    if rules.edition.pass_items && worn && !spare {
        return Err(format!(
            "{} wears the {name}: armour being worn is not handed over",
            h.name
        ));
    }
    let used = snap.turn.progress(h.id).bonus_used;
    let gave = rules.items.get(item).is_some_and(|d| {
        d.abilities
            .iter()
            .filter_map(|a| a.bonus_kind())
            .any(|b| used[b as usize] > 0)
    });
    if gave {
        return Err(format!(
            "the {name} gave {} an extra action this turn: it cannot be passed on yet",
            h.name
        ));
    }
    Ok(())
}

pub fn give(world: &mut World, snap: &Snapshot, from: FigureId, to: FigureId, item: &str) -> Outcome {
    let h = hero(snap, from)?;
    let o = figure(snap, to)?;
    let rules = snap.quest.rules.clone();
    if !o.is_hero() || !o.alive() || o.id == h.id {
        return Err("things can only be given to another hero on the board".into());
    }
    let (a, b) = (here(h), o.pos.expect("alive"));
    if !(a.is_orthogonally_adjacent(b) && snap.edge_open(a, b)) {
        return Err(format!("{} must stand next to {}", h.name, o.name));
    }
    let is_potion = h.inventory.potions.iter().any(|p| p == item);
    let name = rules.thing_name(item);
    if is_potion {
        let mut inv = world.get_mut::<Inventory>(h.entity).expect("inventory");
        let i = inv.potions.iter().position(|p| p == item).expect("checked");
        inv.potions.remove(i);
        world
            .get_mut::<Inventory>(o.entity)
            .expect("inventory")
            .potions
            .push(item.to_string());
    } else {
        may_pass(snap, h, item)?;
        // A hero carries one Selfish card at most (#131).
        super::cards::may_take(&rules, &o.equipment.items, item)?;
        // An Overburdened hero takes no more Heavy things (#126).
        if snap.overburdened(o) && rules.heavy_of(item) > 0 {
            return Err(format!("{} is overburdened and takes no more Heavy things", o.name));
        }
        // Under Revised a hero may carry what its limits forbid, with none of its use (#105):
        // it goes into the pack. Under 2021 only what the receiver may use is handed over.
        if !rules.edition.carry_forbidden {
            let gear = crate::quest::Gear {
                weapon: o.equipment.weapon.clone(),
                ..Default::default()
            };
            may_carry(&rules, &o.kind, item, &gear)?;
        }
        let mut mine = h.equipment.clone();
        if mine.weapon.as_deref() == Some(item) {
            mine.weapon = None;
            // An empty hand takes up the best weapon the hero still carries.
            rearm(&rules, &h.kind, &mut mine);
        } else if let Some(i) = mine.items.iter().position(|i| i == item) {
            mine.items.remove(i);
            mine.settle_off();
        }
        // A weapon handed over is taken in hand as one found would be (rules-decisions row 38).
        let mut theirs = o.equipment.clone();
        take_up(&rules, &o.kind, &mut theirs, item);
        let f1 = derive_fighter(&rules, &h.kind, &mine);
        let f2 = derive_fighter(&rules, &o.kind, &theirs);
        let mut evs = vec![GameEvent::ItemGiven {
            from: h.id,
            to: o.id,
            item: item.to_string(),
            name: name.clone(),
        }];
        for (who, before, after) in [(h, &h.equipment, &mine), (o, &o.equipment, &theirs)] {
            if let Some(w) = after.weapon.as_ref().filter(|w| before.weapon.as_ref() != Some(*w)) {
                evs.push(GameEvent::WeaponWielded {
                    hero: who.id,
                    weapon: w.clone(),
                    name: rules.thing_name(w),
                });
            }
        }
        world.entity_mut(h.entity).insert((mine, f1));
        world.entity_mut(o.entity).insert((theirs, f2));
        return Ok(evs);
    }
    Ok(vec![GameEvent::ItemGiven {
        from: h.id,
        to: o.id,
        item: item.to_string(),
        name,
    }])
}

/// A hero with an empty hand takes up the carried weapon that rolls the most attack dice
/// (an artifact first), if the hero may wield one.
fn rearm(rules: &crate::rules::ruleset::RuleSet, class: &str, eq: &mut Equipment) {
    if eq.weapon.is_some() {
        return;
    }
    let best = eq
        .items
        .iter()
        .enumerate()
        .filter(|(_, w)| may_carry(rules, class, w, &crate::quest::Gear::default()).is_ok())
        .filter_map(|(i, w)| rules.weapons.get(w).map(|d| (i, d)))
        .max_by_key(|(i, d)| (d.artifact, d.attack, std::cmp::Reverse(*i)))
        .map(|(i, _)| i);
    if let Some(i) = best {
        eq.weapon = Some(eq.items.remove(i));
    }
}

/// heroquest-2021.md, Weapons; rules-decisions row 30: a hero takes another carried weapon in
/// hand, a free activity on the hero's own turn (the one in hand is carried instead). A Staff
/// or Longsword in hand attacks diagonally; a two-handed weapon leaves a carried shield unused.
pub fn wield(world: &mut World, snap: &Snapshot, id: FigureId, weapon: &str) -> Outcome {
    let h = hero(snap, id)?;
    let rules = snap.quest.rules.clone();
    let def = rules
        .weapons
        .get(weapon)
        .ok_or_else(|| format!("there is no weapon \"{weapon}\""))?;
    if h.equipment.weapon.as_deref() == Some(weapon) {
        return Err(format!(
            "{} already holds {}",
            h.name,
            crate::game::describe::the(&def.name)
        ));
    }
    let Some(i) = h.equipment.items.iter().position(|w| w == weapon) else {
        return Err(format!(
            "{} does not carry {}",
            h.name,
            crate::game::describe::the(&def.name)
        ));
    };
    may_carry(&rules, &h.kind, weapon, &crate::quest::Gear::default())?;
    let mut eq = h.equipment.clone();
    let taken = eq.items.remove(i);
    if let Some(old) = eq.weapon.replace(taken) {
        eq.items.push(old);
    }
    let old = h.equipment.weapon.clone();
    let fighter = derive_fighter(&rules, &h.kind, &eq);
    world.entity_mut(h.entity).insert((eq, fighter));
    let mut evs = vec![GameEvent::WeaponWielded {
        hero: h.id,
        weapon: weapon.to_string(),
        name: def.name.clone(),
    }];
    // Revised #97–98: what the weapon put away gave lasts only while it was in use; if the hero
    // has taken more actions than it now may, its turn ends at once.
    let now = Snapshot::capture(world).expect("quest in play");
    let nh = now.figure(h.id).expect("the hero");
    let p = now.turn.progress(h.id);
    let attacks = 1 + now.rage_of(nh) + u8::from(nh.has(StatusKind::HeroicBrew));
    use crate::rules::ruleset::Bonus;
    let over = p.attacks > attacks
        || [
            Bonus::SearchTraps,
            Bonus::SearchTreasure,
            Bonus::SearchSecretDoors,
            Bonus::Cast,
        ]
        .into_iter()
        .any(|b| p.bonus_used[b as usize] > now.bonus_actions(nh, b));
    if over {
        evs.push(GameEvent::AbilityLost {
            hero: h.id,
            name: old.map(|w| rules.thing_name(&w)).unwrap_or_default(),
        });
        evs.extend(end_turn(world, &now));
    }
    Ok(evs)
}

/// The fallen hero's possessions `h` could take from where it stands, if any.
pub fn loot_within_reach(snap: &Snapshot, h: &FigureSnap) -> Option<(Entity, Loot)> {
    let at = h.pos?;
    let rules = snap.rules();
    snap.loot
        .iter()
        .filter(|(_, l)| l.at == at || (l.at.is_orthogonally_adjacent(at) && snap.edge_open(l.at, at)))
        .find(|(_, l)| {
            l.gold > 0
                || !l.potions.is_empty()
                || l.items.iter().any(|i| {
                    let gear = crate::quest::Gear {
                        weapon: h.equipment.weapon.clone(),
                        ..Default::default()
                    };
                    !h.equipment.has(i) && may_carry(rules, &h.kind, i, &gear).is_ok()
                })
        })
        .cloned()
}

/// heroquest-2021.md, What Happens to a Dead Hero: other heroes may pick up the possessions.
pub fn pick_up(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let h = hero(snap, id)?;
    let Some((e, loot)) = loot_within_reach(snap, h) else {
        return Err(format!("there is nothing here that {} can pick up", h.name));
    };
    let rules = snap.quest.rules.clone();
    let mut eq = h.equipment.clone();
    let mut left = Vec::new();
    for item in loot.items {
        let gear = crate::quest::Gear {
            weapon: eq.weapon.clone(),
            ..Default::default()
        };
        if may_carry(&rules, &h.kind, &item, &gear).is_ok() && !eq.has(&item) {
            take_up(&rules, &h.kind, &mut eq, &item);
        } else {
            left.push(item);
        }
    }
    let fighter = derive_fighter(&rules, &h.kind, &eq);
    world.entity_mut(h.entity).insert((eq, fighter));
    {
        let mut inv = world.get_mut::<Inventory>(h.entity).expect("inventory");
        inv.gold = add_gold(inv.gold, loot.gold);
        inv.potions.extend(loot.potions);
    }
    if left.is_empty() {
        world.despawn(e);
    } else {
        world.get_mut::<Loot>(e).expect("loot").items = left;
        world.get_mut::<Loot>(e).expect("loot").gold = 0;
        world.get_mut::<Loot>(e).expect("loot").potions.clear();
    }
    Ok(vec![GameEvent::PossessionsPickedUp {
        hero: h.id,
        at: loot.at,
    }])
}

/// Artifacts that are used: the Ring of Return carries its bearer to the stairway.
pub fn use_artifact(world: &mut World, snap: &Snapshot, id: FigureId, item: &str) -> Outcome {
    // A hero off the board (the action-point module) may come on by a teleport (checklists.md
    // 1.3 #8); that is all it may do besides walking on.
    let h = match snap.figure(id) {
        Some(f) if f.off_map() && snap.action_points() => {
            super::turn::may_move(snap, f)?;
            f
        }
        _ => hero(snap, id)?,
    };
    super::turn::cards_usable(h)?;
    let rules = snap.quest.rules.clone();
    if item != "ring_of_return" {
        return Err(format!("{} is not used that way", rules.thing_name(item)));
    }
    if !h.equipment.has(item) {
        return Err(format!("{} does not carry {}", h.name, rules.thing_name(item)));
    }
    if snap.dungeon.used.contains(&(h.id, item.to_string())) {
        return Err(format!(
            "{} has already used {} this quest",
            h.name,
            rules.thing_name(item)
        ));
    }
    let Some(dest) = snap.quest.stairway.squares().find(|q| snap.can_stop_on(h, *q)) else {
        return Err("the stairway is full".into());
    };
    world.resource_mut::<Dungeon>().used.insert((h.id, item.to_string()));
    world.entity_mut(h.entity).insert(GridPos(dest));
    let mut evs = vec![
        GameEvent::ArtifactUsed {
            hero: h.id,
            item: item.to_string(),
            name: rules.thing_name(item),
        },
        match h.pos {
            Some(from) => GameEvent::HeroMoved {
                figure: h.id,
                from,
                to: dest,
            },
            None => GameEvent::HeroEntered { figure: h.id, at: dest },
        },
    ];
    evs.extend(reveal(world));
    Ok(evs)
}

/// heroquest-2021.md, Quest Completion: heroes may leave by the stairway before the goal is met.
pub fn retreat(world: &mut World, snap: &Snapshot, id: FigureId) -> Outcome {
    let h = hero(snap, id)?;
    if !snap.on_stairway(here(h)) {
        return Err(format!("{} must stand on the stairway to leave the dungeon", h.name));
    }
    world.entity_mut(h.entity).insert(Escaped).remove::<GridPos>();
    let mut evs = vec![GameEvent::HeroRetreated { figure: h.id }];
    let now = Snapshot::capture(world).expect("quest in play");
    if now.living_heroes().next().is_some() {
        evs.extend(end_turn(world, &now));
    }
    Ok(evs)
}
