//! What the memory tools (`tools/memorize.rs`, `tools/recall.rs`) share: memory opened from
//! the configuration, and a memory error as the creature meets it. Both go through
//! [`crate::memory::Memory`], inside the turn's transaction.

use crate::base::config::Config;
use crate::base::exit::{Error, Kind as K, Result};
use crate::creature::{FailKind, Outcome};
use crate::memory::Memory;

/// Memory as the configuration connects it; when it cannot be opened, what the creature is
/// told instead (or the platform's error).
pub fn open(config: &Config) -> std::result::Result<Memory, Result<Outcome>> {
    Memory::from_config(&config.embed).map_err(refusal)
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
