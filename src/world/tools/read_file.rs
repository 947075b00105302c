//! `read_file`: shows one file inside the workspace, cut to the observation's length.

use super::{Run, Tool};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::files;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "read_file",
        &[ArgSpec::required(
            "path",
            ArgType::String,
            "a path inside the workspace",
        )],
        "read a file in the workspace",
    ),
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    let path = action.str_arg("path").unwrap_or_default();
    files::read_file(body.workspace, path, body.config.context.obs_max_chars)
}
