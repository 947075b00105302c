//! `wis cachectl`: the creature's store as a CultCache file, and any CultCache file as JSON.

mod export;
mod import;
mod project;
mod verify;

use crate::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print a CultCache file as JSON: one object per record (vectors left out).
    Project(project::Args),
    /// Write the creature's store as a CultCache v1 snapshot.
    Export(export::Args),
    /// Read a CultCache file into the creature's store: every record or none.
    Import(import::Args),
    /// Check a CultCache file: structure, catalog, payloads (exit 65 when it fails).
    Verify(verify::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Project(args) => project::run(ctx, args),
        Command::Export(args) => export::run(ctx, args),
        Command::Import(args) => import::run(ctx, args),
        Command::Verify(args) => verify::run(ctx, args),
    }
}
