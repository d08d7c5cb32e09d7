//! What a side may do now, read off a snapshot: `legal_commands` (everything, for the legality
//! invariant and the random bot) and the parts the window offers: the active hero's moves
//! (`hero_options`), the action bar (`hero_choices`), the monsters the sorcerer's player may
//! still use and where they may walk (`may_use`, `reach`). The game still judges every command
//! when it comes, and `tests/legality.rs` holds the two to each other.

use crate::game::model::DoorKind;
use bevy::prelude::*;

use crate::game::model::{ActionKind, Command, FigureId, MoveState, Movement, StatusKind, TrapState};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;
use crate::rules::ruleset::SpellTarget;

/// The active hero's spells that can be cast now, each with its targets: (spell, name, text, targets).
#[derive(Resource, Default, Clone, Debug)]
pub struct SpellChoices(pub Vec<(String, String, String, Vec<(String, Command)>)>);

/// Everything else the active hero may do now (searches, traps, shots, potions, gifts...), as
/// (label, command), and the spells with their targets.
pub fn action_choices(snap: &Snapshot, h: &FigureSnap) -> (Vec<(String, Command)>, SpellChoices) {
    let mut v = Vec::new();
    let mut spells = SpellChoices::default();
    // A failed Mastery test waits for its caster's answer, and nothing else (#165).
    if let Some(crate::game::model::Pending::Mastery { caster, shortfall, .. }) = &snap.turn.pending {
        if *caster == h.id {
            v.push((
                format!("Pay {shortfall} Mind: the spell works"),
                Command::Mastery { pay: true },
            ));
            v.push(("Let the spell fail".to_string(), Command::Mastery { pay: false }));
        }
        return (v, spells);
    }
    let ring = snap.artifact_ready(h, "ring_of_return");
    let use_ring = || {
        (
            "Use the Ring of Return".to_string(),
            Command::UseArtifact {
                hero: h.id,
                item: "ring_of_return".into(),
            },
        )
    };
    let Some(at) = h.pos else {
        // Off the board (the action-point module): a teleport may bring the hero on, and the
        // Ring of Return's goes to the stairway (checklists.md 1.3 #8).
        if h.off_map() && ring && !snap.entrance(h).is_empty() {
            v.push(use_ring());
        }
        return (v, spells);
    };
    let p = snap.turn.progress(h.id);
    let rules = snap.rules();
    // The same judge as the command path (one legality, issue 34): after Heroic Brew's first
    // attack only a second attack (a shot too) is offered, after the Wand of Magic's first spell
    // only a second spell.
    let may_attack = snap.action_allowed(h, ActionKind::Attack).is_ok();
    let may_cast = snap.action_allowed(h, ActionKind::Spell).is_ok();
    if may_attack {
        for w in snap.ranged_weapons(h) {
            for t in snap
                .monsters()
                .filter(|t| snap.can_shoot(h, t) && !snap.can_attack(h, t))
            {
                v.push((
                    format!(
                        "{} {} with {}",
                        if rules.weapons[&w].thrown { "Throw at" } else { "Shoot" },
                        crate::game::describe::in_sentence(&t.name),
                        crate::game::describe::the(&rules.thing_name(&w))
                    ),
                    Command::Shoot {
                        attacker: h.id,
                        target: t.id,
                        weapon: w.clone(),
                    },
                ));
            }
        }
    }
    if may_cast {
        for spell in h.spellbook.ready() {
            let Some(d) = rules.spells.get(spell) else { continue };
            let targets: Vec<(String, Command)> = snap
                .figures
                .iter()
                .filter(|t| t.alive())
                .filter(|t| match d.target {
                    SpellTarget::Caster => t.id == h.id,
                    SpellTarget::Ally => t.hero && (t.id == h.id || t.pos.is_some_and(|q| snap.sees(at, q))),
                    SpellTarget::Enemy => !t.hero && t.awake && t.pos.is_some_and(|q| snap.sees(at, q)),
                })
                // Spell System, Sleep: the dead do not sleep.
                .filter(|t| {
                    !(t.undead
                        && d.effect == crate::rules::ruleset::Effect::Status(crate::game::model::StatusKind::Asleep))
                })
                .map(|t| {
                    let who = if t.id == h.id {
                        "yourself".to_string()
                    } else {
                        format!("{} ({} body)", t.name, t.body)
                    };
                    (
                        format!("on {who}"),
                        Command::CastSpell {
                            caster: h.id,
                            spell: spell.clone(),
                            target: t.id,
                        },
                    )
                })
                .collect();
            spells.0.push((spell.clone(), d.name.clone(), d.text.clone(), targets));
        }
    }
    // One judge of the other actions (a hero in a crusher's grip may take none).
    if !p.acted && snap.action_allowed(h, ActionKind::Other).is_ok() {
        // The Investigation action where a quest event waits on it (Revised #94).
        for sq in crate::game::heroquest::investigable(snap, h) {
            let what = if sq == at {
                "here".to_string()
            } else {
                format!("at {sq}")
            };
            v.push((
                format!("Investigate {what}"),
                Command::Investigate { hero: h.id, at: sq },
            ));
        }
        let disarmer = crate::game::heroquest::may_try_disarm(snap, h);
        for t in snap.traps.iter().filter(|t| t.state == TrapState::Known) {
            let near = crate::game::heroquest::next_to_trap(snap, at, t);
            let clear = t.furniture.is_some() || snap.figure_at(t.at).is_none();
            if near && disarmer && clear {
                v.push((
                    format!("Disarm the trap at {}", t.at),
                    Command::DisarmTrap { hero: h.id, trap: t.id },
                ));
            }
        }
    }
    // Only the searches the rules allow now (Action 3: a room clear of monsters; Actions 4 and
    // 5: no monster in sight; the one other Action, or an ability's extra one), so the action
    // bar, the menus and the random bot never offer a refused one.
    use crate::quest::SearchKind::{SecretDoors, Traps, Treasure};
    let may = |k: crate::quest::SearchKind| snap.action_allowed(h, ActionKind::Search(k)).is_ok();
    let extra = if p.acted { " (an extra search)" } else { "" };
    if may(Treasure) && super::actions::may_search_treasure(snap, h).is_ok() {
        v.push((
            format!("Search for treasure{extra}"),
            Command::SearchTreasure { hero: h.id },
        ));
    }
    if snap.visible_monsters(h).next().is_none() {
        if may(Traps) {
            v.push((format!("Search for traps{extra}"), Command::SearchTraps { hero: h.id }));
        }
        if may(SecretDoors) {
            v.push((
                format!("Search for secret doors{extra}"),
                Command::SearchSecretDoors { hero: h.id },
            ));
        }
    }
    if p.allowance.is_some() && p.can_move() && p.steps_left() >= rules.traps.jump_squares {
        for t in snap.traps.iter().filter(|t| t.jumpable()) {
            if !(t.at.is_orthogonally_adjacent(at) && snap.edge_open(at, t.at)) || snap.figure_at(t.at).is_some() {
                continue;
            }
            for to in t.at.neighbours() {
                if to != at && snap.board().in_bounds(to) && snap.can_step(h, t.at, to) && snap.can_stop_on(h, to) {
                    v.push((
                        format!("Jump the trap, landing {}", side_of(t.at, to)),
                        Command::JumpTrap {
                            hero: h.id,
                            trap: t.id,
                            to,
                        },
                    ));
                }
            }
        }
    }
    if rules.edition.jump_far && p.allowance.is_some() && p.can_move() {
        v.extend(long_jumps(snap, h, at, p.steps_left()));
    }
    for potion in &h.inventory.potions {
        let c = Command::DrinkPotion {
            hero: h.id,
            potion: potion.clone(),
        };
        let label = format!("Drink {}", crate::game::describe::the(&rules.thing_name(potion)));
        if !v.iter().any(|(l, _)| *l == label) {
            v.push((label, c));
        }
    }
    for o in snap.living_heroes().filter(|o| o.id != h.id) {
        let Some(op) = o.pos else { continue };
        if !(op.is_orthogonally_adjacent(at) && snap.edge_open(op, at)) {
            continue;
        }
        let mut things: Vec<&String> = h.inventory.potions.iter().collect();
        things.extend(
            h.equipment
                .weapon
                .iter()
                .chain(h.equipment.items.iter())
                .filter(|i| super::actions::may_pass(snap, h, i).is_ok()),
        );
        things.dedup();
        for t in things {
            v.push((
                format!(
                    "Give {} to {}",
                    crate::game::describe::the(&rules.thing_name(t)),
                    o.name
                ),
                Command::Give {
                    from: h.id,
                    to: o.id,
                    item: t.clone(),
                },
            ));
        }
    }
    if crate::game::heroquest::loot_within_reach(snap, h).is_some() {
        v.push((
            "Pick up the fallen hero's things".into(),
            Command::PickUp { hero: h.id },
        ));
    }
    if ring {
        v.push(use_ring());
    }
    // Another carried weapon in hand (free): each the hero may wield.
    for w in h.equipment.items.iter().filter(|w| rules.weapons.contains_key(*w)) {
        if crate::quest::gear::may_carry(rules, &h.kind, w, &Default::default()).is_ok() {
            let c = Command::Wield {
                hero: h.id,
                weapon: w.clone(),
            };
            let label = format!("Take {} in hand", crate::game::describe::the(&rules.thing_name(w)));
            if !v.iter().any(|(l, _)| *l == label) {
                v.push((label, c));
            }
        }
    }
    for d in snap
        .doors
        .iter()
        .filter(|d| d.open && d.edge.touches(at) && d.kind != DoorKind::Portcullis && rules.edition.doors_close)
    {
        v.push(("Close the door".into(), Command::CloseDoor { hero: h.id, door: d.id }));
    }
    v.extend(lock_and_lever_choices(snap, h, at));
    if !snap.turn.objective_done && snap.on_stairway(at) {
        v.push(("Retreat up the stairway".into(), Command::Retreat { hero: h.id }));
    }
    // Keyword cards it carries (Revised #36, #101–110), and armour to put on or off (#104).
    v.extend(super::cards::card_choices(snap, h));
    v.extend(super::armour::armour_choices(snap, h));
    // A woken portal underfoot (Revised #155).
    if let Ok((_, to, _)) = crate::game::heroquest::portal_exit(snap, h) {
        v.push((
            format!("Step through the portal to {to}"),
            Command::UsePortal { figure: h.id },
        ));
    }
    // An Overburdened hero is offered no Free Action and no jump (Revised #126); a running one
    // no jump either (#163).
    v.retain(|(_, c)| super::overburdened_may_send(snap, c).is_ok() && super::running_may_send(snap, c).is_ok());
    // Revised's advanced game: Run, furniture, Fate (#163, #164, #172, #174).
    v.extend(super::advanced_choices::hero_commands(snap, h));
    (v, spells)
}

