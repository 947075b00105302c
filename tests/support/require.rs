//! Tests that need something of the machine (bubblewrap, unprivileged user namespaces, a
//! process cap, python3): without it they say why and pass, on a developer's machine; in CI,
//! where [`REQUIRE_ENV`] is set, they fail instead, so a missing piece never passes unseen.
//! (Tests that need a downloaded model keep their own variable, `WIS_TEST_REQUIRE_MODEL`.)

/// Set in CI: a test whose environment is missing fails instead of skipping.
pub const REQUIRE_ENV: &str = "WIS_TEST_REQUIRE_ENV";

/// Says why the calling test cannot run here, so that it may return; fails it instead when
/// [`REQUIRE_ENV`] is set.
#[track_caller]
pub fn skip(why: impl std::fmt::Display) {
    assert!(
        std::env::var_os(REQUIRE_ENV).is_none(),
        "{REQUIRE_ENV} is set, but this test cannot run here: {why} \
         (scripts/install-deps.sh installs what the tests need)"
    );
    eprintln!("skipped: {why}");
}
