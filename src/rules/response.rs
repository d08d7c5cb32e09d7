//! The Response deck of the action-point module (action-point-movement.md, Pick a Lock;
//! checklists.md 1.3 #20, #21): data in `assets/rules/response-cards.ron`. Each draw shuffles
//! the whole deck from the game's seeded stream and takes cards without replacement, so every
//! attempt is independent; the odds are counted exactly over the deck, so the computer players
//! know the distribution and never the next cards.

use std::sync::OnceLock;

use rand::Rng;
use serde::Deserialize;

pub const RESPONSE_CARDS_RON: &str = include_str!("../../assets/rules/response-cards.ron");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub value: u8,
    #[serde(default)]
    pub eye: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResponseDeck {
    cards: Vec<Card>,
}

/// The deck, read once from the embedded data (a build whose data does not parse is a bug the
/// tests catch, not a player's problem).
pub fn deck() -> &'static [Card] {
    static DECK: OnceLock<Vec<Card>> = OnceLock::new();
    DECK.get_or_init(|| {
        ron::from_str::<ResponseDeck>(RESPONSE_CARDS_RON)
            .expect("assets/rules/response-cards.ron parses")
            .cards
    })
}

/// `n` cards from the whole deck shuffled with `rng` (Fisher-Yates, drawing only what is taken).
pub fn draw(rng: &mut impl Rng, n: usize) -> Vec<Card> {
    let mut cards = deck().to_vec();
    let n = n.min(cards.len());
    for i in 0..n {
        let j = rng.random_range(i..cards.len());
        cards.swap(i, j);
    }
    cards.truncate(n);
    cards
}

/// A lock attempt of `total` (points spent and help) opens when it is more than the sum of two
/// cards (checklists.md 1.3 #20).
pub fn opens(total: u8, cards: &[Card]) -> bool {
    u32::from(total) > cards.iter().map(|c| u32::from(c.value)).sum::<u32>()
}

/// The exact chance that an attempt of `total` opens the lock: over every pair of cards.
pub fn pick_chance(total: u8) -> f64 {
    let d = deck();
    let (mut yes, mut all) = (0u32, 0u32);
    for i in 0..d.len() {
        for j in (i + 1)..d.len() {
            all += 1;
            if opens(total, &[d[i], d[j]]) {
                yes += 1;
            }
        }
    }
    if all == 0 { 0.0 } else { f64::from(yes) / f64::from(all) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_deck_is_the_documented_one() {
        let d = deck();
        assert_eq!(d.len(), 12);
        for v in 1..=6 {
            assert_eq!(d.iter().filter(|c| c.value == v).count(), 2, "value {v}");
        }
        let eyes: Vec<u8> = d.iter().filter(|c| c.eye).map(|c| c.value).collect();
        assert_eq!(eyes, [2, 5]);
    }

    #[test]
    fn the_odds_are_counted_over_pairs_and_agree_with_draws() {
        // Two cards sum to 2 at least (1 + 1) and 12 at most (6 + 6).
        assert_eq!(pick_chance(2), 0.0);
        assert_eq!(pick_chance(13), 1.0);
        // A total of 3 opens only on 1 + 1: one pair of 66.
        assert!((pick_chance(3) - 1.0 / 66.0).abs() < 1e-12);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let n = 20_000;
        let hits = (0..n).filter(|_| opens(8, &draw(&mut rng, 2))).count();
        let seen = hits as f64 / n as f64;
        assert!(
            (seen - pick_chance(8)).abs() < 0.02,
            "{seen} against {}",
            pick_chance(8)
        );
    }
}
