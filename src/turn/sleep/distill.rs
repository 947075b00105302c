//! The distillation job (design §4.9): what was lived since the last sleep becomes scars,
//! guardrails, procedures and facts, mechanically, before consolidation merges what is alike.
//! Off (`[wisdom] distill_enabled = false`): no line, no read, no write.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::wisdom::distill::{self, ITEMS_PER_SLEEP};

/// The distillation job: it writes or refreshes at most [`ITEMS_PER_SLEEP`] engrams.
pub const JOB: Job = Job {
    name: "distillation",
    budget: Budget {
        engrams: ITEMS_PER_SLEEP as u64,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    if !ctx.config().wisdom.distill_enabled {
        return Ok(Vec::new());
    }
    let memory = ctx.memory()?;
    // The sleeps taken so far, and this one (its receipt is written when it ends): a grant
    // this sleep made is distilled now, as made at it.
    let mut sleeps: distill::SleepTicks = tx
        .ring::<super::receipt::SleepReceipt>(None)?
        .into_iter()
        .map(|(_, r)| (r.tick, r.sleep))
        .collect();
    sleeps.insert(ctx.turn.tick, ctx.sleep);
    let made = distill::distill(tx, memory, ctx.turn.now, &sleeps)?;
    ctx.meter.engrams(made.memories.len() as u64);
    if made.episodes == 0 && made.news == 0 {
        return Ok(Vec::new());
    }
    let mut line = made.line();
    if made.stopped {
        line.push_str(&format!(
            " (stopped at {ITEMS_PER_SLEEP} items; the rest waits for the next sleep)"
        ));
    }
    // Each engram once, in the order it was first written or refreshed.
    let mut ids: Vec<String> = Vec::new();
    for id in &made.memories {
        let id = id.to_string();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(vec![JobReport::new("distillation", line).naming(ids)])
}
