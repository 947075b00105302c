//! The file contract with the reference library (docs/cultcache.md), against wis's own
//! document types: singleton keys, what `verify` checks, the limits and how they are named,
//! empty files and trailing bytes, and how a timestamp projects.

use wis::base::cultcache::decode::{MAX_DEPTH, MAX_VALUES};
use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::project::Projection;
use wis::base::cultcache::{
    CatalogEntry, CultFile, ReadError, Shape, SnapshotRecord, verify, wis_catalog, write_snapshot,
};
use wis::base::exit::Error;
use wis::base::store::{DocType, Layout};
use wis::turn::documents::registry;

fn snapshot(records: Vec<(&str, &str, Vec<u8>)>) -> Vec<u8> {
    let mut catalog = wis_catalog(registry());
    catalog.push(CatalogEntry {
        schema_id: "lib.note.v1".into(),
        schema_name: "lib.note".into(),
        schema_version: "lib.note.v1".into(),
        content_hash: "h".into(),
        canonical_schema_json: "{}".into(),
        compatible_schema_ids: Vec::new(),
        members: Vec::new(),
    });
    let mut records: Vec<SnapshotRecord> = records
        .into_iter()
        .map(|(key, schema, payload)| SnapshotRecord {
            key: key.into(),
            schema_id: schema.into(),
            stored_at: "2026-01-01T00:00:00.000Z".into(),
            payload,
        })
        .collect();
    write_snapshot(&mut catalog, &mut records).unwrap()
}

fn first(layout: fn(&Layout) -> bool) -> &'static DocType {
    registry().iter().find(|t| layout(&t.layout)).unwrap()
}

fn nested(levels: usize) -> Vec<u8> {
    let mut b = vec![0x91; levels];
    b.push(0xc0);
    b
}

#[test]
fn verify_checks_keys_as_import_does() {
    let single = first(|l| matches!(l, Layout::Singleton));
    let ring = first(|l| matches!(l, Layout::Ring { .. }));
    let bytes = snapshot(vec![
        ("wrong", single.schema, vec![0xc0]),
        ("7", ring.schema, vec![0xc0]),
    ]);
    let report = verify(&bytes, registry()).unwrap();
    assert_eq!(report.problem_count, 2, "{report:?}");
    assert!(
        report
            .problems
            .iter()
            .all(|p| p.problem.contains("key does not fit"))
    );
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.problem.contains("__global__"))
    );
}

/// A record of another type whose payload a custom formatter wrote (not MessagePack) is a
/// legal library file: counted as opaque, not failed; a wis type's payload still must decode.
#[test]
fn a_custom_formatter_payload_of_a_foreign_type_is_opaque_not_a_failure() {
    let custom = b"{\"json\": \"from a custom formatter\"}".to_vec();
    let bytes = snapshot(vec![("n1", "lib.note.v1", custom.clone())]);
    let report = verify(&bytes, registry()).unwrap();
    assert!(report.ok(), "{:?}", report.problems);
    assert_eq!((report.foreign_records, report.opaque_payloads), (1, 1));
    let wis = first(|l| matches!(l, Layout::Keyed));
    let bad = snapshot(vec![("k", wis.schema, custom)]);
    assert!(!verify(&bad, registry()).unwrap().ok());
}

#[test]
fn verify_counts_records_import_refuses_as_foreign() {
    let bytes = snapshot(vec![("n1", "lib.note.v1", vec![0xc0])]);
    let report = verify(&bytes, registry()).unwrap();
    assert!(report.ok());
    assert_eq!(report.foreign_records, 1);
    assert!(!report.types[0].wis_type);
}

#[test]
fn limits_are_named_as_limits_and_deep_library_files_read() {
    let ok = snapshot(vec![("n1", "lib.note.v1", nested(99))]);
    assert!(verify(&ok, registry()).unwrap().ok());
    let deep = snapshot(vec![("n1", "lib.note.v1", nested(MAX_DEPTH + 1))]);
    let report = verify(&deep, registry()).unwrap();
    let problem = &report.problems[0].problem;
    assert!(problem.contains("depth limit 100"), "{problem}");
    assert!(!problem.contains("not MessagePack"), "{problem}");
    // Three million values in one payload are within the values limit.
    let mut many = vec![0xdd];
    many.extend(3_000_000u32.to_be_bytes());
    many.resize(many.len() + 3_000_000, 0xc0);
    let file = snapshot(vec![("n1", "lib.note.v1", many)]);
    assert!(verify(&file, registry()).unwrap().ok());
    assert_eq!(MAX_VALUES, 16_777_216);
    // A file nested too deep at its top names the limit too.
    let mut top = vec![0x91; MAX_DEPTH + 5];
    top.push(0xc0);
    let err = Error::from(verify(&top, registry()).unwrap_err());
    assert!(err.message.contains("depth limit"), "{}", err.message);
    assert!(!err.message.contains("not MessagePack"), "{}", err.message);
}

#[test]
fn an_empty_file_is_an_empty_store() {
    let file = CultFile::open(b"").unwrap();
    assert_eq!((file.shape, file.len), (Shape::Empty, 0));
    let report = verify(b"", registry()).unwrap();
    assert!(report.ok());
    assert_eq!((report.records, report.format), (0, "empty file"));
}

#[test]
fn trailing_bytes_are_refused_naming_the_offset() {
    let mut bytes = snapshot(vec![("n1", "lib.note.v1", vec![0xc0])]);
    let end = bytes.len();
    bytes.extend([0x01, 0x02]);
    let err = verify(&bytes, registry()).unwrap_err();
    assert_eq!(err, ReadError::Trailing { at: end, left: 2 });
    assert!(err.to_string().contains(&format!("at byte {end}")), "{err}");
    let mut empty = snapshot(Vec::new());
    let end = empty.len();
    empty.push(0xc0);
    assert_eq!(
        CultFile::open(&empty).unwrap_err(),
        ReadError::Trailing { at: end, left: 1 }
    );
}

#[test]
fn timestamps_project_as_rfc3339() {
    let mut enc = Encoder::new();
    enc.array_len(3).unwrap();
    enc.ext(-1, &1_767_225_600u32.to_be_bytes()).unwrap();
    let packed = (500_000_000u64 << 34) | 1_767_225_600;
    enc.ext(-1, &packed.to_be_bytes()).unwrap();
    enc.ext(-1, &[1, 2, 3]).unwrap();
    let bytes = snapshot(vec![("n1", "lib.note.v1", enc.into_bytes())]);
    let mut file = CultFile::open(&bytes).unwrap();
    let record = file.next_record().unwrap().unwrap();
    let json = serde_json::to_value(Projection::new(&record, "lib.note", false)).unwrap();
    assert_eq!(json["payload"][0], "2026-01-01T00:00:00Z");
    assert_eq!(json["payload"][1], "2026-01-01T00:00:00.5Z");
    assert_eq!(json["payload"][2]["$ext"], -1);
}
