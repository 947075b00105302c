//! JSON Schema, in the small subset wis publishes its formats in (`heirlooms/schema.json`,
//! `schemas/`), and a validator for it that names the path of every failing value.
//!
//! The subset of draft 2020-12: `type` (one name or a list), `properties`, `required`,
//! `additionalProperties` (`false` or `true`), `enum`, `const`, `items` (one schema for every
//! element), `minimum`, `maximum`, `minLength`, `maxLength` (in characters), `pattern`,
//! `minItems`, `maxItems`, `$ref` (only `#/$defs/NAME`), `$defs` (at the top) and `oneOf`; the
//! annotations `$schema` (only draft 2020-12), `$id`, `title`, `description` and `$comment`
//! say nothing to the validator. A schema that uses anything else is refused when it is
//! parsed, so no keyword is ever taken and ignored. `integer` is a number written without a
//! fraction (`4`, not `4.0`), as serde reads an integer field; a `pattern` matches anywhere in
//! the string unless it anchors itself, as the standard says.
//!
//! Every text a violation quotes comes from the document under test and is cut to
//! [`QUOTE_MAX`] characters; one validation reports at most [`MAX_VIOLATIONS`].

mod parse;

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use parse::{Node, parse_node};

/// Most violations one validation reports; the rest are not looked for.
pub const MAX_VIOLATIONS: usize = 16;
/// Most characters of a key or value a violation quotes.
pub const QUOTE_MAX: usize = 40;

/// The draft the subset belongs to.
pub const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// One value that the schema refuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Where, as a JSON pointer into the document (`/jobs/0/memories/3`; empty for the whole
    /// document).
    pub path: String,
    /// What is wrong there.
    pub problem: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        write!(f, "{at}: {}", self.problem)
    }
}

/// What a value is, in words.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number with a fraction",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A key or value of the document, quoted and cut.
fn quote(text: &str) -> String {
    let mut cut: String = text.chars().take(QUOTE_MAX).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    format!("{cut:?}")
}

/// A value of the document in a few characters.
fn short(v: &Value) -> String {
    match v {
        Value::String(s) => quote(s),
        Value::Array(_) | Value::Object(_) => kind_of(v).to_string(),
        other => other.to_string(),
    }
}

/// A parsed schema document: the top schema and its `$defs`.
#[derive(Debug)]
pub struct Schema {
    root: Node,
    defs: BTreeMap<String, Node>,
}