/// The action-point module's choices beside a locked door and a lever: one lock attempt for each
/// number of points the hero could spend, with its exact chance (the help counted in), and each
/// lever in Range 1 not yet pulled.
fn lock_and_lever_choices(snap: &Snapshot, h: &FigureSnap, at: Pos) -> Vec<(String, Command)> {
    let mut v = Vec::new();
    if !snap.levers_in_play() {
        return v;
    }
    let p = snap.turn.progress(h.id);
    if snap.action_points() && p.allowance.is_some() && p.moving != MoveState::Done {
        let left = p.steps_left();
        for d in snap
            .doors
            .iter()
            .filter(|d| d.kind == DoorKind::Lock && d.locked && d.edge.touches(at))
        {
            let help = super::lock_help(snap, h.id, d);
            v.extend(lock_tries("Pick the lock", help, left, |points| Command::PickLock {
                hero: h.id,
                door: d.id,
                points,
            }));
        }
        for (chest, on) in super::locked_chests_in_reach(snap, at) {
            let help = super::chest_help(snap, h.id, on);
            v.extend(lock_tries("Pick the chest", help, left, |points| Command::PickChest {
                hero: h.id,
                chest,
                points,
            }));
        }
    }
    // Without the module a pull is an Action (Revised #51).
    if snap.action_points() || snap.action_allowed(h, ActionKind::Other).is_ok() {
        v.extend(
            super::levers_in_reach(snap, at)
                .map(|lever| ("Pull the lever".to_string(), Command::PullLever { hero: h.id, lever })),
        );
    }
    v
}

