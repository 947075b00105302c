//! Finding the JSON object in a reply that may carry prose, code fences or a cut tail.
//!
//! A scan over the text tries each `{` in order as the start of an object, finds its
//! balanced end (braces inside strings do not count), and parses that slice. The first
//! object with a `"tool"` key wins; failing that, the first thing found decides what went
//! wrong (an object without `tool`, an object that never closes, or one that is not JSON).
//! The scan is iterative and bounded, so no input can make it recurse or run long.

use serde_json::{Map, Value};

/// Most `{` positions tried as the start of an object.
const MAX_CANDIDATES: usize = 64;

/// What the scan found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// A JSON object: the first with a `tool` key, else the first that parsed.
    Object(Map<String, Value>),
    /// No `{` at all.
    Nothing,
    /// An object starts but the text ends before it closes.
    Unterminated,
    /// Balanced braces that are not valid JSON (the parser's words).
    Invalid(String),
}

/// Finds the action object in `text`.
pub fn find_object(text: &str) -> Found {
    let trimmed = text.trim();
    if let Ok(Value::Object(map)) = serde_json::from_str::<Value>(trimmed) {
        return Found::Object(map);
    }
    let bytes = text.as_bytes();
    let mut first: Option<Found> = None;
    let starts = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'{')
        .map(|(i, _)| i)
        .take(MAX_CANDIDATES);
    for start in starts {
        let found = match balanced_end(bytes, start) {
            None => Found::Unterminated,
            Some(end) => match serde_json::from_str::<Value>(&text[start..=end]) {
                Ok(Value::Object(map)) if map.contains_key("tool") => return Found::Object(map),
                Ok(Value::Object(map)) => Found::Object(map),
                Ok(_) => continue,
                Err(e) => Found::Invalid(e.to_string()),
            },
        };
        first.get_or_insert(found);
    }
    first.unwrap_or(Found::Nothing)
}

/// The index of the `}` closing the object that opens at `start`, if the text has one.
fn balanced_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool_of(found: Found) -> Option<String> {
        match found {
            Found::Object(map) => map.get("tool")?.as_str().map(String::from),
            _ => None,
        }
    }

    #[test]
    fn plain_object() {
        let found = find_object(r#"{"tool":"bash","args":{}}"#);
        assert_eq!(tool_of(found).as_deref(), Some("bash"));
    }

    #[test]
    fn prose_and_fences_around_the_object() {
        let text = "Sure! Here it is:\n```json\n{\"tool\": \"ls\", \"args\": {}}\n```\nDone.";
        assert_eq!(tool_of(find_object(text)).as_deref(), Some("ls"));
    }

    #[test]
    fn braces_inside_strings_do_not_count() {
        let text = r#"x {"tool":"bash","args":{"command":"echo '}' {"}} y"#;
        assert_eq!(tool_of(find_object(text)).as_deref(), Some("bash"));
    }

    #[test]
    fn an_earlier_non_json_brace_is_skipped() {
        let text = r#"use {braces} then {"tool":"a","args":{}}"#;
        assert_eq!(tool_of(find_object(text)).as_deref(), Some("a"));
    }

    #[test]
    fn a_cut_object_is_unterminated_even_with_a_whole_inner_one() {
        let text = r#"{"tool":"bash","args":{"command":"ls"}"#;
        assert_eq!(find_object(text), Found::Unterminated);
    }

    #[test]
    fn nothing_and_invalid() {
        assert_eq!(find_object("just words"), Found::Nothing);
        assert_eq!(find_object("[1, 2]"), Found::Nothing);
        assert!(matches!(find_object("{'tool': 'bash'}"), Found::Invalid(_)));
    }

    #[test]
    fn an_object_without_tool_is_still_reported() {
        let found = find_object(r#"{"thought": "hmm"}"#);
        assert!(matches!(found, Found::Object(m) if m.contains_key("thought")));
    }

    #[test]
    fn a_stray_closing_brace_does_not_underflow() {
        assert_eq!(find_object("} } {"), Found::Unterminated);
        assert_eq!(find_object("}}}"), Found::Nothing);
    }
}
