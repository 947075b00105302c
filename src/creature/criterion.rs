//! Criteria: typed predicates over a declared vocabulary of stat paths.
//!
//! A criterion is a comparison `{path, op, value}` or a combination (`all_of`, `any_of`). The
//! paths are declared in [`STATS`] with what each one counts; every one is a settled fact (a
//! skill LIVE in the manifest, a prediction in the ledger, an objective completed, a sleep
//! taken), never an attempt: a failed tool call moves none of them. Quests, unit milestones
//! and stat predictions all speak this one language.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// One declared stat path.
#[derive(Debug)]
pub struct StatPath {
    pub path: &'static str,
    pub about: &'static str,
}

/// The vocabulary: every path a criterion may name.
pub static STATS: &[StatPath] = &[
    StatPath {
        path: "sleeps",
        about: "completed sleeps",
    },
    StatPath {
        path: "sleeps.consolidated",
        about: "sleeps whose consolidation report was non-empty",
    },
    StatPath {
        path: "level",
        about: "the level the adjudicated XP has reached",
    },
    StatPath {
        path: "quests.passed",
        about: "quests closed as passed",
    },
    StatPath {
        path: "quests.failed",
        about: "quests closed as failed",
    },
    StatPath {
        path: "skills.live",
        about: "skills with a LIVE version in the manifest (a version that ran successfully)",
    },
    StatPath {
        path: "expectations.recorded",
        about: "predictions in the expectation ledger",
    },
    StatPath {
        path: "expectations.held",
        about: "predictions whose check settled true",
    },
    StatPath {
        path: "objectives.completed",
        about: "objectives completed (the persona's goals_completed)",
    },
    StatPath {
        path: "delegations.returned",
        about: "delegated jobs whose digest came back",
    },
    StatPath {
        path: "commissions.confirmed",
        about: "the keeper's commissions finished: their check held, or the keeper confirmed them",
    },
];

/// Whether a path is in the vocabulary.
pub fn known(path: &str) -> bool {
    STATS.iter().any(|s| s.path == path)
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = "==")]
    Eq,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = "<")]
    Lt,
}

impl Op {
    pub const ALL: [Op; 5] = [Op::Ge, Op::Gt, Op::Eq, Op::Le, Op::Lt];

    pub fn as_str(self) -> &'static str {
        match self {
            Op::Ge => ">=",
            Op::Gt => ">",
            Op::Eq => "==",
            Op::Le => "<=",
            Op::Lt => "<",
        }
    }

    pub fn holds(self, left: f64, right: f64) -> bool {
        match self {
            Op::Ge => left >= right,
            Op::Gt => left > right,
            Op::Eq => (left - right).abs() < 1e-9,
            Op::Le => left <= right,
            Op::Lt => left < right,
        }
    }
}

/// A typed predicate over stat paths. Static tables build it from borrowed parts; documents
/// decode it into owned ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Criterion {
    Stat {
        path: Cow<'static, str>,
        op: Op,
        value: f64,
    },
    AllOf {
        all_of: Cow<'static, [Criterion]>,
    },
    AnyOf {
        any_of: Cow<'static, [Criterion]>,
    },
}

/// `stat("skills.live", Op::Ge, 1.0)`, usable in statics.
pub const fn stat(path: &'static str, op: Op, value: f64) -> Criterion {
    Criterion::Stat {
        path: Cow::Borrowed(path),
        op,
        value,
    }
}

