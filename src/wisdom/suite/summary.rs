//! What a suite's life came to: per kind, done within the suite's ticks and ticks to done; the
//! first half of the stream against the second (practice); and, over several seeds, a wise
//! life against its dark twin, paired by errand, each with a 95% bootstrap interval.

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::creature::commission_figures::median;
use crate::creature::commissions::Commission;
use crate::wisdom::curve::interval::{Interval, RESAMPLES};

/// The ticks each errand is given by the suite.
pub const TICKS_EACH: u64 = 15;

/// One errand's fate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fate {
    pub kind: String,
    pub text: String,
    /// The creature's age when it was given.
    pub given: u64,
    /// Done within the suite's ticks.
    pub done: bool,
    /// Ticks from giving to done, when done.
    pub ticks: Option<u64>,
}

/// The fates of `commissions` (in the order given): done when its check held (or the keeper
/// confirmed it) within `within` ticks; anything else (expired, dropped, still open) is not.
pub fn fates(commissions: &[Commission], within: u64) -> Vec<Fate> {
    commissions
        .iter()
        .map(|c| {
            let ticks = crate::creature::commission_figures::ticks_to_done(c);
            let done = ticks.is_some_and(|t| t <= within);
            Fate {
                kind: c.kind.clone().unwrap_or_else(|| "(none)".into()),
                text: c.text.clone(),
                given: c.given_tick,
                done,
                ticks: ticks.filter(|_| done),
            }
        })
        .collect()
}

/// The replies of `said` that give a demonstration's answer (one of
/// [`crate::world::prompt::demonstrated_answers`], as a word of their own: `12 lines`) to a
/// commission whose check the reply does not pass, and that nothing the world showed since the
/// commission was given held (`episodes`: a reply `25` after a read that showed "25 December"
/// is a wrong answer read from the world, not a copy): copied from the prompt.
pub fn copied_demonstrations(
    said: &[crate::creature::commissions::Said],
    commissions: &[(u64, Commission)],
    episodes: &[crate::wisdom::episodes::Episode],
) -> Vec<String> {
    use crate::world::prompt::{demonstrated, holds_word};
    said.iter()
        .filter(|s| {
            let copied = demonstrated(&s.text);
            if copied.is_empty() {
                return false;
            }
            let commission = s
                .commission
                .and_then(|id| commissions.iter().find(|(i, _)| *i == id))
                .map(|(_, c)| c);
            if let Some(crate::creature::Check::ReplyContains { text }) =
                commission.and_then(|c| c.check.as_ref())
                && crate::creature::check::reply_holds(text, &s.text)
            {
                return false;
            }
            let since = commission.map_or(0, |c| c.given_tick);
            let shown: Vec<String> = episodes
                .iter()
                .filter(|e| e.tool != crate::creature::REPLY && e.tick >= since && e.tick <= s.tick)
                .map(|e| e.summary.to_lowercase())
                .collect();
            copied
                .iter()
                .any(|v| !shown.iter().any(|w| holds_word(w, v)))
        })
        .map(|s| s.text.clone())
        .collect()
}

/// Done counts and ticks of a set of fates.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Tally {
    pub given: usize,
    pub done: usize,
    pub rate: f64,
    pub median_ticks: Option<f64>,
}

impl Tally {
    pub fn of<'a>(fates: impl IntoIterator<Item = &'a Fate>) -> Tally {
        let fates: Vec<&Fate> = fates.into_iter().collect();
        let done = fates.iter().filter(|f| f.done).count();
        let ticks: Vec<u64> = fates.iter().filter_map(|f| f.ticks).collect();
        Tally {
            given: fates.len(),
            done,
            rate: if fates.is_empty() {
                0.0
            } else {
                done as f64 / fates.len() as f64
            },
            median_ticks: median(&ticks),
        }
    }
}

/// A suite's summary.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    pub all: Tally,
    pub per_kind: BTreeMap<String, Tally>,
    pub first_half: Tally,
    pub second_half: Tally,
    /// The second half's done rate less the first's, with its interval.
    pub practice: Option<Interval>,
}

