//! The CultCache file format against the reference: files written by `@msgpack/msgpack`
//! (tests/fixtures/cultcache/gen.cjs) read in wis, and wis writes them back byte for byte.

use std::path::PathBuf;

use wis::base::cultcache::{
    CatalogEntry, CultFile, PayloadForm, Shape, SnapshotRecord, Value, decode_one, write_snapshot,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cultcache")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn reference_snapshot_reads_and_rewrites_byte_for_byte() {
    let bytes = fixture("reference-snapshot.cc");
    let mut file = CultFile::open(&bytes).unwrap();
    assert_eq!(file.shape, Shape::Snapshot);
    let names: Vec<&str> = file
        .catalog
        .entries
        .iter()
        .map(|e| e.schema_name.as_str())
        .collect();
    assert_eq!(names, ["alpha.item", "fixtures.note", "\u{fc}"]);
    let note = file.catalog.resolve("fixtures.note.v0").unwrap();
    assert_eq!(note.schema_id, "fixtures.note.v1");
    assert_eq!(note.members.len(), 20);
    assert_eq!(note.members[18].slot, 300);
    assert!(note.members[18].is_name);
    assert_eq!(note.members[18].index_alias.as_deref(), Some("byName"));
    assert_eq!(note.members[19].slot, 70000);
    assert!(note.members[19].is_reference);
    assert_eq!(
        note.members[19].target_schema_name.as_deref(),
        Some("alpha.item")
    );

    let mut records = Vec::new();
    while let Some(r) = file.next_record().unwrap() {
        assert_eq!(r.form, PayloadForm::Bin);
        records.push(SnapshotRecord {
            key: r.key.to_string(),
            schema_id: r.schema_id.to_string(),
            stored_at: r.stored_at.to_string(),
            payload: r.payload.to_vec(),
        });
    }
    let keys: Vec<&str> = records.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys[..3], ["a", "a", "b"]);
    // UTF-16 order: the surrogate pair of U+1F600 sorts before U+FF61.
    assert_eq!(keys[keys.len() - 2..], ["\u{1F600}", "\u{FF61}"]);
    assert_eq!(records.len(), 8);
    let mut catalog: Vec<CatalogEntry> = file.catalog.entries.clone();
    // Hand them over in another order: the writer sorts (stably) as the reference does.
    catalog.reverse();
    let rewritten = write_snapshot(&mut catalog, &mut records).unwrap();
    assert_eq!(hex(&rewritten), hex(&bytes));
}

#[test]
fn reference_legacy_reads_every_payload_form() {
    let bytes = fixture("reference-legacy.msgpack");
    let expected: Vec<serde_json::Value> =
        serde_json::from_slice(&fixture("reference-legacy.expected.json")).unwrap();
    let mut file = CultFile::open(&bytes).unwrap();
    assert_eq!(file.shape, Shape::Legacy);
    assert_eq!(file.len, expected.len());
    let mut forms = std::collections::BTreeSet::new();
    for want in &expected {
        let r = file.next_record().unwrap().unwrap();
        assert_eq!(r.key, want["key"].as_str().unwrap());
        assert_eq!(r.schema_id, "fixtures.note");
        assert_eq!(file.type_name(&r), "fixtures.note");
        let form = match r.form {
            PayloadForm::Bin => "bin",
            PayloadForm::ByteArray => "bytes",
            PayloadForm::Plain => "plain",
        };
        assert_eq!(form, want["form"].as_str().unwrap(), "{}", r.key);
        assert_eq!(hex(&r.payload), want["hex"].as_str().unwrap(), "{}", r.key);
        forms.insert(form);
    }
    assert_eq!(forms.len(), 3, "all three payload forms are in the fixture");
    assert!(file.next_record().unwrap().is_none());
}

#[test]
fn payloads_decode_to_their_values() {
    let bytes = fixture("reference-snapshot.cc");
    let mut file = CultFile::open(&bytes).unwrap();
    let mut seen = 0;
    while let Some(r) = file.next_record().unwrap() {
        if r.key == "b" {
            let v = decode_one(&r.payload).unwrap();
            assert_eq!(v.get("text"), Some(&Value::Str("bee")));
            assert_eq!(v.get("n"), Some(&Value::Int(-5)));
            seen += 1;
        }
    }
    assert_eq!(seen, 1);
}
