//! Sleep that does memory work, as a user meets it: a creature with a few hundred engrams whose
//! utility records were filled by settlements sleeps again and again; the useless ones end in
//! the archive, the useful ones grow stronger, duplicates become one engram with both sources,
//! `wis memory show` says where an archived one went and `wis memory restore` brings it back.
//! With curation off the same sleeps change no strength and print no curation line; a dry run
//! writes nothing; a sleep killed midway leaves a store `wis check` passes.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;
use wis::memory::{EngramId, HashEmbedder, Kind, Memory, NewEngram, Provenance, Settlement};

use crate::support::{TestEnv, snapshot};

/// Ids of each group remembered by [`populate`].
struct Groups {
    useful: Vec<EngramId>,
    ignored: Vec<EngramId>,
    failing: Vec<EngramId>,
    /// (first, second) of each duplicate pair.
    twins: Vec<(EngramId, EngramId)>,
}

/// 100 useful (told, each followed into success twice), 100 only ignored, 50 followed into
/// failure, and 20 pairs of duplicates (the first of each once useful), settled as recall's
/// bets settle them.
fn populate(env: &TestEnv) -> Groups {
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    let mut g = Groups {
        useful: Vec::new(),
        ignored: Vec::new(),
        failing: Vec::new(),
        twins: Vec::new(),
    };
    env.edit_store(|tx| {
        let mut remember = |body: String, provenance: Provenance, source: String| {
            let new = NewEngram::new(Kind::Fact, body, provenance).source(source);
            memory.remember(tx, new, 1).unwrap()
        };
        for i in 0..100 {
            let body = format!(
                "useful fact number {i}: service {i} listens on port {}",
                8000 + i
            );
            g.useful
                .push(remember(body, Provenance::Told, format!("operator:{i}")));
        }
        for i in 0..100 {
            let body = format!("idle musing {i} about the colour of log file {}", i * 7);
            g.ignored
                .push(remember(body, Provenance::Experienced, format!("tick:{i}")));
        }
        for i in 0..50 {
            let body = format!(
                "wrong belief {i}: restart daemon {i} with kill -HUP {}",
                i * 3
            );
            g.failing
                .push(remember(body, Provenance::Experienced, format!("tick:{i}")));
        }
        for i in 0..20 {
            let body = format!("the backup of volume {i} lives in /srv/backup/vol{i}.tar");
            let a = remember(
                body.clone(),
                Provenance::Experienced,
                format!("episode:{i}"),
            );
            let b = remember(
                body,
                Provenance::Experienced,
                format!("episode:{}", 100 + i),
            );
            g.twins.push((a, b));
        }
        for id in &g.useful {
            for _ in 0..2 {
                wis::memory::settle(tx, *id, Settlement::FollowedIntoSuccess, 2).unwrap();
            }
        }
        for id in &g.ignored {
            wis::memory::settle(tx, *id, Settlement::Ignored, 2).unwrap();
        }
        for id in &g.failing {
            wis::memory::settle(tx, *id, Settlement::IntoFailure, 2).unwrap();
        }
        for (a, _) in &g.twins {
            wis::memory::settle(tx, *a, Settlement::FollowedIntoSuccess, 2).unwrap();
        }
    });
    g
}

fn show(env: &TestEnv, id: EngramId) -> Value {
    env.json(&["memory", "show", &id.to_string()])
}

/// Every engram, both tiers, by id (one run of `wis memory list`).
fn all(env: &TestEnv) -> HashMap<u64, Value> {
    let list = env.json(&["memory", "list", "--tier", "any", "--limit", "100000"]);
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| (e["id"].as_u64().unwrap(), e.clone()))
        .collect()
}

fn sleeps(env: &mut TestEnv, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            env.now += 600;
            env.wis(&["sleep"]).ok().to_string()
        })
        .collect()
}

