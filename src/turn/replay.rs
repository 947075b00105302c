//! Counterfactual replay as the creature lives it: the sleep's replay ([`sleep_plan`],
//! [`sleep_ask`], [`sleep_record`]) and `wis replay` between turns ([`replay_now`]). Both
//! build today's body from the tick's own snapshot and hand it to [`crate::wisdom::replay`],
//! which asks and scores and never acts.
//!
//! Both keep the store closed while the model thinks: the batch is drawn in one transaction,
//! asked with the store closed, and scored and recorded in another. In sleep, replay runs only
//! with `[wisdom] replay_enabled` (off: nothing is read or written, WIS7); a model that does
//! not answer skips it with its reason and the sleep goes on. On its own, it is refused with
//! 75 while a turn is in flight and exits 69 when no model answers.

use std::time::Duration;

use crate::base::clock::{Clock, Millis};
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{Read, Tx};
use crate::creature::Persona;
use crate::mind::Mind;
use crate::turn::between::between;
use crate::turn::ctx::TurnCtx;
use crate::turn::progression::snapshot::{Snapshot, snapshot};
use crate::wisdom::replay::{self, At, Plan, ReplayRecord, Today};

/// What `wis replay` refuses to run beside.
const BETWEEN: &str = "replay comes between turns";

/// A sleep's replay, drawn in the sleep's first transaction before the sleep counts itself:
/// `None` when replay is off (nothing is read). The draw's seed is the number the sleep will
/// have.
pub fn sleep_plan(tx: &mut Tx<'_>, ctx: &TurnCtx<'_>, persona: &Persona) -> Result<Option<Plan>> {
    let config = ctx.config;
    if !config.wisdom.replay_enabled {
        return Ok(None);
    }
    let body = snapshot(tx, ctx, persona, false)?;
    let batch = config.wisdom.replay_batch;
    plan(tx, ctx, persona, &body, batch, persona.sleeps + 1).map(Some)
}

/// The span replay's reserve is counted over.
const DAY_MS: Millis = 86_400_000;

/// Why a sleep's replay must not spend `calls` model calls now, if it must not: the reserve
/// (`[wisdom] replay_calls_per_day`, less the calls answered by replays in the 24 hours
/// before `now`) is lower than the calls.
pub fn low_reserve(
    rx: &impl Read,
    config: &Config,
    calls: usize,
    now: Millis,
) -> Result<Option<String>> {
    let per_day = u64::from(config.wisdom.replay_calls_per_day);
    let spent = replay::history::calls_since(&replay::history::records(rx)?, now - DAY_MS);
    let left = per_day.saturating_sub(spent);
    Ok((calls > 0 && left < calls as u64).then(|| {
        format!("reserve low: {left} of {per_day} model calls left in 24 hours, {calls} drawn")
    }))
}

/// What a sleep's replay got from the model, asked with the store closed.
#[derive(Debug, Clone)]
pub enum SleepAnswers {
    Answered(replay::Answers),
    /// Not asked: why (no model could be opened, the reserve is low).
    Skipped(String),
}

/// Puts a sleep's drawn prompts to the model `[llm]` names, starting none after `wall` has
/// passed (the rest are skipped, saying so). Touches no store.
pub fn sleep_ask(plan: &Plan, config: &Config, wall: Duration) -> SleepAnswers {
    if plan.drawn.is_empty() {
        return SleepAnswers::Answered(replay::Answers::default());
    }
    let why = format!("the job's wall budget of {} s was spent", wall.as_secs());
    let deadline = Some((std::time::Instant::now() + wall, why.as_str()));
    match crate::mind::open::open_mind(config) {
        Ok(mut mind) => {
            SleepAnswers::Answered(replay::ask_until(plan, mind.as_mut(), config, deadline))
        }
        Err(e) => SleepAnswers::Skipped(format!("no model: {}", e.message)),
    }
}

/// Scores and records a sleep's replay in the sleep's last transaction: the receipt line.
pub fn sleep_record(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    sleep: u64,
    plan: &Plan,
    answers: &SleepAnswers,
) -> Result<String> {
    let at = At {
        tick: ctx.tick,
        sleep: Some(sleep),
        now: ctx.now,
    };
    let record = match answers {
        SleepAnswers::Answered(a) => replay::finish(tx, plan, a, at)?,
        SleepAnswers::Skipped(why) => replay::skipped(tx, plan, at, why)?,
    };
    Ok(record.line())
}

/// How `wis replay` runs.
#[derive(Debug, Clone, Copy)]
pub struct ReplayOptions {
    pub batch: u32,
    pub seed: u64,
    pub wait: Duration,
    /// Draw and rebuild the prompts; ask nothing, write nothing.
    pub dry_run: bool,
}

/// What `wis replay` did: the plan it drew, and its report unless a dry run.
#[derive(Debug)]
pub struct ReplayNow {
    pub plan: Plan,
    pub record: Option<ReplayRecord>,
}

/// `wis replay`: one replay now, between turns. The store is read, closed while the model
/// answers, and opened again to record in one durable commit.
pub fn replay_now(
    home: &Home,
    config: &Config,
    clock: &Clock,
    opts: ReplayOptions,
    open_mind: &mut dyn FnMut() -> Result<Box<dyn Mind>>,
) -> Result<ReplayNow> {
    let store = home.open(opts.wait, "replay", clock)?;
    let mut tx = store.write()?;
    let b = between(&mut tx, config, clock.now(), BETWEEN)?;
    let body = snapshot(&mut tx, &b.ctx, &b.persona, false)?;
    let plan = plan(&tx, &b.ctx, &b.persona, &body, opts.batch, opts.seed)?;
    drop(tx);
    drop(store);
    if opts.dry_run {
        return Ok(ReplayNow { plan, record: None });
    }
    let answers = if plan.drawn.is_empty() {
        replay::Answers::default()
    } else {
        let mut mind = open_mind()?;
        let answers = replay::ask(&plan, mind.as_mut(), config);
        if answers.replies.is_empty()
            && let Some(why) = &answers.failed
        {
            return Err(
                Error::unavailable(format!("no model answered the replay: {why}"))
                    .hint("start the model server (or set [llm] url), then replay again"),
            );
        }
        answers
    };
    let store = home.open(opts.wait.max(Duration::from_secs(30)), "replay", clock)?;
    let mut tx = store.write()?;
    let b = between(&mut tx, config, clock.now(), BETWEEN)?;
    let at = At {
        tick: b.ctx.tick,
        sleep: None,
        now: b.ctx.now,
    };
    let record = replay::finish(&mut tx, &plan, &answers, at)?;
    b.report(&mut tx)?;
    tx.commit()?;
    Ok(ReplayNow {
        plan,
        record: Some(record),
    })
}

fn plan(
    rx: &Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &Persona,
    body: &Snapshot,
    batch: u32,
    seed: u64,
) -> Result<Plan> {
    let today = Today {
        persona,
        morph: ctx.morph,
        unlocks: &body.unlocks,
        visible: &body.visible,
        objectives: &body.objectives,
        quest: body.quest.as_deref(),
        skills: &body.skill_lines,
    };
    replay::plan(rx, ctx.config, &ctx.memory, &today, batch, seed)
}
