//! Sleep's reflex job: the promotion scan (design §4.1) over the episodes lived since its
//! cursor, proposing (and with `reflex_auto_arm`, arming) reflexes. Off
//! (`[wisdom] reflexes_enabled = false`): no line, no read, no write. A line only when
//! something was proposed.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::wisdom::reflex::scan;

/// The reflex promotion job.
pub const JOB: Job = Job {
    name: "reflexes",
    budget: Budget::BOOKKEEPING,
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let line = scan::at_sleep(tx, &ctx.config().wisdom, ctx.turn.tick, ctx.turn.now)?;
    Ok(line
        .map(|summary| JobReport::new("reflexes", summary))
        .into_iter()
        .collect())
}
