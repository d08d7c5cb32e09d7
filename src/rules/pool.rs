//! The referee dice pool (referee-dice-pool.md, Attack; checklists §1.4 rows 12–18): a monster's
//! attack on a hero rolls d6 pools. Equal values cancel one for one across the two pools; the
//! defender's highest die left is the target; each attacker die left at or above it deals one
//! damage; with no defender die left, every attacker die left deals one.
//!
//! Exact odds are kept as tables of integer counts out of 6^(attack+defend) rolls, computed over
//! the counts of each face (a roll's outcome depends only on them), so they can be checked
//! against a brute-force enumeration of every roll.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What a pool attack came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolOutcome {
    /// For each attacker die (in the order rolled): cancelled by an equal defender die.
    pub attack_cancelled: Vec<bool>,
    /// For each defender die: cancelled by an equal attacker die.
    pub defend_cancelled: Vec<bool>,
    /// The defender's highest die left (the target), if any is left.
    pub target: Option<u8>,
    /// Attacker dice left at or above the target (all of them, with no target).
    pub damage: u8,
}

/// Resolves one pool attack: `attack` and `defend` are d6 values as rolled.
pub fn resolve(attack: &[u8], defend: &[u8]) -> PoolOutcome {
    let mut attack_cancelled = vec![false; attack.len()];
    let mut defend_cancelled = vec![false; defend.len()];
    // Rule 13: equal values cancel one for one across the pools.
    for (i, a) in attack.iter().enumerate() {
        if let Some(j) = (0..defend.len()).find(|&j| !defend_cancelled[j] && defend[j] == *a) {
            attack_cancelled[i] = true;
            defend_cancelled[j] = true;
        }
    }
    // Rule 14: the defender's highest remaining die.
    let target = defend
        .iter()
        .zip(&defend_cancelled)
        .filter(|(_, c)| !**c)
        .map(|(d, _)| *d)
        .max();
    // Rules 15–17.
    let damage = attack
        .iter()
        .zip(&attack_cancelled)
        .filter(|(a, c)| !**c && target.is_none_or(|t| **a >= t))
        .count() as u8;
    PoolOutcome {
        attack_cancelled,
        defend_cancelled,
        target,
        damage,
    }
}

/// Damage from face counts (`a[v]`, `d[v]`: dice showing v + 1).
fn damage_of_counts(a: &[u8; 6], d: &[u8; 6]) -> u8 {
    let mut left_a = [0u8; 6];
    let mut target = None;
    for v in 0..6 {
        let c = a[v].min(d[v]);
        left_a[v] = a[v] - c;
        if d[v] > c {
            target = Some(v);
        }
    }
    match target {
        None => left_a.iter().sum(),
        Some(t) => left_a[t..].iter().sum(),
    }
}

/// Every way to split `n` dice among six faces, with the number of ordered rolls giving it.
fn face_counts(n: u8) -> Vec<([u8; 6], u64)> {
    let mut out = Vec::new();
    let mut counts = [0u8; 6];
    fn go(face: usize, left: u8, counts: &mut [u8; 6], out: &mut Vec<([u8; 6], u64)>, n: u8) {
        if face == 5 {
            counts[5] = left;
            // Multinomial n! / prod(c!).
            let mut ways = factorial(n);
            for c in counts.iter() {
                ways /= factorial(*c);
            }
            out.push((*counts, ways));
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            go(face + 1, left - c, counts, out, n);
        }
    }
    go(0, n, &mut counts, &mut out, n);
    out
}

fn factorial(n: u8) -> u64 {
    (1..=n as u64).product()
}

/// The most dice either pool may have in the tables (more are clamped).
pub const MAX_DICE: u8 = 10;

/// Exact damage counts: `counts[k]` of the `6^(attack+defend)` rolls deal `k` damage.
pub fn damage_counts(attack: u8, defend: u8) -> Vec<u64> {
    let (attack, defend) = (attack.min(MAX_DICE), defend.min(MAX_DICE));
    let mut counts = vec![0u64; attack as usize + 1];
    let da = face_counts(defend);
    for (a, wa) in face_counts(attack) {
        for (d, wd) in &da {
            counts[damage_of_counts(&a, d) as usize] += wa * wd;
        }
    }
    counts
}

/// P(damage = k) for k = 0..=attack (dice clamped to `MAX_DICE`), computed once per pair.
pub fn damage_probabilities(attack: u8, defend: u8) -> &'static [f64] {
    static T: OnceLock<Mutex<HashMap<(u8, u8), &'static [f64]>>> = OnceLock::new();
    let key = (attack.min(MAX_DICE), defend.min(MAX_DICE));
    let mut t = T
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    t.entry(key).or_insert_with(|| {
        let counts = damage_counts(key.0, key.1);
        let total = 6f64.powi(key.0 as i32 + key.1 as i32);
        Box::leak(
            counts
                .iter()
                .map(|c| *c as f64 / total)
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// referee-dice-pool.md, Attack: "An orc attacks the wizard ... 5,3,2 ... 5,3 ... takes one
    /// damage." (checklists §1.4 row 18)
    #[test]
    fn the_rulebooks_worked_example() {
        let o = resolve(&[5, 3, 2], &[5, 3]);
        assert_eq!(o.attack_cancelled, vec![true, true, false]);
        assert_eq!(o.defend_cancelled, vec![true, true]);
        assert_eq!(o.target, None);
        assert_eq!(o.damage, 1);
    }

    #[test]
    fn the_target_is_the_defenders_highest_die_left() {
        // 6,4,1 against 4,3: the 4s cancel, the target is 3, only the 6 reaches it.
        let o = resolve(&[6, 4, 1], &[4, 3]);
        assert_eq!(o.target, Some(3));
        assert_eq!(o.damage, 1);
        // Duplicates within one pool do not cancel each other (row 13): 2,2 against 2 leaves a 2.
        let o = resolve(&[2, 2], &[2]);
        assert_eq!((o.target, o.damage), (None, 1));
        // Nothing reaches a 6.
        assert_eq!(resolve(&[5, 5, 4], &[6]).damage, 0);
        // No defender dice at all: every attacker die wounds.
        assert_eq!(resolve(&[1, 1], &[]).damage, 2);
    }

    /// Every roll of the dice, through `resolve`.
    fn brute_force(attack: u8, defend: u8) -> Vec<u64> {
        let n = (attack + defend) as u32;
        let mut counts = vec![0u64; attack as usize + 1];
        for code in 0..6u64.pow(n) {
            let mut c = code;
            let mut dice = Vec::with_capacity(n as usize);
            for _ in 0..n {
                dice.push((c % 6) as u8 + 1);
                c /= 6;
            }
            let (a, d) = dice.split_at(attack as usize);
            counts[resolve(a, d).damage as usize] += 1;
        }
        counts
    }

    #[test]
    fn tables_match_brute_force_enumeration() {
        for a in 0..=5u8 {
            for d in 0..=(7 - a).min(4) {
                let exact = damage_counts(a, d);
                assert_eq!(exact, brute_force(a, d), "{a} against {d}");
                let table = damage_probabilities(a, d);
                let total = 6f64.powi((a + d) as i32);
                for (k, p) in table.iter().enumerate() {
                    assert!((p - exact[k] as f64 / total).abs() < 1e-12);
                }
            }
        }
        // Large pools still sum to one.
        let p: f64 = damage_probabilities(8, 6).iter().sum();
        assert!((p - 1.0).abs() < 1e-9);
    }
}
