//! The stream: what the creature lived through, line by line, as it sees it in its prompt.
//!
//! Every acting tick adds the action and its observation; the platform adds System windows
//! (a grant, an interrupted turn), reflex firings and sleep. The prompt shows the newest lines
//! that fit the `[context] stream_max_chars` budget.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// Lines kept in the stream ring.
pub const STREAM_CAP: u64 = 2_000;

/// Who a stream line is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Voice {
    /// The creature's own action.
    Act,
    /// What the world answered.
    Observe,
    /// The creature's thought (rumination).
    Think,
    /// The System: grants, interruptions, news for the creature.
    System,
    /// A reflex handled the situation below the model.
    Reflex,
    /// Sleep.
    Sleep,
}

impl Voice {
    pub fn label(self) -> &'static str {
        match self {
            Voice::Act => "you",
            Voice::Observe => "world",
            Voice::Think => "thought",
            Voice::System => "System",
            Voice::Reflex => "REFLEX",
            Voice::Sleep => "sleep",
        }
    }
}

/// One line of the stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StreamLine {
    pub tick: u64,
    pub at: Millis,
    pub voice: Voice,
    pub text: String,
}

doc!(
    StreamLine,
    "wis.stream",
    1,
    Layout::Ring { cap: STREAM_CAP }
);

impl StreamLine {
    pub fn new(tick: u64, at: Millis, voice: Voice, text: impl Into<String>) -> StreamLine {
        StreamLine {
            tick,
            at,
            voice,
            text: text.into(),
        }
    }

    /// How the line reads in the prompt.
    pub fn render(&self) -> String {
        format!("[{} {}] {}", self.tick, self.voice.label(), self.text)
    }
}

/// The newest lines whose rendering fits `max_chars`, oldest first.
pub fn render_recent(lines: &[StreamLine], max_chars: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut used = 0;
    for line in lines.iter().rev() {
        let text = line.render();
        let len = text.chars().count() + 1;
        if used + len > max_chars {
            break;
        }
        used += len;
        out.push(text);
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_lines_fit_the_budget_newest_kept() {
        let lines: Vec<StreamLine> = (0..50)
            .map(|i| StreamLine::new(i, 0, Voice::Act, format!("line {i}")))
            .collect();
        let shown = render_recent(&lines, 100);
        assert!(shown.iter().map(|l| l.len() + 1).sum::<usize>() <= 100);
        assert_eq!(shown.last().unwrap(), "[49 you] line 49");
        assert!(render_recent(&lines, 3).is_empty());
    }
}
