//! The economy: XP for adjudicated successes only (WIS1), nothing for automated outcomes
//! (WIS2), levels from the declared thresholds in [`super::persona::LEVEL_XP`].

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
    fn level_up_is_reported() {
        let mut p = Persona::newborn("X", 0);
        p.xp = 9;
        assert!(settle(&mut p, &Outcome::ok(""), 0).level_up);
    }
}
