//! The engram: one memory of the creature, as the store keeps it (`wis.engram.v1`).
//!
//! An engram has a kind, a body (the text it remembers, which is also the text embedded),
//! a strength, a provenance, a utility record that settled bets and replays fill in, a tier
//! (active or archive: nothing is ever deleted outright), source references, timestamps and
//! the metadata of its vector. The vector itself lives beside it in `wis.vector.v1`
//! ([`super::vector`]), so that a scan never decodes bodies.

use serde::{Deserialize, Serialize};

use super::fate::Fate;
use super::search::Tag;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// An engram's stable id: a sequence number that is never reused. It is also the engram's
/// point id in the Qdrant mirror. People see it as `e42`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EngramId(pub u64);

impl EngramId {
    /// The store key: zero-padded, so key order is creation order.
    pub fn key(self) -> String {
        format!("{:012}", self.0)
    }

    /// Reads `e42`, `42` or a store key.
    pub fn parse(text: &str) -> Option<EngramId> {
        let digits = text.trim();
        let digits = digits.strip_prefix(['e', 'E']).unwrap_or(digits);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().map(EngramId)
    }
}

impl std::fmt::Display for EngramId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "e{}", self.0)
    }
}

/// Declares a small enum with its stable lowercase names, shared by serde, clap and text.
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
                 clap::ValueEnum)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vm])* $v),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v),+];

            /// The stable name used in the store, in JSON and on the command line.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$v => $s),+ }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

named_enum!(
    /// What an engram is.
    Kind {
        /// A situation lived: what was done and how it ended.
        Episodic = "episodic",
        /// General knowledge distilled from many episodes.
        Semantic = "semantic",
        /// A strategy guardrail: an imperative the creature should follow in a situation.
        Strategy = "strategy",
        /// How to do something, step by step.
        Procedure = "procedure",
        /// A plain fact about the world.
        Fact = "fact",
        /// An error scar: something that failed, kept so it is not repeated.
        Scar = "scar",
        /// A passing thought.
        Musing = "musing",
        /// What a dream compressed during sleep.
        Dream = "dream",
        /// Who another is to the creature: a member of its cast, the keeper.
        Relationship = "relationship",
        /// Something the creature means to bring about.
        Goal = "goal",
        /// A standing value: what the creature holds important, whatever the step.
        Value = "value",
        /// A judgement of how a turn or a scene went against the creature's goals.
        Appraisal = "appraisal",
        /// The told world: what the creature was told of its world. Recalled as facts are.
        Lore = "lore",
    }
);

named_enum!(
    /// Where an engram came from.
    Provenance {
        /// The creature lived it: adjudicated by its own outcomes.
        Experienced = "experienced",
        /// An operator told it (`wis memory add`).
        Told = "told",
        /// An ancestor left it (heirlooms): a rumour until this creature verifies it.
        Inherited = "inherited",
        /// The keeper said it, rejecting an errand's answer: a correction, judged like what
        /// the creature was told.
        Keeper = "keeper",
    }
);

named_enum!(
    /// Whether an engram takes part in ordinary recall.
    Tier {
        /// Recalled by default.
        Active = "active",
        /// Kept, searchable on request, never recalled by default.
        Archive = "archive",
    }
);

impl Provenance {
    /// How far it is trusted: what the creature lived over what it was told (by an operator or
    /// the keeper), and that over what it inherited.
    pub fn trust(self) -> u8 {
        match self {
            Provenance::Experienced => 2,
            Provenance::Told | Provenance::Keeper => 1,
            Provenance::Inherited => 0,
        }
    }

    /// The strength an engram starts with: what the creature lived counts fully, what it
    /// was told a little less, what it inherited less again until it earns utility.
    pub fn initial_strength(self) -> f32 {
        match self {
            Provenance::Experienced => 1.0,
            Provenance::Told | Provenance::Keeper => 0.7,
            Provenance::Inherited => 0.5,
        }
    }
}

/// What happened when an engram was used: one settled bet or one scored replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Settlement {
    /// Recalled, followed, and the outcome succeeded.
    FollowedIntoSuccess,
    /// Recalled and not followed.
    Ignored,
    /// Recalled, followed, and the outcome failed.
    IntoFailure,
    /// Recalled into a replay that matched the verified fix.
    TaughtInReplay,
    /// Recalled into a replay that repeated the recorded failure.
    FailedToTeach,
}

/// The confidence of a new engram, and of one written before confidence was kept (the
/// migration default, [`Engram::confidence`]): no settlement has moved it yet. At the
/// midpoint curation neither doubts nor trusts a memory, so an old store is judged exactly
/// as before until new settlements move it; what was settled earlier stays in the utility
/// record, which curation reads as it always did.
pub const CONFIDENCE_START: f32 = 0.5;
/// What a positive settlement (followed into success, taught in replay) adds to confidence.
pub const CONFIDENCE_GAIN: f32 = 0.1;
/// What a negative settlement (followed into failure, failed to teach) takes from it: twice
/// what a success adds, since a memory followed into failure cost a turn, and the latest
/// failures should outweigh older successes. With these steps confidence stays on a grid of
/// tenths, so a threshold between two tenths is never met by rounding.
pub const CONFIDENCE_LOSS: f32 = 0.2;

fn confidence_start() -> f32 {
    CONFIDENCE_START
}

impl Settlement {
    /// Confidence `c` after this settlement, within 0..=1: a positive settlement raises it, a
    /// negative one lowers it, being ignored leaves it.
    pub fn moved_confidence(self, c: f32) -> f32 {
        let c = match self {
            Settlement::FollowedIntoSuccess | Settlement::TaughtInReplay => c + CONFIDENCE_GAIN,
            Settlement::IntoFailure | Settlement::FailedToTeach => c - CONFIDENCE_LOSS,
            Settlement::Ignored => c,
        };
        c.clamp(0.0, 1.0)
    }
}

