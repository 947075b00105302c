//! An appraisal: what the appraiser counted of one member's turns on stage, the score it
//! gave them, and the words the member remembers it by.
//!
//! The score, in [0, 1], is a weighted mean of four shares, each in [0, 1]:
//!
//! | component | share | weight |
//! |---|---|---|
//! | progress | turns whose tick advanced its goals (closed its plan step, finished a commission, moved its quest's criterion) | 0.4 |
//! | success | turns where it acted and the world judged the action a success | 0.2 |
//! | answering | of those who spoke to it, the ones it answered (absent when no one did: its weight is left out) | 0.2 |
//! | presence | turns it did not let pass (`wait`, `hesitate`) | 0.2 |
//!
//! Every share and the score are rounded to two decimals, so the same turns always give the
//! same numbers.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::memory::EngramId;

/// Most appraisals the cast keeps.
pub const APPRAISAL_CAP: u64 = 2000;
/// Most characters of an appraisal's words (numbers only: [`text`] stays within it whatever
/// they are).
pub const TEXT_MAX_CHARS: usize = 300;

/// The weights of progress, success, answering and presence.
pub const WEIGHTS: [f64; 4] = [0.4, 0.2, 0.2, 0.2];

/// What one appraisal counted of a member's turns on stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Its turns on stage that it played (completed or failed; not those that waited, were
    /// deferred or were interrupted).
    pub turns: u32,
    /// Turns where it acted (not letting the turn pass) and its tick's outcome succeeded.
    pub succeeded: u32,
    /// Turns whose tick advanced its goals: closed its plan step, finished one of the keeper's
    /// commissions, or moved its quest's criterion (the tick's episode says).
    pub advanced: u32,
    /// Turns it let pass (`wait`, `hesitate`).
    pub passed: u32,
    /// Times another spoke to it from a scene turn (each opened it a reaction window).
    pub spoken_to: u32,
    /// Of those, answered: a completed reaction turn that neither refused, withheld nor let
    /// the turn pass, and whose scene action, if it took one, happened.
    pub answered: u32,
    /// Of those, refused or withheld, with a reason.
    pub refused: u32,
    /// Of those, left unanswered: the window lapsed, or its reaction turn failed or let pass.
    pub lapsed: u32,
}

/// The shares the score is made of, each in [0, 1], rounded to two decimals.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Components {
    pub progress: f64,
    pub success: f64,
    /// `None` when no one spoke to it.
    pub answering: Option<f64>,
    pub presence: f64,
}

fn share(part: u32, whole: u32) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    round2(f64::from(part.min(whole)) / f64::from(whole))
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Tally {
    /// The shares of these turns.
    pub fn components(&self) -> Components {
        Components {
            progress: share(self.advanced, self.turns),
            success: share(self.succeeded, self.turns),
            answering: (self.spoken_to > 0).then(|| share(self.answered, self.spoken_to)),
            presence: share(self.turns.saturating_sub(self.passed), self.turns),
        }
    }
}

impl Components {
    /// The score: the weighted mean of the shares present, rounded to two decimals.
    pub fn score(&self) -> f64 {
        let parts = [
            Some(self.progress),
            Some(self.success),
            self.answering,
            Some(self.presence),
        ];
        let (sum, weight) = parts
            .iter()
            .zip(WEIGHTS)
            .filter_map(|(p, w)| p.map(|p| (p * w, w)))
            .fold((0.0, 0.0), |(s, t), (x, w)| (s + x, t + w));
        if weight == 0.0 {
            0.0
        } else {
            round2(sum / weight)
        }
    }
}

/// The appraisal's words, as the member remembers them (first person, numbers only):
/// `Appraisal of cast ticks 12–30: 6 turns on stage; 3 succeeded; 2 advanced my goals;
/// answered 3 of 4 who spoke to me; let 1 pass. Score 0.55.`
pub fn text(from_tick: u64, to_tick: u64, t: &Tally, score: f64) -> String {
    let span = if from_tick == to_tick {
        format!("cast tick {from_tick}")
    } else {
        format!("cast ticks {from_tick}\u{2013}{to_tick}")
    };
    let plural = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let spoken = if t.spoken_to == 0 {
        "no one spoke to me".to_string()
    } else {
        let refused = if t.refused > 0 {
            format!(" (refused {})", t.refused)
        } else {
            String::new()
        };
        format!(
            "answered {} of {} who spoke to me{refused}",
            t.answered, t.spoken_to
        )
    };
    format!(
        "Appraisal of {span}: {} on stage; {} succeeded; {} advanced my goals; {spoken}; let {} \
         pass. Score {score:.2}.",
        plural(t.turns, "turn", "turns"),
        t.succeeded,
        t.advanced,
        t.passed
    )
}

/// One appraisal of one member, as the cast keeps it (`wis.cast.appraisal.v1`, a ring; its
/// sequence number is its id, shown `a7`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Appraisal {
    /// The member's id in the cast.
    pub member: String,
    /// The appraiser's cast tick that made it.
    pub cast_tick: u64,
    pub at: Millis,
    /// The first and last cast tick of the member's turns it covers.
    pub from_tick: u64,
    pub to_tick: u64,
    /// The last receipt it covered (its sequence in the receipt ring): the member's next
    /// appraisal starts after it.
    pub through: u64,
    pub tally: Tally,
    pub components: Components,
    pub score: f64,
    /// The `appraisal` engram it wrote into the member's memory.
    pub engram: EngramId,
    /// The engram's words.
    pub text: String,
}

doc!(
    Appraisal,
    "wis.cast.appraisal",
    1,
    Layout::Ring { cap: APPRAISAL_CAP }
);

/// An appraisal's id as people see it.
pub fn appraisal_id(seq: u64) -> String {
    format!("a{seq}")
}
