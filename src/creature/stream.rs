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

/// How much of the budget a stream window keeps when it moves, in per cent (see
/// [`render_window`]).
pub const WINDOW_LOW_WATER_PERCENT: usize = 40;
/// Ticks between the points from which a window is worked out once the stream read for the
/// prompt no longer reaches the creature's birth (see [`render_window`]).
pub const WINDOW_EPOCH_TICKS: u64 = 240;

/// The stream as a prompt shows it: whole ticks, oldest first, from a first line that stays
/// put while the stream grows, so consecutive prompts share everything up to the newest lines
/// and a prompt cache rereads only those. When the shown lines would pass `max_chars` the
/// window moves once, far: it drops the oldest whole ticks until it holds at most
/// [`WINDOW_LOW_WATER_PERCENT`] of the budget, and then grows again for many ticks. A cache
/// reads the window again at each move, so fewer, larger moves read less over a life, and the
/// window holds as much on average as a window kept near full that moves every few ticks.
///
/// Each tick is a new process, so where the window starts is worked out again every time, the
/// same way: from the first line given (`from_birth`: the lines reach back to the creature's
/// first), or else from the first tick that is a multiple of [`WINDOW_EPOCH_TICKS`], every
/// tick's lines are added in turn and the window moved whenever it passes the budget. The
/// start changes only when a move is due, or at most once an epoch, when the lines read no
/// longer reach back to where the working out began. A single tick too large for the window
/// falls back to its newest lines that fit.
pub fn render_window(lines: &[StreamLine], max_chars: usize, from_birth: bool) -> Vec<String> {
    window(lines, max_chars, from_birth)
        .iter()
        .map(|l| l.render())
        .collect()
}

/// The lines [`render_window`] shows.
pub fn window(lines: &[StreamLine], max_chars: usize, from_birth: bool) -> &[StreamLine] {
    let sizes: Vec<usize> = lines
        .iter()
        .map(|l| l.render().chars().count() + 1)
        .collect();
    let begin = if from_birth {
        0
    } else {
        let first = lines.first().map_or(0, |l| l.tick);
        let epoch = first.div_ceil(WINDOW_EPOCH_TICKS) * WINDOW_EPOCH_TICKS;
        lines.iter().position(|l| l.tick >= epoch).unwrap_or(0)
    };
    let low = max_chars * WINDOW_LOW_WATER_PERCENT / 100;
    match window_start(lines, &sizes, begin, max_chars, low) {
        Some(start) => &lines[start..],
        None => newest(lines, &sizes, max_chars),
    }
}

/// The newest lines whose rendering (sized in `sizes`) fits `max_chars`.
fn newest<'a>(lines: &'a [StreamLine], sizes: &[usize], max_chars: usize) -> &'a [StreamLine] {
    let mut used = 0;
    let mut first = lines.len();
    for (i, size) in sizes.iter().enumerate().rev() {
        if used + size > max_chars {
            break;
        }
        used += size;
        first = i;
    }
    &lines[first..]
}

/// Where the window starts after the lines from `begin` on are added tick by tick; `None` when
/// the newest tick alone is over `max`.
fn window_start(
    lines: &[StreamLine],
    sizes: &[usize],
    begin: usize,
    max: usize,
    low: usize,
) -> Option<usize> {
    // A tick's first line, at each of which a window may start.
    let starts_tick = |i: usize| i == 0 || lines[i].tick != lines[i - 1].tick;
    let mut start = begin;
    let mut used = 0;
    for end in begin..lines.len() {
        used += sizes[end];
        let tick_done = end + 1 == lines.len() || starts_tick(end + 1);
        if !tick_done || used <= max {
            continue;
        }
        // Drop whole ticks until the window is at most the low water, keeping this tick.
        while used > low {
            let next = (start + 1..=end)
                .find(|&i| starts_tick(i))
                .unwrap_or(end + 1);
            if next > end {
                break;
            }
            used -= sizes[start..next].iter().sum::<usize>();
            start = next;
        }
    }
    (used <= max).then_some(start)
}

