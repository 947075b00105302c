//! `note_append`: adds a note to a notebook, making the notebook if it is new (up to
//! [`MAX_NOTEBOOKS`]). The first open note of `plan` is the creature's current step. A note
//! whose text is already open in that notebook is not written again, and the answer says so.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::{self, MAX_NOTEBOOKS, Notebook};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::notes::{NOTEBOOK_ARG, notebook_arg};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "note_append",
        &[
            NOTEBOOK_ARG,
            ArgSpec::required("text", ArgType::String, "one note"),
        ],
        "add a note to a notebook (the first open note of `plan` is the current step)",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match notebook_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    let existing = tx.get::<Notebook>(&name)?;
    let text = action.str_arg("text").unwrap_or_default();
    if text.trim().is_empty() {
        return Ok(Outcome::fail(FailKind::InvalidArgs, "the note is empty"));
    }
    if existing.is_none() && tx.count::<Notebook>()? as usize >= MAX_NOTEBOOKS {
        return Ok(Outcome::fail(
            FailKind::TooLarge,
            format!("you already keep {MAX_NOTEBOOKS} notebooks"),
        ));
    }
    let mut book = notebooks::load(tx, &name)?;
    if let Some(n) = book.open_with(text) {
        // Already written and still open: nothing new, and it says so.
        let said = Outcome::ok(format!("{name} {n} already says that and is still open"));
        return Ok(said.with_effect(Effect::Unchanged));
    }
    let n = book.append(text, body.now);
    notebooks::save(tx, &book)?;
    Ok(Outcome::ok(format!("noted as {name} {n}")).with_effect(Effect::Created))
}
