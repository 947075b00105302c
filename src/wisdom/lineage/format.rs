//! The heirloom volume format (`wis.heirloom.v2`, design §4.6), the contract between a retiring
//! creature and its descendants: one JSON header line, then one JSON record per item. Every
//! struct here refuses unknown keys, so a volume is read exactly as it was written or not at
//! all ([`super::read`] enforces the bounds the types cannot). `heirlooms/schema.json` is the
//! same contract as a JSON Schema; a test holds the two together.
//!
//! Version 2 adds optional keys and nothing else: on a record, the world's evidence
//! (`world`), an errand's lesson whole (`lesson`) and a group of scars of one pattern
//! (`group`) ([`super::parts`]); in the header's stats and every ancestor's marks, the
//! keeper's figures (`commissions`) and the tick level 2 was reached (`ticks_to_level_2`). A
//! version 1 volume still reads, and may not hold those keys.

use serde::{Deserialize, Serialize};

pub use super::parts::{Group, Held, Lesson, WorldEvidence};

/// What a header's `format` says.
pub const FORMAT: &str = "wis.heirloom.v2";
/// The format version this wis writes; a larger one is refused.
pub const VERSION: u32 = 2;
/// The first format, still read: its `format` and `version`.
pub const FORMAT_V1: &str = "wis.heirloom.v1";
pub const VERSION_V1: u32 = 1;

/// The `format` a header of `version` names, for the versions this wis reads.
pub fn format_of(version: u64) -> Option<&'static str> {
    match version {
        1 => Some(FORMAT_V1),
        2 => Some(FORMAT),
        _ => None,
    }
}
/// The longest line a reader accepts, in bytes (the header included).
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// The most records one volume may hold.
pub const MAX_RECORDS: usize = 100_000;
/// The longest item text, in characters (an engram's body limit).
pub const MAX_TEXT_CHARS: usize = crate::memory::MAX_BODY_CHARS;
/// The most entries any list in a volume holds (provenance chains, ancestry, curve points).
pub const MAX_LIST: usize = 256;

/// What an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A strategy guardrail: an imperative for a situation.
    Guardrail,
    /// How to do something, step by step.
    Procedure,
    /// A fact about the world.
    Fact,
    /// Something that failed, kept so it is not repeated.
    Scar,
    /// A reflex: a situation and the action that answered it.
    Reflex,
}

impl ItemKind {
    pub const ALL: [ItemKind; 5] = [
        ItemKind::Guardrail,
        ItemKind::Procedure,
        ItemKind::Fact,
        ItemKind::Scar,
        ItemKind::Reflex,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Guardrail => "guardrail",
            ItemKind::Procedure => "procedure",
            ItemKind::Fact => "fact",
            ItemKind::Scar => "scar",
            ItemKind::Reflex => "reflex",
        }
    }
}

impl std::fmt::Display for ItemKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The first line of a volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] for this wis.
    pub version: u32,
    /// The volume's id, `<creature>-<YYYYMMDD>`: what lineage and re-imports name it by.
    pub volume: String,
    pub creature: String,
    pub genome: GenomeSummary,
    pub morph: String,
    pub age: AgeSummary,
    /// 1 for a creature with no ancestors; one more than its oldest parent's otherwise.
    pub generation: u32,
    /// The volumes this creature imported (its parents), by id.
    pub lineage: Vec<String>,
    /// Every known ancestor's generational marks, the parents' own ancestry included.
    pub ancestry: Vec<Mark>,
    pub stats: Stats,
    /// How many records follow the header.
    pub records: u64,
}

/// The genome, in brief.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenomeSummary {
    pub seed: u64,
    /// curiosity, persistence, boldness, patience.
    pub temperament: [f32; 4],
}

/// How old the creature was when the volume was written.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgeSummary {
    pub ticks: u64,
    pub sleeps: u64,
    /// Birth and export, milliseconds since the Unix epoch.
    pub born_at: i64,
    pub exported_at: i64,
}

/// What the creature's life came to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub ticks: u64,
    /// Adjudicated successes of the model's own actions in the ledger it kept.
    pub successes: u64,
    pub sleeps: u64,
    /// The units granted, by id (`U0`, `U1`, …).
    pub units: Vec<String>,
    /// Ticks resolved below the model over all acting ticks, when any were counted.
    pub below_model_fraction: Option<f64>,
    /// The tick the unit U2 was granted at.
    pub ticks_to_u2: Option<u64>,
    /// The tick the first quest passed at.
    pub ticks_to_first_quest: Option<u64>,
    /// The creature's age when its first commission from the keeper finished (its check held,
    /// or the keeper confirmed it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticks_to_first_confirmed_commission: Option<u64>,
    /// Curve scores recorded, oldest first.
    pub curve: Vec<CurvePoint>,
    /// The tick the creature first reached level 2 (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticks_to_level_2: Option<u64>,
    /// The keeper's figures over the life (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commissions: Option<Commissions>,
}

/// The keeper's figures over a life: commissions given, done, missed, on the desk, the done
/// rate over those that ended and the median ticks from giving to done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commissions {
    pub given: u64,
    pub done: u64,
    pub missed: u64,
    pub live: u64,
    /// `done` over those that ended (done or missed), 0..=1; none when none ended.
    pub done_rate: Option<f64>,
    pub median_ticks_to_done: Option<f64>,
}

