//! Counterfactual replay through the real binary against a fake model server. A scripted life
//! leaves three failures that a later action fixed in the same situation and one that nothing
//! fixed; replies scripted to be learned, unlearned and divergent settle exactly the items the
//! replayed prompts showed, the history shows the rate, and nothing ran: the workspace is
//! unchanged and the replaying process never had a child. In sleep, replay runs only when
//! enabled, and a model that does not answer skips it while the sleep goes on.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi, closed_port_url};
use serde_json::Value;

const PLAN: &str =
    r#"{"thought": "the pump port is written down", "plan": ["find the pump port"]}"#;
const FAILS: [&str; 3] = [
    r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.cfg"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.ini"}}"#,
];
const RECOVER: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
/// A failure after the fix that nothing fixed: not replayable.
const UNFIXED: &str = r#"{"tool": "read_file", "args": {"path": "pump.yaml"}}"#;
/// An answer that would leave a mark in the workspace if anything ran it.
const MARK: &str = r#"{"tool": "bash", "args": {"command": "touch replay-ran"}}"#;

pub(super) fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(
        run.code, 0,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    run.json()
}

/// A creature with recall on, a guardrail, and the life above lived through `server`.
fn creature(server: &FakeOpenAi) -> (TestEnv, String) {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_WISDOM_RECALL_ENABLED", "true");
    env.set("WIS_WISDOM_RECALL_MIN_SIM", "0");
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    let guardrail = env.json(&[
        "memory",
        "add",
        "--kind",
        "strategy",
        "--source",
        r#"action:{"tool":"read_file","args":{"path":"notes/pump.txt"}}"#,
        "find the pump port in the notes",
    ]);
    let kinds: Vec<String> = (0..7)
        .map(|_| tick(&env)["fail_kind"].as_str().unwrap_or("-").to_string())
        .collect();
    assert_eq!(
        kinds,
        [
            "ok",
            "not_found",
            "not_found",
            "not_found",
            "ok",
            "ok",
            "not_found"
        ],
        "plan, three failures, a rumination, the fix, an unfixed failure"
    );
    (env, format!("e{}", guardrail["id"]))
}

fn life() -> FakeOpenAi {
    let mut script = vec![PLAN];
    script.extend(FAILS);
    script.extend([PLAN, RECOVER, UNFIXED]);
    FakeOpenAi::builder()
        .answers(script.into_iter().map(Answer::content))
        .start()
}

/// Every file in the workspace with its bytes.
fn workspace(env: &TestEnv) -> BTreeMap<String, Vec<u8>> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().display().to_string();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let root = env.path("workspace");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let ppid = status
            .lines()
            .find_map(|l| l.strip_prefix("PPid:"))
            .map(str::trim);
        if ppid == Some(pid.to_string().as_str()) {
            found.push(status.lines().next().unwrap_or_default().to_string());
        }
    }
    found
}

/// Runs `wis ARGS`, watching the process table for a child until it exits.
fn watched(env: &TestEnv, args: &[&str]) -> (std::process::Output, Vec<String>) {
    let child = env
        .command()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut seen = Vec::new();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !waiter.is_finished() {
        seen.extend(children(pid));
        std::thread::sleep(Duration::from_millis(2));
    }
    (waiter.join().unwrap(), seen)
}

fn utility(env: &TestEnv, id: &str) -> Value {
    env.json(&["memory", "show", id])["utility"].clone()
}

