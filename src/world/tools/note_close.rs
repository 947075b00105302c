//! `note_close`: marks a note of a notebook done, by its number from `note_read`.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::{self, ClosedBy, Closure, Notebook};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::notes::{NOTEBOOK_NAME_ARG, no_notebook, notebook_arg};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "note_close",
        &[
            NOTEBOOK_NAME_ARG,
            ArgSpec::required(
                "number",
                ArgType::Integer,
                "the note's number from note_read",
            ),
        ],
        "mark a note done",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match notebook_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    let Some(mut book) = tx.get::<Notebook>(&name)? else {
        return Ok(no_notebook(&name));
    };
    let n = action
        .args
        .get("number")
        .and_then(|v| v.as_u64())
        .unwrap_or(0) as u32;
    let closure = Closure {
        tick: body.tick,
        at: body.now,
        by: ClosedBy::Creature,
        episode: None,
        why: String::new(),
    };
    match book.close_by(n, closure) {
        None => Ok(Outcome::fail(
            FailKind::NotFound,
            format!("{name} has no note {n}"),
        )),
        Some(false) => {
            let said = Outcome::ok(format!("{name} {n} was already done"));
            Ok(said.with_effect(Effect::Unchanged))
        }
        Some(true) => {
            notebooks::save(tx, &book)?;
            let effect = if name == notebooks::PLAN {
                Effect::StepClosed
            } else {
                Effect::Changed
            };
            Ok(Outcome::ok(format!("{name} {n} done")).with_effect(effect))
        }
    }
}
