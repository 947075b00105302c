//! Adjudication's vocabulary: every tool call ends as exactly one typed [`Outcome`].
//!
//! The creature is judged by these, never by its own word (WIS1). A failure always has a
//! [`FailKind`] from the declared taxonomy; output is normalized and bounded before anyone
//! (the creature, the ledger, the operator) sees it.

use serde::{Deserialize, Serialize};

/// Why a call did not succeed (or `Ok` when it did).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailKind {
    /// It worked.
    Ok,
    /// A command ran and exited non-zero (or was killed by a signal).
    NonzeroExit,
    /// It ran past its time limit and was killed.
    Timeout,
    /// The body refused: a path outside the workspace, a forbidden operation.
    Denied,
    /// What it named does not exist (a file, a note, a skill).
    NotFound,
    /// The arguments were missing or of the wrong type.
    InvalidArgs,
    /// The model's reply could not be read as an action.
    ParseError,
    /// A tool the creature does not have (indistinguishable in-world from an unknown name).
    Locked,
    /// A model, organ or service did not answer.
    Unreachable,
    /// Something exceeded a declared limit (a file too large to write, a full store).
    TooLarge,
    /// The platform failed (an I/O error that is not the creature's doing).
    Internal,
}

impl FailKind {
    pub const ALL: [FailKind; 11] = [
        FailKind::Ok,
        FailKind::NonzeroExit,
        FailKind::Timeout,
        FailKind::Denied,
        FailKind::NotFound,
        FailKind::InvalidArgs,
        FailKind::ParseError,
        FailKind::Locked,
        FailKind::Unreachable,
        FailKind::TooLarge,
        FailKind::Internal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FailKind::Ok => "ok",
            FailKind::NonzeroExit => "nonzero_exit",
            FailKind::Timeout => "timeout",
            FailKind::Denied => "denied",
            FailKind::NotFound => "not_found",
            FailKind::InvalidArgs => "invalid_args",
            FailKind::ParseError => "parse_error",
            FailKind::Locked => "locked",
            FailKind::Unreachable => "unreachable",
            FailKind::TooLarge => "too_large",
            FailKind::Internal => "internal",
        }
    }
}

impl std::fmt::Display for FailKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a call says it did to the workspace or the store. The economy reads it (design §6):
/// a change pays, a call that says it changed nothing does not, and one that does not say is
/// judged by whether what it observed is new.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The tool does not say (a command, a read, a listing).
    #[default]
    Unsaid,
    /// It could have changed something and did not (identical content rewritten, a note that
    /// was already done closed again).
    Unchanged,
    /// It changed a file in the workspace or something in the store (a file rewritten, a skill
    /// edited, a note closed or reopened, an objective marked).
    Changed,
    /// It made something new: a file that was not there, a note whose text was not open, a
    /// memory, a skill, a prediction, an objective.
    Created,
    /// It closed an open step of the plan.
    StepClosed,
}

impl Effect {
    pub fn is_unsaid(&self) -> bool {
        *self == Effect::Unsaid
    }
}

/// The adjudicated result of one tool call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub success: bool,
    pub fail_kind: FailKind,
    /// Normalized, bounded output: what the creature sees as the observation.
    pub output: String,
    pub duration_ms: u64,
    /// Exit status, for commands.
    #[serde(default)]
    pub exit_code: Option<i32>,
    /// Done by the platform (a reflex), not chosen by the model: pays nothing (WIS2).
    #[serde(default)]
    pub automated: bool,
    /// What the call says it changed.
    #[serde(default, skip_serializing_if = "Effect::is_unsaid")]
    pub effect: Effect,
}

impl Outcome {
    pub fn ok(output: impl Into<String>) -> Outcome {
        Outcome {
            success: true,
            fail_kind: FailKind::Ok,
            output: output.into(),
            duration_ms: 0,
            exit_code: None,
            automated: false,
            effect: Effect::Unsaid,
        }
    }

