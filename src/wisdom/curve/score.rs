//! Mechanical scorers: no model judges a model.
//!
//! A task's `scorer` object names its type and its parameters:
//!
//! - `exact`: `answer` (one string) or `answers` (a list); 1 when the normalized answer equals
//!   one of them. Normalized: casefolded, whitespace collapsed to single spaces, surrounding
//!   punctuation, quotes and whitespace stripped.
//! - `regex`: `pattern`, searched case-insensitively; optional `flags` from `imsxU`
//!   (multi-line, dot matches newline, verbose, swap greed); 1 on a match.
//! - `claim`: `must_include` (every string should be present; the score is the fraction that
//!   is) and optional `must_exclude` (any present zeroes the score); case-insensitive
//!   substrings, whitespace collapsed on both sides.
//! - `action_signature`: 1 when the answer is a call to `tool`, and, with `args_pattern`, the
//!   call's raw JSON matches that regex (case-sensitive: it reads machine text; `(?i)` opts in).
//!
//! Text scorers read a text answer's text and a tool call's raw JSON (see [`Answer`]); a
//! malformed reply scores 0 under every scorer.

use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Serialize};

use super::answer::Answer;
use crate::creature::REPLY;

/// Most bytes a compiled pattern may take (a hostile battery cannot blow up memory).
const REGEX_SIZE_LIMIT: usize = 1 << 20;

/// A scorer as written in a battery line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ScorerSpec {
    Exact {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answers: Option<Vec<String>>,
    },
    Regex {
        pattern: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        flags: Option<String>,
    },
    Claim {
        must_include: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        must_exclude: Vec<String>,
    },
    ActionSignature {
        tool: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        args_pattern: Option<String>,
    },
}

/// A checked, compiled scorer.
#[derive(Debug, Clone)]
pub enum Scorer {
    Exact {
        answers: Vec<String>,
    },
    Regex {
        pattern: Regex,
    },
    Claim {
        include: Vec<String>,
        exclude: Vec<String>,
    },
    ActionSignature {
        tool: String,
        args: Option<Regex>,
    },
}

impl Scorer {
    /// Checks a written scorer and compiles its patterns; the error says what is wrong.
    pub fn compile(spec: &ScorerSpec) -> Result<Scorer, String> {
        match spec {
            ScorerSpec::Exact { answer, answers } => {
                let list = match (answer, answers) {
                    (Some(one), None) => vec![one.clone()],
                    (None, Some(many)) => many.clone(),
                    _ => return Err("exact takes `answer` or `answers`, exactly one".into()),
                };
                let answers: Vec<String> = list.iter().map(|a| normalize(a)).collect();
                if answers.is_empty() || answers.iter().any(String::is_empty) {
                    return Err("exact answers must be non-empty after normalizing".into());
                }
                Ok(Scorer::Exact { answers })
            }
            ScorerSpec::Regex { pattern, flags } => Ok(Scorer::Regex {
                pattern: build_regex(pattern, flags.as_deref().unwrap_or(""), true)?,
            }),
            ScorerSpec::Claim {
                must_include,
                must_exclude,
            } => {
                let fold = |v: &Vec<String>| -> Vec<String> { v.iter().map(|s| fold(s)).collect() };
                let (include, exclude) = (fold(must_include), fold(must_exclude));
                if include.is_empty() {
                    return Err("claim needs at least one `must_include` string".into());
                }
                if include.iter().chain(&exclude).any(String::is_empty) {
                    return Err("claim strings must not be empty".into());
                }
                Ok(Scorer::Claim { include, exclude })
            }
            ScorerSpec::ActionSignature { tool, args_pattern } => {
                if tool.trim().is_empty() {
                    return Err("action_signature needs a `tool`".into());
                }
                if tool == REPLY {
                    return Err(format!(
                        "`{REPLY}` is the text channel, not a tool: score text answers with exact, regex or claim"
                    ));
                }
                let args = match args_pattern {
                    Some(p) => Some(build_regex(p, "", false)?),
                    None => None,
                };
                Ok(Scorer::ActionSignature {
                    tool: tool.clone(),
                    args,
                })
            }
        }
    }

