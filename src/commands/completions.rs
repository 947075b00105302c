//! `wis completions SHELL`: print a completion script (the same ones as `completions/`).

use crate::base::exit::Result;

use super::Ctx;

/// Print a shell completion script to stdout.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    ctx.printer
        .line(crate::commands::docs::completion(args.shell).trim_end())
}
