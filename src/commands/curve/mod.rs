//! `wis curve`: the experience curve: score on a frozen battery against the creature's age,
//! one arm per model and memory.

mod plot;
mod run;
mod show;

use crate::base::exit::Result;
use crate::wisdom::curve::{CurveTable, results};

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Run the frozen battery on every arm and record a curve point per arm, with its compute.
    ///
    /// Refused unless the creature is paused and no turn is in flight (scripts/run_curve.sh
    /// pauses, runs, and always resumes). Arms run one after another at temperature 0 with a
    /// fixed seed; the run ends by bringing the resident model back, also after an error or
    /// Ctrl-C. Prints each arm's score, calls, prompt tokens read and tokens generated (and
    /// their ratio to the naive small arm's), memory's paired gain, and, with an arm without
    /// memory on another model (naive-large), the wise arm against it and the age it crossed.
    /// With --arm and --min-score, exits 1 when that arm scores below the minimum.
    Run(run::Args),
    /// Print the curve as a table: one row per creature age, one column per arm; then each
    /// arm's compute and the wise arm against naive-large.
    Show(show::Args),
    /// Draw the curve as an SVG: score against creature age, one line per arm, the crossing
    /// of wise-small over naive-large marked.
    Plot(plot::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Run(args) => run::run(ctx, args),
        Command::Show(args) => show::run(ctx, args),
        Command::Plot(args) => plot::run(ctx, args),
    }
}

/// The curve of one battery version from this home's store (`None`: no results for it).
fn load_table(ctx: &Ctx, command: &str, version: Option<&str>) -> Result<Option<CurveTable>> {
    let store = ctx.open_read(command)?;
    let all = results(&store.read()?)?;
    drop(store);
    Ok(CurveTable::build(&all, version))
}

/// Says which other battery versions have results.
fn note_other_versions(ctx: &Ctx, table: &CurveTable) {
    if !table.other_versions.is_empty() {
        ctx.printer.note(format!(
            "battery {} shown; results also exist for: {}",
            table.battery,
            table.other_versions.join(", ")
        ));
    }
}
