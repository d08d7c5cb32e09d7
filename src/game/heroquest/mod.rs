//! The HeroQuest rules (the 2021 edition; the revised edition joins as tables and overrides):
//! what each command does, who may act, the end of a turn, victory and defeat, and what a side
//! may do now. The engine reaches them only through `game::system`.

mod actions;
mod advanced;
mod advanced_choices;
mod apprentice;
mod armour;
mod cards;
mod choices;
mod damage;
mod events;
mod fate;
mod investigate;
mod morcar;
mod movement;
mod objectives;
mod points;
mod retinue;
mod setup;
mod spells;
mod steal;
mod trap_actions;
mod traps;
mod turn;

use bevy::prelude::*;

use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::Snapshot;
use crate::game::world::*;
use crate::rules::dice;
use crate::rules::geometry::Pos;

pub use actions::{loot_within_reach, stow};
pub use advanced::{furniture_in_reach, mastery_mind, mastery_of, may_run, running_may_send};
pub use advanced_choices::{FateInterrupts, interruptions, pending_commands as advanced_pending};
pub use apprentice::hand_size as magic_hand_size;
pub use armour::{armour_choices, may_change_armour};
pub use cards::{card_choices, may_take, may_use_card};
pub use choices::{
    AttackOdds, HeroChoices, HeroOptions, SpellChoices, action_choices, attack_odds, attackable_after_a_walk,
    attackable_now, hero_choices, hero_options, keeps, legal_commands, may_roll, may_use, monster_spells, reach,
    steps_left, strikes_after_a_walk,
};
pub use fate::may_spend as may_spend_fate;
pub(in crate::game) use investigate::test;
pub use investigate::{investigable, portal_at, portal_exit};
pub use morcar::{danger_dice, may_choose as may_choose_dungeon_cards, may_roll_danger, wanderer};
pub use movement::reveal;
pub use points::{chest_help, levers_in_reach, lock_help, locked_chests_in_reach, payer as minor_action_payer};
pub use retinue::{leader, may_activate_instead, only_heroes};
pub use setup::{derive_fighter, worn_armor};
pub use steal::{stealable, thefts};
pub use trap_actions::{disarm_chance, may_try_disarm, next_to_trap};
pub use turn::may_act;

pub(in crate::game) use actions::{free_squares_near, receive_item};
pub(in crate::game) use damage::{apply_damage, heal, resolve_attack, roll_attack, strike};
pub(in crate::game) use events::{bring_monsters, give};
pub(in crate::game) use movement::{armed_floor_trap_at, move_figure};
pub(in crate::game) use objectives::settle;
pub(in crate::game) use setup::{begin, spawn_monster};
pub(in crate::game) use traps::{Sprung, spring, spring_on_skull, undefended};
pub(in crate::game) use turn::{end_turn, one_monster_at_a_time, take_action};

/// Carries out one command under the HeroQuest rules, or says why not (changing nothing).
pub(in crate::game) fn apply(world: &mut World, snap: Snapshot, cmd: &Command) -> Result<Vec<GameEvent>, String> {
    let mut evs = carry_out(world, snap, cmd)?;
    // Revised's advanced game: a monster in sight or a trap sprung ends a Run (#163).
    let cut = advanced::run_cut_short(world, cmd, &evs);
    evs.extend(cut);
    // A Run's roll: the Speed dice again (#163).
    if let Command::Run { hero } = cmd {
        let now = Snapshot::capture(world).expect("quest in play");
        evs.extend(carry_out_command(world, now, &Command::RollMovement { hero: *hero })?);
    }
    one_monster_at_a_time(world, cmd);
    Ok(evs)
}

fn carry_out(world: &mut World, snap: Snapshot, cmd: &Command) -> Result<Vec<GameEvent>, String> {
    if let Phase::Over(_) = snap.turn.phase {
        return Err("the quest is over".into());
    }
    if snap.turn.pending.is_none() && snap.turn.draft.is_none() {
        // The action-point module: a minor action is paid for once it is done.
        let payer = points::payer(&snap, cmd)?;
        let evs = carry_out_command(world, snap, cmd)?;
        if let Some(hero) = payer {
            points::pay(world, hero);
        }
        return Ok(evs);
    }
    carry_out_command(world, snap, cmd)
}

