//! The turn log: one small record per turn lived, in a capped ring, for the figures of a life
//! (`wis status`'s life section, `wis report`): what each turn did, whether it made progress
//! the world can check, and what it closed. The episode ledger is what wisdom learns from;
//! this is what a person reads a life by.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::creature::heartbeat::Turn;
use crate::doc;

/// Turns kept.
pub const TURN_LOG_CAP: u64 = 5_000;

/// What a turn advanced that the world can check (design §6). An action that merely ran
/// advances none of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advanced {
    /// It closed the current plan step (the world showed it done, or the creature closed a
    /// step it had worked on).
    #[serde(default, skip_serializing_if = "is_false")]
    pub step_closed: bool,
    /// It finished one of the keeper's commissions (its check held).
    #[serde(default, skip_serializing_if = "is_false")]
    pub commission_closed: bool,
    /// It made something new: a file, a note, a memory, a skill, a prediction, an objective.
    #[serde(default, skip_serializing_if = "is_false")]
    pub created: bool,
    /// The first success of its action signature in its situation.
    #[serde(default, skip_serializing_if = "is_false")]
    pub first_success: bool,
    /// The active quest's criterion reads differently after it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub criterion_moved: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Advanced {
    /// Whether anything moved.
    pub fn any(&self) -> bool {
        self.step_closed
            || self.commission_closed
            || self.created
            || self.first_success
            || self.criterion_moved
    }

    /// The kinds that moved, for people: `step closed, created`.
    pub fn describe(&self) -> String {
        let mut out = Vec::new();
        for (on, name) in [
            (self.step_closed, "step closed"),
            (self.commission_closed, "commission done"),
            (self.created, "created"),
            (self.first_success, "first success here"),
            (self.criterion_moved, "quest moved"),
        ] {
            if on {
                out.push(name);
            }
        }
        out.join(", ")
    }
}

/// One turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub tick: u64,
    pub at: Millis,
    pub turn: Turn,
    /// The action's tool (`reply`, `think` for a rumination), if it acted.
    #[serde(default)]
    pub tool: Option<String>,
    /// The action signature, if it acted.
    #[serde(default)]
    pub signature: Option<String>,
    #[serde(default)]
    pub success: bool,
    /// Done by a reflex below the model.
    #[serde(default)]
    pub automated: bool,
    #[serde(default)]
    pub advanced: Advanced,
    /// Its action and observation were those of the previous work turn.
    #[serde(default)]
    pub repeat: bool,
    /// A rumination's re-plan: whether it changed the open plan (absent: not a re-plan).
    #[serde(default)]
    pub replan_changed: Option<bool>,
    #[serde(default)]
    pub xp: u64,
    /// A hash of what the world answered (a work turn that acted).
    #[serde(default)]
    pub observed: Option<u64>,
}

doc!(
    TurnRecord,
    "wis.turn_log",
    1,
    Layout::Ring { cap: TURN_LOG_CAP }
);
