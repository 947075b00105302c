//! Distillation over a lived ledger: failures become scars, a failure and its fix a guardrail
//! naming both episodes and the fix's signature, the actions that closed a step a procedure,
//! first reads facts (a newer reading superseding the older), grants facts; nothing is made
//! twice, and a second sleep reads only what is new.

use serde_json::json;

use super::*;
use crate::base::store::testing::temp_store;
use crate::creature::news::{self, NewsKind};
use crate::creature::turns::Advanced;
use crate::creature::{Action, FailKind};
use crate::memory::Memory;
use crate::wisdom::episodes::{Episode, action_signature};

fn memory() -> Memory {
    Memory::from_config(&crate::base::config::Config::default().embed).unwrap()
}

fn ep(step: &str, action: Action, ok: bool, seen: &str, advanced: Advanced) -> Episode {
    let situation = crate::wisdom::episodes::situation_key(None, Some(step));
    Episode {
        tick: 0,
        at: 0,
        situation,
        tool: action.tool.clone(),
        signature: action_signature(&action),
        action: action.to_json(),
        fail_kind: if ok { FailKind::Ok } else { FailKind::NotFound },
        success: ok,
        automated: false,
        summary: format!(
            "{} -> {}{seen}",
            action.brief(60),
            if ok { "ok: " } else { "not_found: " }
        ),
        duration_ms: 1,
        advanced,
        step: Some(step.to_string()),
    }
}

fn first() -> Advanced {
    Advanced {
        first_success: true,
        ..Advanced::default()
    }
}

fn closed() -> Advanced {
    Advanced {
        step_closed: true,
        first_success: true,
        ..Advanced::default()
    }
}

fn bodies(rx: &impl Read) -> Vec<(Kind, String, Vec<String>)> {
    crate::memory::list(rx, &crate::memory::Filter::active(), 100)
        .unwrap()
        .into_iter()
        .map(|e| (e.kind, e.body, e.sources))
        .collect()
}

#[test]
fn a_failure_then_its_fix_becomes_a_scar_and_a_guardrail() {
    let (_d, store) = temp_store();
    let m = memory();
    let step = "find the pump port";
    let cat = Action::new("bash", json!({"command": "cat pump.conf"}));
    let notes = Action::new("read_file", json!({"path": "notes/pump.txt"}));
    let mut tx = store.write().unwrap();
    for _ in 0..3 {
        tx.push(&ep(
            step,
            cat.clone(),
            false,
            "no such file",
            Advanced::default(),
        ))
        .unwrap();
    }
    tx.push(&ep(
        step,
        notes.clone(),
        true,
        "the pump listens on 8731",
        closed(),
    ))
    .unwrap();
    let made = distill(&mut tx, &m, 10, &SleepTicks::new()).unwrap();
    assert_eq!(
        (made.scars, made.guardrails, made.facts),
        (1, 1, 1),
        "{made:?}"
    );
    assert_eq!(
        made.refreshed, 2,
        "the same failure twice more refreshes its scar"
    );
    let all = bodies(&tx);
    let scar = all.iter().find(|(k, ..)| *k == Kind::Scar).unwrap();
    assert_eq!(
        scar.1,
        "In \"find the pump port\": bash `cat pump.conf` failed (not_found): no such file"
    );
    assert_eq!(scar.2, ["episode:0", "episode:1", "episode:2"]);
    let guard = all.iter().find(|(k, ..)| *k == Kind::Strategy).unwrap();
    assert_eq!(
        guard.1,
        "In \"find the pump port\": do read_file `notes/pump.txt`, not bash `cat pump.conf` (it failed: not_found)"
    );
    assert!(
        guard.2.contains(&"episode:0".to_string()) && guard.2.contains(&"episode:3".to_string())
    );
    assert!(
        guard
            .2
            .contains(&format!("signature:{}", action_signature(&notes)))
    );
    assert!(guard.2.iter().any(|s| s.starts_with("action:{")));
    let fact = all.iter().find(|(k, ..)| *k == Kind::Fact).unwrap();
    assert_eq!(fact.1, "notes/pump.txt says: the pump listens on 8731");
    // Nothing new: nothing made.
    let again = distill(&mut tx, &m, 11, &SleepTicks::new()).unwrap();
    assert_eq!((again.episodes, again.memories.len()), (0, 0));
}

#[test]
fn the_actions_that_closed_a_step_become_a_procedure() {
    let (_d, store) = temp_store();
    let m = memory();
    let step = "tell the keeper what notes.txt says";
    let read = Action::new("read_file", json!({"path": "notes.txt"}));
    let reply = Action::new("reply", json!({"text": "blue"}));
    let mut tx = store.write().unwrap();
    tx.push(&ep(step, read, true, "the sky is blue", first()))
        .unwrap();
    tx.push(&ep(step, reply, true, "said", closed())).unwrap();
    let made = distill(&mut tx, &m, 5, &SleepTicks::new()).unwrap();
    assert_eq!((made.procedures, made.facts), (1, 1), "{made:?}");
    let proc_ = bodies(&tx)
        .into_iter()
        .find(|(k, ..)| *k == Kind::Procedure)
        .unwrap();
    assert_eq!(
        proc_.1,
        "To \"tell the keeper what notes.txt says\": read_file `notes.txt`, then reply \"blue\""
    );
    assert!(proc_.2.iter().any(|s| s.starts_with("signature:read_file")));
}

