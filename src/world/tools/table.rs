//! The table of every creature tool, in ladder order (U0 first). Each tool belongs to exactly
//! one unit (a test in `life::units` holds that), and its wording is free of body nouns: the
//! stanzas speak in the morph's words, these lines in plain ones.

use crate::creature::tool::ArgType::{Integer, String as Str};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};

const fn arg(name: &'static str, ty: ArgType, required: bool, about: &'static str) -> ArgSpec {
    ArgSpec {
        name,
        ty,
        required,
        about,
    }
}

const fn tool(
    name: &'static str,
    unit: &'static str,
    args: &'static [ArgSpec],
    about: &'static str,
    needs_store: bool,
) -> ToolSpec {
    ToolSpec {
        name,
        unit,
        args,
        about,
        needs_store,
        aliases: &[],
    }
}

const NOTEBOOK: ArgSpec = arg("notebook", Str, true, "notebook name, e.g. plan");
const SKILL_NAME: ArgSpec = arg(
    "name",
    Str,
    true,
    "the skill's name: 2-30 lowercase letters, digits or _",
);
const OBJECTIVE_ID: ArgSpec = arg("id", Integer, true, "the objective's number");

/// Every creature tool.
pub static TOOLS: &[ToolSpec] = &[
    // U0: the newborn body.
    tool(
        "bash",
        "U0",
        &[arg(
            "command",
            Str,
            true,
            "a shell command, run in the workspace",
        )],
        "run a shell command in the workspace",
        false,
    ),
    tool(
        "write_file",
        "U0",
        &[
            arg("path", Str, true, "a path inside the workspace"),
            arg("content", Str, true, "the whole new content of the file"),
        ],
        "write a file in the workspace (replacing it)",
        false,
    ),
    tool(
        "read_file",
        "U0",
        &[arg("path", Str, true, "a path inside the workspace")],
        "read a file in the workspace",
        false,
    ),
    tool(
        "note_append",
        "U0",
        &[NOTEBOOK, arg("text", Str, true, "one note")],
        "add a note to a notebook (the first open note of `plan` is the current step)",
        true,
    ),
    tool(
        "note_read",
        "U0",
        &[arg("notebook", Str, true, "notebook name")],
        "read a notebook's notes, numbered, open and closed",
        true,
    ),
    tool(
        "note_list",
        "U0",
        &[],
        "list notebooks with their open-note counts",
        true,
    ),
    tool(
        "note_close",
        "U0",
        &[
            arg("notebook", Str, true, "notebook name"),
            arg("number", Integer, true, "the note's number from note_read"),
        ],
        "mark a note done",
        true,
    ),
    tool(
        "check_tools",
        "U0",
        &[],
        "list the tools you have now",
        false,
    ),
    // U1: memory.
    tool(
        "memorize",
        "U1",
        &[
            arg("text", Str, true, "what to remember, in a sentence or two"),
            arg(
                "kind",
                Str,
                false,
                "fact, procedure, strategy or musing (default fact)",
            ),
        ],
        "keep something in memory on purpose",
        true,
    ),
    tool(
        "recall",
        "U1",
        &[arg("query", Str, true, "what to look for, in plain words")],
        "search memory for what is most like the query",
        true,
    ),
    // U2: skillcraft.
    tool(
        "create_skill",
        "U2",
        &[
            SKILL_NAME,
            arg(
                "script",
                Str,
                true,
                "a shell script; its input arrives as $1",
            ),
            arg("about", Str, true, "one line: what the skill does"),
        ],
        "make a new skill: a script that becomes a tool of its own, skill_NAME",
        true,
    ),
    tool(
        "edit_skill",
        "U2",
        &[
            SKILL_NAME,
            arg("script", Str, true, "the new script"),
            arg("about", Str, false, "a new one-line description"),
        ],
        "write a new version of a skill; it runs from the next call",
        true,
    ),
    tool(
        "list_skills",
        "U2",
        &[],
        "list your skills with their versions, which one runs, and which one last worked",
        true,
    ),
    tool(
        "rollback_skill",
        "U2",
        &[SKILL_NAME],
        "make the last version of a skill that ran successfully the one that runs",
        true,
    ),
    tool(
        "manual",
        "U2",
        &[arg(
            "topic",
            Str,
            false,
            "a tool or topic; leave it out for the list of pages",
        )],
        "read the manual page of a tool you have, or of a topic",
        false,
    ),
    // U3: foresight.
    tool(
        "predict",
        "U3",
        &[
            arg("claim", Str, true, "what you expect, in one sentence"),
            arg(
                "check",
                Str,
                false,
                "a shell command that exits 0 when the claim held",
            ),
            arg(
                "stat",
                Str,
                false,
                "or a stat condition instead, e.g. `skills.live >= 2`",
            ),
            arg(
                "within",
                Integer,
                true,
                "after how many turns the world checks it (1-200)",
            ),
        ],
        "write down a prediction the world will check after a number of turns",
        true,
    ),
    // U4a: sight.
    ToolSpec {
        aliases: &["see"],
        ..tool(
            "vision",
            "U4a",
            &[
                arg(
                    "path",
                    Str,
                    true,
                    "an image file in the workspace (png, jpg, gif, webp)",
                ),
                arg(
                    "question",
                    Str,
                    false,
                    "what to look for (default: describe it)",
                ),
            ],
            "look at an image file and say what is in it",
            false,
        )
    },
    // U4b: voice.
    tool(
        "speak",
        "U4b",
        &[arg("text", Str, true, "what to say aloud")],
        "say a text aloud",
        false,
    ),
    // U5: resolve.
    tool(
        "objective_add",
        "U5",
        &[arg("text", Str, true, "the objective, in one sentence")],
        "set yourself an objective; the first open one is the active one",
        true,
    ),
    tool(
        "objective_done",
        "U5",
        &[OBJECTIVE_ID],
        "mark an objective completed",
        true,
    ),
    tool(
        "objective_block",
        "U5",
        &[
            OBJECTIVE_ID,
            arg("why", Str, true, "what stands in the way"),
        ],
        "mark an objective blocked, with the reason",
        true,
    ),
    tool(
        "objective_list",
        "U5",
        &[],
        "list your objectives: open, done and blocked",
        true,
    ),
    // U6: workshop.
    tool(
        "delegate",
        "U6",
        &[arg(
            "task",
            Str,
            true,
            "a bounded job, stated completely: it is worked on without you",
        )],
        "hand one job to a deeper mind; its digest comes back on a later turn",
        true,
    ),
];
