//! The curve's documents: one result per arm per run, and the identity of every battery
//! version that has results.
//!
//! `wis.curve_result.v1` is a ring. Its declared cap, [`RESULTS_CAP_MAX`], is the most any
//! store keeps; `[curve] results_cap` (default 1000) trims it further on every push, so the
//! configured cap is what a store really holds and `wis check` still knows a hard bound.
//! `wis.curve_battery.v1` is keyed by battery version and never trimmed: the SHA-256 of a
//! version's first result outlives the ring, so a changed battery is refused even after its
//! oldest results have gone.

use serde::{Deserialize, Serialize};

use super::answer::AnswerKind;
use super::battery::Domain;
use super::compute::Compute;
use crate::base::clock::Millis;
use crate::base::config::ArmMemory;
use crate::base::store::Layout;
use crate::doc;

/// The most curve results any store keeps (the ring's declared cap).
pub const RESULTS_CAP_MAX: u64 = 4096;

/// The creature's age when a run began.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Age {
    pub ticks: u64,
    pub sleeps: u64,
}

/// Which battery a result was scored on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatteryRef {
    /// The file stem: `v1`.
    pub version: String,
    /// SHA-256 of the battery file's bytes.
    pub sha256: String,
}

/// One task's score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskScore {
    pub id: String,
    pub domain: Domain,
    /// From 0 to 1.
    pub score: f64,
    /// Whether the arm answered in text, with a tool call, or with neither.
    pub kind: AnswerKind,
    /// The answer as given (a call as its compact JSON), cut at 500 characters; on a voting
    /// arm, the majority's.
    pub reply: String,
    /// Model calls made for the task (absent: 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub calls: u32,
    /// What the arm was shown remembering, in the order the prompt shows it (absent: nothing,
    /// and in results recorded before it was kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<ShownMemory>,
    /// The index in `shown` of the memory the scored answer came from: the first that holds
    /// what the scorer looks for (absent: the task scored 0, or no memory shown holds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_from: Option<u32>,
}

/// One memory a task's prompt showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownMemory {
    /// Where it comes from: `engram` (a memory, `id` its engram id), `precedent` (a verified
    /// case, `id` its episode), `episode` (raw history, `id` its episode).
    pub source: String,
    pub id: u64,
    /// The memory's kind (`fact`, `procedure`, `guardrail`, …); `episode` for history.
    pub kind: String,
    /// `experienced`, `told` or `inherited`.
    pub provenance: String,
    /// The line as shown, cut at [`SHOWN_CHARS`] characters.
    pub text: String,
}

/// Most characters of a shown memory's text kept in a result.
pub const SHOWN_CHARS: usize = 240;

impl ShownMemory {
    pub fn new(source: &str, id: u64, kind: &str, provenance: &str, text: &str) -> ShownMemory {
        ShownMemory {
            source: source.to_string(),
            id,
            kind: kind.to_string(),
            provenance: provenance.to_string(),
            text: text.chars().take(SHOWN_CHARS).collect(),
        }
    }
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// One arm's run through one battery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurveResult {
    /// When the run began; the arms of one `wis curve run` share it.
    pub run_at: Millis,
    pub battery: BatteryRef,
    pub arm: String,
    /// The model name the arm asked for.
    pub model: String,
    /// The model that answered, as its backend named it (a server's `/props` model path or
    /// its answer's `model` field, the embedded GGUF's file name); absent when the backend did
    /// not say, and in results recorded before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_by: Option<String>,
    /// The server it asked (absent: the embedded model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The mind's own description of itself.
    pub mind: String,
    pub memory: ArmMemory,
    pub age: Age,
    /// The sampler seed every call used (temperature 0, prompt cache off); on a voting arm,
    /// sample `k` used `seed + k`.
    pub seed: u64,
    /// Samples per task, the answer by majority (absent: 1, one greedy call).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub samples: u32,
    /// The temperature of a voting arm's samples (absent: one greedy call).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    pub tasks: Vec<TaskScore>,
    /// The sum of the task scores.
    pub total: f64,
    /// What the arm's calls cost (absent in results recorded before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compute: Option<Compute>,
    pub started_at: Millis,
    pub finished_at: Millis,
}

doc!(
    CurveResult,
    "wis.curve_result",
    1,
    Layout::Ring {
        cap: RESULTS_CAP_MAX
    }
);

impl CurveResult {
    /// The mean task score, from 0 to 1 (the number the curve plots).
    pub fn score(&self) -> f64 {
        if self.tasks.is_empty() {
            0.0
        } else {
            self.total / self.tasks.len() as f64
        }
    }

    /// Model calls the arm made over the battery.
    pub fn calls(&self) -> u64 {
        self.tasks.iter().map(|t| u64::from(t.calls)).sum()
    }

    /// The points scored from a memory of `provenance`, and all points scored: how much of the
    /// arm's score came from, e.g., what it lived (`experienced`).
    pub fn points_from(&self, provenance: &str) -> (f64, f64) {
        let from = self
            .tasks
            .iter()
            .filter(|t| {
                t.answered_from
                    .and_then(|i| t.shown.get(i as usize))
                    .is_some_and(|m| m.provenance == provenance)
            })
            .map(|t| t.score)
            .sum();
        (from, self.total)
    }
}

/// The identity of a battery version, written with its first result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatteryRecord {
    pub version: String,
    pub sha256: String,
    pub tasks: u32,
    /// Where it was read from, for the operator.
    pub path: String,
    pub first_result_at: Millis,
}

doc!(BatteryRecord, "wis.curve_battery", 1, Layout::Keyed);
