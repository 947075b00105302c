//! The situation index: fixes, dead ends, what is left out, catch-up, similarity, the cap.

use super::*;
use crate::base::store::Read;
use crate::wisdom::recall::lookup::lookup;
use crate::wisdom::recall::situation::{SITUATION_CAP, Situation, SituationVector};
use crate::wisdom::recall::{IndexState, ledger};

fn situation(store: &Store, key: &str) -> Situation {
    store
        .read()
        .unwrap()
        .get::<Situation>(key)
        .unwrap()
        .unwrap()
}

#[test]
fn a_recovery_after_failures_is_the_verified_fix_and_the_failure_a_dead_end() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    assert_eq!(sync(&store), 3);
    let s = situation(&store, PUMP);
    let case = s.best_case().unwrap();
    assert_eq!(case.signature, "bash ss -ltnp");
    assert!(case.is_fix());
    assert_eq!(case.fixed_after, 2);
    assert_eq!(
        case.action.as_deref(),
        Some(r#"{"tool":"bash","args":{"command":"ss -ltnp"}}"#)
    );
    let dead: Vec<&str> = s.dead_ends().map(|t| t.signature.as_str()).collect();
    assert_eq!(dead, ["bash cat pump.conf"]);
    assert_eq!((s.episodes, s.open_failures), (3, 0));
}

#[test]
fn a_fix_that_fails_again_is_no_longer_a_case() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    push(&store, &[episode(4, PUMP, &bash("ss -ltnp"), false)]);
    sync(&store);
    let s = situation(&store, PUMP);
    assert!(s.best_case().is_none(), "{s:?}");
    assert_eq!(s.open_failures, 1);
}

#[test]
fn on_a_step_successes_in_a_row_that_advanced_nothing_are_a_rut_not_a_precedent() {
    let (_dir, store) = temp_store();
    let on_step = |tick: u64, advanced: bool| {
        let mut e = episode(tick, PUMP, &bash("touch hello.txt"), true);
        e.step = Some("write hello into greeting.txt".into());
        e.advanced.created = advanced;
        e
    };
    push(
        &store,
        &[on_step(1, true), on_step(2, false), on_step(3, false)],
    );
    sync(&store);
    assert!(
        situation(&store, PUMP).best_case().is_some(),
        "two idle tries"
    );
    push(&store, &[on_step(4, false)]);
    sync(&store);
    let s = situation(&store, PUMP);
    assert!(s.best_case().is_none(), "a rut is no case: {s:?}");
    assert_eq!(s.track("bash touch hello.txt").unwrap().idle, 3);
    push(&store, &[on_step(5, true)]);
    sync(&store);
    assert!(
        situation(&store, PUMP).best_case().is_some(),
        "it advanced again"
    );
}

#[test]
fn replies_unreadable_and_automated_outcomes_are_left_out() {
    let (_dir, store) = temp_store();
    let reply = Action::new("reply", json!({"text": "done"}));
    let mut automated = episode(2, PUMP, &bash("ss -ltnp"), true);
    automated.automated = true;
    let mut unreadable = episode(3, PUMP, &bash("x"), false);
    unreadable.tool = "unreadable".into();
    unreadable.signature = "unreadable".into();
    push(
        &store,
        &[episode(1, PUMP, &reply, true), automated, unreadable],
    );
    assert_eq!(sync(&store), 3, "all three were read");
    let rx = store.read().unwrap();
    assert!(rx.get::<Situation>(PUMP).unwrap().is_none());
    assert_eq!(rx.count::<SituationVector>().unwrap(), 0);
}

#[test]
fn each_sync_reads_only_what_was_recorded_since() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    assert_eq!(sync(&store), 3);
    push(&store, &[episode(4, PUMP, &bash("ss -ltnp"), true)]);
    assert_eq!(sync(&store), 1);
    let rx = store.read().unwrap();
    let pending = ledger::sync(&rx, &memory()).unwrap();
    assert!(!pending.changed() && pending.read == 0);
    let (state, _) = rx.singleton_or_default::<IndexState>().unwrap();
    assert_eq!(state.next_seq, 4);
    assert_eq!(
        situation(&store, PUMP)
            .track("bash ss -ltnp")
            .unwrap()
            .successes,
        2
    );
}

