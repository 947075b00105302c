//! A tick's sleep turn. It asks no model unless it replays or dreams; then, as a work turn
//! does, it keeps the store closed while the model thinks: phase 1's transaction draws the
//! replay and the dream ([`Night`]) under the
//! lease [`super::begin`] wrote (lengthened to cover the calls) and commits, the calls run
//! with the store closed, and the last transaction takes the lease back and runs every job of
//! the sleep (`crate::turn::sleep`). A sleep with nothing to ask is phase 1's transaction.

use std::time::{Duration, Instant};

use crate::base::clock::Clock;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::Turn;
use crate::creature::lease::{LEASE_KEY, Lease};
use crate::creature::{LastTick, Persona};
use crate::turn::ctx::TurnCtx;
use crate::turn::sleep::{Night, sleep_turn};

use super::{Plan, TickOptions, TurnReport, finish};

/// What phase 1 of a sleep turn came to.
pub enum Begun {
    /// Nothing to ask: the sleep is recorded and committed.
    Done(TurnReport),
    /// The replay to ask with the store closed; the lease is committed.
    Asks(Night),
}

/// Phase 1 of a sleep turn, in `tx` (which it commits).
pub fn begin(mut tx: Tx<'_>, plan: &Plan, ctx: &TurnCtx<'_>, started: Instant) -> Result<Begun> {
    let persona: Persona = tx.singleton()?;
    let night = Night::draw(&mut tx, ctx, &persona);
    if night.calls() == 0 {
        let report = record(&mut tx, plan, ctx, started, night)?;
        tx.commit()?;
        return Ok(Begun::Done(report));
    }
    if let Some(mut lease) = tx.get::<Lease>(LEASE_KEY)? {
        lease.expires_at += night.lease_ms(ctx.config);
        tx.put(LEASE_KEY, &lease)?;
    }
    tx.commit()?;
    Ok(Begun::Asks(night))
}

/// The calls (the store must be closed), then the last phase: the lease taken back and every
/// job of the sleep recorded in one durable commit.
pub fn finish(
    home: &Home,
    clock: &Clock,
    opts: &TickOptions,
    plan: &Plan,
    ctx: TurnCtx<'_>,
    mut night: Night,
    started: Instant,
) -> Result<TurnReport> {
    night.ask(ctx.config);
    let store = home.open(opts.wait.max(Duration::from_secs(30)), "tick", clock)?;
    let mut tx = store.write()?;
    finish::take_lease(&mut tx, plan)?;
    let ctx = ctx.at(clock.now());
    let report = record(&mut tx, plan, &ctx, started, night)?;
    tx.commit()?;
    Ok(report)
}

/// The sleep turn's jobs and record, in one transaction (phase 1's when it asks no model).
fn record(
    tx: &mut Tx<'_>,
    plan: &Plan,
    ctx: &TurnCtx<'_>,
    started: Instant,
    night: Night,
) -> Result<TurnReport> {
    let now = ctx.now;
    let mut persona: Persona = tx.singleton()?;
    let receipt = sleep_turn(tx, ctx, &mut persona, night)?;
    persona.ticks = plan.tick;
    persona.last_tick = Some(LastTick {
        tick: plan.tick,
        at: now,
        turn: Turn::Sleep,
        summary: receipt.line(),
    });
    tx.set(&persona)?;
    tx.remove::<Lease>(LEASE_KEY)?;
    Ok(TurnReport {
        tick: plan.tick,
        turn: Turn::Sleep,
        why: plan.choice.why.into(),
        tool: None,
        action: None,
        fail_kind: None,
        success: true,
        duration_ms: started.elapsed().as_millis() as u64,
        model_ms: None,
        xp: 0,
        level_up: false,
        summary: receipt.line(),
        recovered: plan.recovered,
        events: Vec::new(),
        reflex: None,
        usage: None,
        said: None,
        scene: None,
        lane: None,
    })
}