/// One lock attempt for each number of points from 1 to `left`, labelled `what` with its exact
/// chance (the `help` counted in).
fn lock_tries(what: &str, help: u8, left: u8, attempt: impl Fn(u8) -> Command) -> Vec<(String, Command)> {
    (1..=left)
        .map(|points| {
            let chance = crate::rules::response::pick_chance(points + help);
            (
                format!(
                    "{what}: {points} point{} ({:.0}% to open{})",
                    crate::text::plural(u32::from(points)),
                    chance * 100.0,
                    if help > 0 { ", with help" } else { "" }
                ),
                attempt(points),
            )
        })
        .collect()
}

/// The actions the active human hero can take now, for the action bar: (label, command).
#[derive(Resource, Default, Clone, Debug)]
pub struct HeroChoices(pub Vec<(String, Command)>);

/// The moves the active human hero could make now, shared by the view and the mouse input.
pub struct HeroOptions {
    pub reachable: Vec<(Pos, u16)>,
    pub field: Option<crate::rules::paths::DistanceField>,
}

pub fn hero_options(snap: &Snapshot) -> Option<HeroOptions> {
    let h = snap.active_hero()?;
    let p = snap.turn.progress(h.id);
    // A man-at-arms's fixed Speed needs no roll (Revised #21).
    let steps = match h.fighter.movement {
        Movement::Fixed(_) => steps_left(snap, h).unwrap_or(0),
        Movement::Dice(_) if p.can_move() => p.steps_left(),
        Movement::Dice(_) => 0,
    };
    if steps == 0 {
        return Some(HeroOptions {
            reachable: Vec::new(),
            field: None,
        });
    }
    let field = snap.reach(h, steps as u16)?;
    let reachable = field
        .reached()
        .filter(|(q, d)| *d > 0 && snap.can_stop_on(h, *q))
        .collect();
    Some(HeroOptions {
        reachable,
        field: Some(field),
    })
}

