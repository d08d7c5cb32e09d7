//! Attacks and damage: rolling an attack (combat dice, or d6 pools under the referee dice pool),
//! wounds, healing, escaping death and a fallen hero's possessions.

use bevy::prelude::*;

use super::*;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::*;
use crate::rules::combat;
use crate::rules::dice;
use crate::rules::ruleset::Effect;

/// Rolls an attack of `a` on `t` (melee, or a shot with `weapon`) and applies the damage.
pub(in crate::game) fn resolve_attack(
    world: &mut World,
    snap: &Snapshot,
    a: &FigureSnap,
    t: &FigureSnap,
    weapon: Option<&str>,
) -> Vec<GameEvent> {
    let weapon = weapon.map(str::to_string).or_else(|| a.equipment.weapon.clone());
    let adice = snap.attack_dice(a, t, weapon.as_deref());
    let ddice = snap.defend_dice(t);
    let harmed = !a.hero || snap.can_harm(weapon.as_deref(), t);
    let (attack, defend, damage, set) = roll_attack(world, snap, Some(a), t, adice, ddice);
    let damage = if harmed { damage } else { 0 };
    let mut evs = set;
    evs.extend(strike(world, Some(a.id), t.id, attack, defend, damage));
    evs.extend(remove_status(world, a.id, StatusKind::Strength));
    if damage > 0 {
        evs.extend(seize(world, snap, a, t));
    }
    evs
}

/// Crush (Revised #114): a crusher's blow that took Body from a hero holds it, unless the hero
/// fell, is held already, or the crusher holds another.
fn seize(world: &mut World, snap: &Snapshot, a: &FigureSnap, t: &FigureSnap) -> Vec<GameEvent> {
    use crate::rules::ruleset::Ability;
    if !a.has_ability(&Ability::Crush)
        || !t.hero
        || t.captive
        || snap.dungeon.held.contains_key(&t.id)
        || snap.held_by(a).is_some()
    {
        return Vec::new();
    }
    let Some(e) = entity_of(world, t.id) else {
        return Vec::new();
    };
    let standing = world.get::<Body>(e).is_some_and(|b| b.current > 0) && world.get::<Dead>(e).is_none();
    if !standing {
        return Vec::new();
    }
    world.resource_mut::<Dungeon>().held.insert(t.id, a.id);
    add_status(world, t.id, StatusKind::Held).into_iter().collect()
}

/// Crush (Revised #114): at the start of each sorcerer turn every held hero loses 1 Body to its
/// captor's grip; a grip whose crusher is gone ends.
pub(in crate::game) fn squeeze(world: &mut World) -> Vec<GameEvent> {
    let held: Vec<(FigureId, FigureId)> = world.resource::<Dungeon>().held.iter().map(|(t, c)| (*t, *c)).collect();
    let mut evs = Vec::new();
    for (t, c) in held {
        let Some(snap) = Snapshot::capture(world) else { break };
        match snap.figure(c).filter(|c| c.alive()) {
            Some(crusher) if snap.figure(t).is_some_and(|t| t.alive()) => {
                evs.push(GameEvent::Wounded {
                    figure: t,
                    amount: 1,
                    dice: Vec::new(),
                    cause: format!("{}'s crushing grip", crusher.name),
                });
                evs.extend(apply_damage(world, t, 1, Some(c)));
            }
            _ => evs.extend(release(world, c)),
        }
    }
    evs
}

/// Ends the grips `id` is in (Revised #114): a crusher that loses Body lets go; a hero that
/// falls is let go.
pub(in crate::game) fn release(world: &mut World, id: FigureId) -> Vec<GameEvent> {
    end_grips(world, |t, c| t == id || c == id)
}

/// Ends the grips (held hero, crusher) that `ends` picks.
fn end_grips(world: &mut World, ends: impl Fn(FigureId, FigureId) -> bool) -> Vec<GameEvent> {
    // Read first: the dungeon is only written (and its snapshot copied again) when a grip ends.
    let gone: Vec<FigureId> = world
        .resource::<Dungeon>()
        .held
        .iter()
        .filter(|(t, c)| ends(**t, **c))
        .map(|(t, _)| *t)
        .collect();
    if gone.is_empty() {
        return Vec::new();
    }
    let mut d = world.resource_mut::<Dungeon>();
    for t in &gone {
        d.held.remove(t);
    }
    gone.into_iter()
        .filter_map(|t| remove_status(world, t, StatusKind::Held))
        .collect()
}

