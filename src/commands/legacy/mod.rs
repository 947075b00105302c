//! `wis legacy`: lineage (design §4.6): export the creature's validated corpus as a heirloom
//! volume, import one or many volumes (and an operator's letter) into a newborn, and show the
//! generational metrics.

mod export;
mod import;
mod lineage;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Write the creature's validated corpus as a heirloom volume.
    ///
    /// Guardrails with positive utility, procedures, high-utility facts, scars and the
    /// reflexes this body earned, each with its provenance, after a header of the creature's
    /// life. Written atomically to `<DIR>/<name>-<YYYYMMDD>.jsonl`; a second export the same
    /// day is refused (64) unless --force. Exit 75 while a turn is in flight or the store is
    /// held past --wait.
    Export(export::Args),
    /// Import heirloom volumes (and a letter) into a newborn, discounted and to be re-earned.
    ///
    /// Every item becomes a memory marked inherited at half its ancestor's strength (a
    /// letter's nuggets: told), decaying faster until this creature's own settlements verify
    /// it; inherited reflexes arrive as `inherited`, armed only after a fresh streak of this
    /// body's own successes proposes them. Several volumes merge: near-duplicates become one
    /// item with every ancestor's provenance and the summed evidence; reflexes that answer one
    /// situation differently are both kept and flagged. A volume imported before is passed
    /// over. A malformed volume or letter is refused whole (65, naming the file and line).
    Import(import::Args),
    /// The generational metrics: per generation, ticks to U2, ticks to the first passed quest
    /// and an arm's curve score; as a table, JSON, or an SVG with one line per generation.
    Lineage(lineage::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Export(args) => export::run(ctx, args),
        Command::Import(args) => import::run(ctx, args),
        Command::Lineage(args) => lineage::run(ctx, args),
    }
}
