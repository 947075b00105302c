//! `delegate`: hands one bounded job to a deeper mind, capacity one. The tool only records the
//! job; it is worked at the next tick boundary and its digest comes back into the stream
//! ([`crate::world::delegate`]).

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::delegate::{Delegation, out};
use crate::world::dispatch::Body;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "delegate",
        &[ArgSpec::required(
            "task",
            ArgType::String,
            "a bounded job, stated completely: it is worked on without you",
        )],
        "hand one job to a deeper mind; its digest comes back on a later turn",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let task = action.str_arg("task").unwrap_or_default().trim();
    if task.is_empty() {
        return Ok(Outcome::fail(FailKind::InvalidArgs, "the task is empty"));
    }
    if let Some((seq, job)) = out(tx)? {
        let msg = format!(
            "job #{seq} (from tick {}) is still out; one job at a time",
            job.tick
        );
        return Ok(Outcome::fail(FailKind::TooLarge, msg));
    }
    let seq = tx.push(&Delegation {
        tick: body.tick,
        at: body.now,
        task: task.to_string(),
        attempts: 0,
        digest: None,
        failed: None,
        returned_tick: None,
    })?;
    Ok(Outcome::ok(format!(
        "job #{seq} is handed over; its digest comes back on a later turn"
    ))
    .with_effect(Effect::Changed))
}
