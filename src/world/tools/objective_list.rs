//! `objective_list`: every objective, open, done and blocked.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::objectives::Objectives;
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "objective_list",
        &[],
        "list your objectives: open, done and blocked",
    ),
    run: Run::Store(run),
};

fn run(_: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let (book, _) = tx.singleton_or_default::<Objectives>()?;
    let lines: Vec<String> = book.items.iter().map(|o| o.line()).collect();
    Ok(Outcome::ok(if lines.is_empty() {
        "no objectives yet".to_string()
    } else {
        lines.join("\n")
    }))
}
