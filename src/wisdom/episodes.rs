//! Episodes: the adjudicated ledger. Every acting tick records one episode: the situation it
//! acted in, what it did (tool and normalized action signature), and how that was judged.
//! Reflexes, replay, recall and curation all read this ledger; none of them trusts anything
//! else.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::creature::{Action, FailKind};
use crate::doc;

/// Episodes kept in the ring (about ten weeks of ticks at one a minute).
pub const EPISODE_CAP: u64 = 100_000;
/// Most characters of an episode's summary.
pub const SUMMARY_CHARS: usize = 240;

/// One adjudicated act.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Episode {
    pub tick: u64,
    pub at: Millis,
    /// Active objective id + normalized current step.
    pub situation: String,
    pub tool: String,
    /// Normalized so that retries differing only in numbers, ports or quoting share one.
    pub signature: String,
    /// The action as the model wrote it, in the channel's JSON form (bounded).
    pub action: String,
    pub fail_kind: FailKind,
    pub success: bool,
    /// Done by a reflex: never counts toward a streak or pays anything.
    pub automated: bool,
    pub summary: String,
    pub duration_ms: u64,
    /// What it advanced that the world can check (design §6); an episode of an older store
    /// reads as having advanced nothing. Reflex streaks count only episodes that advanced.
    #[serde(default)]
    pub advanced: crate::creature::turns::Advanced,
    /// The step as it was written (the situation keeps it normalized), bounded; absent in
    /// older stores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
}

/// Most characters of an episode's step.
pub const STEP_CHARS: usize = 200;

doc!(Episode, "wis.episode", 1, Layout::Ring { cap: EPISODE_CAP });

/// Objective id used when no objective is active.
pub const NO_OBJECTIVE: &str = "-";

/// The situation key: active objective id + the current step, normalized (lowercase, digit
/// runs collapsed to `#`, punctuation dropped, whitespace collapsed, bounded).
pub fn situation_key(objective: Option<&str>, step: Option<&str>) -> String {
    let step = step.map(normalize_step).unwrap_or_default();
    format!("{}|{}", objective.unwrap_or(NO_OBJECTIVE), step)
}

fn normalize_step(step: &str) -> String {
    let mut out = String::new();
    let mut last_digit = false;
    for c in step.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
            continue;
        }
        last_digit = false;
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim().chars().take(120).collect()
}

/// The action signature: tool plus its arguments with quoting removed, digit runs collapsed,
/// whitespace collapsed, keys in a fixed order. `bash curl -s 'http://h:8080/x'` and
/// `bash curl -s "http://h:9090/x"` share `bash curl -s http://h:#/x`.
pub fn action_signature(action: &Action) -> String {
    let mut keys: Vec<&String> = action.args.keys().collect();
    keys.sort();
    let mut parts = vec![action.tool.clone()];
    for key in keys {
        let value = match &action.args[key] {
            serde_json::Value::String(s) => normalize_arg(s),
            other => normalize_arg(&other.to_string()),
        };
        if keys_needed(action) {
            parts.push(format!("{key}={value}"));
        } else {
            parts.push(value);
        }
    }
    parts.join(" ").chars().take(300).collect()
}

/// An action's shape, what a lesson of a kind recommends whatever paths it names: the tool, and
/// for a command its program (`bash cp`, `read_file`, `reply`).
pub fn action_shape(action: &Action) -> String {
    match action.str_arg("command") {
        Some(command) if action.tool == "bash" => {
            let program = command
                .split(|c: char| c.is_whitespace() || c == ';' || c == '|')
                .find(|w| !w.is_empty())
                .unwrap_or_default()
                .rsplit('/')
                .next()
                .unwrap_or_default();
            format!("bash {program}")
        }
        _ => action.tool.clone(),
    }
}

fn keys_needed(action: &Action) -> bool {
    action.args.len() > 1
}

fn normalize_arg(s: &str) -> String {
    let mut out = String::new();
    let mut last_digit = false;
    let mut last_space = false;
    for c in s.chars() {
        if matches!(c, '\'' | '"' | '`') {
            continue;
        }
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
            last_space = false;
            continue;
        }
        last_digit = false;
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
            continue;
        }
        last_space = false;
        out.push(c);
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn retries_differing_in_numbers_ports_or_quoting_share_a_signature() {
        let a = Action::new(
            "bash",
            json!({"command": "curl -s 'http://localhost:8080/x'"}),
        );
        let b = Action::new(
            "bash",
            json!({"command": "curl  -s \"http://localhost:9090/x\""}),
        );
        let c = Action::new("bash", json!({"command": "curl -s http://localhost:1/y"}));
        assert_eq!(action_signature(&a), action_signature(&b));
        assert_eq!(action_signature(&a), "bash curl -s http://localhost:#/x");
        assert_ne!(action_signature(&a), action_signature(&c));
    }

    #[test]
    fn multi_argument_signatures_name_keys_in_order() {
        let a = Action::new("write_file", json!({"path": "a1.txt", "content": "x"}));
        let b = Action::new("write_file", json!({"content": "x", "path": "a22.txt"}));
        assert_eq!(action_signature(&a), action_signature(&b));
        assert_eq!(action_signature(&a), "write_file content=x path=a#.txt");
    }

    #[test]
    fn situation_keys_collapse_digits_and_case() {
        assert_eq!(
            situation_key(None, Some("Fix port 8080 NOW!")),
            "-|fix port # now"
        );
        assert_eq!(
            situation_key(Some("o3"), Some("fix port 9090 now")),
            "o3|fix port # now"
        );
        assert_eq!(situation_key(None, None), "-|");
    }
}
