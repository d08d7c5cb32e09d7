//! The hero bots (simulation, `--autoplay`, heroes nobody plays). `greedy`: heal the dying,
//! fight what is next to you, cast and shoot at what you see, search cleared rooms, deal with
//! known traps, open doors, hunt the monsters you have seen, explore the rest, and go home when
//! the job is done. `competent` plays the same game with better judgement: it strikes where a
//! blow is most likely to kill, casts at the most dangerous monster, drinks before it is too
//! late and keeps the party together while exploring. `random` picks any possible command.
//! Every bot sees only what the heroes have revealed.

use super::{attack_squares, field, trim_path};

pub mod advanced;
mod cards;
mod goals;
mod retainers;
use crate::game::model::{ActionKind, Command, DoorKind, FigureId, MoveState, StatusKind, TrapState};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::quest::ObjectiveKind;
use crate::rules::board::CORRIDOR;
use crate::rules::geometry::Pos;
use crate::rules::paths::DistanceField;
use crate::rules::ruleset::{Effect, SpellTarget};
use goals::*;

/// Schools in the order the bots like them: fire to burn, frost (Revised's greater group, three
/// spells kept) to burn and stall, earth to heal, water, air.
const SCHOOL_TASTE: [&str; 5] = ["fire", "frost", "earth", "water", "air"];

/// The draft pick for the hero whose pick it is.
pub fn choose_school(snap: &Snapshot) -> Option<Command> {
    let d = snap.turn.draft.as_ref()?;
    let rules = snap.rules();
    let kind = snap.figure(d.next).map_or("", |f| f.kind.as_str());
    let open: Vec<&String> = rules.schools_open_to(kind, &d.left).collect();
    // A school kept for this hero alone first (Revised #15: nobody else can have it), then by taste.
    let school = open
        .iter()
        .find(|s| rules.school_only_for.contains_key(s.as_str()))
        .or_else(|| SCHOOL_TASTE.iter().find_map(|t| open.iter().find(|s| s.as_str() == *t)))
        .or_else(|| open.first())
        .map(|s| s.to_string())?;
    // A greater group (Revised #14): the first three, as the tables list them, best first.
    if rules.greater(&school) {
        let keep = rules.schools[&school]
            .iter()
            .take(crate::rules::ruleset::KEEP_OF_GREATER)
            .cloned()
            .collect();
        return Some(Command::ChooseSpells {
            hero: d.next,
            school,
            keep,
        });
    }
    Some(Command::ChooseSchool { hero: d.next, school })
}

fn ready_spells<'a>(
    snap: &'a Snapshot,
    h: &'a FigureSnap,
) -> impl Iterator<Item = (&'a String, &'a crate::rules::ruleset::SpellDef)> + 'a {
    // In Shock, a hero has only its board: no spell (Revised #83).
    let shocked = h.has(StatusKind::InShock);
    h.spellbook
        .ready()
        .filter(move |_| !shocked)
        .filter_map(|s| snap.rules().spells.get(s).map(|d| (s, d)))
}

/// Actions worth more than walking: healing, potions, attacks, spells, shots, searches, traps.
/// How likely one blow of `h` fells `m`, weighted by what `m` is worth (the competent bot's aim).
fn kill_value(snap: &Snapshot, h: &FigureSnap, m: &FigureSnap) -> f64 {
    if !snap.can_harm(h.equipment.weapon.as_deref(), m) {
        return 0.0;
    }
    let a = snap.attack_dice(h, m, None);
    let d = snap.defend_dice(m);
    let kill = crate::rules::odds::kill_probability(a, d, snap.guard(m), m.body);
    let worth = 1.0 + m.fighter.attack as f64 + 0.5 * m.fighter.defend as f64;
    kill * worth + 0.1 * crate::rules::odds::expected_damage(a, d, snap.guard(m))
}

fn by_value(a: f64, b: f64) -> std::cmp::Ordering {
    a.total_cmp(&b)
}

