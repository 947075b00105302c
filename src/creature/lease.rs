//! The pending-turn lease: completion-gated cooldown.
//!
//! A turn writes a lease when it starts (durably, before the model is called) and clears it in
//! the same commit that records the turn. A tick that finds a fresh lease (its process alive)
//! exits 75; a stale one (its process gone, or older than any turn can take) is recovered and
//! recorded as an interrupted turn, so a killed tick never leaves the creature stuck and never
//! leaves half a turn recorded.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::base::store::holder::pid_alive;
use crate::doc;

/// The key of the one lease.
pub const LEASE_KEY: &str = "turn";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lease {
    pub pid: u32,
    pub tick: u64,
    /// `work`, `rumination` or `sleep`.
    pub turn: String,
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
