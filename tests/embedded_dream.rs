//! A dream on the embedded model (the real base Gemma 3 270M, no server). A newborn is told
//! two groups of alike facts and a few others; it sleeps with dreams on until its dream job
//! has judged a line the model wrote for one cluster, and that line must be kept: shorter than
//! its members together, alike each of them, no copy. Prints every sleep's dream line and
//! wall time, and the kept dream.
//!
//! Run with `cargo test --features embedded --test embedded_dream -- --nocapture`. Without the
//! model this prints why and passes; with `WIS_TEST_REQUIRE_MODEL=1` a missing model fails it.

#![cfg(feature = "embedded")]

mod support;

use std::time::Instant;

use serde_json::Value;
use support::TestEnv;

const TOLD: [&str; 10] = [
    "To restart the greenhouse pump, run: pumpctl restart --greenhouse",
    "The greenhouse pump is restarted with pumpctl restart --greenhouse",
    "pumpctl restart --greenhouse restarts the pump in the greenhouse",
    "When the greenhouse pump stops, pumpctl restart --greenhouse brings it back",
    "backups of the store run every night at 02:00 with wis cachectl export",
    "the nightly backup at 02:00 exports the store with wis cachectl export",
    "at 02:00 each night wis cachectl export makes the backup",
    "The spare fuse is kept in the blue tin on the top shelf",
    "kettles boil faster with lids",
    "the keeper waters the tomatoes on Sundays",
];

/// The summary of job `name` in a receipt, if it ran.
fn line(receipt: &Value, name: &str) -> Option<String> {
    receipt["jobs"]
        .as_array()?
        .iter()
        .find(|j| j["job"] == name)
        .map(|j| j["summary"].as_str().unwrap().to_string())
}

#[test]
fn a_real_cluster_becomes_a_kept_dream() {
    let Some(model) = support::model::model() else {
        return;
    };
    let mut env = TestEnv::born();
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_WISDOM_DREAMS_ENABLED", "true");
    for body in TOLD {
        env.json(&["memory", "add", "--kind", "fact", body]);
    }
    let mut judged = None;
    for n in 1..=10 {
        let start = Instant::now();
        let receipt = env.json(&["sleep"]);
        let wall = start.elapsed().as_millis();
        let dream = line(&receipt, "dream");
        eprintln!("sleep {n} ({wall} ms): dream {dream:?}");
        if let Some(d) = dream {
            judged = Some((d, receipt));
            break;
        }
    }
    let (summary, receipt) = judged.expect("no cluster was dreamt of in ten sleeps");
    let dreams = env.json(&["memory", "list", "--kind", "dream"]);
    eprintln!("dreams: {dreams}");
    assert!(summary.starts_with("dreamt e"), "{summary}");
    let dream = receipt["dream"]
        .as_str()
        .expect("the receipt names the dream");
    eprintln!("kept: {dream}");
}