#[test]
fn a_newer_reading_supersedes_and_grants_become_statements() {
    let (_d, store) = temp_store();
    let m = memory();
    let read = Action::new("read_file", json!({"path": "a.txt"}));
    let mut tx = store.write().unwrap();
    tx.push(&ep("read a.txt", read.clone(), true, "one", first()))
        .unwrap();
    news::post(&mut tx, 7, 0, NewsKind::Grant, "U1", "granted").unwrap();
    news::post(&mut tx, 9, 0, NewsKind::Grant, "U2", "granted").unwrap();
    // The second grant came at the first sleep, taken at tick 9.
    let made = distill(&mut tx, &m, 5, &SleepTicks::from([(9, 1)])).unwrap();
    assert_eq!(made.facts, 3);
    tx.push(&ep("read a.txt again", read, true, "two", first()))
        .unwrap();
    let made = distill(&mut tx, &m, 6, &SleepTicks::new()).unwrap();
    assert_eq!((made.facts, made.superseded), (1, 1));
    let active: Vec<String> = bodies(&tx)
        .into_iter()
        .filter(|(k, ..)| *k == Kind::Fact)
        .map(|(_, b, _)| b)
        .collect();
    assert!(
        active.contains(&"a.txt says: two".to_string()),
        "{active:?}"
    );
    assert!(
        !active.contains(&"a.txt says: one".to_string()),
        "{active:?}"
    );
    assert!(
        active.contains(
            &"At tick 7 you were granted U1 memory, the tools memorize, recall, heirlooms"
                .to_string()
        ),
        "{active:?}"
    );
    let at_sleep = active
        .iter()
        .find(|b| b.contains("U2"))
        .expect("the second grant");
    assert!(
        at_sleep.starts_with(
            "At tick 9, at your first sleep, you were granted U2 skillcraft, the tools create_skill"
        ),
        "{at_sleep}"
    );
    // Asked the way the lived battery asks, recall finds it above the prose floor.
    let found = crate::wisdom::recall::prose::known(
        &tx,
        &m,
        "Which tools were you granted at your first sleep? Name them.",
        usize::MAX,
    )
    .unwrap();
    assert!(found.iter().any(|k| k.body == *at_sleep), "{found:?}");
}

#[test]
fn what_merely_ran_and_what_a_reflex_did_make_nothing() {
    let (_d, store) = temp_store();
    let m = memory();
    let ls = Action::new("bash", json!({"command": "ls"}));
    let mut tx = store.write().unwrap();
    tx.push(&ep("look", ls.clone(), true, "a.txt", Advanced::default()))
        .unwrap();
    let mut auto = ep("look", ls, false, "gone", Advanced::default());
    auto.automated = true;
    tx.push(&auto).unwrap();
    let made = distill(&mut tx, &m, 5, &SleepTicks::new()).unwrap();
    assert_eq!(made.episodes, 2);
    assert!(made.memories.is_empty(), "{made:?}");
}

#[test]
fn one_sleep_makes_at_most_its_budget_and_the_next_goes_on() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    // Situations and signatures forget numbers, so each is told apart by letters.
    let word = |i: usize| {
        format!(
            "{}{}",
            (b'a' + (i / 26) as u8) as char,
            (b'a' + (i % 26) as u8) as char
        )
    };
    for i in 0..(ITEMS_PER_SLEEP + 10) {
        let cmd = Action::new("bash", json!({"command": format!("missing{}", word(i))}));
        tx.push(&ep(
            &format!("try {}", word(i)),
            cmd,
            false,
            "no",
            Advanced::default(),
        ))
        .unwrap();
    }
    let first = distill(&mut tx, &m, 1, &SleepTicks::new()).unwrap();
    assert!(
        first.stopped && first.scars as usize == ITEMS_PER_SLEEP,
        "{first:?}"
    );
    let second = distill(&mut tx, &m, 2, &SleepTicks::new()).unwrap();
    assert_eq!(second.scars, 10);
    assert!(!second.stopped);
}

