//! `wis sleep`: run the sleep turn now, outside the heartbeat.

use crate::base::exit::Result;
use crate::turn::sleep::sleep_now;

use super::Ctx;

/// Arguments of `wis sleep` (none of its own).
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open("sleep")?;
    let (name, receipt) = sleep_now(&store, &config, ctx.clock.now())?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&receipt);
    }
    ctx.printer.line(format!("{name}: {}", receipt.line()))
}
