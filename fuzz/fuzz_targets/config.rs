//! Fuzzes the configuration loader: any `wis.toml` must give a configuration or a
//! configuration error (exit 78), never a panic.
//!
//! From the repository root (new inputs go to the ignored `fuzz/corpus-work/`):
//!
//! ```sh
//! cargo +nightly fuzz run config fuzz/corpus-work fuzz/corpus/config -- -malloc_limit_mb=64
//! ```
//!
//! The seeds in `fuzz/corpus/config/` are replayed by `tests/suite/inputs.rs` in every test
//! run, with random bytes and mutations of them.

#![no_main]

use libfuzzer_sys::fuzz_target;

use wis::base::config::Config;

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wis.toml");
    std::fs::write(&path, data).unwrap();
    if let Err(e) = Config::load(&path, &[]) {
        assert_eq!(e.code(), 78, "{e}");
    }
});
