//! Epic Heroica's scoring (heroica.md, Epic Heroica; checklists §1.2 #39–#44): the monster
//! bounty after each mission, and who wins the campaign. Pure: the campaign keeps the results
//! and asks these.

/// One player's account after a mission: missions won so far, gold, monsters defeated in the
/// mission just played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Account {
    pub missions_won: u32,
    pub gold: u32,
    pub defeated: u32,
}

/// The players who take 1 gold from the store at the end of a mission: the most monsters
/// defeated, every one tied for it (checklists §1.2 #41); nobody when nobody defeated any.
pub fn bounty(accounts: &[Account]) -> Vec<usize> {
    let most = accounts.iter().map(|a| a.defeated).max().unwrap_or(0);
    if most == 0 {
        return Vec::new();
    }
    (0..accounts.len()).filter(|&i| accounts[i].defeated == most).collect()
}

/// The campaign's winners (checklists §1.2 #39): the most missions won, then the most gold;
/// still tied, they share the victory.
pub fn winners(accounts: &[Account]) -> Vec<usize> {
    let best = accounts.iter().map(|a| (a.missions_won, a.gold)).max();
    (0..accounts.len())
        .filter(|&i| Some((accounts[i].missions_won, accounts[i].gold)) == best)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(missions_won: u32, gold: u32, defeated: u32) -> Account {
        Account {
            missions_won,
            gold,
            defeated,
        }
    }

    #[test]
    fn the_bounty_goes_to_every_player_tied_for_the_most_monsters() {
        assert_eq!(bounty(&[acc(0, 0, 2), acc(0, 0, 3), acc(0, 0, 3)]), vec![1, 2]);
        assert!(bounty(&[acc(0, 0, 0), acc(0, 0, 0)]).is_empty());
    }

    #[test]
    fn most_missions_then_most_gold_then_shared() {
        assert_eq!(winners(&[acc(2, 1, 0), acc(1, 9, 0)]), vec![0]);
        assert_eq!(winners(&[acc(2, 1, 0), acc(2, 3, 0)]), vec![1]);
        assert_eq!(winners(&[acc(2, 3, 0), acc(2, 3, 0), acc(1, 3, 0)]), vec![0, 1]);
    }
}
