//! The unit tests' temporary store: a new, empty store (tables and format version only) in a
//! temporary directory that lives as long as the returned guard.

use std::time::Duration;

use super::{OpenOptions, Store};

/// An empty store in a temporary directory; keep the directory alive while the store is used.
pub(crate) fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wis.redb");
    let opts = OpenOptions {
        wait: Duration::from_secs(1),
        command: "test".into(),
        now: 0,
    };
    Store::create(&path, &opts, |_| Ok(())).unwrap();
    let store = Store::open(&path, &opts).unwrap();
    (dir, store)
}
