//! What a sleep leaves behind: its receipt ([`SleepReceipt`], one per sleep, in a capped ring)
//! and each job's line in it ([`JobReport`]). A leaf: the sleep writes receipts, and recovery
//! and the tick boundary read and make them, without reaching into the sleep itself.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::memory::EngramId;

/// Sleep receipts kept.
pub const RECEIPT_CAP: u64 = 1_000;

/// What one sleep did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SleepReceipt {
    /// The sleep's number (1 for the first).
    pub sleep: u64,
    pub tick: u64,
    pub at: Millis,
    pub pressure_before: f64,
    pub threshold: f64,
    pub jobs: Vec<JobReport>,
    /// One line for the dream log, when a dream was made.
    #[serde(default)]
    pub dream: Option<String>,
}

doc!(
    SleepReceipt,
    "wis.sleep_receipt",
    1,
    Layout::Ring { cap: RECEIPT_CAP }
);

impl SleepReceipt {
    /// One line for people.
    pub fn line(&self) -> String {
        let jobs = if self.jobs.is_empty() {
            String::new()
        } else {
            format!(
                "; {}",
                self.jobs
                    .iter()
                    .map(|j| format!("{}: {}", j.job, j.summary))
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        };
        format!(
            "sleep {}: pressure {:.0}/{:.0} reset{jobs}",
            self.sleep, self.pressure_before, self.threshold
        )
    }
}

/// One job's account of itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobReport {
    pub job: String,
    pub summary: String,
    /// The memories it changed, by id (`e12`), when it changed any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub memories: Vec<String>,
}

/// Most memories one receipt line names; the rest are counted.
pub const NAMED_MAX: usize = 50;

/// How a receipt line names a merge: `merged e3 into e1` (the source, then its survivor).
pub fn merged(source: EngramId, survivor: EngramId) -> String {
    format!("merged {source} into {survivor}")
}

impl JobReport {
    pub fn new(job: &str, summary: impl Into<String>) -> JobReport {
        JobReport {
            job: job.to_string(),
            summary: summary.into(),
            memories: Vec::new(),
        }
    }

    /// Names the memories it changed: the first [`NAMED_MAX`], then how many more.
    pub fn naming(mut self, mut memories: Vec<String>) -> JobReport {
        if memories.len() > NAMED_MAX {
            let more = memories.len() - NAMED_MAX;
            memories.truncate(NAMED_MAX);
            memories.push(format!("and {more} more"));
        }
        self.memories = memories;
        self
    }
}