impl Commissions {
    /// The figures of the keeper's desk.
    pub fn of(f: &crate::creature::commission_figures::Figures) -> Commissions {
        Commissions {
            given: f.given,
            done: f.done,
            missed: f.missed,
            live: f.live,
            done_rate: f.done_rate,
            median_ticks_to_done: f.median_ticks_to_done,
        }
    }
}

/// One arm's curve score at an age.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurvePoint {
    pub arm: String,
    pub ticks: u64,
    /// Mean task score, 0..=1.
    pub score: f64,
}

/// One ancestor's generational marks, carried down the lineage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    pub volume: String,
    pub creature: String,
    pub generation: u32,
    pub ticks_to_u2: Option<u64>,
    pub ticks_to_first_quest: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticks_to_first_confirmed_commission: Option<u64>,
    pub curve: Vec<CurvePoint>,
    /// Version 2: the tick it first reached level 2, and the keeper's figures over its life.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticks_to_level_2: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commissions: Option<Commissions>,
}

/// One inherited item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The stable content id: [`content_id`] of the kind and text.
    pub id: String,
    pub kind: ItemKind,
    /// The item in words (for a reflex, what it does in its situation).
    pub text: String,
    pub evidence: Evidence,
    /// The net utility score behind it (successes and lessons taught, less failures).
    pub utility: i64,
    /// Whether a counterfactual replay ever showed it teaching the verified fix.
    pub replay_validated: bool,
    /// The strength it had, 0..=1.
    pub strength: f32,
    pub provenance: Chain,
    /// The reflex itself, for a reflex record (and only for one).
    pub reflex: Option<ReflexItem>,
    /// The signature of the action a guardrail or procedure recommends, so that the heir's
    /// bets on it settle (at most [`MAX_SIGNATURE_CHARS`] characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// Version 2: what the world showed of it in its creature's life (a commission done, a
    /// step closed, a file read again unchanged): verified by the world.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub world: Vec<WorldEvidence>,
    /// Version 2: for a procedure learned on an errand, the lesson whole, so the heir's
    /// errands of its kind are shown it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<Lesson>,
    /// Version 2: for a scar standing for many of one pattern, the pattern, how many and a
    /// few of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<Group>,
}

impl Record {
    /// The version 2 key it holds, if any (a version 1 volume may hold none).
    pub fn v2_key(&self) -> Option<&'static str> {
        if !self.world.is_empty() {
            Some("world")
        } else if self.lesson.is_some() {
            Some("lesson")
        } else if self.group.is_some() {
            Some("group")
        } else {
            None
        }
    }
}

/// The version 2 key of a generation's figures: the ticks to level 2, else the keeper's work.
fn figures_v2_key(level_2: bool, commissions: bool) -> Option<&'static str> {
    if level_2 {
        Some("ticks_to_level_2")
    } else if commissions {
        Some("commissions")
    } else {
        None
    }
}

impl Stats {
    /// The version 2 key it holds, if any.
    pub fn v2_key(&self) -> Option<&'static str> {
        figures_v2_key(self.ticks_to_level_2.is_some(), self.commissions.is_some())
    }
}

impl Mark {
    /// The version 2 key it holds, if any.
    pub fn v2_key(&self) -> Option<&'static str> {
        figures_v2_key(self.ticks_to_level_2.is_some(), self.commissions.is_some())
    }
}

/// Most characters of a record's recommended signature.
pub const MAX_SIGNATURE_CHARS: usize = 400;

/// The adjudicated evidence behind an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub successes: u64,
    pub failures: u64,
    pub taught: u64,
    pub failed_to_teach: u64,
}

impl Evidence {
    /// The sum of two ancestors' evidence.
    pub fn plus(self, o: Evidence) -> Evidence {
        Evidence {
            successes: self.successes.saturating_add(o.successes),
            failures: self.failures.saturating_add(o.failures),
            taught: self.taught.saturating_add(o.taught),
            failed_to_teach: self.failed_to_teach.saturating_add(o.failed_to_teach),
        }
    }
}

/// Where an item came from: how it entered its creature (`experienced`, `told`,
/// `inherited`), the episodes that earned it (`episode:N` in that creature's ledger), and
/// the ancestor volumes it passed through, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    pub origin: String,
    pub episodes: Vec<String>,
    pub volumes: Vec<String>,
}

/// A reflex's trigger and action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReflexItem {
    pub situation_key: String,
    pub tool: String,
    /// The arguments, a JSON object as text.
    pub args: String,
    /// The action signature its streak was counted on.
    pub signature: String,
    /// The streak that promoted it.
    pub successes: u32,
}

/// The stable content id of an item: the first 16 hex digits of the SHA-256 of its kind and
/// its text with whitespace collapsed.
pub fn content_id(kind: ItemKind, text: &str) -> String {
    let norm: Vec<&str> = text.split_whitespace().collect();
    let hex = crate::memory::engram::text_sha256(&format!("{kind}\n{}", norm.join(" ")));
    hex[..16].to_string()
}

/// Whether a volume id is well formed: 1 to 80 of `A-Z a-z 0-9 . _ -`, not starting with a dot.
pub fn valid_volume_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 80
        && !id.starts_with('.')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}
