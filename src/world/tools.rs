//! The creature's tools as data: names, typed arguments, the unit each belongs to, and
//! whether running it needs the store.
//!
//! The action schema, the prompt, check_tools and dispatch all read these specs, so a tool is
//! described once. Which tools a creature can see is decided by its unlocked units.

/// The JSON type of an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    String,
    Integer,
    Boolean,
}

impl ArgType {
    pub fn json_name(self) -> &'static str {
        match self {
            ArgType::String => "string",
            ArgType::Integer => "integer",
            ArgType::Boolean => "boolean",
        }
    }
}

/// One argument of a tool.
#[derive(Debug, Clone, Copy)]
pub struct ArgSpec {
    pub name: &'static str,
    pub ty: ArgType,
    pub required: bool,
    /// One line for the manual and the schema's description.
    pub about: &'static str,
}

/// One tool.
#[derive(Debug, Clone, Copy)]
pub struct ToolSpec {
    pub name: &'static str,
    /// The unit it arrives with (`U0` …).
    pub unit: &'static str,
    pub args: &'static [ArgSpec],
    /// One line, free of body nouns (the stanzas speak in the morph's words).
    pub about: &'static str,
    /// Runs against the store (notes, memory) rather than the workspace.
    pub needs_store: bool,
}

const fn arg(name: &'static str, ty: ArgType, required: bool, about: &'static str) -> ArgSpec {
    ArgSpec {
        name,
        ty,
        required,
        about,
    }
}

use ArgType::{Integer, String as Str};

/// Every creature tool.
pub static TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "bash",
        unit: "U0",
        args: &[arg(
            "command",
            Str,
            true,
            "a shell command, run in the workspace",
        )],
        about: "run a shell command in the workspace",
        needs_store: false,
    },
    ToolSpec {
        name: "write_file",
        unit: "U0",
        args: &[
            arg("path", Str, true, "a path inside the workspace"),
            arg("content", Str, true, "the whole new content of the file"),
        ],
        about: "write a file in the workspace (replacing it)",
        needs_store: false,
    },
    ToolSpec {
        name: "read_file",
        unit: "U0",
        args: &[arg("path", Str, true, "a path inside the workspace")],
        about: "read a file in the workspace",
        needs_store: false,
    },
    ToolSpec {
        name: "note_append",
        unit: "U0",
        args: &[
            arg("notebook", Str, true, "notebook name, e.g. plan"),
            arg("text", Str, true, "one note"),
        ],
        about: "add a note to a notebook (the first open note of `plan` is the current step)",
        needs_store: true,
    },
    ToolSpec {
        name: "note_read",
        unit: "U0",
        args: &[arg("notebook", Str, true, "notebook name")],
        about: "read a notebook's notes, numbered, open and closed",
        needs_store: true,
    },
    ToolSpec {
        name: "note_list",
        unit: "U0",
        args: &[],
        about: "list notebooks with their open-note counts",
        needs_store: true,
    },
    ToolSpec {
        name: "note_close",
        unit: "U0",
        args: &[
            arg("notebook", Str, true, "notebook name"),
            arg("number", Integer, true, "the note's number from note_read"),
        ],
        about: "mark a note done",
        needs_store: true,
    },
    ToolSpec {
        name: "check_tools",
        unit: "U0",
        args: &[],
        about: "list the tools you have now",
        needs_store: false,
    },
];

/// The spec of a tool by name (locked or not).
pub fn spec(name: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|t| t.name == name)
}

/// The tools of one unit, in table order.
pub fn unit_tools(unit: &str) -> impl Iterator<Item = &'static ToolSpec> + '_ {
    TOOLS.iter().filter(move |t| t.unit == unit)
}
