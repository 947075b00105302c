//! The curve panel: each arm's score against the creature's age with its 95% interval, drawn by
//! the same code as `wis curve plot` (its axes, its interval bars, the seed's three lines and
//! the crossing, its notes), the table of the same points as text, memory's paired gains at
//! the newest age, the seed's readout (the wise arm against a naive larger one, and the age it
//! crossed), each arm's compute at the newest age, and at that age the share of each arm's
//! points won on the recall and detail tasks, the situational calls only lived memory answers.

use crate::base::exit::Result;
use crate::base::html::{Cell, Html};
use crate::base::store::Read;
use crate::wisdom::curve::battery::Domain;
use crate::wisdom::curve::{CurveResult, CurveTable, results, svg};

use super::{Options, figure, newest, pct};

/// Ages the table lists (the picture draws them all).
const AGES_SHOWN: usize = 30;

#[derive(Debug)]
pub(super) struct Panel {
    table: Option<CurveTable>,
    /// At the newest age, per arm: its memory, and its points won on recall and detail tasks
    /// over all.
    lived: Vec<(String, String, Option<f64>)>,
}

impl Panel {
    pub fn gather(rx: &impl Read, opts: &Options) -> Result<Panel> {
        let all: Vec<CurveResult> = results(rx)?
            .into_iter()
            .filter(|r| opts.keeps(r.age.ticks))
            .collect();
        let table = CurveTable::build(&all, None);
        let lived = match &table {
            Some(t) => {
                let newest_age = t.rows.last().map(|r| r.age);
                t.arms
                    .iter()
                    .filter_map(|arm| {
                        let r = all.iter().rev().find(|r| {
                            &r.arm == arm
                                && r.battery.version == t.battery
                                && Some(r.age) == newest_age
                        })?;
                        let total: f64 = r.tasks.iter().map(|t| t.score).sum();
                        let recall: f64 = r
                            .tasks
                            .iter()
                            .filter(|t| matches!(t.domain, Domain::Recall | Domain::Detail))
                            .map(|t| t.score)
                            .sum();
                        Some((
                            arm.clone(),
                            format!("{:?}", r.memory).to_lowercase(),
                            (total > 0.0).then(|| recall / total),
                        ))
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        Ok(Panel { table, lived })
    }

    pub fn html(&self, h: &mut Html) {
        let Some(table) = &self.table else {
            h.empty("no curve yet", "wis curve run");
            return;
        };
        figure(
            h,
            "experience_curve",
            &svg::render(table),
            &format!(
                "Score (mean per task, 95% interval) against age in ticks, battery {}; the \
                 same points are in the table below.",
                table.battery
            ),
        );
        let mut header = table.header();
        header.truncate(2);
        let arms: Vec<String> = table
            .arms
            .iter()
            .map(|a| format!("{a} (95% interval)"))
            .collect();
        header.extend(arms.iter().map(String::as_str));
        let (rows, left_out) = newest(table.text_rows(), AGES_SHOWN);
        let rows: Vec<Vec<Cell>> = rows
            .into_iter()
            .map(|r| r.into_iter().map(Cell::Num).collect())
            .collect();
        let caption = if left_out > 0 {
            format!("Scores by age, the newest {AGES_SHOWN} ages ({left_out} older in the picture)")
        } else {
            "Scores by age".to_string()
        };
        h.table(&caption, &header, &rows);
        let gains = table.latest_gains();
        h.el("h3", "", "Latest paired gains");
        if gains.is_empty() {
            h.empty(
                "no paired gain at the newest age: it needs an arm with memory and one without \
                 on the same model",
                "wis curve run",
            );
        } else {
            h.raw("<ul>\n");
            for g in &gains {
                h.el("li", "", g);
            }
            h.raw("</ul>\n");
        }
        h.el("h3", "", "Wise-small against naive-large");
        let readout = table.readout_lines();
        if readout.is_empty() {
            h.empty(
                "no readout: it needs an arm with live memory and an arm without memory on \
                 another model ([curve.arms.naive-large] with its own url and model)",
                "wis curve run",
            );
        } else {
            h.raw("<ul>\n");
            for line in &readout {
                h.el("li", "", line);
            }
            h.raw("</ul>\n");
        }
        if table.has_compute() {
            let compute: Vec<Vec<Cell>> = table
                .compute_rows()
                .into_iter()
                .map(|r| {
                    let mut cells = r.into_iter();
                    let arm = Cell::text(cells.next().unwrap_or_default());
                    std::iter::once(arm).chain(cells.map(Cell::Num)).collect()
                })
                .collect();
            h.table(
                "At the newest age: each arm's compute (prompt tokens read and tokens \
                 generated, in its own model's tokens) and its ratio to the naive small arm's",
                &CurveTable::COMPUTE_HEADER,
                &compute,
            );
        }
        let rows: Vec<Vec<Cell>> = self
            .lived
            .iter()
            .map(|(arm, memory, share)| {
                vec![
                    Cell::text(arm),
                    Cell::text(memory),
                    Cell::Num(share.map_or_else(|| "no points".into(), pct)),
                ]
            })
            .collect();
        h.table(
            "At the newest age: each arm's memory, and its points won on the recall and detail \
             tasks (answered only from lived memory)",
            &["arm", "memory", "points from recall and detail tasks"],
            &rows,
        );
        if !table.other_versions.is_empty() {
            h.el(
                "p",
                "",
                &format!(
                    "Battery {} shown; results also exist for: {}.",
                    table.battery,
                    table.other_versions.join(", ")
                ),
            );
        }
    }
}
