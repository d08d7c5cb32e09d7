//! Exact combat odds: the damage distribution of N attack dice against M defend dice, as tables.
//!
//! A combat die has 3 skulls, 2 white shields and 1 black shield. Skulls are Binomial(N, 1/2);
//! a hero blocks with white shields, Binomial(M, 1/3); a monster with black ones, Binomial(M, 1/6).
//! Damage is skulls minus blocks, never below zero. The tables hold exact counts out of
//! 6^(N+M) equally likely rolls, so they can be checked against a brute-force enumeration.

use std::sync::OnceLock;

use super::combat::{Guard, Side};

/// The most dice either side rolls that the tables cover (more dice are clamped to this).
pub const MAX_DICE: u8 = 10;

/// Exact damage distribution: `counts[k]` of the `6^(attack+defend)` rolls deal `k` damage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageOdds {
    pub attack: u8,
    pub defend: u8,
    pub counts: Vec<u64>,
    pub total: u64,
}

impl DamageOdds {
    /// Computes the distribution from the binomials, with integer counts. `defencing`: the
    /// defender has Defencing (Revised #117), so any shield of its own blocks everything.
    pub fn compute(attack: u8, defend: u8, side: Side, defencing: bool) -> DamageOdds {
        let (n, m) = (attack as u32, defend as u32);
        // Ways to roll s skulls on n dice: C(n, s) * 3^s * 3^(n-s).
        let skull_ways: Vec<u64> = (0..=n).map(|s| binomial(n, s) * 3u64.pow(n)).collect();
        let block_faces: u64 = match side {
            Side::Hero => 2,
            Side::Monster => 1,
        };
        let block_ways: Vec<u64> = (0..=m)
            .map(|b| binomial(m, b) * block_faces.pow(b) * (6 - block_faces).pow(m - b))
            .collect();
        let mut counts = vec![0u64; n as usize + 1];
        for (s, sw) in skull_ways.iter().enumerate() {
            for (b, bw) in block_ways.iter().enumerate() {
                // Defencing: one shield of its own blocks the whole attack (Revised #117).
                let dealt = if defencing && b > 0 { 0 } else { s.saturating_sub(b) };
                counts[dealt] += sw * bw;
            }
        }
        DamageOdds {
            attack,
            defend,
            counts,
            total: 6u64.pow(n + m),
        }
    }

    /// P(damage = k).
    pub fn p(&self, k: u8) -> f64 {
        self.counts
            .get(k as usize)
            .map_or(0.0, |c| *c as f64 / self.total as f64)
    }

    /// Probabilities, index = damage.
    pub fn probabilities(&self) -> Vec<f64> {
        self.counts.iter().map(|c| *c as f64 / self.total as f64).collect()
    }
}

fn binomial(n: u32, k: u32) -> u64 {
    let mut r = 1u64;
    for i in 0..k as u64 {
        r = r * (n as u64 - i) / (i + 1);
    }
    r
}

type Table = Vec<Vec<Vec<f64>>>;

fn tables() -> &'static [Table; 4] {
    static T: OnceLock<[Table; 4]> = OnceLock::new();
    T.get_or_init(|| {
        let make = |side, defencing| {
            (0..=MAX_DICE)
                .map(|a| {
                    (0..=MAX_DICE)
                        .map(|d| DamageOdds::compute(a, d, side, defencing).probabilities())
                        .collect()
                })
                .collect()
        };
        [
            make(Side::Hero, false),
            make(Side::Monster, false),
            make(Side::Hero, true),
            make(Side::Monster, true),
        ]
    })
}

/// P(damage = k) for k = 0..=attack, from the precomputed tables (dice clamped to `MAX_DICE`).
pub fn damage_probabilities(attack: u8, defend: u8, guard: impl Into<Guard>) -> &'static [f64] {
    let guard = guard.into();
    let side = match guard.side {
        Side::Hero => 0,
        Side::Monster => 1,
    };
    let t = &tables()[side + if guard.defencing { 2 } else { 0 }];
    &t[attack.min(MAX_DICE) as usize][defend.min(MAX_DICE) as usize]
}

