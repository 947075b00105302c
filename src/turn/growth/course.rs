//! The life over the ticks: the turn log the life's figures read (the same arithmetic,
//! `turn::life::Life`, run on each window), cut into windows of [`WINDOW`] work ticks (wider
//! for a long life, so there are at most [`MAX_WINDOWS`]): steps closed, commissions done,
//! repeats and XP per window, drawn as bars in strips with the same numbers in a table.

use crate::base::exit::Result;
use crate::base::html::{Cell, Html};
use crate::base::store::Read;
use crate::creature::heartbeat::Turn;
use crate::creature::turns::TurnRecord;
use crate::turn::life::Life;

use super::chart::{self, Window};
use super::{Options, figure};

/// Work ticks in a window of a short life.
pub(super) const WINDOW: u64 = 25;
/// Most windows drawn: a longer life has wider windows (a multiple of [`WINDOW`]).
pub(super) const MAX_WINDOWS: u64 = 60;

#[derive(Debug)]
pub(super) struct Panel {
    /// Work ticks per window.
    width: u64,
    /// Each window's figures, oldest first; the last may be still filling.
    windows: Vec<Life>,
}

/// Whether a turn is a work tick that acted, as the life's figures count them.
fn worked(r: &TurnRecord) -> bool {
    r.turn == Turn::Work && r.signature.is_some()
}

impl Panel {
    pub fn gather(rx: &impl Read, opts: &Options) -> Result<Panel> {
        let log = rx.ring::<TurnRecord>(None)?;
        let records: Vec<&TurnRecord> = log
            .iter()
            .map(|(_, r)| r)
            .filter(|r| opts.keeps(r.tick))
            .collect();
        Ok(Panel::of(&records))
    }

    /// The windows of `records`, oldest first.
    fn of(records: &[&TurnRecord]) -> Panel {
        let work = records.iter().filter(|r| worked(r)).count() as u64;
        let width = WINDOW * work.div_ceil(WINDOW * MAX_WINDOWS).max(1);
        let mut chunks: Vec<Vec<&TurnRecord>> = vec![Vec::new()];
        let mut in_chunk = 0;
        for r in records {
            if in_chunk == width {
                chunks.push(Vec::new());
                in_chunk = 0;
            }
            chunks.last_mut().unwrap().push(*r);
            in_chunk += u64::from(worked(r));
        }
        // Turns after the last work tick belong to the window before them.
        if chunks.len() > 1 && !chunks.last().unwrap().iter().any(|r| worked(r)) {
            let tail = chunks.pop().unwrap();
            chunks.last_mut().unwrap().extend(tail);
        }
        let windows = chunks
            .iter()
            .filter(|c| c.iter().any(|r| worked(r)))
            .map(|c| Life::from_records(c))
            .collect();
        Panel { width, windows }
    }

    pub fn html(&self, h: &mut Html) {
        h.el("h3", "", "The life over the ticks");
        if self.windows.is_empty() {
            h.empty("no work tick yet", "wis tick");
            return;
        }
        let marks: Vec<Window> = self
            .windows
            .iter()
            .map(|w| Window {
                end_tick: w.to_tick,
                label: format!(
                    "ticks {}–{}, {} work ticks",
                    w.from_tick, w.to_tick, w.work_ticks
                ),
                partial: w.work_ticks < self.width,
            })
            .collect();
        let series = |f: fn(&Life) -> u64| self.windows.iter().map(f).collect::<Vec<u64>>();
        let svg = chart::strips(
            &format!("Per window of {} work ticks", self.width),
            &marks,
            &[
                ("steps closed", series(|w| w.steps_closed)),
                ("commissions done", series(|w| w.commissions_done)),
                ("repeats", series(|w| w.repeats)),
                ("XP", series(|w| w.xp)),
            ],
        );
        figure(
            h,
            "life_over_ticks",
            &svg,
            &format!(
                "Steps closed, commissions done, repeats and XP in each window of {} work \
                 ticks, each strip on its own scale (a faint last bar is a window still \
                 filling); the same numbers are in the table below.",
                self.width
            ),
        );
        let rows: Vec<Vec<Cell>> = self
            .windows
            .iter()
            .enumerate()
            .map(|(i, w)| {
                vec![
                    Cell::num(i + 1),
                    Cell::Num(format!("{}–{}", w.from_tick, w.to_tick)),
                    Cell::num(w.work_ticks),
                    Cell::num(w.steps_closed),
                    Cell::num(w.commissions_done),
                    Cell::num(w.repeats),
                    Cell::num(w.xp),
                ]
            })
            .collect();
        h.table(
            &format!("Each window of {} work ticks, oldest first", self.width),
            &[
                "window",
                "ticks",
                "work ticks",
                "steps closed",
                "commissions done",
                "repeats",
                "XP",
            ],
            &rows,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::turns::Advanced;

    fn turn(tick: u64, work: bool) -> TurnRecord {
        TurnRecord {
            tick,
            at: 0,
            turn: if work { Turn::Work } else { Turn::Rumination },
            tool: None,
            signature: work.then(|| "bash ls".to_string()),
            success: true,
            automated: false,
            advanced: Advanced {
                step_closed: tick % 10 == 0,
                ..Advanced::default()
            },
            repeat: false,
            replan_changed: None,
            xp: 1,
            observed: None,
        }
    }

    #[test]
    fn windows_hold_their_work_ticks_and_a_long_life_has_wider_ones() {
        // 60 turns, every third a rumination: 40 work ticks, a window of 25 and one of 15.
        let log: Vec<TurnRecord> = (1..=60).map(|t| turn(t, t % 3 != 0)).collect();
        let refs: Vec<&TurnRecord> = log.iter().collect();
        let p = Panel::of(&refs);
        assert_eq!(p.width, WINDOW);
        let work: Vec<u64> = p.windows.iter().map(|w| w.work_ticks).collect();
        assert_eq!(work, vec![25, 15]);
        assert_eq!(
            p.windows.iter().map(|w| w.xp).sum::<u64>(),
            60,
            "every turn counted once"
        );
        assert_eq!(
            p.windows[1].to_tick, 60,
            "the trailing rumination joins the last window"
        );

        let long: Vec<TurnRecord> = (1..=5_000).map(|t| turn(t, true)).collect();
        let refs: Vec<&TurnRecord> = long.iter().collect();
        let p = Panel::of(&refs);
        assert_eq!(
            p.width,
            4 * WINDOW,
            "the narrowest that needs at most 60 windows"
        );
        assert_eq!(p.windows.len(), 50);
        let mut h = Html::new();
        p.html(&mut h);
        let page = h.finish();
        assert_eq!(page.matches("<tr><td").count(), p.windows.len());
        assert!(page.contains("data-figure=\"life_over_ticks\""));
        assert!(Panel::of(&[]).windows.is_empty());
    }
}
