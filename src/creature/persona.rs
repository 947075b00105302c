//! The persona: the creature's running counters (age, XP, goals), its sleep pressure, whether
//! it is paused, and the last tick it lived.
//!
//! XP and levels move only through adjudicated outcomes (see the economy in the tick path);
//! this module holds the counters and the declared level thresholds.

use serde::{Deserialize, Serialize};

use super::heartbeat::Turn;
use super::nap;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// XP needed to reach each level: level `n` starts at `LEVEL_XP[n - 1]` XP.
pub const LEVEL_XP: [u64; 12] = [0, 10, 25, 50, 100, 175, 275, 400, 550, 750, 1000, 1300];

/// The last tick, as the operator sees it in `wis status`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LastTick {
    pub tick: u64,
    pub at: Millis,
    /// `work`, `rumination`, `sleep`, `reflex` or `interrupted`.
    pub turn: Turn,
    /// One line: what happened.
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Persona {
    pub name: String,
    pub born_at: Millis,
    /// Turns lived (every tick that did something, sleeps included).
    pub ticks: u64,
    /// Completed sleep turns.
    pub sleeps: u64,
    pub xp: u64,
    /// Objectives the creature completed (written by objective_done only).
    pub goals_completed: u64,
    /// Adenosine: rises per waking turn, reset by sleep.
    pub sleep_pressure: f64,
    pub paused: bool,
    #[serde(default)]
    pub paused_at: Option<Millis>,
    #[serde(default)]
    pub last_tick: Option<LastTick>,
    /// Work turns that failed in a row since the last success or rumination.
    #[serde(default)]
    pub failures_in_row: u32,
    /// The action signature of the last work turn, and how many turns in a row took it without
    /// advancing anything (loop detection: the same act over and over is a reason to stop and
    /// think; an act that keeps closing steps is not a rut).
    #[serde(default)]
    pub last_signature: Option<String>,
    #[serde(default)]
    pub repeats_in_row: u32,
    /// Work turns in a row that advanced nothing the world can check (design §6), since the
    /// last one that did or the last rumination.
    #[serde(default)]
    pub stalled_in_row: u32,
    /// Re-plans in a row that reproduced the plan in place: the next must change something.
    #[serde(default)]
    pub failed_replans: u32,
}

doc!(Persona, "wis.persona", 1, Layout::Singleton);

impl Persona {
    /// Counts one work turn's action for loop detection: a success that advanced something
    /// resets the counters; otherwise the same signature again is a repeat, and every such turn
    /// is a stall.
    pub fn count_loops(&mut self, signature: &str, advanced: bool) {
        if advanced {
            self.repeats_in_row = 0;
            self.stalled_in_row = 0;
            self.last_signature = Some(signature.to_string());
            return;
        }
        self.stalled_in_row += 1;
        if self.last_signature.as_deref() == Some(signature) {
            self.repeats_in_row += 1;
        } else {
            self.last_signature = Some(signature.to_string());
            self.repeats_in_row = 1;
        }
    }

    /// A rumination clears the loop counters.
    pub fn thought(&mut self) {
        self.failures_in_row = 0;
        self.repeats_in_row = 0;
        self.stalled_in_row = 0;
        self.last_signature = None;
    }

    pub fn newborn(name: &str, born_at: Millis) -> Persona {
        Persona {
            name: name.to_string(),
            born_at,
            ticks: 0,
            sleeps: 0,
            xp: 0,
            goals_completed: 0,
            sleep_pressure: 0.0,
            paused: false,
            paused_at: None,
            last_tick: None,
            failures_in_row: 0,
            last_signature: None,
            repeats_in_row: 0,
            stalled_in_row: 0,
            failed_replans: 0,
        }
    }

    /// The level the XP has reached (1-based).
    pub fn level(&self) -> u32 {
        LEVEL_XP.iter().filter(|&&t| self.xp >= t).count() as u32
    }

    /// XP at which the next level starts, if there is one.
    pub fn next_level_xp(&self) -> Option<u64> {
        LEVEL_XP.get(self.level() as usize).copied()
    }

    pub fn stage(&self) -> nap::Stage {
        nap::Stage::of(self.sleeps)
    }

    /// The sleep-pressure threshold for the creature's age.
    pub fn nap_threshold(&self) -> f64 {
        nap::threshold(self.sleeps)
    }

    /// Whether sleep pressure has crossed the threshold.
    pub fn sleepy(&self) -> bool {
        self.sleep_pressure >= self.nap_threshold()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_thresholds() {
        let mut p = Persona::newborn("X", 0);
        assert_eq!(p.level(), 1);
        p.xp = 9;
        assert_eq!(p.level(), 1);
        p.xp = 10;
        assert_eq!(p.level(), 2);
        assert_eq!(p.next_level_xp(), Some(25));
        p.xp = 5000;
        assert_eq!(p.level(), LEVEL_XP.len() as u32);
        assert_eq!(p.next_level_xp(), None);
    }
}
