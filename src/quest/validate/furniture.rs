//! Furniture: known pieces, whole on the board, inside one room without crossing a wall, not
//! overlapping each other or a blocked square; and the traps pieces hold (1 to 6 damage).

use super::*;

/// Checks the furniture; fills `cx.furniture_at`, returns the pieces that passed and their traps.
pub(super) fn check(cx: &mut Ctx, modules: &crate::rules::systems::Modules) -> (Vec<QuestFurniture>, Vec<QuestTrap>) {
    let raw = cx.raw;
    let mut furniture = Vec::new();
    let mut furniture_traps = Vec::new();
    for (i, f) in raw.furniture.iter().enumerate() {
        let path = vec![Field("furniture"), Index(i)];
        let Some(def) = cx.rules.furniture.get(&f.kind) else {
            cx.out.err(
                sub(&path, &[Field("kind")]),
                format!(
                    "unknown furniture \"{}\" (known: {})",
                    f.kind,
                    known(cx.rules.furniture.keys())
                ),
            );
            continue;
        };
        let (w, h) = if f.rotated { (def.h, def.w) } else { (def.w, def.h) };
        let rect = Rect {
            x: f.at.0,
            y: f.at.1,
            w,
            h,
        };
        let squares: Vec<Pos> = rect.squares().collect();
        if squares.len() != (w * h) as usize || squares.iter().any(|p| !cx.on_board(*p)) {
            cx.out
                .err(path, format!("{} at {} does not fit on the board", def.name, pos(f.at)));
            continue;
        }
        let area = cx.board.area(squares[0]);
        if area == CORRIDOR || squares.iter().any(|p| cx.board.area(*p) != area) {
            cx.out.err(
                path,
                format!(
                    "{} at {} ({}x{}) must lie inside one room without crossing a wall",
                    def.name,
                    pos(f.at),
                    w,
                    h
                ),
            );
            continue;
        }
        let mut clash = false;
        for p in &squares {
            if let Some(other) = cx.furniture_at.insert(*p, i) {
                cx.out.err(
                    path.clone(),
                    format!(
                        "{} at {} overlaps furniture entry {} at {p}",
                        def.name,
                        pos(f.at),
                        other + 1
                    ),
                );
                clash = true;
                break;
            }
            if cx.blocked.contains(p) {
                cx.out
                    .err(path.clone(), format!("{} covers the blocked square {p}", def.name));
                clash = true;
                break;
            }
        }
        // A locked chest (the action-point module, checklists.md 1.3 #22): a chest, with no
        // trap (its lock is what guards it).
        if f.locked {
            let why = if !modules.action_points() {
                Some("a locked chest needs the action-point module: add modules: [\"action-points\"] to the quest")
            } else if f.kind != "chest" {
                Some("only a chest can be locked")
            } else if f.trap.is_some() {
                Some("a locked chest holds no trap: its lock guards it")
            } else {
                None
            };
            if let Some(why) = why {
                cx.out.err(sub(&path, &[Field("locked")]), why.into());
                clash = true;
            }
        }
        if !clash {
            if let Some(t) = &f.trap {
                if t.damage == 0 || t.damage > 6 {
                    cx.out.err(
                        sub(&path, &[Field("trap"), Field("damage")]),
                        format!("a furniture trap does 1 to 6 damage, not {}", t.damage),
                    );
                }
                furniture_traps.push(QuestTrap {
                    kind: TrapKind::Furniture,
                    at: Pos::new(rect.x, rect.y),
                    furniture: Some(furniture.len()),
                    damage: t.damage,
                    text: t.text.clone(),
                });
            }
            furniture.push(QuestFurniture {
                kind: f.kind.clone(),
                rect,
                locked: f.locked,
            });
        }
    }
    (furniture, furniture_traps)
}
