//! The prompt formats under comparison. Each renders the same few worked examples (none of
//! them one of the scored situations) and the same situation; they differ only in framing.

use wis::creature::morph::Morph;
use wis::creature::stream::{StreamLine, Voice, render_recent};
use wis::creature::tool::ToolSpec;
use wis::creature::{Persona, Unlocks};
use wis::world::prompt::{self, Tail, work_cue};
use wis::world::units;

/// The newborn's tools: the situations are all answerable with them.
pub fn newborn_tools() -> Vec<&'static ToolSpec> {
    units::visible_tools(&Unlocks::newborn(0), &[])
}

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

/// Two more, so that every tool has one worked example.
const MORE_EXAMPLES: &[(&str, &str)] = &[
    (
        "You want an overview of your notebooks.",
        r#"{"tool": "note_list", "args": {}}"#,
    ),
    (
        "You wonder what you are able to do now.",
        r#"{"tool": "check_tools", "args": {}}"#,
    ),
];

/// The same worked examples as short imperative tasks, in the same order.
const TASKS: &[&str] = &[
    "show what todo.md says",
    "write ok into result.txt",
    "show how much disk space is free",
    "add 'call Bob' to the errands notebook",
    "read the ideas notebook",
    "mark note 1 of the errands notebook done",
    "answer the keeper's greeting: good morning!",
    "list your notebooks",
    "check what you are able to do now",
];

/// A named way of framing a situation.
pub struct Format {
    pub name: &'static str,
    pub about: &'static str,
    /// Renders the situation's plain text, or its imperative task when `imperative`.
    pub render: fn(&str) -> String,
    pub imperative: bool,
}

pub const FORMATS: &[Format] = &[
    Format {
        name: "instruction",
        about: "tool manual and an instruction, no examples",
        render: |s| format!("{}\nSituation: {s}\nYour action: ", manual()),
        imperative: false,
    },
    Format {
        name: "qa",
        about: "earlier Q/A pairs whose answers are actions",
        render: |s| format!("{}Q: {s}\nA: ", pairs("Q: ", "A: ")),
        imperative: false,
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
        imperative: false,
    },
    Format {
        name: "manual+qa",
        about: "tool manual, then Q/A pairs",
        render: |s| format!("{}\n{}Q: {s}\nA: ", manual(), pairs("Q: ", "A: ")),
        imperative: false,
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
        imperative: false,
    },
    Format {
        name: "qa, every tool",
        about: "Q/A pairs, one per tool",
        render: |s| format!("{}Q: {s}\nA: ", pairs_all("Q: ", "A: ")),
        imperative: false,
    },
    Format {
        name: "transcript, every tool",
        about: "an Observation/Action log, one entry per tool",
        render: |s| {
            format!(
                "{}Observation: {s}\nAction: ",
                pairs_all("Observation: ", "Action: ")
            )
        },
        imperative: false,
    },
    Format {
        name: "jsonl, every tool",
        about: "JSON lines {situation, action}, one per tool; the action completes the last line",
        render: |s| {
            let lines: String = all_examples()
                .map(|(x, a)| format!("{{\"situation\": {}, \"action\": {a}}}\n", quoted(x)))
                .collect();
            format!("{lines}{{\"situation\": {}, \"action\": ", quoted(s))
        },
        imperative: false,
    },
    Format {
        name: "manual with examples",
        about: "one line per tool with its example action, then the situation",
        render: |s| format!("{}\nSituation: {s}\nAction: ", manual_with_examples()),
        imperative: false,
    },
    Format {
        name: "qa, every tool, tasks",
        about: "Q/A pairs, one per tool, each Q an imperative task",
        render: |s| format!("{}Q: {s}\nA: ", task_pairs("Q: ", "A: ")),
        imperative: true,
    },
    Format {
        name: "wis tick prompt",
        about: "the tick's own prompt for a newborn, the task as its plan step",
        render: tick_prompt,
        imperative: true,
    },
    Format {
        name: "wis tick prompt, old order",
        about: "the same before the reorder for prompt caches: now and plan before the stream",
        render: |task| old_order(task, &[]),
        imperative: true,
    },
    Format {
        name: "wis tick prompt, lived",
        about: "the tick's own prompt after six earlier ticks (stream, then now and plan)",
        render: |task| tick_prompt_with(task, &lived_stream()),
        imperative: true,
    },
    Format {
        name: "wis tick prompt, lived, old order",
        about: "the same six ticks laid out as before the reorder",
        render: |task| old_order(task, &lived_stream()),
        imperative: true,
    },
    Format {
        name: "transcript, every tool, tasks",
        about: "a Task/Action log, one entry per tool",
        render: |s| format!("{}Task: {s}\nAction: ", task_pairs("Task: ", "Action: ")),
        imperative: true,
    },
];

