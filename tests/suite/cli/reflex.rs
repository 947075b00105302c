//! Reflexes through the real binary against a fake model server (design §4.1, WIS2, WIS3): one
//! step recurs, planned again each time the last one was done; an interleaved failure resets
//! the streak, five successes in a row that each closed the step propose a reflex, `arm` arms
//! it, the next matching tick is handled below the model (no request reaches the server,
//! `[REFLEX]` in the stream, XP unchanged, the step closed); then the file it reads is removed:
//! the guard promotion wrote holds it back and the model takes the turn; the same reflex
//! without a guard (as promoted before guards) fires and fails: it is demoted, a scar is
//! remembered, the news says so, and the next tick asks the model again.

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};
use serde_json::Value;
use wis::base::store::Read;

const PLAN: &str =
    r#"{"thought": "the pump port is written down somewhere", "plan": ["read notes/pump.txt"]}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
const FAIL: &str = r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#;
const SITUATION: &str = "-|read notes pump txt";

pub(super) fn creature(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_WISDOM_REFLEXES_ENABLED", "true");
    env.set("WIS_WISDOM_REFLEX_SAVES_TICK", "true");
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    env
}

pub(super) fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

fn xp(env: &TestEnv) -> u64 {
    env.json(&["status", "--output-format", "json"])["xp"]
        .as_u64()
        .unwrap()
}

