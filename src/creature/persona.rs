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
    /// The tick each level from 2 up was first reached at, in order (`level_ticks[0]` is level
    /// 2's): kept when the tick that crosses it is paid ([`Persona::mark_levels`]).
    #[serde(default)]
    pub level_ticks: Vec<u64>,
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
            level_ticks: Vec::new(),
        }
    }

    /// Marks the levels crossed since `before` (the level before a payment) at `tick`, each
    /// once and in order from level 2: a creature whose marks began after it had passed a
    /// level marks nothing after it (the tick it crossed it at is not known).
    pub fn mark_levels(&mut self, before: u32, tick: u64) {
        for level in before.max(1) + 1..=self.level() {
            if self.level_ticks.len() + 2 == level as usize {
                self.level_ticks.push(tick);
            }
        }
    }

    /// The tick level 2 was first reached at, when it was kept.
    pub fn ticks_to_level_2(&self) -> Option<u64> {
        self.level_ticks.first().copied()
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

    #[test]
    fn the_tick_a_level_is_crossed_is_marked_once_in_order() {
        let mut p = Persona::newborn("X", 0);
        p.xp = 4;
        p.mark_levels(1, 3);
        assert_eq!(p.ticks_to_level_2(), None);
        p.xp = 11;
        p.mark_levels(1, 7);
        assert_eq!(p.level_ticks, [7]);
        p.mark_levels(1, 9);
        assert_eq!(p.level_ticks, [7], "marked once");
        p.xp = 30;
        p.mark_levels(2, 12);
        assert_eq!(p.level_ticks, [7, 12]);
        // A life whose marks began past level 2 does not guess when it got there.
        let mut old = Persona::newborn("Y", 0);
        old.xp = 30;
        old.mark_levels(3, 40);
        old.xp = 60;
        old.mark_levels(3, 41);
        assert!(old.level_ticks.is_empty());
    }
}
