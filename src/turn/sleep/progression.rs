//! The progression's jobs at sleep: the seeder (a store without unlock state gets the units
//! its evidence has earned) and the quests with the milestone unlocks
//! ([`crate::turn::progression::boundary::at_sleep`]).

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::turn::progression::boundary::at_sleep;
use crate::turn::progression::seed;

/// The seeder: silent, as it always was.
pub const SEEDER: Job = Job {
    name: "seeder",
    budget: Budget::BOOKKEEPING,
    run: seeder,
};

/// The quests' pass and stall checks, the next quest's issue, the milestone unlocks.
pub const QUESTS_AND_UNLOCKS: Job = Job {
    name: "quests",
    budget: Budget::BOOKKEEPING,
    run: quests_and_unlocks,
};

fn seeder(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    seed::load_or_seed(tx, ctx.turn, ctx.persona)?;
    Ok(Vec::new())
}

fn quests_and_unlocks(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    at_sleep(tx, ctx.turn, ctx.persona)
}
