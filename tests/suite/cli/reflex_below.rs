//! Reflexes below the model, through the real binary: WIS2 for the keeper's commissions (one a
//! reflex finishes is done, but moves no statistic and no lineage mark and pays nothing, even
//! when the keeper confirms an answer a reflex gave), and a command reflex held back by its
//! guard while its program is missing, another for the same situation firing instead.

use serde_json::Value;
use wis::base::store::Read;

use super::reflex::{creature, tick};
use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};

/// An armed reflex for the step `step`, doing `tool` with `args`, with the world guard
/// promotion would write for it.
fn armed_for(env: &TestEnv, id: &str, step: &str, tool: &str, args: Value) {
    use wis::wisdom::reflex::{Provenance, Reflex, ReflexAction, Status, Trigger};
    let reflex = Reflex {
        id: id.into(),
        trigger: Trigger {
            situation_key: wis::wisdom::episodes::situation_key(None, Some(step)),
            guard: None,
            world: wis::wisdom::reflex::guard::from_streak(tool, &args.to_string(), true),
        },
        action: ReflexAction {
            tool: tool.into(),
            args: args.to_string(),
            signature: format!("{tool} {args}"),
        },
        provenance: Provenance {
            episode_ids: Vec::new(),
            successes: 5,
            last_adjudicated: 0,
        },
        status: Status::Armed,
        fired: 0,
        failed: 0,
        armed_by: Some("operator".into()),
        armed_at: Some(0),
        proposed_tick: 0,
        last_fired: None,
        demoted_tick: None,
        last_failure: None,
        inherited: None,
    };
    env.edit_store(|tx| tx.put(id, &reflex).unwrap());
}

/// The keeper's desk as the store holds it: commissions finished, and the first one's age (the
/// lineage's first-commission mark).
fn desk(env: &TestEnv) -> (u64, Option<u64>) {
    let d: wis::creature::commissions::Desk = env.store().read().unwrap().singleton().unwrap();
    (d.finished, d.first_finished_tick)
}

#[test]
fn wis2_a_commission_a_reflex_finishes_moves_no_statistic_no_mark_and_pays_nothing() {
    // The model is never asked until the last commission (an empty script would fail).
    let server = FakeOpenAi::builder().start();
    let env = creature(&server);
    let step = "write done into out.txt";
    env.wis(&[
        "commission",
        "add",
        step,
        "--check",
        "file out.txt contains done",
    ])
    .ok();
    armed_for(
        &env,
        "r1",
        step,
        "write_file",
        serde_json::json!({"path": "out.txt", "content": "done"}),
    );
    let handled = tick(&env);
    assert!(server.completions().is_empty(), "handled below the model");
    assert_eq!(
        (handled["success"].clone(), handled["xp"].clone()),
        (true.into(), 0.into())
    );
    assert!(
        handled["events"]
            .to_string()
            .contains("the keeper's commission #1 is done by a reflex, below the model"),
        "{handled}"
    );
    let c = env.json(&["commission", "show", "1"]);
    assert_eq!(
        (c["status"].clone(), c["below"].clone()),
        ("done".into(), true.into()),
        "{c}"
    );
    assert_eq!(
        desk(&env),
        (0, None),
        "no commissions.confirmed, no first-commission mark"
    );
    let status = env.json(&["status"]);
    assert_eq!(status["xp"], 0);
    assert_eq!(status["life"]["commissions_done"], 0, "{status}");
    assert_eq!(status["life"]["commissions_finished"], 0, "{status}");

    // A commission with no check that a reflex answers waits for the keeper, whose
    // confirmation then pays and counts nothing.
    let ask = "read notes/pump.txt";
    env.wis(&["commission", "add", ask]).ok();
    armed_for(
        &env,
        "r2",
        ask,
        "read_file",
        serde_json::json!({"path": "notes/pump.txt"}),
    );
    tick(&env);
    let c = env.json(&["commission", "show", "2"]);
    assert_eq!(
        (c["status"].clone(), c["below"].clone()),
        ("waiting".into(), true.into()),
        "{c}"
    );
    env.wis(&["commission", "confirm", "2"]).ok();
    assert_eq!(desk(&env), (0, None));
    assert_eq!(env.json(&["status"])["xp"], 0);

    // The same kind of commission finished by the model's own action moves both, and pays.
    env.wis(&[
        "commission",
        "add",
        "write yes into b.txt",
        "--check",
        "file b.txt contains yes",
    ])
    .ok();
    server.push(Answer::content(
        r#"{"tool": "write_file", "args": {"path": "b.txt", "content": "yes"}}"#,
    ));
    let chosen = tick(&env);
    assert_eq!(server.completions().len(), 1);
    assert!(chosen["xp"].as_u64().unwrap() > 0, "{chosen}");
    let (finished, first) = desk(&env);
    assert_eq!((finished, first.is_some()), (1, true));
    let c = env.json(&["commission", "show", "3"]);
    assert!(c.get("below").is_none(), "{c}");
    env.wis(&["check"]).ok();
}

#[test]
fn a_command_reflex_is_held_back_while_its_program_is_missing() {
    let server = FakeOpenAi::builder().start();
    let env = creature(&server);
    let step = "look around carefully";
    env.wis(&["commission", "add", step]).ok();
    armed_for(
        &env,
        "r1",
        step,
        "bash",
        serde_json::json!({"command": "no-such-program-here -l"}),
    );
    armed_for(
        &env,
        "r2",
        step,
        "bash",
        serde_json::json!({"command": "ls"}),
    );
    // r1's program is missing: it is held back, and r2 (whose program is there) fires.
    let handled = tick(&env);
    assert!(server.completions().is_empty(), "{handled}");
    assert_eq!(
        handled["reflex"].as_str().unwrap(),
        "[REFLEX] handled -|look around carefully via bash `ls`"
    );
    // With r2 disarmed, r1 alone is held back and the model takes the turn.
    env.wis(&["reflex", "disarm", "r2"]).ok();
    server.push(Answer::content(
        r#"{"tool": "reply", "args": {"text": "a.txt"}}"#,
    ));
    let held = tick(&env);
    assert_eq!(server.completions().len(), 1, "{held}");
    assert_eq!(
        held["reflex"].as_str().unwrap(),
        "[REFLEX] held back r1 (bash `no-such-program-here -l`): its guard `command command -v \
         'no-such-program-here'` does not hold: `command -v 'no-such-program-here'`: nonzero_exit (exit 1)"
    );
}
