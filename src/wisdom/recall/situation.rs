//! The situation index: what the ledger says about each situation key, kept up to date as
//! episodes are recorded so that recall never scans the episode ring.
//!
//! One [`Situation`] (`wis.situation.v1`) per key holds a [`Track`] per action signature tried
//! there: successes, failures, failures since its last success, how often it was the fix (the
//! success that ended a run of failures in the situation), and the latest successful action in
//! the action channel's JSON form. A [`SituationVector`] (`wis.situation_vector.v1`) beside it
//! holds the key's embedding for similarity, compact so a scan never decodes tracks.
//! [`IndexState`] (`wis.situation_index.v1`) says how far into the episode ring the index has
//! read. Only adjudicated, model-chosen actions count: replies (never judged), unreadable
//! replies and automated (reflex) outcomes are left out (WIS1, WIS2).

use serde::{Deserialize, Serialize};

use crate::base::store::Layout;
use crate::creature::{Action, REPLY};
use crate::doc;
use crate::memory::Utility;
use crate::wisdom::episodes::Episode;
use crate::world::scene;

/// Most situations indexed; past it the least recently seen one goes.
pub const SITUATION_CAP: u64 = 4_096;
/// Most signatures tracked per situation; past it the least useful one goes.
pub const TRACKS_PER_SITUATION: usize = 12;
/// Failures in a row (since its last success) that make a signature a dead end.
pub const DEAD_END_FAILURES: u32 = 2;
/// Longest action kept for a case, in characters (as long as an episode keeps).
pub const ACTION_CHARS: usize = 1000;

/// One signature's record in one situation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Track {
    pub signature: String,
    pub tool: String,
    pub successes: u32,
    pub failures: u32,
    /// Failures since its last success.
    pub failures_in_row: u32,
    /// Times it succeeded right after failures here: a verified fix.
    pub fixes: u32,
    /// Failures in the situation that its latest fix ended.
    pub fixed_after: u32,
    pub last_tick: u64,
    pub last_success_tick: Option<u64>,
    /// The latest successful action, in the action channel's own JSON form.
    pub action: Option<String>,
    /// Settled bets on it as a recalled case.
    #[serde(default)]
    pub bets: Utility,
    /// Successes in a row, on a step, that advanced nothing (progress, not "ok", is the
    /// evidence): at [`IDLE_RUT`] the track is a rut and no longer shown as a precedent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub idle: u32,
    /// Times its success here closed the step or finished a commission: the action that did
    /// the job, the best precedent there is.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub closes: u32,
}

/// The creature's own closing of a plan step: it closes a step without doing it.
const NOTE_CLOSE: &str = "note_close";

/// Successes in a row that advanced nothing on a step, at which a track is a rut.
pub const IDLE_RUT: u32 = 3;

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Track {
    fn new(signature: &str, tool: &str) -> Track {
        Track {
            signature: signature.to_string(),
            tool: tool.to_string(),
            successes: 0,
            failures: 0,
            failures_in_row: 0,
            fixes: 0,
            fixed_after: 0,
            last_tick: 0,
            last_success_tick: None,
            action: None,
            bets: Utility::default(),
            idle: 0,
            closes: 0,
        }
    }

    /// It worked here, has not failed since, is not a rut, and its action can be shown.
    pub fn is_verified(&self) -> bool {
        self.successes > 0
            && self.failures_in_row == 0
            && self.idle < IDLE_RUT
            && self.action.is_some()
    }

    /// Its success here closed the step or finished a commission at least once.
    pub fn closed_something(&self) -> bool {
        self.closes > 0
    }

    /// It ended a run of failures here at least once.
    pub fn is_fix(&self) -> bool {
        self.fixes > 0
    }

    /// It failed repeatedly and has not worked since.
    pub fn is_dead_end(&self) -> bool {
        self.failures_in_row >= DEAD_END_FAILURES
    }
}

/// What the ledger says about one situation key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Situation {
    pub key: String,
    pub first_tick: u64,
    pub last_tick: u64,
    /// Episodes counted here.
    pub episodes: u64,
    /// Failures (of any signature) since the last success here.
    pub open_failures: u32,
    pub tracks: Vec<Track>,
}

doc!(Situation, "wis.situation", 1, Layout::Keyed);

impl Situation {
    pub fn new(key: &str, tick: u64) -> Situation {
        Situation {
            key: key.to_string(),
            first_tick: tick,
            last_tick: tick,
            episodes: 0,
            open_failures: 0,
            tracks: Vec::new(),
        }
    }

