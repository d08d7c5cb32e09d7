//! The largest numbers the game keeps (issue 34). A number read from a file is refused past its
//! bound where it is read, with its `line:col`; a counter the game adds to saturates at its bound,
//! so no file or long campaign can overflow it. `docs/quest-format.md` ("Limits") lists them.

/// The most gold a single amount in a file may give: a treasure, a hero's starting gold, a quest
/// event's `GiveGold`, a mission's gold piece.
pub const MAX_GOLD_GIVEN: u32 = 10_000;

/// The most gold a hero (or a LEGO Heroica pack) holds; more is not added.
pub const MAX_PURSE: u32 = 1_000_000;

/// The most wounds a single `Wound(n)` does (the strongest hero's Body).
pub const MAX_WOUND: u8 = 8;

/// The most things (items and potions) one hero carries.
pub const MAX_CARRIED: usize = 100;

/// The most of any one counter a campaign keeps (potions of a kind, quests, missions won).
pub const MAX_COUNT: u32 = 1_000;

/// `purse` with `more` added, never past `MAX_PURSE`.
pub fn add_gold(purse: u32, more: u32) -> u32 {
    purse.saturating_add(more).min(MAX_PURSE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gold_stops_at_the_purse_bound() {
        assert_eq!(add_gold(5, 7), 12);
        assert_eq!(add_gold(MAX_PURSE - 1, 5), MAX_PURSE);
        assert_eq!(add_gold(u32::MAX, u32::MAX), MAX_PURSE);
    }
}
