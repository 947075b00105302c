//! A life in figures, over the last turns of the turn log: whether it moves. Steps and
//! commissions closed, the distinct actions that worked, how often a work turn repeated the
//! one before it, whether re-plans changed the plan, XP per tick, and the share of work done
//! below the model that advanced something. `wis status` shows it; `scripts/real_life.sh`
//! prints it after a life.

use serde::Serialize;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::commissions;
use crate::creature::heartbeat::Turn;
use crate::creature::turns::TurnRecord;

/// Turns a status looks back over unless told otherwise.
pub const DEFAULT_WINDOW: usize = 300;

/// The figures of the last turns.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Life {
    /// Turns looked at, and the ticks they span.
    pub turns: u64,
    pub from_tick: u64,
    pub to_tick: u64,
    /// Work turns that acted (the model's or a reflex's).
    pub work_ticks: u64,
    pub ruminations: u64,
    pub sleeps: u64,
    /// Plan steps closed (by the world's judgement, or by the creature after working on them).
    pub steps_closed: u64,
    /// The keeper's commissions finished by their check after the model's action (one a
    /// reflex finished is not counted, WIS2).
    pub commissions_done: u64,
    /// Distinct action signatures that succeeded.
    pub distinct_successes: u64,
    /// Work turns whose action and observation equalled the previous work turn's.
    pub repeats: u64,
    pub repeat_rate: f64,
    /// Ruminations that re-planned, and how many of them changed the open plan.
    pub replans: u64,
    pub replans_changed: u64,
    pub xp: u64,
    pub xp_per_tick: f64,
    /// Work turns a reflex handled that advanced something, over all work turns.
    pub below_model: u64,
    pub below_model_fraction: f64,
    /// Commissions on the keeper's desk now, and finished in the whole life.
    pub commissions_open: u64,
    pub commissions_finished: u64,
}

impl Life {
    /// The figures of the last `window` turns (none lived: absent).
    pub fn of(rx: &impl Read, window: usize) -> Result<Option<Life>> {
        let log = rx.ring::<TurnRecord>(Some(window))?;
        if log.is_empty() {
            return Ok(None);
        }
        let records: Vec<&TurnRecord> = log.iter().map(|(_, r)| r).collect();
        let mut life = Life::from_records(&records);
        let desk = commissions::desk(rx)?;
        life.commissions_open = desk.live.len() as u64;
        life.commissions_finished = desk.finished;
        Ok(Some(life))
    }

    /// The figures of `records`, oldest first.
    pub fn from_records(records: &[&TurnRecord]) -> Life {
        let mut life = Life {
            turns: records.len() as u64,
            from_tick: records.first().map(|r| r.tick).unwrap_or_default(),
            to_tick: records.last().map(|r| r.tick).unwrap_or_default(),
            ..Life::default()
        };
        let mut successes = std::collections::BTreeSet::new();
        for r in records {
            life.xp += r.xp;
            match r.turn {
                Turn::Rumination => {
                    life.ruminations += 1;
                    if let Some(changed) = r.replan_changed {
                        life.replans += 1;
                        life.replans_changed += u64::from(changed);
                    }
                }
                Turn::Sleep => life.sleeps += 1,
                Turn::Work if r.signature.is_some() => {
                    life.work_ticks += 1;
                    life.repeats += u64::from(r.repeat);
                    life.steps_closed += u64::from(r.advanced.step_closed);
                    // A commission a reflex finished is no commission figure (WIS2).
                    life.commissions_done +=
                        u64::from(r.advanced.commission_closed && !r.automated);
                    if r.success
                        && let Some(s) = &r.signature
                    {
                        successes.insert(s.clone());
                    }
                    if r.automated && r.success && r.advanced.any() {
                        life.below_model += 1;
                    }
                }
                _ => {}
            }
        }
        life.distinct_successes = successes.len() as u64;
        let rate = |n: u64, of: u64| if of == 0 { 0.0 } else { n as f64 / of as f64 };
        life.repeat_rate = rate(life.repeats, life.work_ticks);
        life.below_model_fraction = rate(life.below_model, life.work_ticks);
        life.xp_per_tick = rate(life.xp, life.turns);
        life
    }

    /// The figures in lines for people (the keeper's desk is in the keeper's figures, which
    /// `wis status` shows first).
    pub fn lines(&self) -> Vec<(String, String)> {
        let pct = |r: f64| format!("{:.0}%", r * 100.0);
        vec![
            (
                "life, turns".into(),
                format!(
                    "{} (ticks {}–{}): work {}, ruminations {}, sleeps {}",
                    self.turns,
                    self.from_tick,
                    self.to_tick,
                    self.work_ticks,
                    self.ruminations,
                    self.sleeps
                ),
            ),
            (
                "steps closed".into(),
                format!(
                    "{} ({:.1} per 10 work ticks); commissions done {}",
                    self.steps_closed,
                    if self.work_ticks == 0 {
                        0.0
                    } else {
                        10.0 * self.steps_closed as f64 / self.work_ticks as f64
                    },
                    self.commissions_done
                ),
            ),
            (
                "distinct successes".into(),
                format!("{} action signatures worked", self.distinct_successes),
            ),
            (
                "repeats".into(),
                format!(
                    "{} of {} work ticks ({})",
                    self.repeats,
                    self.work_ticks,
                    pct(self.repeat_rate)
                ),
            ),
            (
                "re-plans".into(),
                format!(
                    "{} changed the plan, of {}",
                    self.replans_changed, self.replans
                ),
            ),
            (
                "XP per tick".into(),
                format!("{:.2} ({} XP)", self.xp_per_tick, self.xp),
            ),
            (
                "below the model".into(),
                format!(
                    "{} work ticks a reflex handled with progress ({})",
                    self.below_model,
                    pct(self.below_model_fraction)
                ),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::turns::Advanced;

    fn work(tick: u64, sig: &str, ok: bool, advanced: Advanced, repeat: bool) -> TurnRecord {
        TurnRecord {
            tick,
            at: 0,
            turn: Turn::Work,
            tool: Some(sig.split(' ').next().unwrap().into()),
            signature: Some(sig.into()),
            success: ok,
            automated: false,
            advanced,
            repeat,
            replan_changed: None,
            xp: u64::from(advanced.any()),
            observed: Some(1),
        }
    }

    #[test]
    fn the_figures_count_what_the_log_says() {
        let closed = Advanced {
            step_closed: true,
            ..Advanced::default()
        };
        let mut think = work(3, "think", true, Advanced::default(), false);
        think.turn = Turn::Rumination;
        think.signature = None;
        think.replan_changed = Some(false);
        let mut reflex = work(5, "bash ls", true, closed, false);
        reflex.automated = true;
        reflex.xp = 0;
        let records = [
            work(1, "bash ls", true, closed, false),
            work(2, "note_read plan", true, Advanced::default(), false),
            think,
            work(4, "note_read plan", true, Advanced::default(), true),
            reflex,
        ];
        let refs: Vec<&TurnRecord> = records.iter().collect();
        let life = Life::from_records(&refs);
        assert_eq!(life.work_ticks, 4);
        assert_eq!(life.steps_closed, 2);
        assert_eq!(life.distinct_successes, 2);
        assert_eq!(life.repeats, 1);
        assert_eq!(life.repeat_rate, 0.25);
        assert_eq!((life.replans, life.replans_changed), (1, 0));
        assert_eq!(life.below_model, 1);
        assert_eq!(life.xp, 1);
        assert!(!life.lines().is_empty());
    }
}
