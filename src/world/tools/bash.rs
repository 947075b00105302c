//! `bash`: one shell command in the workspace, run in the sandbox with the store closed.

use super::{Run, Tool, limits};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::sandbox;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "bash",
        &[ArgSpec::required(
            "command",
            ArgType::String,
            "a shell command, run in the workspace",
        )],
        "run a shell command in the workspace",
    ),
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    let command = action.str_arg("command").unwrap_or_default();
    sandbox::run_command(command, body.workspace, &limits(body))
}
