//! `[wisdom]`: the flags and declared knobs of the wisdom plan. Every flag is off by default
//! (WIS7): with them off, a tick's prompt and store writes are what they were without wisdom.
//!
//! Every key here drives a built feature; any other key under `[wisdom]` is unknown and refused
//! with exit 78 naming it and its line (a key that is accepted and does nothing would be a lie).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Wisdom {
    /// The "Before you act" block is rendered into the prompt.
    pub recall_enabled: bool,
    /// Least similarity at which recalled wisdom speaks.
    pub recall_min_sim: f32,
    /// Prose recall: the memories whose words answer the current step are shown as `Known
    /// fact:` lines right above it (after two worked examples of answering from one), within
    /// what `[context] memory_max_chars` leaves beside the block.
    pub prose_recall_enabled: bool,
    /// Most characters of the "Before you act" block (the 32k preset doubles it).
    pub block_max_chars: usize,
    /// Sleep replays recorded failures with verified fixes (counterfactual replay).
    pub replay_enabled: bool,
    /// Episodes replayed per sleep: model calls, each answered and scored, never executed.
    pub replay_batch: u32,
    /// Replay's reserve: the model calls replays may have answered in any 24 hours. A sleep
    /// whose draw needs more than is left skips replay and says so in its receipt.
    pub replay_calls_per_day: u32,
    /// Sleep (and `wis curate`) judges memories by their utility record (design §4.5).
    pub curation_enabled: bool,
    /// Sleeps a memory may go without positive utility before it starts to decay.
    pub curation_grace_sleeps: u32,
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
    /// Sleep's associative work: resonance (edges and clusters of alike memories), incubation
    /// (failure situations with no fix yet) and at most one dream a sleep, a cluster compressed
    /// into one line by one model call and kept only when it passes the mechanical checks.
    pub dreams_enabled: bool,
    /// Sleep distils what was lived since the last sleep into scars, guardrails, procedures and
    /// facts (design §4.9), mechanically, before consolidation.
    pub distill_enabled: bool,
    /// A second thought: a step answered with the action that advanced nothing on it at the
    /// previous work turn is asked once more, that action's tool out of the grammar and what
    /// it showed stated above the step (design §6).
    pub second_thought_enabled: bool,
    /// The keeper's errands in steps the world closes (design §3.6): a commission that asks for
    /// an answer from a file, a command or a folder is read first, then answered with what that
    /// showed right above the question; a reply its check rejects is told so; a path that is
    /// not there is answered with the paths that are; what a done errand taught is kept as a
    /// procedure of its kind and shown to the next errand of that kind.
    pub errands_enabled: bool,
    /// A file the creature wrote over or deleted without reading it first (no `read_file` of
    /// it, no command naming it, since it last changed) becomes a scar in its memory and a
    /// line in its stream saying the earlier words are kept (design §3.7).
    pub overwrite_scars_enabled: bool,
}

impl Default for Wisdom {
    fn default() -> Self {
        Wisdom {
            recall_enabled: false,
            recall_min_sim: 0.55,
            block_max_chars: 700,
            replay_enabled: false,
            replay_batch: 4,
            replay_calls_per_day: 32,
            curation_enabled: false,
            curation_grace_sleeps: 10,
            reflexes_enabled: false,
            reflex_saves_tick: false,
            reflex_auto_arm: false,
            reflex_promote_successes: 5,
            reflex_max_armed: 12,
            dreams_enabled: false,
            prose_recall_enabled: false,
            distill_enabled: false,
            second_thought_enabled: false,
            errands_enabled: false,
            overwrite_scars_enabled: false,
        }
    }
}

/// Most episodes one replay may put to the model.
pub const REPLAY_BATCH_MAX: u32 = 64;