#[test]
fn similar_situations_are_found_by_vector_and_rank_below_the_same_one() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    push(
        &store,
        &[episode(4, "-|water the garden", &bash("water --all"), true)],
    );
    sync(&store);
    let rx = store.read().unwrap();
    let none = ledger::Pending::default();
    let near = lookup(&rx, &none, &memory(), "-|find the pump port again", true).unwrap();
    let case = &near.cases[0];
    assert_eq!(case.situation, PUMP);
    assert!(case.sim > 0.6 && case.sim < 1.0, "{}", case.sim);
    assert_eq!(near.similar[0].0, PUMP);

    let same = lookup(&rx, &none, &memory(), PUMP, false).unwrap();
    assert_eq!(same.cases[0].sim, 1.0);
    assert!(
        same.similar.is_empty(),
        "a tick need not scan past a case of its own"
    );
    assert_eq!(same.dead_ends[0].signature, "bash cat pump.conf");
}

#[test]
fn a_dry_sync_is_seen_through_without_writing() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    let rx = store.read().unwrap();
    let pending = ledger::sync(&rx, &memory()).unwrap();
    let found = lookup(&rx, &pending, &memory(), PUMP, true).unwrap();
    assert_eq!(found.cases[0].track.signature, "bash ss -ltnp");
    assert!(rx.get::<Situation>(PUMP).unwrap().is_none());
}

#[test]
fn past_the_cap_the_least_recently_seen_situations_go() {
    let (_dir, store) = temp_store();
    let n = SITUATION_CAP + 4;
    let eps: Vec<Episode> = (1..=n)
        .map(|t| episode(t, &format!("-|step {}", words(t)), &bash("true"), true))
        .collect();
    push(&store, &eps[..10]);
    sync(&store);
    push(&store, &eps[10..]);
    sync(&store);
    let rx = store.read().unwrap();
    assert_eq!(rx.count::<Situation>().unwrap(), SITUATION_CAP);
    assert_eq!(rx.count::<SituationVector>().unwrap(), SITUATION_CAP);
    let key = |t: u64| format!("-|step {}", words(t));
    for gone in 1..=4 {
        assert!(rx.get::<Situation>(&key(gone)).unwrap().is_none(), "{gone}");
    }
    assert!(rx.get::<Situation>(&key(5)).unwrap().is_some());
    assert!(rx.get::<Situation>(&key(n)).unwrap().is_some());
    let (state, _) = rx.singleton_or_default::<IndexState>().unwrap();
    assert_eq!(state.evicted, 4);
}

/// A distinct step text per number without digits (the situation key folds digit runs).
fn words(mut n: u64) -> String {
    let mut out = String::new();
    loop {
        out.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            return out;
        }
    }
}

#[test]
fn the_action_that_closed_the_step_is_the_case_before_a_fix_and_a_closing_reply_is_indexed() {
    use crate::creature::turns::Advanced;
    const TELL: &str = "-|tell me what todo.txt says";
    let (_dir, store) = temp_store();
    let read = Action::new("read_file", json!({"path": "todo.txt"}));
    let reply = Action::new("reply", json!({"text": "water the plants at noon"}));
    let chat = Action::new("reply", json!({"text": "hello"}));
    let mut failed = episode(
        1,
        TELL,
        &Action::new("read_file", json!({"path": "todo"})),
        false,
    );
    failed.step = Some("tell me what todo.txt says".into());
    let mut fix = episode(2, TELL, &read, true);
    fix.advanced = Advanced {
        first_success: true,
        ..Advanced::default()
    };
    let mut told = episode(3, TELL, &reply, true);
    told.advanced = Advanced {
        commission_closed: true,
        step_closed: true,
        ..Advanced::default()
    };
    let said = episode(4, TELL, &chat, true);
    let mut noted = episode(
        5,
        TELL,
        &Action::new("note_close", json!({"notebook": "plan", "number": 1})),
        true,
    );
    noted.advanced = told.advanced;
    push(&store, &[failed, fix, told, said, noted]);
    sync(&store);
    let s = situation(&store, TELL);
    assert!(
        s.track("reply hello").is_none(),
        "a reply that closed nothing is not judged"
    );
    let best = s.best_case().unwrap();
    assert_eq!(
        best.signature, "reply water the plants at noon",
        "{:#?}",
        s.tracks
    );
    assert_eq!(best.closes, 1);
    assert!(s.track("read_file todo.txt").unwrap().is_fix());
    assert_eq!(
        s.track("note_close notebook=plan number=#").unwrap().closes,
        0,
        "closing the note is bookkeeping, not the job"
    );
}
