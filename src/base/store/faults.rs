//! The fault-injection disk under the store, for tests: a redb [`StorageBackend`] over a
//! simulated disk that keeps two images of the file, what the process has written (the page
//! cache) and what the last completed `sync_data` made durable. A fault is planned before a
//! command runs: an I/O error at the N-th operation, a full disk at the N-th write, or a power
//! loss at the k-th sync (that sync fails, every later operation fails, and the reboot keeps
//! only the durable image). While a disk is installed for a path, [`super::Store::open`] opens
//! that path on it, and what the process writes reaches the file too (as the page cache is
//! what other readers of the file see); [`Disk::reboot`] leaves the surviving image there.

use std::io::{Error as IoError, ErrorKind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use redb::StorageBackend;

/// The fault a run is planned with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// No fault: counts the operations, syncs and writes a run makes.
    None,
    /// The N-th operation (1-based; reads, writes, lengths and syncs all count) fails once.
    Io(u64),
    /// The N-th write or length change (1-based) fails with "no space left on device".
    Full(u64),
    /// The k-th sync (1-based) never completes: the power goes.
    Power(u64),
}

/// What a run did to the disk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub ops: u64,
    pub writes: u64,
    pub syncs: u64,
    /// Whether the planned fault happened.
    pub fired: bool,
}

#[derive(Debug)]
struct State {
    /// The file itself, kept equal to `volatile` until the reboot.
    file: std::fs::File,
    volatile: Vec<u8>,
    durable: Vec<u8>,
    fault: Fault,
    tally: Tally,
    dead: bool,
}

/// One simulated disk holding one store file.
#[derive(Debug)]
pub(crate) struct Disk {
    path: PathBuf,
    state: Mutex<State>,
}

static INSTALLED: Mutex<Vec<Arc<Disk>>> = Mutex::new(Vec::new());

/// The backend the store is opened on while a disk is installed for its path.
pub(super) fn backend_for(path: &Path) -> Option<DiskBackend> {
    let installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    let disk = installed.iter().find(|d| d.path == path)?;
    Some(DiskBackend(disk.clone()))
}

impl Disk {
    /// Puts the store file at `path` on a simulated disk planned with `fault`: every open of
    /// `path` uses it until [`Disk::reboot`].
    pub(crate) fn install(path: &Path, fault: Fault) -> Arc<Disk> {
        let image = std::fs::read(path).expect("reading the store file");
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .expect("opening the store file");
        let disk = Arc::new(Disk {
            path: path.to_path_buf(),
            state: Mutex::new(State {
                file,
                volatile: image.clone(),
                durable: image,
                fault,
                tally: Tally::default(),
                dead: false,
            }),
        });
        let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
        installed.retain(|d| d.path != path);
        installed.push(disk.clone());
        disk
    }

    /// Takes the disk out and writes back what survives: everything written when the power
    /// stayed on, only the durable image when it went.
    pub(crate) fn reboot(&self) -> Tally {
        INSTALLED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|d| d.path != self.path);
        let state = self.lock();
        let image = if state.dead {
            &state.durable
        } else {
            &state.volatile
        };
        std::fs::write(&self.path, image).expect("writing the store file back");
        state.tally
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A handle on an installed [`Disk`], as redb holds it.
#[derive(Debug)]
pub(super) struct DiskBackend(Arc<Disk>);

fn injected(what: &str) -> IoError {
    IoError::other(format!("injected fault: {what}"))
}

impl DiskBackend {
    /// Counts one operation and decides whether it fails; `write` says it changes the file.
    fn step(&self, write: bool, sync: bool) -> Result<MutexGuard<'_, State>, IoError> {
        let mut s = self.0.lock();
        if s.dead {
            return Err(injected("the power is off"));
        }
        s.tally.ops += 1;
        if write {
            s.tally.writes += 1;
        }
        if sync {
            s.tally.syncs += 1;
        }
        let t = s.tally;
        let fail = match s.fault {
            Fault::None => None,
            Fault::Io(n) if t.ops == n => Some(injected("I/O error")),
            Fault::Full(n) if write && t.writes == n => Some(IoError::new(
                ErrorKind::StorageFull,
                "injected fault: no space left on device",
            )),
            Fault::Power(k) if sync && t.syncs == k => {
                s.dead = true;
                Some(injected("power lost during sync"))
            }
            _ => None,
        };
        match fail {
            Some(err) => {
                s.tally.fired = true;
                Err(err)
            }
            None => Ok(s),
        }
    }
}

fn range(len: usize, offset: u64, n: usize) -> Result<std::ops::Range<usize>, IoError> {
    let start = usize::try_from(offset).map_err(|_| IoError::from(ErrorKind::InvalidInput))?;
    let end = start
        .checked_add(n)
        .filter(|&e| e <= len)
        .ok_or_else(|| IoError::new(ErrorKind::UnexpectedEof, "read past the end"))?;
    Ok(start..end)
}

impl StorageBackend for DiskBackend {
    fn len(&self) -> Result<u64, IoError> {
        Ok(self.step(false, false)?.volatile.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), IoError> {
        let s = self.step(false, false)?;
        let r = range(s.volatile.len(), offset, out.len())?;
        out.copy_from_slice(&s.volatile[r]);
        Ok(())
    }

    fn set_len(&self, len: u64) -> Result<(), IoError> {
        let mut s = self.step(true, false)?;
        let len = usize::try_from(len).map_err(|_| IoError::from(ErrorKind::InvalidInput))?;
        s.volatile.resize(len, 0);
        s.file.set_len(len as u64).expect("resizing the store file");
        Ok(())
    }

    fn sync_data(&self) -> Result<(), IoError> {
        let mut s = self.step(false, true)?;
        s.durable = s.volatile.clone();
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), IoError> {
        let mut s = self.step(true, false)?;
        let r = range(s.volatile.len(), offset, data.len())?;
        s.volatile[r].copy_from_slice(data);
        std::os::unix::fs::FileExt::write_all_at(&s.file, data, offset)
            .expect("writing the store file");
        Ok(())
    }
}
