//! The chokepoint: every tool call, whoever chose it (the model or a reflex), runs through
//! [`execute`] and ends as one typed [`Outcome`] with its duration.
//!
//! Dispatch is the last of the five surfaces that read the visible tools: a name the creature
//! does not have is refused exactly as a name that never existed.

use std::path::Path;
use std::time::Instant;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Tx;

use super::skills::{self, Runnable};
use super::{delegate, files, manual, memory_tools, notes, objectives, organs, predict, sandbox};
use crate::creature::tool::{ArgType, ToolSpec, find_visible};
use crate::creature::{Action, FailKind, Outcome};

/// What a tool call runs against.
pub struct Body<'a> {
    pub workspace: &'a Path,
    pub config: &'a Config,
    /// The tools that exist for the creature this tick.
    pub visible: &'a [&'static ToolSpec],
    /// The creature's skills as this tick runs them (their specs are in `visible`).
    pub skills: &'a [Runnable],
    /// The tick the call belongs to.
    pub tick: u64,
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
    let Some(spec) = find_visible(body.visible, &action.tool) else {
        return Outcome::fail(FailKind::Locked, no_such_tool(&action.tool));
    };
    if let Err(why) = check_args(spec, action) {
        return Outcome::fail(FailKind::InvalidArgs, why);
    }
    let limits = || sandbox::Limits::from_organs(&body.config.organs);
    let arg = |name: &str| action.str_arg(name).unwrap_or_default();
    if spec.unit == skills::OWN {
        return match body.skills.iter().find(|s| s.spec.name == spec.name) {
            Some(skill) => skills::run_skill(skill, arg("input"), body.workspace, &limits()),
            None => Outcome::fail(FailKind::Locked, no_such_tool(&action.tool)),
        };
    }
    match spec.name {
        "bash" => sandbox::run_command(arg("command"), body.workspace, &limits()),
        "write_file" => files::write_file(body.workspace, arg("path"), arg("content"), &limits()),
        "read_file" => files::read_file(
            body.workspace,
            arg("path"),
            body.config.context.obs_max_chars,
        ),
        "check_tools" => Outcome::ok(check_tools(body.visible)),
        "manual" => manual::manual(action.str_arg("topic"), body.visible),
        "vision" => organs::vision(
            body.workspace,
            arg("path"),
            action.str_arg("question"),
            body.config,
        ),
        "speak" => organs::speak(body.workspace, arg("text"), body.config),
        name => match store {
            Some(tx) => with_store(action, name, body, tx)
                .unwrap_or_else(|e| Outcome::fail(FailKind::Internal, e.message)),
            None => Outcome::fail(FailKind::Internal, format!("{name} needs the store")),
        },
    }
}

/// The tools that run inside the turn's transaction.
fn with_store(action: &Action, name: &str, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let (tick, now) = (body.tick, body.now);
    match name {
        "note_append" | "note_read" | "note_list" | "note_close" => notes::run(action, tx, now),
        "memorize" | "recall" => memory_tools::run(action, tx, body.config, tick, now),
        "create_skill" | "edit_skill" | "list_skills" | "rollback_skill" => {
            let limits = sandbox::Limits::from_organs(&body.config.organs);
            skills::run_tool(action, tx, body.workspace, &limits, tick)
        }
        "predict" => predict::run(action, tx, tick, now),
        "objective_add" | "objective_done" | "objective_block" | "objective_list" => {
            objectives::run(action, tx, tick)
        }
        "delegate" => delegate::run(action, tx, tick, now),
        other => Ok(Outcome::fail(FailKind::Locked, no_such_tool(other))),
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

/// Checks argument names and types against the spec (the schema's rules, enforced again).
pub fn check_args(spec: &ToolSpec, action: &Action) -> std::result::Result<(), String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::Unlocks;
    use crate::world::units::visible_tools;
    use serde_json::json;

    #[test]
    fn a_locked_tool_is_refused_exactly_like_one_that_never_existed() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::default();
        let visible = visible_tools(&Unlocks::newborn(0), &[]);
        let body = Body {
            workspace: dir.path(),
            config: &config,
            visible: &visible,
            skills: &[],
            tick: 1,
            now: 0,
        };
        let args = json!({"claim": "x", "check": "true", "within": 1});
        let locked = execute(&Action::new("predict", args.clone()), &body, None);
        let never = execute(&Action::new("foresee", args), &body, None);
        let alias = execute(&Action::new("see", json!({"path": "a.png"})), &body, None);
        for o in [&locked, &never, &alias] {
            assert_eq!(o.fail_kind, FailKind::Locked);
        }
        assert_eq!(
            locked.output.replace("predict", "X"),
            never.output.replace("foresee", "X")
        );
        let mirror = check_tools(&visible);
        assert_eq!(mirror.lines().count(), 8);
        assert!(!mirror.contains("predict") && !mirror.contains("vision"));
    }
}
