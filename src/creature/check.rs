//! Checks: what the world must show for a claim to hold. One vocabulary for predictions, the
//! keeper's commissions and the plan's steps (WIS1: no second predicate language): the
//! [`Criterion`] stat forms, a command that must exit 0, and the world forms a keeper writes:
//! a file exists, a file contains a text, the creature's reply contains a text.
//!
//! Written for people exactly so (see [`Check::parse`]):
//!
//! ```text
//! file PATH exists
//! file PATH contains TEXT
//! command CMD
//! reply contains TEXT
//! skills.live >= 1
//! ```

use serde::{Deserialize, Serialize};

use crate::creature::criterion::{Criterion, STATS};

/// Most characters of a check's text (a command, a path, a text to find).
pub const MAX_CHECK_CHARS: usize = 1000;

/// How a claim is checked against the world.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Check {
    /// Held when the command exits 0 in the sandbox (run by wis, never by the creature).
    Shell { command: String },
    /// Held when the condition over the stat vocabulary holds.
    Stat { criterion: Criterion },
    /// Held when the workspace has this file.
    FileExists { path: String },
    /// Held when the workspace's file contains the text (case ignored).
    FileContains { path: String, text: String },
    /// Held when the creature's reply to the commission contains the text (case ignored, as
    /// whole words: `7` is not found in `17`).
    ReplyContains { text: String },
}

/// The forms [`Check::parse`] reads, for errors and `--help`.
pub const FORMS: &str = "`file PATH exists`, `file PATH contains TEXT`, `command CMD`, \
                         `reply contains TEXT`, or a stat condition `PATH OP VALUE` \
                         (e.g. `skills.live >= 1`)";

impl Check {
    /// Reads a check written as one of [`FORMS`]. Quotes around a path or text are dropped.
    pub fn parse(text: &str) -> Result<Check, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(format!("an empty check; a check is one of {FORMS}"));
        }
        if text.chars().count() > MAX_CHECK_CHARS {
            return Err(format!("a check is at most {MAX_CHECK_CHARS} characters"));
        }
        let (head, rest) = split_word(text);
        match head {
            "file" => {
                let (path, after) = split_word(rest);
                let path = unquote(path);
                if path.is_empty() {
                    return Err("`file` needs a path: `file PATH exists`".into());
                }
                let (verb, tail) = split_word(after);
                match verb {
                    "exists" if tail.is_empty() => Ok(Check::FileExists { path }),
                    "contains" if !unquote(tail).is_empty() => Ok(Check::FileContains {
                        path,
                        text: unquote(tail),
                    }),
                    "contains" => Err("`file PATH contains` needs a text".into()),
                    _ => Err(format!(
                        "after `file {path}` comes `exists` or `contains TEXT`; got {after:?}"
                    )),
                }
            }
            "command" if !rest.is_empty() => Ok(Check::Shell {
                command: rest.to_string(),
            }),
            "command" => Err("`command` needs the command to run: `command CMD`".into()),
            "reply" => {
                let (verb, tail) = split_word(rest);
                match verb {
                    "contains" if !unquote(tail).is_empty() => Ok(Check::ReplyContains {
                        text: unquote(tail),
                    }),
                    _ => Err("the reply form is `reply contains TEXT`".into()),
                }
            }
            path if path.contains('.') || STATS.iter().any(|s| s.path == path) => {
                Criterion::parse(text).map(|criterion| Check::Stat { criterion })
            }
            _ => Err(format!(
                "{text:?} is not a check; a check is one of {FORMS}"
            )),
        }
    }

    /// How people read it, in the form [`Check::parse`] reads back.
    pub fn describe(&self) -> String {
        match self {
            Check::Shell { command } => format!("command {command}"),
            Check::Stat { criterion } => criterion.describe(),
            Check::FileExists { path } => format!("file {path} exists"),
            Check::FileContains { path, text } => format!("file {path} contains {text}"),
            Check::ReplyContains { text } => format!("reply contains {text}"),
        }
    }

    /// The workspace path it names, if any (to be confined before it is accepted).
    pub fn path(&self) -> Option<&str> {
        match self {
            Check::FileExists { path } | Check::FileContains { path, .. } => Some(path),
            _ => None,
        }
    }
}

