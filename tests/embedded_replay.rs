//! Counterfactual replay on the embedded model (the real base Gemma 3 270M, no server). A
//! scripted life, lived against the fake model server, leaves three failures that a later,
//! different action fixed in one situation (and one failure nothing fixed); the creature then
//! replays them on the embedded model, twice from the same copy with the same seed, and both
//! reports must be the same. Prints the report, and the cost of the read phase (the dry run:
//! material, draw and rebuilt prompts) against one model call.
//!
//! Run with `cargo test --features embedded --test embedded_replay -- --nocapture`. Without
//! the model this prints why and passes; with `WIS_TEST_REQUIRE_MODEL=1` a missing model
//! fails it.

#![cfg(feature = "embedded")]

mod support;

use std::path::Path;
use std::time::Instant;

use serde_json::Value;
use support::TestEnv;
use support::fake_openai::{Answer, FakeOpenAi};

const PLAN: &str =
    r#"{"thought": "the pump port is written down", "plan": ["find the pump port"]}"#;
const LIFE: [&str; 7] = [
    PLAN,
    r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.cfg"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.ini"}}"#,
    PLAN,
    r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.yaml"}}"#,
];

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// An environment on `home` with the embedded model and recall on.
fn embedded(home: &Path, model: &Path) -> TestEnv {
    let mut env = TestEnv::at(home);
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_LLM_MAX_TOKENS", "96");
    env.set("WIS_WISDOM_RECALL_ENABLED", "true");
    env.set("WIS_WISDOM_RECALL_MIN_SIM", "0");
    env
}

#[test]
fn a_real_replay_twice_with_one_seed_gives_one_report() {
    let Some(model) = support::model::model() else {
        return;
    };
    let server = FakeOpenAi::builder()
        .answers(LIFE.map(Answer::content))
        .start();
    let mut life = TestEnv::born();
    life.use_mind(&server);
    life.set("WIS_WISDOM_RECALL_ENABLED", "true");
    life.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    for n in 1..=LIFE.len() {
        let run = life.wis(&["tick", "--output-format", "json"]);
        assert_eq!(run.code, 0, "tick {n}: {}", run.stderr);
    }
    let twin = life.dir.path().join("twin");
    copy_dir(&life.home(), &twin);

    let first = embedded(&life.home(), &model);
    let start = Instant::now();
    let dry = first.json(&["replay", "--dry-run", "--seed", "7"]);
    let dry_ms = start.elapsed().as_millis();
    assert_eq!(dry["replayable"], 3, "{dry}");

    let mut reports: Vec<Value> = Vec::new();
    let mut walls = Vec::new();
    for env in [first, embedded(&twin, &model)] {
        let start = Instant::now();
        let mut report = env.json(&["replay", "--seed", "7"]);
        walls.push(start.elapsed().as_millis());
        report.as_object_mut().unwrap().remove("at");
        reports.push(report);
    }
    eprintln!(
        "replay report: {}",
        serde_json::to_string_pretty(&reports[0]).unwrap()
    );
    let answered = reports[0]["items"].as_array().unwrap().len().max(1) as u128;
    let per_call = walls[0].saturating_sub(dry_ms) / answered;
    eprintln!(
        "read phase (dry run, whole process) {dry_ms} ms; replay {} ms for {answered} calls, \
         about {per_call} ms a call",
        walls[0]
    );
    assert_eq!(reports[0], reports[1], "one seed, one report");
    let r = &reports[0];
    let counted: u64 = ["learned", "unlearned", "divergent", "malformed", "skipped"]
        .iter()
        .map(|k| r[k].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 3, "{r}");
}
