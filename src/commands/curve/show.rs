//! `wis curve show`: the curve as a table (age × arm), or JSON.

use crate::base::exit::Result;
use crate::wisdom::curve::{CurveTable, Readout};

use super::{Ctx, load_table, note_other_versions};

/// Print the curve of one battery version: one row per creature age (ticks, sleeps), one
/// column per arm, each cell the arm's mean task score (0 to 1) with its 95% bootstrap
/// interval over the tasks; then, per age, what memory bought (each arm with live memory over
/// the arm without on the same model, paired over the tasks), or "no separation" when that
/// interval holds 0; each arm's compute at the newest age (calls, prompt tokens read, tokens
/// generated, and its tokens over the naive small arm's); and, with an arm without memory on
/// another model, the wise arm against it and the age it crossed.
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
        return ctx.printer.json(&Json {
            readouts: table.readouts(),
            table: &table,
        });
    }
    note_other_versions(ctx, &table);
    ctx.printer.line(format!("battery {}", table.battery))?;
    ctx.printer.table(&table.header(), table.text_rows())?;
    for line in table.gain_lines() {
        ctx.printer.line(line)?;
    }
    if let Some(newest) = table.rows.last().filter(|_| table.has_compute()) {
        ctx.printer
            .line(format!("compute at {} ticks", newest.age.ticks))?;
        ctx.printer
            .table(&CurveTable::COMPUTE_HEADER, table.compute_rows())?;
    }
    for line in table.readout_lines() {
        ctx.printer.line(line)?;
    }
    Ok(())
}

/// The curve as JSON: the table, and the seed's readout over its ages.
#[derive(serde::Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    table: &'a CurveTable,
    readouts: Vec<Readout>,
}
