//! The action-point module's minor actions (action-point-movement.md, Minor Action): under the
//! module a hero's movement roll is its action points for the turn, and opening or closing a
//! door, handing a treasure over and looting a fallen hero each cost one of them instead of
//! being free (checklists.md 1.3 #11, #12, #14, #15). Steps are paid in `movement`.

use bevy::prelude::*;

use crate::game::model::Command;
use crate::game::model::*;
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::game::world::*;
use crate::rules::geometry::Pos;
use crate::rules::response;

/// What a minor action costs (checklists.md 1.3 #11: one point each).
pub const MINOR_ACTION: u8 = 1;

/// The minor action `cmd` is, in words, and who pays for it; None for any other command.
fn minor(cmd: &Command) -> Option<(FigureId, &'static str)> {
    Some(match cmd {
        Command::OpenDoor { hero, .. } => (*hero, "open a door"),
        Command::CloseDoor { hero, .. } => (*hero, "close a door"),
        Command::Give { from, .. } => (*from, "hand something over"),
        Command::PickUp { hero } => (*hero, "pick up a fallen hero's things"),
        Command::PullLever { hero, .. } => (*hero, "pull a lever"),
        _ => return None,
    })
}

/// The hero who must pay for `cmd`, or why it cannot. None when the command costs nothing: no
/// module, not a minor action, or not the acting hero's (the command itself then says what is
/// wrong).
pub fn payer(snap: &Snapshot, cmd: &Command) -> Result<Option<FigureId>, String> {
    let Some((id, what)) = minor(cmd).filter(|_| snap.action_points()) else {
        return Ok(None);
    };
    if snap.turn.phase != Phase::Hero(id) {
        return Ok(None);
    }
    // A locked door or portcullis is refused for what it is, not for the point.
    if let Command::OpenDoor { door, .. } = cmd
        && snap.door(*door).is_some_and(|d| d.locked)
    {
        return Ok(None);
    }
    let name = snap.figure(id).map_or("The hero", |h| h.name.as_str());
    let p = snap.turn.progress(id);
    if p.moving == MoveState::Done {
        return Err(format!(
            "{name}'s move is over, and with it the action points to {what}"
        ));
    }
    if p.allowance.is_none() {
        return Err(format!(
            "{name} must roll for movement first: the roll gives the action points, and it costs {MINOR_ACTION} to {what}"
        ));
    }
    if p.steps_left() < MINOR_ACTION {
        return Err(format!("{name} has no action point left to {what}"));
    }
    Ok(Some(id))
}

/// `hero` pays for the minor action it has just taken.
pub(in crate::game) fn pay(world: &mut bevy::prelude::World, hero: FigureId) {
    let mut p = world.resource::<Turn>().progress(hero);
    p.steps_used = p.steps_used.saturating_add(MINOR_ACTION);
    crate::game::world::set_progress(world, hero, p);
}

/// The living heroes other than `hero` standing beside `door` (on either of its squares): each
/// adds 1 to a lock attempt (checklists.md 1.3 #19).
pub fn lock_help(snap: &Snapshot, hero: FigureId, door: &Door) -> u8 {
    helpers(snap, hero, |p| door.edge.touches(p))
}

/// The same for a locked chest on `chest`: heroes in Range 1 of it.
pub fn chest_help(snap: &Snapshot, hero: FigureId, chest: Pos) -> u8 {
    helpers(snap, hero, |p| in_range_1(snap, p, chest))
}

fn helpers(snap: &Snapshot, hero: FigureId, beside: impl Fn(Pos) -> bool) -> u8 {
    snap.living_heroes()
        .filter(|o| o.id != hero && !o.captive && o.pos.is_some_and(&beside))
        .count() as u8
}

/// Orthogonally beside, with no wall or closed door between (Range 1).
fn in_range_1(snap: &Snapshot, a: Pos, b: Pos) -> bool {
    a.is_orthogonally_adjacent(b) && snap.edge_open(a, b)
}

/// The quest's locked chests (furniture indexes, with their squares) still shut that a hero on
/// `at` has in Range 1.
pub fn locked_chests_in_reach(snap: &Snapshot, at: Pos) -> impl Iterator<Item = (u32, Pos)> + '_ {
    snap.quest
        .furniture
        .iter()
        .enumerate()
        .filter(|(i, f)| f.locked && !snap.dungeon.chests_opened.contains(&(*i as u32)))
        .map(|(i, f)| (i as u32, Pos::new(f.rect.x, f.rect.y)))
        .filter(move |(_, p)| in_range_1(snap, at, *p))
}

