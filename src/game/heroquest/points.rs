//! The action-point module's minor actions (action-point-movement.md, Minor Action): under the
//! module a hero's movement roll is its action points for the turn, and opening or closing a
//! door, handing a treasure over and looting a fallen hero each cost one of them instead of
//! being free (checklists.md 1.3 #11, #12, #14, #15). Steps are paid in `movement`.

use crate::game::model::*;
use crate::game::snapshot::Snapshot;

/// What a minor action costs (checklists.md 1.3 #11: one point each).
pub const MINOR_ACTION: u8 = 1;

/// The minor action `cmd` is, in words, and who pays for it; None for any other command.
fn minor(cmd: &Command) -> Option<(FigureId, &'static str)> {
    Some(match cmd {
        Command::OpenDoor { hero, .. } => (*hero, "open a door"),
        Command::CloseDoor { hero, .. } => (*hero, "close a door"),
        Command::Give { from, .. } => (*from, "hand something over"),
        Command::PickUp { hero } => (*hero, "pick up a fallen hero's things"),
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
    let name = snap.figure(id).map_or("The hero", |h| h.name.as_str());
    let p = snap.turn.progress(id);
    if p.moving == MoveState::Done {
        return Err(format!("{name}'s move is over, and with it the action points to {what}"));
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
