//! `wis replay history`: every recorded replay as a table or JSON, and the learned rate per
//! replay as an SVG.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::base::home::write_atomic_public;
use crate::wisdom::replay::history::{plot, records};

use super::Ctx;

/// Show the replay history: one row per replay, oldest first.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Also draw the learned rate per replay as an SVG into FILE (replaced atomically).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("replay history")?;
    let all = records(&store.read()?)?;
    drop(store);
    if let Some(out) = &args.plot {
        write_atomic_public(out, plot(&all).as_bytes())?;
        ctx.printer.note(format!("wrote {}", out.display()));
    }
    if ctx.printer.is_json() {
        return ctx.printer.json(&all);
    }
    if all.is_empty() {
        ctx.printer
            .note("no replays yet; `wis replay` runs one, and sleep does with replay_enabled");
        return Ok(());
    }
    let rows = all
        .iter()
        .map(|r| {
            vec![
                r.tick.to_string(),
                r.sleep.map_or("-".into(), |s| s.to_string()),
                r.seed.to_string(),
                r.learned.to_string(),
                r.unlearned.to_string(),
                r.divergent.to_string(),
                r.malformed.to_string(),
                r.skipped.to_string(),
                r.learned_rate()
                    .map_or("-".into(), |rate| format!("{rate:.2}")),
                r.skipped_why.clone().unwrap_or_default(),
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "tick",
            "sleep",
            "seed",
            "learned",
            "unlearned",
            "divergent",
            "malformed",
            "skipped",
            "rate",
            "note",
        ],
        rows,
    )
}
