//! `wis cast check`: redb's integrity and every document of the cast's store, and with
//! `--schemas` the schedule, the receipts, the appraisals and the proposals validated against
//! their published JSON Schemas.

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::commands::check::{print, schema_error};
use crate::turn::cast::{Cast, registry};
use crate::turn::schemas;

/// Check the cast's store (exit 65 when damaged).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Also validate the schedule, every receipt, appraisal and proposal (wis.cast.schedule.v1,
    /// wis.cast.receipt.v1, wis.cast.appraisal.v1, wis.cast.proposal.v1) against their published
    /// JSON Schemas (`schemas/cast-*.schema.json`, built into wis), each projected to JSON as
    /// `wis cachectl project` writes it; the path of any failing value, and 65.
    #[arg(long)]
    pub schemas: bool,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let mut store = cast.open(ctx.wait, "cast check", &ctx.clock)?;
    let problems = crate::base::store::check_store(&mut store, registry())?;
    let reports = if args.schemas {
        Some(schemas::check(&store.read()?, registry(), schemas::CAST)?)
    } else {
        None
    };
    let failed = print(ctx, "ok", &problems, reports.as_deref())?;
    if !problems.is_empty() {
        return Err(Error::data(format!(
            "{} problem(s) in the cast's store",
            problems.len()
        )));
    }
    if failed > 0 {
        return Err(schema_error(failed, "the cast's store"));
    }
    Ok(())
}
