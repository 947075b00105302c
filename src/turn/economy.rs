//! The economy: XP for adjudicated successes only (WIS1), nothing for automated outcomes
//! (WIS2), levels from the declared thresholds in [`super::persona::LEVEL_XP`]. It is also the
//! one seam that says what else an outcome may move ([`credit`]): a reflex-handled tick moves
//! no unit or quest evidence, no skill trust and no bets.

use serde::Serialize;

use crate::creature::Outcome;
use crate::creature::Persona;

/// XP for one adjudicated success of a creature-chosen action.
pub const XP_PER_SUCCESS: u64 = 1;
/// XP for a completed objective (paid by objective_done's own success).
pub const XP_PER_GOAL: u64 = 5;

/// What an outcome paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Payment {
    pub xp: u64,
    pub level_up: bool,
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

/// Pays for an outcome: XP only for a success the model chose; an automated (reflex) outcome
/// passes through paying nothing.
pub fn settle(persona: &mut Persona, outcome: &Outcome, bonus: u64) -> Payment {
    if outcome.automated || !outcome.success {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::{FailKind, Outcome};

    #[test]
    fn success_pays_failure_does_not() {
        let mut p = Persona::newborn("X", 0);
        assert_eq!(settle(&mut p, &Outcome::ok("x"), 0).xp, 1);
        assert_eq!(
            settle(&mut p, &Outcome::fail(FailKind::NonzeroExit, "x"), 0).xp,
            0
        );
        assert_eq!(p.xp, 1);
    }

    #[test]
    fn automated_outcomes_pay_nothing() {
        let mut p = Persona::newborn("X", 0);
        let mut auto = Outcome::ok("handled");
        auto.automated = true;
        assert_eq!(settle(&mut p, &auto, XP_PER_GOAL), Payment::default());
        assert_eq!(p.xp, 0);
    }

    #[test]
    fn automated_outcomes_move_no_evidence_no_trust_no_bets() {
        let mut auto = Outcome::ok("handled");
        auto.automated = true;
        let none = credit(&auto);
        assert!(!none.evidence, "WIS2: no quest or unit evidence");
        assert!(!none.trust, "WIS2: no skill trust");
        assert!(!none.bets, "WIS2: no bets settled");
        let all = credit(&Outcome::ok("chosen"));
        assert!(all.evidence && all.trust && all.bets);
    }

    #[test]
    fn level_up_is_reported() {
        let mut p = Persona::newborn("X", 0);
        p.xp = 9;
        assert!(settle(&mut p, &Outcome::ok(""), 0).level_up);
    }
}
