//! The expectation ledger: predictions the creature wrote with `predict`, each with a
//! mechanical check and a deadline, settled by the world at a later tick boundary.
//!
//! A check is a shell command (it held when the command exits 0, run in the sandbox with the
//! store closed) or a stat condition over the criterion vocabulary (read in the boundary's
//! transaction). Nothing the creature says about its prediction settles it.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
pub use crate::creature::check::Check;
use crate::creature::cut_middle;
use crate::doc;

/// Predictions kept in the ledger.
pub const LEDGER_CAP: u64 = 1_000;
/// The furthest a prediction may look ahead, in turns.
pub const MAX_WITHIN: u64 = 200;
/// Most predictions waiting to be settled at once.
pub const MAX_OPEN: usize = 20;
/// Most shell checks run at one tick boundary; the rest wait for the next.
pub const CHECKS_PER_TICK: usize = 2;

/// How a prediction came out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settled {
    pub tick: u64,
    pub at: Millis,
    pub held: bool,
    /// What the check showed, in one line.
    pub detail: String,
}

/// One prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Expectation {
    /// The tick it was made.
    pub tick: u64,
    pub at: Millis,
    pub claim: String,
    pub check: Check,
    /// The tick at whose boundary it is checked.
    pub due_tick: u64,
    #[serde(default)]
    pub settled: Option<Settled>,
}

doc!(
    Expectation,
    "wis.expectation",
    1,
    Layout::Ring { cap: LEDGER_CAP }
);

impl Expectation {
    /// The System's line when it settles.
    pub fn settled_line(&self, seq: u64) -> Option<String> {
        let s = self.settled.as_ref()?;
        Some(format!(
            "prediction #{seq} (tick {}) \"{}\" {}: {}",
            self.tick,
            cut_middle(&self.claim, 120),
            if s.held { "held" } else { "did not hold" },
            s.detail
        ))
    }
}

/// Open predictions, oldest first, with their ledger numbers. Predictions are made at most one
/// a turn and settle within [`MAX_WITHIN`] turns, so the newest entries hold every open one.
pub fn open(rx: &impl Read) -> Result<Vec<(u64, Expectation)>> {
    Ok(rx
        .ring::<Expectation>(Some(MAX_WITHIN as usize + MAX_OPEN))?
        .into_iter()
        .filter(|(_, e)| e.settled.is_none())
        .collect())
}

/// Open predictions due at tick `tick`.
pub fn due(rx: &impl Read, tick: u64) -> Result<Vec<(u64, Expectation)>> {
    Ok(open(rx)?
        .into_iter()
        .filter(|(_, e)| e.due_tick <= tick)
        .collect())
}

/// Predictions that settled true.
pub fn held(rx: &impl Read) -> Result<u64> {
    Ok(rx
        .ring::<Expectation>(None)?
        .iter()
        .filter(|(_, e)| e.settled.as_ref().is_some_and(|s| s.held))
        .count() as u64)
}

/// Settles one prediction in place; returns the System's line.
pub fn settle(
    tx: &mut Tx<'_>,
    seq: u64,
    mut e: Expectation,
    held: bool,
    detail: String,
    tick: u64,
    now: Millis,
) -> Result<String> {
    e.settled = Some(Settled {
        tick,
        at: now,
        held,
        detail: cut_middle(&detail, 200),
    });
    tx.replace(seq, &e)?;
    Ok(e.settled_line(seq).unwrap_or_default())
}
