//! `wis suite`: the commission suite, the keeper's work measured on names and wordings nobody
//! tuned for (`exam_battery/commissions/README.md`, `scripts/commission_suite.sh`).

mod generate;
mod summary;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Draw a house and a stream of the keeper's errands from a seed.
    ///
    /// Writes OUT/house/ (files, folders, notes with values in them) and OUT/commissions.txt
    /// (one `KIND: TEXT | CHECK` a line, a recall's `| gone PATH` after its check), each check
    /// in the keeper's vocabulary. The wordings come from one half of
    /// `exam_battery/commissions/wordings.toml`: `tune` (what prompt work may look at) or `test`
    /// (what is only ever measured). The same seed draws the same suite. Exit 64 when OUT holds
    /// a house already.
    Generate(generate::Args),
    /// What suite lives came to: per kind, done within the suite's ticks and ticks to done; the
    /// first half of each stream against the second; with --dark, each wise life against its
    /// dark twin, paired errand by errand, with 95% intervals.
    ///
    /// Reads the commissions of each HOME's store (a life `scripts/commission_suite.sh` lived).
    /// `--output-format json` prints the summary and every commission's fate (what the script
    /// writes to HOME/suite.json).
    Summary(summary::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Generate(args) => generate::run(ctx, args),
        Command::Summary(args) => summary::run(ctx, args),
    }
}
