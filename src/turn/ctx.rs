//! The turn context: what one turn works with, built once and handed to everything the turn
//! calls. A tick builds it in its first phase; a command that works between turns (sleep,
//! unlock grant, curve run, …) builds it through [`super::between`].
//!
//! It holds the configuration, the clock's reading, the tick the turn closes, the creature's
//! body words and its one memory handle. The memory handle is made on first use, so a turn that
//! never touches memory (recall off, no memory tool) never builds an embedder, and a turn that
//! does builds exactly one.

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::creature::Morph;
use crate::memory::{LazyMemory, Memory};
use crate::world::sandbox::Limits;

/// One turn's context.
#[derive(Debug)]
pub struct TurnCtx<'a> {
    pub config: &'a Config,
    /// The tick the turn lives (for a command between turns, the last tick lived).
    pub tick: u64,
    /// The clock's reading for what the turn records now; a tick reads the clock again for its
    /// last phase ([`TurnCtx::at`]).
    pub now: Millis,
    /// The creature's body plan: the words every creature-facing line is rendered in.
    pub morph: Morph,
    /// The turn's one memory handle, made on first use.
    pub memory: LazyMemory<'a>,
}

impl<'a> TurnCtx<'a> {
    pub fn new(config: &'a Config, tick: u64, now: Millis, morph: Morph) -> TurnCtx<'a> {
        TurnCtx {
            config,
            tick,
            now,
            morph,
            memory: LazyMemory::new(&config.embed),
        }
    }

    /// The same turn at another reading of the clock (its last phase), keeping its memory.
    pub fn at(mut self, now: Millis) -> TurnCtx<'a> {
        self.now = now;
        self
    }

    /// The turn's one memory handle, made from `[embed]` on first use.
    pub fn memory(&self) -> Result<&Memory> {
        self.memory.get()
    }

    /// The sandbox's limits for this turn's commands.
    pub fn limits(&self) -> Limits {
        Limits::from_organs(&self.config.organs)
    }
}
