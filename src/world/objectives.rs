//! What the objective tools (`tools/objective_*.rs`) share: the objective a call names, which
//! must be open to be marked done or blocked. The objectives themselves are
//! [`crate::creature::objectives`].
//!
//! `objective_done` is the single writer of the persona's `goals_completed`: the count moves
//! only when an open objective is marked done, in the same transaction.

use crate::creature::objectives::{Objective, ObjectiveState, Objectives};
use crate::creature::tool::{ArgSpec, ArgType};
use crate::creature::{Action, FailKind, Outcome};

/// The `id` argument of the tools that close an objective.
pub const ID_ARG: ArgSpec = ArgSpec::required("id", ArgType::Integer, "the objective's number");

/// The open objective a call's `id` names; one that does not exist or is not open is refused.
pub fn open_one<'b>(
    book: &'b mut Objectives,
    action: &Action,
) -> Result<(u32, &'b mut Objective), Outcome> {
    let id = action.args.get("id").and_then(|v| v.as_u64()).unwrap_or(0) as u32;
    let Some(objective) = book.get_mut(id) else {
        let msg = format!("there is no objective {id}");
        return Err(Outcome::fail(FailKind::NotFound, msg));
    };
    if objective.state != ObjectiveState::Open {
        let msg = format!("objective {id} is not open ({})", objective.line());
        return Err(Outcome::fail(FailKind::InvalidArgs, msg));
    }
    Ok((id, objective))
}
