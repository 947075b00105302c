//! A proposal: one change to a member's standing values that the mutator drew from its
//! repeated appraisals, held until an operator accepts or rejects it (`wis cast review`).
//! Nothing applies a proposal on its own.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::appraisal::Tally;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::memory::EngramId;

/// Most proposals the cast keeps: past it, the oldest decided ones go (a pending one never).
pub const PROPOSAL_CAP: usize = 1000;
/// Most characters of an operator's reason for a rejection.
pub const WHY_MAX_CHARS: usize = 200;
/// Most characters of a proposed value (every [`Rule::value`] is shorter).
pub const VALUE_MAX_CHARS: usize = 200;
/// Most characters of a member's id as a proposal or an appraisal shows it.
pub const MEMBER_SHOWN_CHARS: usize = 64;

/// A pattern the mutator looks for in each of a member's latest appraisals, and the value it
/// proposes against it, in the order it looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// It left most of those who spoke to it unanswered: someone spoke to it, and it answered
    /// fewer than half of them.
    Answer,
    /// It let pass at least half of its turns.
    Act,
    /// It advanced none of its goals.
    Advance,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Answer, Rule::Act, Rule::Advance];

    pub fn as_str(self) -> &'static str {
        match self {
            Rule::Answer => "answer",
            Rule::Act => "act",
            Rule::Advance => "advance",
        }
    }

    /// Whether one appraisal shows the pattern.
    pub fn holds(self, t: &Tally) -> bool {
        match self {
            Rule::Answer => t.spoken_to > 0 && t.answered * 2 < t.spoken_to,
            Rule::Act => t.turns > 0 && t.passed * 2 >= t.turns,
            Rule::Advance => t.turns > 0 && t.advanced == 0,
        }
    }

    /// The pattern, in words, as seen in each of `n` appraisals.
    pub fn pattern(self, n: usize) -> String {
        let what = match self {
            Rule::Answer => "left most of those who spoke to it unanswered",
            Rule::Act => "let at least half of its turns pass",
            Rule::Advance => "advanced none of its goals",
        };
        format!("{what} in each of its last {n} appraisals")
    }

    /// The value proposed against it: the first wording, or (`firm`) the firmer one that
    /// replaces the first once the first was accepted and the pattern repeated anyway.
    pub fn value(self, firm: bool) -> &'static str {
        match (self, firm) {
            (Rule::Answer, false) => "When someone speaks to me, I answer them.",
            (Rule::Answer, true) => {
                "When someone speaks to me, I answer them before I do anything else."
            }
            (Rule::Act, false) => "When my turn comes, I act on my step instead of waiting.",
            (Rule::Act, true) => "I do not let my turn pass: each turn, I take a step.",
            (Rule::Advance, false) => "I keep at my step until the world shows it done.",
            (Rule::Advance, true) => "Each turn, I choose the action that moves my step forward.",
        }
    }

    /// The pattern's numbers in one appraisal, in a few words.
    pub fn numbers(self, t: &Tally) -> String {
        match self {
            Rule::Answer => format!("answered {} of {}", t.answered, t.spoken_to),
            Rule::Act => format!("let {} of {} turns pass", t.passed, t.turns),
            Rule::Advance => format!("advanced {} of {} turns", t.advanced, t.turns),
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for an operator.
    Proposed,
    /// An operator accepted it: the value is in the member's memory.
    Accepted,
    /// An operator rejected it.
    Rejected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Proposed => "proposed",
            Status::Accepted => "accepted",
            Status::Rejected => "rejected",
        }
    }
}

/// One appraisal a proposal rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// The appraisal's id (its sequence in the appraisal ring).
    pub appraisal: u64,
    pub from_tick: u64,
    pub to_tick: u64,
    pub tally: Tally,
    pub score: f64,
}

/// One proposed change to a member's standing values (`wis.cast.proposal.v1`, keyed by its
/// number; shown `p3`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposal {
    pub id: u64,
    /// The member's id in the cast.
    pub member: String,
    /// The member's home, where an acceptance writes the value.
    pub home: PathBuf,
    pub rule: Rule,
    /// The `value` engram to write.
    pub value: String,
    /// The value engram it replaces (a firmer wording of one accepted before): archived when
    /// this one is accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<EngramId>,
    /// The pattern, in words.
    pub why: String,
    /// The appraisals that showed it, oldest first.
    pub evidence: Vec<Evidence>,
    pub status: Status,
    /// The mutator's cast tick that made it.
    pub cast_tick: u64,
    pub proposed_at: Millis,
    /// When an operator accepted or rejected it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_at: Option<Millis>,
    /// The value engram an acceptance wrote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engram: Option<EngramId>,
    /// The operator's reason for a rejection (at most [`WHY_MAX_CHARS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

doc!(Proposal, "wis.cast.proposal", 1, Layout::Keyed);

impl Proposal {
    /// Its store key: zero-padded, so key order is number order.
    pub fn key(id: u64) -> String {
        format!("{id:012}")
    }

    /// Its id as people see it.
    pub fn label(&self) -> String {
        label(self.id)
    }

    /// The source its accepted value engram carries, which names it.
    pub fn source(&self) -> String {
        format!("cast-proposal:{}", self.label())
    }
}

/// A proposal's id as people see it: `p3`.
pub fn label(id: u64) -> String {
    format!("p{id}")
}

/// Reads `p3` or `3`.
pub fn parse_id(text: &str) -> Option<u64> {
    let t = text.trim();
    let digits = t.strip_prefix(['p', 'P']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}
