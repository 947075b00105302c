//! Between turns: the one way in for a command that changes the creature while no turn runs
//! (`wis sleep`, `wis unlock grant`, `wis replay`, and the wisdom commands to come). It is
//! refused with exit 75 while a turn is in flight, then reads the persona and the genome once
//! and builds the turn context the command's work runs in.

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::{Genome, Persona, lease};
use crate::turn::recover;

use super::ctx::TurnCtx;

/// The creature as a command between turns finds it.
#[derive(Debug)]
pub struct Between<'a> {
    pub persona: Persona,
    pub genome: Genome,
    /// The context of the command's work: the last tick lived, now, the body words, memory.
    pub ctx: TurnCtx<'a>,
    /// What did not read and was rebuilt ([`recover::report`] says so before the commit).
    pub recovered: Vec<recover::Recovered>,
}

/// In `tx`: refuses `what` (e.g. "sleep comes between turns") while a turn is in flight, then
/// reads the creature and builds the context.
pub fn between<'a>(
    tx: &mut Tx<'_>,
    config: &'a Config,
    now: Millis,
    what: &str,
) -> Result<Between<'a>> {
    if let Some(l) = lease::in_flight(tx, now)? {
        return Err(lease::busy(&l, what));
    }
    let (persona, genome, recovered) = recover::creature(tx)?;
    let ctx = TurnCtx::new(config, persona.ticks, now, genome.morph);
    Ok(Between {
        persona,
        genome,
        ctx,
        recovered,
    })
}

impl Between<'_> {
    /// Says what was rebuilt or skipped, in `tx`, before it commits.
    pub fn report(&self, tx: &mut Tx<'_>) -> Result<()> {
        recover::report(tx, self.ctx.tick, self.ctx.now, &self.recovered)
    }
}
