//! The action channel's payload: one tool call (or a text reply) the model chose.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The grammar-level text channel: never locked, never a tool of any unit. A newborn can
/// babble from tick 1; the battery's text answers come through it.
pub const REPLY: &str = "reply";

/// One decision of the model: `{"tool": name, "args": {...}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    pub tool: String,
    #[serde(default)]
    pub args: Map<String, Value>,
}

impl Action {
    pub fn new(tool: &str, args: Value) -> Action {
        let args = match args {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        Action {
            tool: tool.to_string(),
            args,
        }
    }

    /// The action in the channel's own JSON form, as the model writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A string argument.
    pub fn str_arg(&self, name: &str) -> Option<&str> {
        self.args.get(name).and_then(Value::as_str)
    }

    /// A short human rendering: bash `ls -la`, write_file `notes.txt`.
    pub fn brief(&self, max_chars: usize) -> String {
        let main = ["command", "path", "text", "name", "query", "title"]
            .iter()
            .find_map(|k| self.str_arg(k))
            .map(|s| s.replace('\n', " "))
            .unwrap_or_default();
        let main = if main.chars().count() > max_chars {
            format!("{}…", main.chars().take(max_chars).collect::<String>())
        } else {
            main
        };
        if main.is_empty() {
            self.tool.clone()
        } else {
            format!("{} `{main}`", self.tool)
        }
    }
}
