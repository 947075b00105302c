//! `objective_block`: marks an open objective blocked, with the reason; the next open one
//! becomes the active one.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::objectives::{ObjectiveState, Objectives};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::objectives::{ID_ARG, open_one};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "objective_block",
        &[
            ID_ARG,
            ArgSpec::required("why", ArgType::String, "what stands in the way"),
        ],
        "mark an objective blocked, with the reason",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let (mut book, _) = tx.singleton_or_default::<Objectives>()?;
    let (id, objective) = match open_one(&mut book, action) {
        Ok(open) => open,
        Err(outcome) => return Ok(outcome),
    };
    let why = action.str_arg("why").unwrap_or_default().trim();
    if why.is_empty() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            "say in `why` what blocks it",
        ));
    }
    objective.state = ObjectiveState::Blocked;
    objective.closed_tick = Some(body.tick);
    objective.why = Some(why.chars().take(200).collect());
    tx.set(&book)?;
    Ok(Outcome::ok(format!("objective {id} is blocked")).with_effect(Effect::Changed))
}
