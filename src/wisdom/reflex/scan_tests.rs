//! The promotion scan's rules, over a temporary store: what counts toward a streak (WIS1,
//! WIS2), what resets it, when a demoted reflex may come back, auto-arming within the cap, and
//! that a scan reads only what is new.

use crate::base::config::Wisdom;
use crate::base::store::testing::temp_store;
use crate::base::store::{Read, Store};
use crate::creature::FailKind;
use crate::wisdom::episodes::Episode;

use super::{ScanReport, scan};
use crate::wisdom::reflex::{Reflex, Status, registry};

const READ: &str = r#"{"tool":"read_file","args":{"path":"notes/pump.txt"}}"#;

fn episode(situation: &str, success: bool, automated: bool, tool: &str) -> Episode {
    Episode {
        tick: 0,
        at: 0,
        situation: situation.into(),
        tool: tool.into(),
        signature: format!("{tool} notes/pump.txt"),
        action: READ.into(),
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NotFound
        },
        success,
        automated,
        summary: String::new(),
        duration_ms: 0,
        // Each success closed its step: real progress, the kind a streak counts.
        advanced: crate::creature::turns::Advanced {
            step_closed: success,
            ..Default::default()
        },
        step: None,
    }
}

/// Pushes episodes at consecutive ticks (from the ring's next sequence number).
fn push(store: &Store, episodes: &[Episode]) {
    let mut tx = store.write().unwrap();
    let start = tx.ring_next::<Episode>().unwrap();
    for (i, e) in episodes.iter().enumerate() {
        let mut e = e.clone();
        e.tick = start + i as u64 + 1;
        tx.push(&e).unwrap();
    }
    tx.commit().unwrap();
}

fn run(store: &Store, wisdom: &Wisdom) -> ScanReport {
    let mut tx = store.write().unwrap();
    let report = scan(&mut tx, wisdom, 100, 0, false).unwrap();
    tx.commit().unwrap();
    report
}

fn ok() -> Episode {
    episode("-|s", true, false, "read_file")
}

/// The rut the 270M fell into ("list the files here → note_append hi", 39% of ticks "below the
/// model") must be impossible: successes that advanced nothing are no streak.
#[test]
fn a_rut_of_successes_that_advance_nothing_never_becomes_a_reflex() {
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    let mut rut = ok();
    rut.advanced = Default::default();
    push(&store, &vec![rut.clone(); 12]);
    assert!(
        run(&store, &w).proposed.is_empty(),
        "twelve repeats, no progress"
    );
    push(&store, &[ok(), rut.clone(), ok(), rut, ok(), ok()]);
    assert!(
        run(&store, &w).proposed.is_empty(),
        "four real ones, the rut passed over"
    );
    push(&store, &[ok()]);
    assert_eq!(run(&store, &w).proposed, ["r1"], "the fifth that advanced");
}

/// On a step, making something that is not the step (a note appended under "find what you
/// know about the backup script", seen in a 300-tick life on the 270M) is progress but not
/// the step done: only an action that closed the step counts toward a reflex.
#[test]
fn on_a_step_only_actions_that_closed_it_make_a_streak() {
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    let on_step = |closed: bool| {
        let mut e = ok();
        e.step = Some("find what you know about the backup script".into());
        e.advanced = crate::creature::turns::Advanced {
            step_closed: closed,
            created: !closed,
            ..Default::default()
        };
        e
    };
    push(&store, &vec![on_step(false); 6]);
    assert!(
        run(&store, &w).proposed.is_empty(),
        "made a note, not the step"
    );
    push(&store, &vec![on_step(true); 5]);
    assert_eq!(run(&store, &w).proposed, ["r1"]);
}

