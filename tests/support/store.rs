//! Stores opened in process by tests: an empty one in a temporary directory, one filled by a
//! closure, an existing home's store; and a creature born in process into a home.

use std::path::Path;
use std::time::Duration;

use wis::base::clock::{Clock, Millis};
use wis::base::exit::Result;
use wis::base::home::Home;
use wis::base::store::{OpenOptions, Store, Tx};
use wis::turn::birth::{BirthOptions, birth};

/// How tests open a store: wait a few seconds for a process that holds it, as `test`.
pub fn options() -> OpenOptions {
    OpenOptions {
        wait: Duration::from_secs(5),
        command: "test".into(),
        now: 0,
    }
}

/// An empty store (tables and format only) in a temporary directory.
pub fn temp_store() -> (tempfile::TempDir, Store) {
    filled_store(|_| Ok(()))
}

/// A new store in a temporary directory, holding what `fill` wrote in its first transaction.
pub fn filled_store(fill: impl FnOnce(&mut Tx) -> Result<()>) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wis.redb");
    Store::create(&path, &options(), fill).unwrap();
    let store = open(&path);
    (dir, store)
}

/// The store at `path`, which exists.
pub fn open(path: &Path) -> Store {
    Store::open(path, &options()).unwrap()
}

/// A creature born dark (every `[wisdom]` flag off; a test turns on what it is about) from
/// seed 1 at `at` (by a pinned clock) in a new home at `root`.
pub fn born(root: &Path, at: Millis) -> Home {
    let home = Home::new(root.to_path_buf());
    let opts = BirthOptions {
        seed: Some(1),
        name: None,
        force: false,
        dark: true,
        wait: Duration::ZERO,
    };
    birth(&home, &opts, &Clock::pinned(at)).unwrap();
    home
}
