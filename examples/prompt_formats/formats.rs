//! The prompt formats under comparison. Each renders the same few worked examples (none of
//! them one of the scored situations) and the same situation; they differ only in framing.

use wis::world::TOOLS;

/// Worked examples: (situation, the action that answers it).
const EXAMPLES: &[(&str, &str)] = &[
    (
        "You want to see what is inside todo.md.",
        r#"{"tool": "read_file", "args": {"path": "todo.md"}}"#,
    ),
    (
        "The keeper asks you to put the word ok into result.txt.",
        r#"{"tool": "write_file", "args": {"path": "result.txt", "content": "ok"}}"#,
    ),
    (
        "You want to know how much disk space is free.",
        r#"{"tool": "bash", "args": {"command": "df -h"}}"#,
    ),
    (
        "The keeper says: add 'call Bob' to the errands notebook.",
        r#"{"tool": "note_append", "args": {"notebook": "errands", "text": "call Bob"}}"#,
    ),
    (
        "You want to see the notes in the ideas notebook.",
        r#"{"tool": "note_read", "args": {"notebook": "ideas"}}"#,
    ),
    (
        "Note 1 of the errands notebook is finished; mark it done.",
        r#"{"tool": "note_close", "args": {"notebook": "errands", "number": 1}}"#,
    ),
    (
        "The keeper says: good morning!",
        r#"{"tool": "reply", "args": {"text": "Good morning! I am well."}}"#,
    ),
];

/// A named way of framing a situation.
pub struct Format {
    pub name: &'static str,
    pub about: &'static str,
    pub render: fn(&str) -> String,
}

pub const FORMATS: &[Format] = &[
    Format {
        name: "instruction",
        about: "tool manual and an instruction, no examples",
        render: |s| format!("{}\nSituation: {s}\nYour action: ", manual()),
    },
    Format {
        name: "qa",
        about: "earlier Q/A pairs whose answers are actions",
        render: |s| format!("{}Q: {s}\nA: ", pairs("Q: ", "A: ")),
    },
    Format {
        name: "transcript",
        about: "an Observation/Action log",
        render: |s| {
            format!(
                "{}Observation: {s}\nAction: ",
                pairs("Observation: ", "Action: ")
            )
        },
    },
    Format {
        name: "manual+qa",
        about: "tool manual, then Q/A pairs",
        render: |s| format!("{}\n{}Q: {s}\nA: ", manual(), pairs("Q: ", "A: ")),
    },
    Format {
        name: "manual+transcript",
        about: "tool manual, then an Observation/Action log",
        render: |s| {
            format!(
                "{}\n{}Observation: {s}\nAction: ",
                manual(),
                pairs("Observation: ", "Action: ")
            )
        },
    },
];

/// The tool manual: one line per tool with its typed arguments.
fn manual() -> String {
    let mut out = String::from(
        "You are a small program that lives in a workspace and acts through tools.\nTools:\n",
    );
    for t in TOOLS {
        let args: Vec<String> = t
            .args
            .iter()
            .map(|a| format!("{}: {}", a.name, a.ty.json_name()))
            .collect();
        out.push_str(&format!("- {}({}): {}\n", t.name, args.join(", "), t.about));
    }
    out.push_str("- reply(text: string): say something to the keeper\n");
    out.push_str("Act with exactly one JSON object: {\"tool\": NAME, \"args\": {...}}.\n");
    out
}

fn pairs(ask: &str, answer: &str) -> String {
    EXAMPLES
        .iter()
        .map(|(s, a)| format!("{ask}{s}\n{answer}{a}\n\n"))
        .collect()
}
