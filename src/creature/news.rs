//! News for the operator: what happened in the creature's life that a person would want to
//! hear about (a unit granted or held, a quest issued, passed or failed, a reflex demoted), in a bounded ring.
//! Each item is written in the same transaction as the event it reports, so a crash can lose
//! both or neither. `wis news` reads them.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Tx};
use crate::doc;

/// News items kept.
pub const NEWS_CAP: u64 = 500;

/// What a news item is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NewsKind {
    /// A unit was granted.
    Grant,
    /// A unit was earned but is held until its organ answers.
    Held,
    /// A quest was issued.
    QuestIssued,
    /// A quest passed.
    QuestPassed,
    /// A quest closed as failed.
    QuestFailed,
    /// Store documents that did not read were rebuilt or set aside.
    Damage,
    /// A reflex failed when it fired and was demoted.
    ReflexDemoted,
    /// A commission's check held: it is done.
    CommissionDone,
    /// A commission with no check was answered and waits for the keeper.
    CommissionWaiting,
    /// A commission was not done within its due ticks.
    CommissionExpired,
    /// A plan step was set aside: a re-plan reproduced the plan the creature was stuck in.
    StepSetAside,
}

impl NewsKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NewsKind::Grant => "grant",
            NewsKind::Held => "held",
            NewsKind::QuestIssued => "quest issued",
            NewsKind::QuestPassed => "quest passed",
            NewsKind::QuestFailed => "quest failed",
            NewsKind::Damage => "damage",
            NewsKind::ReflexDemoted => "reflex demoted",
            NewsKind::CommissionDone => "commission done",
            NewsKind::CommissionWaiting => "commission waiting",
            NewsKind::CommissionExpired => "commission expired",
            NewsKind::StepSetAside => "step set aside",
        }
    }
}

/// One item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewsItem {
    pub tick: u64,
    pub at: Millis,
    pub kind: NewsKind,
    /// The unit or quest it is about.
    pub subject: String,
    pub text: String,
}

doc!(NewsItem, "wis.news", 1, Layout::Ring { cap: NEWS_CAP });

/// Posts an item inside the caller's transaction.
pub fn post(
    tx: &mut Tx<'_>,
    tick: u64,
    at: Millis,
    kind: NewsKind,
    subject: &str,
    text: impl Into<String>,
) -> Result<()> {
    tx.push(&NewsItem {
        tick,
        at,
        kind,
        subject: subject.to_string(),
        text: text.into(),
    })?;
    Ok(())
}
