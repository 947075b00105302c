//! Fuzzes the exam battery reader: any bytes must give tasks or a bad-data error (exit 65),
//! never a panic, a hang or an unbounded allocation.
//!
//! From the repository root (new inputs go to the ignored `fuzz/corpus-work/`):
//!
//! ```sh
//! cargo +nightly fuzz run battery fuzz/corpus-work fuzz/corpus/battery -- -malloc_limit_mb=64
//! ```
//!
//! The seeds in `fuzz/corpus/battery/` are replayed by `tests/suite/inputs.rs` in every test
//! run, with random bytes and mutations of them.

#![no_main]

use libfuzzer_sys::fuzz_target;

use std::path::Path;

use wis::wisdom::curve::Battery;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = Battery::parse(Path::new("fuzz.jsonl"), "v1", data) {
        assert_eq!(e.code(), 65, "{e}");
    }
});
