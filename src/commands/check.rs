//! `wis check`: redb's integrity check plus wis's invariants; exit 0, or 65 with the problems.

use crate::base::exit::{Error, Result};
use crate::turn::check::check;

use super::Ctx;

/// Takes no arguments of its own.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let mut store = ctx.open("check")?;
    let problems = check(&mut store)?;
    if ctx.printer.is_json() {
        ctx.printer
            .json(&serde_json::json!({ "ok": problems.is_empty(), "problems": problems }))?;
    } else if problems.is_empty() {
        ctx.printer
            .line(format!("{}: ok", store.path().display()))?;
    } else {
        let rows = problems
            .iter()
            .map(|p| vec![p.area.clone(), p.detail.clone()])
            .collect();
        ctx.printer.table(&["area", "problem"], rows)?;
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::data(format!("{} problem(s) in {}", problems.len(), store.path().display()))
            .hint("restore from a backup or an archive; `wis check --output-format json` lists them for scripts"))
    }
}
