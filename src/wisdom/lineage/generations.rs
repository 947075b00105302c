//! The generational metrics (design §4.6): per generation, the keeper's figures (the done
//! rate of its creatures' commissions, the ticks to the first confirmed one), how soon its
//! creatures reached level 2, the unit U2 and their first passed quest, and the wise arm's
//! curve score at a fixed age (the point nearest it) and at its latest, read from the living
//! creature and every ancestor its lineage knows of; as rows, and as an SVG with one line per
//! generation (the experience curve's own plot, `wisdom::curve::svg`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::format::{Commissions, Mark};
use crate::wisdom::curve::svg;

/// The curve arm whose score the lineage compares unless told otherwise.
pub const DEFAULT_ARM: &str = "wise-small";
/// The age (ticks) at which the generations' scores are compared unless told otherwise.
pub const DEFAULT_AGE: u64 = 100;

/// One generation's row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Generation {
    pub generation: u32,
    /// Its creatures (volume ids; the living creature by its name and today's date).
    pub creatures: Vec<String>,
    /// The median over its creatures that reached it.
    pub ticks_to_u2: Option<u64>,
    pub ticks_to_first_quest: Option<u64>,
    pub ticks_to_first_confirmed_commission: Option<u64>,
    pub ticks_to_level_2: Option<u64>,
    /// The median of its creatures' done rates (the keeper's figures), over those with one.
    pub done_rate: Option<f64>,
    /// Commissions given and done, summed over its creatures that carried the figures.
    pub commissions_given: u64,
    pub commissions_done: u64,
    /// The median of each creature's score on the arm at the point nearest [`Generation::age`],
    /// and the age (ticks) of the farthest of those points from it.
    pub age: u64,
    pub score_at_age: Option<f64>,
    pub score_at_age_from: Option<u64>,
    /// The median of each creature's latest score on the arm, and the age (ticks) of the
    /// oldest of those scores.
    pub score: Option<f64>,
    pub score_age: Option<u64>,
    /// Every score of the arm, by age, over its creatures.
    pub curve: Vec<(u64, f64)>,
}

/// The generations of `marks` (each creature once, by volume id), oldest first, with the
/// scores of `arm`, compared at `age`.
pub fn generations(marks: &[Mark], arm: &str, age: u64) -> Vec<Generation> {
    let mut by_gen: BTreeMap<u32, Vec<&Mark>> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for m in marks.iter().filter(|m| seen.insert(m.volume.clone())) {
        by_gen.entry(m.generation).or_default().push(m);
    }
    by_gen
        .into_iter()
        .map(|(generation, ms)| {
            let latest: Vec<(u64, f64)> = ms
                .iter()
                .filter_map(|m| {
                    m.curve
                        .iter()
                        .filter(|p| p.arm == arm)
                        .max_by_key(|p| p.ticks)
                        .map(|p| (p.ticks, p.score))
                })
                .collect();
            let at_age: Vec<(u64, f64)> = ms
                .iter()
                .filter_map(|m| {
                    m.curve
                        .iter()
                        .filter(|p| p.arm == arm)
                        .min_by_key(|p| (p.ticks.abs_diff(age), p.ticks))
                        .map(|p| (p.ticks, p.score))
                })
                .collect();
            let figures: Vec<&Commissions> =
                ms.iter().filter_map(|m| m.commissions.as_ref()).collect();
            let mut curve: Vec<(u64, f64)> = ms
                .iter()
                .flat_map(|m| m.curve.iter().filter(|p| p.arm == arm))
                .map(|p| (p.ticks, p.score))
                .collect();
            curve.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
            Generation {
                generation,
                creatures: ms.iter().map(|m| m.volume.clone()).collect(),
                ticks_to_u2: median_u64(ms.iter().filter_map(|m| m.ticks_to_u2)),
                ticks_to_first_quest: median_u64(ms.iter().filter_map(|m| m.ticks_to_first_quest)),
                ticks_to_first_confirmed_commission: median_u64(
                    ms.iter()
                        .filter_map(|m| m.ticks_to_first_confirmed_commission),
                ),
                ticks_to_level_2: median_u64(ms.iter().filter_map(|m| m.ticks_to_level_2)),
                done_rate: median_f64(figures.iter().filter_map(|c| c.done_rate)),
                commissions_given: figures.iter().map(|c| c.given).sum(),
                commissions_done: figures.iter().map(|c| c.done).sum(),
                age,
                score_at_age: median_f64(at_age.iter().map(|p| p.1)),
                score_at_age_from: at_age.iter().map(|p| p.0).max_by_key(|t| t.abs_diff(age)),
                score: median_f64(latest.iter().map(|p| p.1)),
                score_age: latest.iter().map(|p| p.0).max(),
                curve,
            }
        })
        .collect()
}

