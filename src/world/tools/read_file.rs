//! `read_file`: shows one file inside the workspace, cut to the observation's length.

use super::{Run, Tool};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::{files, nearby};

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
    let mut outcome = files::read_file(body.workspace, path, body.config.context.obs_max_chars);
    // With errands on, a path that is not there is answered with the paths that are.
    if body.config.wisdom.errands_enabled && outcome.fail_kind == FailKind::NotFound {
        let near = nearby::similar(body.workspace, path);
        if !near.is_empty() {
            outcome.output = format!("{}; here there is {}", outcome.output, near.join(", "));
        }
    }
    outcome
}
