//! Counterfactual replay in sleep, through the real binary against a fake model server, on
//! the creature of `replay.rs`: replay runs only when enabled, a model that does not answer
//! skips it while the sleep goes on, the store is closed while the model thinks (another
//! process reads it, a tick is refused by the lease), a sleep killed then is recovered by the
//! next tick, and a sleep whose reserve of model calls is low asks nothing and says why.

use std::time::Duration;

use serde_json::Value;

use super::replay::{RECOVER, creature, life, tick};
use crate::support::fake_openai::{Answer, FakeOpenAi, closed_port_url};

#[test]
fn sleep_replays_only_when_enabled_and_goes_on_without_a_model() {
    let server = life();
    let (mut env, _) = creature(&server);
    let asked = server.completions().len();
    let off = env.json(&["sleep"]);
    assert!(!off.to_string().contains("replay"), "{off}");
    assert_eq!(server.completions().len(), asked, "flag off: no call");
    let status = env.json(&["status"]);
    assert_eq!(status["documents"]["wis.replay.v1"], 0);

    env.set("WIS_WISDOM_REPLAY_ENABLED", "true");
    env.set("WIS_WISDOM_REPLAY_BATCH", "2");
    server.push(Answer::content(RECOVER));
    server.push(Answer::content(RECOVER));
    let on = env.json(&["sleep"]);
    let job = on["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["job"] == "replay");
    let summary = job.unwrap_or_else(|| panic!("{on}"))["summary"]
        .as_str()
        .unwrap();
    assert!(summary.starts_with("2 learned"), "{summary}");

    env.set("WIS_LLM_URL", &closed_port_url());
    let down = env.json(&["sleep"]);
    let job = down["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["job"] == "replay");
    let summary = job.unwrap()["summary"].as_str().unwrap();
    assert!(summary.starts_with("skipped (no model"), "{summary}");
    assert_eq!(down["sleep"], 3, "the sleep went on");
    let history = env.json(&["replay", "history"]);
    assert_eq!(history.as_array().unwrap().len(), 2);
}

/// Waits until `server` has been asked `n` completions (or fails after ten seconds).
fn asked(server: &FakeOpenAi, n: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while server.completions().len() < n {
        assert!(
            std::time::Instant::now() < deadline,
            "the model was never asked"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// While a sleep's replay waits on the model the store is closed: another process reads it at
/// once, and a tick is refused with 75 by the sleep's lease. The sleep then records its
/// replay in the receipt as usual.
#[test]
fn a_sleep_holds_no_store_while_its_replay_waits_on_the_model() {
    let server = life();
    let (mut env, _) = creature(&server);
    env.set("WIS_WISDOM_REPLAY_ENABLED", "true");
    env.set("WIS_WISDOM_REPLAY_BATCH", "1");
    server.push(Answer::delayed(
        Duration::from_millis(1500),
        Answer::content(RECOVER),
    ));
    let before = server.completions().len();
    let child = env
        .command()
        .args(["sleep", "--output-format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    asked(&server, before + 1);
    let status = env.wis(&["--wait", "0", "status", "--output-format", "json"]);
    assert_eq!(status.code, 0, "{}", status.stderr);
    assert_eq!(status.json()["sleeps"], 0, "the sleep is not recorded yet");
    let busy = env.wis(&["--wait", "0", "tick"]);
    assert_eq!(busy.code, 75, "{}", busy.stderr);
    assert!(busy.stderr.contains("sleep turn"), "{}", busy.stderr);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let receipt: Value = serde_json::from_slice(&out.stdout).unwrap();
    let job = receipt["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["job"] == "replay")
        .unwrap_or_else(|| panic!("{receipt}"));
    assert!(
        job["summary"].as_str().unwrap().starts_with("1 learned"),
        "{job}"
    );
    let status = env.json(&["status"]);
    assert_eq!(status["sleeps"], 1);
    assert_eq!(status["documents"]["wis.lease.v1"], 0, "the lease is gone");
    env.wis(&["check"]).ok();

    // The same for a sleep the heartbeat chose.
    env.edit_store(|tx| {
        use wis::base::store::Read;
        let mut persona: wis::creature::Persona = tx.singleton().unwrap();
        persona.sleep_pressure = persona.nap_threshold();
        tx.set(&persona).unwrap();
    });
    server.push(Answer::delayed(
        Duration::from_millis(1500),
        Answer::content(RECOVER),
    ));
    let before = server.completions().len();
    let child = env
        .command()
        .args(["tick", "--output-format", "json"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    asked(&server, before + 1);
    let status = env.wis(&["--wait", "0", "status", "--output-format", "json"]);
    assert_eq!(status.code, 0, "{}", status.stderr);
    assert_eq!(status.json()["sleeps"], 1);
    let out = child.wait_with_output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["turn"], "sleep", "{report}");
    assert!(
        report["summary"]
            .as_str()
            .unwrap()
            .contains("replay: 1 learned"),
        "{report}"
    );
    assert_eq!(env.json(&["status"])["sleeps"], 2);
    env.wis(&["check"]).ok();
}

/// A sleep killed while its replay waits on the model leaves the store as it was and a stale
/// lease: `wis check` passes, and the next tick recovers the sleep as an interrupted turn.
#[test]
fn a_sleep_killed_during_its_replay_is_recovered_by_the_next_tick() {
    let server = life();
    let (mut env, _) = creature(&server);
    env.set("WIS_WISDOM_REPLAY_ENABLED", "true");
    env.set("WIS_WISDOM_REPLAY_BATCH", "1");
    server.push(Answer::delayed(
        Duration::from_secs(30),
        Answer::content(RECOVER),
    ));
    let ticks = env.json(&["status"])["ticks"].as_u64().unwrap();
    let before = server.completions().len();
    let mut child = env.command().args(["sleep"]).spawn().unwrap();
    asked(&server, before + 1);
    child.kill().unwrap();
    child.wait().unwrap();

    env.wis(&["check"]).ok();
    let status = env.json(&["status"]);
    assert_eq!(status["sleeps"], 0, "nothing of the sleep was recorded");
    assert_eq!(status["documents"]["wis.replay.v1"], 0);
    assert_eq!(status["documents"]["wis.sleep_receipt.v1"], 0);

    server.push(Answer::content(RECOVER));
    let out = tick(&env);
    assert_eq!(out["recovered"], ticks + 1, "{out}");
    let status = env.json(&["status"]);
    assert_eq!(status["documents"]["wis.lease.v1"], 0);
    env.wis(&["check"]).ok();
    server.push(Answer::content(RECOVER));
    let slept = env.json(&["sleep"]);
    assert_eq!(slept["sleep"], 1, "{slept}");

    // Killed again, then `wis sleep` (not a tick) finds the stale lease: it records the
    // interrupted turn before taking its own lease.
    server.push(Answer::delayed(
        Duration::from_secs(30),
        Answer::content(RECOVER),
    ));
    let before = server.completions().len();
    let mut child = env.command().args(["sleep"]).spawn().unwrap();
    asked(&server, before + 1);
    child.kill().unwrap();
    child.wait().unwrap();
    server.push(Answer::content(RECOVER));
    let slept = env.json(&["sleep"]);
    assert_eq!(slept["sleep"], 2, "{slept}");
    let status = env.json(&["status"]);
    assert_eq!(status["last_tick"]["turn"], "interrupted", "{status}");
    assert_eq!(status["documents"]["wis.lease.v1"], 0);
    env.wis(&["check"]).ok();
}

fn replay_line(receipt: &Value) -> String {
    receipt["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["job"] == "replay")
        .unwrap_or_else(|| panic!("{receipt}"))["summary"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Replay's reserve: a sleep whose draw needs more model calls than the day has left skips
/// replay with its reason and asks nothing; a day later the reserve is whole again.
#[test]
fn a_sleep_skips_replay_when_its_reserve_is_low() {
    let server = life();
    let (mut env, _) = creature(&server);
    env.set("WIS_WISDOM_REPLAY_ENABLED", "true");
    env.set("WIS_WISDOM_REPLAY_BATCH", "2");
    env.set("WIS_WISDOM_REPLAY_CALLS_PER_DAY", "3");
    server.push(Answer::content(RECOVER));
    server.push(Answer::content(RECOVER));
    let first = env.json(&["sleep"]);
    assert!(replay_line(&first).starts_with("2 learned"), "{first}");

    let asked = server.completions().len();
    env.now += 3600;
    let low = env.json(&["sleep"]);
    assert_eq!(
        replay_line(&low),
        "skipped (reserve low: 1 of 3 model calls left in 24 hours, 2 drawn)"
    );
    assert_eq!(server.completions().len(), asked, "nothing was asked");
    assert_eq!(low["sleep"], 2, "the sleep went on");

    env.now += 86_400;
    server.push(Answer::content(RECOVER));
    server.push(Answer::content(RECOVER));
    let next = env.json(&["sleep"]);
    assert!(replay_line(&next).starts_with("2 learned"), "{next}");
    let history = env.json(&["replay", "history"]);
    assert_eq!(history.as_array().unwrap().len(), 3);
}