/// Badly hurt: the competent bot keeps such a hero out of reach when it can.
fn hurt(h: &FigureSnap) -> bool {
    h.body <= 2 || h.body * 3 <= h.body_max
}

/// The weapon a hero should hold: with a monster in reach, the one that rolls the most dice
/// against a monster it can reach and harm (a Longsword or Staff reaches diagonally, Orc's Bane
/// and the Spirit Blade roll more against their foes, only the Spirit Blade harms the Witch
/// Lord); with none, the best all round (an artifact, then more dice, then a diagonal reach;
/// ranged weapons shoot from the pack). A crossbow being reloaded is never taken up. Some
/// when that is not the one in hand.
pub fn weapon_to_hold(snap: &Snapshot, h: &FigureSnap) -> Option<String> {
    let rules = snap.rules();
    // Most heroes carry one weapon: nothing to choose (asked at every decision of every bot).
    if !h.equipment.items.iter().any(|i| rules.weapons.contains_key(i)) {
        return None;
    }
    let at = h.pos?;
    let mut ready: Vec<&String> = h
        .equipment
        .weapon
        .iter()
        .chain(h.equipment.items.iter())
        .filter(|w| rules.weapons.contains_key(*w))
        .filter(|w| crate::quest::gear::may_carry(rules, &h.kind, w, &Default::default()).is_ok())
        .collect();
    ready.dedup();
    let reloading = |w: &str| {
        rules.weapons[w].reload
            && snap
                .dungeon
                .shot_round
                .get(&h.id)
                .is_some_and(|r| snap.turn.round <= r + 1)
    };
    ready.retain(|w| !reloading(w));
    let reaches = |w: &str, t: &FigureSnap| {
        let Some(tp) = t.pos else { return false };
        if t.hero || !t.alive() || !snap.can_harm(Some(w), t) {
            return false;
        }
        (at.is_orthogonally_adjacent(tp) && snap.edge_open(at, tp))
            || (rules.weapons[w].diagonal && at.is_diagonally_adjacent(tp) && snap.sees(at, tp))
    };
    let in_reach = |w: &str| {
        snap.monsters()
            .filter(|t| reaches(w, t))
            .map(|t| snap.attack_dice(h, t, Some(w)))
            .max()
    };
    let general = |w: &str| {
        let d = &rules.weapons[w];
        (d.artifact, d.attack, d.diagonal, !d.ranged)
    };
    let best = if ready.iter().any(|w| in_reach(w).is_some()) {
        ready
            .iter()
            .max_by_key(|w| (in_reach(w), general(w), std::cmp::Reverse(w.as_str())))
    } else {
        ready.iter().max_by_key(|w| (general(w), std::cmp::Reverse(w.as_str())))
    };
    let best = (*best?).clone();
    let held = h.equipment.weapon.as_ref();
    // Only a strictly better weapon is worth the change (no swapping to and fro).
    let better = match held.filter(|w| ready.contains(w)) {
        None => true,
        Some(w) if ready.iter().any(|r| in_reach(r).is_some()) => in_reach(&best) > in_reach(w),
        Some(w) => general(&best) > general(w),
    };
    (better && held != Some(&best)).then_some(best)
}

