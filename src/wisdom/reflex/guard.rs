//! Guards: what must hold for a reflex to fire (design §4.1), in the one vocabulary of checks
//! ([`Check`], WIS1).
//!
//! A reflex has two guards, both optional. The operator's is a [`Criterion`] over typed stats
//! (`wis reflex arm --guard`). The world's is written by promotion from the streak's action:
//! what the world must show for that action to make sense now.
//!
//! - `read_file PATH`: the file it read exists (`file PATH exists`);
//! - `write_file PATH` whose streak only ever wrote over the file (never made it): the file it
//!   wrote over exists;
//! - `bash CMD`: the program the command starts with is one the sandbox has
//!   (`command command -v 'PROGRAM'`, the same probe a keeper's command check gets); a command
//!   that does not start with a plain program name (an assignment, a subshell, a quote) gets
//!   none.
//!
//! Any other action gets no world guard. A reflex whose guard does not hold is held back: the
//! tick goes on as if no reflex matched, and the stream says which guard held it back. A
//! reflex without a guard (one promoted before guards were written) fires as it always did.

use std::path::Path;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::{Check, Persona};
use crate::world::judge::{self, Judged};
use crate::world::sandbox::{Limits, shell_quote};
use crate::world::stats;

use super::Reflex;

/// Most characters of a program name a guard names.
const PROGRAM_MAX_CHARS: usize = 64;

/// The world guard for a streak of `tool` with `args` (its JSON text); `created`: a success
/// of the streak made the file it wrote (so its absence is no reason to hold back).
pub fn from_streak(tool: &str, args: &str, created: bool) -> Option<Check> {
    let args: serde_json::Value = serde_json::from_str(args).ok()?;
    let arg = |name: &str| args.get(name).and_then(serde_json::Value::as_str);
    match tool {
        "read_file" => file(arg("path")?),
        "write_file" if !created => file(arg("path")?),
        "bash" => program(arg("command")?).map(|p| Check::Shell {
            command: format!("command -v {}", shell_quote(p)),
        }),
        _ => None,
    }
}

fn file(path: &str) -> Option<Check> {
    let path = path.trim();
    (!path.is_empty()).then(|| Check::FileExists {
        path: path.to_string(),
    })
}

/// The plain program name a command starts with, if it starts with one.
fn program(command: &str) -> Option<&str> {
    let first = command.split_whitespace().next()?;
    let plain = first
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._+-/".contains(c));
    (plain && first.chars().count() <= PROGRAM_MAX_CHARS && !first.starts_with('-'))
        .then_some(first)
}

/// Judges `reflex`'s guards now: `None` when they hold (or it has none), else why it is held
/// back. A command guard runs in the sandbox with `limits`, as the reflex's own action would.
pub fn held_back(
    reflex: &Reflex,
    rx: &impl Read,
    persona: &Persona,
    workspace: &Path,
    limits: &Limits,
) -> Result<Option<String>> {
    if let Some(guard) = &reflex.trigger.guard
        && !guard.holds(&mut |path| stats::value(rx, persona, path))?
    {
        let shown = stats::shown(rx, persona, guard)?;
        return Ok(Some(format!(
            "its guard `{}` does not hold ({shown})",
            guard.describe()
        )));
    }
    let Some(check) = &reflex.trigger.world else {
        return Ok(None);
    };
    let judged = match judge::judge(check, rx, persona, workspace, None)? {
        Judged::NeedsCommand(command) => judge::run_command(&command, workspace, limits),
        j => j,
    };
    Ok(match judged {
        Judged::Held(_) => None,
        Judged::NotHeld(seen) | Judged::NeedsCommand(seen) => Some(format!(
            "its guard `{}` does not hold: {seen}",
            check.describe()
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_come_from_what_the_action_needs() {
        assert_eq!(
            from_streak("read_file", r#"{"path":"notes/pump.txt"}"#, false),
            Some(Check::FileExists {
                path: "notes/pump.txt".into()
            })
        );
        let over = r#"{"path":"todo.txt","content":"x"}"#;
        assert_eq!(
            from_streak("write_file", over, false),
            Some(Check::FileExists {
                path: "todo.txt".into()
            })
        );
        assert_eq!(
            from_streak("write_file", over, true),
            None,
            "a file it made is no reason to hold back"
        );
        assert_eq!(
            from_streak("bash", r#"{"command":"mkdir -p logs"}"#, false),
            Some(Check::Shell {
                command: "command -v 'mkdir'".into()
            })
        );
        for odd in ["X=1 ls", "(cd x)", "'ls'", "-x", "", "l$s"] {
            let args = serde_json::json!({ "command": odd }).to_string();
            assert_eq!(from_streak("bash", &args, false), None, "{odd}");
        }
        assert_eq!(
            from_streak("note_read", r#"{"notebook":"plan"}"#, false),
            None
        );
        assert_eq!(from_streak("read_file", "not json", false), None);
        assert_eq!(from_streak("read_file", r#"{"path":" "}"#, false), None);
    }

    /// A reflex guarded by `world` and by the operator's `stat`.
    fn guarded(world: Option<Check>, stat: Option<&str>) -> Reflex {
        use crate::creature::criterion::Criterion;
        use crate::wisdom::reflex::{Provenance, ReflexAction, Status, Trigger};
        Reflex {
            id: "r1".into(),
            trigger: Trigger {
                situation_key: "-|s".into(),
                guard: stat.map(|s| Criterion::parse(s).unwrap()),
                world,
            },
            action: ReflexAction {
                tool: "read_file".into(),
                args: r#"{"path":"a.txt"}"#.into(),
                signature: "read_file a.txt".into(),
            },
            provenance: Provenance {
                episode_ids: Vec::new(),
                successes: 5,
                last_adjudicated: 0,
            },
            status: Status::Armed,
            fired: 0,
            failed: 0,
            armed_by: None,
            armed_at: None,
            proposed_tick: 0,
            last_fired: None,
            demoted_tick: None,
            last_failure: None,
            inherited: None,
        }
    }

    #[test]
    fn a_guard_that_does_not_hold_says_why_and_none_always_holds() {
        let (_d, store) = crate::base::store::testing::temp_store();
        let rx = store.read().unwrap();
        let p = Persona::newborn("X", 0);
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::from_organs(&crate::base::config::Organs::default());
        let file = from_streak("read_file", r#"{"path":"a.txt"}"#, false);
        let held = |r: &Reflex| held_back(r, &rx, &p, dir.path(), &limits).unwrap();
        assert_eq!(
            held(&guarded(None, None)),
            None,
            "no guard: as before guards"
        );
        assert_eq!(
            held(&guarded(file.clone(), None)).as_deref(),
            Some("its guard `file a.txt exists` does not hold: a.txt does not exist")
        );
        std::fs::write(dir.path().join("a.txt"), "x").unwrap();
        assert_eq!(held(&guarded(file.clone(), None)), None);
        let why = held(&guarded(file, Some("sleeps >= 1"))).unwrap();
        assert!(
            why.starts_with("its guard `sleeps >= 1` does not hold"),
            "{why}"
        );
    }

    #[test]
    fn a_guard_reads_back_in_the_checks_own_words() {
        let g = from_streak("bash", r#"{"command":"ls -la"}"#, false).unwrap();
        assert_eq!(Check::parse(&g.describe()).unwrap(), g);
        let f = from_streak("read_file", r#"{"path":"a.txt"}"#, false).unwrap();
        assert_eq!(Check::parse(&f.describe()).unwrap(), f);
    }
}
