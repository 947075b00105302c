//! Fuzzes the heirloom reader: any bytes must give an answer (a volume, or a data error naming
//! a line), never a panic, a hang or an allocation past one line's declared maximum.
//!
//! From the repository root (new inputs go to the ignored `fuzz/corpus-work/`):
//!
//! ```sh
//! cargo +nightly fuzz run heirloom fuzz/corpus-work fuzz/corpus/heirloom -- -malloc_limit_mb=64
//! ```
//!
//! The seeds in `fuzz/corpus/heirloom/` are replayed by `tests/suite/lineage/corpus.rs` in
//! every test run.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wis::wisdom::lineage::read::read_bytes;

fuzz_target!(|data: &[u8]| {
    match read_bytes("fuzz.jsonl", data) {
        Ok(volume) => {
            // What reads is a volume: as many records as declared, each its content id.
            assert_eq!(volume.records.len() as u64, volume.header.records);
            let text = wis::wisdom::lineage::export::render(&volume.header, &volume.records);
            assert!(read_bytes("again.jsonl", text.as_bytes()).is_ok());
        }
        Err(e) => assert_eq!(wis::base::exit::Error::from(e).code(), 65),
    }
});
