//! A creature's store as a v1 snapshot.
//!
//! The catalog has an entry for every registered document type, whether or not the store
//! holds one. Records are keyed as the store keys them:
//! - a singleton under `__global__` ([`GLOBAL_KEY`]), the key the reference's own
//!   singleton API (`putGlobal` / `updateGlobal`) uses (the store keeps it under `self`);
//! - a keyed document under its own key;
//! - a ring entry under its sequence number, zero-padded to 20 digits ([`ring_key`]), so
//!   that key order is ring order.
//!
//! The payload is the document's bytes exactly as stored, except that an unsigned integer
//! above 2^53 is written as its decimal string ([`super::wide`]), which JavaScript keeps
//! exact. `storedAt` is the time of the
//! export (the one clock, so `WIS_NOW` pins it), the same for every record: the store does
//! not keep a write time per document, and one snapshot is one instant. Importing a file
//! and exporting again at the same time gives the same bytes.

use super::catalog::wis_catalog;
use super::write::{SnapshotRecord, iso_millis, write_snapshot};
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{DocType, Layout, Read, ring_key};

/// The key of a singleton in a file, as the reference's `putGlobal` writes it.
pub const GLOBAL_KEY: &str = "__global__";

/// Encodes the store's documents of `types` as a v1 snapshot taken at `now`.
pub fn export(rx: &impl Read, types: &[DocType], now: Millis) -> Result<Vec<u8>> {
    let stored_at = iso_millis(now);
    let mut catalog = wis_catalog(types);
    let mut types: Vec<_> = types.iter().collect();
    // Records that share a key keep schema-id order (the snapshot's sort is stable).
    types.sort_by(|a, b| super::write::ordinal(a.schema, b.schema));
    let mut records = Vec::new();
    for ty in types {
        let entries: Vec<(String, Vec<u8>)> = match ty.layout {
            Layout::Ring { .. } => rx
                .ring_raw(ty.schema, None)?
                .into_iter()
                .map(|(seq, bytes)| (ring_key(seq), bytes))
                .collect(),
            Layout::Singleton => rx
                .keyed_all_raw(ty.schema)?
                .into_iter()
                .map(|(_, bytes)| (GLOBAL_KEY.to_string(), bytes))
                .collect(),
            Layout::Keyed => rx.keyed_all_raw(ty.schema)?,
        };
        records.extend(entries.into_iter().map(|(key, payload)| SnapshotRecord {
            key,
            schema_id: ty.schema.to_string(),
            stored_at: stored_at.clone(),
            payload: super::wide::widen(&payload).unwrap_or(payload),
        }));
    }
    write_snapshot(&mut catalog, &mut records)
        .map_err(|e| Error::internal(format!("encoding the snapshot: {e}")))
}
