//! The keeper's commissions, first in the Life panel: the keeper's figures (the same `Desk`
//! `wis status` leads with: done rate and median ticks to done over the life, the last 50 and
//! per kind) and the practice curve, each ended commission a point at the age it was given
//! with its ticks to done (the missed ones a cross in the band above), a running median
//! through the done ones, and the newest of them in a table.

use std::collections::BTreeMap;

use crate::base::html::{Cell, Html};
use crate::creature::commission_figures::{self, Desk, Figures, GIVE, UNNAMED_KIND, median};
use crate::creature::commissions::Commission;

use super::chart::{self, Mark};
use super::life::figures_list;
use super::{figure, newest, pct};

/// Ended commissions drawn, the newest.
const DRAWN: usize = 300;
/// Ended commissions listed in the table, the newest.
const LISTED: usize = 30;
/// Kinds in the per-kind table, the most given.
const KINDS_LISTED: usize = 20;
/// Kinds the picture colours one by one; the rest share one colour.
const KINDS_COLOURED: usize = 7;
/// Done commissions the running median looks back over.
const MEDIAN_OF: usize = 5;

#[derive(Debug)]
pub(super) struct Keeper {
    desk: Desk,
    /// The newest ended commissions (done or missed), oldest first.
    ended: Vec<Ended>,
    /// Ended commissions older than those drawn.
    left_out: usize,
}

#[derive(Debug)]
struct Ended {
    id: u64,
    kind: String,
    given: u64,
    /// Ticks to done; none: missed.
    ticks: Option<u64>,
    /// Done, confirmed, dropped or expired, and after how many ticks.
    outcome: &'static str,
    after: Option<u64>,
    text: String,
}

impl Keeper {
    /// The figures of `kept` (oldest first, with their ids), and its ended ones drawn.
    pub fn of(kept: &[(u64, Commission)], desk: Desk) -> Keeper {
        let ended: Vec<Ended> = kept
            .iter()
            .filter(|(_, c)| c.status.succeeded() || c.status.missed())
            .map(|(id, c)| Ended {
                id: *id,
                kind: c.kind.clone().unwrap_or_else(|| UNNAMED_KIND.into()),
                given: c.given_tick,
                ticks: commission_figures::ticks_to_done(c),
                outcome: c.status.as_str(),
                after: c.ended_tick.map(|t| t.saturating_sub(c.given_tick)),
                text: c.text.clone(),
            })
            .collect();
        let (ended, left_out) = newest(ended, DRAWN);
        Keeper {
            desk,
            ended,
            left_out,
        }
    }

    pub fn html(&self, h: &mut Html) {
        h.el("h3", "", "The keeper's commissions");
        let life = &self.desk.life;
        if life.given == 0 {
            h.empty("no commission yet", GIVE);
            return;
        }
        let recent = &self.desk.recent;
        let n = self.desk.recent_n;
        figures_list(
            h,
            &[
                (
                    "commissions_given",
                    "commissions given",
                    life.given.to_string(),
                ),
                ("commissions_done", "done", life.done.to_string()),
                (
                    "commissions_done_rate",
                    "done rate (of those ended)",
                    rate(life),
                ),
                (
                    "commissions_median_ticks",
                    "median ticks to done",
                    ticks(life),
                ),
                (
                    "commissions_recent_done_rate",
                    &format!("done rate, last {n}"),
                    rate(recent),
                ),
                (
                    "commissions_recent_median_ticks",
                    &format!("median ticks to done, last {n}"),
                    ticks(recent),
                ),
                ("commissions_open", "on the desk now", life.live.to_string()),
            ],
        );
        let kinds = self.desk.kinds_by_given();
        let rows: Vec<Vec<Cell>> = kinds
            .iter()
            .take(KINDS_LISTED)
            .map(|(k, f)| {
                vec![
                    Cell::text(*k),
                    Cell::num(f.given),
                    Cell::num(f.done),
                    Cell::num(f.missed),
                    Cell::num(f.live),
                    Cell::Num(rate(f)),
                    Cell::Num(ticks(f)),
                ]
            })
            .collect();
        let caption = match kinds.len().checked_sub(KINDS_LISTED) {
            Some(more) if more > 0 => format!(
                "Per kind, the {KINDS_LISTED} most given ({more} more in wis status --output-format json)"
            ),
            _ => "Per kind, the most given first".to_string(),
        };
        h.table(
            &caption,
            &[
                "kind",
                "given",
                "done",
                "missed",
                "on the desk",
                "done rate",
                "median ticks to done",
            ],
            &rows,
        );
        self.practice_html(h);
    }

