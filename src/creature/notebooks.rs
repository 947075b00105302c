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
    /// Adds a note; returns its number.
    pub fn append(&mut self, text: &str, at: Millis) -> u32 {
        self.next = self.next.max(1);
        let n = self.next;
        self.next += 1;
        let text: String = text.trim().chars().take(MAX_NOTE_CHARS).collect();
        self.notes.push(Note {
            n,
            text,
            open: true,
            at,
        });
        while self.notes.len() > MAX_NOTES {
            let drop = self.notes.iter().position(|note| !note.open).unwrap_or(0);
            self.notes.remove(drop);
        }
        n
    }

    /// Closes note `n`; whether it was open.
    pub fn close(&mut self, n: u32) -> Option<bool> {
        let note = self.notes.iter_mut().find(|note| note.n == n)?;
        let was_open = note.open;
        note.open = false;
        Some(was_open)
    }

    /// The first open note.
    pub fn first_open(&self) -> Option<&Note> {
        self.notes.iter().find(|note| note.open)
    }

    pub fn open_count(&self) -> usize {
        self.notes.iter().filter(|note| note.open).count()
    }

    /// Renders the notes, numbered, `[ ]` open and `[x]` done.
    pub fn render(&self) -> String {
        if self.notes.is_empty() {
            return format!("{} is empty", self.name);
        }
        self.notes
            .iter()
            .map(|n| format!("{}. [{}] {}", n.n, if n.open { " " } else { "x" }, n.text))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Replaces the open notes with a new plan (rumination), keeping done ones as history.
    pub fn replan(&mut self, steps: &[String], at: Millis) {
        self.notes.retain(|n| !n.open);
        for step in steps.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            self.append(step, at);
        }
    }
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
    Ok(rx
        .get::<Notebook>(PLAN)?
        .and_then(|b| b.first_open().map(|n| n.text.clone())))
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
