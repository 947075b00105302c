//! `wis memory mirror`: the Qdrant mirror's state, or `--rebuild` it from the store.

use crate::base::exit::{Error, Result};
use crate::memory::maintain;

use super::Ctx;

/// Show whether the Qdrant mirror holds everything; with --rebuild, drop and refill its
/// collection from the store (the store is the record; Qdrant only speeds up recall).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Drop the collection and upsert every current vector from the store.
    #[arg(long)]
    pub rebuild: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open("memory mirror")?;
    if !args.rebuild {
        let Some(status) = maintain::mirror_info(&store.read()?, &memory)? else {
            return Err(Error::config("no Qdrant mirror is configured").hint(
                "set [embed] qdrant_url in wis.toml, or pass -c embed.qdrant_url=http://127.0.0.1:6333",
            ));
        };
        if ctx.printer.is_json() {
            return ctx.printer.json(&status);
        }
        let state = if status.synced {
            "in sync"
        } else {
            "behind the store: `wis memory mirror --rebuild`"
        };
        return ctx
            .printer
            .line(format!("{} at {}: {state}", status.collection, status.url));
    }
    let bar = ctx.printer.progress(0, "mirroring");
    let mut progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let report = maintain::rebuild_mirror(&store, &memory, ctx.clock.now(), &mut progress);
    bar.finish_and_clear();
    let report = report?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    if report.other_space > 0 {
        ctx.printer.note(format!(
            "{} engrams of another embedder left out: `wis memory reembed`, then rebuild",
            report.other_space
        ));
    }
    ctx.printer.line(format!(
        "mirrored {} engrams into {} at {} (dim {})",
        report.mirrored, report.collection, report.url, report.dim
    ))
}