fn act(snap: &Snapshot, h: &FigureSnap, smart: bool) -> Option<Command> {
    let progress = snap.turn.progress(h.id);
    let at = h.pos?;
    let rules = snap.rules();
    let can_act = !progress.acted;
    // Held in a crusher's grip (Revised #114): striking at the captor is all it may do.
    let can_act_otherwise = snap.action_allowed(h, ActionKind::Other).is_ok();
    // In Shock, only what the board gives: no potion, shot, item or spell (Revised #83).
    let cards = !h.has(StatusKind::InShock);
    // Armour taken up in the quest goes on, a whole turn, while no monster is in sight and it
    // would add to the hero's defence (Revised #104).
    if !h.equipment.off.is_empty()
        && snap.visible_monsters(h).next().is_none()
        && let Some(c) = crate::game::heroquest::armour_choices(snap, h)
            .into_iter()
            .map(|(_, c)| c)
            .find(|c| match c {
                Command::ChangeArmour { armor, on: true, .. } => {
                    let mut eq = h.equipment.clone();
                    eq.off.retain(|i| i != armor);
                    crate::game::heroquest::derive_fighter(rules, &h.kind, &eq).defend > h.fighter.defend
                }
                _ => false,
            })
    {
        return Some(c);
    }
    // The right weapon in hand before fighting (free).
    if can_act && let Some(weapon) = weapon_to_hold(snap, h) {
        return Some(Command::Wield { hero: h.id, weapon });
    }
    let healing_potion = h
        .inventory
        .potions
        .iter()
        .find(|p| matches!(rules.potions.get(*p).map(|d| &d.effect), Some(Effect::Heal { .. })));
    // Nearly dead: drink (the competent bot before a fight it may not survive, too).
    let pressed = smart && hurt(h) && snap.attack_targets(h).next().is_some();
    if (h.body <= 2 || pressed)
        && h.body < h.body_max
        && cards
        && let Some(p) = healing_potion
    {
        return Some(Command::DrinkPotion {
            hero: h.id,
            potion: p.clone(),
        });
    }
    // Heal a badly hurt friend in sight.
    if can_act_otherwise
        && let Some((spell, _)) = ready_spells(snap, h).find(|(_, d)| matches!(d.effect, Effect::Heal { .. }))
        && let Some(friend) = snap
            .living_heroes()
            .filter(|f| f.body * 2 <= f.body_max && f.pos.is_some_and(|p| p == at || snap.sees(at, p)))
            .min_by_key(|f| (f.body, f.id))
    {
        return Some(Command::CastSpell {
            caster: h.id,
            spell: spell.clone(),
            target: friend.id,
        });
    }
    let visible: Vec<&FigureSnap> = snap.visible_monsters(h).collect();
    let adjacent: Vec<&FigureSnap> = snap.attack_targets(h).collect();
    // A keyword card that helps now (Revised #36, #101–110).
    if let Some(c) = cards::card_to_use(snap, h) {
        return Some(c);
    }
    // Before a fight: a potion of strength or a heroic brew.
    if can_act && cards && !adjacent.is_empty() {
        for (potion, status) in [
            ("strength", StatusKind::Strength),
            ("heroic_brew", StatusKind::HeroicBrew),
        ] {
            if !h.has(status) && h.inventory.potions.iter().any(|p| p == potion) && adjacent.iter().any(|m| m.body >= 2)
            {
                return Some(Command::DrinkPotion {
                    hero: h.id,
                    potion: potion.into(),
                });
            }
        }
    }
    let second_attack =
        progress.acted && h.has(StatusKind::HeroicBrew) && progress.attacks == 1 && progress.spells == 0;
    let aim = if smart {
        adjacent
            .iter()
            .max_by(|a, b| by_value(kill_value(snap, h, a), kill_value(snap, h, b)).then(b.id.cmp(&a.id)))
    } else {
        adjacent.iter().min_by_key(|t| (t.body, t.id))
    };
    if (can_act || second_attack)
        && let Some(t) = aim
    {
        return Some(Command::Attack {
            attacker: h.id,
            target: t.id,
        });
    }
    if can_act_otherwise && !visible.is_empty() {
        // Spells at the toughest monster in sight (competent: the most dangerous one, by its dice).
        let target = if smart {
            visible.iter().max_by_key(|m| {
                (
                    m.fighter.attack as u16 * 2 + m.body as u16 + m.fighter.defend as u16,
                    std::cmp::Reverse(m.id),
                )
            })?
        } else {
            visible
                .iter()
                .max_by_key(|m| (m.body, m.fighter.defend, std::cmp::Reverse(m.id)))?
        };
        for (spell, d) in ready_spells(snap, h) {
            let good = match (&d.effect, d.target) {
                (Effect::Damage { .. } | Effect::Attack { .. } | Effect::Tempest, SpellTarget::Enemy) => true,
                // Mystic Combat: only at a mind it can reach (not the Undead's, #134).
                (Effect::Mystic, SpellTarget::Enemy) => {
                    target.mind > 0
                        && crate::rules::ruleset::damage_taken(
                            &target.abilities,
                            crate::rules::ruleset::DamageKind::Spirit,
                            1,
                        ) > 0
                }
                (Effect::Status(StatusKind::Asleep), SpellTarget::Enemy) => !target.undead && target.body >= 2,
                _ => false,
            };
            if good && target.only_harmed_by.is_none() {
                return Some(Command::CastSpell {
                    caster: h.id,
                    spell: spell.clone(),
                    target: target.id,
                });
            }
        }
        // Protect yourself when the fight is close.
        for (spell, d) in ready_spells(snap, h) {
            if matches!(d.effect, Effect::Status(StatusKind::RockSkin | StatusKind::Courage))
                && d.target != SpellTarget::Enemy
            {
                let status = match d.effect {
                    Effect::Status(s) => s,
                    _ => unreachable!(),
                };
                if !h.has(status) && visible.iter().any(|m| m.pos.is_some_and(|p| p.manhattan(at) <= 4)) {
                    return Some(Command::CastSpell {
                        caster: h.id,
                        spell: spell.clone(),
                        target: h.id,
                    });
                }
            }
        }
        // Shoot what you can see but not reach: never throw the last weapon a fighter holds.
        for w in snap.ranged_weapons(h).into_iter().filter(|_| cards) {
            let is_last =
                h.equipment.weapon.as_deref() == Some(w.as_str()) && rules.weapons[&w].thrown && h.kind != "wizard";
            if is_last {
                continue;
            }
            if let Some(t) = visible
                .iter()
                .filter(|t| snap.can_shoot(h, t))
                .min_by_key(|t| (t.body, t.id))
            {
                return Some(Command::Shoot {
                    attacker: h.id,
                    target: t.id,
                    weapon: w,
                });
            }
        }
    }
    // Pick up a fallen friend's things.
    if crate::game::heroquest::loot_within_reach(snap, h).is_some() && affordable(snap, &Command::PickUp { hero: h.id })
    {
        return Some(Command::PickUp { hero: h.id });
    }
    // Hand a spare healing potion to a badly hurt friend next to us who has none.
    if let Some(p) = healing_potion
        && h.body * 2 > h.body_max
        && let Some(friend) = snap.living_heroes().find(|f| {
            f.id != h.id
                && f.body * 2 <= f.body_max
                && !f.inventory.potions.iter().any(|q| q == p)
                && f.pos
                    .is_some_and(|fp| fp.is_orthogonally_adjacent(at) && snap.edge_open(fp, at))
        })
    {
        let give = Command::Give {
            from: h.id,
            to: friend.id,
            item: p.clone(),
        };
        if affordable(snap, &give) {
            return Some(give);
        }
    }
    // The goal is met and the way home is long: the Ring of Return.
    if snap.turn.objective_done
        && cards
        && snap.artifact_ready(h, "ring_of_return")
        && !snap.on_stairway(at)
        && snap.quest.stairway.squares().all(|q| q.manhattan(at) > 12)
    {
        return Some(Command::UseArtifact {
            hero: h.id,
            item: "ring_of_return".into(),
        });
    }
    // The last hero standing, nearly dead, with no potion, on the stairway: live to fight again.
    if !snap.turn.objective_done
        && snap.on_stairway(at)
        && h.body <= 2
        && healing_potion.is_none()
        && snap.living_heroes().count() == 1
    {
        return Some(Command::Retreat { hero: h.id });
    }
    // An ability's extra searches (Artifice, Fortune, Perception) outlast the one other Action.
    use crate::quest::SearchKind;
    let may = |k: SearchKind| snap.action_allowed(h, ActionKind::Search(k)).is_ok();
    let searches_left = [SearchKind::Traps, SearchKind::Treasure, SearchKind::SecretDoors]
        .into_iter()
        .any(may);
    if !visible.is_empty() || !(can_act_otherwise || searches_left) {
        return None;
    }
    let area = snap.area(at);
    // A known trap next to us: disarm it if we can, at even odds or better (a Barbarian's
    // 1d6 + 1 under Revised would mostly set it off).
    let disarmer =
        crate::game::heroquest::may_try_disarm(snap, h) && crate::game::heroquest::disarm_chance(rules, h) >= 0.5;
    if disarmer
        && can_act_otherwise
        && let Some(t) = snap.traps.iter().find(|t| {
            t.state == TrapState::Known
                && crate::game::heroquest::next_to_trap(snap, at, t)
                && (t.furniture.is_some() || snap.figure_at(t.at).is_none())
        })
    {
        return Some(Command::DisarmTrap { hero: h.id, trap: t.id });
    }
    let room_clear = area != CORRIDOR && !snap.monsters().any(|m| m.pos.is_some_and(|p| snap.area(p) == area));
    let searched_here = |list: &[(FigureId, Pos)]| {
        list.iter().any(|(_, p)| {
            if area == CORRIDOR {
                snap.area(*p) == CORRIDOR && p.manhattan(at) <= 5
            } else {
                snap.area(*p) == area
            }
        })
    };
    // Something here a quest event waits on (a portal, a lever, Revised #94): look into it.
    if can_act_otherwise && let Some(sq) = crate::game::heroquest::investigable(snap, h).first() {
        return Some(Command::Investigate { hero: h.id, at: *sq });
    }
    // In a cleared room: traps first (a trapped chest springs on a treasure search), then treasure,
    // then secret doors. In a corridor: look for traps every few squares.
    if may(SearchKind::Traps) && !searched_here(&snap.dungeon.trap_searches) {
        return Some(Command::SearchTraps { hero: h.id });
    }
    // The competent bot leaves a room's treasure to others while a trap it knows of there
    // would kill it (a found chest trap still springs on a search until it is disarmed).
    let leave_it = smart && deadly_chest(snap, h, area);
    if may(SearchKind::Treasure) && room_clear && !leave_it && !snap.dungeon.searched.contains(&(h.id, area)) {
        return Some(Command::SearchTreasure { hero: h.id });
    }
    if may(SearchKind::SecretDoors) && room_clear && !searched_here(&snap.dungeon.door_searches) {
        return Some(Command::SearchSecretDoors { hero: h.id });
    }
    None
}

