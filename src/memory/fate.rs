//! What sleep has judged of an engram, kept on the engram itself: since which sleep it has
//! gone without positive utility (its grace), the last sleep that judged it, and, once it is
//! in the archive tier, where it went and when. Curation and consolidation write it; `wis
//! memory show` reads it; `wis memory restore` clears the archive mark.

use serde::{Deserialize, Serialize};

use super::engram::EngramId;
use crate::base::clock::Millis;

/// Why an engram is in the archive tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum Gone {
    /// Consolidation merged it into a near-duplicate that survives.
    MergedInto { survivor: EngramId },
    /// Curation let it decay below the strength floor.
    Pruned,
    /// The active cap moved it out to make room.
    Cap,
    /// A newer reading of the same thing replaced it (distillation's facts).
    Superseded,
}

/// Where an archived engram went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Archived {
    pub gone: Gone,
    /// The sleep that moved it, when a sleep did.
    #[serde(default)]
    pub sleep: Option<u64>,
    pub at: Millis,
}

/// Sleep's judgement of one engram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Fate {
    /// The sleep since which its utility record has been empty or negative (its grace runs
    /// from here); none while it is protected by positive utility or not judged yet.
    pub quiet_since: Option<u64>,
    /// The last sleep whose curation judged it: one judgement per sleep.
    pub judged_at: Option<u64>,
    /// Set while it is in the archive tier.
    pub archived: Option<Archived>,
    /// The sleep at which a told or inherited memory first showed positive utility from this
    /// creature's own settlements: from then on it decays as what the creature lived does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified_at: Option<u64>,
}

impl Archived {
    /// Where it went, in words: `merged into e7 at sleep 3`, `pruned at sleep 5`.
    pub fn line(&self) -> String {
        let what = match self.gone {
            Gone::MergedInto { survivor } => format!("merged into {survivor}"),
            Gone::Pruned => "pruned".to_string(),
            Gone::Cap => "moved out at the active cap".to_string(),
            Gone::Superseded => "superseded by a newer reading".to_string(),
        };
        match self.sleep {
            Some(s) => format!("{what} at sleep {s}"),
            None => what,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_mark_says_where_it_went() {
        let merged = Archived {
            gone: Gone::MergedInto {
                survivor: EngramId(7),
            },
            sleep: Some(3),
            at: 1,
        };
        assert_eq!(merged.line(), "merged into e7 at sleep 3");
        let cap = Archived {
            gone: Gone::Cap,
            sleep: None,
            at: 1,
        };
        assert_eq!(cap.line(), "moved out at the active cap");
        let json = serde_json::to_value(merged).unwrap();
        assert_eq!(json["gone"]["why"], "merged_into");
        assert_eq!(json["gone"]["survivor"], 7);
    }
}
