//! The creature's tools. A tool is one file in this folder exporting `TOOL`: its spec (all the
//! mind reads) and the code that runs it. Which unit a tool arrives with is said once, in the
//! unit table (`units/table.rs`), which lists each unit's tools; [`TOOLS`], [`spec`] and [`get`]
//! are read from that table. Dispatch finds a visible tool's [`Tool`] here and calls it: it
//! never matches on names. Adding a tool is its file, its `mod` line here and its place in its
//! unit's entry.
//!
//! Code a family of tools shares stays with the family: notebooks ([`super::notes`]), memory
//! ([`super::memory_tools`]), skills ([`super::skills`]), objectives ([`super::objectives`]),
//! delegation ([`super::delegate`]), the organs ([`super::organs`]), file confinement
//! ([`super::files`]) and the sandbox ([`super::sandbox`]).

pub mod bash;
pub mod check_tools;
pub mod create_skill;
pub mod delegate;
pub mod edit_skill;
pub mod heirlooms;
pub mod list_skills;
pub mod manual;
pub mod memorize;
pub mod note_append;
pub mod note_close;
pub mod note_list;
pub mod note_read;
pub mod note_reopen;
pub mod objective_add;
pub mod objective_block;
pub mod objective_done;
pub mod objective_list;
pub mod predict;
pub mod read_file;
pub mod recall;
pub mod rollback_skill;
pub mod speak;
pub mod vision;
pub mod write_file;

use std::sync::LazyLock;

use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::tool::ToolSpec;
use crate::creature::{Action, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::sandbox::Limits;
use crate::world::units::UNITS;

/// One tool: how the mind sees it, and how it runs.
#[derive(Debug)]
pub struct Tool {
    pub spec: ToolSpec,
    pub run: Run,
}

/// How a tool runs.
#[derive(Debug, Clone, Copy)]
pub enum Run {
    /// Against the workspace or an organ, with the store closed.
    Workspace(fn(&Action, &Body<'_>) -> Outcome),
    /// Inside the turn's write transaction.
    Store(fn(&Action, &Body<'_>, &mut Tx<'_>) -> Result<Outcome>),
}

impl Tool {
    /// Whether a call runs inside the turn's store transaction.
    pub fn runs_in_store(&self) -> bool {
        matches!(self.run, Run::Store(_))
    }

    /// Runs one call whose arguments were checked against the spec. `store` must be given for
    /// a tool that runs inside the transaction; a failing store is the platform's fault.
    pub fn call(&self, action: &Action, body: &Body<'_>, store: Option<&mut Tx<'_>>) -> Outcome {
        match (self.run, store) {
            (Run::Workspace(run), _) => run(action, body),
            (Run::Store(run), Some(tx)) => run(action, body, tx)
                .unwrap_or_else(|e| Outcome::fail(FailKind::Internal, e.message)),
            (Run::Store(_), None) => Outcome::fail(
                FailKind::Internal,
                format!("{} needs the store", self.spec.name),
            ),
        }
    }
}

/// Every tool, in ladder order, read from the unit table: iterating it gives the specs.
pub static TOOLS: Tools = Tools;

/// The view of every tool that [`TOOLS`] is.
#[derive(Debug, Clone, Copy)]
pub struct Tools;

/// The specs of every tool, in ladder order.
pub type Specs = std::iter::Map<
    std::slice::Iter<'static, &'static Tool>,
    fn(&&'static Tool) -> &'static ToolSpec,
>;

impl Tools {
    /// Every tool, in ladder order.
    pub fn all(self) -> &'static [&'static Tool] {
        static ALL: LazyLock<Vec<&'static Tool>> =
            LazyLock::new(|| UNITS.iter().flat_map(|u| u.tools.iter().copied()).collect());
        &ALL
    }

    /// Every tool's spec, in ladder order.
    pub fn iter(self) -> Specs {
        self.all().iter().map(|t| &t.spec)
    }

    pub fn len(self) -> usize {
        self.all().len()
    }

    pub fn is_empty(self) -> bool {
        self.all().is_empty()
    }
}

impl IntoIterator for Tools {
    type Item = &'static ToolSpec;
    type IntoIter = Specs;

    fn into_iter(self) -> Specs {
        self.iter()
    }
}

impl std::ops::Index<usize> for Tools {
    type Output = ToolSpec;

    fn index(&self, i: usize) -> &ToolSpec {
        &self.all()[i].spec
    }
}

/// What a call can do to the workspace's files: how much the history looks at around it
/// (design §3.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Touch {
    /// Nothing of the workspace.
    Nothing,
    /// Reads the file at this path.
    Reads(String),
    /// Writes the file at this path, and nothing else.
    Writes(String),
    /// Runs this command: any file may change, and the files it names count as read.
    Runs(String),
    /// Any file may change (a skill, a tool that writes where it likes).
    Anything,
}

impl Tool {
    /// What a call of this tool can do to the workspace. By identity, not by name: a tool not
    /// listed here that runs with the store closed may change anything.
    pub fn touch(&'static self, action: &Action) -> Touch {
        let is = |tool: &'static Tool| std::ptr::eq(self, tool);
        let arg = |name: &str| action.str_arg(name).unwrap_or_default().to_string();
        if is(&write_file::TOOL) {
            Touch::Writes(arg("path"))
        } else if is(&read_file::TOOL) {
            Touch::Reads(arg("path"))
        } else if is(&bash::TOOL) {
            Touch::Runs(arg("command"))
        } else if is(&create_skill::TOOL) || is(&edit_skill::TOOL) {
            // A skill's readable copy is written into the workspace.
            Touch::Anything
        } else if self.runs_in_store()
            || is(&check_tools::TOOL)
            || is(&manual::TOOL)
            || is(&vision::TOOL)
        {
            Touch::Nothing
        } else {
            Touch::Anything
        }
    }
}

/// The tool `name` (a name or an alias) calls, locked or not.
pub fn get(name: &str) -> Option<&'static Tool> {
    TOOLS
        .all()
        .iter()
        .copied()
        .find(|t| t.spec.answers_to(name))
}

/// The spec of a tool by name or alias (locked or not).
pub fn spec(name: &str) -> Option<&'static ToolSpec> {
    get(name).map(|t| &t.spec)
}

