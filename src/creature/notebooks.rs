//! Notebooks: the creature's proto-memory, notes it can see. The first open note of the
//! `plan` notebook is its current step (part of the situation key).

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::doc;

/// The notebook whose first open note is the current step.
pub const PLAN: &str = "plan";
/// Most notebooks.
pub const MAX_NOTEBOOKS: usize = 64;
/// Most notes in one notebook; past it the oldest closed notes go first.
pub const MAX_NOTES: usize = 200;
/// Most characters of one note, and of a notebook name.
pub const MAX_NOTE_CHARS: usize = 500;
pub const MAX_NAME_CHARS: usize = 40;

/// One note.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Note {
    /// Its number in the notebook (stable; never reused).
    pub n: u32,
    pub text: String,
    pub open: bool,
    pub at: Millis,
    /// How it was last closed (absent while open, and on notes of older stores).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Closure>,
    /// How many times it has been closed (a reopened note closed again counts twice).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub closes: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Who or what closes a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClosedBy {
    /// The world showed the step done: wis judged the creature's action against what the step
    /// asks (WIS1).
    World,
    /// The creature's own `note_close`.
    Creature,
    /// The operator (`wis plan close`).
    Operator,
    /// Set aside by wis: a re-plan reproduced the plan it was stuck in.
    SetAside,
}

impl ClosedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            ClosedBy::World => "the world",
            ClosedBy::Creature => "the creature",
            ClosedBy::Operator => "the operator",
            ClosedBy::SetAside => "set aside",
        }
    }
}

/// How and when a note was closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Closure {
    pub tick: u64,
    pub at: Millis,
    pub by: ClosedBy,
    /// The tick of the episode whose action did the step (an adjudicated close), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub episode: Option<u64>,
    /// What showed it done, in a few words (`bash ls -la`, `file a.txt exists`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
}

/// A named notebook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Notebook {
    pub name: String,
    pub notes: Vec<Note>,
    pub next: u32,
}

doc!(Notebook, "wis.notebook", 1, Layout::Keyed);

impl Notebook {
    /// Whether a note other than `n` with the same text was done (closed, not set aside): a
    /// step planned again after it was finished.
    pub fn done_before(&self, n: u32, text: &str) -> bool {
        let key = same_text(text);
        self.notes
            .iter()
            .any(|o| o.n != n && !o.open && o.mark() == 'x' && same_text(&o.text) == key)
    }

    /// Adds a note; returns its number. A note whose text an open note already has is not
    /// added twice: that note's number comes back (see [`Notebook::open_with`]).
    pub fn append(&mut self, text: &str, at: Millis) -> u32 {
        let text: String = text.trim().chars().take(MAX_NOTE_CHARS).collect();
        if let Some(n) = self.open_with(&text) {
            return n;
        }
        self.next = self.next.max(1);
        let n = self.next;
        self.next += 1;
        self.notes.push(Note {
            n,
            text,
            open: true,
            at,
            closed: None,
            closes: 0,
        });
        while self.notes.len() > MAX_NOTES {
            let drop = self.notes.iter().position(|note| !note.open).unwrap_or(0);
            self.notes.remove(drop);
        }
        n
    }

    /// The number of the open note with this text (trimmed, case and inner spacing ignored).
    pub fn open_with(&self, text: &str) -> Option<u32> {
        let key = same_text(text);
        self.notes
            .iter()
            .find(|note| note.open && same_text(&note.text) == key)
            .map(|note| note.n)
    }

    /// Closes note `n`; whether it was open.
    pub fn close(&mut self, n: u32) -> Option<bool> {
        let note = self.notes.iter_mut().find(|note| note.n == n)?;
        let was_open = note.open;
        note.open = false;
        if was_open {
            note.closes += 1;
        }
        Some(was_open)
    }

    /// Closes note `n` saying how; whether it was open (a closed note keeps its first closure).
    pub fn close_by(&mut self, n: u32, closure: Closure) -> Option<bool> {
        let note = self.notes.iter_mut().find(|note| note.n == n)?;
        let was_open = note.open;
        if was_open {
            note.open = false;
            note.closed = Some(closure);
            note.closes += 1;
        }
        Some(was_open)
    }

    /// Opens note `n` again; whether it was closed. A note whose text another open note has
    /// stays closed (`Some(false)`), so a plan never holds the same open text twice.
    pub fn reopen(&mut self, n: u32) -> Option<bool> {
        let text = self.notes.iter().find(|note| note.n == n)?.text.clone();
        if self.open_with(&text).is_some() {
            return Some(false);
        }
        let note = self.notes.iter_mut().find(|note| note.n == n)?;
        note.open = true;
        note.closed = None;
        Some(true)
    }

    /// Note `n`.
    pub fn note(&self, n: u32) -> Option<&Note> {
        self.notes.iter().find(|note| note.n == n)
    }

    /// The first open note.
    pub fn first_open(&self) -> Option<&Note> {
        self.notes.iter().find(|note| note.open)
    }

