//! `wis memory reembed`: bring every vector to the configured embedder.

use crate::base::exit::Result;
use crate::memory::maintain;

use super::Ctx;

/// Re-embed every engram whose vector metadata (backend, model, dimension, text hash)
/// differs from the configured embedder, committing in batches; safe to interrupt and rerun.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open("memory reembed")?;
    let bar = ctx.printer.progress(0, "re-embedding");
    let mut progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let report = maintain::reembed(&store, &memory, ctx.clock.now(), &mut progress);
    bar.finish_and_clear();
    let report = report?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    ctx.printer.line(format!(
        "re-embedded {} of {} engrams with {} {} ({} commit{})",
        report.reembedded,
        report.checked,
        report.backend,
        report.model,
        report.commits,
        if report.commits == 1 { "" } else { "s" }
    ))?;
    if report.reembedded > 0 && memory.mirror().is_some() {
        ctx.printer
            .note("the qdrant mirror is now behind: `wis memory mirror --rebuild`");
    }
    Ok(())
}
