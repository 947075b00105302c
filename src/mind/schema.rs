//! The action channel: one JSON Schema over the visible tools.
//!
//! A reply is `{"tool": NAME, "args": {...}}`: the tool name is an enum of exactly the tools
//! the creature can see (plus the grammar-level `reply`), and each tool's arguments are typed.
//! The same schema is sent as `response_format` to HTTP servers and turned into a grammar for
//! the embedded model, so a locked tool cannot even be emitted.

use serde_json::{Value, json};

use crate::creature::REPLY;
use crate::creature::tool::ToolSpec;

/// Most characters of any string argument the schema allows.
pub const MAX_STRING_CHARS: u64 = 4000;

/// Builds the action schema for these tools (in the given order), plus `reply`.
pub fn action_schema(tools: &[&ToolSpec]) -> Value {
    let mut branches: Vec<Value> = tools
        .iter()
        .map(|t| branch(t.name, args_schema(t)))
        .collect();
    branches.push(branch(
        REPLY,
        json!({
            "type": "object",
            "properties": { "text": { "type": "string", "maxLength": MAX_STRING_CHARS } },
            "required": ["text"],
            "additionalProperties": false
        }),
    ));
    json!({ "anyOf": branches })
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

fn branch(name: &str, args: Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "tool": { "type": "string", "enum": [name] },
            "args": args
        },
        "required": ["tool", "args"],
        "additionalProperties": false
    })
}

fn args_schema(tool: &ToolSpec) -> Value {
    let mut props = serde_json::Map::new();
    let mut required = Vec::new();
    for a in tool.args {
        let mut p = json!({ "type": a.ty.json_name() });
        if a.ty == crate::creature::tool::ArgType::String {
            p["maxLength"] = json!(MAX_STRING_CHARS);
        }
        props.insert(a.name.to_string(), p);
        if a.required {
            required.push(a.name);
        }
    }
    json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": false
    })
}
