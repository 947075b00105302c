//! `wis check`: redb's integrity check plus wis's invariants, and with `--schemas` every
//! document that has a published JSON Schema validated against it; exit 0, or 65 with the
//! problems.

use serde::Serialize;

use crate::base::exit::{Error, Result};
use crate::base::output::one_line;
use crate::base::store::Problem;
use crate::turn::check::{check, repair};
use crate::turn::schemas::{self, TypeReport};

use super::Ctx;

/// Check the store: redb's integrity, every document decodes as its registered type, rings
/// within their caps, no half-recorded turn, nothing in quarantine. Exit 0 when healthy, 65
/// with the problems.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// First set aside every document that does not decode and move everything in quarantine
    /// out of the store, into `<home>/quarantine/<time>/` (the raw bytes and an index.jsonl
    /// saying what each was and why), then check.
    #[arg(long)]
    pub repair: bool,
    /// Also validate every stored document that has a published JSON Schema (the `schemas/`
    /// folder of the source, built into wis): the heartbeat state (wis.persona.v1), the
    /// pending turn (wis.lease.v1) and the sleep receipts (wis.sleep_receipt.v1), each
    /// projected to JSON as `wis cachectl project` writes it. Says per type how many were
    /// checked and, for each that fails, the path of the failing value; 65 when any fails.
    /// A cast's schedule, receipts, appraisals and proposals: `wis cast check --schemas`.
    #[arg(long)]
    pub schemas: bool,
}

/// The report, for `--output-format json`.
#[derive(Serialize)]
struct Report<'a> {
    ok: bool,
    problems: &'a [Problem],
    #[serde(skip_serializing_if = "Option::is_none")]
    schemas: Option<&'a [TypeReport]>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let mut store = ctx.open("check")?;
    if args.repair {
        let done = repair(&store, &ctx.home, ctx.clock.now())?;
        match &done.dir {
            Some(dir) => ctx.printer.note(format!(
                "repair: {} damaged document(s) set aside, {} moved to {}",
                done.set_aside,
                done.moved,
                dir.display()
            )),
            None => ctx
                .printer
                .note("repair: nothing was damaged or in quarantine"),
        }
    }
    let problems = check(&mut store)?;
    let reports = if args.schemas {
        let registry = crate::turn::documents::registry();
        Some(schemas::check(&store.read()?, registry, schemas::HOME)?)
    } else {
        None
    };
    let place = store.path().display().to_string();
    let failed = print(ctx, &format!("{place}: ok"), &problems, reports.as_deref())?;
    if !problems.is_empty() {
        return Err(Error::data(format!("{} problem(s) in {place}", problems.len())).hint(
            "`wis check --repair` moves damaged documents out of the store (the creature goes on \
             without them); for damage redb reports, restore from a backup or an archive",
        ));
    }
    if failed > 0 {
        return Err(schema_error(failed, &place));
    }
    Ok(())
}

/// Prints a store's check: `ok_line` when it has no problems, else a row per problem; then,
/// when they were checked, the schema reports. Returns the documents that failed their
/// schemas.
pub(super) fn print(
    ctx: &Ctx,
    ok_line: &str,
    problems: &[Problem],
    reports: Option<&[TypeReport]>,
) -> Result<u64> {
    let failed = reports.map_or(0, |r| r.iter().map(|r| r.failed).sum());
    if ctx.printer.is_json() {
        ctx.printer.json(&Report {
            ok: problems.is_empty() && failed == 0,
            problems,
            schemas: reports,
        })?;
        return Ok(failed);
    }
    if problems.is_empty() {
        ctx.printer.line(ok_line)?;
    } else {
        let rows = problems
            .iter()
            .map(|p| vec![p.area.clone(), p.detail.clone()])
            .collect();
        ctx.printer.table(&["area", "problem"], rows)?;
    }
    if let Some(reports) = reports {
        print_schemas(ctx, reports)?;
    }
    Ok(failed)
}

/// The refusal (65) when `failed` documents of the store at `place` fail their schemas.
pub(super) fn schema_error(failed: u64, place: &str) -> Error {
    Error::data(format!(
        "{failed} document(s) in {place} fail their published schemas"
    ))
    .hint(
        "each path says where the value is wrong; `wis cachectl export` and `wis cachectl \
         project` show the documents as JSON",
    )
}

/// The schema reports as text: a row per type, then a row per failing value.
fn print_schemas(ctx: &Ctx, reports: &[TypeReport]) -> Result<()> {
    let rows = reports
        .iter()
        .map(|r| {
            vec![
                r.document.to_string(),
                r.schema.to_string(),
                r.checked.to_string(),
                r.failed.to_string(),
            ]
        })
        .collect();
    ctx.printer
        .table(&["document", "schema", "checked", "failed"], rows)?;
    let mut rows = Vec::new();
    for r in reports {
        for f in &r.failures {
            for v in &f.violations {
                let at = if v.path.is_empty() { "/" } else { &v.path };
                rows.push(vec![
                    r.document.to_string(),
                    one_line(&f.key, 40),
                    one_line(at, 80),
                    one_line(&v.problem, 160),
                ]);
            }
        }
        if r.failed > r.failures.len() as u64 {
            rows.push(vec![
                r.document.to_string(),
                String::new(),
                String::new(),
                format!(
                    "and {} more document(s)",
                    r.failed - r.failures.len() as u64
                ),
            ]);
        }
    }
    if rows.is_empty() {
        return Ok(());
    }
    ctx.printer
        .table(&["document", "key", "at", "problem"], rows)
}