/// Whether `reply` holds the text a [`Check::ReplyContains`] looks for: case ignored, and as
/// whole words: a text that begins or ends with a letter or digit is not found inside a longer
/// word or number (`7` is not in `17`, `water` is in `water the plants` but not in `watery`).
pub fn reply_holds(text: &str, reply: &str) -> bool {
    let text = text.to_lowercase();
    let reply = reply.to_lowercase();
    if text.is_empty() {
        return false;
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let (starts, ends) = (word(text.chars().next()), word(text.chars().last()));
    reply.match_indices(&text).any(|(at, _)| {
        let before = reply[..at].chars().next_back();
        let after = reply[at + text.len()..].chars().next();
        let inside = (starts && word(before)) || (ends && word(after));
        !inside
    })
}

fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    }
}

fn unquote(text: &str) -> String {
    let t = text.trim();
    for q in ['"', '\'', '`'] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t[1..t.len() - 1].to_string();
        }
    }
    t.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keeper_forms_read_exactly() {
        assert_eq!(
            Check::parse("file notes/a.txt exists").unwrap(),
            Check::FileExists {
                path: "notes/a.txt".into()
            }
        );
        assert_eq!(
            Check::parse("file a.txt contains \"hello there\"").unwrap(),
            Check::FileContains {
                path: "a.txt".into(),
                text: "hello there".into()
            }
        );
        assert_eq!(
            Check::parse("command test -s out.log").unwrap(),
            Check::Shell {
                command: "test -s out.log".into()
            }
        );
        assert_eq!(
            Check::parse("reply contains 4411").unwrap(),
            Check::ReplyContains {
                text: "4411".into()
            }
        );
        assert!(matches!(
            Check::parse("skills.live >= 1").unwrap(),
            Check::Stat { .. }
        ));
        for check in [
            "file notes/a.txt exists",
            "file a.txt contains hello there",
            "command ls",
            "reply contains 4411",
            "skills.live >= 1",
        ] {
            assert_eq!(Check::parse(check).unwrap().describe(), check);
        }
    }

    #[test]
    fn anything_else_is_refused_naming_the_vocabulary() {
        for bad in [
            "",
            "files a.txt exists",
            "file a.txt",
            "file a.txt is there",
            "file exists",
            "file a.txt contains",
            "command",
            "reply is 4",
            "reply contains",
            "mood > 3",
            "skills.dead >= 1",
        ] {
            let err = Check::parse(bad).unwrap_err();
            assert!(!err.is_empty(), "{bad}");
        }
        assert!(
            Check::parse("bogus")
                .unwrap_err()
                .contains("file PATH exists")
        );
        assert!(Check::parse(&"x".repeat(2000)).is_err());
    }

    #[test]
    fn a_reply_holds_its_text_whatever_the_case() {
        assert!(reply_holds("Tulip", "the code is TULIP-42"));
        assert!(!reply_holds("tulip", "rose"));
    }

    #[test]
    fn a_reply_holds_its_text_as_whole_words_only() {
        assert!(reply_holds("7", "There are 7 lines."));
        assert!(reply_holds("7", "7"));
        assert!(!reply_holds("7", "17"), "a number inside a longer one");
        assert!(!reply_holds("12", "6120"), "a demonstration's answer");
        assert!(
            reply_holds("12", "6120, or 12"),
            "a later match still counts"
        );
        assert!(reply_holds("april", "letters/april.txt"));
        assert!(!reply_holds("water", "watery"));
        assert!(reply_holds("disk full", "it says: DISK FULL!"));
        assert!(
            reply_holds("-x", "a-x"),
            "a text that begins with no word character"
        );
    }
}