impl Schema {
    /// Parses a schema document; the error names where it leaves the subset.
    pub fn parse(text: &str) -> Result<Schema, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let mut refs = Vec::new();
        let root = parse_node(&doc, "#", true, &mut refs)?;
        let mut defs = BTreeMap::new();
        if let Some(found) = doc.get("$defs") {
            let found = found.as_object().ok_or("#: `$defs` must be an object")?;
            for (name, schema) in found {
                let here = format!("#/$defs/{name}");
                defs.insert(name.clone(), parse_node(schema, &here, false, &mut refs)?);
            }
        }
        if let Some(missing) = refs.iter().find(|r| !defs.contains_key(*r)) {
            return Err(format!(
                "`$ref` names #/$defs/{missing}, which is not there"
            ));
        }
        Ok(Schema { root, defs })
    }

    /// Every violation of `value` (at most [`MAX_VIOLATIONS`]); none means valid.
    pub fn validate(&self, value: &Value) -> Vec<Violation> {
        let mut out = Vec::new();
        self.check(&self.root, value, "", &mut out);
        out.truncate(MAX_VIOLATIONS);
        out
    }

    /// Whether `value` is valid.
    pub fn accepts(&self, value: &Value) -> bool {
        self.validate(value).is_empty()
    }

    /// The schema a `$ref` names (the parse made sure it is there).
    fn def(&self, name: &str) -> &Node {
        &self.defs[name]
    }

    /// Whether `node` (through its `$ref`) admits the JSON type of `v` at all.
    fn admits_type(&self, node: &Node, v: &Value) -> bool {
        let own = node
            .types
            .as_ref()
            .is_none_or(|ts| ts.iter().any(|t| t.admits(v)));
        own && node
            .reference
            .as_ref()
            .is_none_or(|r| self.admits_type(self.def(r), v))
    }

    fn check(&self, node: &Node, v: &Value, path: &str, out: &mut Vec<Violation>) {
        if out.len() >= MAX_VIOLATIONS {
            return;
        }
        let mut say = |problem: String| {
            out.push(Violation {
                path: path.to_string(),
                problem,
            })
        };
        if let Some(types) = &node.types
            && !types.iter().any(|t| t.admits(v))
        {
            say(format!("is {}, not of its type", kind_of(v)));
            return;
        }
        if let Some(c) = &node.constant
            && c != v
        {
            say(format!("is {}, not {c}", short(v)));
        }
        if let Some(choices) = &node.choices
            && !choices.contains(v)
        {
            let names: Vec<String> = choices.iter().map(Value::to_string).collect();
            say(format!("is {}, not one of {}", short(v), names.join(", ")));
        }
        if let Some(x) = v.as_f64() {
            if let Some(min) = node.minimum.filter(|m| x < *m) {
                say(format!("is {x}, below the minimum {min}"));
            }
            if let Some(max) = node.maximum.filter(|m| x > *m) {
                say(format!("is {x}, above the maximum {max}"));
            }
        }
        if let Some(text) = v.as_str() {
            let chars = text.chars().count() as u64;
            if let Some(min) = node.min_length.filter(|m| chars < *m) {
                say(format!("has {chars} characters, fewer than {min}"));
            }
            if let Some(max) = node.max_length.filter(|m| chars > *m) {
                say(format!("has {chars} characters, more than {max}"));
            }
            if let Some(re) = node.pattern.as_ref().filter(|re| !re.is_match(text)) {
                say(format!(
                    "is {}, not of the form {}",
                    quote(text),
                    re.as_str()
                ));
            }
        }
        if let Some(items) = v.as_array() {
            let n = items.len() as u64;
            if let Some(min) = node.min_items.filter(|m| n < *m) {
                say(format!("has {n} items, fewer than {min}"));
            }
            if let Some(max) = node.max_items.filter(|m| n > *m) {
                say(format!("has {n} items, more than {max}"));
            }
            if let Some(each) = &node.items {
                for (i, item) in items.iter().enumerate() {
                    self.check(each, item, &format!("{path}/{i}"), out);
                }
            }
        }
        if let Some(obj) = v.as_object() {
            self.check_object(node, obj, path, out);
        }
        if let Some(r) = &node.reference {
            self.check(self.def(r), v, path, out);
        }
        if !node.one_of.is_empty() {
            self.check_one_of(&node.one_of, v, path, out);
        }
    }

    fn check_object(
        &self,
        node: &Node,
        obj: &Map<String, Value>,
        path: &str,
        out: &mut Vec<Violation>,
    ) {
        let at = |key: &str| format!("{path}/{}", key.replace('~', "~0").replace('/', "~1"));
        for key in node.required.iter().filter(|k| !obj.contains_key(*k)) {
            out.push(Violation {
                path: path.to_string(),
                problem: format!("lacks the required key {key:?}"),
            });
        }
        for (key, value) in obj {
            match node.properties.as_ref().and_then(|p| p.get(key)) {
                Some(schema) => self.check(schema, value, &at(key), out),
                None if node.closed => out.push(Violation {
                    path: path.to_string(),
                    problem: format!("has the key {}, which the schema does not name", quote(key)),
                }),
                None => {}
            }
        }
    }

    /// `oneOf`: exactly one alternative holds. When none does and only one admits the
    /// value's type (an optional object: `null` or the object), that one's violations say
    /// where the value fails.
    fn check_one_of(&self, alternatives: &[Node], v: &Value, path: &str, out: &mut Vec<Violation>) {
        let mut held = 0;
        let mut failures = Vec::new();
        for alt in alternatives {
            let mut scratch = Vec::new();
            self.check(alt, v, path, &mut scratch);
            if scratch.is_empty() {
                held += 1;
            } else if self.admits_type(alt, v) {
                failures.push(scratch);
            }
        }
        match (held, failures.len()) {
            (1, _) => {}
            (0, 1) => out.extend(failures.remove(0)),
            (0, _) => out.push(Violation {
                path: path.to_string(),
                problem: format!(
                    "is {}, which none of its {} forms takes",
                    short(v),
                    alternatives.len()
                ),
            }),
            (n, _) => out.push(Violation {
                path: path.to_string(),
                problem: format!("is {}, which {n} of its forms take (one must)", short(v)),
            }),
        }
    }
}

#[cfg(test)]
mod tests;
