//! Reflexes: thinking compiled below the model (design §4.1, WIS2, WIS3, WIS8).
//!
//! A reflex is a trigger (a situation key, the same one the ledger and recall use, and its
//! guards: the operator's [`Criterion`] over typed stats, and the world [`Check`] promotion
//! writes from the streak's action, [`guard`]) and an action, promoted mechanically from a
//! streak of adjudicated successes of the model's own choices ([`scan`]), armed by the
//! operator or by `reflex_auto_arm` ([`registry`]), matched and recorded in the tick below the
//! model ([`fire`]), held back when a guard does not hold, and demoted by its first
//! adjudicated failure. The registry is capped at
//! [`REFLEX_CAP`]; the scan's cursor, its streaks and the daily metric ([`metric`]) live in one
//! capped singleton, [`ReflexState`].

pub mod fire;
pub mod guard;
pub mod metric;
pub mod registry;
pub mod scan;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::creature::criterion::Criterion;
use crate::creature::{Action, Check};
use crate::doc;

pub use metric::{Day, Metric};

/// Most reflexes the registry keeps (proposed, armed, disarmed and demoted together).
pub const REFLEX_CAP: usize = 256;
/// Most situations whose running streak the scan keeps (the least recently seen go first).
pub const STREAK_CAP: usize = 2_048;
/// Most episode ids a reflex's provenance names.
pub const PROVENANCE_IDS: usize = 16;

/// Where a reflex stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Promoted from a streak; waits for `wis reflex arm`.
    Proposed,
    /// Fires when its trigger matches.
    Armed,
    /// Taken out of service by the operator.
    Disarmed,
    /// Failed once when it fired; proposed again only after a fresh streak.
    Demoted,
    /// An ancestor's reflex (design §4.6): proposed again only after a fresh streak of this
    /// body's own successes, never armed before.
    Inherited,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Proposed,
        Status::Armed,
        Status::Disarmed,
        Status::Demoted,
        Status::Inherited,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Proposed => "proposed",
            Status::Armed => "armed",
            Status::Disarmed => "disarmed",
            Status::Demoted => "demoted",
            Status::Inherited => "inherited",
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Status {
    type Err = String;
    fn from_str(s: &str) -> Result<Status, String> {
        Status::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or_else(|| {
                format!("{s:?} is not a status (proposed, armed, disarmed, demoted, inherited)")
            })
    }
}

/// When a reflex fires: in this situation, while its guards hold (none: always).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    pub situation_key: String,
    /// The operator's guard over typed stats.
    #[serde(default)]
    pub guard: Option<Criterion>,
    /// What the world must show for the action to make sense, written at promotion
    /// ([`guard::from_streak`]; absent: a reflex promoted before guards, or an action that
    /// needs nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world: Option<Check>,
}

/// What a reflex does: one tool call, its arguments in the action channel's JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReflexAction {
    pub tool: String,
    /// The arguments as a JSON object (text, so the store's encoding never sees JSON values).
    pub args: String,
    /// The action signature the streak was counted on.
    pub signature: String,
}

impl ReflexAction {
    /// The call as dispatch takes it; `None` when the stored arguments do not read.
    pub fn call(&self) -> Option<Action> {
        let args: serde_json::Value = serde_json::from_str(&self.args).ok()?;
        args.is_object().then(|| Action::new(&self.tool, args))
    }

    /// `bash ls notes` in a few words.
    pub fn brief(&self) -> String {
        match self.call() {
            Some(a) => a.brief(60),
            None => self.tool.clone(),
        }
    }
}

/// Where a reflex came from: the streak's episodes (ring sequence numbers) and its length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    pub episode_ids: Vec<u64>,
    pub successes: u32,
    pub last_adjudicated: Millis,
}

/// One reflex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reflex {
    pub id: String,
    pub trigger: Trigger,
    pub action: ReflexAction,
    pub provenance: Provenance,
    pub status: Status,
    pub fired: u64,
    pub failed: u64,
    /// Who armed it (`operator`, `auto`) and when.
    #[serde(default)]
    pub armed_by: Option<String>,
    #[serde(default)]
    pub armed_at: Option<Millis>,
    pub proposed_tick: u64,
    /// The tick of the last firing.
    #[serde(default)]
    pub last_fired: Option<u64>,
    /// The tick it was demoted (or inherited) at: a new streak must start after it.
    #[serde(default)]
    pub demoted_tick: Option<u64>,
    /// What its last failure said.
    #[serde(default)]
    pub last_failure: Option<String>,
    /// Where an inherited reflex came from (absent: this body earned it from nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inherited: Option<Inheritance>,
}

/// An inherited reflex's ancestry: the volumes that carried it, the heirloom item it was,
/// the ancestors' summed streak, and whether another ancestor's verified action for the same
/// situation contradicts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inheritance {
    pub volumes: Vec<String>,
    pub item: String,
    pub successes: u64,
    #[serde(default)]
    pub contradicted: bool,
}

doc!(Reflex, "wis.reflex", 1, Layout::Keyed);

/// A streak the scan is counting: one situation, its latest action signature, how many
/// adjudicated successes of it came in a row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Streak {
    pub signature: String,
    pub tool: String,
    pub args: String,
    pub successes: u32,
    /// The streak's episodes, newest last (at most [`PROVENANCE_IDS`]).
    pub episodes: Vec<u64>,
    pub first_tick: u64,
    pub last_tick: u64,
    pub last_at: Millis,
    /// A success of the streak made something new (e.g. the file it wrote).
    #[serde(default, skip_serializing_if = "is_false")]
    pub created: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The scan's cursor and streaks, and the metric ring.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ReflexState {
    /// The episode sequence number the next scan starts from.
    pub cursor: u64,
    /// The number the next reflex id takes.
    pub next_id: u64,
    /// Running streaks by situation key.
    pub streaks: BTreeMap<String, Streak>,
    /// Ticks below and above the model, per day.
    #[serde(default)]
    pub metric: Metric,
}

doc!(ReflexState, "wis.reflex_state", 1, Layout::Singleton);
