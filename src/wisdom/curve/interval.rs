//! Scores with their uncertainty: a percentile bootstrap over the battery's tasks.
//!
//! A battery is a small sample of tasks, so an arm's mean says little without its spread. An
//! arm's interval resamples its task scores with replacement [`RESAMPLES`] times and takes the
//! 2.5th and 97.5th percentiles of the resampled means. Two arms run on the same battery are
//! compared task by task: the paired difference resamples the per-task differences, so a task
//! both arms find easy or hard cancels out. A difference whose interval holds 0 is "no
//! separation": the run cannot tell the arms apart. The draw is seeded (the curve's seed), so
//! the same results give the same intervals.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::result::CurveResult;

/// Bootstrap resamples per interval.
pub const RESAMPLES: usize = 2000;

/// A mean with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// Whether the interval lies wholly above zero.
    pub fn above_zero(&self) -> bool {
        self.low > 0.0
    }

    /// `0.450 [0.273, 0.636]`
    pub fn text(&self) -> String {
        format!("{:.3} [{:.3}, {:.3}]", self.mean, self.low, self.high)
    }
}

/// The 95% percentile-bootstrap interval of the mean of `values` (all zero when empty).
pub fn bootstrap(values: &[f64], seed: u64) -> Interval {
    let n = values.len();
    if n == 0 {
        return Interval {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut means: Vec<f64> = (0..RESAMPLES)
        .map(|_| (0..n).map(|_| values[rng.random_range(0..n)]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((RESAMPLES as f64 - 1.0) * q).round() as usize];
    Interval {
        mean,
        low: at(0.025),
        high: at(0.975),
    }
}

/// An arm's score with its interval.
pub fn of_result(result: &CurveResult) -> Interval {
    let scores: Vec<f64> = result.tasks.iter().map(|t| t.score).collect();
    bootstrap(&scores, result.seed)
}

/// The paired difference `a − b` over the tasks both ran (matched by task id), or `None`
/// when they share no task.
pub fn paired(a: &CurveResult, b: &CurveResult) -> Option<Interval> {
    let diffs: Vec<f64> = a
        .tasks
        .iter()
        .filter_map(|t| {
            let other = b.tasks.iter().find(|u| u.id == t.id)?;
            Some(t.score - other.score)
        })
        .collect();
    (!diffs.is_empty()).then(|| bootstrap(&diffs, a.seed ^ b.seed.rotate_left(17)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_holds_its_mean_and_narrows_with_more_tasks() {
        let few: Vec<f64> = (0..10).map(|i| f64::from(i % 2)).collect();
        let many: Vec<f64> = (0..400).map(|i| f64::from(i % 2)).collect();
        let (a, b) = (bootstrap(&few, 7), bootstrap(&many, 7));
        assert_eq!((a.mean, b.mean), (0.5, 0.5));
        assert!(a.low < 0.5 && a.high > 0.5, "{a:?}");
        assert!(b.high - b.low < (a.high - a.low) / 3.0, "{a:?} {b:?}");
        // Seeded: the same values give the same interval.
        assert_eq!(bootstrap(&few, 7), a);
    }

    #[test]
    fn constant_scores_have_no_spread_and_empty_is_zero() {
        let i = bootstrap(&[1.0; 22], 3);
        assert_eq!((i.low, i.mean, i.high), (1.0, 1.0, 1.0));
        assert_eq!(bootstrap(&[], 3).high, 0.0);
    }

    #[test]
    fn a_clear_gain_is_above_zero_and_a_coin_flip_is_not() {
        let gain: Vec<f64> = (0..22).map(|i| if i < 15 { 1.0 } else { 0.0 }).collect();
        assert!(bootstrap(&gain, 1).above_zero());
        let flip: Vec<f64> = (0..22).map(|i| [1.0, -1.0][i % 2]).collect();
        let i = bootstrap(&flip, 1);
        assert!(i.low < 0.0 && i.high > 0.0, "{i:?}");
    }
}
