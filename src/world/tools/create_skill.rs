//! `create_skill`: makes a new skill, a script that becomes a tool of its own (`skill_NAME`),
//! as its first version; up to [`MAX_SKILLS`] skills.

use super::{Run, Tool, limits};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::skills::{MAX_SKILLS, NAME_ARG, Skill, add_version, name_arg};

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "create_skill",
        &[
            NAME_ARG,
            ArgSpec::required(
                "script",
                ArgType::String,
                "a shell script; its input arrives as $1",
            ),
            ArgSpec::required("about", ArgType::String, "one line: what the skill does"),
        ],
        "make a new skill: a script that becomes a tool of its own, skill_NAME",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let name = match name_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    if tx.get::<Skill>(&name)?.is_some() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            format!("skill {name} exists; edit_skill writes a new version of it"),
        ));
    }
    if tx.count::<Skill>()? as usize >= MAX_SKILLS {
        let msg = format!("you already have {MAX_SKILLS} skills");
        return Ok(Outcome::fail(FailKind::TooLarge, msg));
    }
    let about = action.str_arg("about").unwrap_or_default().trim();
    if about.is_empty() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            "say in `about` what the skill does",
        ));
    }
    let skill = Skill {
        name: name.clone(),
        about: about.chars().take(200).collect(),
        current: 0,
        live: None,
        versions: Vec::new(),
        runs: 0,
        successes: 0,
        created_tick: body.tick,
        offers: Default::default(),
    };
    add_version(tx, skill, action, body.workspace, &limits(body), body.tick)
}