impl Criterion {
    /// Reads `path op value`, e.g. `skills.live >= 2`; the path must be in the vocabulary.
    pub fn parse(text: &str) -> Result<Criterion, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [path, op, value] = words[..] else {
            return Err(format!(
                "a stat condition is `path op value`, e.g. `skills.live >= 2`; got {text:?}"
            ));
        };
        let op = Op::ALL
            .into_iter()
            .find(|o| o.as_str() == op)
            .ok_or_else(|| format!("{op:?} is not one of >= > == <= <"))?;
        let value: f64 = value
            .parse()
            .map_err(|_| format!("{value:?} is not a number"))?;
        let c = Criterion::Stat {
            path: Cow::Owned(path.to_string()),
            op,
            value,
        };
        c.validate()?;
        Ok(c)
    }

    /// Every path named is in the vocabulary, and no combination is empty.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Criterion::Stat { path, .. } if known(path) => Ok(()),
            Criterion::Stat { path, .. } => Err(format!(
                "{path:?} is not a stat; the stats are: {}",
                STATS.iter().map(|s| s.path).collect::<Vec<_>>().join(", ")
            )),
            Criterion::AllOf { all_of: parts } | Criterion::AnyOf { any_of: parts } => {
                if parts.is_empty() {
                    return Err("an all_of or any_of needs at least one part".into());
                }
                parts.iter().try_for_each(Criterion::validate)
            }
        }
    }

    /// Evaluates against stats read by `value_of` (which may fail, e.g. on a store error).
    pub fn holds<E>(&self, value_of: &mut impl FnMut(&str) -> Result<f64, E>) -> Result<bool, E> {
        Ok(match self {
            Criterion::Stat { path, op, value } => op.holds(value_of(path)?, *value),
            Criterion::AllOf { all_of } => {
                for c in all_of.iter() {
                    if !c.holds(value_of)? {
                        return Ok(false);
                    }
                }
                true
            }
            Criterion::AnyOf { any_of } => {
                for c in any_of.iter() {
                    if c.holds(value_of)? {
                        return Ok(true);
                    }
                }
                false
            }
        })
    }

    /// The paths named, in order, each once.
    pub fn paths(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_paths(&mut out);
        out
    }

    fn collect_paths(&self, out: &mut Vec<String>) {
        match self {
            Criterion::Stat { path, .. } => {
                if !out.iter().any(|p| p == path) {
                    out.push(path.to_string());
                }
            }
            Criterion::AllOf { all_of: parts } | Criterion::AnyOf { any_of: parts } => {
                parts.iter().for_each(|c| c.collect_paths(out))
            }
        }
    }

    /// How people read it: `quests.passed >= 1 and sleeps >= 2`.
    pub fn describe(&self) -> String {
        match self {
            Criterion::Stat { path, op, value } => format!("{path} {} {value}", op.as_str()),
            Criterion::AllOf { all_of } => join(all_of, " and "),
            Criterion::AnyOf { any_of } => join(any_of, " or "),
        }
    }
}

fn join(parts: &[Criterion], with: &str) -> String {
    let shown: Vec<String> = parts
        .iter()
        .map(|c| match c {
            Criterion::Stat { .. } => c.describe(),
            _ => format!("({})", c.describe()),
        })
        .collect();
    shown.join(with)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(path: &str) -> Result<f64, String> {
        match path {
            "sleeps" => Ok(2.0),
            "quests.passed" => Ok(0.0),
            other => Err(other.to_string()),
        }
    }

    #[test]
    fn combinations_evaluate_and_describe() {
        static BOTH: Criterion = Criterion::AllOf {
            all_of: Cow::Borrowed(&[
                stat("quests.passed", Op::Ge, 1.0),
                stat("sleeps", Op::Ge, 2.0),
            ]),
        };
        assert!(!BOTH.holds(&mut values).unwrap());
        assert_eq!(BOTH.describe(), "quests.passed >= 1 and sleeps >= 2");
        assert_eq!(BOTH.paths(), ["quests.passed", "sleeps"]);
        let either = Criterion::AnyOf {
            any_of: Cow::Owned(vec![
                stat("quests.passed", Op::Ge, 1.0),
                stat("sleeps", Op::Gt, 1.0),
            ]),
        };
        assert!(either.holds(&mut values).unwrap());
        BOTH.validate().unwrap();
    }

    #[test]
    fn parse_accepts_only_the_vocabulary() {
        let c = Criterion::parse("skills.live >= 2").unwrap();
        assert_eq!(c, stat("skills.live", Op::Ge, 2.0));
        assert!(
            Criterion::parse("tools_used.bash >= 1")
                .unwrap_err()
                .contains("not a stat")
        );
        assert!(Criterion::parse("skills.live => 2").is_err());
        assert!(Criterion::parse("skills.live >= two").is_err());
        assert!(Criterion::parse("skills.live").is_err());
    }

    #[test]
    fn criteria_round_trip_through_json_and_the_store_encoding() {
        let c = Criterion::AllOf {
            all_of: Cow::Owned(vec![
                stat("objectives.completed", Op::Ge, 1.0),
                Criterion::AnyOf {
                    any_of: Cow::Owned(vec![stat("sleeps", Op::Eq, 3.0)]),
                },
            ]),
        };
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains(r#""op":">=""#), "{json}");
        assert_eq!(serde_json::from_str::<Criterion>(&json).unwrap(), c);
        let bytes = crate::base::store::encode(&c).unwrap();
        assert_eq!(crate::base::store::decode::<Criterion>(&bytes).unwrap(), c);
    }
}
