//! The file contract with the reference library (docs/cultcache.md), against wis's own
//! document types: singleton keys, what `verify` checks, the limits and how they are named,
//! empty files and trailing bytes, and how a timestamp and a float32 project.

use wis::base::cultcache::decode::{MAX_DEPTH, MAX_VALUES};
use wis::base::cultcache::decode_one;
use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::js::encode_js;
use wis::base::cultcache::project::Projection;
use wis::base::cultcache::{
    CatalogEntry, CultFile, ReadError, Shape, SnapshotRecord, verify, wis_catalog, write_snapshot,
};
use wis::base::exit::Error;
use wis::base::store::{DocType, Layout, encode};
use wis::creature::Genome;
use wis::memory::{HashEmbedder, Kind, Memory, NewEngram, Provenance};
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

/// The projection of one payload, as JSON.
fn projected(payload: Vec<u8>) -> serde_json::Value {
    let bytes = snapshot(vec![("n1", "lib.note.v1", payload)]);
    let mut file = CultFile::open(&bytes).unwrap();
    let record = file.next_record().unwrap().unwrap();
    serde_json::to_value(Projection::new(&record, "lib.note", false)).unwrap()["payload"].clone()
}

/// A timestamp extension of `sec` and `nsec` in its 12-byte form.
fn timestamp(enc: &mut Encoder, sec: i64, nsec: u32) {
    let mut data = nsec.to_be_bytes().to_vec();
    data.extend(sec.to_be_bytes());
    enc.ext(-1, &data).unwrap();
}

/// Regression: times projected with as many fraction digits as they had (`…:00.5Z`,
/// `…:00Z`), where `JSON.stringify` of the `Date` the library reads always writes three.
#[test]
fn timestamps_project_as_javascript_writes_a_date() {
    let mut enc = Encoder::new();
    enc.array_len(11).unwrap();
    enc.ext(-1, &1_767_225_600u32.to_be_bytes()).unwrap();
    let packed = (500_000_000u64 << 34) | 1_767_225_600;
    enc.ext(-1, &packed.to_be_bytes()).unwrap();
    // A Date holds whole milliseconds: the library computes `sec * 1e3 + nsec / 1e6` in
    // doubles and `new Date` cuts the fraction, so 1 ns is cut, and 999,999,999 ns make a sum
    // that rounds up to the next second before anything is cut.
    timestamp(&mut enc, 1_767_225_600, 999_000_000);
    timestamp(&mut enc, 1_767_225_600, 1);
    timestamp(&mut enc, 1_767_225_600, 999_999_999);
    // Before 1970; and years outside 0000-9999, which toISOString writes signed, six digits.
    timestamp(&mut enc, -1, 500_000_000);
    timestamp(&mut enc, 253_402_300_800, 0);
    timestamp(&mut enc, -62_198_755_200, 0);
    // Not a time a Date holds, or not a timestamp at all: kept as the extension.
    timestamp(&mut enc, 8_640_000_000_001, 0);
    timestamp(&mut enc, 0, 1_000_000_000);
    enc.ext(-1, &[1, 2, 3]).unwrap();
    let json = projected(enc.into_bytes());
    let times: Vec<&str> = json.as_array().unwrap()[..8]
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(
        times,
        [
            "2026-01-01T00:00:00.000Z",
            "2026-01-01T00:00:00.500Z",
            "2026-01-01T00:00:00.999Z",
            "2026-01-01T00:00:00.000Z",
            "2026-01-01T00:00:01.000Z",
            "1969-12-31T23:59:59.500Z",
            "+010000-01-01T00:00:00.000Z",
            "-000001-01-01T00:00:00.000Z",
        ]
    );
    for kept in &json.as_array().unwrap()[8..] {
        assert_eq!(kept["$ext"], -1, "{kept}");
    }
}

/// Regression: a float32 (an engram's strength, a genome's temperament) projected as its
/// short float32 spelling (`0.7`) while the library reads the double `0.699999988079071`.
#[test]
fn float32_values_project_as_the_double_the_library_reads() {
    let (_dir, store) = crate::support::store::temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    let mut tx = store.write().unwrap();
    let told = NewEngram::new(Kind::Fact, "the pump listens on 8731", Provenance::Told);
    let id = memory.remember(&mut tx, told, 0).unwrap();
    tx.commit().unwrap();
    let engram = wis::memory::get(&store.read().unwrap(), id)
        .unwrap()
        .unwrap();
    assert_eq!(engram.strength, 0.7f32);
    let genome = Genome::draw(7, true, 0);
    let cases = [
        (encode(&engram).unwrap(), "/strength"),
        (encode(&genome).unwrap(), "/temperament/boldness"),
        (encode(&genome).unwrap(), "/temperament/patience"),
    ];
    for (payload, pointer) in cases {
        let shown = projected(payload.clone());
        let shown = shown.pointer(pointer).unwrap().as_f64().unwrap();
        // What the library holds: the payload as it decodes and saves it again.
        let saved = encode_js(&decode_one(&payload).unwrap()).unwrap();
        let held: serde_json::Value = rmp_serde::from_slice(&saved).unwrap();
        let held = held.pointer(pointer).unwrap().as_f64().unwrap();
        assert_eq!(
            shown.to_bits(),
            held.to_bits(),
            "{pointer}: {shown} vs {held}"
        );
    }
    let strength = projected(encode(&engram).unwrap())["strength"].clone();
    assert_eq!(strength.to_string(), "0.699999988079071");
}
