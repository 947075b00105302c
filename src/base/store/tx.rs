//! Typed transactions over the store's tables.
//!
//! [`Tx`] is the one write transaction a command works in; [`Rx`] a read snapshot. Both read
//! documents the same way (through [`Read`]); only `Tx` writes, and its `commit` is durable.
//! Singleton and keyed documents live in `&str`-keyed tables; rings in `u64`-keyed tables whose
//! next sequence number is kept in the meta table, trimmed to their cap on every push.

use redb::{
    ReadTransaction, ReadableTable, ReadableTableMetadata, TableDefinition, TableError,
    WriteTransaction,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::META;
use super::doc::DocType;
use super::doc::{Doc, Layout, SINGLETON_KEY, decode, encode};
use crate::base::exit::{Error, Result};

type KeyedDef = TableDefinition<'static, &'static str, &'static [u8]>;
type RingDef = TableDefinition<'static, u64, &'static [u8]>;

pub(crate) fn keyed_def(schema: &'static str) -> KeyedDef {
    TableDefinition::new(schema)
}
pub(crate) fn ring_def(schema: &'static str) -> RingDef {
    TableDefinition::new(schema)
}

fn db_err(what: &str, e: impl std::fmt::Display) -> Error {
    Error::io(format!("store {what}: {e}"))
}

fn decode_err<D: Doc>(key: &str, e: String) -> Error {
    Error::data(format!(
        "store document {} `{key}` does not decode: {e}",
        D::SCHEMA
    ))
    .hint("`wis check` lists damaged documents")
}

/// A ring's key rendered as a string key (zero-padded so string order is ring order).
pub fn ring_key(seq: u64) -> String {
    format!("{seq:020}")
}

/// Reading documents: shared by write and read transactions.
pub trait Read {
    #[doc(hidden)]
    fn keyed_raw(&self, schema: &'static str, key: &str) -> Result<Option<Vec<u8>>>;
    #[doc(hidden)]
    fn keyed_all_raw(&self, schema: &'static str) -> Result<Vec<(String, Vec<u8>)>>;
    #[doc(hidden)]
    fn ring_raw(&self, schema: &'static str, last: Option<usize>) -> Result<Vec<(u64, Vec<u8>)>>;
    #[doc(hidden)]
    fn table_len(&self, schema: &'static str, layout: Layout) -> Result<u64>;
    /// A value from the meta table.
    fn meta<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>>;

    /// A keyed document, or `None`.
    fn get<D: Doc>(&self, key: &str) -> Result<Option<D>> {
        match self.keyed_raw(D::SCHEMA, key)? {
            None => Ok(None),
            Some(bytes) => decode(&bytes)
                .map(Some)
                .map_err(|e| decode_err::<D>(key, e)),
        }
    }

    /// The singleton document; an error if it is missing or damaged.
    fn singleton<D: Doc>(&self) -> Result<D> {
        self.get::<D>(SINGLETON_KEY)?.ok_or_else(|| {
            Error::data(format!("the store has no {} document", D::SCHEMA))
                .hint("`wis check` says what is wrong with this store")
        })
    }

    /// The singleton document, failing open (WIS8): missing or damaged reads as the default,
    /// and the returned flag says it was reseeded so the caller can report it.
    fn singleton_or_default<D: Doc + Default>(&self) -> Result<(D, bool)> {
        match self.keyed_raw(D::SCHEMA, SINGLETON_KEY)? {
            None => Ok((D::default(), true)),
            Some(bytes) => match decode(&bytes) {
                Ok(doc) => Ok((doc, false)),
                Err(_) => Ok((D::default(), true)),
            },
        }
    }

    /// Every keyed document, in key order. Damaged documents are an error naming them.
    fn all<D: Doc>(&self) -> Result<Vec<(String, D)>> {
        self.keyed_all_raw(D::SCHEMA)?
            .into_iter()
            .map(|(k, b)| {
                decode(&b)
                    .map(|d| (k.clone(), d))
                    .map_err(|e| decode_err::<D>(&k, e))
            })
            .collect()
    }

    /// The newest `n` ring entries (or all with `None`), oldest first, with their sequence.
    fn ring<D: Doc>(&self, last: Option<usize>) -> Result<Vec<(u64, D)>> {
        self.ring_raw(D::SCHEMA, last)?
            .into_iter()
            .map(|(s, b)| {
                decode(&b)
                    .map(|d| (s, d))
                    .map_err(|e| decode_err::<D>(&ring_key(s), e))
            })
            .collect()
    }

    /// How many documents of this type the store holds.
    fn count<D: Doc>(&self) -> Result<u64> {
        self.table_len(D::SCHEMA, D::LAYOUT)
    }

    /// The sequence number a ring's next entry will get (0 for a ring never pushed to).
    fn ring_next<D: Doc>(&self) -> Result<u64> {
        Ok(self.meta(&seq_key(D::SCHEMA))?.unwrap_or(0))
    }
}

fn read_keyed(
    t: &impl ReadableTable<&'static str, &'static [u8]>,
    key: &str,
) -> Result<Option<Vec<u8>>> {
    Ok(t.get(key)
        .map_err(|e| db_err("read", e))?
        .map(|v| v.value().to_vec()))
}

fn read_keyed_all(
    t: &impl ReadableTable<&'static str, &'static [u8]>,
) -> Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    for item in t.iter().map_err(|e| db_err("read", e))? {
        let (k, v) = item.map_err(|e| db_err("read", e))?;
        out.push((k.value().to_string(), v.value().to_vec()));
    }
    Ok(out)
}

fn read_ring(
    t: &impl ReadableTable<u64, &'static [u8]>,
    last: Option<usize>,
) -> Result<Vec<(u64, Vec<u8>)>> {
    let mut out = Vec::new();
    let iter = t.iter().map_err(|e| db_err("read", e))?;
    match last {
        None => {
            for item in iter {
                let (k, v) = item.map_err(|e| db_err("read", e))?;
                out.push((k.value(), v.value().to_vec()));
            }
        }
        Some(n) => {
            for item in iter.rev().take(n) {
                let (k, v) = item.map_err(|e| db_err("read", e))?;
                out.push((k.value(), v.value().to_vec()));
            }
            out.reverse();
        }
    }
    Ok(out)
}

/// A read snapshot.
pub struct Rx {
    txn: ReadTransaction,
}

impl Rx {
    pub(crate) fn new(txn: ReadTransaction) -> Self {
        Rx { txn }
    }
}

macro_rules! open_or_empty {
    ($txn:expr, $def:expr, $empty:expr, |$t:ident| $body:expr) => {
        match $txn.open_table($def) {
            Ok($t) => $body,
            Err(TableError::TableDoesNotExist(_)) => Ok($empty),
            Err(e) => Err(db_err("open table", e)),
        }
    };
}

/// Both transaction kinds read the same way; only the transaction type differs.
macro_rules! impl_read {
    ($ty:ty) => {
        impl Read for $ty {
            fn keyed_raw(&self, schema: &'static str, key: &str) -> Result<Option<Vec<u8>>> {
                open_or_empty!(self.txn, keyed_def(schema), None, |t| read_keyed(&t, key))
            }
            fn keyed_all_raw(&self, schema: &'static str) -> Result<Vec<(String, Vec<u8>)>> {
                open_or_empty!(self.txn, keyed_def(schema), Vec::new(), |t| read_keyed_all(
                    &t
                ))
            }
            fn ring_raw(
                &self,
                schema: &'static str,
                last: Option<usize>,
            ) -> Result<Vec<(u64, Vec<u8>)>> {
                open_or_empty!(self.txn, ring_def(schema), Vec::new(), |t| read_ring(
                    &t, last
                ))
            }
            fn table_len(&self, schema: &'static str, layout: Layout) -> Result<u64> {
                match layout {
                    Layout::Ring { .. } => open_or_empty!(self.txn, ring_def(schema), 0, |t| t
                        .len()
                        .map_err(|e| db_err("read", e))),
                    _ => open_or_empty!(self.txn, keyed_def(schema), 0, |t| t
                        .len()
                        .map_err(|e| db_err("read", e))),
                }
            }
            fn meta<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
                let raw = open_or_empty!(self.txn, META, None, |t| read_keyed(&t, key))?;
                raw.map(|b| decode(&b).map_err(|e| Error::data(format!("store meta `{key}`: {e}"))))
                    .transpose()
            }
        }
    };
}

impl_read!(Rx);

/// The one write transaction of a command.
pub struct Tx<'db> {
    txn: WriteTransaction,
    _db: std::marker::PhantomData<&'db ()>,
}

impl Tx<'_> {
    pub(crate) fn new(txn: WriteTransaction) -> Self {
        Tx {
            txn,
            _db: std::marker::PhantomData,
        }
    }

    /// Creates the tables of these document types, so readers never meet a missing one.
    pub fn init_tables(&mut self, types: &[DocType]) -> Result<()> {
        self.txn
            .open_table(META)
            .map_err(|e| db_err("create table", e))?;
        for ty in types {
            match ty.layout {
                Layout::Ring { .. } => drop(
                    self.txn
                        .open_table(ring_def(ty.schema))
                        .map_err(|e| db_err("create table", e))?,
                ),
                _ => drop(
                    self.txn
                        .open_table(keyed_def(ty.schema))
                        .map_err(|e| db_err("create table", e))?,
                ),
            }
        }
        Ok(())
    }

    /// Writes a value to the meta table.
    pub fn put_meta<T: Serialize>(&mut self, key: &str, value: &T) -> Result<()> {
        let bytes = encode(value).map_err(|e| Error::internal(format!("encoding meta: {e}")))?;
        let mut t = self
            .txn
            .open_table(META)
            .map_err(|e| db_err("open table", e))?;
        t.insert(key, bytes.as_slice())
            .map_err(|e| db_err("write", e))?;
        Ok(())
    }

    /// Writes raw bytes as a document of type `ty` under `key` (cultcache import; validated
    /// by the caller). A ring's key is its sequence number.
    pub fn put_raw(&mut self, ty: &DocType, key: &str, bytes: &[u8]) -> Result<()> {
        let schema = ty.schema;
        match ty.layout {
            Layout::Ring { .. } => {
                let seq: u64 = key.parse().map_err(|_| {
                    Error::data(format!("ring key `{key}` of {schema} is not a number"))
                })?;
                let mut t = self
                    .txn
                    .open_table(ring_def(schema))
                    .map_err(|e| db_err("open table", e))?;
                t.insert(seq, bytes).map_err(|e| db_err("write", e))?;
                drop(t);
                let next: u64 = self.meta(&seq_key(schema))?.unwrap_or(0);
                if seq >= next {
                    self.put_meta(&seq_key(schema), &(seq + 1))?;
                }
            }
            _ => {
                let mut t = self
                    .txn
                    .open_table(keyed_def(schema))
                    .map_err(|e| db_err("open table", e))?;
                t.insert(key, bytes).map_err(|e| db_err("write", e))?;
            }
        }
        Ok(())
    }

    /// Writes a keyed document.
    pub fn put<D: Doc>(&mut self, key: &str, doc: &D) -> Result<()> {
        debug_assert!(
            !matches!(D::LAYOUT, Layout::Ring { .. }),
            "{} is a ring: push it",
            D::SCHEMA
        );
        let bytes =
            encode(doc).map_err(|e| Error::internal(format!("encoding {}: {e}", D::SCHEMA)))?;
        let mut t = self
            .txn
            .open_table(keyed_def(D::SCHEMA))
            .map_err(|e| db_err("open table", e))?;
        t.insert(key, bytes.as_slice())
            .map_err(|e| db_err("write", e))?;
        Ok(())
    }

    /// Writes the singleton document.
    pub fn set<D: Doc>(&mut self, doc: &D) -> Result<()> {
        debug_assert_eq!(
            D::LAYOUT,
            Layout::Singleton,
            "{} is not a singleton",
            D::SCHEMA
        );
        self.put(SINGLETON_KEY, doc)
    }

    /// Removes a keyed document; whether it was there.
    pub fn remove<D: Doc>(&mut self, key: &str) -> Result<bool> {
        let mut t = self
            .txn
            .open_table(keyed_def(D::SCHEMA))
            .map_err(|e| db_err("open table", e))?;
        Ok(t.remove(key).map_err(|e| db_err("write", e))?.is_some())
    }

    /// Appends to a ring, dropping the oldest entries past its cap; returns the new sequence.
    pub fn push<D: Doc>(&mut self, doc: &D) -> Result<u64> {
        let Layout::Ring { cap } = D::LAYOUT else {
            return Err(Error::internal(format!("{} is not a ring", D::SCHEMA)));
        };
        let bytes =
            encode(doc).map_err(|e| Error::internal(format!("encoding {}: {e}", D::SCHEMA)))?;
        let seq: u64 = self.meta(&seq_key(D::SCHEMA))?.unwrap_or(0);
        {
            let mut t = self
                .txn
                .open_table(ring_def(D::SCHEMA))
                .map_err(|e| db_err("open table", e))?;
            t.insert(seq, bytes.as_slice())
                .map_err(|e| db_err("write", e))?;
            let mut len = t.len().map_err(|e| db_err("read", e))?;
            while len > cap {
                t.pop_first().map_err(|e| db_err("write", e))?;
                len -= 1;
            }
        }
        self.put_meta(&seq_key(D::SCHEMA), &(seq + 1))?;
        Ok(seq)
    }

    /// Drops a ring's oldest entries until at most `keep` remain (a configured cap below the
    /// declared one); returns how many went.
    pub fn trim_ring<D: Doc>(&mut self, keep: u64) -> Result<u64> {
        let Layout::Ring { .. } = D::LAYOUT else {
            return Err(Error::internal(format!("{} is not a ring", D::SCHEMA)));
        };
        let mut t = self
            .txn
            .open_table(ring_def(D::SCHEMA))
            .map_err(|e| db_err("open table", e))?;
        let mut dropped = 0;
        let mut len = t.len().map_err(|e| db_err("read", e))?;
        while len > keep {
            t.pop_first().map_err(|e| db_err("write", e))?;
            len -= 1;
            dropped += 1;
        }
        Ok(dropped)
    }

    /// Replaces one ring entry in place (a later settlement of an earlier record).
    pub fn replace<D: Doc>(&mut self, seq: u64, doc: &D) -> Result<bool> {
        let bytes =
            encode(doc).map_err(|e| Error::internal(format!("encoding {}: {e}", D::SCHEMA)))?;
        let mut t = self
            .txn
            .open_table(ring_def(D::SCHEMA))
            .map_err(|e| db_err("open table", e))?;
        if t.get(seq).map_err(|e| db_err("read", e))?.is_none() {
            return Ok(false);
        }
        t.insert(seq, bytes.as_slice())
            .map_err(|e| db_err("write", e))?;
        Ok(true)
    }

    /// Commits durably. Every writing command ends here exactly once.
    pub fn commit(self) -> Result<()> {
        self.txn.commit().map_err(|e| db_err("commit", e))
    }
}

fn seq_key(schema: &str) -> String {
    format!("seq:{schema}")
}

impl_read!(Tx<'_>);
