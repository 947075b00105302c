//! `[heartbeat]`: when a tick may take a turn at all. The completion-gated cooldown (a declared
//! recovery counted from when the last turn *finished*), the model server's load, and the
//! rumination lanes.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Heartbeat {
    /// Seconds of rest after a turn completes before the next may begin; a tick inside them
    /// exits 0 at once ("resting until …"), calling nothing and writing nothing. 0: no rest.
    pub recovery_secs: u64,
    /// Ask an HTTP model server whether it is busy (llama-server `GET /slots`, llama-swap
    /// `GET /running`) before a turn that needs it; a busy server defers the turn (exit 75)
    /// instead of stacking a second request. Servers that report nothing are not asked again
    /// in that tick.
    pub defer_when_busy: bool,
    /// Rumination lanes: a rumination is analytic (the plan) or associative (a resonance
    /// cluster or an incubating failure offered as material); adopted musings are recorded as
    /// bridges and their candidates queued for sleep's dream job.
    pub rumination_lanes: bool,
}

impl Default for Heartbeat {
    fn default() -> Self {
        Heartbeat {
            recovery_secs: 0,
            defer_when_busy: true,
            rumination_lanes: false,
        }
    }
}
