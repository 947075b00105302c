//! What a step asks, and whether an action did it: wis's adjudication of the plan (WIS1).
//!
//! A step is free text, written by the creature when it plans or by the keeper. Where its words
//! name a checkable action, [`asks`] reads what would show it done: a file written with a text,
//! a file read, a command run, the files listed, a tool used, a reply to the keeper. After each
//! of the creature's successful actions, [`Asks::done_by`] (or the world, for a file) says
//! whether that action did it; if so the step closes by itself, with the episode that did it.
//! A step whose words name nothing checkable closes only by the creature's own `note_close`, or
//! the operator's word.
//!
//! The reading is mechanical: a short list of phrasings ([`RULES`]), then the nearest worked
//! example of the creature's tools by shared words ([`super::examples`]), whose tool is what the
//! step asks when the match is close.

use std::sync::LazyLock;

use regex::Regex;

use crate::creature::{Action, Check, REPLY};
use crate::world::examples;
use crate::world::units::Example;

/// What a step asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Asks {
    /// A successful call of one of `tools` whose arguments match does it.
    Act {
        tools: Vec<String>,
        matcher: Matcher,
    },
    /// The world must show this after an action.
    World(Check),
    /// A reply does it (the text channel to the keeper).
    Reply,
    /// Nothing wis can check.
    Unchecked,
}

/// What an action's arguments must hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Matcher {
    Any,
    /// One of the texts appears in an argument (case ignored).
    Mentions(Vec<String>),
    /// The command's first word is one of these.
    FirstWord(Vec<String>),
    /// A command that runs these programs with these flags, in this order, on this operand,
    /// whole (`ls d | wc -l` for `ls d | wc -l` or `ls d/ | wc -l`, never `ls d/a.txt` or
    /// `ls -l d | wc -l`; [`super::errand::programs`], [`super::errand::operand`]).
    Command {
        programs: Vec<String>,
        operand: String,
    },
}

impl Asks {
    /// Whether `action`, which succeeded, did what the step asks. A [`Asks::World`] step is
    /// judged by the world instead ([`crate::world::judge`]), never by the action.
    pub fn done_by(&self, action: &Action) -> bool {
        match self {
            Asks::Act { tools, matcher } => tools.contains(&action.tool) && matcher.matches(action),
            Asks::Reply => action.tool == REPLY,
            Asks::World(_) | Asks::Unchecked => false,
        }
    }

    /// In a few words, for the operator and the stream.
    pub fn describe(&self) -> String {
        match self {
            Asks::Act { tools, matcher } => {
                let what = match matcher {
                    Matcher::Any => String::new(),
                    Matcher::Mentions(m) => format!(" naming {}", m.join(" or ")),
                    Matcher::FirstWord(w) => format!(" running {}", w.join(" or ")),
                    Matcher::Command { programs, operand } => {
                        format!(" running `{}` on {operand}", programs.join(" | "))
                    }
                };
                format!("{}{what}", tools.join(" or "))
            }
            Asks::World(check) => check.describe(),
            Asks::Reply => "a reply".into(),
            Asks::Unchecked => "nothing wis can check".into(),
        }
    }
}

impl Matcher {
    fn matches(&self, action: &Action) -> bool {
        let args: Vec<String> = action
            .args
            .values()
            .map(|v| match v {
                serde_json::Value::String(s) => s.to_lowercase(),
                other => other.to_string().to_lowercase(),
            })
            .collect();
        match self {
            Matcher::Any => true,
            Matcher::Mentions(texts) => texts
                .iter()
                .any(|t| args.iter().any(|a| a.contains(&t.to_lowercase()))),
            Matcher::FirstWord(words) => {
                let command = action.str_arg("command").unwrap_or_default();
                let first = command
                    .split(|c: char| c.is_whitespace() || c == ';' || c == '|')
                    .find(|w| !w.is_empty())
                    .unwrap_or_default()
                    .rsplit('/')
                    .next()
                    .unwrap_or_default()
                    .to_lowercase();
                words.contains(&first)
            }
            Matcher::Command { programs, operand } => {
                let command = action.str_arg("command").unwrap_or_default().to_lowercase();
                let ran = super::errand::programs(&command);
                let whole = |o: &str| o.trim_end_matches('/').to_lowercase();
                ran == *programs
                    && super::errand::operand(&command).is_some_and(|o| whole(&o) == whole(operand))
            }
        }
    }
}

use crate::world::examples::FILE;

fn re(pattern: &str) -> Regex {
    Regex::new(&pattern.replace("FILE", FILE)).expect("a valid step pattern")
}

