//! The action schema over the creature's real tool table: it names exactly the tools it is
//! given, and `reply`, and an action's tool comes before its arguments.

use wis::creature::REPLY;
use wis::creature::tool::ToolSpec;
use wis::mind::schema::{action_schema, schema_tool_names};
use wis::world::tools::TOOLS;

#[test]
fn schema_names_exactly_the_given_tools_and_reply() {
    let tools: Vec<&ToolSpec> = TOOLS.iter().filter(|t| t.name != "bash").collect();
    let schema = action_schema(&tools);
    let names = schema_tool_names(&schema);
    assert!(!names.contains(&"bash".to_string()));
    assert_eq!(names.last().map(String::as_str), Some(REPLY));
    assert_eq!(names.len(), tools.len() + 1);
}

#[test]
fn tool_comes_before_args() {
    let schema = action_schema(&[&TOOLS[0]]);
    let text = schema.to_string();
    assert!(text.find("\"tool\"").unwrap() < text.find("\"args\"").unwrap());
}

/// The schema over every tool, as the model's grammar is made from it: a change of its text is
/// a reviewed snapshot diff, whatever the code that builds it.
#[test]
fn the_schema_over_every_tool_is_pinned() {
    let tools: Vec<&ToolSpec> = TOOLS.iter().collect();
    let text = serde_json::to_string_pretty(&action_schema(&tools)).unwrap();
    insta::assert_snapshot!("action-schema-every-tool", text);
}