/// The next command of `bot` for the hero whose turn it is; `EndTurn` when it has nothing left to do.
pub fn next_command(snap: &Snapshot, bot: super::HeroBot) -> Command {
    if snap.turn.draft.is_some() {
        return choose_school(snap).unwrap_or(Command::EndTurn);
    }
    let Some(h) = snap.active_hero() else {
        return Command::EndTurn;
    };
    if h.off_map() {
        return come_on(snap, h);
    }
    let Some(at) = h.pos else {
        return Command::EndTurn;
    };
    if h.serves.is_some() {
        return retainers::next(snap, h, bot != super::HeroBot::Random);
    }
    let c = match bot {
        super::HeroBot::Random => random_command(snap, h, at),
        super::HeroBot::Greedy => planned_command(snap, h, at, false),
        super::HeroBot::Competent => planned_command(snap, h, at, true),
    };
    // A running hero jumps nothing (Revised's advanced game, #163): its run ends here.
    if crate::game::heroquest::running_may_send(snap, &c).is_err() {
        return Command::EndTurn;
    }
    c
}

/// A hero off the board (the action-point module): roll, then come on at the stairway square
/// nearest the squares worth walking to; the walk itself is the next decision's, from there.
fn come_on(snap: &Snapshot, h: &FigureSnap) -> Command {
    let progress = snap.turn.progress(h.id);
    // A man-at-arms's Speed is fixed (Revised #21): nothing to roll.
    let fixed = matches!(h.fighter.movement, crate::game::model::Movement::Fixed(_));
    if progress.allowance.is_none() && !fixed {
        return Command::RollMovement { hero: h.id };
    }
    let steps = if fixed {
        crate::game::heroquest::steps_left(snap, h).unwrap_or(0)
    } else {
        progress.steps_left()
    };
    let Some(f) = field(snap, h) else {
        return Command::EndTurn;
    };
    let nearest = |to: &[Pos]| {
        to.iter()
            .filter_map(|g| f.dist(*g).map(|d| (d, *g)))
            .min()
            .and_then(|(_, g)| f.path_to(g)?.first().copied())
    };
    let entry = nearest(&goals(snap, h, &f)).or_else(|| nearest(&snap.entrance(h)));
    match entry {
        Some(at) if steps > 0 => Command::Move {
            figure: h.id,
            path: vec![at],
        },
        _ => Command::EndTurn,
    }
}