/// The sandbox's limits, from the body's configuration.
fn limits(body: &Body<'_>) -> Limits {
    Limits::from_organs(&body.config.organs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One tool, one place: every file here but this one is a tool, named after it, and every
    /// tool of the unit table is one of these files.
    #[test]
    fn every_tool_is_one_file_named_after_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/world/tools");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
            .filter(|stem| stem != "mod")
            .collect();
        files.sort();
        let mut names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        names.sort();
        assert_eq!(files, names);
    }

    /// Which tools run with the store closed and which inside the turn's transaction.
    #[test]
    fn workspace_tools_run_with_the_store_closed() {
        let closed: Vec<&str> = TOOLS
            .all()
            .iter()
            .filter(|t| !t.runs_in_store())
            .map(|t| t.spec.name)
            .collect();
        assert_eq!(
            closed,
            [
                "bash",
                "write_file",
                "read_file",
                "check_tools",
                "manual",
                "vision",
                "speak"
            ]
        );
        assert_eq!(TOOLS.len(), 25);
        assert!(std::ptr::eq(&TOOLS[0], spec("bash").unwrap()));
        assert!(std::ptr::eq(spec("see").unwrap(), spec("vision").unwrap()));
        assert!(get("skill_count").is_none() && get("reply").is_none());
    }

    #[test]
    fn a_store_tool_without_the_store_is_the_platform_s_fault() {
        let dir = tempfile::tempdir().unwrap();
        let config = crate::base::config::Config::default();
        let memory = crate::memory::LazyMemory::new(&config.embed);
        let body = Body {
            workspace: dir.path(),
            config: &config,
            visible: &[],
            skills: &[],
            memory: &memory,
            tick: 1,
            now: 0,
        };
        let action = Action::new("note_list", serde_json::json!({}));
        let outcome = get("note_list").unwrap().call(&action, &body, None);
        assert_eq!(outcome.fail_kind, FailKind::Internal);
        assert_eq!(outcome.output, "note_list needs the store");
    }

    /// What each tool can do to the workspace's files: the history looks at that much.
    #[test]
    fn each_tool_says_what_it_can_touch() {
        let touch = |name: &str, args: serde_json::Value| {
            get(name).unwrap().touch(&Action::new(name, args))
        };
        let path = serde_json::json!({"path": "a.txt", "content": "x"});
        assert_eq!(
            touch("write_file", path.clone()),
            Touch::Writes("a.txt".into())
        );
        assert_eq!(touch("read_file", path), Touch::Reads("a.txt".into()));
        let ls = serde_json::json!({"command": "ls"});
        assert_eq!(touch("bash", ls), Touch::Runs("ls".into()));
        for quiet in [
            "check_tools",
            "manual",
            "vision",
            "note_append",
            "memorize",
            "recall",
        ] {
            assert_eq!(
                touch(quiet, serde_json::json!({})),
                Touch::Nothing,
                "{quiet}"
            );
        }
        for anything in ["speak", "create_skill", "edit_skill"] {
            assert_eq!(
                touch(anything, serde_json::json!({})),
                Touch::Anything,
                "{anything}"
            );
        }
    }
}
