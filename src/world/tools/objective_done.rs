//! `objective_done`: marks an open objective completed, and counts it in the persona's
//! `goals_completed` in the same transaction (its single writer).

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::objectives::{ObjectiveState, Objectives};
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Effect, Outcome, Persona};
use crate::world::dispatch::Body;
use crate::world::objectives::{ID_ARG, open_one};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new("objective_done", &[ID_ARG], "mark an objective completed"),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let (mut book, _) = tx.singleton_or_default::<Objectives>()?;
    let (id, objective) = match open_one(&mut book, action) {
        Ok(open) => open,
        Err(outcome) => return Ok(outcome),
    };
    objective.state = ObjectiveState::Done;
    objective.closed_tick = Some(body.tick);
    let mut persona: Persona = tx.singleton()?;
    persona.goals_completed += 1;
    tx.set(&persona)?;
    tx.set(&book)?;
    Ok(Outcome::ok(format!("objective {id} is done")).with_effect(Effect::Changed))
}
