//! Every environment variable wis reads, declared in one place.
//!
//! Configuration keys can also be set from the environment as `WIS_<SECTION>_<KEY>` (for
//! example `WIS_LLM_URL`, `WIS_WISDOM_RECALL_ENABLED`); those are derived from the commented template
//! (`crate::base::config::TEMPLATE`) and documented there. The variables below are the ones that are not
//! configuration keys.

/// The creature's home directory (same as `--home`).
pub const HOME: &str = "WIS_HOME";
/// Seconds to wait for a busy store before giving up with exit 75 (same as `--wait`).
pub const WAIT: &str = "WIS_WAIT";
/// Pins the clock to this many seconds since the Unix epoch (hermetic tests, simulations).
pub const NOW: &str = "WIS_NOW";
/// Where wis keeps downloaded models; defaults to the platform data directory.
pub const DATA_DIR: &str = "WIS_DATA_DIR";
/// When set to anything, llama.cpp's own log lines (embedded mind) go to stderr; by default
/// they are silenced.
pub const LLAMA_LOG: &str = "WIS_LLAMA_LOG";
/// When set to anything, no colour in output (the common convention).
pub const NO_COLOR: &str = "NO_COLOR";

/// The variables above, with one line each, for `--help` and the reference pages.
pub const DOCUMENTED: &[(&str, &str)] = &[
    (HOME, "the creature's home directory (same as --home)"),
    (WAIT, "seconds to wait for a busy store (same as --wait)"),
    (
        NOW,
        "pin the clock to this Unix time (tests and simulations)",
    ),
    (
        DATA_DIR,
        "where downloaded models live (default: the platform data directory)",
    ),
    (
        LLAMA_LOG,
        "show llama.cpp's own log lines (the embedded mind)",
    ),
    (NO_COLOR, "disable colour"),
];

/// Reads a variable, treating an empty value as absent.
pub fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}
