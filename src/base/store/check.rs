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
    for (_, q) in rx.quarantined()? {
        problems.push(Problem {
            area: q.schema.clone(),
            detail: format!(
                "`{}` was damaged and set aside at {} ({}); `wis check --repair` moves it out",
                q.place,
                crate::base::clock::rfc3339(q.at),
                q.error
            ),
        });
    }
    for ty in types {
        let entries = raw_entries(&rx, ty)?;
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

/// Every stored document of `ty` as its key (a ring's entries by their zero-padded sequence
/// number) and its raw bytes, in key order.
pub fn raw_entries(rx: &impl Read, ty: &DocType) -> Result<Vec<(String, Vec<u8>)>> {
    Ok(match ty.layout {
        Layout::Ring { .. } => rx
            .ring_raw(ty.schema, None)?
            .into_iter()
            .map(|(s, b)| (super::tx::ring_key(s), b))
            .collect(),
        _ => rx.keyed_all_raw(ty.schema)?,
    })
}

/// What `wis check --repair` did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Repaired {
    /// Damaged documents found in place and set aside now.
    pub set_aside: u64,
    /// Quarantined documents written out and removed from the store.
    pub moved: u64,
    /// Where they went.
    pub dir: Option<std::path::PathBuf>,
}

/// Sets aside every document of `types` that does not decode, then moves everything in
/// quarantine into `dir` (one raw file per document and one `index.jsonl` line saying what it
/// was and why it was set aside), then removes it from the store. The files are written and
/// synced before the store lets go of anything, so a crash in between loses nothing.
pub fn repair(store: &Store, types: &[DocType], dir: &std::path::Path) -> Result<Repaired> {
    use crate::base::exit::Error;
    use std::io::Write;
    let mut tx = store.write()?;
    let mut repaired = Repaired::default();
    for ty in types {
        let found: Vec<(super::Place, Vec<u8>)> = match ty.layout {
            Layout::Ring { .. } => tx
                .ring_raw(ty.schema, None)?
                .into_iter()
                .map(|(s, b)| (super::Place::Seq(s), b))
                .collect(),
            _ => tx
                .keyed_all_raw(ty.schema)?
                .into_iter()
                .map(|(k, b)| (super::Place::Key(k), b))
                .collect(),
        };
        for (place, bytes) in found {
            if let Err(error) = (ty.validate)(&bytes) {
                tx.set_aside(super::Damage {
                    schema: ty.schema,
                    place,
                    error,
                    bytes,
                })?;
                repaired.set_aside += 1;
            }
        }
    }
    let quarantined = tx.take_quarantine()?;
    if !quarantined.is_empty() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io_at(dir, e))?;
        let mut index = String::new();
        for (seq, q) in &quarantined {
            let name = format!(
                "{seq}-{}-{}.msgpack",
                q.schema,
                q.place.to_string().replace(['/', '#', '\\'], "_")
            );
            let path = dir.join(&name);
            let mut f = std::fs::File::create(&path).map_err(|e| Error::io_at(&path, e))?;
            f.write_all(&q.bytes)
                .and_then(|()| f.sync_all())
                .map_err(|e| Error::io_at(&path, e))?;
            let line = serde_json::json!({
                "file": name, "schema": q.schema, "place": q.place.to_string(),
                "error": q.error, "set_aside_at": crate::base::clock::rfc3339(q.at),
            });
            index.push_str(&format!("{line}\n"));
        }
        let path = dir.join("index.jsonl");
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| Error::io_at(&path, e))?;
        f.write_all(index.as_bytes())
            .and_then(|()| f.sync_all())
            .map_err(|e| Error::io_at(&path, e))?;
        super::sync_dir(dir);
        repaired.moved = quarantined.len() as u64;
        repaired.dir = Some(dir.to_path_buf());
    }
    tx.commit()?;
    Ok(repaired)
}
