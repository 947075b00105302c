//! `heirlooms/schema.json` and the reader agree: the corpus's sample volumes are valid under
//! the schema and read; the same mutations (an unknown key, a wrong type, a missing key, a
//! future version, an unknown kind) are refused by both; and the schema names exactly the keys
//! the writer writes. The validator is the small subset of JSON Schema the file uses.

use std::path::PathBuf;

use serde_json::{Value, json};
use wis::wisdom::lineage::read::read_bytes;

fn root(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn schema() -> Value {
    serde_json::from_str(&std::fs::read_to_string(root("heirlooms/schema.json")).unwrap()).unwrap()
}

/// Whether `v` is valid under `s` (within `all`, for `$ref`).
fn valid(all: &Value, s: &Value, v: &Value) -> bool {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        return valid(all, &all["$defs"][name], v);
    }
    if let Some(one) = s.get("oneOf").and_then(Value::as_array) {
        return one.iter().filter(|x| valid(all, x, v)).count() == 1;
    }
    if let Some(c) = s.get("const") {
        return c == v;
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array) {
        return e.contains(v);
    }
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => unreachable!(),
        };
        let ok = types.iter().any(|t| match *t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            _ => unreachable!("{t}"),
        });
        if !ok {
            return false;
        }
    }
    if let Some(n) = v.as_f64() {
        if s.get("minimum")
            .and_then(Value::as_f64)
            .is_some_and(|m| n < m)
            || s.get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|m| n > m)
        {
            return false;
        }
    }
    if let Some(text) = v.as_str() {
        let chars = text.chars().count() as u64;
        if s.get("minLength")
            .and_then(Value::as_u64)
            .is_some_and(|m| chars < m)
            || s.get("maxLength")
                .and_then(Value::as_u64)
                .is_some_and(|m| chars > m)
        {
            return false;
        }
        if let Some(p) = s.get("pattern").and_then(Value::as_str) {
            if !regex::Regex::new(p).unwrap().is_match(text) {
                return false;
            }
        }
    }
    if let Some(items) = v.as_array() {
        let n = items.len() as u64;
        if s.get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| n < m)
            || s.get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| n > m)
        {
            return false;
        }
        if let Some(each) = s.get("items") {
            if !items.iter().all(|x| valid(all, each, x)) {
                return false;
            }
        }
    }
    if let Some(obj) = v.as_object() {
        let props = s.get("properties").and_then(Value::as_object);
        if let Some(req) = s.get("required").and_then(Value::as_array) {
            if !req.iter().all(|k| obj.contains_key(k.as_str().unwrap())) {
                return false;
            }
        }
        if s.get("additionalProperties") == Some(&Value::Bool(false)) {
            let known = props.unwrap();
            if !obj.keys().all(|k| known.contains_key(k)) {
                return false;
            }
        }
        if let Some(props) = props {
            for (k, x) in obj {
                if let Some(ps) = props.get(k) {
                    if !valid(all, ps, x) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

fn sample() -> Vec<Value> {
    let text = std::fs::read_to_string(root("fuzz/corpus/heirloom/ok-two-items.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn reads(lines: &[Value]) -> bool {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    read_bytes("sample.jsonl", text.as_bytes()).is_ok()
}

fn schema_accepts(lines: &[Value]) -> bool {
    let s = schema();
    lines.iter().all(|l| valid(&s, &s, l))
}

#[test]
fn the_schema_and_the_reader_agree_on_the_samples_and_their_mutations() {
    for name in [
        "ok-empty.jsonl",
        "ok-two-items.jsonl",
        "ok-second-generation.jsonl",
    ] {
        let text = std::fs::read_to_string(root(&format!("fuzz/corpus/heirloom/{name}"))).unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(schema_accepts(&lines), "{name} under the schema");
        assert!(reads(&lines), "{name} through the reader");
    }
    type Mutation = fn(&mut Vec<Value>);
    let mutations: [(&str, Mutation); 7] = [
        ("unknown record key", |v| v[1]["extra"] = json!(1)),
        ("unknown header key", |v| v[0]["stats"]["extra"] = json!(1)),
        ("wrong type", |v| v[1]["utility"] = json!("4")),
        ("missing key", |v| {
            drop(v[1].as_object_mut().unwrap().remove("evidence"))
        }),
        ("future version", |v| v[0]["version"] = json!(2)),
        ("unknown kind", |v| v[1]["kind"] = json!("rumour")),
        ("strength over 1", |v| v[1]["strength"] = json!(1.5)),
    ];
    for (what, mutate) in mutations {
        let mut lines = sample();
        mutate(&mut lines);
        assert!(!schema_accepts(&lines), "the schema takes a {what}");
        assert!(!reads(&lines), "the reader takes a {what}");
    }
}

/// Every key the writer writes is in the schema, and every required key is written.
#[test]
fn the_schema_names_the_keys_the_writer_writes() {
    let s = schema();
    let text = std::fs::read(root("fuzz/corpus/heirloom/ok-two-items.jsonl")).unwrap();
    let v = read_bytes("sample.jsonl", &text).unwrap();
    let written = wis::wisdom::lineage::export::render(&v.header, &v.records);
    let lines: Vec<Value> = written
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(schema_accepts(&lines), "what the writer writes is valid");
    // The guardrail has a signature; the reflex, which carries its own, has none.
    assert!(lines[2].get("signature").is_none());
    for (line, def) in [(&lines[0], "header"), (&lines[1], "record")] {
        let props = s["$defs"][def]["properties"].as_object().unwrap();
        let written: Vec<&String> = line.as_object().unwrap().keys().collect();
        let named: Vec<&String> = props.keys().collect();
        assert_eq!(written, named, "{def}");
    }
}