fn carry_out_command(world: &mut World, snap: Snapshot, cmd: &Command) -> Result<Vec<GameEvent>, String> {
    let get = |id: FigureId| snap.figure(id).ok_or_else(|| format!("there is no figure {}", id.0));
    // A choice of the sorcerer's comes first: nothing else happens until it is made.
    if let Some(pending) = &snap.turn.pending {
        return match (cmd, pending) {
            (Command::Mastery { pay }, Pending::Mastery { .. }) => advanced::answer_mastery(world, &snap, *pay),
            (Command::ChooseDungeonCards { cards }, Pending::DungeonCards { .. }) => {
                morcar::choose(world, &snap, cards)
            }
            (_, Pending::Mastery { .. }) => {
                Err("the caster must first pay for the Mastery test or let the spell fail".into())
            }
            (_, Pending::DungeonCards { .. }) => Err("Morcar must first choose its Dungeon cards".into()),
            (Command::PlaceWanderer { at }, Pending::PlaceWanderer { hero, kind, squares }) => {
                if !squares.contains(at) {
                    return Err(format!(
                        "the wandering monster must appear on a free square next to {}",
                        snap.figure(*hero).map_or("the hero", |h| h.name.as_str())
                    ));
                }
                world.resource_mut::<Turn>().pending = None;
                Ok(actions::place_wanderer(world, *hero, kind, *at))
            }
            _ => Err("the sorcerer must first place the wandering monster".into()),
        };
    }
    retinue::may_send(&snap, cmd)?;
    overburdened_may_send(&snap, cmd)?;
    advanced::running_may_send(&snap, cmd)?;
    match cmd {
        Command::PlaceWanderer { .. } => Err("no wandering monster is waiting to be placed".into()),
        Command::Mastery { .. } => Err("no Mastery test waits for an answer".into()),
        Command::ChooseDungeonCards { .. } => Err("Morcar chooses its Dungeon cards at the quest's start".into()),
        Command::SpendFate { hero, on } => fate::spend(world, &snap, *hero, *on),
        Command::Run { hero } => advanced::run(world, &snap, *hero),
        Command::SearchFurniture { hero, furniture } => advanced::search_furniture(world, &snap, *hero, *furniture),
        Command::Danger => morcar::roll_danger(world, &snap),
        Command::ChooseSchool { hero, school } => actions::choose_school(world, &snap, *hero, school),
        Command::ChooseSpells { hero, school, keep } => spells::choose_spells(world, &snap, *hero, school, keep),
        Command::RollMovement { hero } => {
            let h = get(*hero)?;
            turn::may_move(&snap, h)?;
            let Movement::Dice(mut n) = h.fighter.movement else {
                return Err(format!("{} has a fixed Speed and does not roll for movement", h.name));
            };
            // In Shock, or Overburdened: one die (Revised #82, #126).
            let overburdened = snap.overburdened(h);
            if h.has(StatusKind::InShock) || overburdened {
                n = 1;
            }
            let mut p = snap.turn.progress(h.id);
            if overburdened && p.acted && !snap.action_points() {
                return Err(format!(
                    "{} is overburdened: it may move or act this turn, not both",
                    h.name
                ));
            }
            // Haste (Revised #44, #121): another Move Action once one has begun, its Speed dice
            // rolled again; what was left of the one before is lost. Not for the Overburdened.
            let hasted = p.allowance.is_some() && p.extra_moves < h.haste() && !snap.action_points() && !overburdened;
            if hasted {
                p = Progress {
                    allowance: None,
                    steps_used: 0,
                    moving: MoveState::NotStarted,
                    extra_moves: p.extra_moves + 1,
                    ..p
                };
            }
            if p.allowance.is_some() {
                return Err(format!("{} has already rolled for movement this turn", h.name));
            }
            if p.moving == MoveState::Done {
                return Err(format!("{} has already moved this turn", h.name));
            }
            if let Some(why) = h.rooted_by() {
                return Err(format!("{} {why} and cannot move this turn", h.name));
            }
            let mut evs = Vec::new();
            if h.has(StatusKind::SwiftWind) {
                n *= 2;
                evs.extend(remove_status(world, h.id, StatusKind::SwiftWind));
            }
            let dice: Vec<u8> = (0..n).map(|_| dice::roll_d6(rng(world))).collect();
            // Heavy (Revised #122): each die lower by the hero's burden, to 1 at least; the
            // Overburdened's one die counts as it falls.
            let heavy = if overburdened { 0 } else { snap.burden(h) };
            p.allowance = Some(dice.iter().map(|d| d.saturating_sub(heavy).max(1)).sum());
            set_progress(world, h.id, p);
            evs.insert(
                0,
                GameEvent::MovementRolled {
                    hero: h.id,
                    dice,
                    heavy,
                },
            );
            Ok(evs)
        }
        Command::Move { figure, path } => {
            let f = get(*figure)?.clone();
            turn::may_move(&snap, &f)?;
            move_figure(world, &snap, &f, path)
        }
        Command::OpenDoor { hero, door } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            if !h.hero && !h.has_ability(&crate::rules::ruleset::Ability::Sentry) {
                return Err("monsters cannot open doors (only a Sentry does)".into());
            }
            if !h.hero && snap.finished_its_turn(h) {
                return Err(format!("{} has had its turn", h.name));
            }
            let d = snap.door(*door).ok_or_else(|| format!("there is no door {door}"))?;
            if d.open {
                return Err("that door is already open".into());
            }
            if d.locked {
                return Err(match d.kind {
                    DoorKind::Lock => "that door is locked: pick its lock with action points".into(),
                    DoorKind::Portcullis => "a portcullis cannot be lifted by hand: its lever opens it".into(),
                    DoorKind::Plain => "that door is locked".into(),
                });
            }
            let at = h.pos.unwrap_or(Pos::new(-1, -1));
            if !d.edge.touches(at) {
                return Err(format!("{} must stand next to the door to open it", h.name));
            }
            let mut q = world.query_filtered::<&mut Door, Without<Concealed>>();
            for mut dd in q.iter_mut(world) {
                if dd.id == *door {
                    dd.open = true;
                }
            }
            let mut evs = vec![GameEvent::DoorOpened { door: *door, by: h.id }];
            evs.extend(reveal(world));
            Ok(evs)
        }
        Command::CloseDoor { hero, door } => {
            let h = get(*hero)?;
            may_act(&snap, h)?;
            if !h.hero {
                return Err("monsters cannot close doors".into());
            }
            if !snap.rules().edition.doors_close {
                return Err("under these rules a door once opened stays open".into());
            }
            let d = snap.door(*door).ok_or_else(|| format!("there is no door {door}"))?;
            if !d.open {
                return Err("that door is already closed".into());
            }
            if !d.edge.touches(h.pos.unwrap_or(Pos::new(-1, -1))) {
                return Err(format!("{} must stand next to the door to close it", h.name));
            }
            let secret = world
                .query_filtered::<&Door, With<SecretDoor>>()
                .iter(world)
                .any(|x| x.id == *door);
            if secret {
                return Err("a secret door, once opened, cannot be closed".into());
            }
            if d.kind == DoorKind::Portcullis {
                return Err("a portcullis its lever raised stays up".into());
            }
            let mut q = world.query::<&mut Door>();
            for mut dd in q.iter_mut(world) {
                if dd.id == *door {
                    dd.open = false;
                }
            }
            Ok(vec![GameEvent::DoorClosed { door: *door, by: h.id }])
        }
        Command::Attack { attacker, target } => {
            let a = get(*attacker)?;
            let t = get(*target)?;
            may_act(&snap, a)?;
            let p = take_action(&snap, a, ActionKind::Attack)?;
            if let Some(w) = snap.reloading_in_hand(a) {
                return Err(format!(
                    "{}'s {w} is still being reloaded (another weapon can be taken in hand)",
                    a.name
                ));
            }
            if let Some(c) = snap.captor(a).filter(|c| c.id != t.id) {
                return Err(format!(
                    "{} is held in {}'s grip and may strike only at it",
                    a.name, c.name
                ));
            }
            if !snap.can_attack(a, t) {
                return Err(format!("{} cannot reach {} from here", a.name, t.name));
            }
            let mut evs = Vec::new();
            if snap.turn.progress(a.id).acted {
                evs.extend(remove_status(world, a.id, StatusKind::HeroicBrew));
            }
            set_progress(world, a.id, p);
            evs.extend(resolve_attack(world, &snap, a, t, None));
            Ok(evs)
        }
        Command::Shoot {
            attacker,
            target,
            weapon,
        } => actions::shoot(world, &snap, *attacker, *target, weapon),
        Command::CastSpell { caster, spell, target } => actions::cast_spell(world, &snap, *caster, spell, *target),
        Command::SearchTreasure { hero } => actions::search_treasure(world, &snap, *hero),
        Command::SearchTraps { hero } => actions::search_traps(world, &snap, *hero),
        Command::SearchSecretDoors { hero } => actions::search_secret_doors(world, &snap, *hero),
        Command::DisarmTrap { hero, trap } => trap_actions::disarm(world, &snap, *hero, *trap),
        Command::JumpTrap { hero, trap, to } => trap_actions::jump(world, &snap, *hero, *trap, *to),
        Command::Jump { figure, over, to } => trap_actions::jump_far(world, &snap, *figure, over, *to),
        Command::Investigate { hero, at } => investigate::investigate(world, &snap, *hero, *at),
        Command::UsePortal { figure } => investigate::use_portal(world, &snap, *figure),
        Command::UseCard { hero, item, target } => cards::use_card(world, &snap, *hero, item, *target),
        Command::ChangeArmour { hero, armor, on } => armour::change_armour(world, &snap, *hero, armor, *on),
        Command::DrinkPotion { hero, potion } => actions::drink(world, &snap, *hero, potion),
        Command::Give { from, to, item } => actions::give(world, &snap, *from, *to, item),
        Command::PickUp { hero } => actions::pick_up(world, &snap, *hero),
        Command::Steal { thief, hero, item } => steal::steal(world, &snap, *thief, *hero, item),
        Command::UseArtifact { hero, item } => actions::use_artifact(world, &snap, *hero, item),
        Command::Wield { hero, weapon } => actions::wield(world, &snap, *hero, weapon),
        Command::Retreat { hero } => actions::retreat(world, &snap, *hero),
        Command::PickLock { hero, door, points } => points::pick_lock(world, &snap, *hero, *door, *points),
        Command::PickChest { hero, chest, points } => points::pick_chest(world, &snap, *hero, *chest, *points),
        Command::PullLever { hero, lever } => points::pull_lever(world, &snap, *hero, *lever),
        Command::UseSkill { .. } | Command::Buy { .. } | Command::DrinkAt { .. } | Command::TakeRoll { .. } => {
            Err("skills on a Shield, aimed potions and the store belong to LEGO Heroica".into())
        }
        Command::Activate { figure } => retinue::activate(world, &snap, *figure),
        Command::EndTurn => {
            if snap.turn.draft.is_some() {
                return Err("the spell schools must be chosen first".into());
            }
            Ok(end_turn(world, &snap))
        }
    }
}

/// What an Overburdened hero may not do (Revised #126): jump, or take a Free Action (a potion, a
/// thing handed over, a weapon taken in hand, a fallen friend's things, an artifact used).
pub(super) fn overburdened_may_send(snap: &Snapshot, cmd: &Command) -> Result<(), String> {
    let who = match cmd {
        Command::Jump { figure, .. } => *figure,
        Command::JumpTrap { hero, .. }
        | Command::DrinkPotion { hero, .. }
        | Command::Wield { hero, .. }
        | Command::PickUp { hero }
        | Command::UseArtifact { hero, .. } => *hero,
        Command::Give { from, .. } => *from,
        Command::UseCard { hero, item, .. }
            if snap
                .rules()
                .items
                .get(item)
                .and_then(|d| d.uses.as_ref())
                .is_some_and(|u| u.time == crate::rules::ruleset::CardTime::Free) =>
        {
            *hero
        }
        _ => return Ok(()),
    };
    match snap.figure(who) {
        Some(f) if snap.overburdened(f) => Err(format!(
            "{} is overburdened: no jumping and no Free Actions until it carries less",
            f.name
        )),
        _ => Ok(()),
    }
}
