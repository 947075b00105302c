//! `heirlooms/schema.json` and the reader agree: the corpus's sample volumes are valid under
//! the schema and read; the same mutations (an unknown key, a wrong type, a missing key, a
//! future version, an unknown kind) are refused by both; and the schema names exactly the keys
//! the writer writes. The validator is wis's own, for the subset of JSON Schema its published
//! formats use (`wis::base::schema`).

use std::path::PathBuf;

use serde_json::{Value, json};
use wis::base::schema::Schema;
use wis::wisdom::lineage::read::read_bytes;

fn root(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn schema_text() -> String {
    std::fs::read_to_string(root("heirlooms/schema.json")).unwrap()
}

fn schema() -> Value {
    serde_json::from_str(&schema_text()).unwrap()
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
    let s = Schema::parse(&schema_text()).unwrap();
    lines.iter().all(|l| s.accepts(l))
}

#[test]
fn the_schema_and_the_reader_agree_on_the_samples_and_their_mutations() {
    for name in [
        "ok-empty.jsonl",
        "ok-two-items.jsonl",
        "ok-second-generation.jsonl",
        "ok-v2-lessons.jsonl",
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
        ("future version", |v| v[0]["version"] = json!(3)),
        ("unknown kind", |v| v[1]["kind"] = json!("rumour")),
        ("strength over 1", |v| v[1]["strength"] = json!(1.5)),
    ];
    for (what, mutate) in mutations {
        let mut lines = sample();
        mutate(&mut lines);
        assert!(!schema_accepts(&lines), "the schema takes a {what}");
        assert!(!reads(&lines), "the reader takes a {what}");
    }
    // Version 2's parts: lines[1] holds a lesson and world evidence, lines[5] a group.
    let v2_mutations: [(&str, Mutation); 6] = [
        ("unknown lesson key", |v| v[1]["lesson"]["extra"] = json!(1)),
        ("lesson of no role", |v| {
            v[1]["lesson"]["role"] = json!("sing")
        }),
        ("world evidence of no kind", |v| {
            v[1]["world"][0]["how"] = json!("rumour")
        }),
        ("group of one", |v| v[5]["group"]["count"] = json!(1)),
        ("done rate over 1", |v| {
            v[0]["stats"]["commissions"]["done_rate"] = json!(1.5)
        }),
        ("unknown figure", |v| {
            v[0]["stats"]["commissions"]["extra"] = json!(1)
        }),
    ];
    for (what, mutate) in v2_mutations {
        let mut lines = sample_v2();
        assert!(schema_accepts(&lines) && reads(&lines));
        mutate(&mut lines);
        assert!(!schema_accepts(&lines), "the schema takes a {what}");
        assert!(!reads(&lines), "the reader takes a {what}");
    }
}

fn sample_v2() -> Vec<Value> {
    let text = std::fs::read_to_string(root("fuzz/corpus/heirloom/ok-v2-lessons.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every key the writer writes is in the schema, and every key the schema names is written by
/// some line of the samples (version 1's and version 2's together).
#[test]
fn the_schema_names_the_keys_the_writer_writes() {
    let s = schema();
    let mut headers = std::collections::BTreeSet::new();
    let mut records = std::collections::BTreeSet::new();
    let mut stats = std::collections::BTreeSet::new();
    for name in ["ok-two-items.jsonl", "ok-v2-lessons.jsonl"] {
        let text = std::fs::read(root(&format!("fuzz/corpus/heirloom/{name}"))).unwrap();
        let v = read_bytes("sample.jsonl", &text).unwrap();
        let written = wis::wisdom::lineage::export::render(&v.header, &v.records);
        let lines: Vec<Value> = written
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(schema_accepts(&lines), "what the writer writes is valid");
        headers.extend(lines[0].as_object().unwrap().keys().cloned());
        stats.extend(lines[0]["stats"].as_object().unwrap().keys().cloned());
        for l in &lines[1..] {
            records.extend(l.as_object().unwrap().keys().cloned());
        }
        if name == "ok-two-items.jsonl" {
            // The guardrail has a signature; the reflex, which carries its own, has none.
            assert!(lines[2].get("signature").is_none());
            assert!(
                !written.contains("\"world\""),
                "a version 1 volume writes back as one"
            );
        }
    }
    let named = |def: &Value| -> std::collections::BTreeSet<String> {
        def["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(headers, named(&s["$defs"]["header"]), "header");
    assert_eq!(records, named(&s["$defs"]["record"]), "record");
    assert_eq!(
        stats,
        named(&s["$defs"]["header"]["properties"]["stats"]),
        "stats"
    );
}
