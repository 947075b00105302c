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

use std::cell::RefCell;

use super::META;
use super::damage::{self, Damage, LAST_GOOD, Place, QUARANTINE, Quarantined};
use super::doc::DocType;
use super::doc::{Doc, Layout, SINGLETON_KEY, decode, encode};
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};

type KeyedDef = TableDefinition<'static, &'static str, &'static [u8]>;
type RingDef = TableDefinition<'static, u64, &'static [u8]>;

pub(crate) fn keyed_def(schema: &'static str) -> KeyedDef {
    TableDefinition::new(schema)
}
pub(crate) fn ring_def(schema: &'static str) -> RingDef {
    TableDefinition::new(schema)
}

pub(crate) fn db_err(what: &str, e: impl Into<redb::Error>) -> Error {
    let e = e.into();
    let full = matches!(&e, redb::Error::Io(io) if io.kind() == std::io::ErrorKind::StorageFull);
    if_full(Error::io(format!("store {what}: {e}")), full)
}

/// A store I/O error, with a hint when the disk is full (ENOSPC): a failed commit writes
/// nothing, so freeing space and running the command again is all there is to do.
pub(crate) fn if_full(err: Error, full: bool) -> Error {
    if full {
        err.hint(
            "the disk holding the store is full; the store keeps its last complete commit: \
             free some space and run the command again",
        )
    } else {
        err
    }
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
    #[doc(hidden)]
    fn damage_log(&self) -> &RefCell<Vec<Damage>>;

    /// What this transaction's reads found damaged so far (and skipped).
    fn damage(&self) -> Vec<Damage> {
        self.damage_log().borrow().clone()
    }

    #[doc(hidden)]
    fn decode_or_note<D: Doc>(&self, place: Place, bytes: Vec<u8>) -> Option<D> {
        match decode(&bytes) {
            Ok(doc) => Some(doc),
            Err(error) => {
                damage::note(
                    &mut self.damage_log().borrow_mut(),
                    Damage {
                        schema: D::SCHEMA,
                        place,
                        error,
                        bytes,
                    },
                );
                None
            }
        }
    }

    /// A keyed document, or `None`; a document that does not decode reads as absent and is
    /// noted as damage (WIS8).
    fn get<D: Doc>(&self, key: &str) -> Result<Option<D>> {
        Ok(match self.keyed_raw(D::SCHEMA, key)? {
            None => None,
            Some(bytes) => self.decode_or_note(Place::Key(key.to_string()), bytes),
        })
    }

    /// The last copy of a singleton that was written (kept beside it by every `set`), if it
    /// decodes: what a damaged singleton falls back to.
    fn last_good<D: Doc>(&self) -> Result<Option<D>> {
        Ok(self
            .last_good_raw(D::SCHEMA)?
            .and_then(|bytes| decode(&bytes).ok()))
    }
    #[doc(hidden)]
    fn last_good_raw(&self, schema: &'static str) -> Result<Option<Vec<u8>>>;

    /// What the quarantine table holds, oldest first.
    fn quarantined(&self) -> Result<Vec<(String, Quarantined)>>;

    /// The singleton document; an error if it is missing (or damaged: see [`Read::get`]).
    fn singleton<D: Doc>(&self) -> Result<D> {
        self.get::<D>(SINGLETON_KEY)?.ok_or_else(|| {
            Error::data(format!("the store has no readable {} document", D::SCHEMA))
                .hint("`wis check` says what is wrong with this store")
        })
    }

    /// The singleton document, failing open (WIS8): missing or damaged reads as the default,
    /// and the returned flag says it was reseeded so the caller can report it.
    fn singleton_or_default<D: Doc + Default>(&self) -> Result<(D, bool)> {
        Ok(match self.get::<D>(SINGLETON_KEY)? {
            Some(doc) => (doc, false),
            None => (D::default(), true),
        })
    }

    /// Every keyed document, in key order; damaged ones are skipped and noted.
    fn all<D: Doc>(&self) -> Result<Vec<(String, D)>> {
        Ok(self
            .keyed_all_raw(D::SCHEMA)?
            .into_iter()
            .filter_map(|(k, b)| {
                self.decode_or_note(Place::Key(k.clone()), b)
                    .map(|d| (k, d))
            })
            .collect())
    }

    /// The newest `n` ring entries (or all with `None`), oldest first, with their sequence;
    /// damaged ones are skipped and noted.
    fn ring<D: Doc>(&self, last: Option<usize>) -> Result<Vec<(u64, D)>> {
        Ok(self
            .ring_raw(D::SCHEMA, last)?
            .into_iter()
            .filter_map(|(s, b)| self.decode_or_note(Place::Seq(s), b).map(|d| (s, d)))
            .collect())
    }

    /// The ring entries from sequence `from` on, oldest first: what was pushed since a reader
    /// last looked (an incremental reader keeps its own cursor); damaged ones are skipped.
    fn ring_from<D: Doc>(&self, from: u64) -> Result<Vec<(u64, D)>> {
        Ok(self
            .ring_raw_from(D::SCHEMA, from)?
            .into_iter()
            .filter_map(|(s, b)| self.decode_or_note(Place::Seq(s), b).map(|d| (s, d)))
            .collect())
    }

    /// A ring's raw entries from sequence `from` on.
    fn ring_raw_from(&self, schema: &'static str, from: u64) -> Result<Vec<(u64, Vec<u8>)>>;

    /// The ring entry at sequence `seq`, if it is still kept (and decodes).
    fn ring_at<D: Doc>(&self, seq: u64) -> Result<Option<D>> {
        Ok(match self.ring_raw_at(D::SCHEMA, seq)? {
            None => None,
            Some(bytes) => self.decode_or_note(Place::Seq(seq), bytes),
        })
    }

    /// A ring's raw entry at sequence `seq`.
    #[doc(hidden)]
    fn ring_raw_at(&self, schema: &'static str, seq: u64) -> Result<Option<Vec<u8>>>;

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

fn read_ring_from(
    t: &impl ReadableTable<u64, &'static [u8]>,
    from: u64,
) -> Result<Vec<(u64, Vec<u8>)>> {
    let mut out = Vec::new();
    for item in t.range(from..).map_err(|e| db_err("read", e))? {
        let (k, v) = item.map_err(|e| db_err("read", e))?;
        out.push((k.value(), v.value().to_vec()));
    }
    Ok(out)
}

fn read_ring_at(t: &impl ReadableTable<u64, &'static [u8]>, seq: u64) -> Result<Option<Vec<u8>>> {
    Ok(t.get(seq)
        .map_err(|e| db_err("read", e))?
        .map(|v| v.value().to_vec()))
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
    damage: RefCell<Vec<Damage>>,
}

impl Rx {
    pub(crate) fn new(txn: ReadTransaction) -> Self {
        Rx {
            txn,
            damage: RefCell::new(Vec::new()),
        }
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
            fn ring_raw_from(
                &self,
                schema: &'static str,
                from: u64,
            ) -> Result<Vec<(u64, Vec<u8>)>> {
                open_or_empty!(self.txn, ring_def(schema), Vec::new(), |t| read_ring_from(
                    &t, from
                ))
            }
            fn ring_raw_at(&self, schema: &'static str, seq: u64) -> Result<Option<Vec<u8>>> {
                open_or_empty!(self.txn, ring_def(schema), None, |t| read_ring_at(&t, seq))
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
            fn damage_log(&self) -> &RefCell<Vec<Damage>> {
                &self.damage
            }
            fn last_good_raw(&self, schema: &'static str) -> Result<Option<Vec<u8>>> {
                open_or_empty!(self.txn, LAST_GOOD, None, |t| read_keyed(&t, schema))
            }
            fn quarantined(&self) -> Result<Vec<(String, Quarantined)>> {
                open_or_empty!(self.txn, QUARANTINE, Vec::new(), |t| damage::read_all(&t))
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
    damage: RefCell<Vec<Damage>>,
    /// The time the command opened the store: when damage found now is set aside.
    now: Millis,
    _db: std::marker::PhantomData<&'db ()>,
}

impl Tx<'_> {
    pub(crate) fn new(txn: WriteTransaction, now: Millis) -> Self {
        Tx {
            txn,
            damage: RefCell::new(Vec::new()),
            now,
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

    /// Writes the singleton document, and its second copy (what a damaged copy falls back to).
    pub fn set<D: Doc>(&mut self, doc: &D) -> Result<()> {
        debug_assert_eq!(
            D::LAYOUT,
            Layout::Singleton,
            "{} is not a singleton",
            D::SCHEMA
        );
        self.put(SINGLETON_KEY, doc)?;
        let bytes =
            encode(doc).map_err(|e| Error::internal(format!("encoding {}: {e}", D::SCHEMA)))?;
        let mut t = self
            .txn
            .open_table(LAST_GOOD)
            .map_err(|e| db_err("open table", e))?;
        t.insert(D::SCHEMA, bytes.as_slice())
            .map_err(|e| db_err("write", e))?;
        Ok(())
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

    /// Commits durably. Every writing command ends here exactly once. Damage its reads met is
    /// set aside in the same commit.
    /// Commits, leaving the wait for the disk to the store's close ([`super::Store::close`]),
    /// which syncs this commit with the one it writes anyway. For the last transaction before
    /// a close, it saves the syncs of a durable commit; until the close returns, a crash loses
    /// this commit (and only it), as if it had not been made.
    pub fn commit_before_close(mut self) -> Result<()> {
        self.txn
            .set_durability(redb::Durability::None)
            .map_err(|e| Error::internal(format!("a commit before close: {e}")))?;
        self.commit()
    }

    pub fn commit(mut self) -> Result<()> {
        for d in self.damage.take() {
            self.set_aside(d)?;
        }
        self.txn.commit().map_err(|e| db_err("commit", e))
    }

    /// Moves a damaged entry to the quarantine table (its own table keeps it only if this
    /// transaction already wrote something else in its place).
    pub fn set_aside(&mut self, d: Damage) -> Result<()> {
        let record = Quarantined {
            schema: d.schema.to_string(),
            place: d.place.clone(),
            error: d.error.clone(),
            at: self.now,
            bytes: d.bytes.clone(),
        };
        let bytes = encode(&record).map_err(|e| Error::internal(format!("encoding: {e}")))?;
        let seq: u64 = self.meta(QUARANTINE_SEQ)?.unwrap_or(0);
        {
            let mut t = self
                .txn
                .open_table(QUARANTINE)
                .map_err(|e| db_err("open table", e))?;
            t.insert(ring_key(seq).as_str(), bytes.as_slice())
                .map_err(|e| db_err("write", e))?;
        }
        self.put_meta(QUARANTINE_SEQ, &(seq + 1))?;
        match &d.place {
            Place::Seq(s) => {
                let mut t = self
                    .txn
                    .open_table(ring_def(d.schema))
                    .map_err(|e| db_err("open table", e))?;
                let same = t
                    .get(*s)
                    .map_err(|e| db_err("read", e))?
                    .is_some_and(|v| v.value() == d.bytes.as_slice());
                if same {
                    t.remove(*s).map_err(|e| db_err("write", e))?;
                }
            }
            Place::Key(k) => {
                let mut t = self
                    .txn
                    .open_table(keyed_def(d.schema))
                    .map_err(|e| db_err("open table", e))?;
                let same = t
                    .get(k.as_str())
                    .map_err(|e| db_err("read", e))?
                    .is_some_and(|v| v.value() == d.bytes.as_slice());
                if same {
                    t.remove(k.as_str()).map_err(|e| db_err("write", e))?;
                }
            }
        }
        Ok(())
    }

    /// Empties the quarantine table, returning what it held (`wis check --repair` writes it
    /// out first).
    pub fn take_quarantine(&mut self) -> Result<Vec<(String, Quarantined)>> {
        let all = self.quarantined()?;
        let mut t = self
            .txn
            .open_table(QUARANTINE)
            .map_err(|e| db_err("open table", e))?;
        for (k, _) in &all {
            t.remove(k.as_str()).map_err(|e| db_err("write", e))?;
        }
        Ok(all)
    }
}

/// The meta key of the quarantine table's next sequence number.
const QUARANTINE_SEQ: &str = "seq:wis.quarantine";

fn seq_key(schema: &str) -> String {
    format!("seq:{schema}")
}

impl_read!(Tx<'_>);