/// Rolls `adice` against `t`'s `ddice`: the dice as rolled and the damage (at most `t`'s body).
/// A monster's attack on a hero under the referee dice pool rolls d6 pools (referee-dice-pool.md,
/// Attack); every other attack rolls combat dice (heroquest-2021.md, Combat System).
pub(in crate::game) fn roll_attack(
    world: &mut World,
    snap: &Snapshot,
    by: Option<&FigureSnap>,
    t: &FigureSnap,
    adice: u8,
    ddice: u8,
) -> (Vec<dice::Face>, Vec<dice::Face>, u8, Vec<GameEvent>) {
    let by_hero = by.is_none_or(|b| b.hero);
    if !by_hero && t.hero && snap.dice_pool() {
        let attack = dice::roll_pool(rng(world), adice);
        let mut defend = dice::roll_pool(rng(world), ddice);
        // Fate sets a hero's defence (Revised's advanced game, #174): every die a six.
        let set = super::fate::fated(world, t, RollKind::Defence);
        if !set.is_empty() {
            defend.iter_mut().for_each(|d| *d = dice::Face::Pip(6));
        }
        let damage = crate::rules::pool::resolve(&dice::pips(&attack), &dice::pips(&defend)).damage;
        return (attack, defend, damage.min(t.body), set);
    }
    let mut attack = dice::roll_combat(rng(world), adice);
    let mut defend = dice::roll_combat(rng(world), ddice);
    // Fate sets a hero's roll (#174): an attack all skulls, a defence all its shields.
    let mut set = by.map_or_else(Vec::new, |b| super::fate::fated(world, b, RollKind::Attack));
    if !set.is_empty() {
        attack.iter_mut().for_each(|d| *d = dice::Face::Skull);
    }
    let defended = super::fate::fated(world, t, RollKind::Defence);
    if !defended.is_empty() {
        let shield = if t.hero {
            dice::Face::WhiteShield
        } else {
            dice::Face::BlackShield
        };
        defend.iter_mut().for_each(|d| *d = shield);
        set.extend(defended);
    }
    let damage = combat::damage(&attack, &defend, snap.guard(t)).min(t.body);
    (attack, defend, damage, set)
}

/// The outcome of an attack roll (a weapon or a Genie): the event, the defender's Resilience
/// used up, a sleeper woken, and the damage taken.
pub(in crate::game) fn strike(
    world: &mut World,
    by: Option<FigureId>,
    target: FigureId,
    attack: Vec<dice::Face>,
    defend: Vec<dice::Face>,
    damage: u8,
) -> Vec<GameEvent> {
    let mut evs = vec![GameEvent::Attack {
        attacker: by.unwrap_or(target),
        target,
        attack,
        defend,
        damage,
    }];
    evs.extend(remove_status(world, target, StatusKind::Resilience));
    evs.extend(remove_status(world, target, StatusKind::Asleep));
    evs.extend(apply_damage(world, target, damage, by));
    evs
}

/// Takes body points from a figure and settles what follows: Rock Skin breaks; a hero at 0 body
/// escapes death with a potion, the Elixir of Life or the hero's own healing spell (own turn, no
/// action taken yet), or dies and leaves possessions; a monster at 0 is removed.
pub(in crate::game) fn apply_damage(
    world: &mut World,
    id: FigureId,
    amount: u8,
    by: Option<FigureId>,
) -> Vec<GameEvent> {
    let mut evs = Vec::new();
    if amount == 0 {
        return evs;
    }
    let Some(e) = entity_of(world, id) else {
        return evs;
    };
    let left = {
        let mut b = world.get_mut::<Body>(e).expect("figures have a body");
        b.current = b.current.saturating_sub(amount);
        b.current
    };
    evs.extend(remove_status(world, id, StatusKind::RockSkin));
    // A crusher that loses Body lets its hero go (Revised #114).
    evs.extend(end_grips(world, |_, c| c == id));
    if left > 0 {
        return evs;
    }
    let snap = Snapshot::capture(world).expect("quest in play");
    let f = snap.figure(id).expect("figure exists").clone();
    if f.captive {
        world.entity_mut(e).insert(Dead).remove::<GridPos>();
        evs.push(GameEvent::CaptiveKilled { captive: id, by });
    } else if f.serves.is_some() {
        evs.extend(super::retinue::fall(world, &f, by));
    } else if f.hero {
        if let Some(saved) = escape_death(world, &snap, &f) {
            evs.extend(saved);
            return evs;
        }
        evs.extend(drop_possessions(world, &snap, &f));
        evs.extend(release(world, id));
        world.entity_mut(e).insert(Dead).remove::<GridPos>();
        evs.push(GameEvent::HeroKilled { figure: id, by });
    } else {
        return [evs, remove_monster(world, &f, by)].concat();
    }
    evs.extend(reveal(world));
    evs
}

