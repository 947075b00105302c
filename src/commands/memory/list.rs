//! `wis memory list`: engrams, newest first.

use crate::base::exit::Result;
use crate::memory;

use super::{Ctx, FilterArgs, TierArg};

/// List engrams, newest first, as a table (or JSON).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Which tier to list.
    #[arg(long, value_enum, default_value_t = TierArg::Any)]
    pub tier: TierArg,
    /// Most engrams to show.
    #[arg(long, short = 'n', default_value_t = 20)]
    pub limit: usize,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("memory list")?;
    let engrams = memory::list(&store.read()?, &args.filter.filter(args.tier), args.limit)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&engrams);
    }
    if engrams.is_empty() {
        ctx.printer.note("no engrams");
        return Ok(());
    }
    let rows = engrams
        .iter()
        .map(|e| {
            vec![
                e.id.to_string(),
                e.kind.to_string(),
                e.provenance.to_string(),
                e.tier.to_string(),
                format!("{:.2}", e.strength),
                super::utility_short(e),
                super::date(e.created),
                super::one_line(&e.body, 60),
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "id", "kind", "from", "tier", "strength", "utility", "created", "body",
        ],
        rows,
    )
}
