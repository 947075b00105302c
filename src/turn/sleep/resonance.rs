//! The resonance job: edges between alike engrams and the clusters they make
//! ([`crate::memory::resonance`]), found by blocking with the sleep's own seed and gathered
//! across sleeps. It runs when memory holds two active engrams or the document holds edges;
//! its line counts the edges found and kept and names the largest cluster's members. It
//! changes no engram.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY, Tx};
use crate::memory::resonance::{EDGE_CAP, Resonance};
use crate::memory::{MemoryState, Tier, merge};

/// Salt of the blocking's seed, so resonance and consolidation sample differently.
const SEED_SALT: u64 = 0x5e50_4a7c;
/// Members named on the receipt line.
const NAMED: usize = 8;

/// Resonance reads every active vector once, then the engrams its kept edges touch.
pub const JOB: Job = Job {
    name: "resonance",
    budget: Budget {
        engrams: crate::memory::ACTIVE_CAP + 2 * EDGE_CAP as u64,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    if !ctx.config().wisdom.dreams_enabled {
        return Ok(Vec::new());
    }
    let state = MemoryState::load(tx)?;
    let mut doc: Resonance = tx.get(SINGLETON_KEY)?.unwrap_or_default();
    if state.active < 2 && doc.edges.is_empty() {
        return Ok(Vec::new());
    }
    let members = doc.members();
    if !ctx.meter.engrams(members.len() as u64) {
        return Ok(vec![JobReport::new(JOB.name, "nothing done")]);
    }
    let mut gone = Vec::new();
    for id in members {
        if crate::memory::get(tx, id)?.is_none_or(|e| e.tier != Tier::Active) {
            gone.push(id);
        }
    }
    doc.forget(|id| gone.contains(&id));
    let limit = state.active.min(crate::memory::ACTIVE_CAP) as usize;
    let found = if state.active >= 2 && ctx.meter.engrams(limit as u64) {
        let seed = ctx.sleep ^ SEED_SALT;
        let memory = ctx.turn.memory()?;
        merge::alike_pairs(
            tx,
            memory,
            memory.embedder().calibration().resonance_sim,
            seed,
            limit,
            merge::Blocking::RESONANCE,
        )?
        .0
    } else {
        Vec::new()
    };
    let new = doc.gather(&found, ctx.sleep);
    let largest = match doc.clusters.first() {
        None => "no clusters".to_string(),
        Some(c) => {
            let mut names: Vec<String> = c
                .members
                .iter()
                .take(NAMED)
                .map(|m| m.to_string())
                .collect();
            if c.size as usize > NAMED {
                names.push(format!("{} more", c.size as usize - NAMED));
            }
            let n = doc.clusters.len();
            format!(
                "{n} cluster{}, the largest of {} ({})",
                if n == 1 { "" } else { "s" },
                c.size,
                names.join(", ")
            )
        }
    };
    let summary = format!(
        "{new} new edges, {} kept, {} gone with their engrams; {largest}",
        doc.edges.len(),
        gone.len()
    );
    tx.set(&doc)?;
    Ok(vec![JobReport::new(JOB.name, summary)])
}
