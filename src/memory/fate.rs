//! What sleep and the world have judged of an engram, kept on the engram itself: since which
//! sleep it has gone without positive utility (its grace), the last sleep that judged it, what
//! the world showed of it (its [`Witness`]es: a commission done, a step closed, a file read
//! again unchanged), and, once it is in the archive tier, where it went and why. Curation,
//! consolidation, distillation and the tick's last phase write it; `wis memory show` reads it;
//! `wis memory restore` clears the archive mark.

use serde::{Deserialize, Serialize};

use super::engram::EngramId;
use crate::base::clock::Millis;

/// Why an engram is in the archive tier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// An inherited or told fact about a file or a command that this creature's own reading
    /// showed otherwise: a fact about the ancestor's house, not this one.
    Contradicted {
        /// The tick of the reading.
        tick: u64,
        /// What the reading showed, as a fact in the same form (bounded).
        read: String,
    },
    /// An inherited memory this creature's own use went against before it was verified here:
    /// followed into failure or failed to teach, more often than it helped.
    FailedHere {
        /// Its failures here (into failure and failed to teach).
        failures: u32,
        /// The tick of the last one, when a tick settled it (none: a sleep's replay did).
        tick: Option<u64>,
    },
    /// An inherited memory this creature was shown again and again and never followed, before
    /// it was verified here: advice for the ancestor's house, not this one.
    Unheeded {
        /// The times it was shown here and not followed.
        ignored: u32,
    },
}

/// Where an archived engram went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Archived {
    pub gone: Gone,
    /// The sleep that moved it, when a sleep did.
    #[serde(default)]
    pub sleep: Option<u64>,
    pub at: Millis,
}

/// How the world showed a memory true in this creature's own life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Witnessed {
    /// An errand's lesson: the commission it was learned on was done, its check held.
    ErrandDone,
    /// Shown before an action that followed it and closed a step or a commission.
    FollowedIntoClose,
    /// A stated fact used in a reply to a commission whose check held.
    AcceptedReply,
    /// A fact about a file or command that a later reading showed unchanged.
    ReadAgain,
}

impl Witnessed {
    pub fn as_str(self) -> &'static str {
        match self {
            Witnessed::ErrandDone => "errand done",
            Witnessed::FollowedIntoClose => "followed into a close",
            Witnessed::AcceptedReply => "used in an accepted reply",
            Witnessed::ReadAgain => "read again unchanged",
        }
    }
}

/// One piece of the world's evidence for a memory: what held, when, and the episodes and
/// commission it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    pub how: Witnessed,
    /// What held, in words: `commission #3 done: reply contains 7341`, `step closed: …`,
    /// `read again at tick 40, unchanged`.
    pub said: String,
    /// The creature's tick when the world showed it.
    pub tick: u64,
    /// The commission it was shown on, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<u64>,
    /// The ticks of the episodes that did it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub episodes: Vec<u64>,
    pub at: Millis,
}

/// Most witnesses one engram keeps: the first and the newest.
pub const WITNESSES_KEPT: usize = 4;
/// Most characters of a witness's words.
pub const WITNESS_CHARS: usize = 240;

impl Witness {
    /// A witness, its words on one line and bounded.
    pub fn new(how: Witnessed, said: &str, tick: u64, at: Millis) -> Witness {
        let one = said.split_whitespace().collect::<Vec<_>>().join(" ");
        Witness {
            how,
            said: one.chars().take(WITNESS_CHARS).collect(),
            tick,
            commission: None,
            episodes: Vec::new(),
            at,
        }
    }

    /// The same, on commission `id`.
    pub fn on(mut self, id: Option<u64>) -> Witness {
        self.commission = id;
        self
    }

    /// The same, done by the episodes of these ticks (at most eight, the newest).
    pub fn episodes(mut self, ticks: impl IntoIterator<Item = u64>) -> Witness {
        let mut all: Vec<u64> = ticks.into_iter().collect();
        all.sort_unstable();
        all.dedup();
        let skip = all.len().saturating_sub(8);
        self.episodes = all.split_off(skip);
        self
    }

