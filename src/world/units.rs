//! The units of the body as data: each unit's tools (and their aliases) arrive together, with
//! a prompt stanza written through the morph lexicon, manual topics, the evidence that earns
//! it and the System's words when it is granted. The table is in `units/table.rs`; it is the
//! one place that says which unit a tool arrives with (each tool is a file of
//! [`crate::world::tools`]).
//!
//! One accessor, [`visible_tools`], decides what exists for the creature: the tools of its
//! granted units plus the skills it made itself (its own body, never locked). The prompt, the
//! action schema, check_tools, manual and the dispatch backstop all read it, once per tick.

mod table;

pub use table::UNITS;

use crate::creature::criterion::Criterion;
use crate::creature::tool::ToolSpec;
use crate::creature::{Morph, UnitId, Unlocks};
use crate::world::organs::Organ;
use crate::world::skills::Runnable;
use crate::world::tools::Tool;

/// One unit.
#[derive(Debug)]
pub struct Unit {
    pub id: UnitId,
    pub name: &'static str,
    /// The tools that arrive with it, in the order the creature is shown them.
    pub tools: &'static [&'static Tool],
    /// The prompt stanza, a template over the lexicon slots: the unit's tools in words (no
    /// worked example: a list of them is a sequence a small model continues); names only this
    /// unit's tools.
    pub stanza: &'static str,
    /// Worked examples of its tools, each a task and the action that does it. A work turn shows
    /// the few nearest its step right above it ([`crate::world::examples`]).
    pub examples: &'static [Example],
    /// Manual pages that arrive with the unit.
    pub topics: &'static [Topic],
    pub earning: Earning,
    /// The System window of the grant, a template over the lexicon slots: says only what is.
    pub grant_text: &'static str,
}

/// A worked example: a short task and the action (in the channel's JSON form) that does it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    pub task: &'static str,
    pub action: &'static str,
}

/// `ex(task, action)`, usable in statics.
pub const fn ex(task: &'static str, action: &'static str) -> Example {
    Example { task, action }
}

/// A manual topic.
#[derive(Debug)]
pub struct Topic {
    pub name: &'static str,
    pub text: &'static str,
}

/// What earns a unit. Never a timer and never the creature's word.
#[derive(Debug)]
pub enum Earning {
    /// The newborn kit.
    Birth,
    /// Adjudicated evidence, checked after every outcome and at sleep by the milestone
    /// adjudicator; when an organ is named, it must also answer a probe.
    Milestone {
        criterion: Criterion,
        organ: Option<Organ>,
    },
    /// Paid by the quest reward sink when the quest is issued.
    QuestIssued(&'static str),
    /// Paid by the quest reward sink when the quest passes.
    QuestPassed(&'static str),
}

impl Unit {
    /// The specs of its tools, in table order.
    pub fn specs(&self) -> impl Iterator<Item = &'static ToolSpec> + use<> {
        self.tools.iter().map(|t| &t.spec)
    }

    /// Whether a tool of this unit is called `name` (its name, not an alias).
    pub fn has_tool(&self, name: &str) -> bool {
        self.specs().any(|t| t.name == name)
    }

    /// The other names its tools answer to.
    pub fn aliases(&self) -> Vec<&'static str> {
        self.specs()
            .flat_map(|t| t.aliases.iter().copied())
            .collect()
    }

    /// The organ that must answer before the unit is granted.
    pub fn organ(&self) -> Option<Organ> {
        match &self.earning {
            Earning::Milestone { organ, .. } => *organ,
            _ => None,
        }
    }

    /// Its place on the ladder (0 for U0).
    pub fn position(&self) -> usize {
        UNITS
            .iter()
            .position(|u| u.id == self.id)
            .unwrap_or(usize::MAX)
    }

    /// How it is earned, for people.
    pub fn earned_by(&self) -> String {
        match &self.earning {
            Earning::Birth => "being born".into(),
            Earning::Milestone { criterion, organ } => match organ {
                Some(o) => format!(
                    "{}, and the {} organ answers",
                    criterion.describe(),
                    o.name()
                ),
                None => criterion.describe(),
            },
            Earning::QuestIssued(q) => format!("the issue of quest {q}"),
            Earning::QuestPassed(q) => format!("passing quest {q}"),
        }
    }
}

/// A unit by id (every id has one: a red gate holds the table to [`UnitId::ALL`]).
pub fn unit(id: UnitId) -> Option<&'static Unit> {
    UNITS.iter().find(|u| u.id == id)
}

/// The unit a tool (by name) arrives with; none for a name that is no platform tool's.
pub fn unit_of(tool: &str) -> Option<&'static Unit> {
    UNITS.iter().find(|u| u.has_tool(tool))
}