#[test]
fn a_recurring_success_becomes_a_reflex_that_fires_below_the_model_until_it_fails() {
    // Each read closes the step, so the next turn plans it again: two reads, a failure, four
    // reads; then the fifth read.
    let answers = [
        PLAN, READ, PLAN, READ, PLAN, FAIL, READ, PLAN, READ, PLAN, READ, PLAN, READ, PLAN, READ,
    ];
    let server = FakeOpenAi::builder()
        .answers(answers.map(Answer::content))
        .start();
    let env = creature(&server);
    let kinds: Vec<String> = (0..13)
        .map(|_| tick(&env)["fail_kind"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        kinds,
        [
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "not_found",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok"
        ]
    );
    // Two successes, a failure, four successes: the failure reset the streak.
    snapshot!(
        env,
        "reflex-scan-json",
        ["reflex", "scan", "--output-format", "json"]
    )
    .ok();
    assert_eq!(tick(&env)["turn"], "rumination");
    assert_eq!(tick(&env)["fail_kind"], "ok");
    let dry = env.json(&["reflex", "scan", "--dry-run", "--output-format", "json"]);
    assert_eq!(dry["proposed"], serde_json::json!(["r1"]));
    assert_eq!(
        env.json(&["reflex", "list", "--output-format", "json"])["reflexes"],
        Value::Array(vec![]),
        "a dry run writes nothing"
    );
    // Only the new episodes are read.
    snapshot!(env, "reflex-scan", ["reflex", "scan"]).ok();

    let list = env.json(&["reflex", "list", "--output-format", "json"]);
    let r1 = &list["reflexes"][0];
    assert_eq!(r1["status"], "proposed");
    assert_eq!(r1["trigger"]["situation_key"], SITUATION);
    assert_eq!(r1["action"]["tool"], "read_file");
    assert_eq!(r1["provenance"]["successes"], 5);
    // Promotion wrote the guard its action needs: the file it read exists.
    assert_eq!(
        r1["trigger"]["world"],
        serde_json::json!({"type": "file_exists", "path": "notes/pump.txt"})
    );
    assert_eq!(r1["provenance"]["episode_ids"].as_array().unwrap().len(), 5);
    let text = env.wis(&["reflex", "list"]).ok().to_string();
    assert!(text.contains("r1") && text.contains("proposed"), "{text}");
    snapshot!(env, "reflex-show", ["reflex", "show", "r1"]).ok();

    let missing = env.wis(&["reflex", "show", "r2"]);
    missing.code(66);
    assert!(missing.stderr.contains("r1"), "{}", missing.stderr);

    snapshot!(
        env,
        "reflex-arm-json",
        ["reflex", "arm", "r1", "--output-format", "json"]
    )
    .ok();

    // The step is planned again (the model plans); then the work turn is handled below the
    // model: no request, the stream says REFLEX, no XP, the step closed.
    server.push(Answer::content(PLAN));
    assert_eq!(tick(&env)["turn"], "rumination");
    let asked = server.completions().len();
    let before = xp(&env);
    let handled = tick(&env);
    assert_eq!(server.completions().len(), asked, "the model was not asked");
    assert_eq!(handled["success"], true);
    assert_eq!(handled["xp"], 0);
    assert!(handled["model_ms"].is_null());
    let line = handled["reflex"].as_str().unwrap();
    assert_eq!(
        line,
        format!("[REFLEX] handled {SITUATION} via read_file `notes/pump.txt`")
    );
    assert_eq!(xp(&env), before, "WIS2: a reflex pays no XP");
    let prompt = env.wis(&["tick", "--dry-run"]).ok().to_string();
    assert!(
        prompt.contains(&format!("REFLEX] handled {SITUATION} via read_file")),
        "{prompt}"
    );

    assert!(
        handled["events"].to_string().contains("is done"),
        "the reflex closed the step: {handled}"
    );

    // The world changes under the reflex: the file its guard names is gone, so it is held
    // back and the model takes the turn (its own read fails, which demotes no reflex).
    std::fs::remove_file(env.path("workspace/notes/pump.txt")).unwrap();
    server.push(Answer::content(PLAN));
    assert_eq!(tick(&env)["turn"], "rumination");
    let asked = server.completions().len();
    server.push(Answer::content(READ));
    let held = tick(&env);
    assert_eq!(server.completions().len(), asked + 1, "the model was asked");
    assert_eq!(held["fail_kind"], "not_found", "{held}");
    assert_eq!(
        held["reflex"].as_str().unwrap(),
        "[REFLEX] held back r1 (read_file `notes/pump.txt`): its guard `file notes/pump.txt \
         exists` does not hold: notes/pump.txt does not exist"
    );
    let stream = env.wis(&["tick", "--dry-run"]).ok().to_string();
    assert!(stream.contains("held back r1"), "{stream}");
    assert_eq!(
        env.json(&["reflex", "show", "r1"])["reflex"]["status"],
        "armed",
        "held back is not failed"
    );

    // A reflex from before guards (none written) meets the same world: it fires, fails, is
    // demoted, and a scar remembers why.
    env.edit_store(|tx| {
        let mut r: wis::wisdom::reflex::Reflex = tx.get("r1").unwrap().unwrap();
        r.trigger.world = None;
        tx.put("r1", &r).unwrap();
    });
    let asked = server.completions().len();
    let failed = tick(&env);
    assert_eq!(server.completions().len(), asked, "below the model");
    assert_eq!(failed["success"], false);
    assert_eq!(failed["fail_kind"], "not_found");
    snapshot!(
        env,
        "reflex-show-json",
        ["reflex", "show", "r1", "--output-format", "json"]
    )
    .ok();
    let memories = env
        .wis(&["memory", "list", "--output-format", "json"])
        .ok()
        .to_string();
    assert!(
        memories.contains(&format!(
            "reflex r1 stopped working in situation {SITUATION}"
        )),
        "{memories}"
    );
    let news = env.wis(&["news"]).ok().to_string();
    assert!(news.contains("reflex demoted"), "{news}");
    let refused = env.wis(&["reflex", "arm", "r1"]);
    refused.code(65);

    // The next tick asks the model again.
    server.push(Answer::content(READ));
    let asked_again = tick(&env);
    assert_eq!(server.completions().len(), asked + 1);
    assert!(asked_again.get("reflex").is_none());

    let status = env.json(&["status", "--output-format", "json"]);
    let today = &status["reflexes"];
    assert_eq!(today["below"], 2, "{today}");
    assert_eq!(today["below_success"], 0.5, "{today}");
    env.wis(&["check"]).ok();
    snapshot!(env, "reflex-list", ["reflex", "list"]);
}

#[test]
fn arming_past_the_cap_is_refused_naming_the_armed_ones() {
    let answers = [PLAN, READ, PLAN, READ];
    let server = FakeOpenAi::builder()
        .answers(answers.map(Answer::content))
        .start();
    let mut env = creature(&server);
    env.set("WIS_WISDOM_REFLEX_PROMOTE_SUCCESSES", "2");
    env.set("WIS_WISDOM_REFLEX_MAX_ARMED", "1");
    for _ in 0..4 {
        tick(&env);
    }
    // The sleep's job proposes it (and says so on the receipt).
    let slept = env.wis(&["sleep"]).ok().to_string();
    assert!(
        slept.contains("reflexes: read 2 new episodes, proposed 1 (r1)"),
        "{slept}"
    );
    // A second situation: a new objective-less step.
    env.edit_store(|tx| {
        let mut r: wis::wisdom::reflex::Reflex = tx.get("r1").unwrap().unwrap();
        r.id = "r2".into();
        r.trigger.situation_key = "-|another step".into();
        tx.put("r2", &r).unwrap();
    });
    snapshot!(env, "reflex-arm", ["reflex", "arm", "r1"]).ok();
    snapshot!(env, "reflex-arm-past-the-cap", ["reflex", "arm", "r2"]).code(65);
    env.wis(&["reflex", "disarm", "r1"]).ok();
    env.wis(&["reflex", "arm", "r2"]).ok();
    let bad = env.wis(&["reflex", "list", "--status", "sleeping"]);
    bad.code(64);
}
