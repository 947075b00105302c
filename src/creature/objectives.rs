//! Objectives: what the creature set out to do. The first open objective is the active one;
//! its id is the first half of the situation key every episode is recorded under.

use serde::{Deserialize, Serialize};

use crate::base::store::Layout;
use crate::doc;

/// Most objectives kept (the oldest finished ones go first).
pub const MAX_OBJECTIVES: usize = 200;
/// Most open objectives at once.
pub const MAX_OPEN: usize = 30;
/// Most open objectives a prompt lists: the active one and the next ones after it. The rest
/// stay in the store and in `objective_list`, so a creature that adds objectives faster than it
/// closes them does not lengthen every prompt (what comes after the stream is read again by a
/// prompt cache each call), and a newly added one does not change the prompt until it is near.
pub const PROMPT_OPEN: usize = 3;

/// Where an objective stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ObjectiveState {
    Open,
    Done,
    Blocked,
}

/// One objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    pub id: u32,
    pub text: String,
    pub state: ObjectiveState,
    pub added_tick: u64,
    #[serde(default)]
    pub closed_tick: Option<u64>,
    /// Why it is blocked.
    #[serde(default)]
    pub why: Option<String>,
}

impl Objective {
    /// `o3`: how the situation key and the creature name it.
    pub fn key(&self) -> String {
        format!("o{}", self.id)
    }

    pub fn line(&self) -> String {
        let state = match self.state {
            ObjectiveState::Open => "open".to_string(),
            ObjectiveState::Done => "done".to_string(),
            ObjectiveState::Blocked => format!(
                "blocked: {}",
                self.why.as_deref().unwrap_or("no reason given")
            ),
        };
        format!("{} [{state}] {}", self.id, self.text)
    }
}

/// Every objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Objectives {
    pub next: u32,
    pub items: Vec<Objective>,
}

doc!(Objectives, "wis.objectives", 1, Layout::Singleton);

impl Objectives {
    /// The active objective: the first open one.
    pub fn active(&self) -> Option<&Objective> {
        self.items.iter().find(|o| o.state == ObjectiveState::Open)
    }

    pub fn open_count(&self) -> usize {
        self.items
            .iter()
            .filter(|o| o.state == ObjectiveState::Open)
            .count()
    }

    /// The open objective that says what `text` says (the same words, whatever the case,
    /// spacing or punctuation).
    pub fn open_saying(&self, text: &str) -> Option<&Objective> {
        let words = |t: &str| -> String {
            t.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let said = words(text);
        self.items
            .iter()
            .find(|o| o.state == ObjectiveState::Open && words(&o.text) == said)
    }

    /// Adds an open objective; returns its id.
    pub fn add(&mut self, text: &str, tick: u64) -> u32 {
        self.next = self.next.max(1);
        let id = self.next;
        self.next += 1;
        self.items.push(Objective {
            id,
            text: text.trim().chars().take(300).collect(),
            state: ObjectiveState::Open,
            added_tick: tick,
            closed_tick: None,
            why: None,
        });
        while self.items.len() > MAX_OBJECTIVES {
            let Some(drop) = self
                .items
                .iter()
                .position(|o| o.state != ObjectiveState::Open)
            else {
                break;
            };
            self.items.remove(drop);
        }
        id
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut Objective> {
        self.items.iter_mut().find(|o| o.id == id)
    }

    /// The open objectives for the prompt: the lines of the first [`PROMPT_OPEN`], the active
    /// one first and marked, each with the tick it was added.
    pub fn open_lines(&self) -> Vec<(u64, String)> {
        self.items
            .iter()
            .filter(|o| o.state == ObjectiveState::Open)
            .take(PROMPT_OPEN)
            .enumerate()
            .map(|(i, o)| {
                let mark = if i == 0 { " (active)" } else { "" };
                (o.added_tick, format!("{}{mark}: {}", o.id, o.text))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prompt_lists_the_active_objective_and_the_next_open_ones_only() {
        let mut book = Objectives::default();
        for (tick, text) in [
            "map the holt",
            "sort the notes",
            "count the logs",
            "write a poem",
            "name a skill",
        ]
        .into_iter()
        .enumerate()
        {
            book.add(text, tick as u64 + 10);
        }
        book.get_mut(2).unwrap().state = ObjectiveState::Blocked;
        let lines = book.open_lines();
        assert_eq!(
            lines,
            vec![
                (10, "1 (active): map the holt".to_string()),
                (12, "3: count the logs".to_string()),
                (13, "4: write a poem".to_string()),
            ]
        );
        assert_eq!(book.open_count(), 4, "the fifth is kept, only not listed");
        // Adding another changes nothing the prompt lists.
        book.add("sweep the den", 20);
        assert_eq!(book.open_lines(), lines);
    }
}
