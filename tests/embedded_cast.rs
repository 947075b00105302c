//! A cast of three creatures on the embedded model (the real base Gemma 3 270M, no server) for
//! 30 cast ticks: two on stage reading the scene, one off stage ruminating and sleeping. Each
//! cast tick plays the participant the law puts first and completes; every reply is read (the
//! grammar makes it parse); the stores check clean afterwards. Prints each turn as the scene
//! saw it, so the replies can be read.
//!
//! Run with `cargo test --features embedded --test embedded_cast -- --nocapture`. Without the
//! model this prints why and passes; with `WIS_TEST_REQUIRE_MODEL=1` (CI) a missing model fails.

#![cfg(feature = "embedded")]

mod support;

use std::collections::BTreeMap;
use std::time::Instant;

use support::TestEnv;

#[test]
fn thirty_cast_ticks_on_the_embedded_model() {
    let Some(model) = support::model::model() else {
        return;
    };
    let mut env = TestEnv::new();
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    env.set("WIS_LLM_MAX_TOKENS", "96");
    let homes = ["a", "b", "c"].map(|h| env.root(h));
    for (i, home) in homes.iter().enumerate() {
        env.wis_in(home, &["init", "--seed", &(i + 11).to_string()])
            .ok();
    }
    let cast = env.root("cast");
    let dir = cast.to_str().unwrap();
    env.wis(&[
        "cast",
        "init",
        dir,
        "--member",
        homes[0].to_str().unwrap(),
        "--member",
        homes[1].to_str().unwrap(),
        "--offstage",
        homes[2].to_str().unwrap(),
        "--recovery-secs",
        "60",
    ])
    .ok();
    // Halfway, the first member on stage is spoken to, as a `say` would leave it: its
    // reaction must be answered through the real model (the 270M rarely starts a dialogue).
    let speaker_of = |env: &TestEnv| {
        let status = env
            .wis(&["--output-format", "json", "cast", "--dir", dir, "status"])
            .json();
        let ids: Vec<String> = status["participants"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["arena"] == "scene")
            .map(|p| p["id"].as_str().unwrap().to_string())
            .collect();
        (ids[0].clone(), ids[1].clone())
    };
    let mut reaction = None;
    let mut acted: BTreeMap<String, usize> = BTreeMap::new();
    let mut said = 0;
    let mut walls = Vec::new();
    for n in 1..=30 {
        env.now += 30;
        if n == 15 {
            let (to, from) = speaker_of(&env);
            let store = support::store::open(&cast.join("cast.redb"));
            let mut tx = store.write().unwrap();
            let mut schedule: wis::turn::cast::schedule::Schedule =
                wis::base::store::Read::singleton(&tx).unwrap();
            let p = schedule.get_mut(&to).unwrap();
            p.reaction = Some(wis::turn::cast::schedule::Reaction {
                message: wis::world::scene::Addressed {
                    from: from.clone(),
                    text: "is the pump running?".into(),
                },
                opened_at: 0,
                until: i64::MAX,
            });
            tx.set(&schedule).unwrap();
            tx.commit().unwrap();
            reaction = Some((to, from));
        }
        let start = Instant::now();
        let run = env.wis(&["--output-format", "json", "cast", "--dir", dir, "tick"]);
        walls.push(start.elapsed().as_millis());
        assert_eq!(
            run.code, 0,
            "cast tick {n}\nstdout: {}\nstderr: {}",
            run.stdout, run.stderr
        );
        let out = run.json();
        if out["status"] == "waiting" {
            eprintln!("cast tick {n}: nobody ready ({})", out["next"]);
            continue;
        }
        let receipt = &out["receipt"];
        assert_eq!(receipt["ending"], "completed", "cast tick {n}: {out}");
        assert_ne!(
            out["report"]["fail_kind"], "parse_error",
            "cast tick {n}: the grammar let an unreadable reply through: {out}"
        );
        let id = receipt["id"].as_str().unwrap().to_string();
        if n == 15 {
            let (to, from) = reaction.clone().unwrap();
            assert_eq!(id, to, "the one spoken to reacts first: {out}");
            assert_eq!(receipt["kind"], "reaction", "{out}");
            eprintln!("reaction of {to} to {from}: {}", out["report"]["action"]);
        }
        *acted.entry(id.clone()).or_default() += 1;
        said += usize::from(out["report"]["said"].is_object());
        eprintln!(
            "cast tick {n:>2}: {id:>8} {:<11} {:<10} {}",
            receipt["kind"].as_str().unwrap_or(""),
            receipt["turn"].as_str().unwrap_or(""),
            receipt["detail"].as_str().unwrap_or("")
        );
    }
    eprintln!("turns per member: {acted:?}; says: {said}");
    assert_eq!(acted.len(), 3, "every member acted: {acted:?}");
    assert!(acted.values().all(|n| *n >= 5), "{acted:?}");
    env.wis(&["cast", "--dir", dir, "check"]).ok();
    for home in &homes {
        env.wis_in(home, &["check"]).ok();
    }
    let log = env.wis(&["cast", "--dir", dir, "log", "-n", "6"]);
    eprintln!("{}", log.ok());
    let status = env.wis(&["cast", "--dir", dir, "status"]);
    eprintln!("{}", status.ok());
    walls.sort();
    eprintln!(
        "cast tick wall time: median {} ms, max {} ms",
        walls[walls.len() / 2],
        walls[walls.len() - 1]
    );
}

/// An associative rumination on the embedded model: offered an incubating failure, the reply
/// is read (the grammar caps the thought, so it cannot run on) and its plan recorded.
#[test]
fn an_associative_rumination_on_the_embedded_model() {
    let Some(model) = support::model::model() else {
        return;
    };
    let mut env = TestEnv::born();
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_LLM_MAX_TOKENS", "160");
    env.set("WIS_HEARTBEAT_RUMINATION_LANES", "true");
    env.edit_store(|tx| {
        use wis::base::store::SINGLETON_KEY;
        let musings = wis::wisdom::musing::Musings {
            count: 2,
            entries: Vec::new(),
        };
        tx.put(SINGLETON_KEY, &musings).unwrap();
        let incubation = wis::wisdom::incubation::Incubation {
            entries: vec![wis::wisdom::incubation::Entry {
                situation: "-|read the boiler manual".into(),
                failures: 2,
                tried: vec!["read_file `boiler.txt`".into()],
                first_tick: 1,
                last_tick: 2,
                opened_sleep: 1,
                revisits: 0,
                closed: None,
            }],
        };
        tx.put(SINGLETON_KEY, &incubation).unwrap();
    });
    let out = env.json(&["tick"]);
    eprintln!("{}", out["summary"]);
    assert_eq!(out["turn"], "rumination", "{out}");
    assert_eq!(out["lane"], "associative", "{out}");
    assert_ne!(
        out["fail_kind"], "parse_error",
        "the capped thought ends: {out}"
    );
    assert!(
        out["events"].to_string().contains("this came to mind"),
        "{out}"
    );
    env.wis(&["check"]).ok();
}
