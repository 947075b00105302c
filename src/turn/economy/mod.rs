//! The economy: XP for progress the world can check (design §6). An adjudicated success of an
//! action the model chose (WIS1) pays only when it advanced something: it closed the current
//! step or one of the keeper's commissions, it made something new (a file, a note, a memory, a
//! skill, a prediction, an objective), it was the first success of its action signature in its
//! situation ([`seen`]), or it moved the active quest's criterion ([`mark`]). An action that
//! merely ran pays nothing: the same action in the same situation never pays twice, and an
//! automated (reflex) outcome never pays (WIS2). Levels come from the declared thresholds in
//! [`crate::creature::persona::LEVEL_XP`]. It is also the one seam that says what else an
//! outcome may move ([`credit`]): a reflex-handled tick moves no unit or quest evidence, no
//! skill trust and no bets.

pub mod mark;
pub mod seen;

use serde::Serialize;

use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::{Action, Effect, Outcome, Persona, REPLY};
use crate::wisdom::episodes::action_signature;
use crate::world::scene::acts;

pub use crate::creature::turns::Advanced;
pub use mark::Mark;

/// XP for one adjudicated success of a creature-chosen action that made progress.
pub const XP_PER_SUCCESS: u64 = 1;
/// XP for a completed objective (paid with objective_done's own success).
pub const XP_PER_GOAL: u64 = 5;
/// XP for a commission finished: its check held, or the keeper confirmed it (the strongest
/// evidence the economy has).
pub const XP_PER_COMMISSION: u64 = 3;
/// Tools that keep the plan itself: their progress is the step they close, never a first
/// success of their own.
const PLAN_KEEPING: &[&str] = &["note_close", "note_reopen"];
/// The tool whose success completes an objective.
const GOAL_TOOL: &str = "objective_done";

/// What an outcome paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Payment {
    pub xp: u64,
    pub level_up: bool,
}

/// What a turn closed, judged against the world before it is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Closed {
    /// The current plan step.
    pub step: bool,
    /// One of the keeper's commissions (its check held).
    pub commission: bool,
    /// The step closed was one done before and planned again: the world closed it, and it
    /// pays nothing (doing the finished over is no way to earn).
    pub again: bool,
}

/// What an outcome advanced: what it closed, whether it made something new, whether it was
/// the first success of its signature in its situation. A reply advances only what it closed.
pub fn advanced(outcome: &Outcome, closed: Closed, first_success: bool) -> Advanced {
    if !outcome.success {
        return Advanced::default();
    }
    Advanced {
        step_closed: closed.step,
        commission_closed: closed.commission,
        created: outcome.effect == Effect::Created,
        // A call that says it changed nothing (identical content rewritten, a done note closed
        // again, a note already open) is no first success either.
        first_success: first_success && outcome.effect != Effect::Unchanged,
        criterion_moved: false,
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

/// Pays for an outcome: XP only for a success the model chose that advanced something, plus
/// `bonus`; an automated (reflex) outcome and a repeat pay nothing.
pub fn settle(persona: &mut Persona, outcome: &Outcome, advanced: Advanced, bonus: u64) -> Payment {
    if outcome.automated || !outcome.success || !advanced.any() {
        return Payment::default();
    }
    let before = persona.level();
    let xp = XP_PER_SUCCESS + bonus;
    persona.xp += xp;
    // The tick being paid: the turn's record has set the creature's age to it already.
    persona.mark_levels(before, persona.ticks);
    Payment {
        xp,
        level_up: persona.level() > before,
    }
}

/// Pays a work turn's call at the end of the turn (after the tick boundary, so a skill that
/// turned LIVE has moved its quest): records its first success in `situation`, reads the quest
/// against `mark` (taken before the turn's calls ran), and settles on the persona. Returns
/// what was paid and what the call advanced.
pub fn pay(
    tx: &mut Tx<'_>,
    situation: &str,
    action: &Action,
    outcome: &Outcome,
    mark: &Mark,
    closed: Closed,
) -> Result<(Payment, Advanced)> {
    // A reply, or a scene action beyond speech (a wait, a refusal, a move, a thing used),
    // changes nothing the world can check: it is never a first success.
    let said = action.tool == REPLY || acts::is_act(&action.tool);
    let keeping = PLAN_KEEPING.contains(&action.tool.as_str());
    let first = !said
        && seen::first_success(tx, situation, &action_signature(action), outcome)?
        && !keeping;
    let mut persona: Persona = tx.singleton()?;
    let mut advanced = advanced(outcome, closed, first);
    if said {
        advanced.created = false;
    }
    advanced.criterion_moved = !said && mark.moved(&*tx, &persona)?;
    let goal = action.tool == GOAL_TOOL && outcome.success;
    let bonus = if goal { XP_PER_GOAL } else { 0 }
        + if advanced.commission_closed {
            XP_PER_COMMISSION
        } else {
            0
        };
    let earned = if closed.again {
        Advanced {
            step_closed: false,
            ..advanced
        }
    } else {
        advanced
    };
    let payment = settle(&mut persona, outcome, earned, bonus);
    if payment.xp > 0 {
        tx.set(&persona)?;
    }
    Ok((payment, advanced))
}

#[cfg(test)]
mod tests;
