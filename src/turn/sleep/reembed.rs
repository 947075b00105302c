//! Sleep's catch-up after an embedder change: engrams whose vectors another embedder made (an
//! older built-in feature set, another dimension) are not found by recall until re-embedded.
//! Each sleep re-embeds up to its budget of them, so a creature whose embedder changed finds
//! its whole memory again within a few sleeps without an operator (`wis memory reembed` does
//! it all at once). No line when there is nothing to catch up.

use super::job::{Budget, Job, JobCtx, JobReport};
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::memory::maintain::reembed_other_space;

/// Engrams re-embedded per sleep at most.
pub const PER_SLEEP: u64 = 5_000;

/// The re-embedding job.
pub const JOB: Job = Job {
    name: "reembed",
    budget: Budget {
        engrams: PER_SLEEP,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let memory = ctx.turn.memory()?;
    let caught = reembed_other_space(tx, memory, PER_SLEEP as usize, ctx.turn.now)?;
    if caught.reembedded == 0 {
        return Ok(Vec::new());
    }
    let model = memory.embedder().model().to_string();
    ctx.meter.engrams(caught.reembedded);
    let left = if caught.left == 0 {
        String::new()
    } else {
        format!(", {} left for the next sleeps", caught.left)
    };
    Ok(vec![JobReport::new(
        "reembed",
        format!(
            "{} memories made by another embedder re-embedded with {}{left}",
            caught.reembedded, model
        ),
    )])
}