/// The newest lines whose rendering fits `max_chars`, oldest first.
pub fn render_recent(lines: &[StreamLine], max_chars: usize) -> Vec<String> {
    let sizes: Vec<usize> = lines
        .iter()
        .map(|l| l.render().chars().count() + 1)
        .collect();
    newest(lines, &sizes, max_chars)
        .iter()
        .map(StreamLine::render)
        .collect()
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

    fn chars(shown: &[String]) -> usize {
        shown.iter().map(|l| l.chars().count() + 1).sum()
    }

    #[test]
    fn the_window_keeps_its_first_line_while_the_stream_grows() {
        let budget = 600;
        let mut firsts = Vec::new();
        let mut held = Vec::new();
        for ticks in 1..=80 {
            let lines = lived(ticks);
            let shown = render_window(&lines, budget, true);
            assert!(chars(&shown) <= budget);
            assert!(shown.last().unwrap().ends_with(&format!("answer {ticks}")));
            // Whole ticks only: a tick's act is never shown without its answer.
            assert!(shown[0].contains(" you] act "), "{:?}", shown[0]);
            firsts.push(shown[0].clone());
            held.push(chars(&shown));
        }
        let changes = firsts.windows(2).filter(|w| w[0] != w[1]).count();
        // About 17 ticks of these lines fill the budget and a move keeps at most 40% of it (about
        // 7): the first line moves about once in 10 ticks after the budget first binds.
        assert!((4..=8).contains(&changes), "{changes} changes");
        // A move drops to the low water, never to nothing.
        let after_moves: Vec<usize> = (1..80)
            .filter(|&i| firsts[i] != firsts[i - 1])
            .map(|i| held[i])
            .collect();
        assert!(
            after_moves
                .iter()
                .all(|&c| c <= budget * WINDOW_LOW_WATER_PERCENT / 100 + 40 && c >= 150),
            "{after_moves:?}"
        );
        // Until the budget binds the window is the whole stream.
        assert_eq!(
            render_window(&lived(5), budget, true),
            render_recent(&lived(5), budget)
        );
    }

    /// A tick reads only the newest lines of its stream (more than an epoch of ticks): once
    /// they no longer reach its birth, the window is worked out from an epoch, and moves about
    /// as rarely.
    #[test]
    fn a_window_read_from_the_newest_lines_moves_as_rarely() {
        let (budget, read, life) = (600, 600, 1200);
        let mut firsts = Vec::new();
        for ticks in 1..=life {
            let lines = lived(ticks);
            let newest = &lines[lines.len().saturating_sub(read)..];
            let shown = render_window(newest, budget, lines.len() <= read);
            assert!(chars(&shown) <= budget && !shown.is_empty());
            assert!(shown.last().unwrap().ends_with(&format!("answer {ticks}")));
            firsts.push(shown[0].clone());
        }
        let changes = firsts.windows(2).filter(|w| w[0] != w[1]).count();
        // About one move in 10 ticks, and at most one more each epoch.
        let most = life as usize / 9 + life as usize / WINDOW_EPOCH_TICKS as usize + 1;
        assert!(changes <= most, "{changes} changes, at most {most}");
    }

    #[test]
    fn a_tick_larger_than_the_window_shows_its_newest_lines() {
        let mut lines = lived(3);
        lines.extend((0..40).map(|i| StreamLine::new(4, 0, Voice::Observe, format!("long {i}"))));
        let shown = render_window(&lines, 200, true);
        assert_eq!(shown, render_recent(&lines, 200));
        assert!(shown.last().unwrap().ends_with("long 39"));
        assert!(render_window(&lines, 3, true).is_empty());
        // Lived on past it, the big tick is dropped whole.
        lines.extend(lived(8).into_iter().skip(8));
        let shown = render_window(&lines, 200, true);
        assert!(shown.iter().all(|l| !l.contains("long")), "{shown:?}");
        assert!(shown.last().unwrap().ends_with("answer 8"));
    }
}
