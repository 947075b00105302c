//! Opening the redb file: to write (on [`LazySync`] over the file), or to read only (redb's
//! read-only database: a shared lock, no write and no sync). Either waits up to `--wait` while
//! another process holds the file, then gives up with 75 naming the holder. A writer excludes
//! every other process; readers share the file with each other and exclude writers, so a
//! writer that finds a reader waits as it waits for a writer (a reader holds the file only
//! while it reads).

use std::path::Path;
use std::time::{Duration, Instant};

use redb::backends::FileBackend;
use redb::{Database, DatabaseError, ReadOnlyDatabase, StorageError};

use super::holder;
use super::lazy_sync::LazySync;
use crate::base::exit::{Error, Result};

/// Opens the file to write; a unit test may have put it on a simulated disk.
pub(super) fn write(path: &Path) -> std::result::Result<Database, DatabaseError> {
    #[cfg(all(test, unix))]
    if let Some(backend) = super::faults::backend_for(path) {
        return Database::builder().create_with_backend(LazySync::new(backend));
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)?;
    Database::builder().create_with_backend(LazySync::new(FileBackend::new(file)?))
}

/// Makes a new, empty file at `path` (which must not exist) and opens it to write.
pub(super) fn create(path: &Path) -> std::result::Result<Database, DatabaseError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)?;
    Database::builder().create_with_backend(LazySync::new(FileBackend::new(file)?))
}

/// Opens the file to read only; a unit test may have put it on a simulated disk.
pub(super) fn read(path: &Path) -> std::result::Result<ReadOnlyDatabase, DatabaseError> {
    #[cfg(all(test, unix))]
    if let Some(backend) = super::faults::backend_for(path) {
        return Database::builder().open_read_only_with_backend(backend);
    }
    ReadOnlyDatabase::open(path)
}

/// Opens with `open`, waiting up to `wait` while another process holds the file (the outer
/// error: busy, 75); any other failure of redb's is the inner error, for the caller to judge.
pub(super) fn waiting<D>(
    path: &Path,
    wait: Duration,
    open: impl Fn(&Path) -> std::result::Result<D, DatabaseError>,
) -> Result<std::result::Result<D, DatabaseError>> {
    let deadline = Instant::now() + wait;
    let mut backoff = Duration::from_millis(20);
    loop {
        match open(path) {
            Err(DatabaseError::DatabaseAlreadyOpen) => {
                let now = Instant::now();
                if now >= deadline {
                    return Err(busy_error(path, wait));
                }
                std::thread::sleep(backoff.min(deadline - now));
                backoff = (backoff * 2).min(Duration::from_millis(500));
            }
            other => return Ok(other),
        }
    }
}

/// The store at `path` exists and starts as a redb file: a garbage file is refused before
/// redb is asked to repair it.
pub(super) fn check_existing(path: &Path) -> Result<()> {
    use std::io::Read;
    if !path.exists() {
        return Err(Error::no_input(format!(
            "no creature here: {} does not exist",
            path.display()
        ))
        .hint("birth one with `wis init`, or point --home (or WIS_HOME) at its home"));
    }
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

/// redb's file magic.
const REDB_MAGIC: &[u8] = b"redb";

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

/// What a failure of redb's to open `path` means to the operator.
pub(super) fn error(path: &Path, err: DatabaseError) -> Error {
    match err {
        DatabaseError::Storage(StorageError::Io(e)) => {
            let full = e.kind() == std::io::ErrorKind::StorageFull;
            super::tx::if_full(Error::io_at(path, e), full)
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