/// A monster at 0 Body or 0 Mind leaves the board: a grip it held ends, what it stole drops
/// where it fell, and what its fall lets the heroes see is revealed.
fn remove_monster(world: &mut World, f: &FigureSnap, by: Option<FigureId>) -> Vec<GameEvent> {
    let mut evs = release(world, f.id);
    evs.extend(super::steal::drop_stolen(world, f.id, f.pos));
    world.despawn(f.entity);
    evs.push(GameEvent::MonsterKilled { figure: f.id, by });
    evs.extend(reveal(world));
    evs
}

/// Takes Mind points from a figure (Spirit damage, Revised #71) and settles what follows: a
/// figure other than a hero at 0 Mind is removed unless it is Undead (#76–77); a hero at 0 Mind
/// is In Shock (#82).
pub(in crate::game) fn lose_mind(
    world: &mut World,
    id: FigureId,
    amount: u8,
    by: Option<FigureId>,
    cause: &str,
) -> Vec<GameEvent> {
    let Some(e) = entity_of(world, id) else {
        return Vec::new();
    };
    let left = {
        let Some(mut m) = world.get_mut::<Mind>(e) else {
            return Vec::new();
        };
        m.current = m.current.saturating_sub(amount);
        m.current
    };
    let mut evs = vec![GameEvent::MindLost {
        figure: id,
        amount,
        cause: cause.to_string(),
    }];
    if left > 0 || amount == 0 {
        return evs;
    }
    let snap = Snapshot::capture(world).expect("quest in play");
    let f = snap.figure(id).expect("figure exists").clone();
    if f.is_hero() {
        // The status's event tells it: one Speed die, the board only (#82–83).
        evs.extend(add_status(world, id, StatusKind::InShock));
    } else if f.serves.is_some() {
        // A man-at-arms is no hero: at 0 Mind it is gone (#76).
        evs.extend(super::retinue::fall(world, &f, by));
        evs.extend(reveal(world));
    } else if !f.hero && !f.has_ability(&crate::rules::ruleset::Ability::Undead) {
        evs.extend(remove_monster(world, &f, by));
    }
    evs
}

/// Mystic Combat (Revised #75): `c`'s current Mind in combat dice against `t`'s current Mind;
/// each skull the target's shields do not save takes a Mind point, as Spirit damage (Undead and
/// the Spirit-immune take none).
pub(in crate::game) fn mystic_attack(
    world: &mut World,
    snap: &Snapshot,
    c: &FigureSnap,
    t: &FigureSnap,
    cause: &str,
) -> Vec<GameEvent> {
    let attack = dice::roll_combat(rng(world), c.mind);
    let defend = dice::roll_combat(rng(world), t.mind);
    let landed = combat::damage(&attack, &defend, snap.guard(t));
    let damage = crate::rules::ruleset::damage_taken(&t.abilities, crate::rules::ruleset::DamageKind::Spirit, landed)
        .min(t.mind);
    let mut evs = vec![GameEvent::MysticAttack {
        attacker: c.id,
        target: t.id,
        attack,
        defend,
        damage,
    }];
    evs.extend(remove_status(world, t.id, StatusKind::Asleep));
    // The attack's own line says when no harm was done.
    if damage > 0 {
        evs.extend(lose_mind(world, t.id, damage, Some(c.id), cause));
    }
    evs
}

pub(in crate::game) fn heal(world: &mut World, id: FigureId, amount: u8, cause: &str) -> Vec<GameEvent> {
    let Some(e) = entity_of(world, id) else {
        return Vec::new();
    };
    let mut b = world.get_mut::<Body>(e).expect("figures have a body");
    let before = b.current;
    b.current = (b.current + amount).min(b.max);
    let gained = b.current - before;
    vec![GameEvent::Healed {
        figure: id,
        amount: gained,
        cause: cause.to_string(),
    }]
}

