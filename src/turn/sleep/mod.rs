//! The sleep turn: pressure is reset, a sleep is counted, sleep's jobs run in order, and a
//! receipt names what each did.
//!
//! The jobs are [`JOBS`], in order, each with a declared budget ([`job`]); a job adds a line to
//! the receipt only when it ran, and a job that fails is reported there while the rest of the
//! sleep goes on. Adding a job is one entry of that list. `wis sleep --dry-run` runs the same
//! jobs in a transaction that is dropped ([`sleep_dry`]).
//!
//! The model is never asked with the store open: a sleep that replays or dreams draws what it
//! will ask first ([`Night`]: the replay's batch and the dream's cluster), commits its lease,
//! asks with the store closed, and then runs every job in one writing transaction that
//! records the answers and removes the lease. A sleep killed
//! while the model thinks leaves the store as it was plus a stale lease, which the next tick
//! recovers as an interrupted turn.

pub mod consolidate;
pub mod curate;
mod distill;
pub mod dream;
mod incubation;
pub mod job;
mod night;
mod progression;
pub mod receipt;
mod reembed;
mod reflexes;
pub mod replay;
mod resonance;

use std::time::Duration;

use crate::base::clock::{Clock, Millis};
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Store, Tx};
use crate::creature::Persona;
use crate::creature::heartbeat::Turn;
use crate::creature::lease::{self, LEASE_KEY, Lease};
use crate::creature::stream::{StreamLine, Voice};
use crate::turn::between::{Between, between};
use crate::turn::ctx::TurnCtx;

pub use job::{Budget, Job, JobCtx, Meter};
pub use night::Night;
pub use receipt::{JobReport, RECEIPT_CAP, SleepReceipt};
pub use replay::Rehearsal;

/// Sleep's jobs, in the order they run (design §3.3).
pub const JOBS: &[Job] = &[
    progression::SEEDER,
    reembed::JOB,
    distill::JOB,
    consolidate::JOB,
    resonance::JOB,
    incubation::JOB,
    dream::JOB,
    reflexes::JOB,
    replay::JOB,
    curate::JOB,
    progression::QUESTS_AND_UNLOCKS,
];

/// What `wis sleep` refuses to run beside.
const BETWEEN: &str = "sleep comes between turns";

/// `wis sleep`: the sleep turn now, between ticks (refused with 75 while a turn is in flight).
/// A sleep that replays holds a lease for the next tick while the model answers with the
/// store closed; every job then runs in one durable commit. Returns the creature's name and
/// the receipt.
pub fn sleep_now(
    home: &Home,
    config: &Config,
    clock: &Clock,
    wait: Duration,
) -> Result<(String, SleepReceipt)> {
    let store = home.open(wait, "sleep", clock)?;
    let mut tx = store.write()?;
    let b = between(&mut tx, config, clock.now(), BETWEEN)?;
    let mut night = Night::draw(&mut tx, &b.ctx, &b.persona);
    if night.calls() == 0 {
        return sleep_in(tx, b, night);
    }
    let tick = b.persona.ticks + 1;
    let now = b.ctx.now;
    if let Some(stale) = tx.get::<Lease>(LEASE_KEY)? {
        // A turn that died before this sleep: recorded as the next tick would, not overwritten.
        crate::turn::lease::record_interrupted(&mut tx, &mut b.persona.clone(), &stale, now)?;
    }
    let lease = Lease {
        pid: std::process::id(),
        tick,
        turn: Turn::Sleep,
        started_at: now,
        expires_at: now + crate::turn::lease::lease_lifetime_ms(config) + night.lease_ms(config),
    };
    tx.put(LEASE_KEY, &lease)?;
    b.report(&mut tx)?;
    tx.commit()?;
    drop(store);
    night.ask(config);
    let store = home.open(wait.max(Duration::from_secs(30)), "sleep", clock)?;
    let mut tx = store.write()?;
    lease::take(&mut tx, tick)?;
    let b = between(&mut tx, config, clock.now(), BETWEEN)?;
    sleep_in(tx, b, night)
}

/// Every job of a sleep in `tx`, committed durably.
fn sleep_in(mut tx: Tx<'_>, mut b: Between<'_>, night: Night) -> Result<(String, SleepReceipt)> {
    let receipt = sleep_turn(&mut tx, &b.ctx, &mut b.persona, night)?;
    tx.set(&b.persona)?;
    b.report(&mut tx)?;
    let persona = b.persona;
    tx.commit()?;
    Ok((persona.name, receipt))
}

/// `wis sleep --dry-run`: what a sleep now would do, worked out in a transaction that is
/// dropped, with the Qdrant mirror left out. Nothing is written.
pub fn sleep_dry(store: &Store, config: &Config, now: Millis) -> Result<(String, SleepReceipt)> {
    let mut config = config.clone();
    config.embed.qdrant_url = None;
    let mut tx = store.write()?;
    let mut b = between(&mut tx, &config, now, BETWEEN)?;
    let receipt = run_jobs(&mut tx, &b.ctx, &mut b.persona, true, Night::OFF)?;
    Ok((b.persona.name, receipt))
}

/// Runs the sleep turn on `persona` inside `tx`, with its replay drawn and asked beforehand
/// ([`Night`]); the caller saves `persona` and commits.
pub fn sleep_turn(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &mut Persona,
    night: Night,
) -> Result<SleepReceipt> {
    run_jobs(tx, ctx, persona, false, night)
}

fn run_jobs(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &mut Persona,
    dry_run: bool,
    night: Night,
) -> Result<SleepReceipt> {
    let (tick, now) = (ctx.tick, ctx.now);
    let mut receipt = SleepReceipt {
        sleep: persona.sleeps + 1,
        tick,
        at: now,
        pressure_before: persona.sleep_pressure,
        threshold: persona.nap_threshold(),
        jobs: Vec::new(),
        dream: None,
    };
    persona.sleeps += 1;
    persona.sleep_pressure = 0.0;
    tx.push(&StreamLine::new(
        tick,
        now,
        Voice::Sleep,
        format!("slept (sleep {})", receipt.sleep),
    ))?;
    let mut jc = JobCtx {
        turn: ctx,
        persona,
        sleep: receipt.sleep,
        dry_run,
        meter: Meter::new(Budget::BOOKKEEPING),
        rehearsal: night.replay,
        reverie: night.dream,
        dreamt: None,
    };
    for job in JOBS {
        receipt.jobs.extend(job::run_one(job, tx, &mut jc)?);
    }
    receipt.dream = jc.dreamt.take();
    if ctx.config.wisdom.dreams_enabled && !dry_run {
        dream::distil(tx, &receipt)?;
    }
    tx.push(&receipt)?;
    Ok(receipt)
}

/// The receipt of sleep `n`, or the last one; none when there is none such.
pub fn receipt(rx: &impl Read, n: Option<u64>) -> Result<Option<SleepReceipt>> {
    let ring = match n {
        None => rx.ring::<SleepReceipt>(Some(1))?,
        Some(_) => rx.ring::<SleepReceipt>(None)?,
    };
    Ok(ring
        .into_iter()
        .rev()
        .map(|(_, r)| r)
        .find(|r| n.is_none_or(|n| r.sleep == n)))
}

#[cfg(test)]
mod tests;
