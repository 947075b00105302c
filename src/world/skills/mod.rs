//! Skills: scripts the creature writes that become tools of its own.
//!
//! A skill is versioned: every `create_skill` or `edit_skill` adds a version, kept in the store
//! (the manifest, [`Skill`], and each version's text, [`SkillScript`]) with a readable copy at
//! `skills/NAME/vN.sh` in the workspace. The newest version is the one that runs. A version
//! goes LIVE only after a run of it succeeds (adjudicated, not automated); `rollback_skill`
//! makes the last LIVE version the one that runs again.
//!
//! How a skill is called: each skill is a tool of its own, `skill_NAME`, with one optional
//! string argument `input` (the script's `$1`). Skills are the creature's own body and never
//! locked: [`runnables`] puts every skill into the tick's one snapshot of visible tools, so the
//! action schema, the prompt, check_tools, manual and dispatch all see it from the tick after
//! it was made. Its [`ToolSpec`] is made once per process for each name and description and
//! kept for the life of the process (a tick is one process; [`MAX_SKILLS`] bounds the rest).
//! A skill belongs to no unit: a visible tool that is not one of the platform's
//! ([`crate::world::tools`]) is a skill, and dispatch runs it with [`run_skill`].

mod manifest;
mod tools;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

pub use manifest::{LastRun, Skill, SkillScript, Version, VersionState};
pub use tools::{NAME_ARG, add_version, name_arg, no_skill, rollback, run_skill, settle_run};

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};

/// The tool name of a skill is this prefix and its name.
pub const SKILL_PREFIX: &str = "skill_";
/// Most skills.
pub const MAX_SKILLS: usize = 32;
/// Most versions kept of one skill (the live and the running one are never dropped).
pub const MAX_VERSIONS: usize = 20;

/// The arguments every skill takes.
pub static SKILL_ARGS: &[ArgSpec] = &[ArgSpec::optional(
    "input",
    ArgType::String,
    "the input, passed to the script as $1",
)];

/// A skill as this tick can call it.
#[derive(Debug, Clone)]
pub struct Runnable {
    /// The skill's name (without the prefix).
    pub name: String,
    pub spec: &'static ToolSpec,
    /// The version that runs.
    pub version: u32,
    pub script: String,
    /// The tick the skill was first made.
    pub made: u64,
}

/// Every skill, in name order, with the version that runs now.
pub fn runnables(rx: &impl Read) -> Result<Vec<Runnable>> {
    let mut out = Vec::new();
    for (name, skill) in rx.all::<Skill>()? {
        let Some(script) = rx.get::<SkillScript>(&SkillScript::key(&name, skill.current))? else {
            continue;
        };
        out.push(Runnable {
            spec: spec_for(&name, &skill.about),
            name,
            version: skill.current,
            script: script.script,
            made: skill.created_tick,
        });
    }
    Ok(out)
}

/// The skill name a tool name calls, if it is a skill's.
pub fn skill_name(tool: &str) -> Option<&str> {
    tool.strip_prefix(SKILL_PREFIX).filter(|n| valid_name(n))
}

/// A skill name: 2-30 characters, a lowercase letter first, then lowercase letters, digits, `_`.
pub fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (2..=30).contains(&n)
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The tool spec of a skill, made once per (name, description) for the life of the process.
pub fn spec_for(name: &str, about: &str) -> &'static ToolSpec {
    type Interned = HashMap<(String, String), &'static ToolSpec>;
    static SPECS: OnceLock<Mutex<Interned>> = OnceLock::new();
    let mut specs = SPECS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let key = (name.to_string(), about.to_string());
    if let Some(spec) = specs.get(&key) {
        return spec;
    }
    let tool_name: &'static str = Box::leak(format!("{SKILL_PREFIX}{name}").into_boxed_str());
    let about: &'static str = Box::leak(about.to_string().into_boxed_str());
    let spec: &'static ToolSpec = Box::leak(Box::new(ToolSpec::new(tool_name, SKILL_ARGS, about)));
    specs.insert(key, spec);
    spec
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::tools::TOOLS;

    #[test]
    fn names_and_specs() {
        assert!(valid_name("count") && valid_name("a2_b"));
        for bad in ["", "a", "Count", "2x", "a-b", "a b", &"x".repeat(31)] {
            assert!(!valid_name(bad), "{bad}");
        }
        assert_eq!(skill_name("skill_count"), Some("count"));
        assert_eq!(skill_name("bash"), None);
        let a = spec_for("count", "counts");
        assert!(std::ptr::eq(a, spec_for("count", "counts")));
        assert_eq!(a.name, "skill_count");
        assert!(!std::ptr::eq(a, spec_for("count", "counts files")));
    }

    #[test]
    fn no_platform_tool_can_be_mistaken_for_a_skill() {
        for t in TOOLS {
            assert!(skill_name(t.name).is_none(), "{}", t.name);
            assert!(
                t.aliases.iter().all(|a| skill_name(a).is_none()),
                "{}",
                t.name
            );
        }
    }
}