    fn practice_html(&self, h: &mut Html) {
        h.el("h3", "", "Practice: ticks to done against age");
        if self.ended.is_empty() {
            h.empty(
                "no commission has ended yet: one is done when its check holds after the \
                 creature's action",
                "wis tick",
            );
            return;
        }
        let mut legend: Vec<String> = self
            .desk
            .kinds_by_given()
            .iter()
            .map(|(k, _)| k.to_string())
            .filter(|k| self.ended.iter().any(|e| &e.kind == k))
            .collect();
        let others = legend.len() > KINDS_COLOURED;
        legend.truncate(KINDS_COLOURED);
        let series: BTreeMap<String, usize> = legend
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), i))
            .collect();
        if others {
            legend.push("other kinds".into());
        }
        let marks: Vec<Mark> = self
            .ended
            .iter()
            .map(|e| Mark {
                series: series.get(&e.kind).copied().unwrap_or(KINDS_COLOURED),
                given: e.given,
                ticks: e.ticks,
                title: describe(e),
            })
            .collect();
        let mut done: Vec<u64> = Vec::new();
        let mut line = Vec::new();
        for e in &self.ended {
            if let Some(t) = e.ticks {
                done.push(t);
                let from = done.len().saturating_sub(MEDIAN_OF);
                line.extend(median(&done[from..]).map(|m| (e.given, m)));
            }
        }
        let older = if self.left_out > 0 {
            format!(" ({} older ones left out)", self.left_out)
        } else {
            String::new()
        };
        figure(
            h,
            "practice",
            &chart::practice(&marks, &legend, &line),
            &format!(
                "Each ended commission at the age it was given{older}: a point at its ticks to \
                 done, or a cross in the top band when it was missed; the line is the median \
                 of the last {MEDIAN_OF} done. The newest are in the table below."
            ),
        );
        let (listed, _) = newest(self.ended.iter().collect::<Vec<_>>(), LISTED);
        let rows: Vec<Vec<Cell>> = listed
            .iter()
            .rev()
            .map(|e| {
                vec![
                    Cell::Num(format!("#{}", e.id)),
                    Cell::text(&e.kind),
                    Cell::num(e.given),
                    Cell::text(e.outcome),
                    Cell::Num(e.ticks.map_or_else(|| "—".into(), |t| t.to_string())),
                    Cell::text(&e.text),
                ]
            })
            .collect();
        h.table(
            &format!("The newest {} ended commissions, newest first", rows.len()),
            &[
                "id",
                "kind",
                "given at age",
                "outcome",
                "ticks to done",
                "commission",
            ],
            &rows,
        );
    }
}

/// A point's title: `#4 value: done in 3 ticks, given at age 40`.
fn describe(e: &Ended) -> String {
    let how = match (e.ticks, e.after) {
        (Some(t), _) => format!("{} in {t} ticks", e.outcome),
        (None, Some(a)) => format!("{} after {a} ticks", e.outcome),
        (None, None) => e.outcome.to_string(),
    };
    format!("#{} {}: {how}, given at age {}", e.id, e.kind, e.given)
}

fn rate(f: &Figures) -> String {
    f.done_rate.map_or_else(|| "none ended yet".into(), pct)
}

fn ticks(f: &Figures) -> String {
    f.median_ticks_to_done
        .map_or_else(|| "none done yet".into(), |m| format!("{m}"))
}
