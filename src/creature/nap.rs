//! The nap curve: how much sleep pressure (adenosine) puts the creature to sleep, by age.
//!
//! A declared, stage-scaled threshold pair (design §7): pressure rises by
//! [`PRESSURE_PER_TURN`] every waking turn; an infant sleeps when it reaches
//! [`INFANT_THRESHOLD`] (about five naps in its first day at one tick a minute), and the
//! threshold grows with the number of sleeps to [`ADULT_THRESHOLD`] (about one sleep a day).

use serde::Serialize;

/// Pressure added by one waking turn.
pub const PRESSURE_PER_TURN: f64 = 1.0;
/// Threshold while an infant: 280 turns, about five naps a day at a tick a minute.
pub const INFANT_THRESHOLD: f64 = 280.0;
/// Threshold as an adult: 1,400 turns, about one sleep a day at a tick a minute.
pub const ADULT_THRESHOLD: f64 = 1400.0;
/// Sleeps an infant takes before its threshold starts to grow.
pub const INFANT_UNTIL_SLEEPS: u64 = 6;
/// Sleeps after which the creature is an adult.
pub const ADULT_AT_SLEEPS: u64 = 30;

/// Life stage, by sleeps taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Infant,
    Juvenile,
    Adult,
}

impl Stage {
    pub fn of(sleeps: u64) -> Stage {
        if sleeps < INFANT_UNTIL_SLEEPS {
            Stage::Infant
        } else if sleeps < ADULT_AT_SLEEPS {
            Stage::Juvenile
        } else {
            Stage::Adult
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Stage::Infant => "infant",
            Stage::Juvenile => "juvenile",
            Stage::Adult => "adult",
        }
    }
}

/// The sleep-pressure threshold after `sleeps` sleeps.
pub fn threshold(sleeps: u64) -> f64 {
    if sleeps < INFANT_UNTIL_SLEEPS {
        return INFANT_THRESHOLD;
    }
    let span = (ADULT_AT_SLEEPS - INFANT_UNTIL_SLEEPS) as f64;
    let t = ((sleeps - INFANT_UNTIL_SLEEPS) as f64 / span).min(1.0);
    INFANT_THRESHOLD + (ADULT_THRESHOLD - INFANT_THRESHOLD) * t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Simulates ticks at one a minute: each waking turn adds pressure, a sleep resets it.
    fn sleeps_in(minutes: u64, mut sleeps: u64) -> u64 {
        let start = sleeps;
        let mut pressure = 0.0;
        for _ in 0..minutes {
            if pressure >= threshold(sleeps) {
                sleeps += 1;
                pressure = 0.0;
            } else {
                pressure += PRESSURE_PER_TURN;
            }
        }
        sleeps - start
    }

    #[test]
    fn an_infant_naps_about_five_times_its_first_day() {
        let naps = sleeps_in(24 * 60, 0);
        assert!((4..=6).contains(&naps), "{naps}");
    }

    #[test]
    fn an_adult_sleeps_about_once_a_day() {
        let naps = sleeps_in(24 * 60, ADULT_AT_SLEEPS);
        assert_eq!(naps, 1);
        assert_eq!(Stage::of(ADULT_AT_SLEEPS), Stage::Adult);
    }

    /// The ladder needs three naps (U1 and U2 at the first, U3 and the senses at the second,
    /// U5 at the third; U6 follows the third quest's pass). The first day holds two more, so
    /// a quest that takes a nap longer, or two, still fits in it.
    #[test]
    fn the_first_day_holds_the_ladder_and_two_naps_to_spare() {
        let mut sleeps = 0;
        let mut pressure = 0.0;
        let mut fifth_nap = None;
        for minute in 0..24 * 60 {
            if pressure >= threshold(sleeps) {
                sleeps += 1;
                pressure = 0.0;
                if sleeps == 5 {
                    fifth_nap = Some(minute);
                }
            } else {
                pressure += PRESSURE_PER_TURN;
            }
        }
        let at = fifth_nap.expect("five naps in the first day");
        assert!(at < 24 * 60 - 30, "the fifth nap came at minute {at}");
    }

    #[test]
    fn threshold_never_falls() {
        let mut last = 0.0;
        for s in 0..60 {
            assert!(threshold(s) >= last);
            last = threshold(s);
        }
    }
}
