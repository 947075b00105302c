//! `wis replay`: counterfactual replay on its own, and its history.
//!
//! `wis replay` draws recorded failures with verified fixes and closed predictions, puts each
//! to the model in its rebuilt context with today's recall, scores the answers against the
//! record (nothing is executed) and records the report; `wis replay history` shows the reports and draws the
//! learned rate per replay.

mod history;
mod run;

use crate::base::exit::Result;

use super::Ctx;

/// Arguments of `wis replay`: a replay now, or its history.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub run: run::RunArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Show every recorded replay: counts, learned rate, seed; --plot draws the rate as SVG.
    History(history::Args),
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    match args.command {
        Some(Command::History(a)) => history::run(ctx, a),
        None => run::run(ctx, args.run),
    }
}
