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

/// Pays `outcome` of `action` in `situation` with no quest active; the XP paid.
fn paid(store: &Store, situation: &str, action: &Action, outcome: &Outcome) -> u64 {
    let mut tx = store.write().unwrap();
    let payment = pay(&mut tx, situation, action, outcome, &Mark::default()).unwrap();
    tx.commit().unwrap();
    payment.xp
}

fn xp(store: &Store) -> u64 {
    store.read().unwrap().singleton::<Persona>().unwrap().xp
}

#[test]
fn a_changed_file_pays_and_an_identical_rewrite_does_not() {
    let (_dir, store) = born();
    let workspace = tempfile::tempdir().unwrap();
    let limits = Limits::from_organs(&Organs::default());
    let write = Action::new("write_file", json!({"path": "a.txt", "content": "hi"}));
    let first = files::write_file(workspace.path(), "a.txt", "hi", &limits);
    assert_eq!(first.effect, Effect::Changed);
    assert_eq!(paid(&store, HERE, &write, &first), XP_PER_SUCCESS);
    let same = files::write_file(workspace.path(), "a.txt", "hi", &limits);
    assert_eq!(same.effect, Effect::Unchanged);
    assert_eq!(paid(&store, HERE, &write, &same), 0, "identical content");
    assert_eq!(
        paid(&store, "o1|elsewhere", &write, &same),
        0,
        "even elsewhere"
    );
    let other = files::write_file(workspace.path(), "a.txt", "ho", &limits);
    assert_eq!(other.effect, Effect::Changed);
    assert_eq!(paid(&store, HERE, &write, &other), XP_PER_SUCCESS);
    assert_eq!(xp(&store), 2);
}

#[test]
fn a_new_observation_pays_once_per_situation_and_action() {
    let (_dir, store) = born();
    let list = Action::new("note_list", json!({}));
    let read = Action::new("read_file", json!({"path": "a.txt"}));
    let seen = Outcome::ok("plan: 2 open, 0 done");
    assert_eq!(seen.effect, Effect::Unsaid);
    assert_eq!(paid(&store, HERE, &list, &seen), 1, "new");
    for _ in 0..5 {
        assert_eq!(paid(&store, HERE, &list, &seen), 0, "repeated observation");
    }
    let moved = Outcome::ok("plan: 1 open, 1 done");
    assert_eq!(paid(&store, HERE, &list, &moved), 1, "a new output");
    assert_eq!(
        paid(&store, "o2|elsewhere", &list, &seen),
        1,
        "a new situation"
    );
    assert_eq!(paid(&store, HERE, &read, &seen), 1, "another action");
    assert_eq!(xp(&store), 4);
}

#[test]
fn a_closed_plan_step_pays_and_closing_it_again_does_not() {
    let (_dir, store) = born();
    let close = Action::new("note_close", json!({"notebook": "plan", "number": 1}));
    let closed = Outcome::ok("plan 1 done").with_effect(Effect::StepClosed);
    let progress = Progress::of(&closed, false);
    assert!(progress.step_closed && progress.changed && progress.any());
    assert_eq!(paid(&store, HERE, &close, &closed), 1);
    let again = Outcome::ok("plan 1 was already done").with_effect(Effect::Unchanged);
    assert!(!Progress::of(&again, true).any());
    assert_eq!(paid(&store, HERE, &close, &again), 0);
}

#[test]
fn a_store_change_pays_even_with_an_output_seen_before() {
    let (_dir, store) = born();
    let note = Action::new("note_append", json!({"notebook": "d", "text": "x"}));
    let noted = Outcome::ok("noted as d 1").with_effect(Effect::Changed);
    assert_eq!(paid(&store, HERE, &note, &noted), 1);
    assert_eq!(
        paid(&store, HERE, &note, &noted),
        1,
        "the store changed again"
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
    seen::observe(&mut tx, HERE, &action_signature(&list), &seen).unwrap();
    let payment = pay(&mut tx, HERE, &list, &seen, &mark).unwrap();
    assert_eq!(payment.xp, 1, "a repeat that moved the quest pays");
}

#[test]
fn failure_pays_nothing_and_is_not_seen() {
    let (_dir, store) = born();
    let bash = Action::new("bash", json!({"command": "false"}));
    let failed = Outcome::fail(FailKind::NonzeroExit, "x").with_effect(Effect::Changed);
    assert_eq!(paid(&store, HERE, &bash, &failed), 0);
    let mut p = Persona::newborn("X", 0);
    let all = Progress {
        changed: true,
        step_closed: true,
        new_observation: true,
        criterion_moved: true,
    };
    assert_eq!(
        settle(&mut p, &failed, all, XP_PER_GOAL),
        Payment::default()
    );
    assert_eq!(paid(&store, HERE, &bash, &Outcome::ok("x")), 1, "x is new");
}

#[test]
fn automated_outcomes_pay_nothing() {
    let mut p = Persona::newborn("X", 0);
    let mut auto = Outcome::ok("handled").with_effect(Effect::Changed);
    auto.automated = true;
    let all = Progress {
        changed: true,
        step_closed: true,
        new_observation: true,
        criterion_moved: true,
    };
    assert_eq!(settle(&mut p, &auto, all, XP_PER_GOAL), Payment::default());
    assert_eq!(p.xp, 0);
    let (_dir, store) = born();
    let call = Action::new("bash", json!({"command": "ls"}));
    assert_eq!(
        paid(&store, HERE, &call, &auto),
        0,
        "WIS2, new output or not"
    );
    let mut chosen = auto.clone();
    chosen.automated = false;
    assert_eq!(
        paid(&store, HERE, &call, &chosen),
        1,
        "the model's own change"
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
    let new = Progress::of(&Outcome::ok(""), true);
    assert!(settle(&mut p, &Outcome::ok(""), new, 0).level_up);
    let mut q = Persona::newborn("X", 0);
    q.xp = 9;
    let repeat = Progress::of(&Outcome::ok(""), false);
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
    let first = Outcome::ok("0");
    assert!(seen::observe(&mut tx, HERE, "bash x", &first).unwrap());
    for n in 1..=seen::SEEN_CAP {
        let o = Outcome::ok(n.to_string());
        assert!(seen::observe(&mut tx, HERE, "bash x", &o).unwrap());
    }
    let book: seen::Observations = tx.singleton().unwrap();
    assert_eq!(book.seen.len(), seen::SEEN_CAP);
    let last = Outcome::ok(seen::SEEN_CAP.to_string());
    assert!(!seen::observe(&mut tx, HERE, "bash x", &last).unwrap());
    assert!(
        seen::observe(&mut tx, HERE, "bash x", &first).unwrap(),
        "the oldest was forgotten"
    );
    assert_ne!(
        seen::triple("a", "b", "c"),
        seen::triple("a", "bc", ""),
        "the parts are kept apart"
    );
}
