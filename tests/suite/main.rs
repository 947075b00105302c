//! The integration suite, one test binary: everything that runs the real `wis` binary
//! (`cli`), the CultCache format and its files (`cultcache`), the experience curve run in
//! process with scripted minds (`curve`), the minds against fake model servers and reply
//! parsing over the real tools (`mind`), memory against fake Qdrant and embeddings servers
//! (`memory`), the growing body lived in process (`progression`), the sandbox under attack
//! (`sandbox`), and a few single checks (files, the store's shape, recall's flag, the wise
//! birth's flags, the generated docs, the model and embedder fetch scripts). The helpers they share are in `tests/support`
//! (one harness, one temp store, the test minds, the fake servers).
//!
//! Outside this binary: `cultcache_hostile` (its counting global allocator would see every
//! other test's allocations) and the real-model tests `embedded` and `embedded_ticks` (built
//! only with `--features embedded`; see `scripts/embedded-test.sh`).
//!
//! Run one part with a filter: `cargo nextest run -E 'binary(suite)' cli::memory`.
//!
//! The reports of the commands, text and JSON, are pinned as snapshots (`snapshots/*.snap`
//! beside the test file, made with `insta` through the harness's `snapshot!`): a change of
//! output fails its test and leaves the new output beside the old as `.snap.new`. When the
//! change is intended (or after a merge), accept every changed snapshot with one command and
//! review the diff of the `.snap` files before committing:
//!
//! ```text
//! INSTA_UPDATE=always cargo nextest run -E 'binary(suite)'
//! ```
//!
//! (`cargo insta review` does the same one snapshot at a time where `cargo-insta` is
//! installed; delete a `.snap` whose test is gone.) The generated completions and command
//! reference are rewritten with `WIS_UPDATE_DOCS=1 cargo test --test suite generated_docs`.

#[path = "../support/mod.rs"]
mod support;

mod born_wise;
mod cli;
mod cultcache;
mod curve;
mod disk_full;
mod fetch_embedder;
mod fetch_model;
mod file_races;
mod files;
mod generated_docs;
mod inputs;
mod lineage;
mod memory;
mod mind;
mod progression;
mod recall_flag_off;
mod reflex_flag_off;
mod sandbox;
mod sleep;
mod store_shape;
