//! The consolidation job: near-duplicate engrams of the same kind (similarity at least the
//! embedder's `merge_sim`, 0.95 for the built-in embedder and the local model) are merged into one survivor ([`crate::memory::merge`]), found by blocking,
//! never by comparing every pair. It runs whenever there is something to consolidate (episodes
//! lived since the last sleep, active engrams); each report it makes is counted on the memory
//! state, and the first earns U1.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use super::receipt::SleepReceipt;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::memory::{EngramId, MemoryState, merge};
use crate::wisdom::episodes::Episode;

/// Most merges in one sleep.
pub const MAX_MERGES: usize = 200;

/// Consolidation reads every active vector once, then two engrams a merge.
pub const JOB: Job = Job {
    name: "consolidation",
    budget: Budget {
        engrams: crate::memory::ACTIVE_CAP + 2 * MAX_MERGES as u64,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

/// `1 engram`, `3 engrams`.
fn count(n: u64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Episodes of the ledger lived after the last sleep's tick (all of them before a first sleep).
fn episodes_since_last_sleep(tx: &Tx<'_>) -> Result<u64> {
    let last = tx.ring::<SleepReceipt>(Some(1))?.pop().map(|(_, r)| r.tick);
    let episodes = tx.ring::<Episode>(None)?;
    Ok(episodes
        .iter()
        .filter(|(_, e)| last.is_none_or(|t| e.tick > t))
        .count() as u64)
}

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let mut state = MemoryState::load(tx)?;
    let lived = episodes_since_last_sleep(tx)?;
    if state.active == 0 && lived == 0 {
        return Ok(Vec::new());
    }
    let (sleep, now) = (ctx.sleep, ctx.turn.now);
    let limit = state.active.min(crate::memory::ACTIVE_CAP) as usize;
    let (pairs, read) = if state.active == 0 || !ctx.meter.engrams(limit as u64) {
        (Vec::new(), 0)
    } else {
        let memory = ctx.turn.memory()?;
        let floor = memory.embedder().calibration().merge_sim;
        merge::near_duplicates(tx, memory, floor, sleep, limit)?
    };
    let mut gone: Vec<EngramId> = Vec::new();
    let mut merged = Vec::new();
    for (a, b, _) in pairs {
        if merged.len() >= MAX_MERGES {
            break;
        }
        if gone.contains(&a) || gone.contains(&b) {
            continue;
        }
        if !ctx.meter.engrams(2) {
            break;
        }
        let (Some(ea), Some(eb)) = (crate::memory::get(tx, a)?, crate::memory::get(tx, b)?) else {
            continue;
        };
        let (keep, lose) = if merge::survivor_first(&ea, &eb) {
            (a, b)
        } else {
            (b, a)
        };
        ctx.turn.memory()?.merge(tx, keep, lose, Some(sleep), now)?;
        gone.push(lose);
        merged.push(super::receipt::merged(lose, keep));
    }
    let merges = match merged.len() {
        0 => "none merged".to_string(),
        n => format!("{n} merged"),
    };
    let summary = format!(
        "{} lived since the last sleep; {} reviewed, {merges}",
        count(lived, "episode"),
        count(read as u64, "engram")
    );
    state = MemoryState::load(tx)?;
    state.consolidations += 1;
    state.save(tx)?;
    Ok(vec![JobReport::new(JOB.name, summary).naming(merged)])
}
