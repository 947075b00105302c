//! What a cast keeps besides its schedule: the scene every participant on stage reads, and a
//! receipt of every turn.

use serde::{Deserialize, Serialize};

use super::schedule::TurnKind;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::world::scene::{Arena, Deed};

/// Most scene lines kept (a prompt reads only the latest `[scene] window` of them).
pub const SCENE_CAP: u64 = 500;
/// Most receipts kept.
pub const RECEIPT_CAP: u64 = 2000;

/// One visible event of the scene, in words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneLine {
    pub cast_tick: u64,
    pub at: Millis,
    /// Who did it.
    pub actor: String,
    /// Whom it was said to, for a `say`; whose request it answered, for a `refuse` or a
    /// `withhold`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    pub text: String,
}

doc!(
    SceneLine,
    "wis.cast.scene",
    1,
    Layout::Ring { cap: SCENE_CAP }
);

/// How a cast turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The member's tick recorded a turn.
    Completed,
    /// The member was paused, or resting by its own clock: nothing happened.
    Waited,
    /// The member's store or the model server was busy: the turn was put off, and the
    /// participant stays ready.
    Deferred,
    /// The member's tick failed (the model did not answer, …).
    Failed,
    /// The cast tick died mid-turn and a later one recovered it.
    Interrupted,
}

impl Ending {
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Completed => "completed",
            Ending::Waited => "waited",
            Ending::Deferred => "deferred",
            Ending::Failed => "failed",
            Ending::Interrupted => "interrupted",
        }
    }
}

/// The receipt of one cast turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Receipt {
    pub cast_tick: u64,
    pub id: String,
    /// Why the law picked it.
    pub why: String,
    pub arena: Arena,
    pub kind: TurnKind,
    /// The member's own turn (`work`, `rumination`, `sleep`), when it took one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// A rumination's lane, with rumination lanes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lane: Option<String>,
    /// The member's tick number, when it took one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tick: Option<u64>,
    pub ending: Ending,
    /// The member's one-line account, or the error.
    pub detail: String,
    pub started_at: Millis,
    pub completed_at: Millis,
    /// Its recovery ends here (from completion).
    pub cooldown_until: Millis,
    /// The exit code of a failed or deferred turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<u8>,
    /// The scene action the turn took on stage (`say`, `wait`, `hesitate`, `refuse`,
    /// `withhold`, `move`, `use`), done or failed, and what it came to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<Deed>,
}

doc!(
    Receipt,
    "wis.cast.receipt",
    1,
    Layout::Ring { cap: RECEIPT_CAP }
);
