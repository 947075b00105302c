//! `wis config`: show the effective configuration, and check it against the model server.

mod check;
mod show;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Validate the configuration; when the model server answers, compare the budgets with
    /// the window it actually serves.
    Check(check::Args),
    /// Print the effective configuration (defaults < wis.toml < WIS_* < --config) as TOML,
    /// each key with where its value came from.
    Show(show::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Check(args) => check::run(ctx, args),
        Command::Show(args) => show::run(ctx, args),
    }
}