/// Any command the hero could send now, picked by the bot's own noise (never the dice): walks
/// to a random reachable square, attacks, doors, spells, searches, potions. About one in six
/// picks ends the turn, so a random hero never dawdles for ever.
fn random_command(snap: &Snapshot, h: &FigureSnap, at: Pos) -> Command {
    let p = snap.turn.progress(h.id);
    // From the same list the rules are held to (`RuleSystem::legal`), so it never sends a
    // refused command: one walk to a random square it may stop on, and every action but the
    // ones a random player would only waste (closing doors, gifts, retreat, swapping weapons).
    let legal = snap.quest.system.legal(snap);
    let mut options: Vec<Command> = vec![Command::EndTurn];
    options.extend(
        legal
            .iter()
            .filter(|c| {
                !matches!(
                    c,
                    Command::EndTurn
                        | Command::Move { .. }
                        | Command::CloseDoor { .. }
                        | Command::Give { .. }
                        | Command::Retreat { .. }
                        | Command::Wield { .. }
                )
            })
            .cloned(),
    );
    let walks: Vec<&Command> = legal.iter().filter(|c| matches!(c, Command::Move { .. })).collect();
    if !walks.is_empty() {
        let key = super::mix(snap.ai_seed ^ 0x3A1D ^ (snap.turn.round as u64) << 16 ^ h.id.0 as u64);
        options.push(walks[(key % walks.len() as u64) as usize].clone());
    }
    // Weight the end of the turn so that it comes up about one pick in six.
    let weight_end = (options.len() / 5).max(1);
    let total = options.len() + weight_end - 1;
    let key = super::mix(
        snap.ai_seed
            ^ (snap.turn.round as u64) << 40
            ^ (h.id.0 as u64) << 32
            ^ (p.steps_used as u64) << 24
            ^ (p.acted as u64) << 20
            ^ (p.allowance.unwrap_or(0) as u64) << 12
            ^ (at.x as u64) << 6
            ^ at.y as u64,
    );
    let i = (key % total as u64) as usize;
    if i < weight_end {
        Command::EndTurn
    } else {
        options.swap_remove(i + 1 - weight_end)
    }
}