/// The columns of a generation's row, as `wis legacy lineage` and the growth report's lineage
/// panel show them (`creatures` is the caller's: a count or the names).
pub fn headers(arm: &str, age: u64) -> Vec<String> {
    [
        "generation",
        "creatures",
        "done rate",
        "ticks to first commission",
        "ticks to level 2",
        "ticks to U2",
        "ticks to first quest",
    ]
    .into_iter()
    .map(str::to_string)
    .chain([format!("{arm} at age {age}"), format!("{arm} latest")])
    .collect()
}

/// A generation's figures after its `creatures` column, in [`headers`]' order: `-` where it
/// has none.
pub fn figures(g: &Generation) -> Vec<String> {
    let dash = || "-".to_string();
    let ticks = |t: Option<u64>| t.map_or_else(dash, |t| t.to_string());
    let score = |s: Option<f64>, at: Option<u64>| match (s, at) {
        (Some(s), Some(at)) => format!("{s:.3} at {at}"),
        _ => dash(),
    };
    vec![
        match g.done_rate {
            Some(r) => format!(
                "{:.0}% ({} of {})",
                r * 100.0,
                g.commissions_done,
                g.commissions_given
            ),
            None if g.commissions_given > 0 => format!("- (0 of {} ended)", g.commissions_given),
            None => dash(),
        },
        ticks(g.ticks_to_first_confirmed_commission),
        ticks(g.ticks_to_level_2),
        ticks(g.ticks_to_u2),
        ticks(g.ticks_to_first_quest),
        score(g.score_at_age, g.score_at_age_from),
        score(g.score, g.score_age),
    ]
}

/// The plot: the arm's score against age, one line per generation.
pub fn plot(gens: &[Generation], arm: &str) -> String {
    let names: Vec<String> = gens
        .iter()
        .map(|g| format!("generation {}", g.generation))
        .collect();
    let series: Vec<(&str, Vec<(u64, f64)>)> = gens
        .iter()
        .zip(&names)
        .map(|(g, name)| (name.as_str(), g.curve.clone()))
        .collect();
    let title = format!("Lineage: the {arm} arm's score by generation");
    svg::plot(
        &series,
        &svg::Labels {
            title: &title,
            x: "creature age (ticks)",
            y: "score (mean per task)",
        },
    )
}

fn median_u64(values: impl Iterator<Item = u64>) -> Option<u64> {
    let mut v: Vec<u64> = values.collect();
    v.sort_unstable();
    (!v.is_empty()).then(|| v[(v.len() - 1) / 2])
}

fn median_f64(values: impl Iterator<Item = f64>) -> Option<f64> {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    (!v.is_empty()).then(|| v[(v.len() - 1) / 2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wisdom::lineage::format::{Commissions, CurvePoint};

    fn mark(volume: &str, generation: u32, points: &[(u64, f64)], rate: Option<f64>) -> Mark {
        Mark {
            volume: volume.into(),
            creature: volume.into(),
            generation,
            ticks_to_u2: None,
            ticks_to_first_quest: None,
            ticks_to_first_confirmed_commission: Some(10 * u64::from(generation)),
            curve: points
                .iter()
                .map(|(ticks, score)| CurvePoint {
                    arm: DEFAULT_ARM.into(),
                    ticks: *ticks,
                    score: *score,
                })
                .collect(),
            ticks_to_level_2: Some(40 / u64::from(generation)),
            commissions: rate.map(|r| Commissions {
                given: 4,
                done: 2,
                missed: 1,
                live: 1,
                done_rate: Some(r),
                median_ticks_to_done: Some(3.0),
            }),
        }
    }

    #[test]
    fn a_generation_is_compared_at_a_fixed_age_and_by_the_keeper_s_figures() {
        let marks = [
            mark("A", 1, &[(90, 0.5), (300, 0.75)], Some(0.5)),
            mark("B", 2, &[(120, 0.625), (300, 0.875)], Some(0.75)),
            mark("C", 2, &[(60, 0.25)], None),
        ];
        let gens = generations(&marks, DEFAULT_ARM, 100);
        assert_eq!(gens.len(), 2);
        let (one, two) = (&gens[0], &gens[1]);
        assert_eq!(
            (one.score_at_age, one.score_at_age_from),
            (Some(0.5), Some(90))
        );
        assert_eq!((one.score, one.score_age), (Some(0.75), Some(300)));
        assert_eq!(one.done_rate, Some(0.5));
        assert_eq!(one.ticks_to_level_2, Some(40));
        // B's point nearest 100 is at 120, C's at 60: the median of 0.625 and 0.25, the
        // farthest age named.
        assert_eq!(two.score_at_age, Some(0.25));
        assert_eq!(two.score_at_age_from, Some(60));
        assert_eq!(two.done_rate, Some(0.75), "over the creatures with figures");
        assert_eq!((two.commissions_given, two.commissions_done), (4, 2));
        assert_eq!(two.ticks_to_first_confirmed_commission, Some(20));
        assert_eq!(
            figures(two),
            [
                "75% (2 of 4)",
                "20",
                "20",
                "-",
                "-",
                "0.250 at 60",
                "0.250 at 300"
            ]
        );
        assert_eq!(headers(DEFAULT_ARM, 100)[7], "wise-small at age 100");
    }
}