fn task_pairs(ask: &str, answer: &str) -> String {
    TASKS
        .iter()
        .zip(all_examples())
        .map(|(t, (_, a))| format!("{ask}{t}\n{answer}{a}\n\n"))
        .collect()
}

fn all_examples() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    EXAMPLES.iter().chain(MORE_EXAMPLES)
}

fn quoted(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

fn pairs_all(ask: &str, answer: &str) -> String {
    all_examples()
        .map(|(s, a)| format!("{ask}{s}\n{answer}{a}\n\n"))
        .collect()
}

/// Each tool's manual line followed by its worked example.
fn manual_with_examples() -> String {
    let mut out = String::from(
        "You are a small program that lives in a workspace and acts through tools, one JSON action at a time.\n\n",
    );
    for (situation, action) in all_examples() {
        let tool: serde_json::Value = serde_json::from_str(action).unwrap_or_default();
        let name = tool["tool"].as_str().unwrap_or_default();
        let about = newborn_tools()
            .into_iter()
            .find(|t| t.name == name)
            .map_or("say something to the keeper", |t| t.about);
        out.push_str(&format!(
            "{name}: {about}.\nSituation: {situation}\nAction: {action}\n\n"
        ));
    }
    out
}

/// The tool manual: one line per tool with its typed arguments.
fn manual() -> String {
    let mut out = String::from(
        "You are a small program that lives in a workspace and acts through tools.\nTools:\n",
    );
    for t in newborn_tools() {
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

/// The prompt `wis tick` builds for a newborn whose plan's first open step is the task.
fn tick_prompt(task: &str) -> String {
    tick_prompt_with(task, &[])
}

/// Six earlier ticks of a newborn's life as its stream shows them: each act in the action
/// channel's JSON, then what the world answered. None is one of the scored situations.
fn lived_stream() -> Vec<StreamLine> {
    let ticks: &[(&str, &str)] = &[
        (
            r#"{"tool": "check_tools", "args": {}}"#,
            "ok: you can use read_file, write_file, bash, note_append, note_read, note_close, note_list",
        ),
        (
            r#"{"tool": "bash", "args": {"command": "ls"}}"#,
            "ok: plan.md\nreadme.txt",
        ),
        (
            r#"{"tool": "read_file", "args": {"path": "readme.txt"}}"#,
            "ok: Welcome. The keeper leaves tasks in the plan.",
        ),
        (
            r#"{"tool": "note_append", "args": {"notebook": "plan", "text": "tidy the workspace"}}"#,
            "ok: note 1 added to plan",
        ),
        (
            r#"{"tool": "write_file", "args": {"path": "log.txt", "content": "started"}}"#,
            "ok: wrote 7 bytes to log.txt",
        ),
        (
            r#"{"tool": "note_read", "args": {"notebook": "plan"}}"#,
            "ok: 1. [ ] tidy the workspace",
        ),
    ];
    ticks
        .iter()
        .enumerate()
        .flat_map(|(i, (act, seen))| {
            let tick = i as u64 + 1;
            [
                StreamLine::new(tick, 0, Voice::Act, *act),
                StreamLine::new(tick, 0, Voice::Observe, *seen),
            ]
        })
        .collect()
}

/// The tick's prompt as it was laid out before the reorder for prompt caches (the tick line
/// and the plan before the stream), kept so the two layouts are measured in one run.
fn old_order(task: &str, stream: &[StreamLine]) -> String {
    let persona = Persona::newborn("Tam", 0);
    let stable = prompt::stable(&persona, Morph::Otter, &Unlocks::newborn(0));
    let recent = render_recent(stream, 12_000);
    let recent = if recent.is_empty() {
        "(nothing yet)".to_string()
    } else {
        recent.join("\n")
    };
    format!(
        "{stable}## Now\nTick {}. Level {}, {} XP. Sleep pressure {:.0} of {:.0}.\n\n## Plan\n1. [ ] {task}\n\n## Recent\n{recent}\n\n{}",
        stream.len() / 2 + 1,
        persona.level(),
        persona.xp,
        persona.sleep_pressure,
        persona.nap_threshold(),
        work_cue(Some(task))
    )
}

/// The prompt `wis tick` builds after `stream` for a creature whose plan's first open step is
/// the task.
fn tick_prompt_with(task: &str, stream: &[StreamLine]) -> String {
    let persona = Persona::newborn("Tam", 0);
    let tail = Tail {
        tick: stream.len() as u64 / 2 + 1,
        plan: Some(format!("1. [ ] {task}")),
        stream,
        stream_from_birth: true,
        cue: &work_cue(Some(task)),
        ..Default::default()
    };
    let built = prompt::build(
        &persona,
        Morph::Otter,
        &Unlocks::newborn(0),
        &tail,
        &wis::base::config::Context::default(),
    );
    built.document()
}
