//! Traps on squares: on clear squares of the board, one a square, never on the stairway or a
//! hero's start square. (Traps in furniture are checked with the furniture.)

use super::*;

/// The traps on squares, then those in furniture.
pub(super) fn check(cx: &mut Ctx, furniture_traps: Vec<QuestTrap>) -> Vec<QuestTrap> {
    let raw = cx.raw;
    let mut traps = Vec::new();
    let mut trap_at = BTreeSet::new();
    for (i, t) in raw.traps.iter().enumerate() {
        let p = pos(t.at);
        let path = vec![Field("traps"), Index(i)];
        if !cx.walkable(p) {
            cx.out.err(
                path,
                format!("trap at {p} is off the board or on furniture or a blocked square"),
            );
        } else if cx.stair.contains(p) || cx.is_hero_start(p) {
            cx.out
                .err(path, format!("trap at {p} is on the stairway or a hero's start square"));
        } else if !trap_at.insert(p) {
            cx.out.err(path, format!("two traps at {p}"));
        } else {
            let kind = match t.kind {
                RawTrapKind::Pit => TrapKind::Pit,
                RawTrapKind::FallingBlock => TrapKind::FallingBlock,
                RawTrapKind::Spear => TrapKind::Spear,
            };
            traps.push(QuestTrap {
                kind,
                at: p,
                furniture: None,
                damage: 0,
                text: String::new(),
            });
        }
    }
    traps.extend(furniture_traps);
    traps
}