/// The monsters `active` may attack now: the red rings on the board and the action bar's
/// attacks. In reach (heroquest-2021.md, Action 1: Attack), with an attack left to make
/// (Heroic Brew's second blow too), no crossbow being reloaded, the spell draft over and no
/// wandering monster waiting to be placed.
pub fn attackable_now<'a>(snap: &'a Snapshot, active: &'a FigureSnap) -> Vec<&'a FigureSnap> {
    if snap.turn.draft.is_some()
        || snap.turn.pending.is_some()
        || snap.action_allowed(active, ActionKind::Attack).is_err()
        || snap.reloading_in_hand(active).is_some()
    {
        return Vec::new();
    }
    snap.attack_targets(active).collect()
}

/// What one attack of `attacker` on `target` would do, from the exact tables of the combat
/// dice (heroquest-2021.md, Combat): the dice each side rolls after conditions and weapons,
/// and the chances to wound (one body point or more) and to kill (all its body points).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackOdds {
    pub attack: u8,
    pub defend: u8,
    pub wound: f64,
    pub kill: f64,
}

/// None when the attacker's weapon cannot harm the target (the Witch Lord's curse).
pub fn attack_odds(snap: &Snapshot, attacker: &FigureSnap, target: &FigureSnap) -> Option<AttackOdds> {
    if attacker.hero && !snap.can_harm(attacker.equipment.weapon.as_deref(), target) {
        return None;
    }
    let attack = snap.attack_dice(attacker, target, None);
    let defend = snap.defend_dice(target);
    let side = snap.guard(target);
    let table = crate::rules::odds::damage_probabilities(attack, defend, side);
    Some(AttackOdds {
        attack,
        defend,
        wound: 1.0 - table.first().copied().unwrap_or(1.0),
        kill: crate::rules::odds::kill_probability(attack, defend, side, target.body),
    })
}

