//! `wis pause` and `wis resume`: stop and restart the creature's ticks.

use crate::base::exit::Result;
use crate::turn::pause::set_paused;

use super::Ctx;

/// Takes no arguments of its own.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args, pause: bool) -> Result<()> {
    let store = ctx.open(if pause { "pause" } else { "resume" })?;
    let done = set_paused(&store, pause, ctx.clock.now())?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&done);
    }
    let already = if done.changed { "" } else { " (already)" };
    ctx.printer
        .line(format!("{} is {}{already}", done.name, done.state))
}
