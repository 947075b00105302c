//! `rollback_skill`: makes the last version of a skill that ran successfully the one that runs.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::skills::{NAME_ARG, Skill, name_arg, no_skill, rollback};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "rollback_skill",
        &[NAME_ARG],
        "make the last version of a skill that ran successfully the one that runs",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match name_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    match tx.get::<Skill>(&name)? {
        Some(skill) => rollback(tx, skill),
        None => Ok(no_skill(&name)),
    }
}
