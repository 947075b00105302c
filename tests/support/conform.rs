//! A check of a JSON value against the subset of JSON Schema the action channel uses
//! (`anyOf`, `type`, `properties`, `required`, `additionalProperties: false`, `enum`,
//! `maxLength`), so a test can say a reply is valid, not only that it parses.

use serde_json::Value;

/// `Ok` when `value` conforms to `schema`, else the first reason it does not.
pub fn conforms(schema: &Value, value: &Value) -> Result<(), String> {
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
        let reasons: Vec<String> = branches
            .iter()
            .filter_map(|b| conforms(b, value).err())
            .collect();
        return if reasons.len() < branches.len() {
            Ok(())
        } else {
            Err(format!(
                "no branch of anyOf matches: {}",
                reasons.join("; ")
            ))
        };
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
        if !allowed.contains(value) {
            return Err(format!("{value} is not one of {allowed:?}"));
        }
    }
    match schema.get("type").and_then(Value::as_str) {
        None => Ok(()),
        Some("object") => object(schema, value),
        Some("string") => {
            let s = value
                .as_str()
                .ok_or_else(|| format!("{value} is not a string"))?;
            match schema.get("maxLength").and_then(Value::as_u64) {
                Some(max) if s.chars().count() as u64 > max => {
                    Err(format!("string longer than {max}"))
                }
                _ => Ok(()),
            }
        }
        Some("integer") => check(value.is_i64() || value.is_u64(), value, "an integer"),
        Some("number") => check(value.is_number(), value, "a number"),
        Some("boolean") => check(value.is_boolean(), value, "a boolean"),
        Some(other) => Err(format!("schema type {other} is outside the subset")),
    }
}

fn check(ok: bool, value: &Value, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("{value} is not {what}"))
    }
}

fn object(schema: &Value, value: &Value) -> Result<(), String> {
    let map = value
        .as_object()
        .ok_or_else(|| format!("{value} is not an object"))?;
    let props = schema.get("properties").and_then(Value::as_object);
    for key in schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let key = key.as_str().unwrap_or_default();
        if !map.contains_key(key) {
            return Err(format!("missing required key {key:?}"));
        }
    }
    for (key, v) in map {
        match props.and_then(|p| p.get(key)) {
            Some(sub) => conforms(sub, v).map_err(|e| format!("{key}: {e}"))?,
            None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                return Err(format!("unexpected key {key:?}"));
            }
            None => {}
        }
    }
    Ok(())
}