/// The monsters `active` could attack this turn after walking (a second mark on the board):
/// not in reach now, but a square from which to strike is among `reachable`, and an attack is
/// still to be made.
pub fn attackable_after_a_walk<'a>(
    snap: &'a Snapshot,
    active: &'a FigureSnap,
    reachable: &[(Pos, u16)],
) -> Vec<&'a FigureSnap> {
    if snap.turn.draft.is_some() || snap.action_allowed(active, ActionKind::Attack).is_err() {
        return Vec::new();
    }
    let now: Vec<FigureId> = attackable_now(snap, active).iter().map(|m| m.id).collect();
    snap.monsters()
        .filter(|m| !now.contains(&m.id) && snap.can_harm(active.equipment.weapon.as_deref(), m))
        .filter(|m| {
            m.pos.is_some_and(|mp| {
                mp.neighbours()
                    .into_iter()
                    .any(|q| snap.edge_open(q, mp) && reachable.iter().any(|(r, _)| *r == q))
            })
        })
        .collect()
}

/// What the active hero may do besides walking: attacks, doors beside, then the action bar's
/// list (searches, shots, potions...), and the spells with their targets.
pub fn hero_choices(snap: &Snapshot, active: &FigureSnap) -> (HeroChoices, SpellChoices) {
    let mut choices = HeroChoices::default();
    for t in attackable_now(snap, active) {
        choices.0.push((
            format!(
                "Attack {} ({} body)",
                crate::game::describe::in_sentence(&t.name),
                t.body
            ),
            Command::Attack {
                attacker: active.id,
                target: t.id,
            },
        ));
    }
    for d in snap.doors_to_open(active) {
        choices.0.push((
            "Open the door".to_string(),
            Command::OpenDoor {
                hero: active.id,
                door: d.id,
            },
        ));
    }
    let (more, mut spells) = action_choices(snap, active);
    choices.0.extend(more);
    // Another of this player's figures first (Revised #39).
    for figure in super::retinue::may_activate_instead(snap) {
        let name = snap.figure(figure).map_or(String::new(), |f| f.name.clone());
        choices
            .0
            .push((format!("{name} acts first"), Command::Activate { figure }));
    }
    // In Shock, only what the hero board gives (Revised #83).
    if active.has(StatusKind::InShock) {
        choices.0.retain(|(_, c)| {
            !matches!(
                c,
                Command::CastSpell { .. }
                    | Command::DrinkPotion { .. }
                    | Command::Shoot { .. }
                    | Command::UseArtifact { .. }
            )
        });
        spells = SpellChoices::default();
    }
    // A man-at-arms fights, opens doors and, a Scout, finds and disarms traps; nothing else.
    if active.serves.is_some() {
        choices.0.retain(|(_, c)| super::retinue::may_do(snap, active, c));
        spells = SpellChoices::default();
    }
    // The action-point module: a minor action only with a point to pay for it.
    choices.0.retain(|(_, c)| super::points::payer(snap, c).is_ok());
    (choices, spells)
}

