//! `wis workspace`: the workspace's history, for the keeper: what earlier versions of the
//! creature's files are kept, and putting one back.

mod history;
pub(super) mod restore;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the paths with earlier versions kept, or one path's versions.
    History(history::Args),
    /// Put a file back as an earlier version held it (refused while a turn is in flight).
    Restore(restore::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::History(args) => history::run(ctx, args),
        Command::Restore(args) => restore::run(ctx, args),
    }
}

/// A size for people: bytes, KiB or MiB.
fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// `1 file`, `3 files`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
