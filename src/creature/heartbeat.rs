//! The heartbeat scheduler: which turn a tick takes.
//!
//! Sleep when sleep pressure has crossed the stage's threshold; rumination when nothing is
//! actionable (no open plan step), after repeated failures, or when the same act keeps
//! repeating; otherwise work. Rumination never
//! follows rumination, so a mind that cannot plan still gets to act.

use serde::{Deserialize, Serialize};

use super::Persona;

/// Failed work turns in a row after which the creature stops to think.
pub const RUMINATE_AFTER_FAILURES: usize = 3;
/// Work turns in a row with the same action signature after which it stops to think (the
/// loop detection a small model needs: it continues what it sees, including its own rut).
pub const RUMINATE_AFTER_REPEATS: u32 = 4;
/// Work turns in a row that advanced nothing after which it stops to think, whatever it did.
pub const RUMINATE_AFTER_STALLS: u32 = 6;

/// Why a rumination was chosen: the last tries failed.
pub const WHY_FAILED: &str = "the last tries failed";
/// Why a rumination was chosen: the same act, again and again, advancing nothing.
pub const WHY_REPEATS: &str = "you keep doing the same thing";
/// Why a rumination was chosen: turn after turn advanced nothing.
pub const WHY_STALLED: &str = "this step is not getting done";

/// The kind of turn. Stored (in the lease and the persona's last tick) as its lowercase name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Turn {
    Work,
    Rumination,
    Sleep,
    /// A turn that died before it completed and was recovered by the next tick (only ever
    /// recorded, never chosen).
    Interrupted,
}

impl Turn {
    pub fn as_str(self) -> &'static str {
        match self {
            Turn::Work => "work",
            Turn::Rumination => "rumination",
            Turn::Sleep => "sleep",
            Turn::Interrupted => "interrupted",
        }
    }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a turn was chosen, for the stream and the operator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub turn: Turn,
    pub why: &'static str,
}

/// Chooses the turn from the persona and the current step.
pub fn choose(persona: &Persona, step: Option<&str>) -> Choice {
    if persona.sleepy() {
        return Choice {
            turn: Turn::Sleep,
            why: "sleep pressure crossed its threshold",
        };
    }
    let last_was_rumination = persona
        .last_tick
        .as_ref()
        .is_some_and(|t| t.turn == Turn::Rumination);
    if !last_was_rumination {
        if step.is_none() {
            return Choice {
                turn: Turn::Rumination,
                why: "nothing is planned",
            };
        }
        if persona.failures_in_row as usize >= RUMINATE_AFTER_FAILURES {
            return Choice {
                turn: Turn::Rumination,
                why: WHY_FAILED,
            };
        }
        if persona.repeats_in_row >= RUMINATE_AFTER_REPEATS {
            return Choice {
                turn: Turn::Rumination,
                why: WHY_REPEATS,
            };
        }
        if persona.stalled_in_row >= RUMINATE_AFTER_STALLS {
            return Choice {
                turn: Turn::Rumination,
                why: WHY_STALLED,
            };
        }
    }
    Choice {
        turn: Turn::Work,
        why: "there is a step to take",
    }
}

/// Chooses the turn of a participant in a cast: off stage only maintenance (sleep when its
/// pressure says so, else rumination); on stage, a participant spoken to reacts (a work turn
/// whose step is the message), and otherwise chooses as it would alone.
pub fn choose_in_cast(
    persona: &Persona,
    step: Option<&str>,
    offstage: bool,
    spoken_to: bool,
) -> Choice {
    if offstage {
        if persona.sleepy() {
            return Choice {
                turn: Turn::Sleep,
                why: "sleep pressure crossed its threshold",
            };
        }
        return Choice {
            turn: Turn::Rumination,
            why: "off stage, time to think things over",
        };
    }
    if spoken_to {
        return Choice {
            turn: Turn::Work,
            why: "someone spoke to you",
        };
    }
    choose(persona, step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::LastTick;

    #[test]
    fn sleep_then_rumination_then_work() {
        let mut p = Persona::newborn("X", 0);
        assert_eq!(choose(&p, None).turn, Turn::Rumination);
        assert_eq!(choose(&p, Some("look around")).turn, Turn::Work);
        p.failures_in_row = 3;
        assert_eq!(choose(&p, Some("look")).turn, Turn::Rumination);
        p.failures_in_row = 2;
        assert_eq!(choose(&p, Some("look")).turn, Turn::Work);
        p.repeats_in_row = RUMINATE_AFTER_REPEATS;
        let loop_choice = choose(&p, Some("look"));
        assert_eq!(loop_choice.turn, Turn::Rumination);
        assert_eq!(loop_choice.why, "you keep doing the same thing");
        p.repeats_in_row = RUMINATE_AFTER_REPEATS - 1;
        assert_eq!(choose(&p, Some("look")).turn, Turn::Work);
        p.sleep_pressure = p.nap_threshold();
        assert_eq!(choose(&p, Some("look")).turn, Turn::Sleep);
    }

    #[test]
    fn in_a_cast_offstage_is_maintenance_and_being_spoken_to_is_a_reaction() {
        let mut p = Persona::newborn("X", 0);
        assert_eq!(
            choose_in_cast(&p, Some("look"), true, false).turn,
            Turn::Rumination
        );
        assert_eq!(choose_in_cast(&p, None, false, true).turn, Turn::Work);
        assert_eq!(
            choose_in_cast(&p, None, false, false).turn,
            Turn::Rumination
        );
        p.sleep_pressure = p.nap_threshold();
        assert_eq!(
            choose_in_cast(&p, Some("look"), true, true).turn,
            Turn::Sleep
        );
        assert_eq!(
            choose_in_cast(&p, Some("look"), false, true).turn,
            Turn::Work
        );
        assert_eq!(
            choose_in_cast(&p, Some("look"), false, false).turn,
            Turn::Sleep
        );
    }

    #[test]
    fn rumination_never_follows_rumination() {
        let mut p = Persona::newborn("X", 0);
        p.last_tick = Some(LastTick {
            tick: 1,
            at: 0,
            turn: Turn::Rumination,
            summary: String::new(),
        });
        p.failures_in_row = 5;
        assert_eq!(choose(&p, None).turn, Turn::Work);
    }

    #[test]
    fn a_turn_is_stored_as_the_string_it_always_was() {
        for turn in [Turn::Work, Turn::Rumination, Turn::Sleep, Turn::Interrupted] {
            let typed = crate::base::store::encode(&turn).unwrap();
            let text = crate::base::store::encode(&turn.as_str()).unwrap();
            assert_eq!(typed, text, "{turn}");
            assert_eq!(crate::base::store::decode::<Turn>(&text).unwrap(), turn);
        }
    }
}