/// The squares `f` may still walk this turn (None: its move is over, or it may not start one).
/// A monster that has not moved yet has its whole movement; a hero what is left of the roll.
pub fn steps_left(snap: &Snapshot, f: &FigureSnap) -> Option<u8> {
    // The move under way or not yet begun, or one Haste gives (Revised #121).
    let p = snap.move_progress(f)?;
    if f.rooted() || !snap.may_start_moving(f) {
        return None;
    }
    let n = match (p.allowance, f.fighter.movement) {
        (Some(_), _) => snap.walk_left(f, &p),
        // Its whole Speed, and straight on that of each Move action its Haste gives.
        (None, Movement::Fixed(n)) => snap.walk_left(
            f,
            &crate::game::model::Progress {
                allowance: Some(n),
                ..p
            },
        ),
        (None, Movement::Dice(_)) => 0,
    };
    (n > 0).then_some(n.min(u16::from(u8::MAX)) as u8)
}

/// A monster the sorcerer may still move or act with this turn.
pub fn may_use(snap: &Snapshot, m: &FigureSnap) -> bool {
    let acts = snap.action_allowed(m, ActionKind::Attack).is_ok() || snap.action_allowed(m, ActionKind::Spell).is_ok();
    !m.hero
        && m.alive()
        && m.awake
        && (acts || steps_left(snap, m).is_some())
        && crate::game::heroquest::may_act(snap, m).is_ok()
}

/// Where `m` can walk now: the distance field and the squares it may stop on.
pub fn reach(snap: &Snapshot, m: &FigureSnap) -> Option<(crate::rules::paths::DistanceField, Vec<Pos>)> {
    let steps = steps_left(snap, m)?;
    let field = snap.reach(m, steps as u16)?;
    let stops = field
        .reached()
        .filter(|(q, d)| *d > 0 && snap.can_stop_on(m, *q))
        .map(|(q, _)| q)
        .collect();
    Some((field, stops))
}

/// The heroes monster `m` could strike after a walk this turn (and cannot strike where it
/// stands), each with the shortest way to a square it strikes from: the sorcerer's seat walks
/// and strikes in one click (issue 39). Ties go to the first square in the field's order.
pub fn strikes_after_a_walk(snap: &Snapshot, m: &FigureSnap) -> Vec<(FigureId, Vec<Pos>)> {
    if m.hero || snap.action_allowed(m, ActionKind::Attack).is_err() {
        return Vec::new();
    }
    let Some((field, stops)) = reach(snap, m) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Any figure of the heroes' side: a hero, a man-at-arms (Revised #152).
    for t in snap
        .figures
        .iter()
        .map(|f| &**f)
        .filter(|t| t.hero && !t.captive && t.alive() && !snap.can_attack(m, t))
    {
        let from = |q: &Pos| {
            let mut there = m.clone();
            there.pos = Some(*q);
            snap.can_attack(&there, t)
        };
        let best = stops
            .iter()
            .filter(|q| from(q))
            .filter_map(|q| field.path_to(*q))
            .min_by_key(|path| path.len());
        if let Some(path) = best {
            out.push((t.id, path));
        }
    }
    out
}

