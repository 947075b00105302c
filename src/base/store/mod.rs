//! The canonical store: one redb file of typed MessagePack documents.
//!
//! A command opens the store once (waiting up to `--wait` while another process holds it, then
//! exit 75 naming the holder), works in one write transaction, and ends with one durable
//! commit, or with a commit that closing the store makes durable ([`Tx::commit_before_close`],
//! [`Store::close`]: redb's close writes a durable commit of its own). The store carries a format version checked on open: a newer store is refused, an
//! older one is migrated. Every document type is registered in [`registry`]; rings have
//! declared caps; `wis check` validates all of it.

mod check;
pub mod damage;
mod doc;
#[cfg(all(test, unix))]
pub(crate) mod faults;
pub mod holder;
mod migrate;
mod shape;
#[cfg(test)]
pub(crate) mod testing;
mod tx;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, DatabaseError, ReadableDatabase, StorageError, TableDefinition};

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
    db: Database,
    path: PathBuf,
    /// The clock's reading when the store was opened.
    now: Millis,
    _holder: holder::HolderGuard,
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
            let db = Database::create(&tmp).map_err(|e| open_error(&tmp, e))?;
            let store = Store {
                db,
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

    /// Opens an existing store, waiting up to `opts.wait` for another process to let go.
    pub fn open(path: &Path, opts: &OpenOptions) -> Result<Store> {
        if !path.exists() {
            return Err(Error::no_input(format!(
                "no creature here: {} does not exist",
                path.display()
            ))
            .hint("birth one with `wis init`, or point --home (or WIS_HOME) at its home"));
        }
        check_header(path)?;
        let deadline = Instant::now() + opts.wait;
        let mut backoff = Duration::from_millis(20);
        let db = loop {
            match open_db(path) {
                Ok(db) => break db,
                Err(DatabaseError::DatabaseAlreadyOpen) => {
                    let now = Instant::now();
                    if now >= deadline {
                        return Err(busy_error(path, opts.wait));
                    }
                    std::thread::sleep(backoff.min(deadline - now));
                    backoff = (backoff * 2).min(Duration::from_millis(500));
                }
                Err(e) => return Err(open_error(path, e)),
            }
        };
        let store = Store {
            db,
            path: path.to_path_buf(),
            now: opts.now,
            _holder: holder::HolderGuard::write(path, opts),
        };
        store.check_format()?;
        Ok(store)
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
        db.close()
            .map_err(|e| open_error(&path, e).context("closing the store"))
    }

    /// Starts the write transaction a command works in.
    pub fn write(&self) -> Result<Tx<'_>> {
        let txn = self
            .db
            .begin_write()
            .map_err(|e| tx::db_err("write start", e))?;
        Ok(Tx::new(txn, self.now))
    }

    /// Starts a read transaction (a consistent snapshot).
    pub fn read(&self) -> Result<Rx> {
        let txn = self
            .db
            .begin_read()
            .map_err(|e| Error::io(format!("starting a read: {e}")))?;
        Ok(Rx::new(txn))
    }

    /// redb's own integrity check (checksums, tree structure).
    pub fn check_integrity(&mut self) -> Result<bool> {
        self.db
            .check_integrity()
            .map_err(|e| open_error(&self.path, e))
    }

    fn check_format(&self) -> Result<()> {
        let found: Option<u32> = self.read()?.meta(FORMAT_KEY)?;
        match found {
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

/// Opens the redb file; a unit test may have put it on a simulated disk ([`faults`]).
fn open_db(path: &Path) -> std::result::Result<Database, DatabaseError> {
    #[cfg(all(test, unix))]
    if let Some(backend) = faults::backend_for(path) {
        return Database::builder().create_with_backend(backend);
    }
    Database::open(path)
}

/// redb's file magic: a garbage file is refused before redb is asked to repair it.
const REDB_MAGIC: &[u8] = b"redb";

fn check_header(path: &Path) -> Result<()> {
    use std::io::Read;
    let mut head = [0u8; 4];
    let mut file = std::fs::File::open(path).map_err(|e| Error::io_at(path, e))?;
    let n = file.read(&mut head).map_err(|e| Error::io_at(path, e))?;
    if n < head.len() || &head[..] != REDB_MAGIC {
        return Err(Error::data(format!(
            "{} is not a redb store (bad header)",
            path.display()
        ))
        .hint("restore it from a backup or an archive, or move it aside and `wis init`"));
    }
    Ok(())
}

fn busy_error(path: &Path, waited: Duration) -> Error {
    let who = match holder::read(path) {
        Some(h) if h.alive() => format!(
            "held by pid {} ({}) since {}",
            h.pid,
            h.command,
            crate::base::clock::rfc3339(h.since)
        ),
        Some(h) => format!(
            "held by another process (last recorded: pid {} ({}), gone)",
            h.pid, h.command
        ),
        None => "held by another process".to_string(),
    };
    Error::busy(format!(
        "store busy: {} is {who}; waited {:.1}s",
        path.display(),
        waited.as_secs_f64()
    ))
    .hint("try again later, or wait longer with --wait SECONDS")
}

fn open_error(path: &Path, err: DatabaseError) -> Error {
    match err {
        DatabaseError::Storage(StorageError::Io(e)) => {
            let full = e.kind() == std::io::ErrorKind::StorageFull;
            tx::if_full(Error::io_at(path, e), full)
        }
        DatabaseError::Storage(StorageError::Corrupted(why)) => {
            Error::data(format!("{} is damaged: {why}", path.display()))
                .hint("restore it from a backup or an archive; `wis check` shows what is wrong")
        }
        DatabaseError::UpgradeRequired(v) => Error::data(format!(
            "{} uses redb file format {v}, which this wis cannot open",
            path.display()
        )),
        DatabaseError::DatabaseAlreadyOpen => busy_error(path, Duration::ZERO),
        other => Error::data(format!("{} cannot be opened: {other}", path.display()))
            .hint("restore it from a backup or an archive"),
    }
}

/// fsyncs a directory so that a rename in it is durable.
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}