/// A lock attempt's common part (Pick a Lock; checklists.md 1.3 #16, #17, #19 to #21): the
/// module, the hero's turn and roll, the points (all spent at once); two Response cards from
/// the freshly shuffled deck beat by the points and `help` or not. Gives the hero and the
/// cards, and whether the lock opened; nothing is changed when it refuses.
fn attempt<'a>(
    world: &mut World,
    snap: &'a Snapshot,
    hero: FigureId,
    points: u8,
    beside: impl Fn(&FigureSnap, Pos) -> Result<u8, String>,
) -> Result<(&'a FigureSnap, u8, Vec<u8>, bool), String> {
    if !snap.action_points() {
        return Err("picking locks is part of the action-point module, which this game is not played with".into());
    }
    let h = snap
        .figure(hero)
        .ok_or_else(|| format!("there is no figure {}", hero.0))?;
    super::may_act(snap, h)?;
    if !h.hero {
        return Err("monsters do not pick locks".into());
    }
    super::retinue::only_heroes(h, "pick a lock")?;
    let at = h.pos.ok_or("that hero is not on the board")?;
    let help = beside(h, at)?;
    let mut p = snap.turn.progress(h.id);
    if p.moving == MoveState::Done {
        return Err(format!("{}'s move is over, and with it the action points", h.name));
    }
    if p.allowance.is_none() {
        return Err(format!(
            "{} must roll for movement first: the roll gives the action points",
            h.name
        ));
    }
    if points == 0 {
        return Err("a lock attempt spends at least one action point".into());
    }
    if points > p.steps_left() {
        return Err(format!(
            "{} has only {} action point{} left",
            h.name,
            p.steps_left(),
            crate::text::plural(u32::from(p.steps_left()))
        ));
    }
    let cards = response::draw(rng(world), 2);
    let opened = response::opens(points + help, &cards);
    p.steps_used += points;
    set_progress(world, h.id, p);
    Ok((h, help, cards.iter().map(|c| c.value).collect(), opened))
}

/// Picking the lock of `door` with `points` action points (action-point-movement.md, Pick a
/// Lock; checklists.md 1.3 #16 to #23): the lock opens when the points and the help are more
/// than the two cards' sum; the door then opens and stays unlocked.
pub(in crate::game) fn pick_lock(
    world: &mut World,
    snap: &Snapshot,
    hero: FigureId,
    door: u32,
    points: u8,
) -> Result<Vec<GameEvent>, String> {
    let d = snap.door(door).ok_or_else(|| format!("there is no door {door}"))?;
    let (h, help, cards, opened) = attempt(world, snap, hero, points, |h, at| {
        match d.kind {
            DoorKind::Lock if d.locked => {}
            DoorKind::Lock => return Err("that lock is already open".into()),
            DoorKind::Portcullis => return Err("a portcullis has no lock to pick: its lever opens it".into()),
            DoorKind::Plain if d.locked => return Err("that door is barred by the quest: no lock to pick".into()),
            DoorKind::Plain => return Err("that door has no lock".into()),
        }
        if !d.edge.touches(at) {
            return Err(format!("{} must stand beside the door to pick its lock", h.name));
        }
        Ok(lock_help(snap, h.id, d))
    })?;
    let mut evs = vec![GameEvent::LockPicked {
        hero: h.id,
        door,
        points,
        help,
        cards,
        opened,
    }];
    if opened {
        set_door(world, door, true);
        evs.extend(super::reveal(world));
    }
    Ok(evs)
}

/// Picking a locked chest (action-point-movement.md, Pick a Lock and Treasure Chest;
/// checklists.md 1.3 #16 to #22): as a door's lock, from Range 1; an opened chest gives a card
/// from the treasure deck (hazards and wandering monsters too) and stays open and empty.
pub(in crate::game) fn pick_chest(
    world: &mut World,
    snap: &Snapshot,
    hero: FigureId,
    chest: u32,
    points: u8,
) -> Result<Vec<GameEvent>, String> {
    let f = snap
        .quest
        .furniture
        .get(chest as usize)
        .filter(|f| f.locked)
        .ok_or_else(|| format!("there is no locked chest {chest}"))?;
    let on = Pos::new(f.rect.x, f.rect.y);
    let (h, help, cards, opened) = attempt(world, snap, hero, points, |h, at| {
        if snap.dungeon.chests_opened.contains(&chest) {
            return Err("that chest is already open".into());
        }
        if !in_range_1(snap, at, on) {
            return Err(format!("{} must stand beside the chest to pick its lock", h.name));
        }
        Ok(chest_help(snap, h.id, on))
    })?;
    let mut evs = vec![GameEvent::ChestPicked {
        hero: h.id,
        chest,
        points,
        help,
        cards,
        opened,
    }];
    if opened {
        world.resource_mut::<Dungeon>().chests_opened.insert(chest);
        let now = Snapshot::capture(world).expect("quest in play");
        let h = now.figure(hero).expect("the hero").clone();
        evs.extend(super::actions::draw_card(world, &now, &h)?);
    }
    Ok(evs)
}

