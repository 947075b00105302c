//! The chokepoint: every tool call, whoever chose it (the model or a reflex), runs through
//! [`execute`] and ends as one typed [`Outcome`] with its duration.
//!
//! Dispatch is the last of the five surfaces that read the visible tools: a name the creature
//! does not have is refused exactly as a name that never existed. It is a lookup, never a
//! match on names: the visible tool a call names is found, and its own code
//! ([`crate::world::tools::Tool`]) runs it; a visible tool that is not the platform's is one
//! of the creature's skills.

use crate::memory::LazyMemory;
use std::path::Path;
use std::time::Instant;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::store::Tx;

use super::sandbox::Limits;
use super::skills::{self, Runnable};
use super::tools;
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
    /// The turn's one memory handle (the memory tools remember and recall through it).
    pub memory: &'a LazyMemory<'a>,
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
    tools::get(&action.tool).is_some_and(|t| t.runs_in_store())
}

/// What a call can do to the workspace's files (the history's scope): a visible tool of the
/// platform says; a skill may change anything; a call that will be refused changes nothing.
pub fn touch(action: &Action, body: &Body<'_>) -> tools::Touch {
    let Some(spec) = find_visible(body.visible, &action.tool) else {
        return tools::Touch::Nothing;
    };
    if check_args(spec, action).is_err() {
        return tools::Touch::Nothing;
    }
    match tools::get(spec.name) {
        Some(tool) => tool.touch(action),
        None if body.skills.iter().any(|s| s.spec.name == spec.name) => tools::Touch::Anything,
        None => tools::Touch::Nothing,
    }
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

/// Finds the visible tool the call names and runs it: a tool of the platform by its own code,
/// anything else visible (a skill, the creature's own) in the sandbox.
fn run(action: &Action, body: &Body<'_>, store: Option<&mut Tx<'_>>) -> Outcome {
    let Some(spec) = find_visible(body.visible, &action.tool) else {
        return Outcome::fail(FailKind::Locked, no_such_tool(&action.tool));
    };
    if let Err(why) = check_args(spec, action) {
        return Outcome::fail(FailKind::InvalidArgs, why);
    }
    if let Some(tool) = tools::get(spec.name) {
        return tool.call(action, body, store);
    }
    match body.skills.iter().find(|s| s.spec.name == spec.name) {
        Some(skill) => {
            let input = action.str_arg("input").unwrap_or_default();
            let limits = Limits::from_organs(&body.config.organs);
            skills::run_skill(skill, input, body.workspace, &limits)
        }
        None => Outcome::fail(FailKind::Locked, no_such_tool(&action.tool)),
    }
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
        let memory = LazyMemory::new(&config.embed);
        let body = Body {
            workspace: dir.path(),
            config: &config,
            visible: &visible,
            skills: &[],
            memory: &memory,
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
        let mirror = crate::world::tools::check_tools::mirror(&visible);
        assert_eq!(mirror.lines().count(), 9);
        assert!(!mirror.contains("predict") && !mirror.contains("vision"));
    }

    /// Dispatch is a lookup over the tools, not a match on their names: it names no tool and
    /// has no string pattern, and no other code of the world reads the name a call gave.
    #[test]
    fn dispatch_is_a_lookup_not_a_match_on_names() {
        fn code(path: &Path) -> String {
            let text = std::fs::read_to_string(path).unwrap();
            let end = text.find("#[cfg(test)]").unwrap_or(text.len());
            text[..end].to_string()
        }
        fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push(path);
                }
            }
        }
        let world = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/world");
        let dispatch = code(&world.join("dispatch.rs"));
        let literal = regex::Regex::new(r#""((?:[^"\\]|\\.)*)""#).unwrap();
        let pattern = regex::Regex::new(r#""\s*(=>|\|[^|])"#).unwrap();
        let names: Vec<&str> = crate::world::TOOLS
            .iter()
            .flat_map(|t| std::iter::once(t.name).chain(t.aliases.iter().copied()))
            .collect();
        for m in literal.captures_iter(&dispatch) {
            assert!(!names.contains(&&m[1]), "dispatch names the tool {}", &m[1]);
        }
        assert!(!pattern.is_match(&dispatch), "dispatch matches on a string");
        let mut files = Vec::new();
        walk(&world, &mut files);
        assert!(files.len() > 30, "{files:?}");
        for path in files.iter().filter(|p| !p.ends_with("dispatch.rs")) {
            assert!(
                !code(path).contains("action.tool"),
                "{} reads the name a call gave",
                path.display()
            );
        }
    }
}
