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

/// Ticks by which the first line of a prompt's stream window moves (see [`render_window`]).
pub const WINDOW_STEP_TICKS: u64 = 24;

/// The stream as a prompt shows it: the newest lines that fit `max_chars`, oldest first, but
/// starting only at a tick that is a multiple of `step`. While the stream grows, the first line
/// shown stays put for about `step` ticks and new lines are only appended, so consecutive
/// prompts share everything up to the newest lines and a prompt cache rereads only those. When
/// the budget is reached the window drops a whole step of ticks at once (it then holds between
/// `max_chars` less a step's lines and `max_chars`). A single tick too large for the window
/// falls back to its newest lines that fit.
pub fn render_window(lines: &[StreamLine], max_chars: usize, step: u64) -> Vec<String> {
    let mut used = 0;
    let mut first = lines.len();
    for (i, line) in lines.iter().enumerate().rev() {
        let len = line.render().chars().count() + 1;
        if used + len > max_chars {
            break;
        }
        used += len;
        first = i;
    }
    if first == 0 || first == lines.len() {
        return lines[first..].iter().map(StreamLine::render).collect();
    }
    let oldest = lines[first].tick;
    // A window that holds fewer ticks than a step (long observations) anchors on a shorter one.
    let mut step = step.max(1);
    loop {
        let mut anchor = oldest.div_ceil(step) * step;
        if anchor == oldest && lines[first - 1].tick == oldest {
            // That tick is cut: start with the next whole step instead.
            anchor += step;
        }
        if let Some(skip) = lines[first..].iter().position(|l| l.tick >= anchor) {
            return lines[first + skip..]
                .iter()
                .map(StreamLine::render)
                .collect();
        }
        if step == 1 {
            return render_recent(lines, max_chars);
        }
        step /= 2;
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

    /// Two lines a tick, as a lived stream has (the act and what the world answered).
    fn lived(ticks: u64) -> Vec<StreamLine> {
        (1..=ticks)
            .flat_map(|t| {
                [
                    StreamLine::new(t, 0, Voice::Act, format!("act {t}")),
                    StreamLine::new(t, 0, Voice::Observe, format!("answer {t}")),
                ]
            })
            .collect()
    }

    #[test]
    fn the_window_keeps_its_first_line_while_the_stream_grows() {
        let budget = 600;
        let mut firsts = Vec::new();
        for ticks in 1..=80 {
            let lines = lived(ticks);
            let shown = render_window(&lines, budget, WINDOW_STEP_TICKS);
            assert!(shown.iter().map(|l| l.chars().count() + 1).sum::<usize>() <= budget);
            assert!(shown.last().unwrap().ends_with(&format!("answer {ticks}")));
            assert!(!shown.is_empty());
            // Whole ticks only: a tick's act is never shown without its answer.
            assert!(shown[0].contains(" you] act "), "{:?}", shown[0]);
            firsts.push(shown[0].clone());
        }
        let changes = firsts.windows(2).filter(|w| w[0] != w[1]).count();
        // Once the budget binds (about 19 ticks of these lines, fewer than a step), the first
        // line moves once per half step, not once per tick.
        assert!(
            changes <= 2 * 80 / WINDOW_STEP_TICKS as usize + 1,
            "{changes} changes"
        );
        // Until the budget binds the window is the whole stream.
        assert_eq!(
            render_window(&lived(5), budget, 8),
            render_recent(&lived(5), budget)
        );
    }

    #[test]
    fn a_tick_larger_than_the_window_shows_its_newest_lines() {
        let mut lines = lived(3);
        lines.extend((0..40).map(|i| StreamLine::new(4, 0, Voice::Observe, format!("long {i}"))));
        let shown = render_window(&lines, 200, 8);
        assert_eq!(shown, render_recent(&lines, 200));
        assert!(shown.last().unwrap().ends_with("long 39"));
        assert!(render_window(&lines, 3, 8).is_empty());
    }
}