/// The summary of one or more suites' fates (each a life's stream, in the order given).
pub fn summarize(lives: &[Vec<Fate>], seed: u64) -> Summary {
    let all: Vec<&Fate> = lives.iter().flatten().collect();
    let mut per_kind: BTreeMap<String, Vec<&Fate>> = BTreeMap::new();
    for f in &all {
        per_kind.entry(f.kind.clone()).or_default().push(f);
    }
    let halves: Vec<(Vec<f64>, Vec<f64>)> = lives.iter().map(|l| halves(done(l))).collect();
    let (mut first, mut second): (Vec<&Fate>, Vec<&Fate>) = (Vec::new(), Vec::new());
    for l in lives {
        let mid = l.len() / 2;
        first.extend(&l[..mid]);
        second.extend(&l[mid..]);
    }
    Summary {
        all: Tally::of(all.iter().copied()),
        per_kind: per_kind
            .into_iter()
            .map(|(k, v)| (k, Tally::of(v)))
            .collect(),
        first_half: Tally::of(first),
        second_half: Tally::of(second),
        practice: (!all.is_empty()).then(|| half_gain(&halves, seed)),
    }
}

/// Each errand of a life as 1 when done, else 0.
fn done(life: &[Fate]) -> Vec<f64> {
    life.iter().map(|f| f64::from(u8::from(f.done))).collect()
}

/// A life's values split at its middle: (first half, second half).
fn halves(mut values: Vec<f64>) -> (Vec<f64>, Vec<f64>) {
    let second = values.split_off(values.len() / 2);
    (values, second)
}

/// The second halves' mean less the first halves', over lives (each its own stratum), with a
/// 95% percentile-bootstrap interval resampling each half of each life.
pub fn half_gain(lives: &[(Vec<f64>, Vec<f64>)], seed: u64) -> Interval {
    let stat = |lives: &[(Vec<f64>, Vec<f64>)]| {
        let mean = |v: Vec<&f64>| {
            if v.is_empty() {
                0.0
            } else {
                v.iter().copied().sum::<f64>() / v.len() as f64
            }
        };
        mean(lives.iter().flat_map(|l| &l.1).collect())
            - mean(lives.iter().flat_map(|l| &l.0).collect())
    };
    let mean = stat(lives);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draws: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let resampled: Vec<(Vec<f64>, Vec<f64>)> = lives
                .iter()
                .map(|(a, b)| {
                    let mut pick = |v: &Vec<f64>| -> Vec<f64> {
                        (0..v.len())
                            .map(|_| v[rng.random_range(0..v.len())])
                            .collect()
                    };
                    (pick(a), pick(b))
                })
                .collect();
            stat(&resampled)
        })
        .collect();
    draws.sort_by(f64::total_cmp);
    let at = |q: f64| draws[((RESAMPLES as f64 - 1.0) * q).round() as usize];
    Interval {
        mean,
        low: at(0.025),
        high: at(0.975),
    }
}

/// A wise life against its dark twin on the same errands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Practice {
    /// The wise lives' second-half rate less their first-half rate.
    pub wise: Interval,
    /// The same for the dark twins.
    pub dark: Interval,
    /// The wise gain less the dark gain, paired errand by errand.
    pub difference: Interval,
    /// Errands compared, over every pair: each pair up to the shorter of its two lives.
    pub errands: usize,
    /// Whether some life was cut to its twin's length (a twin stopped early).
    pub cut: bool,
}

