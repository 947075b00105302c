//! The cast's maintenance organs: participants with no home of their own that take offstage
//! maintenance turns under the same initiative law as the members (the same `next_ready_at`,
//! initiative speed, stable id and recovery from completion), each turn run in-process and
//! mechanically, with no model call, and receipted like any turn.
//!
//! - The appraiser ([`appraiser`]) scores each member's recent turns on stage against its goals
//!   from what the stores hold, and writes the member an `appraisal` engram and the cast an
//!   [`Appraisal`] record.
//! - The mutator ([`mutator`]) reads each member's latest appraisals and, where they repeat one
//!   pattern, proposes one change to its standing values ([`Proposal`]), which waits for an
//!   operator ([`review`], `wis cast review`).
//!
//! An organ is declared in `cast.toml` as an `[[organ]]` table ([`Organ`]); the schedule keeps
//! it as a participant whose `organ` names its kind ([`turn`] plays its turn).

pub mod appraisal;
pub mod appraiser;
pub mod mutator;
pub mod proposal;
pub mod review;
pub mod turn;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::schedule::SPEED_RANGE;

pub use appraisal::{APPRAISAL_CAP, Appraisal, Components, Tally};
pub use proposal::{Proposal, Rule, Status};

/// What an organ does on its turn.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum OrganKind {
    /// Scores the members' recent turns on stage against their goals; writes appraisals.
    Appraiser,
    /// Proposes a change to a member's standing values from repeated appraisals.
    Mutator,
}

impl OrganKind {
    pub const ALL: [OrganKind; 2] = [OrganKind::Appraiser, OrganKind::Mutator];

    pub fn as_str(self) -> &'static str {
        match self {
            OrganKind::Appraiser => "appraiser",
            OrganKind::Mutator => "mutator",
        }
    }

    /// The turn it takes, as its receipt names it (`turn`).
    pub fn turn(self) -> &'static str {
        match self {
            OrganKind::Appraiser => "appraise",
            OrganKind::Mutator => "mutate",
        }
    }
}

impl std::fmt::Display for OrganKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Most turns of one member one appraisal covers, by default.
pub const TURNS_DEFAULT: u32 = 20;
/// The most `turns` may be.
pub const TURNS_MAX: u32 = 200;
/// Fewest turns on stage a member must have had since its last appraisal to be appraised, by
/// default.
pub const MIN_TURNS_DEFAULT: u32 = 3;
/// How many of a member's latest appraisals must repeat a pattern, by default.
pub const APPRAISALS_DEFAULT: u32 = 3;
/// The most `appraisals` may be.
pub const APPRAISALS_MAX: u32 = 10;

fn one() -> f64 {
    1.0
}

fn is_one(x: &f64) -> bool {
    *x == 1.0
}

/// One `[[organ]]` of `cast.toml`: its kind, its initiative speed, and its kind's knobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Organ {
    pub kind: OrganKind,
    /// Its initiative speed, in [`SPEED_RANGE`]: its rest after a turn is `recovery_secs /
    /// speed`, and it acts first on a tie with a slower one.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub speed: f64,
    /// The appraiser's: most turns of one member one appraisal covers (the rest wait for its
    /// next turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    /// The appraiser's: fewest turns on stage a member must have had since its last appraisal
    /// to be appraised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_turns: Option<u32>,
    /// The mutator's: how many of a member's latest appraisals must each show a pattern for it
    /// to propose a change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appraisals: Option<u32>,
}

impl Organ {
    /// An organ of `kind` with the defaults.
    pub fn new(kind: OrganKind) -> Organ {
        Organ {
            kind,
            speed: 1.0,
            turns: None,
            min_turns: None,
            appraisals: None,
        }
    }

    pub fn turns(&self) -> u32 {
        self.turns.unwrap_or(TURNS_DEFAULT)
    }

    pub fn min_turns(&self) -> u32 {
        self.min_turns
            .unwrap_or(MIN_TURNS_DEFAULT.min(self.turns()))
    }

    pub fn appraisals(&self) -> u32 {
        self.appraisals.unwrap_or(APPRAISALS_DEFAULT)
    }

    /// Whether its knobs are in bounds and its kind's own; the error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        let kind = self.kind;
        let s = self.speed;
        if !(SPEED_RANGE.0..=SPEED_RANGE.1).contains(&s) {
            return Err(format!(
                "the {kind}'s speed = {s} must be between {} and {}",
                SPEED_RANGE.0, SPEED_RANGE.1
            ));
        }
        let foreign = match kind {
            OrganKind::Appraiser => self.appraisals.map(|_| "appraisals"),
            OrganKind::Mutator => self
                .turns
                .map(|_| "turns")
                .or(self.min_turns.map(|_| "min_turns")),
        };
        if let Some(knob) = foreign {
            return Err(format!("`{knob}` is not a knob of the {kind}"));
        }
        let turns = self.turns();
        if !(1..=TURNS_MAX).contains(&turns) {
            return Err(format!(
                "the {kind}'s turns = {turns} must be between 1 and {TURNS_MAX}"
            ));
        }
        let min = self.min_turns();
        if !(1..=turns).contains(&min) {
            return Err(format!(
                "the {kind}'s min_turns = {min} must be between 1 and turns ({turns})"
            ));
        }
        let n = self.appraisals();
        if !(1..=APPRAISALS_MAX).contains(&n) {
            return Err(format!(
                "the {kind}'s appraisals = {n} must be between 1 and {APPRAISALS_MAX}"
            ));
        }
        Ok(())
    }
}

/// Checks a cast's organs: each one, and no kind twice.
pub fn check_organs(organs: &[Organ]) -> Result<(), String> {
    for (i, o) in organs.iter().enumerate() {
        o.check()?;
        if organs[..i].iter().any(|p| p.kind == o.kind) {
            return Err(format!("the {} is declared twice", o.kind));
        }
    }
    Ok(())
}
