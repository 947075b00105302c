//! `wis sleep`: run the sleep turn now, outside the heartbeat.

use crate::base::exit::{Error, Result};
use crate::base::store::Read;
use crate::creature::Persona;
use crate::creature::lease::{LEASE_KEY, Lease, LeaseState};
use crate::turn::sleep::sleep_turn;

use super::Ctx;

/// Arguments of `wis sleep` (none of its own).
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let store = ctx.open("sleep")?;
    let mut tx = store.write()?;
    let now = ctx.clock.now();
    if let Some(lease) = tx.get::<Lease>(LEASE_KEY)?
        && let LeaseState::Fresh(l) = lease.state(now)
    {
        return Err(Error::busy(format!(
            "a {} turn (tick {}) is in flight in pid {}",
            l.turn, l.tick, l.pid
        ))
        .hint("try again when it completes"));
    }
    let config = ctx.config()?;
    let mut persona: Persona = tx.singleton()?;
    let tick = persona.ticks;
    let receipt = sleep_turn(&mut tx, &mut persona, tick, now, &config)?;
    tx.set(&persona)?;
    tx.commit()?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&receipt);
    }
    ctx.printer
        .line(format!("{}: {}", persona.name, receipt.line()))
}
