//! `wis pause` and `wis resume`: stop and restart the creature's ticks.

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::Persona;

use super::Ctx;

/// Takes no arguments of its own.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args, pause: bool) -> Result<()> {
    let store = ctx.open(if pause { "pause" } else { "resume" })?;
    let mut tx = store.write()?;
    let mut persona: Persona = tx.singleton()?;
    let changed = persona.paused != pause;
    persona.paused = pause;
    persona.paused_at = pause.then(|| {
        persona
            .paused_at
            .filter(|_| !changed)
            .unwrap_or(ctx.clock.now())
    });
    if changed {
        tx.set(&persona)?;
        tx.commit()?;
    }
    let state = if pause { "paused" } else { "live" };
    if ctx.printer.is_json() {
        return ctx.printer.json(
            &serde_json::json!({ "name": persona.name, "state": state, "changed": changed }),
        );
    }
    let already = if changed { "" } else { " (already)" };
    ctx.printer
        .line(format!("{} is {state}{already}", persona.name))
}
