//! The CultCache file format (`cultcache.store.v1`) and its JSON working projection.
//!
//! The store is canonical; a CultCache file is how people and other tools see it: a
//! MessagePack snapshot that the TypeScript reference (and anything speaking its contract)
//! reads without wis. This module reads both file shapes ([`read`]), writes the v1 snapshot
//! byte-for-byte as the reference does ([`write`], [`encode`]), publishes wis's document
//! types as a schema catalog ([`catalog`]), projects any file to JSON ([`project`],
//! [`outdir`]), and moves a creature's documents in and out ([`export`], [`import`]) and
//! checks a file ([`verify`]).
//!
//! Every byte of a file is untrusted: it is decoded as bounded values before
//! anything else looks at it ([`decode`]), so a hostile file fails with a data error (exit 65) in
//! bounded time and memory.

pub mod catalog;
pub mod decode;
pub mod encode;
pub mod export;
pub mod import;
pub mod js;
pub mod outdir;
pub mod project;
pub mod read;
pub mod value;
pub mod verify;
pub mod wide;
pub mod write;

#[cfg(test)]
mod interop_tests;

use std::path::Path;

pub use catalog::{Catalog, CatalogEntry, CatalogMember, wis_catalog};
pub use decode::{DecodeError, Decoder, Limits, decode_one};
pub use export::export;
pub use import::{Imported, import};
pub use read::{CultFile, FORMAT_V1, PayloadForm, ReadError, Record, Shape};
pub use value::Value;
pub use verify::{Report, verify};
pub use wide::{narrow, widen};
pub use write::{SnapshotRecord, write_snapshot};

use crate::base::exit::Error;

impl From<ReadError> for Error {
    fn from(e: ReadError) -> Self {
        let hint = match &e {
            ReadError::UnknownFormat(_) => {
                "a newer wis may read it; this one reads cultcache.store.v1 and the legacy shape"
            }
            ReadError::Malformed(d) if d.is_limit() => {
                "the limits are in docs/cultcache.md; nothing was changed"
            }
            ReadError::Malformed(_) | ReadError::NotCultCache(_) => {
                "the file is damaged or is not a CultCache store"
            }
            ReadError::Trailing { .. } => {
                "the file was cut or appended to; the bytes before the offset are one store"
            }
            ReadError::Catalog(_) | ReadError::Record { .. } => {
                "the file's structure is wrong where the message says; nothing was changed"
            }
        };
        Error::data(e.to_string()).hint(hint)
    }
}

/// Reads a whole file, naming it in any error (a missing file is exit 66).
pub fn read_input(path: &Path) -> crate::base::exit::Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Error::io_at(path, e))
}

/// The type of `types` with this schema id.
fn doc_type<'t>(
    types: &'t [crate::base::store::DocType],
    schema: &str,
) -> Option<&'t crate::base::store::DocType> {
    types.iter().find(|t| t.schema == schema)
}
