//! Fuzzes the CultCache reader: any bytes must give an answer (records, or a data error),
//! never a panic, a hang or an allocation sized by a length prefix.
//!
//! From the repository root (new inputs go to the ignored `fuzz/corpus-work/`):
//!
//! ```sh
//! cargo +nightly fuzz run reader fuzz/corpus-work fuzz/corpus/reader -- -malloc_limit_mb=16
//! ```
//!
//! The seeds in `fuzz/corpus/reader/` are replayed by `tests/suite/cultcache/corpus.rs` in
//! every test run.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wis::base::cultcache::{CultFile, project, verify};

fuzz_target!(|data: &[u8]| {
    // Every record, every payload, through the checks `verify` makes...
    if let Err(e) = verify(data, wis::turn::documents::registry()) {
        assert_eq!(wis::base::exit::Error::from(e).code(), 65);
    }
    // ...and through the projection `project` writes.
    if let Ok(mut file) = CultFile::open(data) {
        let _ = project::for_each(&mut file, false, |p| -> Result<(), wis::base::exit::Error> {
            serde_json::to_writer(std::io::sink(), p).expect("a projection always serializes");
            Ok(())
        });
    }
});
