//! `memorize`: keeps a sentence or two in memory on purpose, as an experienced engram of the
//! kind the creature chose.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::memory::{Kind, NewEngram, Provenance};
use crate::world::dispatch::Body;
use crate::world::memory_tools::{open, refusal};

/// The kinds the creature may choose.
const KINDS: [Kind; 4] = [Kind::Fact, Kind::Procedure, Kind::Strategy, Kind::Musing];

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "memorize",
        &[
            ArgSpec::required(
                "text",
                ArgType::String,
                "what to remember, in a sentence or two",
            ),
            ArgSpec::optional(
                "kind",
                ArgType::String,
                "fact, procedure, strategy or musing (default fact)",
            ),
        ],
        "keep something in memory on purpose",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let memory = match open(body.memory) {
        Ok(m) => m,
        Err(refused) => return refused,
    };
    let text = action.str_arg("text").unwrap_or_default().trim();
    if text.is_empty() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            "there is nothing to remember",
        ));
    }
    let kind = match action.str_arg("kind").map(|k| k.trim().to_lowercase()) {
        None => Kind::Fact,
        Some(k) if k.is_empty() => Kind::Fact,
        Some(k) => match KINDS.iter().find(|c| c.as_str() == k) {
            Some(kind) => *kind,
            None => {
                let msg = format!("kind is one of fact, procedure, strategy, musing; not {k:?}");
                return Ok(Outcome::fail(FailKind::InvalidArgs, msg));
            }
        },
    };
    let new =
        NewEngram::new(kind, text, Provenance::Experienced).source(format!("tick:{}", body.tick));
    match memory.remember(tx, new, body.now) {
        Ok(id) => Ok(Outcome::ok(format!("kept as {id} ({kind})")).with_effect(Effect::Created)),
        Err(e) => refusal(e),
    }
}
