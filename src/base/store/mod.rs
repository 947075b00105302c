//! The canonical store: one redb file of typed MessagePack documents.
//!
//! A command opens the store once (waiting up to `--wait` while another process holds it, then
//! exit 75 naming the holder) and works in one transaction. A command that writes ends with one
//! durable commit, and closes the store ([`Store::close`]: redb's close records the file's free
//! space in a durable commit of its own). A command that only reads opens the store to read
//! ([`Store::open_read`]): it shares the file with other readers, writes nothing and makes no
//! sync. The store carries a format version checked on open: a newer store is refused, an
//! older one is migrated. Every document type is registered in [`registry`]; rings have
//! declared caps; `wis check` validates all of it.

mod check;
pub mod damage;
mod doc;
#[cfg(all(test, unix))]
pub(crate) mod faults;
pub mod holder;
mod lazy_sync;
mod migrate;
mod open;
mod shape;
#[cfg(test)]
pub(crate) mod testing;
mod tx;

use std::path::{Path, PathBuf};
use std::time::Duration;

use redb::{Database, DatabaseError, ReadOnlyDatabase, ReadableDatabase, TableDefinition};

pub use check::{Problem, Repaired, check_store, raw_entries, repair};
pub use damage::{Damage, Place, Quarantined};
pub use doc::{Doc, DocType, Layout, SINGLETON_KEY, decode, encode};
pub use holder::Holder;
pub use shape::{Member, members};
pub use tx::{Read, Rx, Tx, ring_key};

use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};

/// The store format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// Small bookkeeping values: the format version, ring sequence counters.
pub(crate) const META: TableDefinition<&str, &[u8]> = TableDefinition::new("wis.meta");
const FORMAT_KEY: &str = "format_version";

/// An open store. Holds the file lock until dropped.
pub struct Store {
    db: Db,
    path: PathBuf,
    /// The clock's reading when the store was opened.
    now: Millis,
    _holder: holder::HolderGuard,
}

/// The store's file, opened to write or to read only.
enum Db {
    Write(Database),
    Read(ReadOnlyDatabase),
}

/// How to open a store.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// How long to wait for another process to let go.
    pub wait: Duration,
    /// What this process is doing, recorded for anyone who has to wait for it.
    pub command: String,
    /// The time recorded as "since".
    pub now: Millis,
}

