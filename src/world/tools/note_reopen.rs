//! `note_reopen`: opens a closed note of a notebook again, by its number from `note_read`: the
//! way back from a step closed in error. A note whose text is already open elsewhere in the
//! notebook stays closed, so a plan never holds the same open text twice.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::{self, Notebook};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::notes::{NOTEBOOK_NAME_ARG, no_notebook, notebook_arg};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "note_reopen",
        &[
            NOTEBOOK_NAME_ARG,
            ArgSpec::required(
                "number",
                ArgType::Integer,
                "the note's number from note_read",
            ),
        ],
        "open a closed note again",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
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
    let open_before = book.note(n).map(|note| note.open);
    match (open_before, book.reopen(n)) {
        (None, _) | (_, None) => Ok(Outcome::fail(
            FailKind::NotFound,
            format!("{name} has no note {n}"),
        )),
        (Some(true), _) => {
            let said = Outcome::ok(format!("{name} {n} is already open"));
            Ok(said.with_effect(Effect::Unchanged))
        }
        (Some(false), Some(false)) => {
            let said = Outcome::ok(format!(
                "{name} {n} stays closed: an open note already says the same"
            ));
            Ok(said.with_effect(Effect::Unchanged))
        }
        (Some(false), Some(true)) => {
            notebooks::save(tx, &book)?;
            Ok(Outcome::ok(format!("{name} {n} is open again")).with_effect(Effect::Changed))
        }
    }
}
