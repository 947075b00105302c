//! `wis workspace restore PATH [--at TICK]`: puts a file back as an earlier version held it.

use serde::Serialize;

use crate::base::exit::Result;
use crate::turn::workspace::{self, VersionShown};
use crate::world::history::shown;

use super::{Ctx, size};

/// Put PATH back as it was when tick TICK began (the first version kept at or after it), or,
/// without --at, as its latest version held it. What the file holds now is kept first as a
/// version of its own, so a restore can itself be undone; the words are written to a temporary
/// file and renamed over the path. Refused (75) while a turn is in flight; 66 when nothing of
/// PATH is kept, 64 for a tick that names no version.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A path inside the workspace, as `wis workspace history` lists it.
    pub path: String,
    /// The tick whose beginning to go back to [default: the latest version].
    #[arg(long, value_name = "TICK")]
    pub at: Option<u64>,
}

/// What a restore reports.
#[derive(Debug, Serialize)]
struct Report {
    path: String,
    /// The version put back.
    restored: VersionShown,
    /// What the file held before, kept as a version (none when it was missing).
    kept: Option<VersionShown>,
    /// The file already held those words: nothing was written.
    already: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let done = workspace::restore(
        &ctx.home, &config, &ctx.clock, ctx.wait, &args.path, args.at,
    )?;
    let report = Report {
        path: shown(&done.path),
        restored: VersionShown::of(&done.version),
        kept: done.kept.as_ref().map(VersionShown::of),
        already: done.already,
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    let v = &report.restored;
    if report.already {
        return ctx.printer.line(format!(
            "{} already holds its version of tick {} ({}); nothing was written",
            report.path,
            v.tick,
            size(v.size)
        ));
    }
    ctx.printer.line(format!(
        "restored {} to its version of tick {} ({}, {} by {})",
        report.path,
        v.tick,
        size(v.size),
        v.what,
        v.by
    ))?;
    if let Some(k) = &report.kept {
        ctx.printer.note(format!(
            "what it held ({}) is kept as a version of tick {}: `wis workspace restore {}` \
             undoes this",
            size(k.size),
            k.tick,
            report.path
        ));
    }
    Ok(())
}
