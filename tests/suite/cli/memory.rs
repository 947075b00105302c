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
    snapshot!(
        env,
        "memory-add",
        [
            "memory",
            "add",
            "the pump controller listens on TCP port 8731",
        ]
    )
    .ok();
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
    snapshot!(
        env,
        "memory-add-json",
        [
            "--output-format",
            "json",
            "memory",
            "add",
            "--kind",
            "musing",
            "clouds look like sheep today",
        ]
    )
    .ok();

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

    snapshot!(env, "memory-show", ["memory", "show", "e2"]).ok();
    snapshot!(
        env,
        "memory-show-json",
        ["memory", "show", "2", "--output-format", "json"]
    )
    .ok();

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
    snapshot!(env, "memory-stats", ["memory", "stats"]).ok();
    env.wis(&["check"]).ok();
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
    snapshot!(env, "memory-reembed", args(&["memory", "reembed"])).ok();
    let after = env.json(&args(&["memory", "search", "kettle"]));
    assert_eq!(after["hits"][0]["id"], 1);
    assert_eq!(after["hits"][0]["engram"]["vector"]["dim"], 64);
    // Again: nothing is left to do.
    snapshot!(
        env,
        "memory-reembed-json",
        args(&["--output-format", "json", "memory", "reembed"])
    )
    .ok();
}

#[test]
fn the_mirror_reports_for_people_and_for_scripts() {
    let q = Qdrant::start();
    let mut env = TestEnv::born();
    env.set("WIS_EMBED_QDRANT_URL", &q.url());
    ok(&env, &["memory", "add", "drain the pump before a restart"]);
    ok(&env, &["memory", "add", "the garden is watered at dawn"]);
    snapshot!(env, "memory-mirror", ["memory", "mirror"]).ok();
    snapshot!(
        env,
        "memory-mirror-json",
        ["memory", "mirror", "--output-format", "json"]
    )
    .ok();
    snapshot!(
        env,
        "memory-mirror-rebuild",
        ["memory", "mirror", "--rebuild"]
    )
    .ok();
    snapshot!(
        env,
        "memory-mirror-rebuild-json",
        ["memory", "mirror", "--rebuild", "--output-format", "json"]
    )
    .ok();
    assert_eq!(q.points("wis-engrams"), 2);
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
    // --quiet: the same run, its data and no warning.
    let quiet = run(with(&["--quiet", "memory", "search", "pump port"]));
    assert!(quiet.code == 0);
    assert!(quiet.stdout.contains("e1"), "{}", quiet.stdout);
    assert_eq!(quiet.stderr, "");
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

/// The social kinds and lore are told like any other kind; an unknown kind is a usage error;
/// `wis memory show` says how confident the creature is in each.
#[test]
fn the_operator_tells_lore_and_the_social_kinds() {
    let env = TestEnv::born();
    for (kind, text) in [
        (
            "lore",
            "the ferry to the island leaves the north pier at noon",
        ),
        ("relationship", "Bo keeps the north pier"),
        ("goal", "reach the island before the storm"),
        ("value", "a promise to a friend is kept"),
        ("appraisal", "the crossing went badly: the ferry was missed"),
    ] {
        let said = ok(&env, &["memory", "add", "--kind", kind, text]);
        assert!(said.contains(&format!("({kind}, told)")), "{said}");
    }
    let listed = env.json(&["memory", "list", "--kind", "lore"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["confidence"], 0.5);
    let shown = ok(&env, &["memory", "show", "e4"]);
    assert!(
        shown
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["confidence", "0.50"]),
        "{shown}"
    );
    let refused = env.wis(&["memory", "add", "--kind", "rumour", "the moon is cheese"]);
    refused.code(64);
    assert!(refused.stderr.contains("lore"), "{}", refused.stderr);
    env.wis(&["check", "--schemas"]).ok();
}
