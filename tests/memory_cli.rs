//! `wis memory …` through the real binary: a temp home born with `wis init --seed 1`, a
//! cleared environment and a pinned clock; tables for people, JSON for scripts, exit codes,
//! and the Qdrant mirror going away between and during runs.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use support::qdrant::Qdrant;

const NOW: &str = "1767225600";

fn wis(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wis"))
        .env_clear()
        .env("WIS_NOW", NOW)
        .env("NO_COLOR", "1")
        .arg("--home")
        .arg(home)
        .args(args)
        .output()
        .expect("run wis")
}

fn ok(home: &Path, args: &[&str]) -> String {
    let out = wis(home, args);
    assert!(
        out.status.success(),
        "wis {args:?}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(home: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--output-format", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(home, &all)).unwrap()
}

fn code(home: &Path, args: &[&str]) -> i32 {
    wis(home, args).status.code().unwrap()
}

fn born() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    ok(dir.path(), &["init", "--seed", "1"]);
    dir
}

#[test]
fn the_operator_tells_lists_shows_searches_and_counts() {
    let dir = born();
    let home = dir.path();
    let said = ok(
        home,
        &[
            "memory",
            "add",
            "the pump controller listens on TCP port 8731",
        ],
    );
    assert_eq!(said, "remembered e1 (fact, told)\n");
    ok(
        home,
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
    let e3 = json(
        home,
        &[
            "memory",
            "add",
            "--kind",
            "musing",
            "clouds look like sheep today",
        ],
    );
    assert_eq!(e3["id"], 3);
    assert_eq!(e3["provenance"], "told");
    assert_eq!(e3["created"], 1_767_225_600_000i64);

    let table = ok(home, &["memory", "list"]);
    let order: Vec<usize> = ["e3", "e2", "e1"]
        .iter()
        .map(|id| table.find(id).unwrap())
        .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "newest first:\n{table}"
    );
    assert!(table.contains("2026-01-01T00:00:00Z"));
    let listed = json(home, &["memory", "list", "--kind", "strategy"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(
        listed[0]["sources"],
        serde_json::json!(["operator", "runbook:pump"])
    );

    let shown = ok(home, &["memory", "show", "e2"]);
    assert!(
        shown.contains("runbook:pump") && shown.contains("hash ngram-v1 dim 256"),
        "{shown}"
    );
    assert_eq!(json(home, &["memory", "show", "2"])["kind"], "strategy");

    let found = json(
        home,
        &[
            "memory",
            "search",
            "which port does the pump use",
            "-k",
            "2",
        ],
    );
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 1);
    assert_eq!(found["hits"].as_array().unwrap().len(), 2);
    let only = json(home, &["memory", "search", "pump", "--kind", "musing"]);
    assert_eq!(only["hits"].as_array().unwrap().len(), 1);
    let text = ok(home, &["memory", "search", "pump port"]);
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("e1")),
        "{text}"
    );

    let stats = json(home, &["memory", "stats"]);
    assert_eq!(
        (stats["total"].as_u64(), stats["active"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(stats["by_kind"]["strategy"], 1);
    assert_eq!(stats["caps"]["active"], 100_000);
    assert!(ok(home, &["memory", "stats"]).contains("3 (3 active, 0 archived)"));
    assert!(ok(home, &["check"]).contains("ok"));
}

#[test]
fn an_embedder_change_is_seen_and_reembedded() {
    let dir = born();
    let home = dir.path();
    ok(home, &["memory", "add", "the kettle is in the kitchen"]);
    ok(home, &["memory", "add", "the cat sleeps on the mat"]);
    let small = ["-c", "embed.dim=64"];
    let args = |rest: &[&'static str]| [&small[..], rest].concat();
    let before = json(home, &args(&["memory", "search", "kettle"]));
    assert_eq!(before["hits"].as_array().unwrap().len(), 0);
    assert_eq!(before["other_space"], 2);
    assert_eq!(json(home, &args(&["memory", "stats"]))["stale"], 2);
    let report = json(home, &args(&["memory", "reembed"]));
    assert_eq!(
        (report["checked"].as_u64(), report["reembedded"].as_u64()),
        (Some(2), Some(2))
    );
    let after = json(home, &args(&["memory", "search", "kettle"]));
    assert_eq!(after["hits"][0]["id"], 1);
    assert_eq!(after["hits"][0]["engram"]["vector"]["dim"], 64);
    assert!(ok(home, &args(&["memory", "reembed"])).starts_with("re-embedded 0 of 2"));
}

#[test]
fn mistakes_exit_with_their_codes() {
    let dir = born();
    let home = dir.path();
    assert_eq!(code(home, &["memory", "show", "e9"]), 66);
    assert_eq!(code(home, &["memory", "show", "nine"]), 64);
    assert_eq!(code(home, &["memory", "add", "  "]), 65);
    assert_eq!(code(home, &["memory", "add", "--kind", "gossip", "x"]), 64);
    assert_eq!(code(home, &["memory", "mirror", "--rebuild"]), 78);
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
    let out = wis(home, &http);
    assert_eq!(out.status.code(), Some(69));
    assert!(String::from_utf8_lossy(&out.stderr).contains("hint:"));
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(code(empty.path(), &["memory", "list"]), 66);
}

/// The stderr lines that are warnings.
fn warnings(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .map(str::to_string)
        .collect()
}

#[test]
fn search_goes_through_qdrant_and_survives_it_going_away() {
    let mut q = Qdrant::start();
    let dir = born();
    let home = dir.path();
    let flag = format!("embed.qdrant_url={}", q.url());
    let with = |rest: &[&'static str]| -> Vec<String> {
        let mut v = vec!["-c".to_string(), flag.clone()];
        v.extend(rest.iter().map(|s| s.to_string()));
        v
    };
    let run = |args: Vec<String>| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        wis(home, &refs)
    };
    for body in [
        "the pump controller listens on TCP port 8731",
        "drain the pump before a restart",
        "the garden is watered at dawn",
    ] {
        assert!(run(with(&["memory", "add", body])).status.success());
    }
    assert_eq!(q.points("wis-engrams"), 3);
    let status = run(with(&["--output-format", "json", "memory", "mirror"]));
    let status: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(status["synced"], true);
    let out = run(with(&[
        "--output-format",
        "json",
        "memory",
        "search",
        "pump port",
    ]));
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found["route"], "qdrant");
    assert_eq!(found["hits"][0]["id"], 1);
    assert!(warnings(&out).is_empty());

    q.stop();
    let out = run(with(&[
        "--output-format",
        "json",
        "memory",
        "search",
        "pump port",
    ]));
    assert!(out.status.success());
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 1);
    assert_eq!(warnings(&out).len(), 1, "{:?}", warnings(&out));
    // A write while Qdrant is gone lands in the store, with one warning.
    let out = run(with(&["memory", "add", "the drain valve is red"]));
    assert!(out.status.success());
    assert_eq!(warnings(&out).len(), 1);
    assert_eq!(
        run(with(&["memory", "mirror", "--rebuild"])).status.code(),
        Some(69)
    );

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
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found["route"], "exact");
    assert_eq!(found["hits"][0]["id"], 4);
    assert!(warnings(&out)[0].contains("mirror --rebuild"));
    let rebuilt = run(args2(&["memory", "mirror", "--rebuild"]));
    let rebuilt: Value = serde_json::from_slice(&rebuilt.stdout).unwrap();
    assert_eq!(rebuilt["mirrored"], 4);
    let out = run(args2(&["memory", "search", "drain valve"]));
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found["route"], "qdrant");
    assert_eq!(found["hits"][0]["id"], 4);
    assert!(warnings(&out).is_empty());
}
