//! The action channel: one JSON Schema over the visible tools.
//!
//! A reply is `{"tool": NAME, "args": {...}}`: the tool name is an enum of exactly the tools
//! the creature can see (plus the grammar-level `reply`), and each tool's arguments are typed.
//! The same schema is sent as `response_format` to HTTP servers and turned into a grammar for
//! the embedded model, so a locked tool cannot even be emitted.

use serde_json::{Map, Value, json};

use crate::creature::REPLY;
use crate::creature::tool::ToolSpec;

/// Most characters of any string argument the schema allows.
pub const MAX_STRING_CHARS: u64 = 4000;

/// Builds the action schema for these tools (in the given order), plus `reply`.
///
/// Built as values moved into place (the `json!` macro would copy every nested value it is
/// handed): a tick builds it once, and it is most of a tick's own work outside the store.
pub fn action_schema(tools: &[&ToolSpec]) -> Value {
    let mut branches: Vec<Value> = tools
        .iter()
        .map(|t| branch(t.name, args_schema(t)))
        .collect();
    let text = object([
        ("type", "string".into()),
        ("maxLength", MAX_STRING_CHARS.into()),
    ]);
    branches.push(branch(
        REPLY,
        object([
            ("type", "object".into()),
            ("properties", object([("text", text)])),
            ("required", json!(["text"])),
            ("additionalProperties", false.into()),
        ]),
    ));
    object([("anyOf", Value::Array(branches))])
}

/// The schema of a reply whose text is one of `texts` (an errand's answer picked out of what
/// its look showed, design §3.8).
pub fn reply_among(texts: &[String]) -> Value {
    let text = object([("type", "string".into()), ("enum", json!(texts))]);
    let reply = branch(
        REPLY,
        object([
            ("type", "object".into()),
            ("properties", object([("text", text)])),
            ("required", json!(["text"])),
            ("additionalProperties", false.into()),
        ]),
    );
    object([("anyOf", Value::Array(vec![reply]))])
}

/// `schema` with the `path` of `tools` (`read_file`, `write_file`) one of `paths`: the paths
/// an errand's words name, used whole. Unchanged when `paths` is empty.
pub fn paths_among(mut schema: Value, tools: &[&str], paths: &[String]) -> Value {
    if paths.is_empty() {
        return schema;
    }
    if let Some(branches) = schema.get_mut("anyOf").and_then(Value::as_array_mut) {
        for b in branches {
            let named = b
                .pointer("/properties/tool/enum/0")
                .and_then(Value::as_str)
                .is_some_and(|t| tools.contains(&t));
            if let Some(path) = b.pointer_mut("/properties/args/properties/path")
                && named
            {
                *path = object([("type", "string".into()), ("enum", json!(paths))]);
            }
        }
    }
    schema
}

/// `schema` with bash's `command` one of `commands`: the command an errand's step names, used
/// whole (design §3.8). Unchanged when `commands` is empty.
pub fn commands_among(mut schema: Value, commands: &[String]) -> Value {
    if commands.is_empty() {
        return schema;
    }
    if let Some(branches) = schema.get_mut("anyOf").and_then(Value::as_array_mut) {
        for b in branches {
            let bash = b.pointer("/properties/tool/enum/0").and_then(Value::as_str) == Some("bash");
            if let Some(command) = b.pointer_mut("/properties/args/properties/command")
                && bash
            {
                *command = object([("type", "string".into()), ("enum", json!(commands))]);
            }
        }
    }
    schema
}

/// The tool names a schema admits, in order.
pub fn schema_tool_names(schema: &Value) -> Vec<String> {
    schema
        .get("anyOf")
        .and_then(Value::as_array)
        .map(|branches| {
            branches
                .iter()
                .filter_map(|b| {
                    b.pointer("/properties/tool/enum/0")?
                        .as_str()
                        .map(String::from)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A JSON object of these members, in this order.
fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
    Value::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn branch(name: &str, args: Value) -> Value {
    let tool = object([("type", "string".into()), ("enum", json!([name]))]);
    object([
        ("type", "object".into()),
        ("properties", object([("tool", tool), ("args", args)])),
        ("required", json!(["tool", "args"])),
        ("additionalProperties", false.into()),
    ])
}

fn args_schema(tool: &ToolSpec) -> Value {
    let shape = |given: Option<&str>| {
        let mut props = Map::new();
        let mut required = Vec::new();
        for a in tool.args {
            let alternative = tool.one_of.contains(&a.name);
            if alternative && given != Some(a.name) {
                continue;
            }
            let mut p = Map::new();
            p.insert("type".into(), a.ty.json_name().into());
            match a.pattern {
                Some(pattern) => {
                    p.insert("pattern".into(), pattern.into());
                }
                None if a.ty == crate::creature::tool::ArgType::String => {
                    p.insert("maxLength".into(), MAX_STRING_CHARS.into());
                }
                None => {}
            }
            props.insert(a.name.to_string(), Value::Object(p));
            if a.required || alternative {
                required.push(Value::from(a.name));
            }
        }
        object([
            ("type", "object".into()),
            ("properties", Value::Object(props)),
            ("required", Value::Array(required)),
            ("additionalProperties", false.into()),
        ])
    };
    if tool.one_of.is_empty() {
        return shape(None);
    }
    // One shape per alternative: exactly one of them is given.
    object([(
        "anyOf",
        Value::Array(tool.one_of.iter().map(|n| shape(Some(n))).collect()),
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::tool::{ArgSpec, ArgType};

    static PATH: [ArgSpec; 1] = [ArgSpec::required("path", ArgType::String, "a path")];
    static COMMAND: [ArgSpec; 1] = [ArgSpec::required("command", ArgType::String, "a command")];
    static READ: ToolSpec = ToolSpec::new("read_file", &PATH, "read a file");
    static WRITE: ToolSpec = ToolSpec::new("write_file", &PATH, "write a file");
    static BASH: ToolSpec = ToolSpec::new("bash", &COMMAND, "run a command");

    fn every_tool() -> Value {
        action_schema(&[&READ, &WRITE, &BASH])
    }

    #[test]
    fn a_reply_among_texts_is_the_only_branch() {
        let s = reply_among(&["7341".into(), "quiet".into()]);
        assert_eq!(schema_tool_names(&s), vec!["reply"]);
        assert_eq!(
            s.pointer("/anyOf/0/properties/args/properties/text/enum"),
            Some(&json!(["7341", "quiet"]))
        );
    }

    #[test]
    fn named_paths_bind_the_path_tools() {
        let s = paths_among(every_tool(), &["read_file"], &["papers/a.cfg".into()]);
        let branch = |s: &Value, tool: &str| -> Value {
            s["anyOf"]
                .as_array()
                .unwrap()
                .iter()
                .find(|b| b.pointer("/properties/tool/enum/0") == Some(&json!(tool)))
                .cloned()
                .unwrap()
        };
        assert_eq!(
            branch(&s, "read_file").pointer("/properties/args/properties/path/enum"),
            Some(&json!(["papers/a.cfg"]))
        );
        assert!(
            branch(&s, "write_file")
                .pointer("/properties/args/properties/path/enum")
                .is_none()
        );
        assert_eq!(paths_among(every_tool(), &["read_file"], &[]), every_tool());
    }
}
