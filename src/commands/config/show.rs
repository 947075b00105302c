//! `wis config show`: the effective configuration.

use crate::base::exit::Result;

use super::Ctx;

/// Print the effective configuration as TOML (or JSON with --output-format json).
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let config = ctx.config()?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&config);
    }
    ctx.printer.line(config.to_toml().trim_end())
}
