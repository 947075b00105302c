//! Counterfactual replay through the real binary against a fake model server. A scripted life
//! leaves three failures that a later action fixed in the same situation and one that nothing
//! fixed; replies scripted to be learned, unlearned and divergent settle exactly the items the
//! replayed prompts showed, the history shows the rate, and nothing ran: the workspace is
//! unchanged and the replaying process never had a child. Replay in sleep: `replay_sleep.rs`.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::support::fake_openai::{Answer, FakeOpenAi, closed_port_url};
use crate::support::{Run, TestEnv, snapshot, snapshot_run};
use serde_json::Value;

const PLAN: &str =
    r#"{"thought": "the pump port is written down", "plan": ["find the pump port"]}"#;
const FAILS: [&str; 3] = [
    r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.cfg"}}"#,
    r#"{"tool": "read_file", "args": {"path": "pump.ini"}}"#,
];
pub(super) const RECOVER: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
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
pub(super) fn creature(server: &FakeOpenAi) -> (TestEnv, String) {
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

pub(super) fn life() -> FakeOpenAi {
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
fn watched(env: &TestEnv, args: &[&str]) -> (Run, Vec<String>) {
    let start = std::time::Instant::now();
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
    (
        Run::from_output(waiter.join().unwrap(), start.elapsed()),
        seen,
    )
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

    let args = ["replay", "--seed", "3", "--output-format", "json"];
    let (out, children) = watched(&env, &args);
    snapshot_run!(env, "replay-json", args, out);
    let report = out.json();
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
    snapshot!(
        env,
        "replay-history-json",
        ["replay", "history", "--output-format", "json"]
    )
    .ok();
    snapshot!(
        env,
        "replay-history",
        ["replay", "history", "--plot", "rate.svg"]
    )
    .ok();
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
fn a_replay_for_people() {
    let server = life();
    let (env, _) = creature(&server);
    server.push(Answer::content(RECOVER));
    server.push(Answer::content(FAILS[0]));
    server.push(Answer::content(MARK));
    snapshot!(env, "replay", ["replay", "--seed", "9"]).ok();
}

#[test]
fn replay_exits_69_when_no_model_answers_and_writes_nothing() {
    let server = life();
    let (mut env, _) = creature(&server);
    env.set("WIS_LLM_URL", &closed_port_url());
    snapshot!(env, "replay-unreachable", ["replay", "--seed", "1"]).code(69);
    let status = env.json(&["status"]);
    assert_eq!(status["documents"]["wis.replay.v1"], 0);
}
