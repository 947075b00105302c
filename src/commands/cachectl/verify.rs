//! `wis cachectl verify`: check a CultCache file; a summary, or exit 65 with the problems.

use crate::turn::documents::registry;
use std::path::PathBuf;

use crate::base::cultcache;
use crate::base::exit::{Error, Result};

use super::Ctx;

/// The arguments of `wis cachectl verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The CultCache file.
    pub file: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let bytes = cultcache::read_input(&args.file)?;
    let report = cultcache::verify(&bytes, registry())?;
    if ctx.printer.is_json() {
        ctx.printer.json(&report)?;
    } else {
        let rows = report
            .types
            .iter()
            .map(|t| {
                vec![
                    t.type_name.clone(),
                    t.schema_id.clone(),
                    t.records.to_string(),
                    t.bytes.to_string(),
                    if t.wis_type { "yes" } else { "no" }.to_string(),
                ]
            })
            .collect();
        ctx.printer
            .table(&["type", "schemaId", "records", "bytes", "wis type"], rows)?;
        if !report.problems.is_empty() {
            let rows = report
                .problems
                .iter()
                .map(|p| vec![p.record.to_string(), p.key.clone(), p.problem.clone()])
                .collect();
            ctx.printer.table(&["record", "key", "problem"], rows)?;
        }
        ctx.printer.line(format!(
            "{}: {}, {} records, {} bytes: {}",
            args.file.display(),
            report.format,
            report.records,
            report.bytes,
            match (report.ok(), report.foreign_records, report.opaque_payloads) {
                (false, _, _) => "FAILED".to_string(),
                (true, 0, _) => "ok".to_string(),
                (true, n, 0) => format!("ok ({n} records of types wis does not import)"),
                (true, n, m) => format!(
                    "ok ({n} records of types wis does not import; {m} of their payloads are \
                     not MessagePack, a custom formatter's, left unchecked)"
                ),
            }
        ))?;
    }
    if report.ok() {
        return Ok(());
    }
    Err(Error::data(format!(
        "{} of {} records in {} do not check out",
        report.problem_count,
        report.records,
        args.file.display()
    ))
    .hint("the table (or --output-format json) names each record and what is wrong"))
}
