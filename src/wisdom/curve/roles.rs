//! The seed's three lines and its readout: the small model with lived memory (wise-small),
//! the same model without (naive-small), and a larger model without (naive-large), and whether
//! the first has reached the third.
//!
//! Roles are read from what each result records, never from its name, so old results and any
//! naming work alike. The small model is the model (server URL and model name) of the first
//! arm with live memory among the results of one age. Then:
//!
//! - **wise**: an arm with live memory on the small model;
//! - **naive small**: an arm without memory, one sample, on the small model (the baseline of
//!   the compute ratios, [`super::compute`]);
//! - **naive large**: an arm without memory, one sample, on another model. wis cannot know
//!   which model is larger: an arm of this shape is the one the operator put there to be
//!   reached (name it `naive-large`).
//!
//! Raw-memory arms, voting arms and live arms on another model have no role and are drawn as
//! any arm. Without a naive large arm there is no readout, and nothing is wrong.
//!
//! **Crossed at age N**: over the ages at which both the wise and the large arm have a result,
//! oldest first, N is the first age at which the wise arm's mean score is at least the large
//! arm's, after an age at which it was below. A wise arm that was never below (the large model
//! does not beat the small one on this battery) has no crossing to show, and one that has not
//! come back up after being below has not crossed. The crossing is read from the means; the
//! paired difference over the tasks (wise − large, with its 95% interval) says how sure: wholly
//! above 0, the wise arm beats the large one; holding 0, the two cannot be told apart on this
//! battery; wholly below 0, the large arm is ahead.

use serde::Serialize;

use super::interval::{Interval, paired};
use super::result::{Age, CurveResult};
use crate::base::config::ArmMemory;

/// An arm's part in the seed's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Role {
    #[serde(rename = "wise-small")]
    Wise,
    #[serde(rename = "naive-small")]
    NaiveSmall,
    #[serde(rename = "naive-large")]
    NaiveLarge,
}

impl Role {
    /// The name the seed gives the line.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Wise => "wise-small",
            Role::NaiveSmall => "naive-small",
            Role::NaiveLarge => "naive-large",
        }
    }
}

fn same_model(a: &CurveResult, b: &CurveResult) -> bool {
    a.url == b.url && a.model == b.model
}

/// The role of each result among `results` (the arms of one run, or of one age), in order.
pub fn roles(results: &[&CurveResult]) -> Vec<Option<Role>> {
    let small = results.iter().find(|r| r.memory == ArmMemory::Live);
    results
        .iter()
        .map(|r| {
            let small = small?;
            let on_small = same_model(r, small);
            match r.memory {
                ArmMemory::Live if on_small => Some(Role::Wise),
                ArmMemory::None if r.samples == 1 && on_small => Some(Role::NaiveSmall),
                ArmMemory::None if r.samples == 1 => Some(Role::NaiveLarge),
                _ => None,
            }
        })
        .collect()
}

/// The naive small arm among `results`: what every arm's compute is compared with.
pub fn baseline<'a>(results: &[&'a CurveResult]) -> Option<&'a CurveResult> {
    let roles = roles(results);
    results
        .iter()
        .zip(roles)
        .find(|(_, role)| *role == Some(Role::NaiveSmall))
        .map(|(r, _)| *r)
}

/// The wise arm against a naive large arm at one age.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Versus {
    pub wise: String,
    pub large: String,
    pub wise_score: f64,
    pub large_score: f64,
    /// The paired difference wise − large over the tasks, with its 95% interval.
    pub diff: Interval,
}

impl Versus {
    /// `wise-small − naive-large: 0.125 [-0.250, 0.500] (no separation: the interval holds 0)`
    pub fn line(&self) -> String {
        let reading = if self.diff.above_zero() {
            ""
        } else if self.diff.high < 0.0 {
            " (the large arm is ahead)"
        } else {
            " (no separation: the interval holds 0)"
        };
        format!(
            "{} − {}: {}{reading}",
            self.wise,
            self.large,
            self.diff.text()
        )
    }
}