/// Every command the side to act may send now, as the rules judge it: the spell draft's
/// schools, a wandering monster's squares, or the hero's or the sorcerer's whole turn (a move is
/// listed once per square the figure may stop on, by a shortest path). The legality invariant
/// test holds `logic::submit` to this list both ways; the action bar, the menus and the bots
/// offer parts of it.
pub fn legal_commands(snap: &Snapshot) -> Vec<Command> {
    use crate::game::model::{Pending, Phase};
    if let Some(v) = super::advanced_choices::pending_commands(snap) {
        return v;
    }
    let mut v = Vec::new();
    if let Some(Pending::PlaceWanderer { squares, .. }) = &snap.turn.pending {
        v.extend(squares.iter().map(|at| Command::PlaceWanderer { at: *at }));
        return v;
    }
    if let Some(d) = &snap.turn.draft {
        let kind = snap.figure(d.next).map_or("", |f| f.kind.as_str());
        for school in snap.rules().schools_open_to(kind, &d.left) {
            if snap.rules().greater(school) {
                // A greater group: each three of its spells the hero could keep (Revised #14).
                v.extend(
                    keeps(&snap.rules().schools[school])
                        .into_iter()
                        .map(|keep| Command::ChooseSpells {
                            hero: d.next,
                            school: school.clone(),
                            keep,
                        }),
                );
            } else {
                v.push(Command::ChooseSchool {
                    hero: d.next,
                    school: school.clone(),
                });
            }
        }
        return v;
    }
    let moves = |f: &FigureSnap, v: &mut Vec<Command>| {
        let Some((field, stops)) = reach(snap, f) else { return };
        // A hero may walk onto a known trap (and spring it, rules-decisions #19): the squares
        // only a way over one reaches are listed too, by that way.
        let known_trap = snap
            .traps
            .iter()
            .any(|t| t.furniture.is_none() && t.state == TrapState::Known);
        let over = (f.hero && known_trap)
            .then(|| snap.reach_over_traps(f, steps_left(snap, f).unwrap_or(0) as u16))
            .flatten();
        let dear = over.iter().flat_map(|o| {
            o.reached()
                .filter(|(q, d)| *d > 0 && field.dist(*q).is_none() && snap.can_stop_on(f, *q))
                .filter_map(|(q, _)| o.path_to(q))
                // An open pit ends a move: a way on through one is no move.
                .filter(|path| !path[..path.len() - 1].iter().any(|q| snap.in_pit(*q)))
        });
        let paths: Vec<Vec<Pos>> = stops.into_iter().filter_map(|q| field.path_to(q)).chain(dear).collect();
        v.extend(paths.into_iter().map(|path| Command::Move { figure: f.id, path }));
    };
    match snap.turn.phase {
        Phase::Hero(id) => {
            // A hero who fell on its own turn (a wandering monster's blow after its search) can
            // only end it; one off the board (the action-point module) may only roll, come on
            // and end.
            v.push(Command::EndTurn);
            let Some(h) = snap.figure(id).filter(|h| h.in_play()) else {
                return v;
            };
            let dice = matches!(h.fighter.movement, Movement::Dice(_));
            if dice && may_roll(snap, h) {
                v.push(Command::RollMovement { hero: h.id });
            }

            moves(h, &mut v);
            v.retain(|c| super::overburdened_may_send(snap, c).is_ok() && super::running_may_send(snap, c).is_ok());
            let (choices, spells) = hero_choices(snap, h);
            v.extend(choices.0.into_iter().map(|(_, c)| c));
            for (_, _, _, targets) in spells.0 {
                v.extend(targets.into_iter().map(|(_, c)| c));
            }
            v.extend(super::advanced_choices::interruptions(snap));
        }
        Phase::Sorcerer => {
            v.push(Command::EndTurn);
            v.extend(super::advanced_choices::sorcerer_commands(snap));
            v.extend(super::advanced_choices::interruptions(snap));
            for m in snap
                .monsters()
                .filter(|m| m.awake && m.alive() && !m.idle() && !snap.finished_its_turn(m))
            {
                moves(m, &mut v);
                // A thief's Steal action (Revised #133).
                v.extend(
                    super::steal::thefts(snap, m)
                        .into_iter()
                        .map(|(hero, item)| Command::Steal {
                            thief: m.id,
                            hero,
                            item,
                        }),
                );
                // A Sentry opens doors (Revised #130), a free effect.
                v.extend(
                    snap.doors_to_open(m)
                        .map(|d| Command::OpenDoor { hero: m.id, door: d.id }),
                );
                if snap.action_allowed(m, ActionKind::Attack).is_ok() {
                    // Heroes, men-at-arms and a rescue's captive alike.
                    v.extend(snap.attack_targets(m).map(|t| Command::Attack {
                        attacker: m.id,
                        target: t.id,
                    }));
                }
                if snap.action_allowed(m, ActionKind::Spell).is_ok() {
                    v.extend(monster_spells(snap, m));
                }
            }
        }
        Phase::Over(_) => {}
    }
    v
}