#[test]
fn a_guardrail_replay_could_not_teach_with_is_written_again_in_the_action_form_once() {
    let (_d, store) = temp_store();
    let m = memory();
    let step = "find the pump port";
    let cat = Action::new("bash", json!({"command": "cat pump.conf"}));
    let notes = Action::new("read_file", json!({"path": "notes/pump.txt"}));
    let mut tx = store.write().unwrap();
    tx.push(&ep(step, cat, false, "no such file", Advanced::default()))
        .unwrap();
    tx.push(&ep(step, notes.clone(), true, "8731", closed()))
        .unwrap();
    distill(&mut tx, &m, 10, &SleepTicks::new()).unwrap();
    let guard = crate::memory::list(&tx, &crate::memory::Filter::active(), 100)
        .unwrap()
        .into_iter()
        .find(|e| e.kind == Kind::Strategy)
        .unwrap();
    let record = |redistill: Vec<EngramId>| ReplayRecord {
        at: 0,
        tick: 2,
        sleep: Some(1),
        seed: 0,
        batch: 1,
        replayable: 1,
        learned: 0,
        unlearned: 1,
        divergent: 0,
        malformed: 0,
        skipped: 0,
        skipped_why: None,
        items: Vec::new(),
        skips: Vec::new(),
        redistill,
    };
    tx.push(&record(vec![guard.id])).unwrap();
    let made = distill(&mut tx, &m, 20, &SleepTicks::new()).unwrap();
    assert_eq!(made.redistilled, 1, "{made:?}");
    assert!(made.line().contains("1 redistilled after replay"));
    let old = crate::memory::get(&tx, guard.id).unwrap().unwrap();
    assert_eq!(old.tier, Tier::Archive, "the old wording is archived");
    let fresh = crate::memory::get(&tx, made.memories[0]).unwrap().unwrap();
    assert_eq!(
        fresh.body,
        format!(
            "In \"find the pump port\": {} worked; not bash `cat pump.conf` (it failed: not_found)",
            notes.to_json()
        )
    );
    assert!(fresh.sources.contains(&format!("redistilled:{}", guard.id)));
    assert_eq!(
        crate::wisdom::recall::bets::recommends(&fresh).as_deref(),
        Some(action_signature(&notes).as_str()),
        "it still names the fix, so its bets settle"
    );
    // Unlearned again: curation's to judge, not written a third time.
    tx.push(&record(vec![fresh.id])).unwrap();
    assert_eq!(
        distill(&mut tx, &m, 30, &SleepTicks::new())
            .unwrap()
            .redistilled,
        0
    );
}

#[test]
fn a_quoted_reply_is_kept_whole_or_cut_at_a_word_never_inside_one() {
    let answer = "The notes.txt says: the spare key is under the blue flowerpot";
    assert_eq!(super::quote(answer, super::REPLY_CHARS), answer);
    assert_eq!(
        super::quote("under the blue\n flowerpot", 20),
        "under the blue…",
        "not `under the blue flowe`"
    );
    assert_eq!(super::quote("abcdefgh", 4), "abcd…");
}

/// A later reading of the same file, first success or not, is the world's witness on the fact
/// it made; an inherited fact about a file this creature reads otherwise is demoted, saying what
/// the reading showed.
#[test]
fn a_reading_again_confirms_a_fact_and_contradicts_an_inherited_one() {
    let (_d, store) = temp_store();
    let m = memory();
    let read = Action::new("read_file", json!({"path": "a.txt"}));
    let pump = Action::new("read_file", json!({"path": "pump.txt"}));
    let mut tx = store.write().unwrap();
    let inherited = m
        .remember(
            &mut tx,
            NewEngram::new(
                Kind::Fact,
                "pump.txt says: port 8731",
                Provenance::Inherited,
            ),
            1,
        )
        .unwrap();
    tx.push(&ep("read a.txt", read.clone(), true, "one", first()))
        .unwrap();
    let made = distill(&mut tx, &m, 5, &SleepTicks::new()).unwrap();
    assert_eq!(
        (made.facts, made.confirmed),
        (1, 0),
        "its own reading is no witness"
    );
    let mut again = ep("read a.txt", read, true, "one", Advanced::default());
    again.tick = 9;
    tx.push(&again).unwrap();
    let mut other = ep("find the port", pump, true, "port 9000", first());
    other.tick = 12;
    tx.push(&other).unwrap();
    let made = distill(&mut tx, &m, 6, &SleepTicks::new()).unwrap();
    assert_eq!((made.confirmed, made.contradicted), (1, 1), "{made:?}");
    assert!(
        made.line()
            .ends_with("; 1 read again unchanged, 1 inherited contradicted here"),
        "{}",
        made.line()
    );
    let facts = bodies(&tx);
    assert!(facts.iter().any(|(_, b, _)| b == "a.txt says: one"));
    assert!(
        facts
            .iter()
            .any(|(_, b, _)| b == "pump.txt says: port 9000")
    );
    let gone = crate::memory::get(&tx, inherited).unwrap().unwrap();
    assert_eq!(
        gone.fate.archived.unwrap().line(),
        "contradicted by the read at tick 12: pump.txt says: port 9000"
    );
    let confirmed = crate::memory::list(&tx, &crate::memory::Filter::active(), 100)
        .unwrap()
        .into_iter()
        .find(|e| e.body == "a.txt says: one")
        .unwrap();
    assert_eq!(
        confirmed.fate.witnessed[0].said,
        "read again at tick 9, unchanged"
    );
}
