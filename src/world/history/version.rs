//! A version: what a file held before something changed it, named by the copy of its content
//! (its SHA-256), with what befell it and who did it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::state::RelPath;
use crate::base::clock::Millis;

/// The SHA-256 of a file's content: the name of its copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Sha(#[serde(with = "serde_bytes")] pub [u8; 32]);

impl Sha {
    pub fn of(bytes: &[u8]) -> Sha {
        Sha(Sha256::digest(bytes).into())
    }

    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The first eight hex digits, as listings show it.
    pub fn short(&self) -> String {
        self.hex()[..8].to_string()
    }
}

/// Why no copy of some content is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotKept {
    /// Larger than `[workspace] history_file_max_bytes`.
    TooLarge,
    /// No room under `[workspace] history_max_bytes`, even with every version evicted.
    OverTotal,
    /// The file could not be read (its permissions, say).
    Unreadable,
}

impl NotKept {
    pub fn as_str(self) -> &'static str {
        match self {
            NotKept::TooLarge => "too large to keep",
            NotKept::OverTotal => "no room left in the history",
            NotKept::Unreadable => "could not be read",
        }
    }
}

/// What befell the content a version keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum What {
    Overwritten,
    /// Written again with its words kept whole at its head and more after them (a line
    /// appended): nothing of it was lost.
    Extended,
    Deleted,
    /// Another file was renamed over it.
    Replaced,
    /// It was renamed away (`to` says where).
    Moved,
    /// `wis workspace restore` put earlier words over it.
    Restored,
}

impl What {
    pub fn as_str(self) -> &'static str {
        match self {
            What::Overwritten => "overwritten",
            What::Extended => "added to",
            What::Deleted => "deleted",
            What::Replaced => "replaced by a rename",
            What::Moved => "moved",
            What::Restored => "written over by a restore",
        }
    }

    /// Whether the content was gone from its path afterwards (a move keeps it elsewhere; an
    /// addition keeps it at the head of the file).
    pub fn destroys(self) -> bool {
        !matches!(self, What::Moved | What::Extended)
    }
}

/// Who changed a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// An action the model chose: the tool or skill it called.
    Action(String),
    /// An action a reflex fired.
    Reflex(String),
    /// A check run after an action (a commission's or a prediction's command).
    Check,
    /// Seen changed before an action: the keeper, another program, or a turn that died.
    Outside,
    /// `wis workspace restore`.
    Restore,
}

impl By {
    /// Whether the creature did it (an action of its own, chosen or fired).
    pub fn creature(&self) -> bool {
        matches!(self, By::Action(_) | By::Reflex(_))
    }

    pub fn shown(&self) -> String {
        match self {
            By::Action(tool) => tool.clone(),
            By::Reflex(tool) => format!("reflex {tool}"),
            By::Check => "a check".into(),
            By::Outside => "between turns".into(),
            By::Restore => "restore".into(),
        }
    }
}

/// One earlier version of a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Version {
    pub id: u64,
    #[serde(with = "serde_bytes")]
    pub path: RelPath,
    /// The tick during which the content was replaced (a change seen between turns belongs
    /// to the last tick lived).
    pub tick: u64,
    pub at: Millis,
    pub what: What,
    pub by: By,
    /// The content's size in bytes.
    pub size: u64,
    pub blob: Option<Sha>,
    pub not_kept: Option<NotKept>,
    /// Where a moved file went.
    #[serde(with = "serde_bytes", default)]
    pub to: Option<RelPath>,
}
