//! `[wisdom]`: the flags and declared knobs of the wisdom plan. Every flag is off by default
//! (WIS7): with them off, a tick's prompt and store writes are what they were without wisdom.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Wisdom {
    /// Armed reflexes fire before the model is asked.
    pub reflexes_enabled: bool,
    /// A tick a reflex handled does not call the model at all.
    pub reflex_saves_tick: bool,
    /// Proposed reflexes arm themselves (otherwise `wis reflex arm`).
    pub reflex_auto_arm: bool,
    /// Consecutive adjudicated successes of one action in one situation that propose a reflex.
    pub reflex_promote_successes: u32,
    /// Most reflexes armed at once.
    pub reflex_max_armed: u32,
    /// Counterfactual replay runs during sleep.
    pub replay_enabled: bool,
    /// Episodes replayed per sleep.
    pub replay_batch: u32,
    /// The "Before you act" block is rendered into the prompt.
    pub recall_enabled: bool,
    /// Least similarity at which recalled wisdom speaks.
    pub recall_min_sim: f32,
    /// Most characters of the "Before you act" block (the 32k preset doubles it).
    pub block_max_chars: usize,
    /// Utility-grounded curation runs during sleep.
    pub curation_enabled: bool,
    /// Sleeps a memory has to show utility before curation decays it faster.
    pub curation_grace_sleeps: u32,
}

impl Default for Wisdom {
    fn default() -> Self {
        Wisdom {
            reflexes_enabled: false,
            reflex_saves_tick: false,
            reflex_auto_arm: false,
            reflex_promote_successes: 5,
            reflex_max_armed: 12,
            replay_enabled: false,
            replay_batch: 4,
            recall_enabled: false,
            recall_min_sim: 0.55,
            block_max_chars: 700,
            curation_enabled: false,
            curation_grace_sleeps: 10,
        }
    }
}