/// Whether hero `h` may roll for a Move Action now: the first of its turn, or one more its Haste
/// gives once the one before has begun (Revised #44, #121; not under the action-point module,
/// whose roll is the turn's points).
pub fn may_roll(snap: &Snapshot, h: &FigureSnap) -> bool {
    let p = snap.turn.progress(h.id);
    if h.rooted() {
        return false;
    }
    // The Overburdened move or act, not both, and have no Haste (Revised #126).
    let overburdened = snap.overburdened(h) && !snap.action_points();
    if overburdened && p.acted {
        return false;
    }
    let first = p.allowance.is_none() && p.moving != MoveState::Done;
    let hasted = p.allowance.is_some() && p.extra_moves < h.haste() && !snap.action_points() && !overburdened;
    first || hasted
}

/// Every three spells of a greater group a hero could keep, in the group's order (Revised #14).
pub fn keeps(spells: &[String]) -> Vec<Vec<String>> {
    let n = spells.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                out.push(vec![spells[a].clone(), spells[b].clone(), spells[c].clone()]);
            }
        }
    }
    out
}

/// The Dread spells monster `m` may cast now, on every target each allows.
pub fn monster_spells(snap: &Snapshot, m: &FigureSnap) -> Vec<Command> {
    let mut v = Vec::new();
    let Some(at) = m.pos else { return v };
    for spell in m.spellbook.ready() {
        let Some(d) = snap.rules().spells.get(spell) else {
            continue;
        };
        for t in snap.figures.iter().filter(|t| t.alive()) {
            let Some(tp) = t.pos else { continue };
            let fits = match d.target {
                SpellTarget::Caster => t.id == m.id,
                SpellTarget::Ally => !t.hero && (t.id == m.id || snap.sees(at, tp)),
                SpellTarget::Enemy => t.hero && !t.captive && snap.sees(at, tp),
            };
            if fits {
                v.push(Command::CastSpell {
                    caster: m.id,
                    spell: spell.clone(),
                    target: t.id,
                });
            }
        }
    }
    v
}

/// Where `to` lies from `from`, next to it: "to the north of it" (the action bar tells two
/// landings apart without coordinates).
/// Revised's longer jumps (#55–58) the action bar offers: straight over two squares or more, at
/// least one of them a known trap or an open pit, within the squares left (a die a square and one
/// to land). A jump over one trap is `JumpTrap`'s, offered above.
fn long_jumps(snap: &Snapshot, h: &FigureSnap, at: Pos, left: u8) -> Vec<(String, Command)> {
    use crate::rules::geometry::Dir;
    let hazard = |q: Pos| {
        snap.traps
            .iter()
            .any(|t| t.at == q && t.furniture.is_none() && (t.state == TrapState::Known || t.open_pit()))
    };
    let mut out = Vec::new();
    for d in Dir::ALL {
        let mut over = vec![at.step(d)];
        while over.len() < usize::from(left) {
            let last = *over.last().expect("not empty");
            let prev = if over.len() == 1 { at } else { over[over.len() - 2] };
            // The way: open edges, no furniture, no figure (#56).
            if !snap.board().in_bounds(last)
                || !snap.edge_open(prev, last)
                || snap.is_solid(last)
                || snap.figure_at(last).is_some()
            {
                break;
            }
            let to = last.step(d);
            let lands = snap.board().in_bounds(to)
                && snap.can_step(h, last, to)
                && snap.can_stop_on(h, to)
                && snap.figure_at(to).is_none();
            if over.len() >= 2 && lands && over.iter().any(|q| hazard(*q)) {
                out.push((
                    format!("Jump {} squares, landing at {to}", over.len()),
                    Command::Jump {
                        figure: h.id,
                        over: over.clone(),
                        to,
                    },
                ));
            }
            over.push(to);
        }
    }
    out
}

fn side_of(from: Pos, to: Pos) -> &'static str {
    match (to.x - from.x, to.y - from.y) {
        (0, -1) => "north of it",
        (1, 0) => "east of it",
        (0, 1) => "south of it",
        (-1, 0) => "west of it",
        _ => "beyond it",
    }
}
