//! `edit_skill`: writes a new version of a skill (and, if given, a new description); the new
//! version is the one that runs from the next call.

use super::{Run, Tool, limits};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::skills::{NAME_ARG, Skill, add_version, name_arg, no_skill};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "edit_skill",
        &[
            NAME_ARG,
            ArgSpec::required("script", ArgType::String, "the new script"),
            ArgSpec::optional("about", ArgType::String, "a new one-line description"),
        ],
        "write a new version of a skill; it runs from the next call",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match name_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    let Some(mut skill) = tx.get::<Skill>(&name)? else {
        return Ok(no_skill(&name));
    };
    if let Some(about) = action
        .str_arg("about")
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        skill.about = about.chars().take(200).collect();
    }
    add_version(tx, skill, action, body.workspace, &limits(body), body.tick)
}
