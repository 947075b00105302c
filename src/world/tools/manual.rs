//! `manual`: a page for every tool the creature has (its own skills included) and the topics
//! of its granted units. It is one of the five surfaces of the visible tools: a locked tool has
//! no page, and asking for one reads exactly like asking for a page that never existed.

use super::{Run, Tool};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec, find_visible};
use crate::creature::{Action, FailKind, Outcome};
use crate::world::dispatch::Body;
use crate::world::units::units_in;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "manual",
        &[ArgSpec::optional(
            "topic",
            ArgType::String,
            "a tool or topic; leave it out for the list of pages",
        )],
        "read the manual page of a tool you have, or of a topic",
    ),
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    manual(action.str_arg("topic"), body.visible)
}

/// Answers `manual {topic}` over this tick's visible tools.
pub fn manual(topic: Option<&str>, visible: &[&ToolSpec]) -> Outcome {
    let units = units_in(visible);
    let topic = topic.map(str::trim).filter(|t| !t.is_empty());
    let Some(topic) = topic else {
        let tools: Vec<&str> = visible.iter().map(|t| t.name).collect();
        let topics: Vec<&str> = units
            .iter()
            .flat_map(|u| u.topics.iter().map(|t| t.name))
            .collect();
        return Outcome::ok(format!(
            "Pages: {}.\nTopics: {}.\nRead one with manual and its name as the topic.",
            tools.join(", "),
            topics.join(", ")
        ));
    };
    let lower = topic.to_lowercase();
    if let Some(spec) = find_visible(visible, &lower) {
        return Outcome::ok(page(spec));
    }
    if let Some(t) = units
        .iter()
        .flat_map(|u| u.topics.iter())
        .find(|t| t.name == lower)
    {
        return Outcome::ok(format!("{}\n\n{}", t.name, t.text));
    }
    Outcome::fail(
        FailKind::NotFound,
        format!("there is no page called {topic}"),
    )
}

/// One tool's page: what it does, its arguments, a call.
pub fn page(spec: &ToolSpec) -> String {
    let mut out = format!("{}: {}\n", spec.name, spec.about);
    if spec.args.is_empty() {
        out.push_str("It takes no arguments.\n");
    } else {
        out.push_str("Arguments:\n");
        for a in spec.args {
            let need = if a.required { "required" } else { "optional" };
            out.push_str(&format!(
                "  {} ({}, {need}): {}\n",
                a.name,
                a.ty.json_name(),
                a.about
            ));
        }
    }
    if !spec.aliases.is_empty() {
        out.push_str(&format!("Also answers to: {}.\n", spec.aliases.join(", ")));
    }
    let example: serde_json::Map<String, serde_json::Value> = spec
        .args
        .iter()
        .filter(|a| a.required)
        .map(|a| {
            let v = match a.ty {
                ArgType::String => serde_json::Value::from("..."),
                ArgType::Integer => serde_json::Value::from(1),
                ArgType::Boolean => serde_json::Value::from(true),
            };
            (a.name.to_string(), v)
        })
        .collect();
    let call = serde_json::json!({"tool": spec.name, "args": example});
    out.push_str(&format!("Call: {call}"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::Unlocks;
    use crate::world::TOOLS;
    use crate::world::units::visible_tools;

    #[test]
    fn pages_exist_only_for_visible_tools_and_granted_topics() {
        let visible = visible_tools(&Unlocks::newborn(0), &[]);
        let index = manual(None, &visible).output;
        assert!(
            index.contains("bash") && index.contains("notebooks"),
            "{index}"
        );
        assert!(
            !index.contains("predict") && !index.contains("skills"),
            "{index}"
        );
        let page = manual(Some("note_close"), &visible);
        assert!(page.success && page.output.contains("number (integer, required)"));
        let locked = manual(Some("predict"), &visible);
        let never = manual(Some("teleport"), &visible);
        assert_eq!(locked.fail_kind, FailKind::NotFound);
        assert_eq!(
            locked.output.replace("predict", "X"),
            never.output.replace("teleport", "X")
        );
        assert!(!manual(Some("skills"), &visible).success);
        let all: Vec<&ToolSpec> = TOOLS.iter().collect();
        assert!(manual(Some("skills"), &all).success);
        assert!(manual(Some("see"), &all).output.starts_with("vision:"));
    }
}
