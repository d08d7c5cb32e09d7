//! What every rule system does to the world: the game's dice stream, a figure's progress this
//! turn, finding a figure's entity, conditions put on and lifted, the id of a new figure.
//! Rule-system free: the engine and the rule systems share these.

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::model::*;

pub(in crate::game) fn rng(world: &mut World) -> &mut ChaCha8Rng {
    &mut world.resource_mut::<GameRng>().into_inner().0
}

pub(in crate::game) fn set_progress(world: &mut World, id: FigureId, p: Progress) {
    world.resource_mut::<Turn>().progress.insert(id, p);
}

/// The entities of figures found before, by figure id (checked on use: a stale entry is looked
/// up again).
#[derive(Resource, Default)]
struct FigureEntities(Vec<Option<Entity>>);

pub(in crate::game) fn entity_of(world: &mut World, id: FigureId) -> Option<Entity> {
    if let Some(known) = world.get_resource::<FigureEntities>()
        && let Some(&Some(e)) = known.0.get(id.0 as usize)
        && world.get::<FigureId>(e) == Some(&id)
    {
        return Some(e);
    }
    let found = world
        .query::<(Entity, &FigureId)>()
        .iter(world)
        .find(|(_, f)| **f == id)
        .map(|(e, _)| e);
    if let Some(e) = found
        && id.0 < 1 << 16
    {
        let mut known = world.get_resource_or_insert_with(FigureEntities::default);
        if known.0.len() <= id.0 as usize {
            known.0.resize(id.0 as usize + 1, None);
        }
        known.0[id.0 as usize] = Some(e);
    }
    found
}

/// Puts a condition on a figure; None if it already had it.
pub(in crate::game) fn add_status(world: &mut World, id: FigureId, s: StatusKind) -> Option<GameEvent> {
    let e = entity_of(world, id)?;
    let mut st = world.get_mut::<Status>(e)?;
    st.0.insert(s)
        .then_some(GameEvent::StatusGained { figure: id, status: s })
}

/// Lifts a condition; None if the figure did not have it.
pub(in crate::game) fn remove_status(world: &mut World, id: FigureId, s: StatusKind) -> Option<GameEvent> {
    let e = entity_of(world, id)?;
    let mut st = world.get_mut::<Status>(e)?;
    st.0.remove(&s)
        .then_some(GameEvent::StatusEnded { figure: id, status: s })
}

/// The id for a figure new to the quest (summoned, wandering, brought by an event). Ids are
/// never reused: the names table remembers every figure, dead or alive.
pub(in crate::game) fn next_figure_id(world: &World) -> FigureId {
    FigureId(
        world
            .resource::<FigureNames>()
            .0
            .keys()
            .map(|f| f.0 + 1)
            .max()
            .unwrap_or(0),
    )
}
