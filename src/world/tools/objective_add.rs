//! `objective_add`: sets an objective and numbers it; the first open one is the active one.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::objectives::{MAX_OPEN, Objectives};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "objective_add",
        &[ArgSpec::required(
            "text",
            ArgType::String,
            "the objective, in one sentence",
        )],
        "set yourself an objective; the first open one is the active one",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let (mut book, _) = tx.singleton_or_default::<Objectives>()?;
    let text = action.str_arg("text").unwrap_or_default().trim();
    if text.is_empty() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            "the objective is empty",
        ));
    }
    // Setting the same objective again adds nothing to do (seen on the 270M: 29 copies of one
    // objective in 29 ticks, each earning XP).
    if let Some(same) = book.open_saying(text) {
        let msg = format!(
            "objective {} already says that: work on it, or close it with objective_done",
            same.id
        );
        return Ok(Outcome::fail(FailKind::InvalidArgs, msg));
    }
    if book.open_count() >= MAX_OPEN {
        let msg = format!("{MAX_OPEN} objectives are already open");
        return Ok(Outcome::fail(FailKind::TooLarge, msg));
    }
    let id = book.add(text, body.tick);
    let active = book.active().is_some_and(|o| o.id == id);
    tx.set(&book)?;
    let note = if active { "; it is the active one" } else { "" };
    Ok(Outcome::ok(format!("objective {id} set{note}")).with_effect(Effect::Created))
}