/// heroquest-2021.md, How a Hero Escapes Death.
fn escape_death(world: &mut World, snap: &Snapshot, h: &FigureSnap) -> Option<Vec<GameEvent>> {
    // In Shock, a hero has only its board (Revised #83): no potion, artifact or spell saves it.
    if h.has(StatusKind::InShock) {
        return None;
    }
    let rules = snap.quest.rules.clone();
    let e = h.entity;
    let healing_potion = h
        .inventory
        .potions
        .iter()
        .find(|p| matches!(rules.potions.get(*p).map(|d| &d.effect), Some(Effect::Heal { .. })))
        .cloned();
    if let Some(potion) = healing_potion {
        let def = &rules.potions[&potion];
        let Effect::Heal { body } = def.effect else {
            unreachable!()
        };
        let mut inv = world.get_mut::<Inventory>(e).expect("heroes carry an inventory");
        let i = inv.potions.iter().position(|p| *p == potion).expect("found above");
        inv.potions.remove(i);
        let mut evs = vec![GameEvent::PotionDrunk {
            hero: h.id,
            potion: potion.clone(),
            name: def.name.clone(),
        }];
        evs.extend(heal(world, h.id, body, &def.name));
        evs.push(GameEvent::DeathAverted {
            hero: h.id,
            by: def.name.clone(),
        });
        return Some(evs);
    }
    if h.equipment.has("elixir_of_life") {
        let mut eq = world.get_mut::<Equipment>(e).expect("heroes carry equipment");
        eq.items.retain(|i| i != "elixir_of_life");
        let name = rules.thing_name("elixir_of_life");
        let mut evs = vec![GameEvent::ArtifactUsed {
            hero: h.id,
            item: "elixir_of_life".into(),
            name: name.clone(),
        }];
        evs.extend(heal(world, h.id, h.body_max, &name));
        evs.push(GameEvent::DeathAverted { hero: h.id, by: name });
        return Some(evs);
    }
    // The hero's own healing spell: only on the hero's own turn, before the hero's action.
    let own_turn = snap.turn.phase == Phase::Hero(h.id) && !snap.turn.progress(h.id).acted;
    let spell = h
        .spellbook
        .ready()
        .find(|s| matches!(rules.spells.get(*s).map(|d| &d.effect), Some(Effect::Heal { .. })))
        .cloned();
    if own_turn && let Some(spell) = spell {
        let def = &rules.spells[&spell];
        let Effect::Heal { body } = def.effect else {
            unreachable!()
        };
        world
            .get_mut::<Spellbook>(e)
            .expect("heroes have a spellbook")
            .cast
            .push(spell.clone());
        let mut p = snap.turn.progress(h.id);
        p.acted = true;
        p.spells += 1;
        if p.moving == MoveState::Moving {
            p.moving = MoveState::Done;
        }
        set_progress(world, h.id, p);
        let mut evs = vec![GameEvent::SpellCast {
            caster: h.id,
            spell: spell.clone(),
            name: def.name.clone(),
            target: h.id,
            resist: Vec::new(),
            resisted: false,
        }];
        evs.extend(heal(world, h.id, body, &def.name));
        evs.push(GameEvent::DeathAverted {
            hero: h.id,
            by: def.name.clone(),
        });
        return Some(evs);
    }
    None
}

/// heroquest-2021.md, What Happens to a Dead Hero: possessions stay on the floor for heroes in the
/// same room or corridor; with none there, the monsters claim them. Under Revised they always
/// stay, an Equipment token (#80–81).
fn drop_possessions(world: &mut World, snap: &Snapshot, h: &FigureSnap) -> Vec<GameEvent> {
    let Some(at) = h.pos else {
        return Vec::new();
    };
    let mut items: Vec<String> = h.equipment.weapon.iter().cloned().collect();
    items.extend(h.equipment.items.iter().cloned());
    let potions = h.inventory.potions.clone();
    let gold = h.inventory.gold;
    world
        .entity_mut(h.entity)
        .insert((Equipment::default(), Inventory::default()));
    if items.is_empty() && potions.is_empty() && gold == 0 {
        return Vec::new();
    }
    let area = snap.area(at);
    // Under rules where monsters never claim a fallen hero's belongings (Revised #81), an
    // Equipment token stays whoever is near.
    let witness = !snap.rules().edition.monsters_claim_loot
        || snap
            .living_heroes()
            .any(|o| o.id != h.id && o.pos.is_some_and(|p| snap.area(p) == area));
    if witness {
        world.spawn((
            Name::new("possessions"),
            QuestEntity,
            Loot {
                at,
                gold,
                potions,
                items,
            },
        ));
        vec![GameEvent::PossessionsDropped { hero: h.id, at }]
    } else {
        vec![GameEvent::PossessionsClaimed { hero: h.id }]
    }
}