/// The phrasings read before the examples, most specific first: each a pattern over the
/// lowercased step and what it asks.
/// One phrasing: a pattern and what a step matching it asks.
type Rule = (Regex, fn(&regex::Captures<'_>) -> Asks);

static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    vec![
        (
            re(r"\b(?:tell|answer|reply to|say to|report to|let)\b.*\bkeeper\b|^reply\b|^answer\b"),
            |_| Asks::Reply,
        ),
        (
            re(r"^(?:run|use|try) (?:the |your )?([\w-]+) skill\b"),
            |c| act(&[&format!("skill_{}", &c[1])], Matcher::Any),
        ),
        (
            re(r"^(?:write|put|save|store) (.+?) (?:in|into|to) (?:the file |a file )?(FILE)$"),
            |c| {
                Asks::World(Check::FileContains {
                    path: c[2].to_string(),
                    text: unquote(&c[1]),
                })
            },
        ),
        (
            re(
                r"^(?:create|make|write) (?:a |the )?(?:new )?(?:file )?(?:called |named )?(FILE)(?: (?:that says|saying|with|containing|with the text) (.+))?$",
            ),
            |c| match c.get(2) {
                Some(text) => Asks::World(Check::FileContains {
                    path: c[1].to_string(),
                    text: unquote(text.as_str()),
                }),
                None => Asks::World(Check::FileExists {
                    path: c[1].to_string(),
                }),
            },
        ),
        (
            re(
                r"^(?:read|open|show|cat|look at|look into|see|check|print|view)\b.*?\b(FILE)\b|\bwhat (?:does )?(FILE) says?\b",
            ),
            |c| {
                let file = c
                    .get(1)
                    .or(c.get(2))
                    .map(|m| m.as_str())
                    .unwrap_or_default();
                act(
                    &["read_file", "bash"],
                    Matcher::Mentions(vec![file.to_string()]),
                )
            },
        ),
        (
            re(r"^(?:run|execute|type) (?:the command )?[`'\x22]?([\w./-]+)"),
            |c| act(&["bash"], Matcher::FirstWord(vec![c[1].to_string()])),
        ),
        (
            re(
                r"\b(?:list|see|show|look at|find out)\b.*\b(?:files|what is here|what's here|around)\b",
            ),
            |_| act(&["bash"], words(&["ls", "find", "tree", "du"])),
        ),
        (
            re(r"\bcheck\b.*\b(?:able to do|can do|tools)\b|\bwhat you can do\b"),
            |_| act(&["check_tools"], Matcher::Any),
        ),
        (re(r"\bread (?:the |your )?([\w -]+?) notebook\b"), |c| {
            act(
                &["note_read"],
                Matcher::Mentions(vec![c[1].trim().to_string()]),
            )
        }),
        (re(r"\blist (?:your |the |all )?notebooks\b"), |_| {
            act(&["note_list"], Matcher::Any)
        }),
        (re(r"\b(?:remember|memorize|keep in mind)\b"), |_| {
            act(&["memorize"], Matcher::Any)
        }),
        (
            re(r"\b(?:recall|what you know about|what do you know)\b"),
            |_| act(&["recall"], Matcher::Any),
        ),
        (re(r"\bheirlooms?\b|\bancestors\b"), |_| {
            act(&["heirlooms"], Matcher::Any)
        }),
        (
            re(r"\b(?:make|create|write|build) (?:a |your first |another |one )?(?:new )?skill\b"),
            |_| act(&["create_skill"], Matcher::Any),
        ),
        (re(r"\blist (?:your |the )?skills\b"), |_| {
            act(&["list_skills"], Matcher::Any)
        }),
        (re(r"\bmanual\b"), |_| act(&["manual"], Matcher::Any)),
        (re(r"^predict\b"), |_| act(&["predict"], Matcher::Any)),
    ]
});

fn act(tools: &[&str], matcher: Matcher) -> Asks {
    Asks::Act {
        tools: tools.iter().map(|t| t.to_string()).collect(),
        matcher,
    }
}

fn words(w: &[&str]) -> Matcher {
    Matcher::FirstWord(w.iter().map(|w| w.to_string()).collect())
}

fn unquote(text: &str) -> String {
    text.trim()
        .trim_matches(|c| matches!(c, '\'' | '"' | '`'))
        .trim()
        .to_string()
}

/// What `step` asks, given the worked examples of the tools the creature has.
pub fn asks(step: &str, pool: &[&Example]) -> Asks {
    let lower = step.trim().trim_end_matches(['.', '!']).to_lowercase();
    for (pattern, make) in RULES.iter() {
        if let Some(c) = pattern.captures(&lower) {
            return make(&c);
        }
    }
    match examples::closest(&lower, pool) {
        Some(example) => {
            let Some(tool) = tool_of(example) else {
                return Asks::Unchecked;
            };
            let files = examples::files_in(&lower);
            let matcher = if files.is_empty() {
                Matcher::Any
            } else {
                Matcher::Mentions(files)
            };
            Asks::Act {
                tools: vec![tool],
                matcher,
            }
        }
        None => Asks::Unchecked,
    }
}

/// The tool an example's action calls.
fn tool_of(example: &Example) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(example.action).ok()?;
    value.get("tool")?.as_str().map(str::to_string)
}

#[cfg(test)]
#[path = "asks_tests.rs"]
mod tests;
