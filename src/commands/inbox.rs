//! `wis inbox`: what the creature said to the keeper.

use std::time::Duration;

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::creature::commissions::Said;
use crate::turn::keeper;

use super::Ctx;

/// What the creature said to you: its replies, with the tick, the time and the commission each
/// answers, oldest first. News (grants, quests, demotions) is `wis news`.
/// `--output-format json` gives one object per line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only what it said at this tick or later.
    #[arg(long, value_name = "TICK", default_value_t = 0)]
    pub since: u64,
    /// How many of the newest replies to show.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 50)]
    pub last: usize,
    /// Keep watching, printing each new reply as it comes (Ctrl-C stops).
    #[arg(long, short = 'f')]
    pub follow: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let mut next = 0u64;
    let mut first = true;
    loop {
        let store = ctx.open_read("inbox")?;
        let said = keeper::inbox(&store.read()?, args.since, Some(args.last))?;
        drop(store);
        let fresh: Vec<(u64, Said)> = said.into_iter().filter(|(seq, _)| *seq >= next).collect();
        if let Some((seq, _)) = fresh.last() {
            next = seq + 1;
        }
        if ctx.printer.is_json() {
            for (_, s) in &fresh {
                ctx.printer.json_line(s)?;
            }
        } else if !fresh.is_empty() {
            let rows = fresh
                .iter()
                .map(|(_, s)| {
                    vec![
                        s.tick.to_string(),
                        rfc3339(s.at),
                        s.commission.map(|c| format!("#{c}")).unwrap_or_default(),
                        s.text.clone(),
                    ]
                })
                .collect();
            ctx.printer
                .table(&["tick", "time", "answers", "the creature said"], rows)?;
        } else if first && !args.follow {
            ctx.printer.note(
                "the creature has said nothing to you yet (`wis commission add` gives it work)",
            );
        }
        first = false;
        if !args.follow {
            return Ok(());
        }
        std::thread::sleep(Duration::from_secs(2));
    }
}
