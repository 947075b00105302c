//! `recall`: searches the active engrams by similarity and answers with the [`RECALL_K`] most
//! alike, best first.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, cut_middle};
use crate::memory::Filter;
use crate::world::dispatch::Body;
use crate::world::memory_tools::{open, refusal};

/// Engrams `recall` returns.
pub const RECALL_K: usize = 5;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "recall",
        &[ArgSpec::required(
            "query",
            ArgType::String,
            "what to look for, in plain words",
        )],
        "search memory for what is most like the query",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let memory = match open(body.memory) {
        Ok(m) => m,
        Err(refused) => return refused,
    };
    let query = action.str_arg("query").unwrap_or_default().trim();
    if query.is_empty() {
        return Ok(Outcome::fail(FailKind::InvalidArgs, "say what to look for"));
    }
    let found = match memory.recall(tx, query, &Filter::active(), RECALL_K) {
        Ok(found) => found,
        Err(e) => return refusal(e),
    };
    if found.hits.is_empty() {
        return Ok(Outcome::ok("nothing like that is in memory"));
    }
    let lines: Vec<String> = found
        .hits
        .iter()
        .map(|h| {
            let body = cut_middle(&h.engram.body.replace('\n', " "), 300);
            format!("{} ({:.2}, {}): {body}", h.id, h.sim, h.engram.kind)
        })
        .collect();
    Ok(Outcome::ok(lines.join("\n")))
}
