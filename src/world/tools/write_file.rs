//! `write_file`: replaces a whole file inside the workspace (the path confined to it).

use super::{Run, Tool, limits};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;
use crate::world::files;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "write_file",
        &[
            ArgSpec::required("path", ArgType::String, "a path inside the workspace"),
            ArgSpec::required(
                "content",
                ArgType::String,
                "the whole new content of the file",
            ),
        ],
        "write a file in the workspace (replacing it)",
    ),
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    let path = action.str_arg("path").unwrap_or_default();
    let content = action.str_arg("content").unwrap_or_default();
    files::write_file(body.workspace, path, content, &limits(body))
}
