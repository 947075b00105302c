//! `check_tools`: the mirror. Lists the tools the creature has now, with their arguments: it
//! reads this tick's visible tools, so a locked tool is not in it.

use super::{Run, Tool};
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, Outcome};
use crate::world::dispatch::Body;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new("check_tools", &[], "list the tools you have now"),
    run: Run::Workspace(run),
};

fn run(_: &Action, body: &Body<'_>) -> Outcome {
    Outcome::ok(mirror(body.visible))
}

/// The tools in `visible`, one a line: name, typed arguments (`?` when optional), aliases and
/// what it does.
pub fn mirror(visible: &[&ToolSpec]) -> String {
    visible
        .iter()
        .map(|t| {
            let args: Vec<String> = t
                .args
                .iter()
                .map(|a| {
                    format!(
                        "{}: {}{}",
                        a.name,
                        a.ty.json_name(),
                        if a.required { "" } else { "?" }
                    )
                })
                .collect();
            let aliases = if t.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also: {})", t.aliases.join(", "))
            };
            format!("{} {{{}}}{aliases}: {}", t.name, args.join(", "), t.about)
        })
        .collect::<Vec<_>>()
        .join("\n")
}
