//! Dice: the red movement d6 and the combat die (3 skulls, 2 white shields, 1 black shield).

use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    Skull,
    WhiteShield,
    BlackShield,
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
        }
    }
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
            c[f as usize] += 1;
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
