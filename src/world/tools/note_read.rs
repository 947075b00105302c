//! `note_read`: one notebook's notes, numbered, open and closed.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::Notebook;
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::notes::{NOTEBOOK_NAME_ARG, no_notebook, notebook_arg};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "note_read",
        &[NOTEBOOK_NAME_ARG],
        "read a notebook's notes, numbered, open and closed",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match notebook_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    Ok(match tx.get::<Notebook>(&name)? {
        Some(book) => Outcome::ok(book.render()),
        None => no_notebook(&name),
    })
}
