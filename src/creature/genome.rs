//! The genome: what a creature is born with, drawn once from a recorded seed.
//!
//! The same seed always gives the same creature: name, morph and temperament. The morph is
//! drawn from its own stream, independent of the temperament (a timid digger or a dogged
//! swimmer is character, not error).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::morph::Morph;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// Temperament: latent traits in [0, 1] that later systems may read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Temperament {
    pub curiosity: f32,
    pub persistence: f32,
    pub boldness: f32,
    pub patience: f32,
}

/// The birth draw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Genome {
    /// The seed everything below was drawn from.
    pub seed: u64,
    /// Whether the seed was given (`--seed`) or drawn at random.
    pub seed_given: bool,
    pub name: String,
    pub morph: Morph,
    pub temperament: Temperament,
    pub born_at: Millis,
}

doc!(Genome, "wis.genome", 1, Layout::Singleton);

const ONSETS: [&str; 14] = [
    "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
];
const VOWELS: [&str; 7] = ["a", "e", "i", "o", "u", "ai", "ou"];
const CODAS: [&str; 6] = ["", "", "n", "r", "l", "sk"];

impl Genome {
    /// Draws a genome from a seed.
    pub fn draw(seed: u64, seed_given: bool, born_at: Millis) -> Genome {
        let mut traits = ChaCha8Rng::seed_from_u64(seed);
        let mut body = ChaCha8Rng::seed_from_u64(seed ^ 0x6d6f_7270_685f_7631);
        let morph = Morph::ALL[body.random_range(0..Morph::ALL.len())];
        let syllables = traits.random_range(2..=3);
        let mut name = String::new();
        for i in 0..syllables {
            name.push_str(ONSETS[traits.random_range(0..ONSETS.len())]);
            name.push_str(VOWELS[traits.random_range(0..VOWELS.len())]);
            if i + 1 == syllables {
                name.push_str(CODAS[traits.random_range(0..CODAS.len())]);
            }
        }
        let mut name_chars = name.chars();
        let name = match name_chars.next() {
            Some(first) => first.to_uppercase().chain(name_chars).collect(),
            None => name,
        };
        let mut trait_value = || (traits.random::<f32>() * 100.0).round() / 100.0;
        let temperament = Temperament {
            curiosity: trait_value(),
            persistence: trait_value(),
            boldness: trait_value(),
            patience: trait_value(),
        };
        Genome {
            seed,
            seed_given,
            name,
            morph,
            temperament,
            born_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_creature() {
        assert_eq!(Genome::draw(7, true, 0), Genome::draw(7, true, 0));
    }

    #[test]
    fn seeds_reach_every_morph() {
        let morphs: std::collections::BTreeSet<_> =
            (0..200).map(|s| Genome::draw(s, true, 0).morph).collect();
        assert_eq!(morphs.len(), Morph::ALL.len());
    }

    #[test]
    fn names_are_pronounceable_words() {
        for s in 0..50 {
            let g = Genome::draw(s, true, 0);
            assert!(
                g.name.len() >= 2 && g.name.chars().all(|c| c.is_ascii_alphabetic()),
                "{}",
                g.name
            );
            assert!(g.name.chars().next().unwrap().is_ascii_uppercase());
        }
    }
}
