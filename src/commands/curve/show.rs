//! `wis curve show`: the curve as a table (age × arm), or JSON.

use crate::base::exit::Result;

use super::{Ctx, load_table, note_other_versions};

/// Print the curve of one battery version: one row per creature age (ticks, sleeps), one
/// column per arm, each cell the arm's mean task score (0 to 1) with its 95% bootstrap
/// interval over the tasks; then, per age, what memory bought (each arm with live memory over
/// the arm without on the same model, paired over the tasks), or "no separation" when that
/// interval holds 0.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The battery version to show (a battery file's stem, e.g. v1) [default: the version of
    /// the newest result].
    #[arg(value_name = "VERSION")]
    pub battery: Option<String>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let table = load_table(ctx, "curve show", args.battery.as_deref())?;
    let Some(table) = table else {
        if ctx.printer.is_json() {
            return ctx.printer.json(&serde_json::Value::Null);
        }
        ctx.printer.note(match &args.battery {
            Some(v) => format!("no curve results for battery {v}"),
            None => "no curve results yet; `wis curve run` records them".to_string(),
        });
        return Ok(());
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&table);
    }
    note_other_versions(ctx, &table);
    ctx.printer.line(format!("battery {}", table.battery))?;
    ctx.printer.table(&table.header(), table.text_rows())?;
    for line in table.gain_lines() {
        ctx.printer.line(line)?;
    }
    Ok(())
}
