//! `wis mind serve` from the command line: what it refuses and why. Serving itself runs on the
//! real model (`tests/embedded.rs`, the resident mind).

use crate::support::TestEnv;

#[test]
#[cfg(not(feature = "embedded"))]
fn without_the_embedded_model_serving_says_how_to_get_it() {
    let env = TestEnv::born();
    let run = env.wis(&["mind", "serve"]);
    run.code(69);
    assert!(run.stderr.contains("no embedded model"), "{}", run.stderr);
    assert!(run.stderr.contains("--features embedded"), "{}", run.stderr);
    assert!(!env.path("cache/mind.sock").exists());
}

#[test]
fn a_creature_on_a_model_server_has_nothing_to_keep_resident() {
    let env = TestEnv::born();
    let run = env.wis(&["--config", "llm.url=http://127.0.0.1:9/v1", "mind", "serve"]);
    run.code(64);
    assert!(run.stderr.contains("127.0.0.1:9"), "{}", run.stderr);
    assert!(run.stderr.contains("[llm] url unset"), "{}", run.stderr);
}

#[test]
fn the_help_says_where_ticks_find_it_and_how_to_stop_it() {
    let env = TestEnv::new();
    let help = env.wis(&["mind", "serve", "--help"]);
    let text = help.ok();
    for words in ["mind.sock", "SIGTERM", "--idle", "loads the model itself"] {
        assert!(text.contains(words), "{words}: {text}");
    }
}
