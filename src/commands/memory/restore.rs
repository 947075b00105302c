//! `wis memory restore`: brings one archived engram back to the active tier.

use crate::base::exit::{Error, Result};
use crate::memory::{EngramId, Memory};

use super::Ctx;

/// Bring an archived engram back to the active tier (its grace starts afresh).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The engram's id, e.g. `e42`.
    pub id: String,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let id = EngramId::parse(&args.id).ok_or_else(|| {
        Error::usage(format!("{:?} is not an engram id", args.id))
            .hint("ids look like e42; `wis memory list --tier archive` shows archived ones")
    })?;
    let config = ctx.config()?;
    let memory = Memory::from_config(&config.embed)?;
    let store = ctx.open("memory restore")?;
    let mut tx = store.write()?;
    let engram = memory.restore(&mut tx, id, ctx.clock.now())?;
    tx.commit()?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&engram);
    }
    ctx.printer.line(format!(
        "{id} is active again (strength {:.2})",
        engram.strength
    ))
}