    /// Counts one episode of this situation.
    pub fn apply(&mut self, ep: &Episode) {
        self.episodes += 1;
        self.last_tick = self.last_tick.max(ep.tick);
        let open = self.open_failures;
        let at = match self.tracks.iter().position(|t| t.signature == ep.signature) {
            Some(i) => i,
            None => {
                self.tracks.push(Track::new(&ep.signature, &ep.tool));
                self.tracks.len() - 1
            }
        };
        let track = &mut self.tracks[at];
        track.last_tick = ep.tick;
        if ep.success {
            // On a step, successes in a row that advanced nothing are a rut, not a precedent.
            track.idle = if idle(ep) {
                track.idle.saturating_add(1)
            } else {
                0
            };
            track.successes = track.successes.saturating_add(1);
            track.failures_in_row = 0;
            track.last_success_tick = Some(ep.tick);
            if let Some(action) = channel_form(&ep.action) {
                track.action = Some(action);
            }
            // Closing the plan's note is bookkeeping after the job, not the job.
            if (ep.advanced.step_closed || ep.advanced.commission_closed) && ep.tool != NOTE_CLOSE {
                track.closes = track.closes.saturating_add(1);
            }
            if open > 0 {
                track.fixes = track.fixes.saturating_add(1);
                track.fixed_after = open;
            }
            self.open_failures = 0;
        } else {
            track.failures = track.failures.saturating_add(1);
            track.failures_in_row = track.failures_in_row.saturating_add(1);
            self.open_failures = open.saturating_add(1);
        }
        if self.tracks.len() > TRACKS_PER_SITUATION {
            self.drop_least_useful(ep.tick);
        }
    }

    /// The track of a signature.
    pub fn track(&self, signature: &str) -> Option<&Track> {
        self.tracks.iter().find(|t| t.signature == signature)
    }

    pub fn track_mut(&mut self, signature: &str) -> Option<&mut Track> {
        self.tracks.iter_mut().find(|t| t.signature == signature)
    }

    /// The best verified track here: the action that closed the step before one that did not
    /// (a read that worked is not the job done), then a fix before a plain success, then the
    /// latest success.
    pub fn best_case(&self) -> Option<&Track> {
        self.tracks
            .iter()
            .filter(|t| t.is_verified())
            .max_by_key(|t| {
                (
                    t.closed_something(),
                    t.is_fix(),
                    t.last_success_tick,
                    t.successes,
                )
            })
    }

    /// The signatures that failed repeatedly here and have not worked since.
    pub fn dead_ends(&self) -> impl Iterator<Item = &Track> {
        self.tracks.iter().filter(|t| t.is_dead_end())
    }

    /// Past the cap: drops the track that tells the least (not verified, not a fix, oldest),
    /// never the one just touched.
    fn drop_least_useful(&mut self, now_tick: u64) {
        let worst = self
            .tracks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.last_tick != now_tick)
            .min_by_key(|(_, t)| (t.is_verified(), t.is_fix(), t.is_dead_end(), t.last_tick))
            .map(|(i, _)| i);
        if let Some(i) = worst {
            self.tracks.remove(i);
        }
    }
}

/// Whether an episode's action ran on a step and advanced nothing the world can check.
fn idle(ep: &Episode) -> bool {
    ep.step.is_some() && !ep.advanced.any()
}

/// Whether an episode belongs in the index: an adjudicated action the model chose. A reply is
/// judged only when it closed the step or finished a commission (the keeper's check read it);
/// any other reply and the scene actions are never judged, unreadable replies are no action,
/// and automated outcomes are not the mind's (WIS2).
pub fn indexable(ep: &Episode) -> bool {
    let judged_reply = ep.advanced.step_closed || ep.advanced.commission_closed;
    !ep.automated
        && (ep.tool != REPLY || judged_reply)
        && !scene::is_scene_action(&ep.tool)
        && ep.tool != "unreadable"
        && ep.tool != "think"
}

/// An episode's action re-written in the channel's canonical JSON form, if it still reads
/// as an action (an episode keeps at most 1000 characters of it).
pub fn channel_form(action: &str) -> Option<String> {
    let parsed: Action = serde_json::from_str(action).ok()?;
    let json = parsed.to_json();
    (json.chars().count() <= ACTION_CHARS).then_some(json)
}

/// The text of a situation key that is embedded: the objective and step as words.
pub fn situation_text(key: &str) -> String {
    let (objective, step) = key.split_once('|').unwrap_or(("", key));
    let objective = objective.trim_matches('-');
    format!("{objective} {step}").trim().to_string()
}

/// One situation key's vector, compact for scanning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SituationVector {
    pub key: String,
    /// The embedding space (as memory's vectors); 0 when the embedder could not be asked.
    pub space: u64,
    /// The situation's last tick, for the cap policy.
    pub last_tick: u64,
    /// The vector, f32 little-endian (empty when not embedded).
    #[serde(with = "crate::memory::vector::bin")]
    pub f32le: Vec<u8>,
}

doc!(SituationVector, "wis.situation_vector", 1, Layout::Keyed);

/// The same row, borrowing from the store's buffer.
#[derive(Deserialize)]
pub(crate) struct SituationVectorRef<'a> {
    #[serde(borrow)]
    pub key: &'a str,
    pub space: u64,
    pub last_tick: u64,
    #[serde(borrow)]
    pub f32le: &'a [u8],
}

/// How far into the episode ring the index has read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct IndexState {
    /// The sequence number of the first episode not yet indexed.
    pub next_seq: u64,
    /// Situations dropped at the cap, all told.
    #[serde(default)]
    pub evicted: u64,
}

doc!(IndexState, "wis.situation_index", 1, Layout::Singleton);