#[test]
fn replay_scores_learned_unlearned_divergent_and_runs_nothing() {
    let server = life();
    let (env, guardrail) = creature(&server);
    let dry = env.json(&["replay", "--dry-run", "--seed", "3"]);
    assert_eq!(dry["replayable"], 3, "{dry}");
    assert_eq!(dry["unreplayable"], 1, "{dry}");
    let drawn = dry["drawn"].as_array().unwrap();
    assert_eq!(drawn.len(), 3);
    for d in drawn {
        assert_eq!(d["material"]["fix"], "read_file notes/pump.txt");
        let tail = d["prompt"]["volatile"].as_str().unwrap();
        assert!(tail.ends_with("Q: find the pump port\nA: "), "{tail}");
        assert!(tail.contains("## Before you act"), "{tail}");
    }
    // learned, unlearned (its own recorded failure), divergent, in draw order
    let own_failure = drawn[1]["material"]["failed"].as_str().unwrap();
    let path = own_failure.strip_prefix("read_file ").unwrap();
    let unlearned = format!(r#"{{"tool": "read_file", "args": {{"path": "{path}"}}}}"#);
    for answer in [RECOVER, &unlearned, MARK] {
        server.push(Answer::delayed(
            Duration::from_millis(150),
            Answer::content(answer),
        ));
    }
    let before = workspace(&env);
    let bets_before = env.json(&["status"])["documents"]["wis.bet.v1"]
        .as_u64()
        .unwrap();
    let asked = server.completions().len();

    let (out, children) = watched(&env, &["replay", "--seed", "3", "--output-format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        [
            &report["learned"],
            &report["unlearned"],
            &report["divergent"],
            &report["malformed"],
            &report["skipped"]
        ],
        [1, 1, 1, 0, 0].map(Value::from).each_ref(),
        "{report}"
    );
    assert_eq!(report["seed"], 3);
    assert_eq!(server.completions().len(), asked + 3);
    assert!(
        children.is_empty(),
        "replay started processes: {children:?}"
    );
    assert_eq!(workspace(&env), before, "the workspace changed");
    assert!(!env.path("workspace/replay-ran").exists());

    // Exactly the shown items settled: the case and the guardrail, once each way.
    let items = report["items"].as_array().unwrap();
    let shown: Vec<&Value> = items
        .iter()
        .flat_map(|i| i["shown"].as_array().unwrap())
        .collect();
    assert!(
        shown.iter().any(|s| s.as_str() == Some(guardrail.as_str())),
        "{report}"
    );
    let u = utility(&env, &guardrail);
    assert_eq!(
        (
            u["taught_in_replay"].as_u64(),
            u["failed_to_teach"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(
        report["redistill"],
        serde_json::json!([guardrail[1..].parse::<u64>().unwrap()])
    );
    let view = env.json(&["memory", "recall"]);
    let bets = &view["lookup"]["cases"][0]["track"]["bets"];
    assert_eq!(
        (
            bets["taught_in_replay"].as_u64(),
            bets["failed_to_teach"].as_u64()
        ),
        (Some(1), Some(1))
    );
    let bets_after = env.json(&["status"])["documents"]["wis.bet.v1"]
        .as_u64()
        .unwrap();
    assert_eq!(
        bets_after - bets_before,
        4,
        "two items, learned and unlearned"
    );

    // The history shows the rate, as a table, JSON and an SVG.
    let history = env.json(&["replay", "history"]);
    assert_eq!(history.as_array().unwrap().len(), 1);
    let table = env.wis(&["replay", "history", "--plot", "rate.svg"]);
    assert!(table.ok().contains("0.33"), "{}", table.stdout);
    let svg = std::fs::read_to_string(env.root("rate.svg")).unwrap();
    assert!(
        svg.contains("learned rate") && svg.contains("<circle"),
        "{svg}"
    );
    env.wis(&["check"]).ok();
}

#[test]
fn the_same_seed_twice_gives_the_same_report() {
    let reports: Vec<Value> = (0..2)
        .map(|_| {
            let server = life();
            let (env, _) = creature(&server);
            server.push(Answer::content(RECOVER));
            server.push(Answer::content(FAILS[0]));
            server.push(Answer::content(MARK));
            let mut r = env.json(&["replay", "--seed", "9"]);
            r.as_object_mut().unwrap().remove("at");
            r
        })
        .collect();
    assert_eq!(reports[0], reports[1]);
}

#[test]
fn replay_exits_69_when_no_model_answers_and_writes_nothing() {
    let server = life();
    let (mut env, _) = creature(&server);
    env.set("WIS_LLM_URL", &closed_port_url());
    let run = env.wis(&["replay", "--seed", "1"]);
    assert_eq!(run.code, 69, "{}", run.stderr);
    let status = env.json(&["status"]);
    assert_eq!(status["documents"]["wis.replay.v1"], 0);
}

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
