//! Fuzzes the model reply parser: any reply a server sends must become an action or a
//! parse failure the creature is told about, never a panic or a hang.
//!
//! From the repository root (new inputs go to the ignored `fuzz/corpus-work/`):
//!
//! ```sh
//! cargo +nightly fuzz run reply fuzz/corpus-work fuzz/corpus/reply -- -malloc_limit_mb=64
//! ```
//!
//! The seeds in `fuzz/corpus/reply/` are replayed by `tests/suite/inputs.rs` in every test
//! run, with random bytes and mutations of them.

#![no_main]

use libfuzzer_sys::fuzz_target;

use wis::mind::parse::parse_action;
use wis::world::tools::TOOLS;

fuzz_target!(|data: &[u8]| {
    // A server's body is decoded as UTF-8 with replacement before it is parsed.
    let text = String::from_utf8_lossy(data);
    let tools: Vec<_> = TOOLS.iter().collect();
    let _ = parse_action(&text, &tools);
});