pub fn expected_damage(attack: u8, defend: u8, guard: impl Into<Guard>) -> f64 {
    damage_probabilities(attack, defend, guard)
        .iter()
        .enumerate()
        .map(|(k, p)| k as f64 * p)
        .sum()
}

/// The chance that one attack takes `body` or more body points.
pub fn kill_probability(attack: u8, defend: u8, guard: impl Into<Guard>, body: u8) -> f64 {
    damage_probabilities(attack, defend, guard)
        .iter()
        .skip(body as usize)
        .sum()
}

/// P(the sum of `dice` red dice >= `k`), exactly: the chance a hero's movement roll reaches `k`.
pub fn movement_at_least(dice: u8, k: u16) -> f64 {
    static T: OnceLock<Vec<Vec<f64>>> = OnceLock::new();
    let t = T.get_or_init(|| {
        (0..=4u32)
            .map(|n| {
                // ways[s] = number of rolls of n d6 summing to s.
                let mut ways = vec![1u64];
                for _ in 0..n {
                    let mut next = vec![0u64; ways.len() + 6];
                    for (s, w) in ways.iter().enumerate() {
                        for f in 1..=6 {
                            next[s + f] += w;
                        }
                    }
                    ways = next;
                }
                let total = 6u64.pow(n) as f64;
                let mut at_least = vec![0.0; ways.len() + 1];
                for s in (0..ways.len()).rev() {
                    at_least[s] = at_least[s + 1] + ways[s] as f64 / total;
                }
                at_least
            })
            .collect()
    });
    let row = &t[dice.min(4) as usize];
    row.get(k as usize).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::combat::damage;
    use crate::rules::dice::Face;

    /// Every roll of the real dice, through the game's own damage rule.
    fn brute_force(attack: u8, defend: u8, side: Guard) -> Vec<u64> {
        let n = (attack + defend) as u32;
        let mut counts = vec![0u64; attack as usize + 1];
        for code in 0..6u64.pow(n) {
            let mut c = code;
            let mut faces = Vec::with_capacity(n as usize);
            for _ in 0..n {
                faces.push(Face::from_index((c % 6) as u8));
                c /= 6;
            }
            let (a, d) = faces.split_at(attack as usize);
            counts[damage(a, d, side) as usize] += 1;
        }
        counts
    }

    #[test]
    fn tables_match_brute_force_enumeration() {
        // Revised #117: the tables for a Defencing defender are checked the same way.
        let guards = [Side::Hero, Side::Monster]
            .into_iter()
            .flat_map(|side| [false, true].map(|defencing| Guard { side, defencing }));
        for side in guards {
            for a in 0..=4u8 {
                for d in 0..=(7 - a).min(4) {
                    let exact = DamageOdds::compute(a, d, side.side, side.defencing);
                    assert_eq!(exact.counts, brute_force(a, d, side), "{a} vs {d} ({side:?})");
                    assert_eq!(exact.counts.iter().sum::<u64>(), exact.total);
                    let table = damage_probabilities(a, d, side);
                    for (k, p) in table.iter().enumerate() {
                        assert!((p - exact.p(k as u8)).abs() < 1e-12);
                    }
                }
            }
        }
    }

    #[test]
    fn known_values() {
        // shared/notes/combat-tables.txt: 3 dice against a hero's 2 → E = 23/24.
        assert!((expected_damage(3, 2, Side::Hero) - 23.0 / 24.0).abs() < 1e-12);
        // 3 dice against an orc's 2 → E = 39/32.
        assert!((expected_damage(3, 2, Side::Monster) - 39.0 / 32.0).abs() < 1e-12);
        // One 3-dice attack kills a 2-body hero with 2 defend dice 5/18 of the time.
        assert!((kill_probability(3, 2, Side::Hero, 2) - 5.0 / 18.0).abs() < 1e-12);
        assert!((movement_at_least(2, 7) - 21.0 / 36.0).abs() < 1e-12);
        assert!((movement_at_least(2, 2) - 1.0).abs() < 1e-12);
        assert_eq!(movement_at_least(2, 13), 0.0);
        assert!((movement_at_least(1, 4) - 0.5).abs() < 1e-12);
    }
}
