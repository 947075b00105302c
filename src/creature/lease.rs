//! The pending-turn lease: completion-gated cooldown.
//!
//! A turn writes a lease when it starts (durably, before the model is called) and clears it in
//! the same commit that records the turn. A tick that finds a fresh lease (its process alive)
//! exits 75; a stale one (its process gone, or older than any turn can take) is recovered and
//! recorded as an interrupted turn, so a killed tick never leaves the creature stuck and never
//! leaves half a turn recorded.

use serde::{Deserialize, Serialize};

use super::heartbeat::Turn;
use crate::base::clock::{Millis, rfc3339};
use crate::base::exit::{Error, Result};
use crate::base::store::holder::pid_alive;
use crate::base::store::{Layout, Read, Tx};
use crate::doc;

/// The key of the one lease.
pub const LEASE_KEY: &str = "turn";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lease {
    pub pid: u32,
    pub tick: u64,
    /// The kind of turn in flight.
    pub turn: Turn,
    pub started_at: Millis,
    /// After this time the lease is stale even if a process with its pid exists (pid reuse).
    pub expires_at: Millis,
}

doc!(Lease, "wis.lease", 1, Layout::Keyed);

/// What a found lease means.
#[derive(Debug, Clone, PartialEq)]
pub enum LeaseState {
    /// Another turn is in flight.
    Fresh(Lease),
    /// A turn died without completing.
    Stale(Lease),
}

impl Lease {
    /// Classifies a lease found at `now`.
    pub fn state(self, now: Millis) -> LeaseState {
        if pid_alive(self.pid) && self.pid != std::process::id() && now < self.expires_at {
            LeaseState::Fresh(self)
        } else {
            LeaseState::Stale(self)
        }
    }
}

/// The turn in flight at `now`, if any: a fresh lease. A stale one is not in flight (the next
/// tick recovers it).
pub fn in_flight(rx: &impl Read, now: Millis) -> Result<Option<Lease>> {
    Ok(match rx.get::<Lease>(LEASE_KEY)?.map(|l| l.state(now)) {
        Some(LeaseState::Fresh(l)) => Some(l),
        _ => None,
    })
}

/// The refusal (exit 75) of `what`, which must wait for the turn in flight: the one wording
/// every command uses.
pub fn busy(lease: &Lease, what: &str) -> Error {
    Error::busy(format!(
        "a {} turn (tick {}) is in flight in pid {} since {}; {what}",
        lease.turn,
        lease.tick,
        lease.pid,
        rfc3339(lease.started_at)
    ))
    .hint("try again when it completes (from cron, simply on the next run)")
}

/// Takes back the lease of this process's turn `tick` and removes it, in `tx`; refused (75)
/// when the lease is gone or another's: another turn declared it stale while it ran.
pub fn take(tx: &mut Tx<'_>, tick: u64) -> Result<()> {
    match tx.get::<Lease>(LEASE_KEY)? {
        Some(l) if l.pid == std::process::id() && l.tick == tick => {
            tx.remove::<Lease>(LEASE_KEY)?;
            Ok(())
        }
        _ => Err(Error::busy(format!(
            "turn {tick} lost its lease while it ran (declared stale by another tick)"
        ))
        .hint("raise [llm] timeout_secs or [organs] bash_timeout_secs if turns take this long")),
    }
}
