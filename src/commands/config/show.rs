//! `wis config show`: the effective configuration, and where each value came from.

use crate::base::config::{Config, Origins};
use crate::base::exit::Result;

use super::Ctx;

/// Print the effective configuration as TOML, each key followed by where its value came from
/// (`default`, `wis.toml line N`, a `WIS_*` variable, a `--config` flag, the `[context]` preset
/// or the embedder's gate) as a comment; with --output-format json, the configuration with an
/// `origins` object of the same, keyed `section.key`.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let (config, origins) = Config::load_traced(&ctx.home.config_path(), &ctx.config_flags)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            config: &config,
            origins: &origins,
        });
    }
    ctx.printer
        .line(origins.annotate(&config.to_toml()).trim_end())
}

/// The JSON form: the configuration's sections, and `origins`.
#[derive(serde::Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    config: &'a Config,
    origins: &'a Origins,
}
