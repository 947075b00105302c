//! The generational metrics (design §4.6): per generation, how soon its creatures reached
//! the unit U2 and passed their first quest, and the wise arm's curve score, read from the
//! living creature and every ancestor its lineage knows of; as rows, and as an SVG with one
//! line per generation (the experience curve's own plot, `wisdom::curve::svg`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::format::Mark;
use crate::wisdom::curve::svg;

/// The curve arm whose score the lineage compares unless told otherwise.
pub const DEFAULT_ARM: &str = "wise-small";

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
    /// The median of each creature's latest score on the arm, and the age (ticks) of the
    /// oldest of those scores.
    pub score: Option<f64>,
    pub score_age: Option<u64>,
    /// Every score of the arm, by age, over its creatures.
    pub curve: Vec<(u64, f64)>,
}

/// The generations of `marks` (each creature once, by volume id), oldest first, with the
/// scores of `arm`.
pub fn generations(marks: &[Mark], arm: &str) -> Vec<Generation> {
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
                score: median_f64(latest.iter().map(|p| p.1)),
                score_age: latest.iter().map(|p| p.0).max(),
                curve,
            }
        })
        .collect()
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