/// Opens door `id` for good (`unlock`: and lifts its lock).
fn set_door(world: &mut World, id: u32, unlock: bool) {
    let mut q = world.query_filtered::<&mut Door, Without<Concealed>>();
    for mut d in q.iter_mut(world) {
        if d.id == id {
            d.open = true;
            if unlock {
                d.locked = false;
            }
        }
    }
}

/// Whether a hero on `at` may reach `lever`'s square (Pull a Lever in Range 1): on it, or
/// orthogonally beside it with no wall between.
fn lever_in_reach(snap: &Snapshot, at: Pos, lever: Pos) -> bool {
    lever == at || (lever.is_orthogonally_adjacent(at) && snap.edge_open(lever, at))
}

/// The levers (indexes) a hero on `at` may pull now: in reach and not yet pulled.
pub fn levers_in_reach(snap: &Snapshot, at: Pos) -> impl Iterator<Item = u32> + '_ {
    snap.quest
        .levers
        .iter()
        .enumerate()
        .filter(move |(i, (lever, _))| {
            lever_in_reach(snap, at, *lever) && !snap.dungeon.levers_pulled.contains(&(*i as u32))
        })
        .map(|(i, _)| i as u32)
}

/// Pulling lever `lever` (action-point-movement.md, Pull a Lever in Range 1; Portcullises;
/// checklists.md 1.3 #13, #25): from its square or orthogonally beside it with no wall between,
/// once; the door or portcullis it is tied to opens for good. The point is paid by `pay`.
pub(in crate::game) fn pull_lever(
    world: &mut World,
    snap: &Snapshot,
    hero: FigureId,
    lever: u32,
) -> Result<Vec<GameEvent>, String> {
    if !snap.levers_in_play() {
        return Err("levers are part of the action-point module, which this game is not played with".into());
    }
    let h = snap
        .figure(hero)
        .ok_or_else(|| format!("there is no figure {}", hero.0))?;
    super::may_act(snap, h)?;
    super::retinue::only_heroes(h, "pull a lever")?;
    // Without the module the pull is the hero's Action (Revised #51, #94); with it, a point.
    let action = if snap.action_points() {
        None
    } else {
        Some(super::take_action(snap, h, crate::game::model::ActionKind::Other)?)
    };
    let &(at, edge) = snap
        .quest
        .levers
        .get(lever as usize)
        .ok_or_else(|| format!("there is no lever {lever}"))?;
    let here = h.pos.ok_or("that hero is not on the board")?;
    if !lever_in_reach(snap, here, at) {
        return Err(format!("{} must stand on the lever or beside it", h.name));
    }
    if snap.dungeon.levers_pulled.contains(&lever) {
        return Err("that lever has already been pulled".into());
    }
    let door = snap
        .doors
        .iter()
        .find(|d| d.edge == edge)
        .map(|d| d.id)
        .ok_or("the lever's door is gone")?;
    world.resource_mut::<Dungeon>().levers_pulled.insert(lever);
    if let Some(p) = action {
        crate::game::world::set_progress(world, h.id, p);
    }
    set_door(world, door, true);
    let mut evs = vec![GameEvent::LeverPulled {
        hero: h.id,
        lever,
        door,
    }];
    evs.extend(super::reveal(world));
    Ok(evs)
}

