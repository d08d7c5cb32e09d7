//! The computer players' own noise, apart from the dice stream.

/// A deterministic 64-bit mix (SplitMix64): the bots' and the easy sorcerer's own noise, drawn
/// from the game's AI seed and the situation, never from the dice stream.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
