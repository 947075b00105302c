//! The curve as data: score against creature age, one column (or line) per arm, for one
//! battery version at a time (scores on different versions are not comparable).
//!
//! Rows are ages (ticks, then sleeps). A paused creature does not age, so repeated runs land
//! on the same row; the newest result of an arm at an age is the one shown. Each row also
//! keeps each arm's compute and its ratio to the naive small arm's, and the wise arm against
//! each naive large arm ([`super::roles`]), from which the table reads the seed's readout.

use std::collections::BTreeMap;

use serde::Serialize;

use super::compute::{Compute, ratio_cell};
use super::interval::{Interval, of_result};
use super::report::{Gain, gains};
use super::result::{Age, CurveResult};
use super::roles::{self, Readout, Role, Versus};

/// One age's scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CurveRow {
    pub age: Age,
    /// By arm, in the order of [`CurveTable::arms`]; `None` where the arm has no result.
    pub scores: Vec<Option<f64>>,
    /// Each score's 95% bootstrap interval over the tasks, in the same order.
    pub intervals: Vec<Option<Interval>>,
    /// What memory bought at this age: each live arm over the arm without memory on the same
    /// model (paired over the tasks), as `wis curve run` reports it.
    pub gains: Vec<Gain>,
    /// Each arm's compute, in the order of [`CurveTable::arms`] (`None`: no result, or one
    /// recorded before compute was kept).
    pub compute: Vec<Option<Compute>>,
    /// Each arm's tokens over the naive small arm's at this age, where both were reported.
    pub ratios: Vec<Option<f64>>,
    /// The wise arm against each naive large arm at this age.
    pub versus: Vec<Versus>,
}

/// The curve of one battery version.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CurveTable {
    pub battery: String,
    /// Arms in the order they first appear in the results.
    pub arms: Vec<String>,
    /// Each arm's part in the seed's question, as at the newest age it was measured.
    pub roles: Vec<Option<Role>>,
    /// Oldest age first.
    pub rows: Vec<CurveRow>,
    /// Other battery versions that have results.
    pub other_versions: Vec<String>,
}

