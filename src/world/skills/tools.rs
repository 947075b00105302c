//! What the skill tools (`tools/create_skill.rs`, `edit_skill.rs`, `list_skills.rs`,
//! `rollback_skill.rs`) share: the skill a call names, writing a new version and rolling back;
//! and running a skill (with the store closed, in the sandbox) and settling a run (a success
//! makes the version LIVE).

use std::path::Path;

use super::manifest::{LastRun, Skill, SkillScript, Version, VersionState};
use super::{MAX_VERSIONS, Runnable, valid_name};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::{ArgSpec, ArgType};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::memory::engram::text_sha256;
use crate::world::files;
use crate::world::sandbox::{self, Limits};

/// The `name` argument of the tools that take a skill's name.
pub const NAME_ARG: ArgSpec = ArgSpec::required(
    "name",
    ArgType::String,
    "the skill's name: 2-30 lowercase letters, digits or _",
);

/// The skill a call names, trimmed; a name that cannot be a skill's is refused.
pub fn name_arg(action: &Action) -> std::result::Result<String, Outcome> {
    let name = action
        .str_arg("name")
        .unwrap_or_default()
        .trim()
        .to_string();
    if !valid_name(&name) {
        return Err(Outcome::fail(
            FailKind::InvalidArgs,
            "a skill name is 2-30 lowercase letters, digits or _, starting with a letter",
        ));
    }
    Ok(name)
}

/// What a call on a skill that does not exist is told.
pub fn no_skill(name: &str) -> Outcome {
    Outcome::fail(
        FailKind::NotFound,
        format!("there is no skill called {name}"),
    )
}

/// Adds the call's `script` as the skill's newest version (the one that runs), drops versions
/// beyond [`MAX_VERSIONS`] and keeps a readable copy in the workspace.
pub fn add_version(
    tx: &mut Tx<'_>,
    mut skill: Skill,
    action: &Action,
    workspace: &Path,
    limits: &Limits,
    tick: u64,
) -> Result<Outcome> {
    let script = action.str_arg("script").unwrap_or_default();
    if script.trim().is_empty() {
        return Ok(Outcome::fail(FailKind::InvalidArgs, "the script is empty"));
    }
    let n = skill.next_version();
    skill.versions.push(Version {
        n,
        tick,
        sha256: text_sha256(script),
        state: VersionState::Draft,
        last_run: None,
    });
    skill.current = n;
    for old in skill.droppable(MAX_VERSIONS) {
        skill.versions.retain(|v| v.n != old);
        tx.remove::<SkillScript>(&SkillScript::key(&skill.name, old))?;
    }
    let name = skill.name.clone();
    tx.put(
        &SkillScript::key(&name, n),
        &SkillScript {
            name: name.clone(),
            n,
            script: script.to_string(),
        },
    )?;
    tx.put(&name, &skill)?;
    let copy = format!("skills/{name}/v{n}.sh");
    let kept = files::write_file(workspace, &copy, script, limits);
    let where_ = if kept.success {
        format!("a copy is at {copy}")
    } else {
        format!("no copy in the workspace ({})", kept.output)
    };
    Ok(Outcome::ok(format!(
        "skill {name} v{n} written; call it as skill_{name}; it is LIVE once a run succeeds; {where_}"
    ))
    .with_effect(if n == 1 {
        Effect::Created
    } else {
        Effect::Changed
    }))
}

/// Makes the last version of the skill that ran successfully the one that runs.
pub fn rollback(tx: &mut Tx<'_>, mut skill: Skill) -> Result<Outcome> {
    let name = skill.name.clone();
    let target = match skill.live {
        Some(l) if l != skill.current => Some(l),
        Some(_) => skill.live_before(skill.current),
        None => None,
    };
    let Some(target) = target else {
        let msg = match skill.live {
            Some(_) => format!("skill {name} has no earlier version that worked"),
            None => format!("no version of skill {name} has worked yet"),
        };
        return Ok(Outcome::fail(FailKind::NotFound, msg));
    };
    skill.current = target;
    skill.live = Some(target);
    tx.put(&name, &skill)?;
    Ok(Outcome::ok(format!(
        "skill {name} runs v{target} again, the last version that worked"
    ))
    .with_effect(Effect::Changed))
}

/// Runs a skill's current version in the sandbox, its input as `$1`.
pub fn run_skill(skill: &Runnable, input: &str, workspace: &Path, limits: &Limits) -> Outcome {
    let command = format!("set -- {}\n{}", sandbox::shell_quote(input), skill.script);
    sandbox::run_command(&command, workspace, limits)
}

/// Records a run of `version` of skill `name`: a success the model chose makes the version
/// LIVE. Returns the System's line when a version went LIVE.
pub fn settle_run(
    tx: &mut Tx<'_>,
    name: &str,
    version: u32,
    outcome: &Outcome,
    tick: u64,
) -> Result<Option<String>> {
    let Some(mut skill) = tx.get::<Skill>(name)? else {
        return Ok(None);
    };
    if outcome.automated {
        return Ok(None);
    }
    let success = outcome.success;
    let Some(v) = skill.version_mut(version) else {
        return Ok(None);
    };
    v.last_run = Some(LastRun { tick, success });
    let went_live = success && v.state != VersionState::Live;
    if success {
        v.state = VersionState::Live;
    } else if v.state == VersionState::Draft {
        v.state = VersionState::Failed;
    }
    skill.runs += 1;
    if success {
        skill.successes += 1;
        if skill.live.is_none_or(|l| l < version) {
            skill.live = Some(version);
        }
    }
    tx.put(name, &skill)?;
    Ok(went_live.then(|| format!("skill_{name} v{version} is LIVE: a run of it succeeded")))
}
