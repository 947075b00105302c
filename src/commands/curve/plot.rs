//! `wis curve plot`: the curve as a standalone SVG, written atomically.

use std::path::PathBuf;

use crate::base::exit::{Error, Result};
use crate::base::home::write_atomic_public;
use crate::wisdom::curve::svg;

use super::{Ctx, load_table, note_other_versions};

/// Draw score against creature age (ticks), one line per arm, as an SVG file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The battery version to draw (a battery file's stem, e.g. v1) [default: the version of
    /// the newest result].
    #[arg(value_name = "VERSION")]
    pub battery: Option<String>,

    /// Where to write the SVG (replaced atomically).
    #[arg(long, value_name = "FILE", default_value = "curve.svg")]
    pub out: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let table = load_table(ctx, "curve plot", args.battery.as_deref())?.ok_or_else(|| {
        let what = match &args.battery {
            Some(v) => format!("no curve results for battery {v} to plot"),
            None => "no curve results to plot".to_string(),
        };
        Error::no_input(what).hint("`wis curve run` records them; `wis curve show` lists them")
    })?;
    note_other_versions(ctx, &table);
    write_atomic_public(&args.out, svg::render(&table).as_bytes())?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "out": args.out,
            "battery": table.battery,
            "arms": table.arms,
            "points": table.rows.len(),
        }));
    }
    ctx.printer.line(format!(
        "wrote {} (battery {}, {} arm(s), {} age(s))",
        args.out.display(),
        table.battery,
        table.arms.len(),
        table.rows.len()
    ))
}
