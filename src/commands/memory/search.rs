//! `wis memory search`: the engrams most similar to a text.

use crate::base::exit::Result;
use crate::memory::Route;

use super::{Ctx, FilterArgs, TierArg};

/// Recall by similarity, as the creature would: through the Qdrant mirror when it is
/// configured and in sync, else by the exact scan of the store.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The text to search for.
    pub query: String,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Which tier to search.
    #[arg(long, value_enum, default_value_t = TierArg::Active)]
    pub tier: TierArg,
    /// How many engrams to return.
    #[arg(short = 'k', long = "top", value_name = "N", default_value_t = 5)]
    pub k: usize,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open_read("memory search")?;
    let filter = args.filter.filter(args.tier);
    let recall = memory.recall(&store.read()?, &args.query, &filter, args.k)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&recall);
    }
    if recall.other_space > 0 {
        ctx.printer.note(format!(
            "{} engrams were embedded by another embedder and left out: `wis memory reembed`",
            recall.other_space
        ));
    }
    if recall.hits.is_empty() {
        ctx.printer.note("nothing similar");
        return Ok(());
    }
    if recall.route == Route::Qdrant {
        ctx.printer.note("answered by the qdrant mirror");
    }
    let rows = recall
        .hits
        .iter()
        .map(|h| {
            vec![
                h.id.to_string(),
                format!("{:.3}", h.sim),
                h.engram.kind.to_string(),
                h.engram.provenance.to_string(),
                h.engram.tier.to_string(),
                super::one_line(&h.engram.body, 70),
            ]
        })
        .collect();
    ctx.printer
        .table(&["id", "sim", "kind", "from", "tier", "body"], rows)
}
