//! The parts a version 2 heirloom record may carry (design §4.6): the world's evidence behind
//! an item ([`WorldEvidence`]), an errand's lesson whole ([`Lesson`]), and a group of scars of
//! one pattern ([`Group`]). Each refuses unknown keys, and [`check`] holds the bounds the
//! types cannot, so the strict reader stays strict.

use serde::{Deserialize, Serialize};

use super::format::{ItemKind, MAX_LIST, Record};
use crate::memory::{Witness, Witnessed};

/// Most characters of any text a part holds (a task, an action, a line, a witness's words).
pub const MAX_PART_CHARS: usize = 400;
/// Most pieces of world evidence on one record.
pub const MAX_WORLD: usize = 8;
/// Most examples a group of scars keeps.
pub const GROUP_EXAMPLES: usize = 3;
/// Most lines an answer's lesson carries.
pub const MAX_KNOWN: usize = 3;

/// How the world showed an item true (the creature's [`Witnessed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Held {
    /// An errand's lesson: the commission it was learned on was done, its check held.
    ErrandDone,
    /// Followed into an action that closed a step or a commission.
    FollowedIntoClose,
    /// A fact used in a reply to a commission whose check held.
    AcceptedReply,
    /// A fact a later reading showed unchanged.
    ReadAgain,
}

/// One piece of the world's evidence: what held, at which tick of its creature's life, on
/// which commission, by the episodes of which ticks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldEvidence {
    pub how: Held,
    /// What held, in words: `commission #3 done: reply contains 7341`.
    pub said: String,
    pub tick: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub episodes: Vec<u64>,
}

impl WorldEvidence {
    /// The record of a creature's witness.
    pub fn of(w: &Witness) -> WorldEvidence {
        WorldEvidence {
            how: match w.how {
                Witnessed::ErrandDone => Held::ErrandDone,
                Witnessed::FollowedIntoClose => Held::FollowedIntoClose,
                Witnessed::AcceptedReply => Held::AcceptedReply,
                Witnessed::ReadAgain => Held::ReadAgain,
            },
            said: clean(&w.said),
            tick: w.tick,
            commission: w.commission,
            episodes: w.episodes.iter().copied().take(MAX_LIST).collect(),
        }
    }
}

/// A lesson of an errand's kind, whole: what the heir's precedent is made of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The errand's kind, as the keeper named it (`copy`, `value`).
    pub errand: String,
    /// `look`, `act` or `answer`.
    pub role: String,
    /// The task it did, in the keeper's words.
    pub task: String,
    /// The action that did it, in the action channel's JSON form.
    pub example: String,
    /// What the heir's bet on it settles on: the tool and, for a command, its program.
    pub shape: String,
    /// For an answer: the lines it was picked from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<String>,
}

/// Scars of one pattern as one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The pattern: the tool and how it failed (`read_file failed (not_found)`).
    pub pattern: String,
    /// How many scars of the pattern the creature held (2 or more).
    pub count: u64,
    /// A few of them, as the creature kept them.
    pub examples: Vec<String>,
}

/// `text` as a part holds it: every control character a space, at most [`MAX_PART_CHARS`]
/// characters (what the exporter writes, so the reader takes it).
pub fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_PART_CHARS)
        .collect()
}

/// Whether `text` is a part's text: 1 to [`MAX_PART_CHARS`] characters, no control character.
fn part(text: &str) -> bool {
    let n = text.chars().count();
    (1..=MAX_PART_CHARS).contains(&n) && !text.chars().any(char::is_control)
}

/// The bounds of a record's version 2 parts the types cannot hold.
pub fn check(r: &Record) -> Result<(), String> {
    if r.world.len() > MAX_WORLD {
        return Err(format!("more than {MAX_WORLD} pieces of world evidence"));
    }
    for w in &r.world {
        if !part(&w.said) || w.episodes.len() > MAX_LIST {
            return Err(format!(
                "world evidence says 1 to {MAX_PART_CHARS} characters without control \
                 characters, over at most {MAX_LIST} episodes"
            ));
        }
    }
    match (&r.lesson, r.kind) {
        (Some(l), ItemKind::Procedure) => check_lesson(l)?,
        (Some(_), kind) => return Err(format!("a {kind} record has no lesson")),
        (None, _) => {}
    }
    match (&r.group, r.kind) {
        (Some(g), ItemKind::Scar) => {
            if g.count < 2 || g.examples.is_empty() || g.examples.len() > GROUP_EXAMPLES {
                return Err(format!(
                    "a group stands for 2 or more scars, with 1 to {GROUP_EXAMPLES} examples"
                ));
            }
            if !part(&g.pattern) || !g.examples.iter().all(|e| part(e)) {
                return Err(format!(
                    "a group's pattern and examples have 1 to {MAX_PART_CHARS} characters"
                ));
            }
        }
        (Some(_), kind) => return Err(format!("a {kind} record has no group")),
        (None, _) => {}
    }
    Ok(())
}

fn check_lesson(l: &Lesson) -> Result<(), String> {
    if !crate::creature::commissions::valid_kind(&l.errand) {
        return Err(format!("{:?} is not an errand's kind", l.errand));
    }
    if !matches!(l.role.as_str(), "look" | "act" | "answer") {
        return Err(format!("role {:?} is not look, act or answer", l.role));
    }
    let texts = [&l.task, &l.example, &l.shape];
    if !texts.iter().all(|t| part(t)) || l.known.len() > MAX_KNOWN {
        return Err(format!(
            "a lesson's task, example and shape have 1 to {MAX_PART_CHARS} characters, and it \
             carries at most {MAX_KNOWN} known lines"
        ));
    }
    if !l.known.iter().all(|k| part(k)) {
        return Err(format!("a known line has 1 to {MAX_PART_CHARS} characters"));
    }
    let example: serde_json::Value =
        serde_json::from_str(&l.example).map_err(|e| format!("a lesson's example: {e}"))?;
    if !example
        .get("tool")
        .is_some_and(serde_json::Value::is_string)
    {
        return Err("a lesson's example is an action: an object with its tool".into());
    }
    Ok(())
}
