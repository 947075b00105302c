//! Recall through the real binary against a fake model server: a failure, then a recovery in
//! the same situation; the next turn there is shown the recovery as its case (in the action
//! channel's JSON form), follows it, and the bet settles into the case's record. With
//! `[wisdom] recall_enabled` off, the same life sends the same prompts without the block.

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};
use serde_json::Value;
use wis::base::store::Read;

const PLAN: &str =
    r#"{"thought": "the pump port is written down somewhere", "plan": ["find the pump port"]}"#;
const FAIL: &str = r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#;
const RECOVER: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
/// The recovery as the action channel writes it.
const RECOVER_JSON: &str = r#"{"tool":"read_file","args":{"path":"notes/pump.txt"}}"#;
const HEADING: &str = "## Before you act";
const FRAME: &str =
    "These are YOUR precedents, not orders — verify they transfer before leaning on them.";

/// A creature whose workspace holds the note the recovery reads, recall on or off.
fn creature(server: &FakeOpenAi, recall: bool) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set(
        "WIS_WISDOM_RECALL_ENABLED",
        if recall { "true" } else { "false" },
    );
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    env
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(
        run.code, 0,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    run.json()
}

/// The volatile tail of every prompt the server was sent.
fn tails(server: &FakeOpenAi) -> Vec<String> {
    server
        .completions()
        .iter()
        .map(|r| {
            r.json["messages"][1]["content"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// The block in a prompt, heading to frame.
fn block(tail: &str) -> Option<&str> {
    let start = tail.find(HEADING)?;
    let end = tail[start..].find(FRAME)? + start + FRAME.len();
    Some(&tail[start..end])
}

/// Plan, fail, recover, then follow the shown case.
fn live(env: &TestEnv) -> Vec<Value> {
    (0..4).map(|_| tick(env)).collect()
}

fn script() -> FakeOpenAi {
    FakeOpenAi::builder()
        .answers([PLAN, FAIL, RECOVER, RECOVER].map(Answer::content))
        .start()
}

#[test]
fn after_a_failure_and_a_recovery_the_situation_is_shown_the_recovery() {
    let server = script();
    let env = creature(&server, true);
    let turns = live(&env);
    let kinds: Vec<&str> = turns
        .iter()
        .map(|t| t["fail_kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["ok", "not_found", "ok", "ok"]);

    let tails = tails(&server);
    for (i, tail) in tails.iter().take(3).enumerate() {
        assert!(
            block(tail).is_none(),
            "tick {} had no verified case yet:\n{tail}",
            i + 1
        );
    }
    let shown = block(&tails[3]).unwrap_or_else(|| panic!("no block:\n{}", tails[3]));
    let case: Vec<&str> = shown.lines().skip(1).take(3).collect();
    assert_eq!(
        case,
        [
            "Here before (sim 1.00, experienced), this worked, the fix after 1 failed try:",
            "Q: find the pump port",
            &format!("A: {RECOVER_JSON}"),
        ],
        "{shown}"
    );
    assert!(
        !shown.contains("pump.conf"),
        "the failure is not the case:\n{shown}"
    );
    let cue = tails[3].find("## Now, your step").unwrap();
    assert!(
        tails[3].find(HEADING).unwrap() < cue,
        "the block comes before the cue"
    );

    // The fourth turn followed the case into success: its bet says so, and so does the
    // case's record.
    let view = snapshot!(
        env,
        "memory-recall-json",
        ["memory", "recall", "--output-format", "json"]
    )
    .json();
    assert_eq!(view["enabled"], true);
    assert_eq!(view["lookup"]["situation"], "-|find the pump port");
    let track = &view["lookup"]["cases"][0]["track"];
    assert_eq!(track["signature"], "read_file notes/pump.txt");
    assert_eq!(track["successes"], 2);
    assert_eq!(track["bets"]["followed_into_success"], 1);
    assert_eq!(
        view["lookup"]["dead_ends"],
        Value::Array(vec![]),
        "one failure is no dead end"
    );
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["documents"]["wis.bet.v1"], 1);
    assert_eq!(status["documents"]["wis.situation.v1"], 1);
    env.wis(&["check"]).ok();

    // The operator sees the same block, and so does a dry run of the next tick.
    let text = snapshot!(env, "memory-recall", ["memory", "recall"])
        .ok()
        .to_string();
    assert!(
        text.contains(RECOVER_JSON) && text.contains(FRAME),
        "{text}"
    );
    let dry = env.wis(&["tick", "--dry-run"]).ok().to_string();
    assert!(dry.contains(HEADING) && dry.contains(RECOVER_JSON), "{dry}");
}

#[test]
fn with_recall_off_the_prompts_are_those_with_recall_on_less_the_block() {
    let on_server = script();
    let on = creature(&on_server, true);
    live(&on);
    let off_server = script();
    let off = creature(&off_server, false);
    live(&off);

    let with = tails(&on_server);
    let without = tails(&off_server);
    assert_eq!(with.len(), 4);
    assert_eq!(
        with[..3],
        without[..3],
        "no block yet: byte for byte the same"
    );
    let shown = block(&with[3]).unwrap();
    assert_eq!(with[3].replacen(&format!("\n{shown}\n"), "", 1), without[3]);
    assert!(without.iter().all(|t| !t.contains(HEADING)));

    let status = off.wis(&["status", "--output-format", "json"]).json();
    for schema in [
        "wis.bet.v1",
        "wis.situation.v1",
        "wis.situation_vector.v1",
        "wis.situation_index.v1",
    ] {
        assert_eq!(status["documents"][schema], 0, "{schema}");
    }
    let stable = |s: &FakeOpenAi| s.completions()[3].json["messages"][0].clone();
    assert_eq!(stable(&on_server), stable(&off_server));
    let view = off.wis(&["memory", "recall"]);
    assert!(view.stderr.contains("recall is off"), "{}", view.stderr);
    assert!(view.stdout.contains(RECOVER_JSON), "{}", view.stdout);
}

#[test]
fn a_skill_that_worked_is_offered_as_an_invocation_and_following_it_settles_onto_the_skill() {
    const PLAN: &str =
        r#"{"thought": "the log is long", "plan": ["count the lines of the backup log"]}"#;
    const MAKE: &str = r#"{"tool": "create_skill", "args": {"name": "count_lines", "about": "count the lines of a log", "script": "wc -l < \"$1\""}}"#;
    const RUN: &str = r#"{"tool": "skill_count_lines", "args": {"input": "backup.log"}}"#;
    const OFFER: &str = r#"{"tool":"skill_count_lines"}"#;
    let server = FakeOpenAi::builder()
        .answers([PLAN, MAKE, RUN, RUN].map(Answer::content))
        .start();
    let env = creature(&server, true);
    env.write("workspace/backup.log", "one\ntwo\nthree\n");
    env.wis(&["unlock", "grant", "U2", "--operator"]).ok();
    let turns: Vec<Value> = (0..4).map(|_| tick(&env)).collect();
    let kinds: Vec<&str> = turns
        .iter()
        .map(|t| t["fail_kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["ok", "ok", "ok", "ok"]);

    let tails = tails(&server);
    assert!(
        tails[..3].iter().all(|t| !t.contains(OFFER)),
        "no skill had worked before the fourth turn"
    );
    let shown = block(&tails[3]).unwrap_or_else(|| panic!("no block:\n{}", tails[3]));
    let offer = shown
        .lines()
        .find(|l| l.starts_with("Your skill ("))
        .unwrap_or_else(|| panic!("no offer:\n{shown}"));
    assert!(
        offer.contains("experienced; 1 of 1 runs ok), count the lines of a log: ")
            && offer.ends_with(OFFER),
        "{offer}"
    );

    let view = env
        .wis(&["memory", "recall", "--output-format", "json"])
        .json();
    assert_eq!(view["lookup"]["offers"][0]["skill"], "count_lines");
    let text = env.wis(&["memory", "recall"]).ok().to_string();
    assert!(text.contains("skill_count_lines"), "{text}");
    let skill = env.wis(&["status", "--output-format", "json"]).json();
    assert!(skill["documents"]["wis.bet.v1"].as_u64().unwrap() >= 2);
    let store = env.store();
    let rx = store.read().unwrap();
    let bets: Vec<wis::wisdom::recall::Bet> =
        rx.ring(None).unwrap().into_iter().map(|(_, b)| b).collect();
    let offered = bets
        .iter()
        .find(|b| matches!(&b.item, wis::wisdom::recall::Item::Offer { skill } if skill == "count_lines"))
        .unwrap_or_else(|| panic!("no offer bet: {bets:?}"));
    assert_eq!(
        offered.settlement,
        Some(wis::memory::Settlement::FollowedIntoSuccess)
    );
    let skill: wis::world::skills::Skill = rx.get("count_lines").unwrap().unwrap();
    assert_eq!(skill.offers.followed_into_success, 1);
}
