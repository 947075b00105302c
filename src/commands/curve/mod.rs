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
    /// Run the frozen battery on every arm and record a curve point per arm.
    ///
    /// Refused unless the creature is paused and no turn is in flight (scripts/run_curve.sh
    /// pauses, runs, and always resumes). Arms run one after another at temperature 0 with a
    /// fixed seed; the run ends by bringing the resident model back, also after an error or
    /// Ctrl-C. With --arm and --min-score, exits 1 when that arm scores below the minimum.
    Run(run::Args),
    /// Print the curve as a table: one row per creature age, one column per arm.
    Show(show::Args),
    /// Draw the curve as an SVG: score against creature age, one line per arm.
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