/// The action-point module's levers and locks: pull a lever in Range 1 not yet pulled; beside a
/// locked door (or else a locked chest), roll first, then spend every point left on the lock when that gives at least a
/// one-in-three chance, or when the whole roll is still unspent (standing at the door is why we
/// are here); otherwise walk on.
fn locks_and_levers(snap: &Snapshot, h: &FigureSnap, at: Pos) -> Option<Command> {
    if !snap.action_points() {
        // Revised's levers without the module: a pull is the hero's Action (#51).
        let lever = crate::game::heroquest::levers_in_reach(snap, at).next();
        return lever
            .filter(|_| snap.levers_in_play() && snap.action_allowed(h, ActionKind::Other).is_ok())
            .map(|lever| Command::PullLever { hero: h.id, lever });
    }
    let p = snap.turn.progress(h.id);
    if let Some(lever) = crate::game::heroquest::levers_in_reach(snap, at).next() {
        let pull = Command::PullLever { hero: h.id, lever };
        if affordable(snap, &pull) {
            return Some(pull);
        }
        if p.allowance.is_none() && p.moving != MoveState::Done && !h.rooted() {
            return Some(Command::RollMovement { hero: h.id });
        }
    }
    // A locked door beside us, else a locked chest: its help and the attempt for n points.
    let door = snap
        .doors
        .iter()
        .find(|d| d.kind == DoorKind::Lock && d.locked && d.edge.touches(at));
    let (help, attempt): (u8, Box<dyn Fn(u8) -> Command>) = match door {
        Some(d) => (
            crate::game::heroquest::lock_help(snap, h.id, d),
            Box::new(|points| Command::PickLock {
                hero: h.id,
                door: d.id,
                points,
            }),
        ),
        None => {
            let (chest, on) = crate::game::heroquest::locked_chests_in_reach(snap, at).next()?;
            (
                crate::game::heroquest::chest_help(snap, h.id, on),
                Box::new(move |points| Command::PickChest {
                    hero: h.id,
                    chest,
                    points,
                }),
            )
        }
    };
    if p.moving == MoveState::Done || h.rooted() {
        return None;
    }
    if p.allowance.is_none() {
        return Some(Command::RollMovement { hero: h.id });
    }
    let points = p.steps_left();
    let worth = crate::rules::response::pick_chance(points + help) >= 0.35 || p.steps_used == 0;
    (points > 0 && worth).then(|| attempt(points))
}