    /// The scorer's type name, as written.
    pub fn kind(&self) -> &'static str {
        match self {
            Scorer::Exact { .. } => "exact",
            Scorer::Regex { .. } => "regex",
            Scorer::Claim { .. } => "claim",
            Scorer::ActionSignature { .. } => "action_signature",
        }
    }

    /// Scores an answer, from 0 to 1.
    pub fn score(&self, answer: &Answer) -> f64 {
        match self {
            Scorer::ActionSignature { tool, args } => match answer {
                Answer::Call { action, raw } if &action.tool == tool => {
                    hit(args.as_ref().is_none_or(|re| re.is_match(raw)))
                }
                _ => 0.0,
            },
            _ => match answer.scored_text() {
                Some(text) => self.score_text(text),
                None => 0.0,
            },
        }
    }

    /// Whether a remembered line holds what this scorer looks for: an exact answer inside it,
    /// the pattern found in it, a claim it would score on, or the tool (and the arguments'
    /// pattern) it names. It attributes a scored answer to the memory it came from.
    pub fn holds(&self, text: &str) -> bool {
        match self {
            Scorer::Exact { answers } => {
                let hay = fold(text);
                answers.iter().any(|a| hay.contains(a.as_str()))
            }
            Scorer::ActionSignature { tool, args } => {
                text.contains(tool.as_str()) && args.as_ref().is_none_or(|re| re.is_match(text))
            }
            _ => self.score_text(text) > 0.0,
        }
    }

    fn score_text(&self, text: &str) -> f64 {
        match self {
            Scorer::Exact { answers } => {
                let got = normalize(text);
                hit(answers.contains(&got))
            }
            Scorer::Regex { pattern } => hit(pattern.is_match(text)),
            Scorer::Claim { include, exclude } => {
                let hay = fold(text);
                if exclude.iter().any(|x| hay.contains(x.as_str())) {
                    return 0.0;
                }
                let found = include.iter().filter(|s| hay.contains(s.as_str())).count();
                found as f64 / include.len() as f64
            }
            Scorer::ActionSignature { .. } => 0.0,
        }
    }
}

fn hit(yes: bool) -> f64 {
    if yes { 1.0 } else { 0.0 }
}

fn build_regex(pattern: &str, flags: &str, case_insensitive: bool) -> Result<Regex, String> {
    let mut b = RegexBuilder::new(pattern);
    b.case_insensitive(case_insensitive)
        .size_limit(REGEX_SIZE_LIMIT);
    for flag in flags.chars() {
        match flag {
            'i' => b.case_insensitive(true),
            'm' => b.multi_line(true),
            's' => b.dot_matches_new_line(true),
            'x' => b.ignore_whitespace(true),
            'U' => b.swap_greed(true),
            other => {
                return Err(format!(
                    "unknown regex flag `{other}` (known: i, m, s, x, U)"
                ));
            }
        };
    }
    b.build().map_err(|e| {
        let first = e.to_string();
        let last = first.lines().last().unwrap_or("invalid").trim().to_string();
        format!("pattern {pattern:?} does not compile: {last}")
    })
}

/// Casefolds and collapses whitespace.
fn fold(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The `exact` normal form: casefolded, whitespace collapsed, surrounding punctuation, quotes
/// and whitespace stripped.
pub fn normalize(text: &str) -> String {
    fold(text)
        .trim_matches(|c: char| c.is_whitespace() || is_punctuation(c))
        .to_string()
}

fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
        || matches!(
            c,
            '“' | '”' | '‘' | '’' | '«' | '»' | '„' | '‚' | '…' | '。' | '、' | '¡' | '¿'
        )
}

#[cfg(test)]
#[path = "score_tests.rs"]
mod tests;