/// The tools that exist for this creature now: the granted units' tools in ladder order, then
/// its own skills. Anything else does not exist anywhere in its world.
pub fn visible_tools(unlocks: &Unlocks, skills: &[Runnable]) -> Vec<&'static ToolSpec> {
    let granted = unlocks.granted();
    UNITS
        .iter()
        .filter(|u| granted.contains(&u.id))
        .flat_map(|u| u.specs())
        .chain(skills.iter().map(|s| s.spec))
        .collect()
}

/// The units whose tools are in `visible`, in ladder order (for the manual's topics).
pub fn units_in(visible: &[&ToolSpec]) -> Vec<&'static Unit> {
    UNITS
        .iter()
        .filter(|u| visible.iter().any(|t| u.has_tool(t.name)))
        .collect()
}

/// The stanzas of the granted units, in ladder order, in the creature's own words.
pub fn stanzas(unlocks: &Unlocks, morph: Morph) -> String {
    let granted = unlocks.granted();
    UNITS
        .iter()
        .filter(|u| granted.contains(&u.id))
        .map(|u| morph.render(u.stanza))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Worked examples of the reply channel, which every creature has from birth (it is no unit's
/// tool): answering the keeper, and reading first what the keeper asks about.
pub static REPLY_EXAMPLES: &[Example] = &[
    ex(
        "answer the keeper's greeting: good morning!",
        r#"{"tool": "reply", "args": {"text": "Good morning!"}}"#,
    ),
    ex(
        "tell the keeper what todo.txt says",
        r#"{"tool": "read_file", "args": {"path": "todo.txt"}}"#,
    ),
];

/// Worked examples of the keeper's errands (`[wisdom] errands_enabled`, design §3.6): paths
/// inside folders, the looks an errand in steps takes first (counting, reading a folder), and
/// the file chores a keeper asks for (adding a line, copying, renaming). Only the newborn's
/// tools, so every creature has them.
pub static ERRAND_EXAMPLES: &[Example] = &[
    ex(
        "read docs/radio.txt",
        r#"{"tool": "read_file", "args": {"path": "docs/radio.txt"}}"#,
    ),
    ex(
        "count the lines in lists/films.txt",
        r#"{"tool": "bash", "args": {"command": "wc -l lists/films.txt"}}"#,
    ),
    ex(
        "run grep -ril 'red kite' post",
        r#"{"tool": "bash", "args": {"command": "grep -ril 'red kite' post"}}"#,
    ),
    ex(
        "write blue into docs/colour.txt",
        r#"{"tool": "write_file", "args": {"path": "docs/colour.txt", "content": "blue"}}"#,
    ),
    ex(
        "add the line 'buy milk' to the end of lists/shop.txt",
        r#"{"tool": "bash", "args": {"command": "echo 'buy milk' >> lists/shop.txt"}}"#,
    ),
    ex(
        "copy docs/list.txt to docs/list-old.txt",
        r#"{"tool": "bash", "args": {"command": "cp docs/list.txt docs/list-old.txt"}}"#,
    ),
    ex(
        "rename docs/draft.txt to docs/done.txt",
        r#"{"tool": "bash", "args": {"command": "mv docs/draft.txt docs/done.txt"}}"#,
    ),
    ex(
        "make a folder named old/cards",
        r#"{"tool": "bash", "args": {"command": "mkdir -p old/cards"}}"#,
    ),
];

/// The worked examples a work turn is shown from: [`examples`], and with `errands`
/// (`[wisdom] errands_enabled`) [`ERRAND_EXAMPLES`] after them.
pub fn pool(unlocks: &Unlocks, errands: bool) -> Vec<&'static Example> {
    let mut pool = examples(unlocks);
    if errands {
        pool.extend(ERRAND_EXAMPLES.iter());
    }
    pool
}

/// The worked examples of the reply channel and the granted units, in ladder order.
pub fn examples(unlocks: &Unlocks) -> Vec<&'static Example> {
    let granted = unlocks.granted();
    REPLY_EXAMPLES
        .iter()
        .chain(
            UNITS
                .iter()
                .filter(|u| granted.contains(&u.id))
                .flat_map(|u| u.examples.iter()),
        )
        .collect()
}

/// Whether `text` names `name` as a whole word (`_` counts as part of a word, so `note_read`
/// does not name `read`). The red-gate tests use it on every creature-facing text.
pub fn mentions(text: &str, name: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        before.is_none_or(|c| !is_word(c)) && after.is_none_or(|c| !is_word(c))
    })
}

#[cfg(test)]
#[path = "units/tests.rs"]
mod tests;
