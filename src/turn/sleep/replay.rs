//! Sleep's replay job: counterfactual replay of recorded failures with verified fixes
//! ([`crate::turn::replay::at_sleep`], design §4.2), before curation so that what replay
//! settles is judged the same night. Off (`[wisdom] replay_enabled = false`): no line, no
//! read, no write. Its budget is the most model calls a replay may make; the calls are made
//! one after another and each is bounded by `[llm]`'s timeout.

use super::job::{Budget, Job, JobCtx, JobReport};
use crate::base::config::REPLAY_BATCH_MAX;
use crate::base::exit::Result;
use crate::base::store::Tx;

/// The replay job.
pub const JOB: Job = Job {
    name: "replay",
    budget: Budget {
        engrams: 0,
        model_calls: REPLAY_BATCH_MAX,
        wall_ms: 600_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let wisdom = &ctx.config().wisdom;
    if !wisdom.replay_enabled {
        return Ok(Vec::new());
    }
    if ctx.dry_run {
        return Ok(vec![JobReport::new(
            "replay",
            format!(
                "would put up to {} recorded failures with verified fixes to the model \
                 (`wis replay --dry-run` shows which)",
                wisdom.replay_batch
            ),
        )]);
    }
    let line = crate::turn::replay::at_sleep(tx, ctx.turn, ctx.persona)?;
    Ok(line
        .map(|summary| JobReport::new("replay", summary))
        .into_iter()
        .collect())
}
