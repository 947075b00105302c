//! What the memory tools (`tools/memorize.rs`, `tools/recall.rs`) share: the turn's memory
//! handle, and a memory error as the creature meets it. Both go through
//! [`crate::memory::Memory`], inside the turn's transaction.

use crate::base::exit::{Error, Kind as K, Result};
use crate::creature::{FailKind, Outcome};
use crate::memory::{LazyMemory, Memory};

/// The turn's memory; when it cannot be made, what the creature is told instead (or the
/// platform's error).
pub fn open<'m>(memory: &'m LazyMemory<'_>) -> std::result::Result<&'m Memory, Result<Outcome>> {
    memory.get().map_err(refusal)
}

/// A memory error as the creature meets it: too much, or an embedder that does not answer.
/// A failing store is the platform's fault and stays an error.
pub fn refusal(e: Error) -> Result<Outcome> {
    match e.kind {
        K::Data => Ok(Outcome::fail(FailKind::TooLarge, e.message)),
        K::Unavailable | K::Config => Ok(Outcome::fail(FailKind::Unreachable, e.message)),
        _ => Err(e),
    }
}
