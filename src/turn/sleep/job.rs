//! A sleep job and its budget. A job is one entry of [`super::JOBS`]: a name, a declared
//! budget (engrams touched, model calls, wall time) and a function that does its work in the
//! sleep's transaction. The job counts what it spends on its [`Meter`]; over budget it stops
//! where it is and its receipt line says so. A job that fails is reported in the receipt and
//! the sleep goes on; a job that did not run returns no line.

use std::time::Instant;

use serde::Serialize;

use crate::base::config::Config;
use crate::base::exit::{Kind, Result};
use crate::base::store::Tx;
use crate::creature::Persona;
use crate::memory::Memory;
use crate::turn::ctx::TurnCtx;

use super::receipt::JobReport;

/// What a job may spend in one sleep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Engrams read or changed.
    pub engrams: u64,
    /// Calls to the model.
    pub model_calls: u32,
    /// Wall time, in milliseconds.
    pub wall_ms: u64,
}

impl Budget {
    /// A job that touches no engram and calls no model.
    pub const BOOKKEEPING: Budget = Budget {
        engrams: 0,
        model_calls: 0,
        wall_ms: 10_000,
    };
}

/// What one sleep's jobs work with.
pub struct JobCtx<'c, 'a> {
    pub turn: &'c TurnCtx<'a>,
    pub persona: &'c mut Persona,
    /// This sleep's number.
    pub sleep: u64,
    /// Nothing the sleep does is kept: the transaction is dropped, and no job reaches past
    /// the store (the Qdrant mirror is left alone).
    pub dry_run: bool,
    pub meter: Meter,
    /// The replay drawn before the sleep and asked with the store closed (the replay job
    /// takes it).
    pub rehearsal: super::replay::Rehearsal,
    /// The dream drawn before the sleep and asked with the store closed (the dream job takes
    /// it).
    pub reverie: super::dream::Reverie,
    /// The kept dream's line, for the receipt, once the dream job has kept one.
    pub dreamt: Option<String>,
}

impl JobCtx<'_, '_> {
    pub fn config(&self) -> &Config {
        self.turn.config
    }

    /// The turn's memory (made on first use).
    pub fn memory(&self) -> Result<&Memory> {
        self.turn.memory()
    }
}

/// What one job has spent against its budget.
#[derive(Debug, Clone)]
pub struct Meter {
    budget: Budget,
    started: Instant,
    engrams: u64,
    model_calls: u32,
    stopped: Option<String>,
}

impl Meter {
    pub fn new(budget: Budget) -> Meter {
        Meter {
            budget,
            started: Instant::now(),
            engrams: 0,
            model_calls: 0,
            stopped: None,
        }
    }

    /// Spends `n` engrams; false (and the job stops) when that is over the budget or the wall
    /// time is spent.
    pub fn engrams(&mut self, n: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.engrams + n > self.budget.engrams {
            self.stopped = Some(format!("{} engrams", self.budget.engrams));
            return false;
        }
        if self.started.elapsed().as_millis() as u64 > self.budget.wall_ms {
            self.stopped = Some(format!("{} ms", self.budget.wall_ms));
            return false;
        }
        self.engrams += n;
        true
    }

    /// Spends one model call; false (and the job stops) when none is left.
    pub fn model_call(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.model_calls >= self.budget.model_calls {
            self.stopped = Some(format!("{} model calls", self.budget.model_calls));
            return false;
        }
        self.model_calls += 1;
        true
    }

    /// What stopped the job, when its budget did.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    pub fn spent_engrams(&self) -> u64 {
        self.engrams
    }
}

/// One of sleep's jobs.
pub struct Job {
    pub name: &'static str,
    pub budget: Budget,
    /// Does the job's work in the sleep's transaction; its lines for the receipt (none when
    /// it did not run; most jobs give at most one).
    pub run: fn(&mut Tx<'_>, &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>>,
}

/// Runs `job`: its lines, marked when its budget stopped it, or one line saying it failed.
/// A failed read or write of the store (an I/O error: the disk, not the job) stops the whole
/// sleep instead, with that first error: the transaction cannot commit after it, and the
/// rest of sleep would only report the store's "previous I/O error".
pub fn run_one(job: &Job, tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    ctx.meter = Meter::new(job.budget);
    match (job.run)(tx, ctx) {
        Ok(mut lines) => {
            if let (Some(why), Some(last)) = (ctx.meter.stopped(), lines.last_mut()) {
                last.summary
                    .push_str(&format!(" (stopped at its budget of {why})"));
            }
            Ok(lines)
        }
        Err(e) if e.kind == Kind::Io => Err(e.context(format!("sleep job {}", job.name))),
        Err(e) => Ok(vec![JobReport::new(
            job.name,
            format!("failed: {} (the rest of sleep went on)", e.message),
        )]),
    }
}
