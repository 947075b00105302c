//! The real-model tests' helpers: finding the model, or skipping (or failing in CI) without it.

use std::path::PathBuf;

/// Set in CI: a missing model fails the real-model tests instead of skipping them.
pub const REQUIRE_MODEL: &str = "WIS_TEST_REQUIRE_MODEL";

/// The model the real-model tests run on (`WIS_TEST_MODEL`, else the default model), or
/// `None` with a printed reason when it is absent and not required.
pub fn model() -> Option<PathBuf> {
    let path = match std::env::var_os("WIS_TEST_MODEL") {
        Some(p) => PathBuf::from(p),
        None => wis::mind::default_model_path().expect("a data directory"),
    };
    if path.is_file() {
        return Some(path);
    }
    assert!(
        std::env::var_os(REQUIRE_MODEL).is_none(),
        "{REQUIRE_MODEL} is set but the model {} is missing (run scripts/fetch-model.sh)",
        path.display()
    );
    eprintln!(
        "skipping: the model {} is absent; run scripts/fetch-model.sh to run this test",
        path.display()
    );
    None
}
