//! `list_skills`: every skill with its versions, which one runs and which one last worked.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::skills::Skill;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "list_skills",
        &[],
        "list your skills with their versions, which one runs, and which one last worked",
    ),
    run: Run::Store(run),
};

fn run(_: &Action, _: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let skills: Vec<String> = tx.all::<Skill>()?.iter().map(|(_, s)| s.line()).collect();
    Ok(if skills.is_empty() {
        Outcome::ok("no skills yet")
    } else {
        Outcome::ok(skills.join("\n"))
    })
}
