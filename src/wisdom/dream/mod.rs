//! Dreams: a resonance cluster compressed into one line, kept only when it compresses
//! (design §3.3). Sleep's associative work ends here: [`draw`] picks a cluster large and
//! useful enough that no dream covers yet and writes the prompt; one grammar-constrained model
//! call answers it with the store closed; [`check`] judges the line mechanically (shorter than
//! its members together, alike each member, not a second copy of a kept dream); a line that
//! passes becomes a `dream` engram whose sources name every member.
//!
//! Two documents keep the record: the sleep cycle (`wis.sleep_cycle`, one document: the active
//! dream themes, when the last dream was made and the last sleep's memory work in one line),
//! and the dream log (`wis.dream`, a capped ring of every line asked for, kept or not, with
//! its verdict).

pub mod check;
pub mod draw;

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::memory::EngramId;

pub use check::{Verdict, judge};
pub use draw::{Draft, draw, read_reply, schema};

/// Least members a cluster needs to be dreamt.
pub const DREAM_MIN_MEMBERS: usize = 3;
/// Most members one dream is made from (the strongest of its cluster).
pub const DREAM_MEMBERS_MAX: usize = 8;
/// Least mean strength of the members: curation has turned their utility into strength, so
/// a cluster curation let decay is not worth a dream.
pub const DREAM_MIN_STRENGTH: f32 = 0.5;
/// Most characters of a dream.
pub const DREAM_MAX_CHARS: usize = 200;
/// Active themes the sleep cycle keeps, and dream log lines kept.
pub const THEMES_CAP: usize = 16;
pub const LOG_CAP: u64 = 256;

/// One dream theme: a kept dream and the members it compressed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Theme {
    pub dream: EngramId,
    pub line: String,
    pub members: Vec<EngramId>,
    pub sleep: u64,
}

/// The sleep cycle document.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SleepCycle {
    /// The kept dreams' themes, newest last (at most [`THEMES_CAP`]).
    pub active_dream_themes: Vec<Theme>,
    pub last_dream_at: Option<Millis>,
    /// The last sleep's memory work, one line.
    pub last_distillation_summary: Option<String>,
}

doc!(SleepCycle, "wis.sleep_cycle", 1, Layout::Singleton);

impl SleepCycle {
    /// Keeps a new theme, dropping the oldest past the cap.
    pub fn keep(&mut self, theme: Theme, at: Millis) {
        self.active_dream_themes.push(theme);
        let over = self.active_dream_themes.len().saturating_sub(THEMES_CAP);
        self.active_dream_themes.drain(..over);
        self.last_dream_at = Some(at);
    }

    /// Whether a theme already covers at least half of `members`.
    pub fn covers(&self, members: &[EngramId]) -> bool {
        self.active_dream_themes.iter().any(|t| {
            let shared = members.iter().filter(|m| t.members.contains(m)).count();
            2 * shared >= members.len()
        })
    }

    /// Forgets the themes whose dream is gone from the active tier.
    pub fn forget(&mut self, gone: impl Fn(EngramId) -> bool) {
        self.active_dream_themes.retain(|t| !gone(t.dream));
    }
}

/// One line of the dream log: what the model said for a cluster, and the verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DreamRecord {
    pub sleep: u64,
    pub at: Millis,
    pub members: Vec<EngramId>,
    pub line: String,
    /// `kept`, or why not.
    pub verdict: String,
    /// The dream engram, when kept.
    pub dream: Option<EngramId>,
    /// Similarity to each member, in `members`' order.
    pub sims: Vec<f32>,
    /// The model that answered, as its backend named it.
    #[serde(default)]
    pub model: Option<String>,
}

doc!(DreamRecord, "wis.dream", 1, Layout::Ring { cap: LOG_CAP });

#[cfg(test)]
mod tests;
