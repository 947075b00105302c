//! The disk under a writable store: redb's backend, with one change, to the syncs it asks for.
//! A sync is skipped when, since the last sync that succeeded, nothing was written to the file
//! and it did not grow: all that could be unsynced is a shortening of the file, which the next
//! sync carries. redb asks for such a sync at every close: it trims the file's free tail after
//! the commit that records its free space, then syncs, then writes and syncs its closed header.
//! That sync would make one header durable before the other only for the length, and a file
//! found longer than its header says is recovered on open (redb repairs it, as after a crash),
//! never misread; so the closed header's own sync carries the trim. What remains is the floor
//! of design §3, "What a tick costs": four syncs a writable open and close, and one more when
//! the file must grow (redb makes a longer file durable before any header can name it).
//!
//! Everything else, the locks included, is the inner backend's, unchanged. A sync that fails
//! leaves the file dirty, so the next one is made.

use std::ops::Bound;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use redb::{BackendError, StorageBackend};

/// A backend that skips the syncs that have nothing to make durable but a shorter length.
#[derive(Debug)]
pub(super) struct LazySync<B> {
    inner: B,
    /// Whether anything was written, or the file grew, since the last sync that succeeded.
    dirty: AtomicBool,
    /// The file's length as last read or set through this handle ([`UNKNOWN`] before).
    len: AtomicU64,
}

/// No length known: a change of length is taken for a growth.
const UNKNOWN: u64 = u64::MAX;

impl<B: StorageBackend> LazySync<B> {
    pub(super) fn new(inner: B) -> Self {
        LazySync {
            inner,
            // Nothing is known of what came before this handle: its first sync is made.
            dirty: AtomicBool::new(true),
            len: AtomicU64::new(UNKNOWN),
        }
    }
}

impl<B: StorageBackend> StorageBackend for LazySync<B> {
    fn len(&self) -> Result<u64, std::io::Error> {
        let len = self.inner.len();
        self.len
            .store(*len.as_ref().unwrap_or(&UNKNOWN), Ordering::SeqCst);
        len
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.inner.read(offset, out)
    }

    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        // A longer file must be durable before a header names it; a shorter one need not be
        // (see above). Marked before the change, so that a change that half happened is synced.
        let was = self.len.swap(UNKNOWN, Ordering::SeqCst);
        if was == UNKNOWN || len >= was {
            self.dirty.store(true, Ordering::SeqCst);
        }
        self.inner.set_len(len)?;
        self.len.store(len, Ordering::SeqCst);
        Ok(())
    }

    fn sync_data(&self) -> Result<(), std::io::Error> {
        if !self.dirty.swap(false, Ordering::SeqCst) {
            return Ok(());
        }
        let synced = self.inner.sync_data();
        if synced.is_err() {
            self.dirty.store(true, Ordering::SeqCst);
        }
        synced
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.dirty.store(true, Ordering::SeqCst);
        self.inner.write(offset, data)
    }

    fn close(&self) -> Result<(), std::io::Error> {
        self.inner.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.inner.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.inner.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.inner.query_lock_range(start, end)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Counts what reaches it; its sync fails when told to.
    #[derive(Debug, Default)]
    struct Counting {
        syncs: Mutex<u32>,
        len: Mutex<u64>,
        fail_next_sync: AtomicBool,
    }

    impl StorageBackend for Counting {
        fn len(&self) -> Result<u64, std::io::Error> {
            Ok(*self.len.lock().unwrap())
        }
        fn read(&self, _: u64, _: &mut [u8]) -> Result<(), std::io::Error> {
            Ok(())
        }
        fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
            *self.len.lock().unwrap() = len;
            Ok(())
        }
        fn sync_data(&self) -> Result<(), std::io::Error> {
            *self.syncs.lock().unwrap() += 1;
            if self.fail_next_sync.swap(false, Ordering::SeqCst) {
                return Err(std::io::Error::other("injected"));
            }
            Ok(())
        }
        fn write(&self, _: u64, _: &[u8]) -> Result<(), std::io::Error> {
            Ok(())
        }
    }

    fn syncs(b: &LazySync<Counting>) -> u32 {
        *b.inner.syncs.lock().unwrap()
    }

    #[test]
    fn a_sync_with_nothing_written_since_the_last_is_skipped() {
        let b = LazySync::new(Counting::default());
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 1, "the first sync of a handle is made");
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 1, "nothing written: skipped");
        b.write(0, b"x").unwrap();
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 2);
        assert_eq!(b.len().unwrap(), 0);
        b.set_len(8192).unwrap();
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 3, "a longer file is synced");
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 3);
        b.set_len(4096).unwrap();
        b.sync_data().unwrap();
        assert_eq!(
            syncs(&b),
            3,
            "a shorter one waits for the next write's sync"
        );
        b.write(0, b"header").unwrap();
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 4);
    }

    #[test]
    fn a_change_of_length_with_no_length_known_is_synced() {
        let b = LazySync::new(Counting::default());
        b.sync_data().unwrap();
        b.set_len(0).unwrap();
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 2, "not known to be shorter: synced");
    }

    #[test]
    fn a_failed_sync_is_made_again() {
        let b = LazySync::new(Counting::default());
        b.write(0, b"x").unwrap();
        b.inner.fail_next_sync.store(true, Ordering::SeqCst);
        assert!(b.sync_data().is_err());
        b.sync_data().unwrap();
        assert_eq!(syncs(&b), 2, "the write is still to be made durable");
    }
}
