//! Replay history: one record per replay (`wis.replay.v1`), in a capped ring (WIS8).
//!
//! A record is the report of one replay: its counts `{learned, unlearned, divergent,
//! malformed, skipped}`, the recorded draw (seed and the episodes drawn, each with its
//! verdict), the guardrails flagged for re-distillation, and, for a replay that did not run,
//! why. The learned rate of a record is learned over the answers scored; across sleeps it is
//! the number that says whether the creature wakes up smarter, drawn by [`svg`].

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::material::Ground;
use super::score::Verdict;
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read};
use crate::doc;
use crate::memory::EngramId;
use crate::wisdom::curve::svg;

/// Replay records kept.
pub const REPLAY_CAP: u64 = 1_000;

/// One replayed episode and how its answer scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replayed {
    /// A failure and its fix (left out), or a prediction.
    #[serde(default, skip_serializing_if = "Ground::is_fix")]
    pub ground: Ground,
    /// The failed episode's tick.
    pub episode: u64,
    pub situation: String,
    pub failed: String,
    pub fix: String,
    pub verdict: Verdict,
    /// The signature the answer acted with.
    pub acted: Option<String>,
    /// Why the answer was no action.
    pub malformed: Option<String>,
    /// The items the replayed prompt showed (`e12`, or `situation#signature`).
    pub shown: Vec<String>,
}

/// A drawn episode that was not put to the model, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skip {
    pub episode: u64,
    pub why: String,
}

/// One replay's report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplayRecord {
    pub at: Millis,
    /// The last tick lived when it ran.
    pub tick: u64,
    /// The sleep it ran in (`None`: `wis replay` on its own).
    pub sleep: Option<u64>,
    pub seed: u64,
    pub batch: u32,
    /// Replayable failures in the ledger when it ran.
    pub replayable: u64,
    pub learned: u32,
    pub unlearned: u32,
    pub divergent: u32,
    pub malformed: u32,
    pub skipped: u32,
    /// Why nothing at all was replayed (no model answered, nothing replayable).
    pub skipped_why: Option<String>,
    pub items: Vec<Replayed>,
    pub skips: Vec<Skip>,
    /// Guardrails shown into an unlearned answer: to be distilled again.
    pub redistill: Vec<EngramId>,
}

doc!(
    ReplayRecord,
    "wis.replay",
    1,
    Layout::Ring { cap: REPLAY_CAP }
);

impl ReplayRecord {
    /// Answers scored (malformed ones included).
    pub fn answered(&self) -> u32 {
        self.learned + self.unlearned + self.divergent + self.malformed
    }

    /// Learned over answered; `None` when nothing was answered.
    pub fn learned_rate(&self) -> Option<f64> {
        let n = self.answered();
        (n > 0).then(|| f64::from(self.learned) / f64::from(n))
    }

    /// Counts a verdict.
    pub fn count(&mut self, v: Verdict) {
        let c = match v {
            Verdict::Learned => &mut self.learned,
            Verdict::Unlearned => &mut self.unlearned,
            Verdict::Divergent => &mut self.divergent,
            Verdict::Malformed => &mut self.malformed,
        };
        *c += 1;
    }

    /// One line for people (and the sleep receipt).
    pub fn line(&self) -> String {
        if let Some(why) = &self.skipped_why {
            return format!("skipped ({why})");
        }
        let rate = self
            .learned_rate()
            .map(|r| format!(", learned rate {:.2}", r))
            .unwrap_or_default();
        format!(
            "{} learned, {} unlearned, {} divergent, {} malformed, {} skipped{rate}",
            self.learned, self.unlearned, self.divergent, self.malformed, self.skipped
        )
    }
}

/// Every record, oldest first.
pub fn records(rx: &impl Read) -> Result<Vec<ReplayRecord>> {
    Ok(rx
        .ring::<ReplayRecord>(None)?
        .into_iter()
        .map(|(_, r)| r)
        .collect())
}

/// Model calls answered by the replays recorded at or after `since` (one per scored answer):
/// what replay's daily reserve has spent.
pub fn calls_since(records: &[ReplayRecord], since: Millis) -> u64 {
    records
        .iter()
        .filter(|r| r.at >= since)
        .map(|r| r.items.len() as u64)
        .sum()
}

/// The ticks of every failure replayed before (as far as the history reaches).
pub fn replayed(records: &[ReplayRecord]) -> BTreeSet<u64> {
    records
        .iter()
        .flat_map(|r| r.items.iter().map(|i| i.episode))
        .collect()
}

/// The learned rate per replay as an SVG: rate against the creature's age in ticks, one line
/// for sleeps' replays and one for replays run on their own.
pub fn plot(records: &[ReplayRecord]) -> String {
    let points = |in_sleep: bool| -> Vec<(u64, f64)> {
        records
            .iter()
            .filter(|r| r.sleep.is_some() == in_sleep)
            .filter_map(|r| r.learned_rate().map(|rate| (r.tick, rate)))
            .collect()
    };
    let series = vec![("in sleep", points(true)), ("wis replay", points(false))];
    svg::plot(
        &series,
        &svg::Labels {
            title: "Counterfactual replay: learned rate",
            x: "creature age (ticks)",
            y: "learned rate (of answers)",
        },
    )
}
