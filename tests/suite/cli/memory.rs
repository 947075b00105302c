//! `wis memory …` through the real binary in a hermetic home born from seed 1: tables for
//! people, JSON for scripts, exit codes, and the Qdrant mirror going away between and during
//! runs.

use serde_json::Value;

use crate::support::qdrant::Qdrant;
use crate::support::{TestEnv, snapshot};

/// Runs `wis ARGS`, insisting on success; stdout.
fn ok(env: &TestEnv, args: &[&str]) -> String {
    env.wis(args).ok().to_string()
}

fn code(env: &TestEnv, args: &[&str]) -> i32 {
    env.wis(args).code
}

#[test]
fn the_operator_tells_lists_shows_searches_and_counts() {
    let env = TestEnv::born();
    let said = ok(
        &env,
        &[
            "memory",
            "add",
            "the pump controller listens on TCP port 8731",
        ],
    );
    assert_eq!(said, "remembered e1 (fact, told)\n");
    ok(
        &env,
        &[
            "memory",
            "add",
            "--kind",
            "strategy",
            "--source",
            "runbook:pump",
            "restart the pump when pressure drops below 2 bar",
        ],
    );
    let e3 = env.json(&[
        "memory",
        "add",
        "--kind",
        "musing",
        "clouds look like sheep today",
    ]);
    assert_eq!(e3["id"], 3);
    assert_eq!(e3["provenance"], "told");
    assert_eq!(e3["created"], 1_767_225_600_000i64);

    let table = snapshot!(env, "memory-list", ["memory", "list"])
        .ok()
        .to_string();
    let order: Vec<usize> = ["e3", "e2", "e1"]
        .iter()
        .map(|id| table.find(id).unwrap())
        .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "newest first:\n{table}"
    );
    assert!(table.contains("2026-01-01T00:00:00Z"));
    snapshot!(
        env,
        "memory-list-json",
        ["memory", "list", "--output-format", "json"]
    );
    let listed = env.json(&["memory", "list", "--kind", "strategy"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(
        listed[0]["sources"],
        serde_json::json!(["operator", "runbook:pump"])
    );

    let shown = snapshot!(env, "memory-show", ["memory", "show", "e2"])
        .ok()
        .to_string();
    assert!(
        shown.contains("runbook:pump") && shown.contains("hash ngram-v2 dim 256"),
        "{shown}"
    );
    let shown = snapshot!(
        env,
        "memory-show-json",
        ["memory", "show", "2", "--output-format", "json"]
    );
    assert_eq!(shown.json()["kind"], "strategy");

    let found = snapshot!(
        env,
        "memory-search-json",
        [
            "--output-format",
            "json",
            "memory",
            "search",
            "which port does the pump use",
            "-k",
            "2",
        ]
    )
    .json();
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 1);
    assert_eq!(found["hits"].as_array().unwrap().len(), 2);
    let only = env.json(&["memory", "search", "pump", "--kind", "musing"]);
    assert_eq!(only["hits"].as_array().unwrap().len(), 1);
    let text = snapshot!(env, "memory-search", ["memory", "search", "pump port"])
        .ok()
        .to_string();
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("e1")),
        "{text}"
    );

    let stats = snapshot!(
        env,
        "memory-stats-json",
        ["memory", "stats", "--output-format", "json"]
    )
    .json();
    assert_eq!(
        (stats["total"].as_u64(), stats["active"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(stats["by_kind"]["strategy"], 1);
    assert_eq!(stats["caps"]["active"], 100_000);
    let text = snapshot!(env, "memory-stats", ["memory", "stats"])
        .ok()
        .to_string();
    assert!(text.contains("3 (3 active, 0 archived)"));
    assert!(ok(&env, &["check"]).contains("ok"));
}

#[test]
fn an_embedder_change_is_seen_and_reembedded() {
    let env = TestEnv::born();
    ok(&env, &["memory", "add", "the kettle is in the kitchen"]);
    ok(&env, &["memory", "add", "the cat sleeps on the mat"]);
    let small = ["-c", "embed.dim=64"];
    let args = |rest: &[&'static str]| [&small[..], rest].concat();
    let before = env.json(&args(&["memory", "search", "kettle"]));
    assert_eq!(before["hits"].as_array().unwrap().len(), 0);
    assert_eq!(before["other_space"], 2);
    assert_eq!(env.json(&args(&["memory", "stats"]))["stale"], 2);
    let report = env.json(&args(&["memory", "reembed"]));
    assert_eq!(
        (report["checked"].as_u64(), report["reembedded"].as_u64()),
        (Some(2), Some(2))
    );
    let after = env.json(&args(&["memory", "search", "kettle"]));
    assert_eq!(after["hits"][0]["id"], 1);
    assert_eq!(after["hits"][0]["engram"]["vector"]["dim"], 64);
    assert!(ok(&env, &args(&["memory", "reembed"])).starts_with("re-embedded 0 of 2"));
}

#[test]
fn mistakes_exit_with_their_codes() {
    let env = TestEnv::born();
    assert_eq!(code(&env, &["memory", "show", "e9"]), 66);
    assert_eq!(code(&env, &["memory", "show", "nine"]), 64);
    assert_eq!(code(&env, &["memory", "add", "  "]), 65);
    assert_eq!(code(&env, &["memory", "add", "--kind", "gossip", "x"]), 64);
    assert_eq!(code(&env, &["memory", "mirror", "--rebuild"]), 78);
    let http = [
        "-c",
        "embed.backend=http",
        "-c",
        "embed.url=http://127.0.0.1:9/v1",
        "-c",
        "embed.model=m",
        "memory",
        "add",
        "x",
    ];
    let out = env.wis(&http);
    assert_eq!(out.code, 69);
    assert!(out.stderr.contains("hint:"));
    let empty = TestEnv::new();
    assert_eq!(code(&empty, &["memory", "list"]), 66);
}

#[test]
fn search_goes_through_qdrant_and_survives_it_going_away() {
    let mut q = Qdrant::start();
    let env = TestEnv::born();
    let flag = format!("embed.qdrant_url={}", q.url());
    let with = |rest: &[&'static str]| -> Vec<String> {
        let mut v = vec!["-c".to_string(), flag.clone()];
        v.extend(rest.iter().map(|s| s.to_string()));
        v
    };
    let run = |args: Vec<String>| env.wis(&args);
    for body in [
        "the pump controller listens on TCP port 8731",
        "drain the pump before a restart",
        "the garden is watered at dawn",
    ] {
        assert!(run(with(&["memory", "add", body])).code == 0);
    }
    assert_eq!(q.points("wis-engrams"), 3);
    let status = run(with(&["--output-format", "json", "memory", "mirror"]));
    let status: Value = serde_json::from_slice(&status.bytes).unwrap();
    assert_eq!(status["synced"], true);
    let out = run(with(&[
        "--output-format",
        "json",
        "memory",
        "search",
        "pump port",
    ]));
    let found: Value = serde_json::from_slice(&out.bytes).unwrap();
    assert_eq!(found["route"], "qdrant");
    assert_eq!(found["hits"][0]["id"], 1);
    assert!(out.warnings().is_empty());

    q.stop();
    let out = run(with(&[
        "--output-format",
        "json",
        "memory",
        "search",
        "pump port",
    ]));
    assert!(out.code == 0);
    let found: Value = serde_json::from_slice(&out.bytes).unwrap();
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 1);
    assert_eq!(out.warnings().len(), 1, "{:?}", out.warnings());
    // A write while Qdrant is gone lands in the store, with one warning.
    let out = run(with(&["memory", "add", "the drain valve is red"]));
    assert!(out.code == 0);
    assert_eq!(out.warnings().len(), 1);
    assert_eq!(run(with(&["memory", "mirror", "--rebuild"])).code, 69);

    // Qdrant back (empty, elsewhere): behind until rebuilt, then answering again.
    let q2 = Qdrant::start();
    let flag2 = format!("embed.qdrant_url={}", q2.url());
    let args2 = |rest: &[&str]| -> Vec<String> {
        let mut v = vec![
            "-c".to_string(),
            flag2.clone(),
            "--output-format".into(),
            "json".into(),
        ];
        v.extend(rest.iter().map(|s| s.to_string()));
        v
    };
    let out = run(args2(&["memory", "search", "drain valve"]));
    let found: Value = serde_json::from_slice(&out.bytes).unwrap();
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 4);
    assert!(out.warnings()[0].contains("mirror --rebuild"));
    let rebuilt = run(args2(&["memory", "mirror", "--rebuild"]));
    let rebuilt: Value = serde_json::from_slice(&rebuilt.bytes).unwrap();
    assert_eq!(rebuilt["mirrored"], 4);
    let out = run(args2(&["memory", "search", "drain valve"]));
    let found: Value = serde_json::from_slice(&out.bytes).unwrap();
    assert_eq!(found["route"], "qdrant");
    assert_eq!(found["hits"][0]["id"], 4);
    assert!(out.warnings().is_empty());
}
