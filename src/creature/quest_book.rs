//! The quest book: the one active quest, with what stall detection needs, and the closed ones.

use serde::{Deserialize, Serialize};

use crate::base::store::Layout;
use crate::doc;

/// Closed quests kept in the book.
pub const CLOSED_CAP: usize = 200;

/// How a quest closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Passed,
    Failed,
}

/// The quest being worked on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Active {
    pub id: String,
    pub issued_tick: u64,
    /// The sleep count when it was issued.
    pub issued_sleep: u64,
    /// The criterion's stat values at the last sleep that saw them move (or at issue).
    pub snapshot: Vec<f64>,
    /// Sleeps in a row that saw no movement.
    pub still_sleeps: u32,
}

/// A quest that closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Closed {
    pub id: String,
    pub issued_tick: u64,
    pub closed_tick: u64,
    /// The sleep count when it closed: the next quest waits for a later sleep.
    pub closed_sleep: u64,
    pub verdict: Verdict,
    pub evidence: String,
}

/// The book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct QuestBook {
    pub active: Option<Active>,
    pub closed: Vec<Closed>,
}

doc!(QuestBook, "wis.quests", 1, Layout::Singleton);

impl QuestBook {
    pub fn passed(&self, id: &str) -> bool {
        self.closed
            .iter()
            .any(|c| c.id == id && c.verdict == Verdict::Passed)
    }

    /// Whether a quest was ever issued (open now, or closed).
    pub fn issued(&self, id: &str) -> bool {
        self.active.as_ref().is_some_and(|a| a.id == id) || self.closed.iter().any(|c| c.id == id)
    }

    /// The sleep count at the last close.
    pub fn last_close_sleep(&self) -> Option<u64> {
        self.closed.last().map(|c| c.closed_sleep)
    }

    /// Records a close, dropping the oldest past the cap.
    pub fn close(&mut self, closed: Closed) {
        self.active = None;
        self.closed.push(closed);
        if self.closed.len() > CLOSED_CAP {
            let excess = self.closed.len() - CLOSED_CAP;
            self.closed.drain(..excess);
        }
    }
}