#[test]
fn automated_and_reply_outcomes_never_count_and_a_failure_resets() {
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    let auto = episode("-|s", true, true, "read_file");
    let reply = episode("-|s", true, false, "reply");
    push(
        &store,
        &[ok(), auto.clone(), auto.clone(), auto, reply, ok(), ok()],
    );
    assert!(run(&store, &w).proposed.is_empty(), "3 chosen successes");
    let fail = episode("-|s", false, false, "read_file");
    push(&store, &[fail, ok(), ok(), ok(), ok()]);
    let report = run(&store, &w);
    assert_eq!(report.read, 5, "only the new episodes");
    assert!(report.proposed.is_empty(), "the failure reset the streak");
    push(&store, &[ok()]);
    assert_eq!(run(&store, &w).proposed, ["r1"]);
    let r1: Reflex = store.read().unwrap().get("r1").unwrap().unwrap();
    assert_eq!(r1.status, Status::Proposed);
    assert_eq!(r1.provenance.successes, 5);
    assert_eq!(r1.action.args, r#"{"path":"notes/pump.txt"}"#);
}

/// A scene action is a channel of a cast's stage, never a tool a reflex could fire alone, even
/// when the turns it was taken in closed their steps.
#[test]
fn scene_actions_never_become_reflexes() {
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    for tool in [
        "say", "wait", "hesitate", "refuse", "withhold", "move", "use",
    ] {
        push(&store, &vec![episode("-|s", true, false, tool); 8]);
    }
    let report = run(&store, &w);
    assert_eq!(report.read, 56);
    assert!(report.proposed.is_empty(), "{:?}", report.proposed);
}

#[test]
fn a_demoted_reflex_comes_back_only_after_a_streak_begun_after_its_demotion() {
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    push(&store, &[ok(), ok(), ok(), ok(), ok()]);
    assert_eq!(run(&store, &w).proposed, ["r1"]);
    // Demoted at tick 7; the running streak (begun at tick 1) goes on past it.
    {
        let mut tx = store.write().unwrap();
        let mut r1: Reflex = tx.get("r1").unwrap().unwrap();
        r1.status = Status::Demoted;
        r1.demoted_tick = Some(7);
        tx.put("r1", &r1).unwrap();
        tx.commit().unwrap();
    }
    push(&store, &[ok(), ok(), ok()]);
    assert!(run(&store, &w).proposed.is_empty(), "an old streak");
    push(&store, &[episode("-|s", false, false, "read_file")]);
    push(&store, &[ok(), ok(), ok(), ok(), ok()]);
    assert_eq!(run(&store, &w).proposed, ["r1"], "a fresh streak");
    let r1: Reflex = store.read().unwrap().get("r1").unwrap().unwrap();
    assert_eq!(r1.status, Status::Proposed);
}

#[test]
fn auto_arm_arms_proposals_within_the_cap() {
    let (_dir, store) = temp_store();
    let w = Wisdom {
        reflex_auto_arm: true,
        reflex_max_armed: 1,
        reflex_promote_successes: 2,
        ..Wisdom::default()
    };
    let other = || episode("-|t", true, false, "read_file");
    push(&store, &[ok(), ok(), other(), other()]);
    let report = run(&store, &w);
    assert_eq!(report.proposed, ["r1", "r2"]);
    assert_eq!(report.armed, ["r1"]);
    let all = registry::all(&store.read().unwrap()).unwrap();
    assert_eq!(registry::armed(&all).len(), 1);
    assert_eq!(all[0].armed_by.as_deref(), Some("auto"));
    assert_eq!(all[1].status, Status::Proposed);
}

#[test]
fn a_dry_run_writes_nothing() {
    let (_dir, store) = temp_store();
    push(&store, &[ok(), ok(), ok(), ok(), ok()]);
    let mut tx = store.write().unwrap();
    let report = scan(&mut tx, &Wisdom::default(), 1, 0, true).unwrap();
    tx.commit().unwrap();
    assert_eq!(report.proposed, ["r1"]);
    assert_eq!(
        run(&store, &Wisdom::default()).read,
        5,
        "the cursor did not move"
    );
}

/// A write whose streak made the file (or only wrote over it) and a read: the guard each
/// promotion writes; and a reflex from before guards gets one when a streak refreshes it.
#[test]
fn promotion_writes_the_guard_the_action_needs() {
    use crate::creature::Check;
    let (_dir, store) = temp_store();
    let w = Wisdom::default();
    let write = |situation: &str, created: bool| {
        let mut e = episode(situation, true, false, "write_file");
        e.action = r#"{"tool":"write_file","args":{"path":"todo.txt","content":"x"}}"#.into();
        e.signature = "write_file todo.txt".into();
        e.advanced.created = created;
        e
    };
    let mut made = vec![write("-|make it", false); 5];
    made[2] = write("-|make it", true);
    push(&store, &made);
    push(&store, &vec![write("-|over it", false); 5]);
    push(&store, &vec![ok(); 5]);
    run(&store, &w);
    let rx = store.read().unwrap();
    let world = |situation: &str| {
        registry::all(&rx)
            .unwrap()
            .into_iter()
            .find(|r| r.trigger.situation_key == situation)
            .unwrap()
            .trigger
            .world
    };
    assert_eq!(
        world("-|make it"),
        None,
        "a file it made is no reason to hold back"
    );
    let todo = Check::FileExists {
        path: "todo.txt".into(),
    };
    assert_eq!(world("-|over it"), Some(todo));
    let pump = Check::FileExists {
        path: "notes/pump.txt".into(),
    };
    assert_eq!(world("-|s"), Some(pump.clone()));
    drop(rx);

    // An old registry's reflex (no guard) keeps working, and a fresh streak writes its guard.
    let mut tx = store.write().unwrap();
    let mut r: Reflex = registry::all(&tx)
        .unwrap()
        .into_iter()
        .find(|r| r.trigger.situation_key == "-|s")
        .unwrap();
    r.trigger.world = None;
    tx.put(&r.id.clone(), &r).unwrap();
    tx.commit().unwrap();
    push(&store, &vec![ok(); 5]);
    let report = run(&store, &w);
    assert_eq!(report.refreshed, [r.id.clone()]);
    let back: Reflex = store.read().unwrap().get(&r.id).unwrap().unwrap();
    assert_eq!(back.trigger.world, Some(pump));
}