/// Each wise arm against each naive large arm among `results` (one age's).
pub fn versus(results: &[&CurveResult]) -> Vec<Versus> {
    let roles = roles(results);
    let of = |role: Role| {
        results
            .iter()
            .zip(&roles)
            .filter(move |(_, r)| **r == Some(role))
            .map(|(x, _)| *x)
    };
    let mut out = Vec::new();
    for wise in of(Role::Wise) {
        for large in of(Role::NaiveLarge) {
            if let Some(diff) = paired(wise, large) {
                out.push(Versus {
                    wise: wise.arm.clone(),
                    large: large.arm.clone(),
                    wise_score: wise.score(),
                    large_score: large.score(),
                    diff,
                });
            }
        }
    }
    out
}

/// Whether the wise arm has reached the large one (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Crossing {
    /// First at least as good at `age`, after an age below; the paired difference there.
    Crossed { age: Age, diff: Interval },
    /// At least as good from the first age both were measured: nothing to cross.
    NeverBelow { age: Age },
    /// No age at least as good after an age below (and below at some age).
    NotYet,
}

/// The seed's readout for one pair of arms over the ages.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Readout {
    /// At the newest age both were measured.
    pub newest: Age,
    pub versus: Versus,
    pub crossing: Crossing,
    /// Ages at which both were measured.
    pub ages: usize,
}

impl Readout {
    /// The readout in one line: `at 300 ticks: wise-small − naive-large: 0.125 [-0.250,
    /// 0.500]; crossed at 200 ticks` (or `never below`, `not crossed`).
    pub fn short(&self) -> String {
        let crossing = match &self.crossing {
            Crossing::Crossed { age, .. } => format!("crossed at {} ticks", age.ticks),
            Crossing::NeverBelow { .. } => "never below".to_string(),
            Crossing::NotYet => "not crossed".to_string(),
        };
        format!(
            "at {} ticks: {} − {}: {}; {crossing}",
            self.newest.ticks,
            self.versus.wise,
            self.versus.large,
            self.versus.diff.text()
        )
    }

    /// The readout as lines: the paired difference at the newest age, then the crossing.
    pub fn lines(&self) -> [String; 2] {
        let v = &self.versus;
        let crossing = match &self.crossing {
            Crossing::Crossed { age, diff } => format!(
                "{} crossed {} at age {} ticks: the first age its score reached the large arm's \
                 after being below (paired there {})",
                v.wise,
                v.large,
                age.ticks,
                diff.text()
            ),
            Crossing::NeverBelow { age } => format!(
                "{} never crossed {}: it was never below it (from age {} ticks), so there is no \
                 crossing to show",
                v.wise, v.large, age.ticks
            ),
            Crossing::NotYet => format!(
                "{} has not crossed {}: its score has not reached the large arm's after being \
                 below it ({} measured)",
                v.wise,
                v.large,
                match self.ages {
                    1 => "1 age".to_string(),
                    n => format!("{n} ages"),
                }
            ),
        };
        [
            format!("at {} ticks: {}", self.newest.ticks, v.line()),
            crossing,
        ]
    }
}

/// The readouts over ages, oldest first: each age's [`versus`] list.
pub fn readouts(ages: &[(Age, Vec<Versus>)]) -> Vec<Readout> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (_, vs) in ages {
        for v in vs {
            let pair = (v.wise.clone(), v.large.clone());
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs
        .into_iter()
        .filter_map(|(wise, large)| {
            let series: Vec<(Age, &Versus)> = ages
                .iter()
                .filter_map(|(age, vs)| {
                    vs.iter()
                        .find(|v| v.wise == wise && v.large == large)
                        .map(|v| (*age, v))
                })
                .collect();
            let (newest, last) = *series.last()?;
            Some(Readout {
                newest,
                versus: last.clone(),
                crossing: crossing(&series),
                ages: series.len(),
            })
        })
        .collect()
}

/// Scores this close are equal (means of a few task scores).
const EPSILON: f64 = 1e-9;

fn reached(v: &Versus) -> bool {
    v.wise_score + EPSILON >= v.large_score
}

/// The first age at least as good after an age below; else never below, or not yet.
fn crossing(series: &[(Age, &Versus)]) -> Crossing {
    let mut below = false;
    for (age, v) in series {
        if !reached(v) {
            below = true;
        } else if below {
            return Crossing::Crossed {
                age: *age,
                diff: v.diff,
            };
        }
    }
    match series.first() {
        Some((age, _)) if !below => Crossing::NeverBelow { age: *age },
        _ => Crossing::NotYet,
    }
}

#[cfg(test)]
#[path = "roles_tests.rs"]
mod tests;
