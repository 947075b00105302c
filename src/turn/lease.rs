//! The pending-turn lease's rules for a turn: how long a lease may live, when the creature is
//! still resting after its last completed turn, and how a turn that died under its lease is
//! recorded. The tick, the sleep and a cast's turn all keep these.

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::expectations::CHECKS_PER_TICK;
use crate::creature::heartbeat::Turn;
use crate::creature::lease::{LEASE_KEY, Lease};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{LastTick, Persona};

/// When the creature's recovery after its last completed turn ends, if that is after `now`.
/// An interrupted turn counts as completed when it was recovered.
pub fn resting_until(persona: &Persona, config: &Config, now: Millis) -> Option<Millis> {
    let recovery = (config.heartbeat.recovery_secs as Millis).saturating_mul(1000);
    let last = persona.last_tick.as_ref()?;
    let until = last.at.saturating_add(recovery);
    (recovery > 0 && now < until).then_some(until)
}

/// The longest a turn can take: the model's timeout with its retries, the sandbox's, and the
/// boundary's chores (organ probes, prediction checks, a delegated job).
pub fn lease_lifetime_ms(config: &Config) -> Millis {
    let model = config.llm.timeout_secs * (u64::from(config.llm.load_retries) + 2);
    let organs = &config.organs;
    let chores = 2 * organs.probe_timeout_secs
        + CHECKS_PER_TICK as u64 * organs.bash_timeout_secs
        + config.llm.timeout_secs;
    ((model + organs.bash_timeout_secs + chores + 60) * 1000) as Millis
}

/// Records the turn of a stale `lease` as interrupted (a stream line, the persona's last
/// tick) and removes the lease, in `tx`.
pub fn record_interrupted(
    tx: &mut Tx<'_>,
    persona: &mut Persona,
    lease: &Lease,
    now: Millis,
) -> Result<()> {
    let text = format!(
        "turn {} ({}) was interrupted and did not complete",
        lease.tick, lease.turn
    );
    tx.push(&StreamLine::new(
        lease.tick,
        now,
        Voice::System,
        text.clone(),
    ))?;
    persona.last_tick = Some(LastTick {
        tick: lease.tick,
        at: now,
        turn: Turn::Interrupted,
        summary: text,
    });
    tx.set(persona)?;
    tx.remove::<Lease>(LEASE_KEY)?;
    Ok(())
}
