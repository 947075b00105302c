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
    /// Armed reflexes fire below the model, and sleep proposes new ones (design §4.1).
    pub reflexes_enabled: bool,
    /// A tick a reflex handled does not call the model; off, the model still runs with the
    /// reflex's result in its stream (the soak mode).
    pub reflex_saves_tick: bool,
    /// A proposed reflex is armed at once, within `reflex_max_armed`.
    pub reflex_auto_arm: bool,
    /// Consecutive adjudicated successes of one action in one situation that propose a reflex.
    pub reflex_promote_successes: u32,
    /// Most reflexes armed at once.
    pub reflex_max_armed: u32,
}

impl Default for Wisdom {
    fn default() -> Self {
        Wisdom {
            recall_enabled: false,
            recall_min_sim: 0.55,
            block_max_chars: 700,
            reflexes_enabled: false,
            reflex_saves_tick: false,
            reflex_auto_arm: false,
            reflex_promote_successes: 5,
            reflex_max_armed: 12,
        }
    }
}

/// `[wisdom]` keys reserved for features not built yet, with the feature each belongs to.
pub const NOT_BUILT: &[(&str, &str)] = &[
    ("replay_enabled", "counterfactual replay"),
    ("replay_batch", "counterfactual replay"),
    ("curation_enabled", "curation"),
    ("curation_grace_sleeps", "curation"),
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