impl CurveTable {
    /// What memory bought at the newest age: one line per paired gain,
    /// `at 120 ticks: <gain>`.
    pub fn latest_gains(&self) -> Vec<String> {
        self.rows
            .last()
            .map(|row| {
                row.gains
                    .iter()
                    .map(|g| format!("at {} ticks: {}", row.age.ticks, g.line()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The curve of `version` (default: the version of the newest result), from results in
    /// ring order (oldest first). `None` when there is nothing to show.
    pub fn build(results: &[CurveResult], version: Option<&str>) -> Option<CurveTable> {
        let battery = match version {
            Some(v) => v.to_string(),
            None => results.last()?.battery.version.clone(),
        };
        let mut arms: Vec<String> = Vec::new();
        let mut cells: BTreeMap<Age, BTreeMap<usize, &CurveResult>> = BTreeMap::new();
        let mut other_versions: Vec<String> = Vec::new();
        for r in results {
            if r.battery.version != battery {
                if !other_versions.contains(&r.battery.version) {
                    other_versions.push(r.battery.version.clone());
                }
                continue;
            }
            let col = match arms.iter().position(|a| *a == r.arm) {
                Some(i) => i,
                None => {
                    arms.push(r.arm.clone());
                    arms.len() - 1
                }
            };
            cells.entry(r.age).or_default().insert(col, r);
        }
        if arms.is_empty() {
            return None;
        }
        other_versions.sort();
        let mut arm_roles = vec![None; arms.len()];
        let rows = cells
            .into_iter()
            .map(|(age, by_arm)| {
                let newest: Vec<CurveResult> = by_arm.values().map(|r| (*r).clone()).collect();
                let refs: Vec<&CurveResult> = by_arm.values().copied().collect();
                for (col, role) in by_arm.keys().zip(roles::roles(&refs)) {
                    arm_roles[*col] = role;
                }
                let base = roles::baseline(&refs).and_then(|b| b.compute);
                let compute: Vec<Option<Compute>> = (0..arms.len())
                    .map(|i| by_arm.get(&i).and_then(|r| r.compute))
                    .collect();
                CurveRow {
                    age,
                    scores: (0..arms.len())
                        .map(|i| by_arm.get(&i).map(|r| r.score()))
                        .collect(),
                    intervals: (0..arms.len())
                        .map(|i| by_arm.get(&i).map(|r| of_result(r)))
                        .collect(),
                    gains: gains(&newest),
                    ratios: compute
                        .iter()
                        .map(|c| {
                            c.as_ref()
                                .zip(base.as_ref())
                                .and_then(|(c, b)| c.ratio_to(b))
                        })
                        .collect(),
                    compute,
                    versus: roles::versus(&refs),
                }
            })
            .collect();
        Some(CurveTable {
            battery,
            arms,
            roles: arm_roles,
            rows,
            other_versions,
        })
    }

    /// The seed's readout over every age: the wise arm against each naive large arm, and
    /// whether it has crossed.
    pub fn readouts(&self) -> Vec<Readout> {
        let ages: Vec<(Age, Vec<Versus>)> = self
            .rows
            .iter()
            .map(|r| (r.age, r.versus.clone()))
            .collect();
        roles::readouts(&ages)
    }

    /// The readouts as lines (two per pair of arms).
    pub fn readout_lines(&self) -> Vec<String> {
        self.readouts().iter().flat_map(Readout::lines).collect()
    }

    /// The header of [`CurveTable::compute_rows`].
    pub const COMPUTE_HEADER: [&'static str; 5] = [
        "arm",
        "calls",
        "prompt tokens",
        "generated",
        "× naive-small",
    ];

    /// Whether any arm's compute is on record at the newest age (results recorded before
    /// compute was kept have none).
    pub fn has_compute(&self) -> bool {
        self.rows
            .last()
            .is_some_and(|r| r.compute.iter().any(Option::is_some))
    }

    /// At the newest age, each measured arm's compute: calls, prompt tokens read, tokens
    /// generated, and its tokens over the naive small arm's (`-` where not reported).
    pub fn compute_rows(&self) -> Vec<Vec<String>> {
        let Some(row) = self.rows.last() else {
            return Vec::new();
        };
        self.arms
            .iter()
            .enumerate()
            .filter(|(i, _)| row.scores[*i].is_some())
            .map(|(i, arm)| {
                let (calls, [prompt, generated]) = match &row.compute[i] {
                    Some(c) => (c.calls.to_string(), c.cells()),
                    None => ("-".into(), ["-".into(), "-".into()]),
                };
                vec![
                    arm.clone(),
                    calls,
                    prompt,
                    generated,
                    ratio_cell(row.ratios[i]),
                ]
            })
            .collect()
    }

    /// The table's header: ticks, sleeps, then one column per arm.
    pub fn header(&self) -> Vec<&str> {
        let mut h = vec!["ticks", "sleeps"];
        h.extend(self.arms.iter().map(String::as_str));
        h
    }

    /// The table's rows as text, each score to three places with its 95% interval, `-` where
    /// an arm has none.
    pub fn text_rows(&self) -> Vec<Vec<String>> {
        self.rows
            .iter()
            .map(|row| {
                let mut cells = vec![row.age.ticks.to_string(), row.age.sleeps.to_string()];
                cells.extend(row.intervals.iter().map(|i| match i {
                    Some(i) => i.text(),
                    None => "-".into(),
                }));
                cells
            })
            .collect()
    }

    /// One line per gain, each age's in turn: `at 120 ticks: gain wise − naive: 0.27 [...]`.
    pub fn gain_lines(&self) -> Vec<String> {
        self.rows
            .iter()
            .flat_map(|row| {
                row.gains
                    .iter()
                    .map(move |g| format!("at {} ticks: {}", row.age.ticks, g.line()))
            })
            .collect()
    }

    /// One line per arm with each point's interval: (age in ticks, score, interval).
    pub fn ranged_series(&self) -> Vec<(&str, Vec<super::svg::Point>)> {
        self.arms
            .iter()
            .enumerate()
            .map(|(i, arm)| {
                let points = self
                    .rows
                    .iter()
                    .filter_map(|row| {
                        let range = row.intervals[i].map(|iv| (iv.low, iv.high));
                        row.scores[i].map(|s| (row.age.ticks, s, range))
                    })
                    .collect();
                (arm.as_str(), points)
            })
            .collect()
    }

    /// One line per arm: (age in ticks, score) points, oldest first.
    pub fn series(&self) -> Vec<(&str, Vec<(u64, f64)>)> {
        self.ranged_series()
            .into_iter()
            .map(|(arm, pts)| (arm, pts.into_iter().map(|(t, v, _)| (t, v)).collect()))
            .collect()
    }
}
