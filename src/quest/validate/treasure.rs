//! Special treasure: one entry a room, with a text to read out and known potions and items.

use super::*;

/// The special treasure that passed.
pub(super) fn check(cx: &mut Ctx) -> Vec<SpecialTreasure> {
    let raw = cx.raw;
    let mut treasure = Vec::new();
    let mut treasure_rooms = BTreeSet::new();
    for (i, t) in raw.treasure.iter().enumerate() {
        let p = pos(t.room);
        let path = vec![Field("treasure"), Index(i)];
        if !cx.on_board(p) || cx.board.area(p) == CORRIDOR {
            cx.out.err(
                sub(&path, &[Field("room")]),
                format!("treasure square {p} is not inside a room"),
            );
            continue;
        }
        if !treasure_rooms.insert(cx.board.area(p)) {
            cx.out.err(
                sub(&path, &[Field("room")]),
                format!("the room at {p} already has special treasure"),
            );
            continue;
        }
        if t.text.trim().is_empty() {
            cx.out.err(
                sub(&path, &[Field("text")]),
                "special treasure needs a text to read out".into(),
            );
        }
        for (j, potion) in t.potions.iter().enumerate() {
            if !cx.rules.potions.contains_key(potion) {
                cx.out.err(
                    sub(&path, &[Field("potions"), Index(j)]),
                    format!(
                        "unknown potion \"{potion}\" (known: {})",
                        known(cx.rules.potions.keys())
                    ),
                );
            }
        }
        for (j, item) in t.items.iter().enumerate() {
            if !cx.known_thing(item) {
                cx.out.err(
                    sub(&path, &[Field("items"), Index(j)]),
                    format!("unknown item \"{item}\" (not a weapon, armour or item of the rule set)"),
                );
            }
        }
        if t.gold > MAX_GOLD_GIVEN {
            cx.out.err(
                sub(&path, &[Field("gold")]),
                format!("a treasure holds 0 to {MAX_GOLD_GIVEN} gold, not {}", t.gold),
            );
        }
        treasure.push(SpecialTreasure {
            area: cx.board.area(p),
            text: t.text.clone(),
            gold: t.gold,
            potions: t.potions.clone(),
            items: t.items.clone(),
        });
    }
    treasure
}