    pub fn open_count(&self) -> usize {
        self.notes.iter().filter(|note| note.open).count()
    }

    /// Renders the notes, numbered, `[ ]` open, `[x]` done and `[-]` set aside.
    pub fn render(&self) -> String {
        if self.notes.is_empty() {
            return format!("{} is empty", self.name);
        }
        self.notes
            .iter()
            .map(|n| format!("{}. [{}] {}", n.n, n.mark(), n.text))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Renders the newest `done` closed notes and every open one, numbered: what a prompt shows
    /// of a long plan.
    pub fn render_recent(&self, done: usize) -> String {
        let closed: Vec<&Note> = self.notes.iter().filter(|n| !n.open).collect();
        let skip = closed.len().saturating_sub(done);
        let keep: Vec<u32> = closed[skip..].iter().map(|n| n.n).collect();
        let shown: Vec<String> = self
            .notes
            .iter()
            .filter(|n| n.open || keep.contains(&n.n))
            .map(|n| format!("{}. [{}] {}", n.n, n.mark(), n.text))
            .collect();
        if shown.is_empty() {
            return format!("{} is empty", self.name);
        }
        shown.join("\n")
    }

    /// Replaces the open notes with a new plan (rumination), keeping done ones as history. A
    /// step written twice is kept once.
    pub fn replan(&mut self, steps: &[String], at: Millis) {
        self.notes.retain(|n| !n.open);
        for step in steps.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            self.append(step, at);
        }
    }

    /// The open notes' texts, in order.
    pub fn open_texts(&self) -> Vec<&str> {
        self.notes
            .iter()
            .filter(|n| n.open)
            .map(|n| n.text.as_str())
            .collect()
    }
}

impl Note {
    /// `' '` open, `'x'` done, `'-'` set aside.
    pub fn mark(&self) -> char {
        match (&self.closed, self.open) {
            (_, true) => ' ',
            (Some(c), false) if c.by == ClosedBy::SetAside => '-',
            _ => 'x',
        }
    }
}

/// A note's text as plans compare it: trimmed, lowercased, inner spacing collapsed.
pub fn same_text(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether a notebook name is acceptable.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "-_ ".contains(c))
}

/// Loads a notebook, or an empty one with that name.
pub fn load(rx: &impl Read, name: &str) -> Result<Notebook> {
    Ok(rx.get::<Notebook>(name)?.unwrap_or_else(|| Notebook {
        name: name.to_string(),
        notes: Vec::new(),
        next: 1,
    }))
}

/// Saves a notebook.
pub fn save(tx: &mut Tx<'_>, book: &Notebook) -> Result<()> {
    tx.put(&book.name, book)
}

/// The current step: the first open note of the plan notebook.
pub fn current_step(rx: &impl Read) -> Result<Option<String>> {
    Ok(current_note(rx)?.map(|n| n.text))
}

/// The first open note of the plan notebook.
pub fn current_note(rx: &impl Read) -> Result<Option<Note>> {
    Ok(rx
        .get::<Notebook>(PLAN)?
        .and_then(|b| b.first_open().cloned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_number_close_and_cap() {
        let mut b = Notebook {
            name: "plan".into(),
            ..Default::default()
        };
        assert_eq!(b.append("first", 0), 1);
        assert_eq!(b.append("second", 0), 2);
        assert_eq!(b.first_open().unwrap().text, "first");
        assert_eq!(b.close(1), Some(true));
        assert_eq!(b.close(1), Some(false));
        assert_eq!(b.close(9), None);
        assert_eq!(b.first_open().unwrap().text, "second");
        for i in 0..300 {
            b.append(&format!("n{i}"), 0);
        }
        assert_eq!(b.notes.len(), MAX_NOTES);
        assert!(b.render().contains("[ ]"));
    }

    #[test]
    fn a_step_planned_again_after_it_was_done_was_done_before() {
        let mut b = Notebook {
            name: "plan".into(),
            ..Default::default()
        };
        b.append("read hello.txt", 0);
        b.append("Read  hello.txt", 0);
        assert!(!b.done_before(2, "read hello.txt"), "open is not done");
        b.close(1);
        assert!(b.done_before(2, "read hello.txt"));
        assert!(
            !b.done_before(1, "read hello.txt"),
            "a note is not done before itself"
        );
    }

    #[test]
    fn replan_keeps_history() {
        let mut b = Notebook {
            name: "plan".into(),
            ..Default::default()
        };
        b.append("a", 0);
        b.append("b", 0);
        b.close(1);
        b.replan(&["c".into(), " ".into(), "d".into()], 1);
        let texts: Vec<_> = b.notes.iter().map(|n| (n.text.as_str(), n.open)).collect();
        assert_eq!(texts, vec![("a", false), ("c", true), ("d", true)]);
        assert!(valid_name("plan") && !valid_name("../x") && !valid_name(""));
    }
}
