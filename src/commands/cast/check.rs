//! `wis cast check`: redb's integrity and every document of the cast's store.

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::turn::cast::{Cast, registry};

pub fn run(ctx: &Ctx, cast: &Cast) -> Result<()> {
    let mut store = cast.open(ctx.wait, "cast check", &ctx.clock)?;
    let problems = crate::base::store::check_store(&mut store, registry())?;
    if ctx.printer.is_json() {
        ctx.printer
            .json(&serde_json::json!({ "ok": problems.is_empty(), "problems": problems }))?;
    } else if problems.is_empty() {
        ctx.printer.line("ok")?;
    } else {
        for p in &problems {
            ctx.printer.line(format!("{}: {}", p.area, p.detail))?;
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::data(format!(
            "{} problem(s) in the cast's store",
            problems.len()
        )))
    }
}
