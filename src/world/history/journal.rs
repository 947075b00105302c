//! The history's index on disk, beside its copies: `index`, the whole state as of its
//! generation (written whole, atomically: a temporary file, synced, renamed, the directory
//! synced), and `journal`, the batches saved since, each one record appended and synced. A
//! record is its length, the first eight bytes of its SHA-256 and its MessagePack body; one
//! cut short or damaged by a crash ends the journal there (and is cut off before the next
//! append), and a record of an older generation (left by a crash after the index was rewritten
//! and before the journal was emptied) is skipped. The journal is folded into the index when it
//! outgrows it.

use std::io;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::disk::{Disk, Root};
use super::state::{Batch, State};

pub const INDEX: &str = "index";
pub const JOURNAL: &str = "journal";
/// Most bytes of index or journal read back.
const READ_MAX: u64 = 256 * 1024 * 1024;
/// The journal is folded into the index past this size, or the index's, whichever is more.
const FOLD_MIN: u64 = 64 * 1024;
/// A record's header: its length and the start of its checksum.
const HEADER: usize = 12;

/// Where the journal stands on disk.
#[derive(Debug, Clone, Copy, Default)]
pub struct Journal {
    /// Bytes of whole, checked records.
    pub valid: u64,
    /// Bytes in the file (more than `valid` after a crash cut a record short).
    pub len: u64,
    /// Bytes of the index.
    pub index_len: u64,
}

fn invalid(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

fn read_or_empty(disk: &dyn Disk, name: &str) -> io::Result<Option<Vec<u8>>> {
    match disk.read(Root::History, Path::new(name), READ_MAX) {
        Ok((bytes, _)) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reads the index and replays the journal over it.
pub fn load(disk: &dyn Disk) -> io::Result<(State, Journal)> {
    let mut journal = Journal::default();
    let state = match read_or_empty(disk, INDEX)? {
        Some(bytes) => {
            journal.index_len = bytes.len() as u64;
            rmp_serde::from_slice::<State>(&bytes)
                .map_err(|e| invalid(format!("the history's index does not read: {e}")))?
        }
        None => State::default(),
    };
    let mut state = state.counted();
    let bytes = read_or_empty(disk, JOURNAL)?.unwrap_or_default();
    journal.len = bytes.len() as u64;
    let mut at = 0;
    while let Some((batch, used)) = record(&bytes[at..])? {
        at += used;
        if batch.generation == state.generation {
            for change in batch.changes {
                state.apply_quietly(change);
            }
        }
    }
    journal.valid = at as u64;
    Ok((state, journal))
}

/// The first whole, checked record of `bytes` and its length; `None` where the journal ends
/// (nothing more, or a record cut short or damaged). A record whose checksum holds and whose
/// body does not read is an error: what follows it is never dropped.
fn record(bytes: &[u8]) -> io::Result<Option<(Batch, usize)>> {
    let Some(header) = bytes.get(..HEADER) else {
        return Ok(None);
    };
    let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize;
    let Some(body) = bytes.get(HEADER..HEADER.saturating_add(len)) else {
        return Ok(None);
    };
    if Sha256::digest(body)[..8] != header[4..] {
        return Ok(None);
    }
    let batch = rmp_serde::from_slice(body).map_err(|e| {
        invalid(format!(
            "a record of the history's journal does not read: {e}"
        ))
    })?;
    Ok(Some((batch, HEADER + len)))
}

/// Appends `batch` as one record and makes it durable.
pub fn append(disk: &dyn Disk, journal: &mut Journal, batch: &Batch) -> io::Result<()> {
    let body = rmp_serde::to_vec_named(batch).map_err(|e| invalid(e.to_string()))?;
    let len = u32::try_from(body.len()).map_err(|_| invalid("a batch over 4 GiB".into()))?;
    let mut record = Vec::with_capacity(HEADER + body.len());
    record.extend_from_slice(&len.to_le_bytes());
    record.extend_from_slice(&Sha256::digest(&body)[..8]);
    record.extend_from_slice(&body);
    let path = Path::new(JOURNAL);
    if journal.len > journal.valid {
        disk.truncate(Root::History, path, journal.valid)?;
        journal.len = journal.valid;
    }
    let created = journal.len == 0;
    // After a failure here the caller stops saving: the next process reads the journal again.
    disk.append(Root::History, path, &record)?;
    journal.len += record.len() as u64;
    disk.sync(Root::History, path)?;
    if created {
        disk.sync(Root::History, Path::new(""))?;
    }
    journal.valid += record.len() as u64;
    Ok(())
}

/// Whether the journal has outgrown the index.
pub fn wants_fold(journal: &Journal) -> bool {
    journal.valid > FOLD_MIN.max(journal.index_len)
}

/// Writes the whole state as the next generation's index and empties the journal.
pub fn fold(disk: &dyn Disk, state: &mut State, journal: &mut Journal) -> io::Result<()> {
    let mut next = state.clone();
    next.generation += 1;
    let bytes = rmp_serde::to_vec_named(&next).map_err(|e| invalid(e.to_string()))?;
    let tmp = format!(".{INDEX}.tmp-{}", std::process::id());
    let tmp = Path::new(&tmp);
    let _ = disk.remove(Root::History, tmp);
    disk.create(Root::History, tmp, &bytes, 0o600)?;
    let renamed = disk
        .sync(Root::History, tmp)
        .and_then(|_| disk.rename(Root::History, tmp, Path::new(INDEX)));
    if let Err(e) = renamed {
        let _ = disk.remove(Root::History, tmp);
        return Err(e);
    }
    disk.sync(Root::History, Path::new(""))?;
    // From here the new index holds: the journal's records are of the old generation.
    state.generation = next.generation;
    journal.index_len = bytes.len() as u64;
    journal.valid = 0;
    disk.truncate(Root::History, Path::new(JOURNAL), 0)
        .or_else(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                Ok(())
            } else {
                Err(e)
            }
        })?;
    journal.len = 0;
    Ok(())
}
