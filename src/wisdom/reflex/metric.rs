//! The reflex metric: per day, the ticks resolved below the model (a reflex handled them and
//! the model was not called) and the ticks the model handled, each with how many succeeded,
//! and every reflex firing. Kept as a ring of [`METRIC_DAYS`] days inside the reflex state.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;

/// Days the metric keeps.
pub const METRIC_DAYS: usize = 90;
const DAY_MS: Millis = 86_400_000;

/// One day's tally.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Day {
    /// Days since the epoch (UTC).
    pub day: u64,
    /// Ticks a reflex handled without calling the model.
    pub below: u64,
    pub below_ok: u64,
    /// Ticks whose action the model chose.
    pub model: u64,
    pub model_ok: u64,
    /// Reflex firings (with the model or without it).
    pub fired: u64,
    pub fired_ok: u64,
}

/// The ring of days, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metric {
    pub days: Vec<Day>,
}

/// What `wis status` and `wis reflex list` show: one day's numbers as fractions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub day: u64,
    pub below: u64,
    pub model: u64,
    /// Ticks below the model over all acting ticks that day.
    pub below_fraction: f64,
    /// Success rate of the ticks below the model, and of the model's.
    pub below_success: Option<f64>,
    pub model_success: Option<f64>,
    pub fired: u64,
}

/// Which tally a tick adds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    /// A reflex handled the tick; the model was not called.
    Below,
    /// The model chose the action.
    Model,
    /// A reflex fired and the model ran too (the soak mode).
    Fired,
}

impl Metric {
    /// Counts one tick at `now`.
    pub fn count(&mut self, now: Millis, handled: Handled, success: bool) {
        let day = now.max(0) as u64 / DAY_MS as u64;
        if self.days.last().is_none_or(|d| d.day != day) {
            self.days.push(Day {
                day,
                ..Day::default()
            });
            if self.days.len() > METRIC_DAYS {
                let extra = self.days.len() - METRIC_DAYS;
                self.days.drain(..extra);
            }
        }
        let today = self.days.last_mut().expect("pushed above");
        let ok = u64::from(success);
        match handled {
            Handled::Below => {
                today.below += 1;
                today.below_ok += ok;
                today.fired += 1;
                today.fired_ok += ok;
            }
            Handled::Model => {
                today.model += 1;
                today.model_ok += ok;
            }
            Handled::Fired => {
                today.fired += 1;
                today.fired_ok += ok;
            }
        }
    }

    /// Every kept day, newest first.
    pub fn summaries(&self) -> Vec<Summary> {
        self.days.iter().rev().map(Day::summary).collect()
    }
}

impl Day {
    pub fn summary(&self) -> Summary {
        let rate = |ok: u64, n: u64| (n > 0).then(|| ok as f64 / n as f64);
        let acting = self.below + self.model;
        Summary {
            day: self.day,
            below: self.below,
            model: self.model,
            below_fraction: rate(self.below, acting).unwrap_or(0.0),
            below_success: rate(self.below_ok, self.below),
            model_success: rate(self.model_ok, self.model),
            fired: self.fired,
        }
    }
}

impl Summary {
    /// `3 of 40 ticks below the model (7.5%), 100% ok; the model's 80% ok`.
    pub fn line(&self) -> String {
        let pct = |r: Option<f64>| match r {
            Some(r) => format!("{:.0}% ok", r * 100.0),
            None => "none".to_string(),
        };
        format!(
            "{} of {} ticks below the model ({:.1}%), {}; the model's {}",
            self.below,
            self.below + self.model,
            self.below_fraction * 100.0,
            pct(self.below_success),
            pct(self.model_success)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_counts_below_and_model_ticks_and_the_ring_keeps_its_days() {
        let mut m = Metric::default();
        m.count(0, Handled::Below, true);
        m.count(10, Handled::Model, true);
        m.count(20, Handled::Model, false);
        m.count(30, Handled::Fired, true);
        let s = &m.summaries()[0];
        assert_eq!((s.below, s.model, s.fired), (1, 2, 2));
        assert!((s.below_fraction - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(s.model_success, Some(0.5));
        assert_eq!(s.below_success, Some(1.0));
        for d in 0..200 {
            m.count(d * DAY_MS, Handled::Model, true);
        }
        assert_eq!(m.days.len(), METRIC_DAYS);
        assert_eq!(m.days.last().unwrap().day, 199);
    }
}
