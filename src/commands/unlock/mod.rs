//! `wis unlock`: the creature's body, unit by unit: what it has, what is held, what earns the
//! rest; and the milestone adjudicator run by hand.

mod grant;
mod list;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Each unit of the body in ladder order: granted, pending (earned, its organ silent) or
    /// locked, with its tools and its evidence.
    List(list::Args),
    /// Run the milestone adjudicator now and grant what the evidence has earned (idempotent);
    /// or grant one unit on the operator's authority, recorded as such.
    Grant(grant::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(ctx, args),
        Command::Grant(args) => grant::run(ctx, args),
    }
}
