//! `wis news`: what happened in the creature's life that the operator would want to hear.

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::news::NewsItem;

use super::Ctx;

/// Show the newest news items, oldest first: units granted or held, quests issued, passed
/// and failed. `--output-format json` gives one object per line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many of the newest items to show.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 20)]
    pub last: usize,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("news")?;
    let items = store.read()?.ring::<NewsItem>(Some(args.last))?;
    drop(store);
    if ctx.printer.is_json() {
        for (_, item) in &items {
            ctx.printer.json_line(item)?;
        }
        return Ok(());
    }
    if items.is_empty() {
        ctx.printer.note("no news yet");
        return Ok(());
    }
    let rows = items
        .into_iter()
        .map(|(_, n)| {
            vec![
                n.tick.to_string(),
                rfc3339(n.at),
                n.kind.as_str().to_string(),
                n.text,
            ]
        })
        .collect();
    ctx.printer.table(&["tick", "time", "what", "news"], rows)
}
