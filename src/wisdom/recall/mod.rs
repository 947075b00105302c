//! Situational recall, the "## Before you act" block, and its bets (design §4.3).
//!
//! The ledger is summarised per situation key as it is recorded ([`situation`], [`ledger`]),
//! so recall reads a few documents instead of the episode ring; [`lookup`] finds the verified
//! fixes, dead ends and strategy guardrails for a situation; [`block`] renders what passes
//! the similarity gate within its budget; [`bets`] records every shown item as a bet and
//! settles it from the tick's adjudicated outcome.
//!
//! The tick calls two functions: [`prepare`] in its first phase (the block for the prompt and
//! what it showed) and [`record`] in its last (index the new episode, settle the bets). Both
//! do nothing at all unless `[wisdom] recall_enabled` is on (WIS7): no read, no write, no
//! change to the prompt. [`view`] is the operator's look at the same thing, writing nothing.

pub mod bets;
pub mod block;
pub mod ledger;
pub mod lookup;
pub mod prose;
pub mod situation;
pub mod witness;

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

pub use bets::{Bet, Injected, Item, Shown, Unsettled};
pub use block::{Block, Silence};
pub use ledger::Pending;
pub use lookup::{Case, DeadEnd, Lookup};
pub use situation::{IndexState, Situation, SituationVector, Track};
pub use witness::Closure;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::Turn;
use crate::memory::{LazyMemory, Memory, Provenance, Settlement};
use crate::wisdom::episodes::Episode;
use crate::wisdom::lineage::heir;

/// What recall shows for a situation now: what it found, and the block or why there is none.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// `[wisdom] recall_enabled`: whether a tick would show the block.
    pub enabled: bool,
    pub min_sim: f32,
    /// Characters the block may take.
    pub budget: usize,
    /// What prose recall has left of `memory_max_chars` beside the block.
    pub prose_left: usize,
    /// Episodes the index had still to read (it reads them before answering).
    pub unindexed: u64,
    pub lookup: Lookup,
    pub block: Option<Block>,
    pub silence: Option<Silence>,
}

/// What the first phase puts into the prompt and carries to the last.
#[derive(Debug, Clone, Default)]
pub struct Prepared {
    /// The rendered block, for the prompt's volatile tail.
    pub block: Option<String>,
    /// The items the block showed: the bets to settle.
    pub injected: Injected,
}

/// The block for a work turn in `situation`, reading the index as the tick would (and, when
/// `write`, storing what the index had still to read). Nothing, and no store access, when
/// recall is off or the turn is not a work turn.
pub fn prepare(
    tx: &mut Tx<'_>,
    config: &Config,
    memory: &LazyMemory<'_>,
    situation: &str,
    turn: Turn,
    write: bool,
) -> Result<Prepared> {
    if !config.wisdom.recall_enabled || turn != Turn::Work {
        return Ok(Prepared::default());
    }
    let (view, pending) = view_with(tx, memory.get()?, config, situation, false)?;
    if write {
        pending.write(tx)?;
    }
    Ok(prepared(view))
}

/// What a work turn in `situation` would be shown now, read as a tick reads it and writing
/// nothing (counterfactual replay asks with today's recall). Nothing, and no store access,
/// when recall is off.
pub fn shown_now(
    rx: &impl Read,
    config: &Config,
    memory: &LazyMemory<'_>,
    situation: &str,
) -> Result<Prepared> {
    if !config.wisdom.recall_enabled {
        return Ok(Prepared::default());
    }
    Ok(prepared(
        view_with(rx, memory.get()?, config, situation, false)?.0,
    ))
}

fn prepared(view: View) -> Prepared {
    match view.block {
        Some(block) => Prepared {
            block: Some(block.text),
            injected: Injected { items: block.shown },
        },
        None => Prepared::default(),
    }
}

/// The last phase: indexes what the ledger recorded (when recall is on), then settles this
/// tick's bets, the block's and prose recall's, from its episode and what it closed (the step
/// or a commission: the world's witness on what was followed into it). With curation on, an
/// inherited memory that has now failed here is demoted at once
/// ([`crate::wisdom::lineage::heir::failed_here`]). Nothing, and no store access, when nothing
/// was shown and recall is off.
pub fn record(
    tx: &mut Tx<'_>,
    config: &Config,
    memory: &LazyMemory<'_>,
    tick: u64,
    injected: &Injected,
    closure: &Closure,
    now: Millis,
) -> Result<Vec<Bet>> {
    if config.wisdom.recall_enabled {
        ledger::sync(tx, memory.get()?)?.write(tx)?;
    }
    // What prose recall showed is settled too, with or without the block.
    if injected.items.is_empty() {
        return Ok(Vec::new());
    }
    let episode = tx
        .ring::<Episode>(Some(1))?
        .pop()
        .map(|(_, e)| e)
        .filter(|e| e.tick == tick);
    let bets = bets::settle(tx, injected, episode.as_ref(), closure, tick, now)?;
    for bet in bets.iter().filter(|_| config.wisdom.curation_enabled) {
        if let (
            Some(Settlement::IntoFailure),
            Item::Guardrail { engram } | Item::Known { engram },
            Provenance::Inherited,
        ) = (bet.settlement, &bet.item, bet.provenance)
        {
            heir::demote_if_failed(tx, memory.get()?, *engram, tick, now)?;
        }
    }
    Ok(bets)
}

/// What recall would show now for `situation`, looking at every similar situation; writes
/// nothing.
pub fn view(rx: &impl Read, config: &Config, memory: &Memory, situation: &str) -> Result<View> {
    Ok(view_with(rx, memory, config, situation, true)?.0)
}

fn view_with(
    rx: &impl Read,
    memory: &Memory,
    config: &Config,
    situation: &str,
    thorough: bool,
) -> Result<(View, Pending)> {
    let pending = ledger::sync(rx, memory)?;
    let found = lookup::lookup(rx, &pending, memory, situation, thorough)?;
    let budget = block::budget(&config.wisdom, &config.context);
    let composed = block::compose(&found, config.wisdom.recall_min_sim, budget);
    let view = View {
        enabled: config.wisdom.recall_enabled,
        min_sim: config.wisdom.recall_min_sim,
        budget,
        prose_left: block::prose_left(&config.context, composed.as_ref().ok()),
        unindexed: pending.read,
        lookup: found,
        silence: composed.as_ref().err().copied(),
        block: composed.ok(),
    };
    Ok((view, pending))
}

/// Says something about recall as a warning, once per process.
pub(crate) fn warn_once(message: &str) {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if !WARNED.swap(true, Ordering::Relaxed) {
        crate::base::output::warn(message);
    }
}

#[cfg(test)]
pub(crate) mod tests;
