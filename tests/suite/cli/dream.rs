//! Dreams in sleep, through the real binary against a fake model server: three alike memories
//! become a resonance cluster; a sleep then asks the model once, with the store closed, and
//! keeps the line as a `dream` engram whose sources name every member; a covered cluster is
//! not dreamt again; a line that says too little is logged and not kept; a model that does not
//! answer skips the dream while the sleep goes on; with the flag off, sleep's associative work
//! writes nothing and asks nothing.

use serde_json::Value;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi, closed_port_url};

const PLACES: [&str; 3] = ["shed", "barn", "yard"];
const DREAM: &str =
    r#"{"line": "the water pump listens on port 8731 behind the old outbuildings"}"#;
const DREAM_LINE_QUOTED: &str =
    "\"the water pump listens on port 8731 behind the old outbuildings\"";

/// A newborn told three alike facts and one other, living against `server`.
fn dreamer(server: &FakeOpenAi, dreams: bool) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set(
        "WIS_WISDOM_DREAMS_ENABLED",
        if dreams { "true" } else { "false" },
    );
    for place in PLACES {
        let body = format!("the water pump listens on port 8731 behind the old {place}");
        env.json(&["memory", "add", "--kind", "fact", &body]);
    }
    env.json(&[
        "memory",
        "add",
        "--kind",
        "fact",
        "kettles boil faster with lids",
    ]);
    env
}

/// The summary of job `name` in a receipt, if it ran.
fn line(receipt: &Value, name: &str) -> Option<String> {
    receipt["jobs"]
        .as_array()?
        .iter()
        .find(|j| j["job"] == name)
        .map(|j| j["summary"].as_str().unwrap().to_string())
}

/// Sleeps until the dream job speaks (resonance gathers its edges across sleeps); the receipt.
fn sleep_until_dream(env: &TestEnv) -> Value {
    for _ in 0..10 {
        let receipt = env.json(&["sleep"]);
        if line(&receipt, "dream").is_some() {
            return receipt;
        }
    }
    panic!("no dream in ten sleeps");
}

#[test]
fn a_cluster_becomes_one_dream_that_names_its_members() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(DREAM))
        .start();
    let env = dreamer(&server, true);
    let receipt = sleep_until_dream(&env);
    let summary = line(&receipt, "dream").unwrap();
    // The dream is the newest engram (the grants of the first sleeps wrote theirs before it).
    let id = summary
        .strip_prefix("dreamt ")
        .and_then(|s| s.split_whitespace().next())
        .unwrap();
    assert!(
        summary.ends_with(&format!("from 3 memories: {}", DREAM_LINE_QUOTED)),
        "{summary}"
    );
    assert_eq!(
        receipt["dream"],
        format!("{id}: the water pump listens on port 8731 behind the old outbuildings")
    );
    let job = receipt["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["job"] == "dream")
        .unwrap();
    assert_eq!(job["memories"][0], id, "the receipt names the dream first");
    assert_eq!(server.completions().len(), 1, "one call for one dream");
    let dream = env.json(&["memory", "show", id]);
    let text = dream.to_string();
    assert!(text.contains("\"dream\""), "{text}");
    for member in ["engram:e1", "engram:e2", "engram:e3"] {
        assert!(text.contains(member), "{member} in {text}");
    }
    // The cluster is covered now: the next sleep asks nothing.
    let next = env.json(&["sleep"]);
    assert_eq!(line(&next, "dream"), None, "{next}");
    assert_eq!(server.completions().len(), 1);
    let status = env.json(&["status"]);
    assert_eq!(status["documents"]["wis.dream.v1"], 1);
    assert_eq!(status["documents"]["wis.sleep_cycle.v1"], 1);
}

#[test]
fn a_line_that_does_not_compress_is_logged_and_not_kept() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(r#"{"line": "pumps"}"#))
        .start();
    let env = dreamer(&server, true);
    let receipt = sleep_until_dream(&env);
    let summary = line(&receipt, "dream").unwrap();
    assert!(
        summary.starts_with("not kept: \"pumps\" says too little"),
        "{summary}"
    );
    assert_eq!(receipt["dream"], Value::Null);
    let dreams = env.json(&["memory", "list", "--kind", "dream"]);
    assert_eq!(dreams.as_array().map(Vec::len), Some(0), "{dreams}");
    let status = env.json(&["status"]);
    assert_eq!(
        status["documents"]["wis.dream.v1"], 1,
        "the verdict is logged"
    );
}

#[test]
fn a_model_that_does_not_answer_skips_the_dream_and_the_sleep_goes_on() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(DREAM))
        .start();
    let mut env = dreamer(&server, true);
    env.set("WIS_LLM_URL", &closed_port_url());
    let receipt = sleep_until_dream(&env);
    let summary = line(&receipt, "dream").unwrap();
    assert!(
        summary.starts_with("skipped: the model did not answer"),
        "{summary}"
    );
    assert!(line(&receipt, "consolidation").is_some(), "{receipt}");
    assert!(env.wis(&["check"]).code == 0);
}

/// Broken flag: with `dreams_enabled` off, resonance, incubation and dreams write nothing and
/// ask nothing, however many sleeps.
#[test]
fn with_dreams_off_sleep_does_no_associative_work() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(DREAM))
        .start();
    let env = dreamer(&server, false);
    for _ in 0..4 {
        let receipt = env.json(&["sleep"]);
        for job in ["resonance", "incubation", "dream"] {
            assert_eq!(line(&receipt, job), None, "{receipt}");
        }
    }
    assert!(server.completions().is_empty());
    let status = env.json(&["status"]);
    for doc in ["wis.resonance.v1", "wis.dream.v1", "wis.sleep_cycle.v1"] {
        assert_eq!(status["documents"][doc], 0, "{doc}");
    }
}