    /// In words: `tick 12, errand done: commission #3 done: reply contains 7341 (its episodes
    /// at ticks 11, 12)`.
    pub fn line(&self) -> String {
        let ticks: Vec<String> = self.episodes.iter().map(u64::to_string).collect();
        let eps = match ticks.len() {
            0 => String::new(),
            1 => format!(" (its episode at tick {})", ticks[0]),
            _ => format!(" (its episodes at ticks {})", ticks.join(", ")),
        };
        format!(
            "tick {}, {}: {}{eps}",
            self.tick,
            self.how.as_str(),
            self.said
        )
    }
}

/// Sleep's judgement of one engram.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
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
    /// What the world showed of it in this creature's life, oldest first (at most
    /// [`WITNESSES_KEPT`]: the first and the newest): a memory with any is verified by the
    /// world, whatever its settled score.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub witnessed: Vec<Witness>,
}

impl Fate {
    /// Whether the world has shown it true in this creature's life.
    pub fn world_verified(&self) -> bool {
        !self.witnessed.is_empty()
    }

    /// Adds a witness, keeping the first and the newest. One of the same kind at the same tick
    /// is not kept twice.
    pub fn witness(&mut self, w: Witness) {
        if self
            .witnessed
            .iter()
            .any(|o| o.how == w.how && o.tick == w.tick && o.commission == w.commission)
        {
            return;
        }
        self.witnessed.push(w);
        self.witnessed.sort_by_key(|w| w.tick);
        if self.witnessed.len() > WITNESSES_KEPT {
            self.witnessed.remove(1);
        }
    }
}

impl Archived {
    /// Where it went, in words: `merged into e7 at sleep 3`, `pruned at sleep 5`.
    pub fn line(&self) -> String {
        let what = match &self.gone {
            Gone::MergedInto { survivor } => format!("merged into {survivor}"),
            Gone::Pruned => "pruned".to_string(),
            Gone::Cap => "moved out at the active cap".to_string(),
            Gone::Superseded => "superseded by a newer reading".to_string(),
            Gone::Contradicted { tick, read } => {
                format!("contradicted by the read at tick {tick}: {read}")
            }
            Gone::FailedHere { failures, tick } => {
                let last = match tick {
                    Some(t) => format!(", the last at tick {t}"),
                    None => String::new(),
                };
                format!("demoted: it failed here {failures} times before it was verified{last}")
            }
            Gone::Unheeded { ignored } => format!(
                "demoted: shown here {ignored} times and never followed before it was verified"
            ),
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
        let contradicted = Archived {
            gone: Gone::Contradicted {
                tick: 12,
                read: "notes.txt says: port 9".into(),
            },
            sleep: Some(2),
            at: 1,
        };
        assert_eq!(
            contradicted.line(),
            "contradicted by the read at tick 12: notes.txt says: port 9 at sleep 2"
        );
        let failed = Archived {
            gone: Gone::FailedHere {
                failures: 2,
                tick: Some(9),
            },
            sleep: None,
            at: 1,
        };
        assert_eq!(
            failed.line(),
            "demoted: it failed here 2 times before it was verified, the last at tick 9"
        );
    }

    #[test]
    fn witnesses_keep_the_first_and_the_newest_once_each() {
        let mut fate = Fate::default();
        assert!(!fate.world_verified());
        for t in 1..=6 {
            fate.witness(Witness::new(
                Witnessed::FollowedIntoClose,
                "step closed",
                t,
                0,
            ));
        }
        fate.witness(Witness::new(Witnessed::FollowedIntoClose, "again", 6, 0));
        let ticks: Vec<u64> = fate.witnessed.iter().map(|w| w.tick).collect();
        assert_eq!(ticks, [1, 4, 5, 6]);
        assert!(fate.world_verified());
        let w = Witness::new(
            Witnessed::ErrandDone,
            "commission #3 done:\n reply contains 7",
            4,
            0,
        )
        .on(Some(3))
        .episodes([4, 3, 3]);
        assert_eq!(
            w.line(),
            "tick 4, errand done: commission #3 done: reply contains 7 (its episodes at ticks 3, 4)"
        );
        // An old fate without witnesses reads as before, and writes no such key.
        let old: Fate = serde_json::from_str(r#"{"quiet_since":null}"#).unwrap();
        assert!(old.witnessed.is_empty());
        assert!(
            serde_json::to_string(&old)
                .unwrap()
                .find("witnessed")
                .is_none()
        );
    }
}
