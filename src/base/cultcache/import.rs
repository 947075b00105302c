//! A CultCache file into a creature's store, whole or not at all.
//!
//! Every record must be a registered wis document type: its schema id (or, in a snapshot,
//! the id of the catalog entry it resolves to) is a registered schema id; a legacy
//! envelope's `type` may also be a registered type's unversioned name (`wis.persona`) when
//! exactly one version of it is registered. Keys follow the export's scheme (`__global__`,
//! the reference's key for a global document, or `self`, wis's own, for a singleton; the
//! key for a keyed document; a 20-digit sequence number for a ring entry).
//! The payload must decode as bounded MessagePack and then as its type, as it stands or
//! with its wide integers restored ([`super::wide`]). The first record
//! that fails any of this rejects the whole file with an error naming it; the caller's
//! transaction is then dropped, so nothing is written. Documents already in the store are
//! replaced when the file has the same type and key, and kept otherwise; a ring pushed
//! past its cap by the import is refused. [`check_record`] is the whole per-record check;
//! `verify` runs the same one.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;

use super::decode::decode_one;
use super::export::GLOBAL_KEY;
use super::read::{CultFile, Record, Shape};
use crate::base::exit::{Error, Result};
use crate::base::store::{DocType, Layout, Read, SINGLETON_KEY, Tx, ring_key};

/// What an import wrote.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Imported {
    /// Records written.
    pub records: u64,
    /// Records per schema id.
    pub by_type: BTreeMap<&'static str, u64>,
}

/// Reads every record of `bytes` into `tx` as one of `types`; the caller commits.
pub fn import(tx: &mut Tx<'_>, types: &[DocType], bytes: &[u8]) -> Result<Imported> {
    let mut file = CultFile::open(bytes)?;
    let mut imported = Imported::default();
    while let Some(record) = file.next_record()? {
        let (ty, key, payload) = match check_record(types, &file, &record) {
            Checked::Wis(ty, key, payload) => (ty, key, payload),
            Checked::Foreign => {
                return Err(reject(
                    &record,
                    format!(
                        "schema `{}` is not a wis document type",
                        file.type_name(&record)
                    ),
                )
                .hint("`wis cachectl verify FILE` lists the file's types; nothing was imported"));
            }
            Checked::Bad(_, why) => return Err(reject(&record, why)),
        };
        tx.put_raw(ty, key, &payload)?;
        imported.records += 1;
        *imported.by_type.entry(ty.schema).or_default() += 1;
    }
    for ty in types {
        if let Layout::Ring { cap } = ty.layout
            && imported.by_type.contains_key(ty.schema)
        {
            let len = tx.table_len(ty.schema, ty.layout)?;
            if len > cap {
                return Err(Error::data(format!(
                    "importing would leave {} with {len} entries, over its cap {cap}",
                    ty.schema
                ))
                .hint("nothing was imported; trim the file's entries of that type"));
            }
        }
    }
    Ok(imported)
}

fn reject(record: &Record<'_>, why: String) -> Error {
    Error::data(format!(
        "record {} `{}` ({}): {why}",
        record.index, record.key, record.schema_id
    ))
    .hint("nothing was imported; `wis cachectl verify FILE` checks the whole file")
}

/// The registered type a record holds, if any.
fn wis_type<'t>(
    types: &'t [DocType],
    file: &CultFile<'_>,
    record: &Record<'_>,
) -> Option<&'t DocType> {
    if let Some(ty) = super::doc_type(types, record.schema_id) {
        return Some(ty);
    }
    match file.shape {
        Shape::Snapshot | Shape::Empty => file
            .catalog
            .resolve(record.schema_id)
            .and_then(|entry| super::doc_type(types, &entry.schema_id)),
        Shape::Legacy => {
            let mut named = types.iter().filter(|t| t.name() == record.schema_id);
            match (named.next(), named.next()) {
                (Some(ty), None) => Some(ty),
                _ => None,
            }
        }
    }
}

/// What one record is to wis.
#[derive(Debug)]
pub enum Checked<'t, 'r> {
    /// A wis document that import takes: its type, its key and its bytes in the store.
    Wis(&'t DocType, &'r str, Cow<'r, [u8]>),
    /// Not a wis document type (import refuses it).
    Foreign,
    /// A wis document type that import refuses, and why.
    Bad(&'t DocType, String),
}

/// Checks one record as import takes it: its type, its key, its payload.
pub fn check_record<'t, 'r>(
    types: &'t [DocType],
    file: &CultFile<'_>,
    record: &'r Record<'_>,
) -> Checked<'t, 'r> {
    let Some(ty) = wis_type(types, file, record) else {
        return Checked::Foreign;
    };
    let key = match store_key(ty, record.key) {
        Ok(key) => key,
        Err(why) => return Checked::Bad(ty, why),
    };
    if let Err(e) = decode_one(&record.payload) {
        return Checked::Bad(ty, format!("payload is {}", e.described()));
    }
    let Err(e) = (ty.validate)(&record.payload) else {
        return Checked::Wis(ty, key, Cow::Borrowed(&record.payload));
    };
    // Integers wider than 2^53 that an export wrote as strings, or the library rounded.
    if let Some(narrowed) = super::wide::narrow(&record.payload)
        && (ty.validate)(&narrowed).is_ok()
    {
        return Checked::Wis(ty, key, Cow::Owned(narrowed));
    }
    Checked::Bad(ty, format!("payload does not decode as {}: {e}", ty.schema))
}

/// The store key of a record's key, or why the key does not fit its type.
fn store_key<'r>(ty: &DocType, key: &'r str) -> std::result::Result<&'r str, String> {
    let ok = match ty.layout {
        Layout::Singleton => key == SINGLETON_KEY || key == GLOBAL_KEY,
        Layout::Keyed => true,
        Layout::Ring { .. } => key.parse::<u64>().is_ok_and(|seq| ring_key(seq) == key),
    };
    if !ok {
        let want = match ty.layout {
            Layout::Singleton => {
                format!("a singleton's key is `{SINGLETON_KEY}` or `{GLOBAL_KEY}`")
            }
            _ => "a ring entry's key is its sequence number in 20 digits".to_string(),
        };
        return Err(format!("key does not fit {}: {want}", ty.schema));
    }
    Ok(match ty.layout {
        Layout::Singleton => SINGLETON_KEY,
        _ => key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(layout: Layout) -> DocType {
        DocType {
            schema: "wis.test.v1",
            layout,
            validate: |_| Ok(()),
            members: Vec::new,
        }
    }

    #[test]
    fn keys_follow_the_export_scheme() {
        let single = ty(Layout::Singleton);
        assert_eq!(store_key(&single, "self"), Ok("self"));
        assert_eq!(store_key(&single, "__global__"), Ok("self"));
        assert!(store_key(&single, "other").is_err());
        let keyed = ty(Layout::Keyed);
        assert!(store_key(&keyed, "any key at all").is_ok());
        let ring = ty(Layout::Ring { cap: 10 });
        assert!(store_key(&ring, &ring_key(5)).is_ok());
        assert!(store_key(&ring, "00000000000000000005").is_ok());
        for bad in ["5", "-1", "000000000000000000005", "x"] {
            let err = store_key(&ring, bad).unwrap_err();
            assert!(err.contains("20 digits"), "{bad}: {err}");
        }
    }
}
