//! The economy's rule, case by case: each way a success pays, each way it does not, and the
//! seen set's bound.

use serde_json::json;

use super::*;
use crate::base::config::Organs;
use crate::base::store::Store;
use crate::base::store::testing::temp_store;
use crate::creature::quest_book::{Active, QuestBook};
use crate::creature::{FailKind, Outcome};
use crate::world::files;
use crate::world::sandbox::Limits;

const HERE: &str = "-|look around";

fn born() -> (tempfile::TempDir, Store) {
    let (dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    tx.set(&Persona::newborn("X", 0)).unwrap();
    tx.commit().unwrap();
    (dir, store)
}

/// Pays `outcome` of `action` in `situation`, having closed `closed`, with no quest active;
/// the XP paid.
fn paid_closing(
    store: &Store,
    situation: &str,
    action: &Action,
    outcome: &Outcome,
    closed: Closed,
) -> u64 {
    let mut tx = store.write().unwrap();
    let (payment, _) = pay(
        &mut tx,
        situation,
        action,
        outcome,
        &Mark::default(),
        closed,
    )
    .unwrap();
    tx.commit().unwrap();
    payment.xp
}

/// Pays `outcome` of `action` in `situation`, closing nothing; the XP paid.
fn paid(store: &Store, situation: &str, action: &Action, outcome: &Outcome) -> u64 {
    paid_closing(store, situation, action, outcome, Closed::default())
}

/// Everything advanced at once.
fn all() -> Advanced {
    Advanced {
        step_closed: true,
        commission_closed: true,
        created: true,
        first_success: true,
        criterion_moved: true,
    }
}

fn xp(store: &Store) -> u64 {
    store.read().unwrap().singleton::<Persona>().unwrap().xp
}

#[test]
fn a_new_file_pays_and_rewriting_it_pays_only_as_a_first_success() {
    let (_dir, store) = born();
    let workspace = tempfile::tempdir().unwrap();
    let limits = Limits::from_organs(&Organs::default());
    let write = Action::new("write_file", json!({"path": "a.txt", "content": "hi"}));
    let first = files::write_file(workspace.path(), "a.txt", "hi", &limits);
    assert_eq!(first.effect, Effect::Created);
    assert_eq!(paid(&store, HERE, &write, &first), XP_PER_SUCCESS);
    let same = files::write_file(workspace.path(), "a.txt", "hi", &limits);
    assert_eq!(same.effect, Effect::Unchanged);
    assert_eq!(
        paid(&store, HERE, &write, &same),
        0,
        "the same action again"
    );
    let other = files::write_file(workspace.path(), "a.txt", "ho", &limits);
    assert_eq!(other.effect, Effect::Changed);
    assert_eq!(
        paid(&store, HERE, &write, &other),
        0,
        "a change, by the same signature"
    );
    let ho = Action::new("write_file", json!({"path": "a.txt", "content": "ho"}));
    assert_eq!(
        paid(&store, HERE, &ho, &other),
        XP_PER_SUCCESS,
        "a first success"
    );
    assert_eq!(xp(&store), 2);
}

#[test]
fn an_action_pays_once_per_situation_whatever_it_shows() {
    let (_dir, store) = born();
    let list = Action::new("note_list", json!({}));
    let read = Action::new("read_file", json!({"path": "a.txt"}));
    let seen = Outcome::ok("plan: 2 open, 0 done");
    assert_eq!(paid(&store, HERE, &list, &seen), 1, "first success here");
    for _ in 0..5 {
        assert_eq!(paid(&store, HERE, &list, &seen), 0, "merely ran");
    }
    let moved = Outcome::ok("plan: 1 open, 1 done");
    assert_eq!(
        paid(&store, HERE, &list, &moved),
        0,
        "a new output is no progress"
    );
    assert_eq!(
        paid(&store, "o2|elsewhere", &list, &seen),
        1,
        "a new situation"
    );
    assert_eq!(paid(&store, HERE, &read, &seen), 1, "another action");
    assert_eq!(xp(&store), 3);
}

#[test]
fn a_closed_step_or_commission_pays() {
    let (_dir, store) = born();
    let ls = Action::new("bash", json!({"command": "ls"}));
    let listed = Outcome::ok("a.txt");
    assert_eq!(paid(&store, HERE, &ls, &listed), 1);
    assert_eq!(paid(&store, HERE, &ls, &listed), 0);
    let step = Closed {
        step: true,
        commission: false,
        again: false,
    };
    assert_eq!(
        paid_closing(&store, HERE, &ls, &listed, step),
        1,
        "it closed the step"
    );
    let commission = Closed {
        step: false,
        commission: true,
        again: false,
    };
    assert_eq!(
        paid_closing(&store, HERE, &ls, &listed, commission),
        XP_PER_SUCCESS + XP_PER_COMMISSION
    );
    let failed = Outcome::fail(FailKind::NonzeroExit, "no");
    assert_eq!(
        paid_closing(&store, HERE, &ls, &failed, step),
        0,
        "a failure closes nothing"
    );
    let again = Closed {
        again: true,
        ..step
    };
    assert_eq!(
        paid_closing(&store, HERE, &ls, &listed, again),
        0,
        "a step done before and planned again closes and pays nothing"
    );
}

#[test]
fn a_note_already_open_pays_nothing_and_a_new_one_pays() {
    let (_dir, store) = born();
    let note = Action::new("note_append", json!({"notebook": "d", "text": "x"}));
    let noted = Outcome::ok("noted as d 1").with_effect(Effect::Created);
    assert_eq!(paid(&store, HERE, &note, &noted), 1);
    let again = Outcome::ok("d 1 already says that").with_effect(Effect::Unchanged);
    assert_eq!(paid(&store, HERE, &note, &again), 0);
    assert_eq!(
        paid(&store, HERE, &note, &noted),
        1,
        "a new note is created"
    );
}

#[test]
fn a_reply_pays_only_what_it_closed() {
    let (_dir, store) = born();
    let reply = Action::new(crate::creature::REPLY, json!({"text": "hello"}));
    let said = Outcome::ok("said").with_effect(Effect::Created);
    assert_eq!(paid(&store, HERE, &reply, &said), 0, "babble");
    let closed = Closed {
        step: true,
        commission: false,
        again: false,
    };
    assert_eq!(
        paid_closing(&store, HERE, &reply, &said, closed),
        1,
        "an answer"
    );
}

#[test]
fn a_completed_objective_pays_the_goal_with_the_success() {
    let (_dir, store) = born();
    let done = Action::new("objective_done", json!({"id": 1}));
    let outcome = Outcome::ok("objective 1 is done").with_effect(Effect::Changed);
    assert_eq!(
        paid(&store, HERE, &done, &outcome),
        XP_PER_SUCCESS + XP_PER_GOAL
    );
}

#[test]
fn a_moved_quest_criterion_is_progress() {
    let (_dir, store) = born();
    let mut tx = store.write().unwrap();
    tx.set(&QuestBook {
        active: Some(Active {
            id: "genesis-03".into(),
            issued_tick: 1,
            issued_sleep: 1,
            snapshot: vec![0.0],
            still_sleeps: 0,
        }),
        closed: Vec::new(),
    })
    .unwrap();
    let mut persona: Persona = tx.singleton().unwrap();
    let mark = Mark::take(&tx, &persona).unwrap();
    assert!(!mark.moved(&tx, &persona).unwrap());
    persona.goals_completed = 1;
    assert!(
        mark.moved(&tx, &persona).unwrap(),
        "objectives.completed moved"
    );
    assert!(!Mark::default().moved(&tx, &persona).unwrap(), "no quest");
    tx.set(&persona).unwrap();
    let list = Action::new("note_list", json!({}));
    let seen = Outcome::ok("no notebooks yet");
    seen::first_success(&mut tx, HERE, &action_signature(&list), &seen).unwrap();
    let (payment, advanced) = pay(&mut tx, HERE, &list, &seen, &mark, Closed::default()).unwrap();
    assert_eq!(payment.xp, 1, "a repeat that moved the quest pays");
    assert!(advanced.criterion_moved && !advanced.first_success);
}

#[test]
fn failure_pays_nothing_and_is_no_first_success() {
    let (_dir, store) = born();
    let bash = Action::new("bash", json!({"command": "false"}));
    let failed = Outcome::fail(FailKind::NonzeroExit, "x").with_effect(Effect::Created);
    assert_eq!(paid(&store, HERE, &bash, &failed), 0);
    let mut p = Persona::newborn("X", 0);
    assert_eq!(
        settle(&mut p, &failed, all(), XP_PER_GOAL),
        Payment::default()
    );
    assert_eq!(
        paid(&store, HERE, &bash, &Outcome::ok("x")),
        1,
        "its first success"
    );
}

#[test]
fn automated_outcomes_pay_nothing() {
    let mut p = Persona::newborn("X", 0);
    let mut auto = Outcome::ok("handled").with_effect(Effect::Created);
    auto.automated = true;
    assert_eq!(
        settle(&mut p, &auto, all(), XP_PER_GOAL),
        Payment::default()
    );
    assert_eq!(p.xp, 0);
    let (_dir, store) = born();
    let call = Action::new("bash", json!({"command": "ls"}));
    assert_eq!(paid(&store, HERE, &call, &auto), 0, "WIS2");
    let mut chosen = auto.clone();
    chosen.automated = false;
    assert_eq!(
        paid(&store, HERE, &call, &chosen),
        1,
        "the model's own creation"
    );
}

#[test]
fn automated_outcomes_move_no_evidence_no_trust_no_bets() {
    let mut auto = Outcome::ok("handled");
    auto.automated = true;
    let none = credit(&auto);
    assert!(!none.evidence, "WIS2: no quest or unit evidence");
    assert!(!none.trust, "WIS2: no skill trust");
    assert!(!none.bets, "WIS2: no bets settled");
    let all = credit(&Outcome::ok("chosen"));
    assert!(all.evidence && all.trust && all.bets);
}

#[test]
fn level_up_is_reported() {
    let mut p = Persona::newborn("X", 0);
    p.xp = 9;
    let new = advanced(&Outcome::ok(""), Closed::default(), true);
    assert!(settle(&mut p, &Outcome::ok(""), new, 0).level_up);
    let mut q = Persona::newborn("X", 0);
    q.xp = 9;
    let repeat = advanced(&Outcome::ok(""), Closed::default(), false);
    assert_eq!(
        settle(&mut q, &Outcome::ok(""), repeat, 0),
        Payment::default()
    );
    assert_eq!(q.xp, 9);
}

#[test]
fn the_seen_set_is_capped_oldest_first() {
    let (_dir, store) = born();
    let mut tx = store.write().unwrap();
    let ok = Outcome::ok("x");
    assert!(seen::first_success(&mut tx, HERE, "bash 0", &ok).unwrap());
    for n in 1..=seen::SEEN_CAP {
        assert!(seen::first_success(&mut tx, HERE, &format!("bash {n}"), &ok).unwrap());
    }
    let book: seen::Observations = tx.singleton().unwrap();
    assert_eq!(book.seen.len(), seen::SEEN_CAP);
    let last = format!("bash {}", seen::SEEN_CAP);
    assert!(!seen::first_success(&mut tx, HERE, &last, &ok).unwrap());
    assert!(
        seen::first_success(&mut tx, HERE, "bash 0", &ok).unwrap(),
        "the oldest was forgotten"
    );
    assert!(
        !seen::first_success(&mut tx, "x", "y", &Outcome::fail(FailKind::NotFound, "")).unwrap()
    );
    assert_ne!(
        seen::pair("a", "bc"),
        seen::pair("ab", "c"),
        "the parts are kept apart"
    );
}