    pub fn fail(kind: FailKind, output: impl Into<String>) -> Outcome {
        debug_assert_ne!(kind, FailKind::Ok);
        Outcome {
            success: false,
            fail_kind: kind,
            output: output.into(),
            duration_ms: 0,
            exit_code: None,
            automated: false,
            effect: Effect::Unsaid,
        }
    }

    pub fn with_duration(mut self, ms: u64) -> Outcome {
        self.duration_ms = ms;
        self
    }

    /// The outcome, saying what the call changed.
    pub fn with_effect(mut self, effect: Effect) -> Outcome {
        self.effect = effect;
        self
    }
}

/// Normalizes tool output for the creature and the ledger: valid UTF-8, no NULs or other
/// control characters except newline and tab, CRLF folded, trailing whitespace trimmed, and at
/// most `max_chars` characters (cut in the middle, with the cut said).
pub fn normalize_output(raw: &[u8], max_chars: usize) -> String {
    let text = String::from_utf8_lossy(raw);
    let cleaned: String = text
        .replace("\r\n", "\n")
        .chars()
        .map(|c| if c == '\r' { '\n' } else { c })
        .filter(|c| *c == '\n' || *c == '\t' || !c.is_control())
        .collect();
    let cleaned = cleaned.trim_end();
    cut_middle(cleaned, max_chars)
}

/// The observation line the creature sees next tick.
pub fn observation(outcome: &Outcome, max_chars: usize) -> String {
    let head = match (outcome.fail_kind, outcome.exit_code) {
        (FailKind::Ok, _) => "ok".to_string(),
        (kind, Some(code)) => format!("{kind} (exit {code})"),
        (kind, None) => kind.to_string(),
    };
    if outcome.output.is_empty() {
        head
    } else {
        cut_middle(&format!("{head}: {}", outcome.output), max_chars)
    }
}

/// Keeps the head and tail of a long text, saying how much was cut.
pub fn cut_middle(text: &str, max_chars: usize) -> String {
    let count = text.chars().count();
    if count <= max_chars {
        return text.to_string();
    }
    let marker_room = 40.min(max_chars);
    let keep = max_chars - marker_room;
    let head = keep * 2 / 3;
    let tail = keep - head;
    let head_str: String = text.chars().take(head).collect();
    let tail_str: String = text.chars().skip(count - tail).collect();
    format!(
        "{head_str}\n[... {} chars cut ...]\n{tail_str}",
        count - head - tail
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization_bounds_and_cleans() {
        let out = normalize_output(b"a\r\nb\x00c\x1b[0m  \n\n", 100);
        assert_eq!(out, "a\nbc[0m");
        let long = "x".repeat(10_000);
        let out = normalize_output(long.as_bytes(), 500);
        assert!(out.chars().count() <= 540, "{}", out.len());
        assert!(out.contains("chars cut"));
        assert_eq!(
            normalize_output(&[0xff, 0xfe, b'o', b'k'], 10),
            "\u{fffd}\u{fffd}ok"
        );
    }

    #[test]
    fn an_unsaid_effect_keeps_the_old_encoding() {
        let plain = Outcome::ok("x");
        let bytes = rmp_serde::to_vec_named(&plain).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("effect"), "an unsaid effect is not written");
        let json = serde_json::to_value(&plain).unwrap();
        assert!(json.get("effect").is_none(), "{json}");
        let old: Outcome = serde_json::from_str(
            r#"{"success": true, "fail_kind": "ok", "output": "x", "duration_ms": 0}"#,
        )
        .unwrap();
        assert_eq!(
            old, plain,
            "an outcome written before effects reads as unsaid"
        );
        let changed = plain.with_effect(Effect::StepClosed);
        let json = serde_json::to_value(&changed).unwrap();
        assert_eq!(json["effect"], "step_closed");
        let back: Outcome =
            rmp_serde::from_slice(&rmp_serde::to_vec_named(&changed).unwrap()).unwrap();
        assert_eq!(back, changed);
    }

    #[test]
    fn every_kind_has_a_distinct_name() {
        let names: std::collections::BTreeSet<_> =
            FailKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(names.len(), FailKind::ALL.len());
        for k in FailKind::ALL {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
        }
    }
}
