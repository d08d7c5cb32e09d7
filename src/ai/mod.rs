//! Computer players: the sorcerer (baseline rule) and the hero bots. They read a snapshot and answer with commands.

pub mod heroes;
pub mod sorcerer;

use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::geometry::Pos;
use crate::rules::paths::DistanceField;

/// Cuts a path to the steps allowed, then backs off until it ends on a square the figure may stop on.
pub fn trim_path(snap: &Snapshot, fig: &FigureSnap, mut path: Vec<Pos>, steps: u8) -> Vec<Pos> {
    path.truncate(steps as usize);
    while let Some(last) = path.last() {
        if snap.can_stop_on(fig, *last) {
            break;
        }
        path.pop();
    }
    path
}

/// Unlimited-distance field for `fig` over the squares it may walk through.
pub fn field(snap: &Snapshot, fig: &FigureSnap) -> Option<DistanceField> {
    snap.reach(fig, 1000)
}

/// Squares from which `attacker` could hit `target` orthogonally: adjacent, no wall between, free to stand on.
pub fn attack_squares(snap: &Snapshot, attacker: &FigureSnap, target: &FigureSnap) -> Vec<Pos> {
    let Some(t) = target.pos else {
        return Vec::new();
    };
    t.neighbours()
        .into_iter()
        .filter(|s| snap.board().in_bounds(*s) && snap.edge_open(*s, t) && snap.can_stop_on(attacker, *s))
        .collect()
}
