//! The draw: which replayable failures one replay puts to the model.
//!
//! A weighted draw without replacement (each item keyed `u^(1/w)` with `u` from a seeded
//! SplitMix64, the largest keys taken), so the same material, seed and history always draw the
//! same episodes, and the seed is recorded with the report. The weight favours recent failures
//! (1 to 4 by age rank), well-verified fixes (1 to 4 by the fix's successes in its situation)
//! and failures never replayed before (4, against 1).

use std::collections::BTreeSet;

use super::material::Material;

/// Weight of an item never replayed, against 1 for one replayed before.
pub const NEVER_REPLAYED: f64 = 4.0;

/// A seeded SplitMix64: small, fast, and the same on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    pub fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }
}

/// The weight of the item at `rank` (0 oldest) of `n`.
pub fn weight(m: &Material, rank: usize, n: usize, replayed: &BTreeSet<u64>) -> f64 {
    let recency = if n > 1 {
        1.0 + 3.0 * rank as f64 / (n - 1) as f64
    } else {
        1.0
    };
    let strength = 1.0 + f64::from(m.fix_successes.min(9)) / 3.0;
    let novelty = if replayed.contains(&m.tick) {
        1.0
    } else {
        NEVER_REPLAYED
    };
    recency * strength * novelty
}

/// Draws up to `k` of `material` (oldest first), favouring as above; `replayed` holds the
/// ticks of failures replayed before. The drawn items come back in draw order.
pub fn draw(material: &[Material], k: usize, seed: u64, replayed: &BTreeSet<u64>) -> Vec<usize> {
    let mut rng = Rng::new(seed);
    let n = material.len();
    let mut keyed: Vec<(f64, usize)> = material
        .iter()
        .enumerate()
        .map(|(i, m)| (rng.unit().powf(1.0 / weight(m, i, n, replayed)), i))
        .collect();
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    keyed.into_iter().take(k).map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wisdom::replay::material::Ground;

    fn material(n: u64) -> Vec<Material> {
        (0..n)
            .map(|i| Material {
                ground: Ground::Fix,
                seq: i,
                tick: i + 1,
                situation: format!("s{i}"),
                failed: "bash a".into(),
                fix: "bash b".into(),
                fix_tick: i + 2,
                fix_successes: 1,
            })
            .collect()
    }

    #[test]
    fn the_same_seed_draws_the_same_and_another_seed_differs() {
        let m = material(50);
        let none = BTreeSet::new();
        let a = draw(&m, 4, 7, &none);
        assert_eq!(a, draw(&m, 4, 7, &none));
        assert_eq!(a.len(), 4);
        assert_ne!(a, draw(&m, 4, 8, &none));
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 4);
        assert_eq!(draw(&m, 10, 1, &none).len(), 10);
        assert_eq!(draw(&m[..2], 10, 1, &none).len(), 2);
    }

    #[test]
    fn recent_and_never_replayed_are_drawn_more_often() {
        let m = material(20);
        let mut recent = 0;
        let mut fresh = 0;
        let replayed: BTreeSet<u64> = (11..=20).collect();
        for seed in 0..400 {
            let first = draw(&m, 1, seed, &BTreeSet::new())[0];
            recent += usize::from(first >= 10);
            let first = draw(&m, 1, seed, &replayed)[0];
            fresh += usize::from(!replayed.contains(&m[first].tick));
        }
        assert!(recent > 240, "recent drawn {recent} of 400");
        assert!(fresh > 240, "never replayed drawn {fresh} of 400");
    }
}
