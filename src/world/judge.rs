//! Judging a [`Check`] against the world: a file's presence or contents read through the
//! workspace's confinement, a stat read from the store, the creature's reply, or (with the
//! store closed) a command run in the sandbox. Only what the world shows counts (WIS1).

use std::path::Path;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::check::reply_holds;
use crate::creature::{Check, Persona};
use crate::world::sandbox::{self, Limits};
use crate::world::{files, paths, stats};

/// Most characters of a file a `contains` check reads.
const READ_MAX_CHARS: usize = 65_536;

/// What a check came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Judged {
    /// It held; what showed it.
    Held(String),
    /// It did not hold (yet); what was seen.
    NotHeld(String),
    /// A command check: it is judged by running the command with the store closed.
    NeedsCommand(String),
}

impl Judged {
    pub fn held(&self) -> bool {
        matches!(self, Judged::Held(_))
    }
}

/// Judges `check` now. `reply` is the creature's reply that answers it, if any.
pub fn judge(
    check: &Check,
    rx: &impl Read,
    persona: &Persona,
    workspace: &Path,
    reply: Option<&str>,
) -> Result<Judged> {
    Ok(match check {
        Check::Shell { command } => Judged::NeedsCommand(command.clone()),
        Check::Stat { criterion } => {
            let held = criterion.holds(&mut |p| stats::value(rx, persona, p))?;
            let shown = stats::shown(rx, persona, criterion)?;
            if held {
                Judged::Held(shown)
            } else {
                Judged::NotHeld(shown)
            }
        }
        Check::FileExists { path } => {
            if file_exists(workspace, path) {
                Judged::Held(format!("{path} exists"))
            } else {
                Judged::NotHeld(format!("{path} does not exist"))
            }
        }
        Check::FileContains { path, text } => {
            if file_contains(workspace, path, text) {
                Judged::Held(format!("{path} contains {text:?}"))
            } else {
                Judged::NotHeld(format!("{path} does not contain {text:?}"))
            }
        }
        Check::ReplyContains { text } => match reply {
            Some(r) if reply_holds(text, r) => Judged::Held(format!("the reply says {text:?}")),
            Some(_) => Judged::NotHeld(format!("the reply does not say {text:?}")),
            None => Judged::NotHeld("no reply yet".into()),
        },
    })
}

/// Runs a command check in the sandbox (the store closed): held when it exits 0.
pub fn run_command(command: &str, workspace: &Path, limits: &Limits) -> Judged {
    let outcome = sandbox::run_command(command, workspace, limits);
    let seen = crate::creature::outcome::observation(&outcome, 160);
    if outcome.success {
        Judged::Held(format!("`{command}` exited 0"))
    } else {
        Judged::NotHeld(format!("`{command}`: {seen}"))
    }
}

/// Whether the workspace has a regular file at `path` (a path leading out of it has none).
pub fn file_exists(workspace: &Path, path: &str) -> bool {
    match paths::confine(workspace, path) {
        Ok(c) if !c.dangling => c.abs().is_file(),
        _ => false,
    }
}

/// Whether the workspace's file at `path` contains `text`, case ignored.
pub fn file_contains(workspace: &Path, path: &str, text: &str) -> bool {
    let read = files::read_file(workspace, path, READ_MAX_CHARS);
    read.success && read.output.to_lowercase().contains(&text.to_lowercase())
}

/// Why a check cannot be judged here, if it cannot: a path that leads out of the workspace.
pub fn unjudgeable(check: &Check, workspace: &Path) -> Option<String> {
    let path = check.path()?;
    match paths::confine(workspace, path) {
        Ok(_) => None,
        Err(e) => Some(format!(
            "{path:?} is not a path in the workspace: {}",
            e.into_outcome().output
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::testing::temp_store;

    #[test]
    fn file_checks_read_the_workspace() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "Hello World").unwrap();
        let (_d, store) = temp_store();
        let rx = store.read().unwrap();
        let p = Persona::newborn("X", 0);
        let j = |c: &str, reply: Option<&str>| {
            judge(&Check::parse(c).unwrap(), &rx, &p, dir.path(), reply).unwrap()
        };
        assert!(j("file a.txt exists", None).held());
        assert!(!j("file b.txt exists", None).held());
        assert!(j("file a.txt contains hello", None).held());
        assert!(!j("file a.txt contains bye", None).held());
        assert!(!j("file ../etc/passwd exists", None).held());
        assert!(j("reply contains WORLD", Some("hello world")).held());
        assert!(!j("reply contains world", None).held());
        assert!(!j("sleeps >= 1", None).held());
        assert_eq!(j("command true", None), Judged::NeedsCommand("true".into()));
        let outside = Check::parse("file ../x exists").unwrap();
        assert!(unjudgeable(&outside, dir.path()).is_some());
        assert!(unjudgeable(&Check::parse("file x exists").unwrap(), dir.path()).is_none());
    }
}
