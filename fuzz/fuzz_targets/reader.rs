//! Fuzzes the CultCache reader: any bytes must give an answer (records, or a data error),
//! never a panic, a hang or an allocation sized by a length prefix.
//!
//! `cargo +nightly fuzz run reader` from the repository root; the seed corpus is
//! `fuzz/corpus/reader/`, which `tests/cultcache_corpus.rs` replays in every test run.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wis::cultcache::{CultFile, project, verify};

fuzz_target!(|data: &[u8]| {
    // Every record, every payload, through the checks `verify` makes...
    if let Err(e) = verify(data) {
        assert_eq!(wis::exit::Error::from(e).code(), 65);
    }
    // ...and through the projection `project` writes.
    if let Ok(mut file) = CultFile::open(data) {
        let _ = project::for_each(&mut file, false, |p| -> Result<(), wis::exit::Error> {
            serde_json::to_writer(std::io::sink(), p).expect("a projection always serializes");
            Ok(())
        });
    }
});
