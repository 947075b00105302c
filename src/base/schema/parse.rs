//! Parsing a schema document into [`Node`]s: every keyword of the subset read and checked,
//! and any other refused, naming where.

use std::collections::BTreeMap;

use regex::Regex;
use serde_json::Value;

use super::DRAFT;

/// Keywords that only annotate.
const ANNOTATIONS: &[&str] = &["$id", "title", "description", "$comment"];

/// A JSON type name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Type {
    Object,
    Array,
    String,
    Integer,
    Number,
    Boolean,
    Null,
}

impl Type {
    pub(super) fn parse(name: &str) -> Option<Type> {
        Some(match name {
            "object" => Type::Object,
            "array" => Type::Array,
            "string" => Type::String,
            "integer" => Type::Integer,
            "number" => Type::Number,
            "boolean" => Type::Boolean,
            "null" => Type::Null,
            _ => return None,
        })
    }

    pub(super) fn admits(self, v: &Value) -> bool {
        match self {
            Type::Object => v.is_object(),
            Type::Array => v.is_array(),
            Type::String => v.is_string(),
            Type::Integer => v.is_i64() || v.is_u64(),
            Type::Number => v.is_number(),
            Type::Boolean => v.is_boolean(),
            Type::Null => v.is_null(),
        }
    }
}

/// One schema of the subset, parsed.
#[derive(Debug, Default)]
pub(super) struct Node {
    pub(super) types: Option<Vec<Type>>,
    pub(super) constant: Option<Value>,
    pub(super) choices: Option<Vec<Value>>,
    pub(super) properties: Option<BTreeMap<String, Node>>,
    pub(super) required: Vec<String>,
    pub(super) closed: bool,
    pub(super) items: Option<Box<Node>>,
    pub(super) minimum: Option<f64>,
    pub(super) maximum: Option<f64>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) pattern: Option<Regex>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    pub(super) reference: Option<String>,
    pub(super) one_of: Vec<Node>,
}

fn count(v: &Value, at: &str, key: &str) -> Result<u64, String> {
    v.as_u64()
        .ok_or_else(|| format!("{at}: `{key}` must be a whole number"))
}

fn number(v: &Value, at: &str, key: &str) -> Result<f64, String> {
    v.as_f64()
        .ok_or_else(|| format!("{at}: `{key}` must be a number"))
}

pub(super) fn parse_node(
    v: &Value,
    at: &str,
    top: bool,
    refs: &mut Vec<String>,
) -> Result<Node, String> {
    let obj = v
        .as_object()
        .ok_or_else(|| format!("{at}: a schema must be an object"))?;
    let mut n = Node::default();
    for (key, value) in obj {
        match key.as_str() {
            "type" => {
                let names: Vec<&Value> = match value {
                    Value::Array(many) => many.iter().collect(),
                    one => vec![one],
                };
                let types = names
                    .iter()
                    .map(|t| t.as_str().and_then(Type::parse))
                    .collect::<Option<Vec<Type>>>()
                    .ok_or_else(|| format!("{at}: `type` names an unknown type"))?;
                n.types = Some(types);
            }
            "const" => n.constant = Some(value.clone()),
            "enum" => {
                let values = value
                    .as_array()
                    .ok_or_else(|| format!("{at}: `enum` must be an array"))?;
                n.choices = Some(values.clone());
            }
            "properties" => {
                let props = value
                    .as_object()
                    .ok_or_else(|| format!("{at}: `properties` must be an object"))?;
                let mut parsed = BTreeMap::new();
                for (name, schema) in props {
                    let here = format!("{at}/properties/{name}");
                    parsed.insert(name.clone(), parse_node(schema, &here, false, refs)?);
                }
                n.properties = Some(parsed);
            }
            "required" => {
                n.required = value
                    .as_array()
                    .and_then(|r| r.iter().map(|k| k.as_str().map(str::to_string)).collect())
                    .ok_or_else(|| format!("{at}: `required` must be an array of names"))?;
            }
            "additionalProperties" => match value {
                Value::Bool(allowed) => n.closed = !allowed,
                _ => {
                    return Err(format!(
                        "{at}: `additionalProperties` must be true or false"
                    ));
                }
            },
            "items" => {
                let here = format!("{at}/items");
                n.items = Some(Box::new(parse_node(value, &here, false, refs)?));
            }
            "minimum" => n.minimum = Some(number(value, at, key)?),
            "maximum" => n.maximum = Some(number(value, at, key)?),
            "minLength" => n.min_length = Some(count(value, at, key)?),
            "maxLength" => n.max_length = Some(count(value, at, key)?),
            "minItems" => n.min_items = Some(count(value, at, key)?),
            "maxItems" => n.max_items = Some(count(value, at, key)?),
            "pattern" => {
                let text = value
                    .as_str()
                    .ok_or_else(|| format!("{at}: `pattern` must be a string"))?;
                let re = Regex::new(text).map_err(|e| format!("{at}: `pattern`: {e}"))?;
                n.pattern = Some(re);
            }
            "$ref" => {
                let name = value
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .ok_or_else(|| format!("{at}: `$ref` must be \"#/$defs/NAME\""))?;
                refs.push(name.to_string());
                n.reference = Some(name.to_string());
            }
            "oneOf" => {
                let alternatives = value
                    .as_array()
                    .ok_or_else(|| format!("{at}: `oneOf` must be an array"))?;
                for (i, alt) in alternatives.iter().enumerate() {
                    let here = format!("{at}/oneOf/{i}");
                    n.one_of.push(parse_node(alt, &here, false, refs)?);
                }
            }
            "$schema" if top => {
                if value.as_str() != Some(DRAFT) {
                    return Err(format!("{at}: `$schema` must be {DRAFT}"));
                }
            }
            "$defs" if top => {}
            k if ANNOTATIONS.contains(&k) => {}
            other => {
                return Err(format!(
                    "{at}: `{other}` is not in the subset of JSON Schema wis reads"
                ));
            }
        }
    }
    if n.closed {
        let named = n.properties.as_ref();
        if let Some(k) = n
            .required
            .iter()
            .find(|k| named.is_none_or(|p| !p.contains_key(*k)))
        {
            return Err(format!(
                "{at}: `{k}` is required but not among the properties"
            ));
        }
    }
    Ok(n)
}
