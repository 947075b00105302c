//! The store's own check: redb's integrity check, a known format, every document decodes as
//! its registered type, rings within their caps. The floor above adds the creature's
//! invariants (`crate::turn::check`).

use serde::Serialize;

use super::doc::{DocType, Layout};
use super::tx::Read;
use super::{FORMAT_VERSION, Store};
use crate::base::exit::Result;

/// One thing wrong with a store.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, by document type or area.
    pub area: String,
    pub detail: String,
}

/// Checks a store against the document types it may hold; the empty list means healthy.
pub fn check_store(store: &mut Store, types: &[DocType]) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    if !store.check_integrity()? {
        problems.push(Problem {
            area: "redb".into(),
            detail: "integrity check found damage (redb repaired what it could)".into(),
        });
    }
    let rx = store.read()?;
    match rx.meta::<u32>("format_version")? {
        Some(FORMAT_VERSION) => {}
        other => problems.push(Problem {
            area: "format".into(),
            detail: format!("format version {other:?}, expected {FORMAT_VERSION}"),
        }),
    }
    for ty in types {
        let entries: Vec<(String, Vec<u8>)> = match ty.layout {
            Layout::Ring { .. } => rx
                .ring_raw(ty.schema, None)?
                .into_iter()
                .map(|(s, b)| (super::tx::ring_key(s), b))
                .collect(),
            _ => rx.keyed_all_raw(ty.schema)?,
        };
        if let Layout::Ring { cap } = ty.layout
            && entries.len() as u64 > cap
        {
            problems.push(Problem {
                area: ty.schema.into(),
                detail: format!("ring holds {} entries, over its cap {cap}", entries.len()),
            });
        }
        for (key, bytes) in &entries {
            if let Err(e) = (ty.validate)(bytes) {
                problems.push(Problem {
                    area: ty.schema.into(),
                    detail: format!("`{key}` does not decode: {e}"),
                });
            }
        }
    }
    Ok(problems)
}
