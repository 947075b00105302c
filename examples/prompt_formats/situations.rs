//! The scripted situations and what counts as acting sensibly in each: a mechanical check of
//! the chosen tool and its key argument, so two formats are compared by outcomes, not taste.

use serde_json::Value;

/// One situation: what the creature is told, and the check its action must pass.
pub struct Situation {
    pub name: &'static str,
    /// What happened / what is asked, in plain words.
    pub text: &'static str,
    /// The same need as a short imperative task (how a plan step reads).
    pub task: &'static str,
    /// The tool a sensible action uses (the check also looks at its arguments).
    pub tool: &'static str,
    pub check: fn(&str, &Value) -> bool,
}

fn arg<'a>(args: &'a Value, key: &str) -> &'a str {
    args.get(key).and_then(Value::as_str).unwrap_or("")
}

fn has(args: &Value, key: &str, words: &[&str]) -> bool {
    let v = arg(args, key).to_lowercase();
    words.iter().all(|w| v.contains(w))
}

pub const SITUATIONS: &[Situation] = &[
    Situation {
        name: "read a named file",
        text: "The keeper asks what is written in notes.txt.",
        task: "show what notes.txt says",
        tool: "read_file",
        check: |tool, a| tool == "read_file" && arg(a, "path").ends_with("notes.txt"),
    },
    Situation {
        name: "write a file",
        text: "The keeper asks you to write the word hello into greeting.txt.",
        task: "write hello into greeting.txt",
        tool: "write_file",
        check: |tool, a| {
            tool == "write_file"
                && arg(a, "path").ends_with("greeting.txt")
                && has(a, "content", &["hello"])
        },
    },
    Situation {
        name: "list files",
        text: "You want to see which files are in the workspace.",
        task: "list the files in the workspace",
        tool: "bash",
        check: |tool, a| {
            tool == "bash" && (has(a, "command", &["ls"]) || has(a, "command", &["find"]))
        },
    },
    Situation {
        name: "append a note",
        text: "The keeper says: add 'buy milk' to the shopping notebook.",
        task: "add 'buy milk' to the shopping notebook",
        tool: "note_append",
        check: |tool, a| {
            tool == "note_append" && arg(a, "notebook") == "shopping" && has(a, "text", &["milk"])
        },
    },
    Situation {
        name: "read a notebook",
        text: "You want to see the notes in the plan notebook.",
        task: "read the plan notebook",
        tool: "note_read",
        check: |tool, a| tool == "note_read" && arg(a, "notebook") == "plan",
    },
    Situation {
        name: "close a note",
        text: "Step 3 of the plan notebook is finished; mark it done.",
        task: "mark note 3 of the plan notebook done",
        tool: "note_close",
        check: |tool, a| {
            tool == "note_close"
                && arg(a, "notebook") == "plan"
                && a.get("number").and_then(Value::as_i64) == Some(3)
        },
    },
    Situation {
        name: "list notebooks",
        text: "You want to know which notebooks exist.",
        task: "list the notebooks",
        tool: "note_list",
        check: |tool, _| tool == "note_list",
    },
    Situation {
        name: "check tools",
        text: "You are not sure which tools you can use right now.",
        task: "check which tools you have",
        tool: "check_tools",
        check: |tool, _| tool == "check_tools",
    },
    Situation {
        name: "answer a greeting",
        text: "The keeper says: good evening! How are you?",
        task: "answer the keeper's greeting: good evening! How are you?",
        tool: "reply",
        check: |tool, a| tool == "reply" && !arg(a, "text").trim().is_empty(),
    },
    Situation {
        name: "count lines",
        text: "The keeper asks how many lines data.csv has.",
        task: "count the lines of data.csv",
        tool: "bash",
        check: |tool, a| tool == "bash" && has(a, "command", &["wc", "data.csv"]),
    },
    Situation {
        name: "delete a file",
        text: "The temporary file tmp.txt is no longer needed; delete it.",
        task: "delete tmp.txt",
        tool: "bash",
        check: |tool, a| tool == "bash" && has(a, "command", &["rm", "tmp.txt"]),
    },
    Situation {
        name: "answer from a known fact",
        text: "Known fact (verified): the pump controller listens on TCP port 8731. The keeper asks which port the pump controller listens on.",
        task: "the pump controller listens on TCP port 8731 (verified); tell the keeper which port it listens on",
        tool: "reply",
        check: |tool, a| tool == "reply" && has(a, "text", &["8731"]),
    },
    Situation {
        name: "save a status",
        text: "The backup finished. Save the word done into status.txt.",
        task: "save the word done into status.txt",
        tool: "write_file",
        check: |tool, a| {
            tool == "write_file"
                && arg(a, "path").ends_with("status.txt")
                && has(a, "content", &["done"])
        },
    },
    Situation {
        name: "search a file",
        text: "The keeper asks which lines of server.log contain the word error.",
        task: "find the lines of server.log that contain error",
        tool: "bash",
        check: |tool, a| tool == "bash" && has(a, "command", &["grep", "error", "server.log"]),
    },
];
