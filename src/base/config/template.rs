//! The commented `wis.toml` template, and the key list derived from it.
//!
//! Lines of the form `# key = value` show a default; `#? key = value` show an optional key
//! with an example. Uncommenting the former must give exactly the defaults in code (tested),
//! so the template cannot drift from the structs.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The template `wis init` writes.
pub const TEMPLATE: &str = include_str!("template.toml");

/// Uncomments the template's key lines: the defaults only, or also the optional examples.
pub fn uncomment(with_optional: bool) -> String {
    let mut out = String::new();
    for line in TEMPLATE.lines() {
        let body = if let Some(rest) = line.strip_prefix("#? ") {
            with_optional.then_some(rest)
        } else {
            line.strip_prefix("# ").filter(|rest| is_key_line(rest))
        };
        match body {
            Some(body) if is_key_line(body) => out.push_str(body),
            _ if line.starts_with('[') => out.push_str(line),
            _ => {}
        }
        out.push('\n');
    }
    out
}

fn is_key_line(s: &str) -> bool {
    let s = s.trim();
    if s.starts_with('[') && s.ends_with(']') {
        return s[1..s.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    }
    match s.split_once(" = ") {
        Some((key, _)) => key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit()),
        None => false,
    }
}

/// Every scalar key (`section.key`) with a value of its type (default or example).
pub fn known_keys() -> &'static BTreeMap<String, toml::Value> {
    static KEYS: OnceLock<BTreeMap<String, toml::Value>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let table: toml::Table = uncomment(true).parse().unwrap_or_default();
        let mut keys = BTreeMap::new();
        for (section, body) in &table {
            let Some(body) = body.as_table() else {
                continue;
            };
            for (key, value) in body {
                if !value.is_table() {
                    keys.insert(format!("{section}.{key}"), value.clone());
                }
            }
        }
        keys
    })
}

/// The environment variable that overrides a key: `llm.url` → `WIS_LLM_URL`.
pub fn env_var_name(key: &str) -> String {
    format!("WIS_{}", key.replace(['.', '-'], "_").to_ascii_uppercase())
}