/// Nothing left in the dungeon for `h` to go for (every room seen and searched, every wall
/// searched for secret doors, no monster known to be awake) and the quest's goal not met: make
/// for the stairway and leave by it (heroquest-2021.md, Quest Completion: heroes may leave before
/// the goal is met; the quest is abandoned when the last is out). A lone wounded hero who will
/// not search a chest whose known trap would kill it, waiting for ever, ended no game. None when
/// there is no way out to take.
fn leave(snap: &Snapshot, h: &FigureSnap, at: Pos, f: &DistanceField) -> Option<Command> {
    if snap.turn.objective_done || snap.monsters().any(|m| m.awake) {
        return None;
    }
    if snap.on_stairway(at) {
        return Some(Command::Retreat { hero: h.id });
    }
    let (_, out) = snap
        .quest
        .stairway
        .squares()
        .filter(|p| snap.can_stop_on(h, *p))
        .filter_map(|p| f.dist(p).map(|d| (d, p)))
        .min()?;
    let progress = snap.turn.progress(h.id);
    if progress.allowance.is_none() {
        return (!h.rooted()).then_some(Command::RollMovement { hero: h.id });
    }
    let path = trim_path(snap, h, f.path_to(out)?, progress.steps_left());
    (!path.is_empty()).then_some(Command::Move { figure: h.id, path })
}

/// A minor action the hero can pay for (always, without the action-point module).
fn affordable(snap: &Snapshot, c: &Command) -> bool {
    crate::game::heroquest::minor_action_payer(snap, c).is_ok()
}

