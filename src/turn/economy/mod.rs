//! The economy: XP for progress (design §6). An adjudicated success of an action the model
//! chose (WIS1) pays when it changed something or learned something: a file or the store
//! changed, a plan step closed, an output not seen before for that action in that situation
//! ([`seen`]), or the active quest's criterion moved ([`mark`]). The same action in the same
//! situation with the same result pays nothing, and an automated (reflex) outcome never pays
//! (WIS2). Levels come from the declared thresholds in [`crate::creature::persona::LEVEL_XP`].
//! It is also the one seam that says what else an outcome may move ([`credit`]): a
//! reflex-handled tick moves no unit or quest evidence, no skill trust and no bets.

pub mod mark;
pub mod seen;

use serde::Serialize;

use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::{Action, Effect, Outcome, Persona};
use crate::wisdom::episodes::action_signature;

pub use mark::Mark;

/// XP for one adjudicated success of a creature-chosen action that made progress.
pub const XP_PER_SUCCESS: u64 = 1;
/// XP for a completed objective (paid with objective_done's own success).
pub const XP_PER_GOAL: u64 = 5;
/// The tool whose success completes an objective.
const GOAL_TOOL: &str = "objective_done";

/// What an outcome paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Payment {
    pub xp: u64,
    pub level_up: bool,
}

/// What an outcome moved, as the economy reads it; any one of them is progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Progress {
    /// The call changed a file in the workspace or something in the store.
    pub changed: bool,
    /// It closed an open step of the plan.
    pub step_closed: bool,
    /// Its output had not been seen for that action signature in that situation.
    pub new_observation: bool,
    /// The active quest's criterion reads differently after the turn.
    pub criterion_moved: bool,
}

impl Progress {
    /// Whether anything moved.
    pub fn any(&self) -> bool {
        self.changed || self.step_closed || self.new_observation || self.criterion_moved
    }

    /// Progress from the outcome's own word and whether its output was new. A call that says
    /// it changed nothing observed nothing new either.
    pub fn of(outcome: &Outcome, new_output: bool) -> Progress {
        Progress {
            changed: matches!(outcome.effect, Effect::Changed | Effect::StepClosed),
            step_closed: outcome.effect == Effect::StepClosed,
            new_observation: new_output && outcome.effect != Effect::Unchanged,
            criterion_moved: false,
        }
    }
}

/// What an outcome may move besides XP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Credit {
    /// The tick boundary runs for it: quest criteria, milestone (unit) evidence, due
    /// predictions, delegated digests.
    pub evidence: bool,
    /// A skill it ran may become LIVE (trust in the skill).
    pub trust: bool,
    /// The "Before you act" bets settle on it.
    pub bets: bool,
}

/// What `outcome` may move: everything when the model chose it, nothing when a reflex did
/// (WIS2).
pub fn credit(outcome: &Outcome) -> Credit {
    let chosen = !outcome.automated;
    Credit {
        evidence: chosen,
        trust: chosen,
        bets: chosen,
    }
}

/// Pays for an outcome: XP only for a success the model chose that made progress, plus
/// `bonus`; an automated (reflex) outcome and a repeat pass through paying nothing.
pub fn settle(persona: &mut Persona, outcome: &Outcome, progress: Progress, bonus: u64) -> Payment {
    if outcome.automated || !outcome.success || !progress.any() {
        return Payment::default();
    }
    let before = persona.level();
    let xp = XP_PER_SUCCESS + bonus;
    persona.xp += xp;
    Payment {
        xp,
        level_up: persona.level() > before,
    }
}

/// Pays a work turn's call at the end of the turn (after the tick boundary, so a skill that
/// turned LIVE has moved its quest): records what it observed in `situation`, reads its
/// progress against `mark` (taken before the turn's calls ran), and settles on the persona.
pub fn pay(
    tx: &mut Tx<'_>,
    situation: &str,
    action: &Action,
    outcome: &Outcome,
    mark: &Mark,
) -> Result<Payment> {
    let new_output = seen::observe(tx, situation, &action_signature(action), outcome)?;
    let mut persona: Persona = tx.singleton()?;
    let mut progress = Progress::of(outcome, new_output);
    progress.criterion_moved = mark.moved(&*tx, &persona)?;
    let goal = action.tool == GOAL_TOOL && outcome.success;
    let bonus = if goal { XP_PER_GOAL } else { 0 };
    let payment = settle(&mut persona, outcome, progress, bonus);
    if payment.xp > 0 {
        tx.set(&persona)?;
    }
    Ok(payment)
}

#[cfg(test)]
mod tests;