/// The utility record: how often recalling this engram helped or hurt (design §4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Utility {
    pub followed_into_success: u32,
    pub ignored: u32,
    pub into_failure: u32,
    pub taught_in_replay: u32,
    pub failed_to_teach: u32,
    /// When the last settlement came in.
    pub last_settled: Option<Millis>,
}

impl Utility {
    /// Adds one settlement.
    pub fn record(&mut self, s: Settlement, at: Millis) {
        let counter = match s {
            Settlement::FollowedIntoSuccess => &mut self.followed_into_success,
            Settlement::Ignored => &mut self.ignored,
            Settlement::IntoFailure => &mut self.into_failure,
            Settlement::TaughtInReplay => &mut self.taught_in_replay,
            Settlement::FailedToTeach => &mut self.failed_to_teach,
        };
        *counter = counter.saturating_add(1);
        self.last_settled = Some(at);
    }

    /// Net demonstrated help: successes and lessons taught, less failures and lessons not
    /// taught. Being ignored is neutral here; curation judges a record of only ignores.
    pub fn score(&self) -> i64 {
        i64::from(self.followed_into_success) + i64::from(self.taught_in_replay)
            - i64::from(self.into_failure)
            - i64::from(self.failed_to_teach)
    }

    /// No settlement yet.
    pub fn is_empty(&self) -> bool {
        self.last_settled.is_none()
    }
}

/// Where an engram's vector is mirrored in Qdrant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QdrantRef {
    pub collection: String,
    pub point_id: u64,
}

/// What an engram's vector was made by and from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VectorMeta {
    /// `hash` or `http`.
    pub backend: String,
    pub model: String,
    pub dim: u32,
    /// sha256 (hex) of the text that was embedded.
    pub text_sha256: String,
    pub embedded_at: Millis,
    /// Set while the vector is known to be in the Qdrant mirror.
    #[serde(default)]
    pub qdrant: Option<QdrantRef>,
}

/// One memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Engram {
    pub id: EngramId,
    pub kind: Kind,
    pub body: String,
    /// 0..=1; curation moves it, recall ranks by similarity alone.
    pub strength: f32,
    /// 0..=1, apart from strength: how far the creature's own settlements bear the memory
    /// out, the latest weighing most. Each settlement moves it
    /// ([`Settlement::moved_confidence`]); curation doubts a memory low in it, and recall
    /// puts the more confident first among equals. Absent from an engram written before it
    /// was kept, it reads as [`CONFIDENCE_START`].
    #[serde(default = "confidence_start")]
    pub confidence: f32,
    pub provenance: Provenance,
    #[serde(default)]
    pub utility: Utility,
    pub tier: Tier,
    /// What it was made from: `episode:…`, `tick:…`, `operator`, an heirloom volume.
    #[serde(default)]
    pub sources: Vec<String>,
    pub created: Millis,
    pub updated: Millis,
    pub vector: VectorMeta,
    /// What sleep has judged of it: grace, the last judgement, where it went if archived.
    #[serde(default)]
    pub fate: Fate,
}

doc!(Engram, "wis.engram", 1, Layout::Keyed);

impl Engram {
    /// Settles one bet or replay into it: the utility record and the confidence.
    pub fn settle(&mut self, s: Settlement, at: Millis) {
        self.utility.record(s, at);
        self.confidence = s.moved_confidence(self.confidence);
    }

    /// The fields a search filters on.
    pub fn tag(&self) -> Tag {
        Tag {
            kind: self.kind,
            tier: self.tier,
            provenance: self.provenance,
        }
    }
}

/// The source prefix naming the heirloom volume an inherited engram came from
/// (`heirloom:<volume id>`).
pub const HEIRLOOM_SOURCE: &str = "heirloom:";

/// sha256 of a text, as lowercase hex.
pub fn text_sha256(text: &str) -> String {
    use sha2::Digest;
    use std::fmt::Write;
    let digest = sha2::Sha256::digest(text.as_bytes());
    let mut hex = String::with_capacity(64);
    for b in digest.iter() {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_in_every_form() {
        let id = EngramId(42);
        assert_eq!(id.to_string(), "e42");
        assert_eq!(id.key(), "000000000042");
        for form in ["e42", "E42", "42", "000000000042", " e42 "] {
            assert_eq!(EngramId::parse(form), Some(id), "{form}");
        }
        for bad in ["", "e", "x42", "e-1", "4 2"] {
            assert_eq!(EngramId::parse(bad), None, "{bad}");
        }
        assert!(EngramId(9).key() < EngramId(10).key());
    }

    #[test]
    fn names_are_stable_and_match_serde() {
        for k in Kind::ALL {
            let json = serde_json::to_string(k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
        }
        assert_eq!(Tier::Archive.to_string(), "archive");
        assert_eq!(Provenance::Told.as_str(), "told");
    }

    #[test]
    fn utility_records_and_scores() {
        let mut u = Utility::default();
        assert!(u.is_empty());
        u.record(Settlement::FollowedIntoSuccess, 5);
        u.record(Settlement::TaughtInReplay, 6);
        u.record(Settlement::IntoFailure, 7);
        u.record(Settlement::Ignored, 8);
        assert_eq!(u.score(), 1);
        assert_eq!(u.ignored, 1);
        assert_eq!(u.last_settled, Some(8));
    }

    #[test]
    fn sha_is_hex_of_the_text() {
        assert_eq!(
            text_sha256("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
