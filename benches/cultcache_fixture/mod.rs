//! A synthetic CultCache snapshot of about a given size: memory-like records, each with a
//! text body, a few scalars, tags and a 384-dimension embedding, the shape a creature's
//! memories take. Deterministic: the same size gives the same bytes.

use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::{CatalogEntry, SnapshotRecord, write_snapshot};

const DIMS: usize = 384;

fn payload(i: usize) -> Vec<u8> {
    let mut e = Encoder::new();
    e.map_len(7).unwrap();
    e.str("kind").unwrap();
    e.str(["episodic", "semantic", "dream"][i % 3]).unwrap();
    e.str("body").unwrap();
    e.str(&format!("memory {i}: ").repeat(24)).unwrap();
    e.str("strength").unwrap();
    e.number((i % 97) as f64 / 97.0 + 0.001);
    e.str("provenance").unwrap();
    e.str("experienced").unwrap();
    e.str("tags").unwrap();
    e.array_len(3).unwrap();
    for t in ["sleep", "tool", "quest"] {
        e.str(t).unwrap();
    }
    e.str("utility").unwrap();
    e.map_len(2).unwrap();
    e.str("uses").unwrap();
    e.uint(i as u64 % 50);
    e.str("wins").unwrap();
    e.uint(i as u64 % 7);
    e.str("vector").unwrap();
    e.array_len(DIMS).unwrap();
    for d in 0..DIMS {
        // float32, as an f32 embedding is stored
        e.out.push(0xca);
        let x = ((i * 31 + d * 17) % 1000) as f32 / 1000.0 - 0.5;
        e.out.extend_from_slice(&x.to_be_bytes());
    }
    e.into_bytes()
}

/// A snapshot of at least `bytes` bytes.
pub fn snapshot(bytes: usize) -> Vec<u8> {
    let mut records = Vec::new();
    let mut total = 0;
    let mut i = 0;
    while total < bytes {
        let payload = payload(i);
        total += payload.len() + 48;
        records.push(SnapshotRecord {
            key: format!("memory:{i:08}"),
            schema_id: "bench.memory.v1".into(),
            stored_at: "2026-01-01T00:00:00.000Z".into(),
            payload,
        });
        i += 1;
    }
    let mut catalog = vec![CatalogEntry {
        schema_id: "bench.memory.v1".into(),
        schema_name: "bench.memory".into(),
        schema_version: "bench.memory.v1".into(),
        content_hash: "bench".into(),
        canonical_schema_json: "{}".into(),
        compatible_schema_ids: vec!["bench.memory.v1".into()],
        members: Vec::new(),
    }];
    write_snapshot(&mut catalog, &mut records).expect("the fixture encodes")
}