impl Store {
    /// Creates a new store at `path`, which must not exist: written under a temporary name
    /// and renamed into place, so a crash never leaves half a store behind.
    pub fn create(
        path: &Path,
        opts: &OpenOptions,
        init: impl FnOnce(&mut Tx) -> Result<()>,
    ) -> Result<()> {
        if path.exists() {
            return Err(Error::usage(format!("{} already exists", path.display())));
        }
        let tmp = path.with_extension(format!("redb.new-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let result = (|| {
            let db = open::create(&tmp).map_err(|e| open::error(&tmp, e))?;
            let store = Store {
                db: Db::Write(db),
                path: tmp.clone(),
                now: opts.now,
                _holder: holder::HolderGuard::write(&tmp, opts),
            };
            let mut tx = store.write()?;
            tx.init_tables(&[])?;
            tx.put_meta(FORMAT_KEY, &FORMAT_VERSION)?;
            init(&mut tx)?;
            tx.commit()?;
            drop(store);
            std::fs::rename(&tmp, path).map_err(|e| Error::io_at(path, e))?;
            if let Some(dir) = path.parent() {
                sync_dir(dir);
            }
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
            let _ = std::fs::remove_file(holder::holder_path(&tmp));
        }
        result
    }

    /// Opens an existing store to write, waiting up to `opts.wait` for another process to let
    /// go (a reader as well as a writer).
    pub fn open(path: &Path, opts: &OpenOptions) -> Result<Store> {
        open::check_existing(path)?;
        let db = open::waiting(path, opts.wait, open::write)?.map_err(|e| open::error(path, e))?;
        let store = Store {
            db: Db::Write(db),
            path: path.to_path_buf(),
            now: opts.now,
            _holder: holder::HolderGuard::write(path, opts),
        };
        store.check_format()?;
        Ok(store)
    }

    /// Opens an existing store to read only, waiting up to `opts.wait` for a writer to let go:
    /// readers share the file, write nothing to it and make no sync. [`Store::write`] on it is
    /// refused. A file its last writer did not close (a crash), or of an older format, is
    /// opened to write instead, as [`Store::open`] does, so that it is recovered or migrated.
    pub fn open_read(path: &Path, opts: &OpenOptions) -> Result<Store> {
        open::check_existing(path)?;
        let db = match open::waiting(path, opts.wait, open::read)? {
            Ok(db) => db,
            Err(DatabaseError::RepairAborted) => return Store::open(path, opts),
            Err(e) => return Err(open::error(path, e)),
        };
        let store = Store {
            db: Db::Read(db),
            path: path.to_path_buf(),
            now: opts.now,
            _holder: holder::HolderGuard::write(path, opts),
        };
        match store.format()? {
            Some(v) if v < FORMAT_VERSION => {
                drop(store);
                Store::open(path, opts)
            }
            _ => {
                store.check_format()?;
                Ok(store)
            }
        }
    }

    /// The file this store lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Closes the store, saying whether what it committed is on the disk. Closing writes
    /// redb's own record of the file's free space in one durable commit, which makes every
    /// commit before it durable too: a transaction committed with [`Tx::commit_before_close`]
    /// is durable once this returns `Ok`. Dropping a store closes it as well, but cannot
    /// report a failure.
    pub fn close(self) -> Result<()> {
        let Store { db, path, .. } = self;
        match db {
            Db::Write(db) => db.close(),
            Db::Read(db) => db.close(),
        }
        .map_err(|e| open::error(&path, e).context("closing the store"))
    }

    /// Starts the write transaction a command works in.
    pub fn write(&self) -> Result<Tx<'_>> {
        let Db::Write(db) = &self.db else {
            return Err(Error::internal(format!(
                "{} was opened to read only, and a write was asked of it",
                self.path.display()
            )));
        };
        let txn = db.begin_write().map_err(|e| tx::db_err("write start", e))?;
        Ok(Tx::new(txn, self.now))
    }

    /// Starts a read transaction (a consistent snapshot).
    pub fn read(&self) -> Result<Rx> {
        let txn = match &self.db {
            Db::Write(db) => db.begin_read(),
            Db::Read(db) => db.begin_read(),
        }
        .map_err(|e| Error::io(format!("starting a read: {e}")))?;
        Ok(Rx::new(txn))
    }

    /// redb's own integrity check (checksums, tree structure).
    pub fn check_integrity(&mut self) -> Result<bool> {
        let Db::Write(db) = &mut self.db else {
            return Err(Error::internal(format!(
                "{} was opened to read only; its integrity check repairs",
                self.path.display()
            )));
        };
        db.check_integrity().map_err(|e| open::error(&self.path, e))
    }

    /// The store format the file records.
    fn format(&self) -> Result<Option<u32>> {
        self.read()?.meta(FORMAT_KEY)
    }

    fn check_format(&self) -> Result<()> {
        match self.format()? {
            None => Err(Error::data(format!(
                "{} is a redb file but not a wis store (no format version)",
                self.path.display()
            ))
            .hint("point --home at a creature's home, or birth one with `wis init`")),
            Some(v) if v > FORMAT_VERSION => Err(Error::data(format!(
                "{} has store format {v}, newer than this wis understands ({FORMAT_VERSION})",
                self.path.display()
            ))
            .hint("upgrade wis; this store was written by a newer version")),
            Some(v) if v < FORMAT_VERSION => {
                let mut tx = self.write()?;
                migrate::run(&mut tx, v, FORMAT_VERSION)?;
                tx.put_meta(FORMAT_KEY, &FORMAT_VERSION)?;
                tx.commit()
            }
            Some(_) => Ok(()),
        }
    }
}

/// fsyncs a directory so that a rename in it is durable.
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}
