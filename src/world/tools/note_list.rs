//! `note_list`: every notebook with its open and done counts.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::Notebook;
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "note_list",
        &[],
        "list notebooks with their open-note counts",
    ),
    run: Run::Store(run),
};

fn run(_: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let books: Vec<(String, Notebook)> = tx.all()?;
    if books.is_empty() {
        return Ok(Outcome::ok("no notebooks yet"));
    }
    let lines: Vec<String> = books
        .iter()
        .map(|(name, b)| {
            format!(
                "{name}: {} open, {} done",
                b.open_count(),
                b.notes.len() - b.open_count()
            )
        })
        .collect();
    Ok(Outcome::ok(lines.join("\n")))
}
