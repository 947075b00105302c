//! `wis reflex scan`: the promotion scan now, between turns.

use crate::base::exit::Result;
use crate::turn::between::between;
use crate::wisdom::reflex::scan::scan;

use super::{Ctx, note_off};

/// Read the episodes since the last scan and propose a reflex for every situation one action
/// answered with `[wisdom] reflex_promote_successes` adjudicated successes in a row. With
/// --dry-run, say what would be proposed and write nothing. Exit 75 while a turn is in flight.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write nothing: the cursor does not move and nothing is proposed.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open("reflex scan")?;
    let mut tx = store.write()?;
    let now = ctx.clock.now();
    let b = between(&mut tx, &config, now, "the scan comes between turns")?;
    let report = scan(&mut tx, &config.wisdom, b.ctx.tick, now, args.dry_run)?;
    if !args.dry_run {
        b.report(&mut tx)?;
        tx.commit()?;
    }
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    note_off(ctx, config.wisdom.reflexes_enabled);
    let prefix = if args.dry_run { "dry run: " } else { "" };
    ctx.printer.line(format!("{prefix}{}", report.line()))
}