#[test]
fn sleeps_archive_the_useless_strengthen_the_useful_and_merge_duplicates() {
    let mut env = TestEnv::born();
    let g = populate(&env);
    env.set("WIS_WISDOM_CURATION_ENABLED", "true");
    env.set("WIS_WISDOM_CURATION_GRACE_SLEEPS", "3");
    // What curation would do before any sleep: the useful reinforced, nothing demoted yet.
    snapshot!(env, "curate-dry-run", ["curate", "--dry-run"]).ok();
    let lines = sleeps(&mut env, 9);
    assert!(lines[0].contains("consolidation:"), "{}", lines[0]);
    assert!(lines[0].contains("20 merged"), "{}", lines[0]);
    assert!(
        lines[0].contains("curation: 0 demoted, 100 reinforced"),
        "{}",
        lines[0]
    );

    let engrams = all(&env);
    let listed = |id: EngramId| engrams[&id.0].clone();
    for id in &g.useful {
        let e = listed(*id);
        assert_eq!(e["tier"], "active");
        assert_eq!(e["strength"], 1.0, "told at 0.7, reinforced to 1: {e}");
    }
    for id in g.ignored.iter().chain(&g.failing) {
        let e = listed(*id);
        assert_eq!(e["tier"], "archive", "{e}");
        assert_eq!(e["fate"]["archived"]["gone"]["why"], "pruned", "{e}");
    }
    for (a, b) in &g.twins {
        let (ea, eb) = (listed(*a), listed(*b));
        let (keep, gone) = if ea["tier"] == "active" {
            (ea, eb)
        } else {
            (eb, ea)
        };
        assert_eq!(gone["tier"], "archive");
        let sources: Vec<&str> = keep["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        for s in gone["sources"].as_array().unwrap() {
            assert!(sources.contains(&s.as_str().unwrap()), "{sources:?}");
        }
        let text = env
            .wis(&["memory", "show", gone["id"].to_string().as_str()])
            .ok()
            .to_string();
        let survivor = keep["id"].as_u64().unwrap();
        assert!(
            text.contains(&format!("archive (merged into e{survivor} at sleep 1)")),
            "{text}"
        );
    }

    // `wis sleep show` names the memories; a pruned one says when it went, and comes back.
    let receipt = env.json(&["sleep", "show", "1"]);
    let memories = receipt["jobs"][0]["memories"].as_array().unwrap();
    assert_eq!(memories.len(), 20, "{receipt}");
    let pruned = g.failing[0];
    let text = env
        .wis(&["memory", "show", &pruned.to_string()])
        .ok()
        .to_string();
    assert!(text.contains("archive (pruned at sleep"), "{text}");
    snapshot!(
        env,
        "memory-restore",
        ["memory", "restore", &pruned.to_string()]
    )
    .ok();
    assert_eq!(show(&env, pruned)["tier"], "active");
    let also = g.failing[1].to_string();
    snapshot!(
        env,
        "memory-restore-json",
        ["--output-format", "json", "memory", "restore", &also]
    )
    .ok();
    env.wis(&["check"]).ok();

    // Curation now, on its own, as of the last sleep: nothing left to judge.
    snapshot!(env, "curate", ["curate"]).ok();
    snapshot!(env, "curate-json", ["curate", "--output-format", "json"]).ok();
}

/// Broken flag: with curation off the same sleeps move no strength and print no curation line.
#[test]
fn with_curation_off_sleep_judges_nothing() {
    let mut env = TestEnv::born();
    let g = populate(&env);
    let before = all(&env);
    let lines = sleeps(&mut env, 6);
    for line in &lines {
        assert!(!line.contains("curation"), "{line}");
    }
    let after = all(&env);
    for id in g.useful.iter().chain(&g.ignored).chain(&g.failing) {
        let (was, now) = (&before[&id.0], &after[&id.0]);
        assert_eq!(now["strength"], was["strength"], "{id}");
        assert_eq!(now["fate"], was["fate"], "{id}");
        assert_eq!(now["tier"], "active", "{id}");
    }
    let out = env.wis(&["curate"]);
    out.code(78);
    assert!(out.stderr.contains("curation_enabled"), "{}", out.stderr);
}

#[test]
fn a_dry_run_writes_nothing() {
    let mut env = TestEnv::born();
    populate(&env);
    env.set("WIS_WISDOM_CURATION_ENABLED", "true");
    let before = env.json(&["memory", "list", "--tier", "any", "--limit", "1000"]);
    let out = env.wis(&["sleep", "--dry-run"]).ok().to_string();
    assert!(out.contains("dry run, nothing written"), "{out}");
    assert!(
        out.contains("20 merged") && out.contains("curation"),
        "{out}"
    );
    let out = env.wis(&["curate", "--dry-run"]).ok().to_string();
    assert!(out.contains("100 reinforced"), "{out}");
    assert_eq!(
        env.json(&["memory", "list", "--tier", "any", "--limit", "1000"]),
        before
    );
    let status = env.json(&["status"]);
    assert_eq!(status["sleeps"], 0);
    env.wis(&["sleep", "show"]).code(66);
}

/// A sleep killed at random moments: the store opens, `wis check` passes, and the next sleep
/// does the work.
#[test]
fn a_sleep_killed_midway_leaves_a_store_check_passes() {
    let mut env = TestEnv::born();
    populate(&env);
    env.set("WIS_WISDOM_CURATION_ENABLED", "true");
    for wait_ms in [5u64, 20, 40, 80] {
        env.now += 60;
        let mut child = env
            .command()
            .args(["--wait", "5", "sleep"])
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait_ms));
        let _ = child.kill();
        let _ = child.wait();
        env.wis(&["check"]).ok();
    }
    let out = env.wis(&["--wait", "5", "sleep"]).ok().to_string();
    assert!(out.contains("consolidation:"), "{out}");
    env.wis(&["check"]).ok();
}
