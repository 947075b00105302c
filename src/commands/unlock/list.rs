//! `wis unlock list`: every unit, its state and its evidence.

use crate::base::exit::Result;
use crate::turn::progression::unlock;

use super::Ctx;

/// Show every unit of the body in ladder order with its state, its tools and its evidence;
/// a pending unit says why it is held. `--output-format json` for scripts.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let store = ctx.open_read("unlock list")?;
    let units = unlock::list(&store.read()?, ctx.clock.now())?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&units);
    }
    let rows = units
        .iter()
        .map(|u| {
            let since = match (u.tick, &u.by) {
                (Some(t), Some(by)) => format!("tick {t}, {by}"),
                _ => String::new(),
            };
            let evidence = match &u.held {
                Some(why) => format!("{}; held: {why}", u.evidence),
                None => u.evidence.clone(),
            };
            let mut tools = u.tools.join(", ");
            if !u.aliases.is_empty() {
                tools.push_str(&format!(" (also {})", u.aliases.join(", ")));
            }
            vec![
                format!("{} {}", u.unit, u.name),
                u.state.to_string(),
                since,
                tools,
                evidence,
            ]
        })
        .collect();
    ctx.printer
        .table(&["unit", "state", "since", "tools", "evidence"], rows)
}