/// A hero stepping onto `at` (action-point-movement.md, Dangerous Event; checklists.md 1.3
/// #28 to #30): on a dangerous square, one Response card for each seen monster in Range 1 of it
/// (orthogonally beside, no wall between); any Eye springs the square's failure. Monsters moving
/// by choice never draw. Returns the events and whether the move ends here.
pub(in crate::game) fn enter_square(
    world: &mut World,
    now: &Snapshot,
    f: &FigureSnap,
    at: Pos,
) -> (Vec<GameEvent>, Ends) {
    let Some(t) = now
        .quest
        .terrain
        .get(&at)
        .filter(|t| t.dangerous && f.hero && now.action_points())
    else {
        return (Vec::new(), Ends::default());
    };
    let beside = now
        .monsters()
        .filter(|m| {
            m.awake
                && m.pos
                    .is_some_and(|mp| mp.is_orthogonally_adjacent(at) && now.edge_open(mp, at))
        })
        .count();
    let cards = response::draw(rng(world), beside);
    let failed = cards.iter().any(|c| c.eye);
    let mut evs = vec![GameEvent::DangerDrawn {
        figure: f.id,
        at,
        cards: cards.iter().map(|c| c.value).collect(),
        eyes: cards.iter().map(|c| c.eye).collect(),
        failed,
    }];
    let mut ends = Ends::default();
    if failed && let Some(failure) = t.failure.clone() {
        let (more, end) = suffer(world, f.id, at, &failure, &t.name);
        evs.extend(more);
        ends = end;
    }
    (evs, ends)
}

/// What a failure event ends: the figure's move, and its turn too (a pit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::game) struct Ends {
    pub moving: bool,
    pub turn: bool,
}

/// A figure pushed onto `at` (Pushed Event; checklists.md 1.3 #31, #32): heroes and monsters
/// alike suffer the square's failure, with no card drawn.
pub(in crate::game) fn pushed_onto(world: &mut World, figure: FigureId, at: Pos) -> Vec<GameEvent> {
    let snap = Snapshot::capture(world).expect("quest in play");
    let Some(failure) = snap
        .quest
        .terrain
        .get(&at)
        .filter(|_| snap.action_points())
        .and_then(|t| t.failure.clone().map(|f| (f, t.name.clone())))
    else {
        return Vec::new();
    };
    let mut evs = vec![GameEvent::DangerDrawn {
        figure,
        at,
        cards: Vec::new(),
        eyes: Vec::new(),
        failed: true,
    }];
    evs.extend(suffer(world, figure, at, &failure.0, &failure.1).0);
    evs
}

/// A failure event on `at`: its events and what it ends.
fn suffer(
    world: &mut World,
    figure: FigureId,
    at: Pos,
    failure: &crate::quest::Failure,
    name: &str,
) -> (Vec<GameEvent>, Ends) {
    let cause = if name.is_empty() {
        "dangerous ground".to_string()
    } else {
        crate::text::the(name)
    };
    match failure {
        crate::quest::Failure::Wound(n) => {
            let mut evs = vec![GameEvent::Wounded {
                figure,
                amount: *n,
                dice: Vec::new(),
                cause,
            }];
            evs.extend(super::apply_damage(world, figure, *n, None));
            (evs, Ends::default())
        }
        crate::quest::Failure::EndMove => (
            Vec::new(),
            Ends {
                moving: true,
                turn: false,
            },
        ),
        crate::quest::Failure::Pit => pit(world, figure, at, cause),
    }
}

/// The ground of `at` opens under `figure` (checklists.md 1.3 #27, `Pit`): as the HeroQuest pit
/// (rules-decisions #17), the fall wounds with no defence and the move and the turn end; the
/// square stays an open pit (a sprung pit trap), fought from with a die fewer, which wounds
/// nobody who enters it again.
fn pit(world: &mut World, figure: FigureId, at: Pos, cause: String) -> (Vec<GameEvent>, Ends) {
    let snap = Snapshot::capture(world).expect("quest in play");
    let ends = Ends {
        moving: true,
        turn: true,
    };
    if snap.in_pit(at) {
        return (Vec::new(), ends);
    }
    let mut evs = Vec::new();
    if snap.trap_at(at).is_none() {
        let id = snap.traps.iter().map(|t| t.id + 1).max().unwrap_or(0);
        let text = format!("{} gives way: a pit!", crate::text::capital(&cause));
        world.spawn((
            Name::new(format!("pit {id}")),
            QuestEntity,
            Trap {
                id,
                kind: crate::quest::TrapKind::Pit,
                at,
                state: TrapState::Sprung,
                furniture: None,
                damage: 0,
                text: text.clone(),
            },
        ));
        evs.push(GameEvent::TrapSprung {
            trap: id,
            kind: crate::quest::TrapKind::Pit,
            figure,
            at,
            text,
        });
    }
    let n = snap.rules().traps.pit_damage;
    evs.push(GameEvent::Wounded {
        figure,
        amount: n,
        dice: Vec::new(),
        cause: "the fall".into(),
    });
    evs.extend(super::apply_damage(world, figure, n, None));
    (evs, ends)
}
