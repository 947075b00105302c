//! Organs that answer late: an earned sense whose organ is silent is held PENDING (and `wis
//! unlock list` says why); once the organ answers, the next adjudication grants it, whether
//! that is `wis unlock grant` or the boundary after a tick's outcome. The operator's authority.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;
use wis::base::store::Read;
use wis::creature::quest_book::{Closed, QuestBook, Verdict};
use wis::creature::{Persona, UnitId, UnitState, Unlocks};

use super::harness::{Life, THOUGHT, call, config, policy};
use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};

/// An organ server whose `/v1/models` answers only while `up` is set.
fn organ(up: Arc<AtomicBool>) -> FakeOpenAi {
    FakeOpenAi::builder()
        .route("GET", "/v1/models", move |_| {
            if up.load(Ordering::SeqCst) {
                Answer::json(200, json!({"object": "list", "data": [{"id": "organ"}]}))
            } else {
                Answer::status(503, "warming up")
            }
        })
        .start()
}

/// Two sleeps taken (each with a consolidation report) and a quest passed: the senses are
/// earned.
fn earn_the_senses(tx: &mut wis::base::store::Tx<'_>) {
    let mut p: Persona = tx.singleton().unwrap();
    p.sleeps = 2;
    tx.set(&p).unwrap();
    let mut memory = wis::memory::MemoryState::load(&*tx).unwrap();
    memory.consolidations = 2;
    memory.save(tx).unwrap();
    let mut book = QuestBook::default();
    book.close(Closed {
        id: "genesis-01".into(),
        issued_tick: 0,
        closed_tick: 0,
        closed_sleep: 1,
        verdict: Verdict::Passed,
        evidence: "skills.live >= 1: skills.live = 1".into(),
    });
    tx.set(&book).unwrap();
}

#[test]
fn a_silent_organ_holds_its_unit_pending_until_it_answers() {
    let sight = FakeOpenAi::builder().start();
    let voice_up = Arc::new(AtomicBool::new(false));
    let voice = organ(voice_up.clone());
    let mut env = TestEnv::born();
    env.set("WIS_ORGANS_VISION_URL", &sight.url());
    env.set("WIS_ORGANS_SPEAK_URL", &voice.url());
    env.edit_store(earn_the_senses);
    let out = env.wis(&["unlock", "grant"]).ok().to_string();
    assert!(out.contains("granted U1 memory"), "{out}");
    assert!(out.contains("granted U4a sight"), "{out}");
    assert!(
        out.contains("U4b voice held pending: the voice organ is silent"),
        "{out}"
    );
    assert!(out.contains("HTTP 503"), "{out}");

    let list = env
        .wis(&["unlock", "list", "--output-format", "json"])
        .json();
    let u4b = list
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["unit"] == "U4b")
        .unwrap();
    assert_eq!(u4b["state"], "pending");
    assert!(u4b["held"].as_str().unwrap().contains("503"), "{u4b}");
    assert_eq!(
        list.as_array()
            .unwrap()
            .iter()
            .find(|u| u["unit"] == "U5")
            .unwrap()["state"],
        "locked"
    );
    let text = env.wis(&["unlock", "list"]).ok().to_string();
    assert!(
        text.contains("pending") && text.contains("held: the voice organ is silent"),
        "{text}"
    );
    assert!(
        text.contains("earned by the issue of quest genesis-03"),
        "{text}"
    );

    let again = env.wis(&["unlock", "grant"]).ok().to_string();
    assert_eq!(
        again.trim(),
        "nothing new is earned",
        "idempotent while still silent"
    );

    voice_up.store(true, Ordering::SeqCst);
    let out = env.wis(&["unlock", "grant"]).ok().to_string();
    assert_eq!(out.trim(), "granted U4b voice");
    let again = env.wis(&["unlock", "grant"]).ok().to_string();
    assert_eq!(again.trim(), "nothing new is earned");

    let news = env
        .wis(&["news", "--output-format", "json"])
        .ok()
        .to_string();
    let items: Vec<serde_json::Value> = news
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let about_voice: Vec<&str> = items
        .iter()
        .filter(|n| n["subject"] == "U4b")
        .map(|n| n["kind"].as_str().unwrap())
        .collect();
    assert_eq!(about_voice, ["held", "grant"]);
    env.wis(&["check"]).ok();
}

#[test]
fn the_operator_grants_by_name_and_is_recorded_as_such() {
    let env = TestEnv::born();
    let out = env
        .wis(&["unlock", "grant", "U6", "--operator"])
        .ok()
        .to_string();
    assert_eq!(out.trim(), "granted U6 workshop");
    let list = env
        .wis(&["unlock", "list", "--output-format", "json"])
        .json();
    let u6 = list
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["unit"] == "U6")
        .unwrap();
    assert_eq!(
        (u6["state"].as_str(), u6["by"].as_str()),
        (Some("granted"), Some("operator"))
    );
    assert_eq!(u6["evidence"], "granted on the operator's authority");
    let news = env.wis(&["news"]).ok().to_string();
    assert!(news.contains("U6 workshop granted by operator"), "{news}");
    let again = env
        .wis(&["unlock", "grant", "U6", "--operator"])
        .ok()
        .to_string();
    assert_eq!(again.trim(), "U6 workshop was already granted");

    env.wis(&["unlock", "grant", "U6"]).code(64);
    let bad = env.wis(&["unlock", "grant", "U9", "--operator"]);
    bad.code(64);
    assert!(bad.stderr.contains("U4a"), "{}", bad.stderr);
    // An organ is asked even on the operator's word.
    let out = env
        .wis(&["unlock", "grant", "U4b", "--operator"])
        .ok()
        .to_string();
    assert!(
        out.contains("held pending") && out.contains("no [organs] speak_url"),
        "{out}"
    );
}

#[test]
fn the_boundary_after_an_outcome_grants_once_the_organ_answers() {
    let voice_up = Arc::new(AtomicBool::new(false));
    let voice = organ(voice_up.clone());
    let mut config = config();
    config.organs.speak_url = Some(voice.url());
    let offered = Rc::new(RefCell::new(Vec::<String>::new()));
    let seen = offered.clone();
    let mut life = Life::born(
        config,
        policy(move |_, names| match names {
            None => THOUGHT.to_string(),
            Some(names) => {
                *seen.borrow_mut() = names;
                call("check_tools", json!({}))
            }
        }),
    );
    life.tick();
    life.write(earn_the_senses);
    let report = life.tick();
    assert!(
        report
            .events
            .iter()
            .any(|e| e.starts_with("U4b voice held pending")),
        "{:?}",
        report.events
    );
    let unlocks: Unlocks = life.read(|rx| rx.singleton().unwrap());
    assert_eq!(unlocks.units[&UnitId::U4b].state, UnitState::Pending);
    assert_eq!(
        unlocks.units[&UnitId::U4a].state,
        UnitState::Pending,
        "no sight is configured"
    );
    assert!(
        life.tick().events.is_empty(),
        "held again for the same reason: no news"
    );
    assert!(!offered.borrow().iter().any(|n| n == "speak"));

    voice_up.store(true, Ordering::SeqCst);
    let report = life.tick();
    assert_eq!(report.events, ["granted U4b voice"]);
    assert!(
        !offered.borrow().iter().any(|n| n == "speak"),
        "not within the granting tick"
    );
    life.tick();
    assert!(
        offered.borrow().iter().any(|n| n == "speak"),
        "the next tick's schema has it"
    );
}
