//! `wis check`: redb's integrity check plus wis's invariants; exit 0, or 65 with the problems.

use crate::base::exit::{Error, Result};
use crate::turn::check::{check, repair};

use super::Ctx;

/// Check the store: redb's integrity, every document decodes as its registered type, rings
/// within their caps, no half-recorded turn, nothing in quarantine. Exit 0 when healthy, 65
/// with the problems.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// First set aside every document that does not decode and move everything in quarantine
    /// out of the store, into `<home>/quarantine/<time>/` (the raw bytes and an index.jsonl
    /// saying what each was and why), then check.
    #[arg(long)]
    pub repair: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let mut store = ctx.open("check")?;
    if args.repair {
        let done = repair(&store, &ctx.home, ctx.clock.now())?;
        match &done.dir {
            Some(dir) => ctx.printer.note(format!(
                "repair: {} damaged document(s) set aside, {} moved to {}",
                done.set_aside,
                done.moved,
                dir.display()
            )),
            None => ctx
                .printer
                .note("repair: nothing was damaged or in quarantine"),
        }
    }
    let problems = check(&mut store)?;
    if ctx.printer.is_json() {
        ctx.printer
            .json(&serde_json::json!({ "ok": problems.is_empty(), "problems": problems }))?;
    } else if problems.is_empty() {
        ctx.printer
            .line(format!("{}: ok", store.path().display()))?;
    } else {
        let rows = problems
            .iter()
            .map(|p| vec![p.area.clone(), p.detail.clone()])
            .collect();
        ctx.printer.table(&["area", "problem"], rows)?;
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::data(format!(
            "{} problem(s) in {}",
            problems.len(),
            store.path().display()
        ))
        .hint(
            "`wis check --repair` moves damaged documents out of the store (the creature goes on \
             without them); for damage redb reports, restore from a backup or an archive",
        ))
    }
}
