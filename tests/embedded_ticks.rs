//! Ten ticks of a creature living on the embedded model (the real base Gemma 3 270M, no
//! server): every reply is read as an action or a thought (the grammar makes it parse), every
//! outcome is typed, and the store checks clean afterwards. Prints each tick's wall time.
//!
//! Run with `cargo test --features embedded --test embedded_ticks`. Without the model this
//! prints why and passes; with `WIS_TEST_REQUIRE_MODEL=1` (CI) a missing model fails it.

#![cfg(feature = "embedded")]

mod support;

use std::time::Instant;

use support::TestEnv;

const KINDS: &[&str] = &[
    "ok",
    "nonzero_exit",
    "timeout",
    "denied",
    "not_found",
    "invalid_args",
    "parse_error",
    "locked",
    "unreachable",
    "too_large",
    "internal",
];

#[test]
fn ten_ticks_on_the_embedded_model() {
    let Some(model) = support::model::model() else {
        return;
    };
    let mut env = TestEnv::born();
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    env.set("WIS_LLM_MAX_TOKENS", "96");
    env.write(
        "workspace/notes.txt",
        "the pump controller listens on 8731\n",
    );
    let mut walls = Vec::new();
    for n in 1..=10u64 {
        env.now += 60;
        let start = Instant::now();
        let run = env.wis(&["tick", "--output-format", "json"]);
        let wall = start.elapsed();
        assert_eq!(
            run.code, 0,
            "tick {n}\nstdout: {}\nstderr: {}",
            run.stdout, run.stderr
        );
        let out = run.json();
        assert_eq!(out["status"], "turn", "{out}");
        assert_eq!(out["tick"], n, "{out}");
        let kind = out["fail_kind"].as_str().unwrap_or_default();
        assert!(KINDS.contains(&kind), "tick {n}: untyped outcome {out}");
        assert_ne!(
            kind, "parse_error",
            "tick {n}: the grammar let an unreadable reply through: {out}"
        );
        eprintln!(
            "tick {n}: {:>5} ms wall, model {:>5} ms, {} {} -> {kind}",
            wall.as_millis(),
            out["model_ms"],
            out["turn"].as_str().unwrap_or_default(),
            out["action"].as_str().unwrap_or("")
        );
        walls.push(wall.as_millis());
    }
    env.wis(&["check"]).ok();
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["ticks"], 10);
    assert!(
        status["mind"]
            .as_str()
            .unwrap_or_default()
            .contains("embedded"),
        "{status}"
    );
    walls.sort();
    eprintln!(
        "tick wall time: median {} ms, max {} ms",
        walls[walls.len() / 2],
        walls[walls.len() - 1]
    );
}
