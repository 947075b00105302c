//! The chokepoint: every tool call, whoever chose it (the model or a reflex), runs through
//! [`execute`] and ends as one typed [`Outcome`] with its duration.
//!
//! Dispatch is the last of the five surfaces that read the visible tools: a name the creature
//! does not have is refused exactly as a name that never existed.

use std::path::Path;
use std::time::Instant;

use crate::clock::Millis;
use crate::config::Config;
use crate::store::Tx;

use super::tools::{ArgType, ToolSpec};
use super::{Action, FailKind, Outcome, files, notes, sandbox};

/// What a tool call runs against.
pub struct Body<'a> {
    pub workspace: &'a Path,
    pub config: &'a Config,
    /// The tools that exist for the creature this tick.
    pub visible: &'a [&'static ToolSpec],
    pub now: Millis,
}

/// What the creature is told when it names a tool it does not have: the same words whether
/// the name is locked or never existed.
pub fn no_such_tool(name: &str) -> String {
    format!("there is no tool called `{name}`")
}

/// Whether a call must run inside the turn's store transaction.
pub fn needs_store(action: &Action) -> bool {
    super::tools::spec(&action.tool).is_some_and(|t| t.needs_store)
}

/// Runs one call. `store` must be given for tools that need it.
pub fn execute(action: &Action, body: &Body<'_>, store: Option<&mut Tx<'_>>) -> Outcome {
    let start = Instant::now();
    let mut outcome = run(action, body, store);
    if outcome.duration_ms == 0 {
        outcome.duration_ms = start.elapsed().as_millis() as u64;
    }
    outcome
}

fn run(action: &Action, body: &Body<'_>, store: Option<&mut Tx<'_>>) -> Outcome {
    let Some(spec) = body.visible.iter().find(|t| t.name == action.tool) else {
        return Outcome::fail(FailKind::Locked, no_such_tool(&action.tool));
    };
    if let Err(why) = check_args(spec, action) {
        return Outcome::fail(FailKind::InvalidArgs, why);
    }
    let organs = &body.config.organs;
    match action.tool.as_str() {
        "bash" => sandbox::run_command(
            action.str_arg("command").unwrap_or_default(),
            body.workspace,
            &sandbox::Limits::from_organs(organs),
        ),
        "write_file" => files::write_file(
            body.workspace,
            action.str_arg("path").unwrap_or_default(),
            action.str_arg("content").unwrap_or_default(),
            &sandbox::Limits::from_organs(organs),
        ),
        "read_file" => files::read_file(
            body.workspace,
            action.str_arg("path").unwrap_or_default(),
            body.config.context.obs_max_chars,
        ),
        "check_tools" => Outcome::ok(check_tools(body.visible)),
        "note_append" | "note_read" | "note_list" | "note_close" => match store {
            Some(tx) => notes::run(action, tx, body.now)
                .unwrap_or_else(|e| Outcome::fail(FailKind::Internal, e.message)),
            None => Outcome::fail(
                FailKind::Internal,
                format!("{} needs the store", action.tool),
            ),
        },
        other => Outcome::fail(FailKind::Locked, no_such_tool(other)),
    }
}

/// The mirror: the tools the creature has now, with their arguments.
pub fn check_tools(visible: &[&ToolSpec]) -> String {
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
            format!("{} {{{}}}: {}", t.name, args.join(", "), t.about)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks argument names and types against the spec (the schema's rules, enforced again).
pub fn check_args(spec: &ToolSpec, action: &Action) -> Result<(), String> {
    for key in action.args.keys() {
        if !spec.args.iter().any(|a| a.name == key) {
            return Err(format!("{} takes no argument `{key}`", spec.name));
        }
    }
    for a in spec.args {
        match action.args.get(a.name) {
            None if a.required => {
                return Err(format!(
                    "{} needs `{}` ({})",
                    spec.name,
                    a.name,
                    a.ty.json_name()
                ));
            }
            None => {}
            Some(v) => {
                let ok = match a.ty {
                    ArgType::String => v.is_string(),
                    ArgType::Integer => v.is_i64() || v.is_u64(),
                    ArgType::Boolean => v.is_boolean(),
                };
                if !ok {
                    return Err(format!(
                        "`{}` of {} must be a {}",
                        a.name,
                        spec.name,
                        a.ty.json_name()
                    ));
                }
            }
        }
    }
    Ok(())
}