/// Compares wise lives with their dark twins (the same seed's errands, in the same order).
/// Each pair is compared over the errands both lived (up to the shorter of the two), so every
/// figure, the wise and dark gains included, is over the same errands.
pub fn practice(wise: &[Vec<Fate>], dark: &[Vec<Fate>], seed: u64) -> Practice {
    let common: Vec<(&[Fate], &[Fate])> = wise
        .iter()
        .zip(dark)
        .map(|(w, d)| {
            let n = w.len().min(d.len());
            (&w[..n], &d[..n])
        })
        .collect();
    let split = |dark: bool| -> Vec<(Vec<f64>, Vec<f64>)> {
        common
            .iter()
            .map(|&(w, d)| halves(done(if dark { d } else { w })))
            .collect()
    };
    let paired: Vec<(Vec<f64>, Vec<f64>)> = common
        .iter()
        .map(|&(w, d)| {
            let diff = done(w).iter().zip(done(d)).map(|(w, d)| w - d).collect();
            halves(diff)
        })
        .collect();
    Practice {
        wise: half_gain(&split(false), seed),
        dark: half_gain(&split(true), seed.wrapping_add(1)),
        difference: half_gain(&paired, seed.wrapping_add(2)),
        errands: common.iter().map(|(w, _)| w.len()).sum(),
        cut: wise.iter().zip(dark).any(|(w, d)| w.len() != d.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn life(done: &[bool]) -> Vec<Fate> {
        done.iter()
            .enumerate()
            .map(|(i, d)| Fate {
                kind: if i % 2 == 0 { "value" } else { "write" }.into(),
                text: format!("errand {i}"),
                given: i as u64 * 3,
                done: *d,
                ticks: d.then_some(2 + i as u64 % 3),
            })
            .collect()
    }

    #[test]
    fn halves_split_each_life_at_its_middle() {
        let s = summarize(&[life(&[false, false, true, true])], 7);
        assert_eq!((s.first_half.done, s.second_half.done), (0, 2));
        assert_eq!(s.all.rate, 0.5);
        assert_eq!(s.per_kind["value"].given, 2);
        let gain = s.practice.unwrap();
        assert_eq!(gain.mean, 1.0);
        assert!(gain.low <= gain.mean && gain.mean <= gain.high);
    }

    #[test]
    fn a_twin_that_improves_alike_shows_no_difference() {
        let a = life(&[false, true, false, true, true, true, true, true]);
        let p = practice(std::slice::from_ref(&a), std::slice::from_ref(&a), 3);
        assert_eq!(p.difference.mean, 0.0);
        assert_eq!((p.difference.low, p.difference.high), (0.0, 0.0));
        assert!(p.wise.mean > 0.0);
        assert_eq!((p.errands, p.cut), (8, false));
    }

    #[test]
    fn a_twin_stopped_early_cuts_both_lives_to_the_errands_they_share() {
        // The wise life does the last four; over the first four both lived, nothing changes.
        let wise = life(&[false, true, false, true, true, true, true, true]);
        let dark = life(&[false, true, false, true]);
        let p = practice(std::slice::from_ref(&wise), std::slice::from_ref(&dark), 3);
        assert_eq!((p.errands, p.cut), (4, true));
        assert_eq!(
            p.wise.mean, 0.0,
            "the wise gain over the shared errands only"
        );
        assert_eq!(p.difference.mean, 0.0);
    }

    #[test]
    fn fates_count_done_only_within_the_suite_s_ticks() {
        let mut late = Commission::new("x", None, Some(15), 10, 0);
        late.status = crate::creature::commissions::Status::Done;
        late.ended_tick = Some(30);
        let mut quick = late.clone();
        quick.ended_tick = Some(12);
        let f = fates(&[late, quick], TICKS_EACH);
        assert_eq!((f[0].done, f[1].done), (false, true));
        assert_eq!(f[1].ticks, Some(2));
    }
}

#[cfg(test)]
mod copies {
    use super::*;
    use crate::creature::commissions::Said;
    use crate::creature::{Action, Check};
    use crate::wisdom::recall::tests::episode;

    #[test]
    fn a_demonstration_s_value_the_world_showed_is_a_wrong_answer_not_a_copy() {
        let c = Commission::new(
            "What is the door code in study/studio.txt?",
            Some(Check::ReplyContains {
                text: "5370".into(),
            }),
            None,
            120,
            0,
        );
        let commissions = vec![(7, c)];
        let said = |tick: u64, text: &str| Said {
            tick,
            at: 0,
            text: text.into(),
            commission: Some(7),
        };
        let mut read = episode(
            122,
            "s",
            &Action::new("read_file", serde_json::json!({"path": "study/studio.txt"})),
            true,
        );
        read.summary =
            "read_file `study/studio.txt` -> ok: The booking date is 25 December.".into();
        let mut twelve = episode(
            123,
            "s",
            &Action::new("reply", serde_json::json!({"text": "12"})),
            true,
        );
        twelve.summary = "reply `12` -> ok: said".into();
        let episodes = vec![read, twelve];
        let copied = copied_demonstrations(
            &[said(123, "25"), said(124, "12"), said(125, "5370")],
            &commissions,
            &episodes,
        );
        // `25` was read; `12` was only ever said; `5370` passed its check.
        assert_eq!(copied, vec!["12".to_string()]);
        // Before the commission was given, what the world showed is not what it was answered from.
        let mut before = episodes.clone();
        before[0].tick = 100;
        let early = copied_demonstrations(&[said(123, "25")], &commissions, &before);
        assert_eq!(early, vec!["25".to_string()]);
    }
}
