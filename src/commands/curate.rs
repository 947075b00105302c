//! `wis curate`: utility-grounded curation now, on its own (design §4.5): the judgement sleep
//! makes, as of the last sleep; `--dry-run` shows it and writes nothing.

use crate::base::exit::Result;
use crate::turn::sleep::JobReport;
use crate::turn::sleep::curate::curate_now;

use super::Ctx;

/// Arguments of `wis curate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print what curation would change, and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open("curate")?;
    let (name, done) = curate_now(&store, &config, ctx.clock.now(), args.dry_run)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&done);
    }
    let dry = if args.dry_run { " (dry run)" } else { "" };
    ctx.printer
        .line(format!("{name}: curation{dry}: {}", done.line()))?;
    let named = JobReport::new("curation", "").naming(done.memories());
    if !named.memories.is_empty() {
        ctx.printer.line(named.memories.join(", "))?;
    }
    Ok(())
}
