//! The JSON working projection: vectors, binaries, odd values, and stable output.

use serde_json::{Value as Json, json};
use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::{CatalogEntry, CultFile, SnapshotRecord, project, write_snapshot};

fn entry(id: &str, name: &str) -> CatalogEntry {
    CatalogEntry {
        schema_id: id.into(),
        schema_name: name.into(),
        schema_version: id.into(),
        content_hash: id.into(),
        canonical_schema_json: String::new(),
        compatible_schema_ids: vec![id.into()],
        members: Vec::new(),
    }
}

fn file_of(payloads: Vec<(&str, Vec<u8>)>) -> Vec<u8> {
    let mut records: Vec<SnapshotRecord> = payloads
        .into_iter()
        .map(|(key, payload)| SnapshotRecord {
            key: key.into(),
            schema_id: "memo.v1".into(),
            stored_at: "2026-01-01T00:00:00.000Z".into(),
            payload,
        })
        .collect();
    write_snapshot(&mut [entry("memo.v1", "memo")], &mut records).unwrap()
}

fn project_all(bytes: &[u8], keep_vectors: bool) -> Vec<String> {
    let mut file = CultFile::open(bytes).unwrap();
    let mut out = Vec::new();
    project::for_each(
        &mut file,
        keep_vectors,
        |p| -> Result<(), wis::base::exit::Error> {
            out.push(serde_json::to_string(p).unwrap());
            Ok(())
        },
    )
    .unwrap();
    out
}

/// `{"text": "memo", "embedding": [0.5; 20], "short": [0.5, 1.5]}` with keys out of order.
fn memo() -> Vec<u8> {
    let mut e = Encoder::new();
    e.map_len(3).unwrap();
    e.str("text").unwrap();
    e.str("memo").unwrap();
    e.str("embedding").unwrap();
    e.array_len(20).unwrap();
    for _ in 0..20 {
        e.number(0.5);
    }
    e.str("short").unwrap();
    e.array_len(2).unwrap();
    e.number(0.5);
    e.number(1.5);
    e.into_bytes()
}

#[test]
fn vectors_are_stripped_with_a_note_unless_kept() {
    let bytes = file_of(vec![("m", memo())]);
    let line: Json = serde_json::from_str(&project_all(&bytes, false)[0]).unwrap();
    assert_eq!(
        line["payload"]["embedding"],
        json!({"$stripped": "vector", "len": 20})
    );
    assert_eq!(line["payload"]["short"], json!([0.5, 1.5]));
    assert_eq!(line["stripped"], json!(["/embedding"]));
    let kept: Json = serde_json::from_str(&project_all(&bytes, true)[0]).unwrap();
    assert_eq!(kept["payload"]["embedding"].as_array().unwrap().len(), 20);
    assert!(kept.get("stripped").is_none());
}

#[test]
fn fields_come_in_a_fixed_order_and_map_keys_sorted() {
    let bytes = file_of(vec![("m", memo())]);
    let line = &project_all(&bytes, false)[0];
    let at = |needle: &str| line.find(needle).unwrap();
    assert!(at("\"key\"") < at("\"type\""));
    assert!(at("\"type\"") < at("\"schemaId\""));
    assert!(at("\"schemaId\"") < at("\"storedAt\""));
    assert!(at("\"storedAt\"") < at("\"payload\""));
    assert!(at("\"embedding\"") < at("\"short\""));
    assert!(at("\"short\"") < at("\"text\""));
    assert_eq!(project_all(&bytes, false), project_all(&bytes, false));
}

#[test]
fn binary_that_is_not_messagepack_is_base64_and_marked() {
    let bytes = file_of(vec![("raw", vec![0xc1, 0x00, 0xff])]);
    let line: Json = serde_json::from_str(&project_all(&bytes, false)[0]).unwrap();
    assert_eq!(line["payload"], "wQD/");
    assert_eq!(line["payloadEncoding"], "base64");
    assert!(line["payloadError"].as_str().unwrap().contains("0xc1"));
}

#[test]
fn values_json_lacks_are_tagged() {
    let mut e = Encoder::new();
    e.map_len(4).unwrap();
    e.str("bin").unwrap();
    e.bin(&[1, 2, 3]).unwrap();
    e.str("ext").unwrap();
    e.ext(7, &[9]).unwrap();
    e.str("nan").unwrap();
    e.number(f64::NAN);
    e.uint(42);
    e.str("number key").unwrap();
    let bytes = file_of(vec![("odd", e.into_bytes())]);
    let line: Json = serde_json::from_str(&project_all(&bytes, false)[0]).unwrap();
    assert_eq!(line["payload"]["bin"], json!({"$bin": "AQID"}));
    assert_eq!(
        line["payload"]["ext"],
        json!({"$ext": 7, "$base64": "CQ=="})
    );
    assert_eq!(line["payload"]["nan"], json!({"$float": "NaN"}));
    assert_eq!(line["payload"]["42"], "number key");
}

#[test]
fn outdir_names_are_safe_and_distinct() {
    use wis::base::cultcache::outdir::safe_name;
    assert_eq!(safe_name("self"), "self");
    assert_eq!(safe_name("a/b"), "a%2Fb");
    assert_eq!(safe_name(".."), "%2E.");
    assert_eq!(safe_name(""), "%");
    assert_eq!(safe_name("%2F"), "%252F");
    let long = safe_name(&"x".repeat(500));
    assert!(long.len() < 160 && long.contains('~'));
    assert_ne!(long, safe_name(&"x".repeat(501)));
}
