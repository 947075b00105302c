use serde_json::json;

use super::*;
use crate::base::store::testing::temp_store;
use crate::memory::Memory;
use crate::wisdom::episodes::{Episode, action_signature};
use crate::wisdom::recall::bets::{adjudicate, recommends};

fn memory() -> Memory {
    Memory::from_config(&crate::base::config::Config::default().embed).unwrap()
}

fn act(tool: &str, args: serde_json::Value) -> Action {
    serde_json::from_value(json!({"tool": tool, "args": args})).unwrap()
}

/// A done errand's evidence and the world's witness.
fn done(evidence: &[&str]) -> Done {
    Done {
        evidence: evidence.iter().map(|e| e.to_string()).collect(),
        witness: crate::memory::Witness::new(
            crate::memory::Witnessed::ErrandDone,
            "commission #3 done: file b.txt exists",
            12,
            1,
        ),
    }
}

fn cp(a: &str, b: &str) -> Action {
    act("bash", json!({"command": format!("cp {a} {b}")}))
}

#[test]
fn a_done_errand_s_step_is_shown_to_the_next_errand_of_its_kind() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let id = remember(
        &mut tx,
        &m,
        "copy",
        Role::Act,
        "Copy shed/recipe.txt to shed/spare-recipe.txt.",
        &cp("shed/recipe.txt", "shed/spare-recipe.txt"),
        &[],
        &done(&["commission:3", "episode:12"]),
        1,
    )
    .unwrap()
    .unwrap();
    let found = recall(
        &tx,
        &m,
        Some("copy"),
        Role::Act,
        "Back up papers/poem.txt to boxes/old-poem.txt.",
        2,
    )
    .unwrap();
    assert_eq!(found.len(), 1);
    let p = &found[0];
    assert_eq!(p.engram, id);
    assert_eq!(
        p.render(),
        "Q: Copy shed/recipe.txt to shed/spare-recipe.txt.\n\
         A: {\"tool\":\"bash\",\"args\":{\"command\":\"cp shed/recipe.txt shed/spare-recipe.txt\"}}\n"
    );
    assert!(
        recall(&tx, &m, Some("rename"), Role::Act, "Copy a to b", 2)
            .unwrap()
            .is_empty(),
        "another kind's lesson is not this kind's"
    );
    assert!(
        recall(&tx, &m, Some("copy"), Role::Look, "Copy a to b", 2)
            .unwrap()
            .is_empty(),
        "nor another role's"
    );
}

#[test]
fn a_lesson_is_kept_once_and_only_the_newest_few_of_a_kind_stay_active() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let task = |i: usize| format!("Copy a{i}.txt to b{i}.txt.");
    let first = remember(
        &mut tx,
        &m,
        "copy",
        Role::Act,
        &task(0),
        &cp("a0.txt", "b0.txt"),
        &[],
        &done(&[]),
        1,
    )
    .unwrap();
    let again = remember(
        &mut tx,
        &m,
        "copy",
        Role::Act,
        &task(0),
        &cp("a0.txt", "b0.txt"),
        &[],
        &done(&[]),
        2,
    )
    .unwrap();
    assert_eq!(first, again, "the same task is not kept twice");
    for i in 1..=KEPT_PER_ROLE {
        remember(
            &mut tx,
            &m,
            "copy",
            Role::Act,
            &task(i),
            &cp(&format!("a{i}.txt"), &format!("b{i}.txt")),
            &[],
            &done(&[]),
            10 + i as crate::base::clock::Millis,
        )
        .unwrap();
    }
    let active = held(&tx, "copy", Role::Act).unwrap();
    assert_eq!(active.len(), KEPT_PER_ROLE);
    assert!(
        active.iter().all(|(id, _)| Some(*id) != first),
        "the oldest went to the archive"
    );
}

#[test]
fn showing_a_lesson_settles_on_its_shape_whatever_the_paths() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let id = remember(
        &mut tx,
        &m,
        "copy",
        Role::Act,
        "Copy a.txt to b.txt.",
        &cp("a.txt", "b.txt"),
        &[],
        &done(&[]),
        1,
    )
    .unwrap()
    .unwrap();
    let engram = crate::memory::get(&tx, id).unwrap().unwrap();
    let rec = recommends(&engram).unwrap();
    assert_eq!(rec, "shape:bash cp");
    let episode = |a: &Action, ok: bool| Episode {
        tick: 2,
        at: 2,
        situation: "-|x".into(),
        tool: a.tool.clone(),
        signature: action_signature(a),
        action: a.to_json(),
        fail_kind: crate::creature::FailKind::Ok,
        success: ok,
        automated: false,
        summary: String::new(),
        duration_ms: 0,
        advanced: Default::default(),
        step: None,
    };
    assert_eq!(
        adjudicate(Some(&rec), Some(&episode(&cp("c.txt", "d/e.txt"), true))),
        Ok(crate::memory::Settlement::FollowedIntoSuccess)
    );
    let mv = act("bash", json!({"command": "mv c.txt d.txt"}));
    assert_eq!(
        adjudicate(Some(&rec), Some(&episode(&mv, true))),
        Ok(crate::memory::Settlement::Ignored)
    );
}

#[test]
fn an_answer_s_lesson_carries_the_lines_it_was_picked_from() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let reply = act("reply", json!({"text": "Monday"}));
    remember(
        &mut tx,
        &m,
        "value",
        Role::Answer,
        "Look in papers/alarm.txt and give me the test day.",
        &reply,
        &["papers/alarm.txt says: test day = Monday".into()],
        &done(&[]),
        1,
    )
    .unwrap();
    let p = recall(&tx, &m, Some("value"), Role::Answer, "give me the code", 1).unwrap();
    assert_eq!(
        p[0].render(),
        "Known fact: papers/alarm.txt says: test day = Monday\n\
         Q: Look in papers/alarm.txt and give me the test day.\n\
         A: {\"tool\":\"reply\",\"args\":{\"text\":\"Monday\"}}\n"
    );
}
