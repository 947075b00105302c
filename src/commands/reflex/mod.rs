//! `wis reflex`: the reflexes the ledger's streaks promoted (design §4.1): list and show them
//! with their provenance and the metric, run the promotion scan now, arm and disarm them.

mod arm;
mod list;
mod scan;
mod show;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Every reflex: id, situation, action, streak, status, fired/failed, last firing; and the
    /// ticks resolved below the model per day.
    List(list::Args),
    /// One reflex: its trigger (situation and guards), action, provenance (the streak's
    /// episodes and their outcomes), who armed it and when, its record.
    Show(show::Args),
    /// Run the promotion scan now over the episodes since the last scan.
    Scan(scan::Args),
    /// Arm a proposed or disarmed reflex on the operator's word (never past
    /// `[wisdom] reflex_max_armed`: exit 65 naming the armed ones).
    Arm(arm::Args),
    /// Disarm a reflex on the operator's word.
    Disarm(arm::DisarmArgs),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::List(args) => list::run(ctx, args),
        Command::Show(args) => show::run(ctx, args),
        Command::Scan(args) => scan::run(ctx, args),
        Command::Arm(args) => arm::run(ctx, args),
        Command::Disarm(args) => arm::disarm(ctx, args),
    }
}

/// Says on stderr that reflexes are off, so a reader knows nothing fires.
fn note_off(ctx: &Ctx, enabled: bool) {
    if !enabled {
        ctx.printer
            .note("reflexes are off ([wisdom] reflexes_enabled = false): nothing fires");
    }
}