fn planned_command(snap: &Snapshot, h: &FigureSnap, at: Pos, smart: bool) -> Command {
    let progress = snap.turn.progress(h.id);

    // 0. Revised's advanced game: Fate when it is needed, furniture beside us.
    if let Some(c) = advanced::before_acting(snap, h) {
        return c;
    }
    // 1. Act where we stand if that is worth more than walking.
    if let Some(c) = act(snap, h, smart) {
        return c;
    }
    // 2. Open a closed door beside us (a free action) unless the job is done and the way home
    //    is open (a quest event may have shut a door behind the party).
    let done_field = if snap.turn.objective_done { field(snap, h) } else { None };
    let way_home_shut = snap.turn.objective_done
        && done_field
            .as_ref()
            .is_none_or(|f| !snap.quest.stairway.squares().any(|p| f.dist(p).is_some()));
    if (!snap.turn.objective_done || way_home_shut)
        && let Some(d) = snap.doors.iter().find(|d| !d.open && !d.locked && d.edge.touches(at))
    {
        let open = Command::OpenDoor { hero: h.id, door: d.id };
        if affordable(snap, &open) {
            return open;
        }
        // The action-point module: the roll gives the point a door costs.
        if progress.allowance.is_none() && progress.moving != MoveState::Done && !h.rooted() {
            return Command::RollMovement { hero: h.id };
        }
    }
    // 2b. The action-point module: pull a lever in reach, pick a lock beside us.
    if let Some(c) = locks_and_levers(snap, h, at) {
        return c;
    }
    // 3. Move towards a goal.
    if progress.moving == MoveState::Done || (progress.allowance.is_some() && progress.steps_left() == 0) {
        // The advanced game: a second roll, when nothing is in sight (#163).
        return advanced::run_on(snap, h).unwrap_or(Command::EndTurn);
    }
    let Some(f) = done_field.or_else(|| field(snap, h)) else {
        return Command::EndTurn;
    };
    let goals = match smart.then(|| careful_goals(snap, h, &f)).flatten() {
        Some(g) => g,
        None => goals(snap, h, &f),
    };
    if search_here_for_secret_doors(snap, h, &goals) {
        return Command::SearchSecretDoors { hero: h.id };
    }
    let target = goals
        .iter()
        .filter_map(|g| f.dist(*g).map(|d| (d, *g)))
        .filter(|(d, _)| *d > 0)
        .min();
    let Some((_, goal)) = target else {
        // Every goal lies past a known trap: walk up to the first one on the way and jump it.
        let over = over_traps_field(snap, h);
        let past = over.as_ref().map(|o| self::goals(snap, h, o)).unwrap_or_default();
        let jump = over.as_ref().and_then(|over| {
            let (_, g) = past
                .iter()
                .filter_map(|g| over.dist(*g).map(|d| (d, *g)))
                .filter(|(d, _)| *d > 0)
                .min()?;
            up_to_trap(snap, h, over, g)
        });
        if let Some(c) = jump {
            return c;
        }
        // Nothing at all is left to go for, even over traps: leave.
        if goals.is_empty() && past.is_empty() {
            return leave(snap, h, at, &f).unwrap_or(Command::EndTurn);
        }
        return Command::EndTurn;
    };
    if progress.allowance.is_none() {
        if h.rooted() {
            return Command::EndTurn;
        }
        if !h.has(StatusKind::SwiftWind)
            && !h.has(StatusKind::InShock)
            && h.inventory.potions.iter().any(|p| p == "speed")
            && goal.manhattan(at) > 12
        {
            return Command::DrinkPotion {
                hero: h.id,
                potion: "speed".into(),
            };
        }
        return Command::RollMovement { hero: h.id };
    }
    // A portal on a much shorter way (Revised #155): to the way out of an escape, else to the
    // goal in hand.
    let toward = match &snap.quest.objective.kind {
        ObjectiveKind::Escape(exits) => exits.clone(),
        _ => goals.clone(),
    };
    if let Some(c) = portal_shortcut(snap, h, &f, &toward, true) {
        return c;
    }
    // A known trap on a much shorter way: walk up to it and jump it (a Dwarf disarms it in `act`).
    if let Some(c) = shortcut_over_trap(snap, h, goal, f.dist(goal).unwrap_or(u16::MAX)) {
        return c;
    }
    let path = trim_path(snap, h, f.path_to(goal).unwrap_or_default(), progress.steps_left());
    if path.is_empty() {
        Command::EndTurn
    } else {
        Command::Move { figure: h.id, path }
    }
}
