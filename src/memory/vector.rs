//! The compact vector rows (`wis.vector.v1`): one per engram, keyed like it, holding what a
//! scan needs and nothing else: the embedding space, the filter fields, and the vector as
//! little-endian f32 bytes (MessagePack `bin`, decoded without copying).
//!
//! A row is derived from its engram and rewritten with it; the engram stays the record.

use serde::{Deserialize, Serialize};

use super::engram::{EngramId, Kind, Provenance, Tier};
use super::search::{Tag, VectorSet};
use crate::base::exit::{Error, Result};
use crate::base::store::{Doc, Layout, Read};
use crate::doc;

/// One engram's vector and filter fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vector {
    pub id: EngramId,
    /// The embedding space ([`space`]): vectors of different spaces are never compared.
    pub space: u64,
    pub kind: Kind,
    pub tier: Tier,
    pub provenance: Provenance,
    /// The vector, f32 little-endian.
    #[serde(with = "bin")]
    pub f32le: Vec<u8>,
}

doc!(Vector, "wis.vector", 1, Layout::Keyed);

/// The same row, borrowing its bytes from the store's buffer.
#[derive(Deserialize)]
struct VectorRef<'a> {
    id: EngramId,
    space: u64,
    kind: Kind,
    tier: Tier,
    provenance: Provenance,
    #[serde(borrow)]
    f32le: &'a [u8],
}

impl Vector {
    pub fn new(id: EngramId, space: u64, tag: Tag, values: &[f32]) -> Vector {
        Vector {
            id,
            space,
            kind: tag.kind,
            tier: tag.tier,
            provenance: tag.provenance,
            f32le: to_bytes(values),
        }
    }

    pub fn tag(&self) -> Tag {
        Tag {
            kind: self.kind,
            tier: self.tier,
            provenance: self.provenance,
        }
    }

    /// The vector's values.
    pub fn values(&self) -> Vec<f32> {
        from_bytes(&self.f32le).collect()
    }
}

/// The fingerprint of an embedding space: backend, model and dimension.
pub fn space(backend: &str, model: &str, dim: usize) -> u64 {
    let mut h = super::embed::Fnv::new();
    h.write(backend.as_bytes());
    h.write(&[0]);
    h.write(model.as_bytes());
    h.write(&[0]);
    h.write(&(dim as u64).to_le_bytes());
    h.finish()
}

/// f32 values as little-endian bytes.
pub fn to_bytes(values: &[f32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * 4);
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Little-endian bytes as f32 values (a trailing partial value is ignored).
pub fn from_bytes(bytes: &[u8]) -> impl Iterator<Item = f32> + '_ {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}

/// What loading the rows of one space found.
#[derive(Debug)]
pub struct Loaded {
    pub set: VectorSet,
    /// Rows of other spaces (embedded by another backend, model or dimension).
    pub other_space: u64,
}

/// Loads every row of `space` (and `dim`) into one contiguous set for scanning.
pub fn load(rx: &impl Read, space: u64, dim: usize) -> Result<Loaded> {
    let rows = rx.keyed_all_raw(Vector::SCHEMA)?;
    let mut set = VectorSet::with_capacity(dim, rows.len());
    let mut other_space = 0;
    for (key, bytes) in &rows {
        let row: VectorRef = rmp_serde::from_slice(bytes).map_err(|e| {
            Error::data(format!("store document {} `{key}`: {e}", Vector::SCHEMA))
                .hint("`wis check` lists damaged documents; `wis memory reembed` rewrites rows")
        })?;
        if row.space != space || row.f32le.len() != dim * 4 {
            other_space += 1;
            continue;
        }
        let tag = Tag {
            kind: row.kind,
            tier: row.tier,
            provenance: row.provenance,
        };
        set.push_iter(row.id, tag, from_bytes(row.f32le));
    }
    Ok(Loaded { set, other_space })
}

/// The engrams whose vector rows are of another space than `space`/`dim` (made by another
/// embedder), at most `limit` of them by id, and how many there are in all. Reads only the
/// vector rows, never a body.
pub fn other_space_ids(
    rx: &impl Read,
    space: u64,
    dim: usize,
    limit: usize,
) -> Result<(u64, Vec<EngramId>)> {
    let rows = rx.keyed_all_raw(Vector::SCHEMA)?;
    let (mut total, mut ids) = (0, Vec::new());
    for (key, bytes) in &rows {
        let row: VectorRef = rmp_serde::from_slice(bytes).map_err(|e| {
            Error::data(format!("store document {} `{key}`: {e}", Vector::SCHEMA))
                .hint("`wis check` lists damaged documents; `wis memory reembed` rewrites rows")
        })?;
        if row.space != space || row.f32le.len() != dim * 4 {
            total += 1;
            if ids.len() < limit {
                ids.push(row.id);
            }
        }
    }
    Ok((total, ids))
}

/// Serde for `Vec<u8>` as MessagePack `bin` (not an array of numbers).
pub(crate) mod bin {
    use serde::de::{Error, SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(BytesVisitor)
    }

    struct BytesVisitor;

    impl<'de> Visitor<'de> for BytesVisitor {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("bytes")
        }
        fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
        /// An array of byte values (as some writers produce) is accepted too.
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::new();
            while let Some(b) = seq.next_element::<u8>()? {
                out.push(b);
            }
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::{decode, encode};

    #[test]
    fn rows_round_trip_as_bin() {
        let tag = Tag {
            kind: Kind::Fact,
            tier: Tier::Active,
            provenance: Provenance::Told,
        };
        let row = Vector::new(EngramId(7), 99, tag, &[1.0, -0.5, 0.25]);
        let bytes = encode(&row).unwrap();
        // bin8 marker followed by the 12 bytes, not an array of 12 numbers.
        let needle = [0xc4, 12];
        assert!(bytes.windows(2).any(|w| w == needle));
        let back: Vector = decode(&bytes).unwrap();
        assert_eq!(back, row);
        assert_eq!(back.values(), vec![1.0, -0.5, 0.25]);
        let borrowed: VectorRef = rmp_serde::from_slice(&bytes).unwrap();
        assert_eq!(borrowed.f32le, &row.f32le[..]);
    }

    #[test]
    fn spaces_differ_by_backend_model_and_dim() {
        let a = space("hash", "ngram-v1", 256);
        assert_eq!(a, space("hash", "ngram-v1", 256));
        assert_ne!(a, space("hash", "ngram-v1", 128));
        assert_ne!(a, space("http", "ngram-v1", 256));
        assert_ne!(a, space("hash", "ngram-v2", 256));
    }
}
