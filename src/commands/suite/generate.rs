//! `wis suite generate`.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::wisdom::suite::{self, Half};

use super::Ctx;

/// Arguments of `wis suite generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The seed the house's names, paths and values and the errands' order are drawn from.
    #[arg(long, value_name = "N")]
    pub seed: u64,
    /// Which half of the wordings to draw from: `tune` (prompt work may look at it), `test`
    /// (only ever measured) or `all`.
    #[arg(long, value_enum, default_value_t = Half::Test)]
    pub half: Half,
    /// How many errands, 1 to 100 (the kinds come round in rounds, each once a round).
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub count: usize,
    /// Where to write house/ and commissions.txt (a new or empty directory).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let drawn = suite::generate(args.seed, args.half, args.count)?;
    drawn.write(&args.out)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&drawn);
    }
    ctx.printer.line(format!(
        "{} errands of {} kinds about a house of {} files: {}",
        drawn.errands.len(),
        drawn
            .errands
            .iter()
            .map(|e| e.kind.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        drawn.files.len(),
        args.out.join("commissions.txt").display()
    ))
}
