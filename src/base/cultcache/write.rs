//! Writing a v1 snapshot exactly as the reference writes one.
//!
//! `["cultcache.store.v1", catalog, records]`: catalog entries sorted by schema name,
//! records `[key, schemaId, storedAt, payload]` sorted by key, both with the reference's
//! ordinal comparison (JavaScript's `<` on strings: UTF-16 code units) and a stable sort, so
//! ties keep the order they were handed in. Payloads are written as `bin`; everything else
//! follows the encoding rules in [`super::encode`]. `storedAt` is an ISO 8601 time in UTC
//! with milliseconds, as JavaScript's `Date.toISOString` writes it.

use std::cmp::Ordering;

use super::catalog::CatalogEntry;
use super::encode::{EncodeError, Encoder};
use super::read::FORMAT_V1;
use crate::base::clock::Millis;

/// A record to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotRecord {
    pub key: String,
    pub schema_id: String,
    pub stored_at: String,
    pub payload: Vec<u8>,
}

/// JavaScript's string order: by UTF-16 code unit.
pub fn ordinal(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// A time as `Date.toISOString` writes it: `2026-01-01T00:00:00.000Z`.
pub fn iso_millis(ms: Millis) -> String {
    match jiff::Timestamp::from_millisecond(ms) {
        Ok(ts) => ts.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
        Err(_) => format!("@{ms}ms"),
    }
}

/// Encodes a snapshot; sorts `catalog` and `records` in place first.
pub fn write_snapshot(
    catalog: &mut [CatalogEntry],
    records: &mut [SnapshotRecord],
) -> Result<Vec<u8>, EncodeError> {
    catalog.sort_by(|a, b| ordinal(&a.schema_name, &b.schema_name));
    records.sort_by(|a, b| ordinal(&a.key, &b.key));
    let body: usize = records.iter().map(|r| r.payload.len() + 64).sum();
    let mut enc = Encoder {
        out: Vec::with_capacity(body + 4096),
    };
    enc.array_len(3)?;
    enc.str(FORMAT_V1)?;
    enc.array_len(catalog.len())?;
    for entry in catalog.iter() {
        entry.encode(&mut enc)?;
    }
    enc.array_len(records.len())?;
    for r in records.iter() {
        enc.array_len(4)?;
        enc.str(&r.key)?;
        enc.str(&r.schema_id)?;
        enc.str(&r.stored_at)?;
        enc.bin(&r.payload)?;
    }
    Ok(enc.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinal_is_utf16_order() {
        assert_eq!(ordinal("a", "b"), Ordering::Less);
        assert_eq!(ordinal("ab", "a"), Ordering::Greater);
        // U+FF61 sorts after U+1F600 in UTF-8 byte order's opposite: UTF-16 puts the
        // surrogate pair (0xD83D..) before 0xFF61.
        assert_eq!("\u{1F600}".cmp("\u{FF61}"), Ordering::Greater);
        assert_eq!(ordinal("\u{1F600}", "\u{FF61}"), Ordering::Less);
    }

    #[test]
    fn iso_times_have_milliseconds() {
        assert_eq!(iso_millis(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso_millis(1_767_225_600_123), "2026-01-01T00:00:00.123Z");
    }
}
