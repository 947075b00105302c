//! What an arm answered: a text reply, a tool call, or something that is not an action.
//!
//! Every battery task is one model call through the action channel, so the reply is
//! `{"tool": NAME, "args": {...}}`. A call to the grammar-level `reply` channel is a text
//! answer; any other tool is a tool call, kept with its raw text in the channel's compact JSON
//! form (`{"tool":"bash","args":{"command":"ls"}}`, arguments in the order the model wrote
//! them), so a pattern over it does not depend on how a server spaced its output. A reply that
//! does not parse as an action (a cut-off or garbled one) is [`Answer::Malformed`] and scores 0
//! everywhere: the channel failed, as a tick's `parse_error` would.

use serde::{Deserialize, Serialize};

use crate::creature::{Action, REPLY};

/// Most characters of an answer kept in a curve result.
pub const KEPT_CHARS: usize = 500;

/// An arm's answer to one task.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The text of a `reply` action.
    Text(String),
    /// A call to a tool, with its compact JSON.
    Call { action: Action, raw: String },
    /// A reply that is not an action; the raw text as it came.
    Malformed(String),
}

/// The three kinds of answer, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    Text,
    Call,
    Malformed,
}

impl Answer {
    /// Reads a model's reply text as an answer, with the same parser a tick uses, over every
    /// creature tool (the battery's grammar).
    pub fn from_reply(text: &str) -> Answer {
        let tools: Vec<_> = crate::world::TOOLS.iter().collect();
        match crate::mind::parse::parse_action(text, &tools) {
            Ok(action) => Answer::from_action(action),
            Err(_) => Answer::Malformed(text.to_string()),
        }
    }

    /// An answer from a parsed action: `reply` is text, anything else a tool call.
    pub fn from_action(action: Action) -> Answer {
        if action.tool == REPLY {
            return match action.str_arg("text") {
                Some(text) => Answer::Text(text.to_string()),
                None => Answer::Malformed(action.to_json()),
            };
        }
        let raw = action.to_json();
        Answer::Call { action, raw }
    }

    pub fn kind(&self) -> AnswerKind {
        match self {
            Answer::Text(_) => AnswerKind::Text,
            Answer::Call { .. } => AnswerKind::Call,
            Answer::Malformed(_) => AnswerKind::Malformed,
        }
    }

    /// What text scorers (`exact`, `regex`, `claim`) read: a reply's text, or a tool call's
    /// raw JSON; nothing for a malformed reply.
    pub fn scored_text(&self) -> Option<&str> {
        match self {
            Answer::Text(text) => Some(text),
            Answer::Call { raw, .. } => Some(raw),
            Answer::Malformed(_) => None,
        }
    }

    /// The answer as recorded with a result, cut at [`KEPT_CHARS`].
    pub fn kept(&self) -> String {
        let full = match self {
            Answer::Text(text) | Answer::Malformed(text) => text,
            Answer::Call { raw, .. } => raw,
        };
        if full.chars().count() <= KEPT_CHARS {
            full.clone()
        } else {
            let mut cut: String = full.chars().take(KEPT_CHARS).collect();
            cut.push('…');
            cut
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_is_text_and_other_tools_are_calls() {
        let a = Answer::from_reply(r#"{"tool": "reply", "args": {"text": "12"}}"#);
        assert_eq!(a, Answer::Text("12".into()));
        let a = Answer::from_reply(r#" {"tool": "bash", "args": {"command": "ls -la"}} "#);
        assert_eq!(a.kind(), AnswerKind::Call);
        assert_eq!(
            a.scored_text(),
            Some(r#"{"tool":"bash","args":{"command":"ls -la"}}"#)
        );
    }

    #[test]
    fn garbage_and_cut_replies_are_malformed() {
        for text in [
            "75",
            r#"{"tool": "reply", "args": {"text": "cut off"#,
            r#"{"tool":"reply","args":{}}"#,
        ] {
            let a = Answer::from_reply(text);
            assert_eq!(a.kind(), AnswerKind::Malformed, "{text}");
            assert_eq!(a.scored_text(), None);
        }
    }

    #[test]
    fn kept_text_is_bounded() {
        let a = Answer::Text("x".repeat(KEPT_CHARS + 10));
        assert_eq!(a.kept().chars().count(), KEPT_CHARS + 1);
        assert_eq!(Answer::Text("short".into()).kept(), "short");
    }
}
