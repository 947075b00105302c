//! `wis commission list` and `show`.

use crate::base::exit::Result;
use crate::turn::keeper::{self, Shown};

use super::{Ctx, pairs, row};

/// The commissions on the desk (open, rejected, waiting for you), newest first; with --all
/// every one kept, whatever became of it. `--output-format json` gives one object per line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Every commission kept (done, confirmed, dropped, expired too).
    #[arg(long)]
    pub all: bool,
}

/// One commission whole.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The commission's number (`3` or `#3`).
    #[arg(value_name = "ID", value_parser = parse_id)]
    pub id: u64,
}

/// Reads `3` or `#3`.
pub fn parse_id(text: &str) -> std::result::Result<u64, String> {
    text.trim()
        .trim_start_matches('#')
        .parse()
        .map_err(|_| format!("{text:?} is not a commission number"))
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("commission list")?;
    let shown = keeper::list(&store.read()?, args.all)?;
    drop(store);
    if ctx.printer.is_json() {
        for s in &shown {
            ctx.printer.json_line(s)?;
        }
        return Ok(());
    }
    if shown.is_empty() {
        ctx.printer.note(if args.all {
            "no commissions yet: `wis commission add TEXT`"
        } else {
            "no commission is open: `wis commission add TEXT` gives one (`--all` shows past ones)"
        });
        return Ok(());
    }
    let rows = shown.iter().map(|s| row(s.id, &s.commission)).collect();
    ctx.printer
        .table(&["id", "status", "ticks", "check", "commission"], rows)
}

pub fn show(ctx: &Ctx, args: ShowArgs) -> Result<()> {
    let store = ctx.open_read("commission show")?;
    let c = keeper::find(&store.read()?, args.id)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            id: args.id,
            commission: c,
        });
    }
    ctx.printer.pairs(pairs(args.id, &c))
}
