//! `[wisdom]`: the flags and declared knobs of the wisdom plan. Every flag is off by default
//! (WIS7): with them off, a tick's prompt and store writes are what they were without wisdom.
//!
//! Only keys whose feature is built are here. A key reserved for a feature this wis does not
//! have yet ([`NOT_BUILT`]) is refused wherever it is set (the file, the environment, a flag)
//! with exit 78 saying so: a key that is accepted and does nothing would be a lie.

use serde::{Deserialize, Serialize};

use crate::base::exit::{Error, Result};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Wisdom {
    /// The "Before you act" block is rendered into the prompt.
    pub recall_enabled: bool,
    /// Least similarity at which recalled wisdom speaks.
    pub recall_min_sim: f32,
    /// Most characters of the "Before you act" block (the 32k preset doubles it).
    pub block_max_chars: usize,
    /// Sleep replays recorded failures with verified fixes (counterfactual replay).
    pub replay_enabled: bool,
    /// Episodes replayed per sleep: model calls, each answered and scored, never executed.
    pub replay_batch: u32,
    /// Sleep (and `wis curate`) judges memories by their utility record (design §4.5).
    pub curation_enabled: bool,
    /// Sleeps a memory may go without positive utility before it starts to decay.
    pub curation_grace_sleeps: u32,
}

impl Default for Wisdom {
    fn default() -> Self {
        Wisdom {
            recall_enabled: false,
            recall_min_sim: 0.55,
            block_max_chars: 700,
            replay_enabled: false,
            replay_batch: 4,
            curation_enabled: false,
            curation_grace_sleeps: 3,
        }
    }
}

/// Most episodes one replay may put to the model.
pub const REPLAY_BATCH_MAX: u32 = 64;

/// `[wisdom]` keys reserved for features not built yet, with the feature each belongs to.
pub const NOT_BUILT: &[(&str, &str)] = &[
    ("reflexes_enabled", "reflexes"),
    ("reflex_saves_tick", "reflexes"),
    ("reflex_auto_arm", "reflexes"),
    ("reflex_promote_successes", "reflexes"),
    ("reflex_max_armed", "reflexes"),
];

/// Refuses a reserved key (`origin` says where it was set: a file and line, an environment
/// variable, a flag).
pub fn refuse_not_built(key: &str, origin: &str) -> Result<()> {
    match NOT_BUILT.iter().find(|(k, _)| *k == key) {
        None => Ok(()),
        Some((k, feature)) => Err(Error::config(format!(
            "{origin}: `[wisdom] {k}` belongs to {feature}, which this wis does not have yet; \
             it would do nothing"
        ))
        .hint("remove it; `wis config show` lists the keys that work")),
    }
}
