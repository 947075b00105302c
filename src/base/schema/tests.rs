use serde_json::json;

use super::*;

const PERSON: &str = r##"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "a person",
  "$defs": {
    "pet": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name"],
      "properties": { "name": { "type": "string", "minLength": 1, "maxLength": 8 } }
    }
  },
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "age", "kind"],
  "properties": {
    "name": { "type": "string", "pattern": "^[A-Z]" },
    "age": { "type": "integer", "minimum": 0, "maximum": 150 },
    "kind": { "enum": ["cat", "dog"] },
    "version": { "const": 1 },
    "tags": { "type": "array", "maxItems": 2, "items": { "type": "string" } },
    "pet": { "oneOf": [{ "type": "null" }, { "$ref": "#/$defs/pet" }] },
    "score": { "type": ["number", "null"] }
  }
}"##;

fn person() -> Schema {
    Schema::parse(PERSON).unwrap()
}

fn problems(v: serde_json::Value) -> Vec<String> {
    person()
        .validate(&v)
        .iter()
        .map(|v| v.to_string())
        .collect()
}

#[test]
fn a_valid_document_passes() {
    let ok = json!({"name": "Tam", "age": 3, "kind": "cat", "version": 1, "tags": ["a"],
                    "pet": {"name": "Bo"}, "score": 0.5});
    assert_eq!(problems(ok), Vec::<String>::new());
    let optional = json!({"name": "Tam", "age": 3, "kind": "dog", "pet": null, "score": null});
    assert!(person().accepts(&optional));
}

#[test]
fn each_keyword_names_the_path_of_the_failing_value() {
    let cases = [
        (
            json!({"age": 3, "kind": "cat"}),
            "/: lacks the required key \"name\"",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "extra": 1}),
            "/: has the key \"extra\", which the schema does not name",
        ),
        (
            json!({"name": "Tam", "age": "3", "kind": "cat"}),
            "/age: is a string, not of its type",
        ),
        (
            json!({"name": "Tam", "age": 3.0, "kind": "cat"}),
            "/age: is a number with a fraction, not of its type",
        ),
        (
            json!({"name": "Tam", "age": 151, "kind": "cat"}),
            "/age: is 151, above the maximum 150",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "rumour"}),
            "/kind: is \"rumour\", not one of \"cat\", \"dog\"",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "version": 2}),
            "/version: is 2, not 1",
        ),
        (
            json!({"name": "tam", "age": 3, "kind": "cat"}),
            "/name: is \"tam\", not of the form ^[A-Z]",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "tags": ["a", 2]}),
            "/tags/1: is an integer, not of its type",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "tags": ["a", "b", "c"]}),
            "/tags: has 3 items, more than 2",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "pet": {"name": "Bartholomew"}}),
            "/pet/name: has 11 characters, more than 8",
        ),
        (
            json!({"name": "Tam", "age": 3, "kind": "cat", "pet": 7}),
            "/pet: is 7, which none of its 2 forms takes",
        ),
    ];
    for (doc, want) in cases {
        assert_eq!(problems(doc.clone()), vec![want.to_string()], "{doc}");
    }
}

#[test]
fn what_it_quotes_is_cut_and_what_it_reports_is_capped() {
    let long = "x".repeat(500);
    let mut doc = json!({"name": "Tam", "age": 3, "kind": long.clone()});
    let said = problems(doc.clone()).join("\n");
    assert!(said.len() < 200, "{said}");
    for i in 0..100 {
        doc[format!("extra{i}")] = json!(i);
    }
    assert_eq!(person().validate(&doc).len(), MAX_VIOLATIONS);
}

#[test]
fn a_schema_outside_the_subset_is_refused_when_parsed() {
    for (schema, why) in [
        (
            r#"{"type": "object", "patternProperties": {}}"#,
            "patternProperties",
        ),
        (r##"{"$ref": "#/$defs/nowhere"}"##, "nowhere"),
        (r#"{"$ref": "other.json"}"#, "$ref"),
        (
            r#"{"additionalProperties": {"type": "string"}}"#,
            "additionalProperties",
        ),
        (r#"{"type": "decimal"}"#, "unknown type"),
        (
            r#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
            "2020-12",
        ),
        (
            r#"{"properties": {"a": {"anyOf": []}}}"#,
            "#/properties/a: `anyOf`",
        ),
        (
            r#"{"additionalProperties": false, "required": ["a"], "properties": {}}"#,
            "`a` is required",
        ),
        (r#"{"pattern": "("}"#, "pattern"),
        ("[1]", "an object"),
    ] {
        let err = Schema::parse(schema).unwrap_err();
        assert!(err.contains(why), "{schema}: {err}");
    }
}
