//! Dice: the red movement d6 and the combat die (3 skulls, 2 white shields, 1 black shield).
//! A rolled die in an event is a `Face`: a combat die's face, or a plain d6's pips (the
//! referee dice pool's attacks).

use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    Skull,
    WhiteShield,
    BlackShield,
    /// A d6 showing this many pips (1 to 6).
    Pip(u8),
}

impl Face {
    /// Maps a uniform 0..6 roll onto the die's faces.
    pub fn from_index(i: u8) -> Face {
        match i {
            0..=2 => Face::Skull,
            3 | 4 => Face::WhiteShield,
            _ => Face::BlackShield,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Face::Skull => "skull",
            Face::WhiteShield => "white shield",
            Face::BlackShield => "black shield",
            Face::Pip(_) => "d6",
        }
    }

    /// The pips of a d6 (None for a combat die's face).
    pub fn pips(self) -> Option<u8> {
        match self {
            Face::Pip(n) => Some(n),
            _ => None,
        }
    }
}

/// The pips of each d6 in a roll (combat faces are left out).
pub fn pips(faces: &[Face]) -> Vec<u8> {
    faces.iter().filter_map(|f| f.pips()).collect()
}

/// Was this attack rolled as d6 pools (the referee dice pool) rather than combat dice?
pub fn rolled_pools(attack: &[Face], defend: &[Face]) -> bool {
    attack.iter().chain(defend).any(|f| f.pips().is_some())
}

/// `n` plain d6, as faces.
pub fn roll_pool(rng: &mut impl Rng, n: u8) -> Vec<Face> {
    (0..n).map(|_| Face::Pip(roll_d6(rng))).collect()
}

pub fn roll_combat(rng: &mut impl Rng, n: u8) -> Vec<Face> {
    (0..n).map(|_| Face::from_index(rng.random_range(0..6u8))).collect()
}

pub fn roll_d6(rng: &mut impl Rng) -> u8 {
    rng.random_range(1..=6u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn combat_die_face_frequencies() {
        let counts = (0..6).map(Face::from_index).fold([0; 3], |mut c, f| {
            c[match f {
                Face::Skull => 0,
                Face::WhiteShield => 1,
                _ => 2,
            }] += 1;
            c
        });
        assert_eq!(counts, [3, 2, 1]);
    }

    #[test]
    fn seeded_rolls_repeat_and_stay_in_range() {
        let mut a = ChaCha8Rng::seed_from_u64(9);
        let mut b = ChaCha8Rng::seed_from_u64(9);
        let ra: Vec<u8> = (0..500).map(|_| roll_d6(&mut a)).collect();
        let rb: Vec<u8> = (0..500).map(|_| roll_d6(&mut b)).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&v| (1..=6).contains(&v)));
        for v in 1..=6 {
            assert!(ra.contains(&v), "face {v} never rolled in 500 throws");
        }
        let skulls = (0..3)
            .flat_map(|_| roll_combat(&mut a, 200))
            .collect::<Vec<_>>()
            .iter()
            .filter(|f| **f == Face::Skull)
            .count();
        assert!((240..360).contains(&skulls), "{skulls} skulls in 600 dice");
    }
}
