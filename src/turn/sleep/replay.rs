//! Sleep's replay job: counterfactual replay of recorded ground truth (design §4.2), before
//! curation so that what replay settles is judged the same night. Off (`[wisdom]
//! replay_enabled = false`): no line, no read, no write.
//!
//! The model is never asked inside the sleep's transaction. A sleep carries its replay as a
//! [`Rehearsal`] across three phases: drawn in the sleep's first transaction (before any job
//! runs, from the store as the sleep found it), asked with the store closed while the turn's
//! lease covers the calls, then scored, settled and recorded by this job, in its place in the
//! order, in the sleep's one writing transaction. Its budget is the most model calls a replay
//! may make; the calls are made one after another and each is bounded by `[llm]`'s timeout.
//! When replay's daily reserve (`[wisdom] replay_calls_per_day`) cannot pay for the draw, the
//! replay is skipped with its reason and no call is made.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::clock::Millis;
use crate::base::config::{Config, REPLAY_BATCH_MAX};
use crate::base::exit::{Error, Result};
use crate::base::store::Tx;
use crate::creature::Persona;
use crate::turn::ctx::TurnCtx;
use crate::turn::replay::{SleepAnswers, low_reserve, sleep_ask, sleep_plan, sleep_record};
use crate::wisdom::replay::Plan;

/// The replay job.
pub const JOB: Job = Job {
    name: "replay",
    budget: Budget {
        engrams: 0,
        model_calls: REPLAY_BATCH_MAX,
        wall_ms: 600_000,
    },
    run,
};

/// A sleep's replay between its phases.
#[derive(Debug, Default)]
pub enum Rehearsal {
    /// Replay is off, or this sleep does not replay (a dry run).
    #[default]
    Off,
    /// The draw failed: the job reports it and the sleep goes on.
    Failed(Error),
    /// Drawn; `answers` once asked.
    Drawn {
        plan: Box<Plan>,
        answers: Option<SleepAnswers>,
    },
}

impl Rehearsal {
    /// Draws the sleep's replay in its first transaction (reads only).
    pub fn draw(tx: &mut Tx<'_>, ctx: &TurnCtx<'_>, persona: &Persona) -> Rehearsal {
        let drawn = sleep_plan(tx, ctx, persona).and_then(|plan| match plan {
            None => Ok(None),
            Some(plan) => {
                let low = low_reserve(&*tx, ctx.config, plan.drawn.len(), ctx.now)?;
                Ok(Some((plan, low)))
            }
        });
        match drawn {
            Ok(None) => Rehearsal::Off,
            Ok(Some((plan, low))) => Rehearsal::Drawn {
                plan: Box::new(plan),
                answers: low.map(SleepAnswers::Skipped),
            },
            Err(e) => Rehearsal::Failed(e),
        }
    }

    /// Model calls still to make, with the store closed.
    pub fn calls(&self) -> usize {
        match self {
            Rehearsal::Drawn {
                plan,
                answers: None,
            } => plan.drawn.len(),
            _ => 0,
        }
    }

    /// How much longer than a turn the lease must live to cover the calls: one `[llm]`
    /// timeout each, with the job's wall budget as the most (no call starts after it, and a
    /// turn's own lifetime covers the last one).
    pub fn lease_ms(&self, config: &Config) -> Millis {
        let calls = self.calls() as u64 * config.llm.timeout_secs * 1000;
        calls.min(JOB.budget.wall_ms) as Millis
    }

    /// Asks the model (the store must be closed); nothing when there is nothing to ask.
    pub fn ask(&mut self, config: &Config) {
        if let Rehearsal::Drawn { plan, answers } = self
            && answers.is_none()
        {
            let wall = std::time::Duration::from_millis(JOB.budget.wall_ms);
            *answers = Some(sleep_ask(plan, config, wall));
        }
    }
}

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let wisdom = &ctx.config().wisdom;
    if !wisdom.replay_enabled {
        return Ok(Vec::new());
    }
    if ctx.dry_run {
        return Ok(vec![JobReport::new(
            "replay",
            format!(
                "would put up to {} recorded episodes with ground truth to the model \
                 (`wis replay --dry-run` shows which)",
                wisdom.replay_batch
            ),
        )]);
    }
    let (plan, answers) = match std::mem::take(&mut ctx.rehearsal) {
        Rehearsal::Off => return Ok(Vec::new()),
        Rehearsal::Failed(e) => return Err(e),
        Rehearsal::Drawn { plan, answers } => (plan, answers),
    };
    let answers = answers.unwrap_or_else(|| {
        SleepAnswers::Answered(crate::wisdom::replay::Answers {
            replies: Vec::new(),
            failed: None,
            stopped: (!plan.drawn.is_empty()).then(|| "the sleep did not ask".to_string()),
        })
    });
    let line = sleep_record(tx, ctx.turn, ctx.sleep, &plan, &answers)?;
    Ok(vec![JobReport::new("replay", line)])
}
