//! What a run did, as the operator reads it: one row per arm (score, interval, points, and
//! its compute: calls, prompt tokens read, tokens generated, and its ratio to the naive small
//! arm's), memory's paired gains on the same model, and the seed's readout (the wise arm
//! against a naive larger one, and whether it has crossed, [`super::roles`]); and the gates a
//! pipeline sets on them (`--min-gain`, `--min-score`).

use serde::Serialize;

use super::compute::ratio_cell;
use super::interval::{Interval, of_result, paired};
use super::result::{Age, CurveResult};
use super::roles::{Readout, baseline};
use crate::base::clock::Millis;
use crate::base::config::ArmMemory;
use crate::base::exit::{Error, Result};

/// What a run did.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    pub run_at: Millis,
    pub age: Age,
    /// One per finished arm, in running order.
    pub results: Vec<CurveResult>,
    /// The seed's readout over this battery's whole history, this run's results included
    /// (none without a wise and a naive large arm).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub readouts: Vec<Readout>,
}

impl RunReport {
    /// The header of [`RunReport::rows`].
    pub const HEADER: [&'static str; 10] = [
        "arm",
        "model",
        "memory",
        "score",
        "95% interval",
        "points",
        "calls",
        "prompt tokens",
        "generated",
        "× naive-small",
    ];

    /// One row per finished arm: name, model, memory, mean score, its interval, points of the
    /// total, the model calls it made, the prompt tokens its model read and the tokens it
    /// generated, and those tokens over the naive small arm's.
    pub fn rows(&self) -> Vec<Vec<String>> {
        let refs: Vec<&CurveResult> = self.results.iter().collect();
        let base = baseline(&refs).and_then(|b| b.compute);
        self.results
            .iter()
            .map(|r| {
                let memory = match r.memory {
                    ArmMemory::None => "none",
                    ArmMemory::Live => "live",
                    ArmMemory::Raw => "raw",
                };
                let i = of_result(r);
                let [prompt, generated] = match &r.compute {
                    Some(c) => c.cells(),
                    None => ["-".into(), "-".into()],
                };
                let ratio = match (&r.compute, &base) {
                    (Some(c), Some(b)) => c.ratio_to(b),
                    _ => None,
                };
                vec![
                    r.arm.clone(),
                    r.model.clone(),
                    memory.to_string(),
                    format!("{:.3}", r.score()),
                    format!("[{:.3}, {:.3}]", i.low, i.high),
                    format!("{:.2} / {}", r.total, r.tasks.len()),
                    r.calls().to_string(),
                    prompt,
                    generated,
                    ratio_cell(ratio),
                ]
            })
            .collect()
    }

    /// What memory bought: each arm with live memory against the arm without memory that
    /// asks the same model at the same place, as a paired difference over the tasks.
    pub fn gains(&self) -> Vec<Gain> {
        gains(&self.results)
    }

    /// The seed's readout as lines (two per pair of arms).
    pub fn readout_lines(&self) -> Vec<String> {
        self.readouts.iter().flat_map(Readout::lines).collect()
    }

    /// `--min-gain`: exit 1 unless memory's gain over the same model without it is at least
    /// `min` with an interval wholly above zero.
    pub fn check_min_gain(&self, min: f64) -> Result<()> {
        let gains = self.gains();
        if gains.is_empty() {
            return Err(Error::usage(
                "--min-gain needs an arm with memory = \"live\" and one with memory = \"none\" \
                 on the same model in this run",
            )
            .hint("run every arm (no --arm), with [curve.arms] holding such a pair"));
        }
        for g in &gains {
            if g.diff.mean < min || !g.diff.above_zero() {
                return Err(Error::failed(format!(
                    "{} − {} = {}: {}",
                    g.wise,
                    g.naive,
                    g.diff.text(),
                    if g.diff.above_zero() {
                        format!("below --min-gain {min}")
                    } else {
                        "no separation (the interval holds 0)".to_string()
                    }
                )));
            }
        }
        Ok(())
    }

    /// `--min-score`: exit 1 when `arm` scored below `min` (a mean task score, 0 to 1).
    pub fn check_min_score(&self, arm: &str, min: f64) -> Result<()> {
        if !(0.0..=1.0).contains(&min) {
            return Err(Error::usage(format!(
                "--min-score {min} is not between 0 and 1 (a mean task score)"
            )));
        }
        let Some(result) = self.results.iter().find(|r| r.arm == arm) else {
            return Err(Error::usage(format!("arm {arm:?} did not run in this run"))
                .hint("--min-score goes with --arm NAME"));
        };
        if result.score() < min {
            return Err(Error::failed(format!(
                "arm {arm} scored {:.3} on battery {}, below --min-score {min}",
                result.score(),
                result.battery.version
            )));
        }
        Ok(())
    }
}

/// Memory's gain on one model: the paired difference of the arm with memory over the arm
/// without.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Gain {
    pub wise: String,
    pub naive: String,
    pub diff: Interval,
    /// Whether the interval excludes 0.
    pub separated: bool,
}

impl Gain {
    /// `gain wise-small − naive-small: 0.318 [0.136, 0.500]` or `… no separation`.
    pub fn line(&self) -> String {
        format!(
            "gain {} − {}: {}{}",
            self.wise,
            self.naive,
            self.diff.text(),
            if self.separated {
                ""
            } else {
                " (no separation: the interval holds 0)"
            }
        )
    }
}

/// What memory bought among `results` (arms of one run, or of one age): each arm with live
/// memory against the arm without memory that asks the same model at the same place with the
/// same samples, as a paired difference over the tasks.
pub fn gains(results: &[CurveResult]) -> Vec<Gain> {
    let mut gains = Vec::new();
    for wise in results.iter().filter(|r| r.memory == ArmMemory::Live) {
        let naive = results.iter().find(|r| {
            r.memory == ArmMemory::None
                && r.model == wise.model
                && r.url == wise.url
                && r.samples == wise.samples
        });
        if let Some(naive) = naive
            && let Some(diff) = paired(wise, naive)
        {
            gains.push(Gain {
                wise: wise.arm.clone(),
                naive: naive.arm.clone(),
                separated: diff.above_zero() || diff.high < 0.0,
                diff,
            });
        }
    }
    gains
}
