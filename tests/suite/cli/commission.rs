//! The keeper's channel through the real binary against a fake model server (design §3.6): a
//! commission with a file check is done by the creature's own action and closes by itself,
//! paying and counting once; one without a check waits for the keeper, who confirms or rejects
//! it (a rejection goes back to the creature as the keeper's words); a reply shows in the
//! inbox; bad input is refused with the right code; a tick killed while it works on a
//! commission leaves a store `wis check` passes.

use std::time::Duration;

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};
use serde_json::Value;

const WRITE: &str =
    r#"{"tool": "write_file", "args": {"path": "greeting.txt", "content": "hello keeper"}}"#;
const LOOK: &str = r#"{"tool": "bash", "args": {"command": "ls"}}"#;

fn creature(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    env
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

fn status(env: &TestEnv) -> Value {
    env.json(&["status", "--output-format", "json"])
}

#[test]
fn a_checked_commission_closes_by_itself_and_pays_once() {
    let server = FakeOpenAi::builder()
        .answers([LOOK, WRITE, WRITE].map(Answer::content))
        .start();
    let env = creature(&server);
    let given = env.json(&[
        "commission",
        "add",
        "put a greeting for me in greeting.txt",
        "--check",
        "file greeting.txt contains hello",
        "--output-format",
        "json",
    ]);
    assert_eq!(given["id"], 1);
    // It is the creature's step at once: no rumination first.
    let looked = tick(&env);
    assert_eq!(looked["turn"], "work");
    assert_eq!(looked["xp"], 1, "a first success");
    let open = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(open["status"], "open");
    assert_eq!(open["ticks_spent"], 1);
    let done = tick(&env);
    let events = done["events"].to_string();
    assert!(events.contains("commission #1 is done"), "{events}");
    assert_eq!(
        done["xp"],
        1 + 3,
        "a success that advanced, and the commission: {done}"
    );
    let shown = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(shown["status"], "done");
    assert_eq!(shown["episodes"], serde_json::json!([1, 2]));
    assert!(
        shown["verdict"].as_str().unwrap().contains("greeting.txt"),
        "{shown}"
    );
    // The stat moved once; the same write again finds nothing open and pays nothing.
    let before = status(&env);
    assert_eq!(before["life"]["commissions_finished"], 1);
    assert_eq!(before["life"]["commissions_done"], 1);
    // The keeper's figures lead the status, for people and for scripts.
    assert_eq!(before["commissions"]["life"]["done"], 1);
    assert_eq!(before["commissions"]["per_kind"][0]["kind"], "(none)");
    let text = env.wis(&["status"]).ok().to_string();
    let first: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        first.join(" "),
        "commissions 1 done of 1 given (0 missed, 0 on the desk): done rate 100% of those \
         ended, median 2 ticks to done",
        "{text}"
    );
    assert!(text.contains("kind (none)"), "{text}");
    let again = tick(&env);
    assert_eq!(again["turn"], "rumination", "nothing is planned now");
    assert_eq!(status(&env)["life"]["commissions_finished"], 1);
    let news = env.wis(&["news"]).ok().to_string();
    assert!(news.contains("commission done"), "{news}");
    // The keeper cannot confirm what is already done.
    env.wis(&["commission", "confirm", "1"]).code(65);
    snapshot!(env, "commission-list-all", ["commission", "list", "--all"]).ok();
    snapshot!(env, "commission-show", ["commission", "show", "1"]).ok();
    env.wis(&["check"]).ok();
}

#[test]
fn an_unchecked_commission_waits_for_the_keeper() {
    let reply = r#"{"tool": "reply", "args": {"text": "the date is today"}}"#;
    let again = r#"{"tool": "reply", "args": {"text": "it is the third"}}"#;
    let server = FakeOpenAi::builder()
        .answers([reply, again].map(Answer::content))
        .start();
    let env = creature(&server);
    env.wis(&["commission", "add", "tell me the date"]).ok();
    let answered = tick(&env);
    assert_eq!(answered["tool"], "reply");
    assert_eq!(answered["xp"], 1, "the answer closed the step");
    let shown = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(shown["status"], "waiting");
    assert_eq!(shown["reply"], "the date is today");
    snapshot!(env, "inbox", ["inbox"]).ok();
    let inbox = env
        .wis(&["inbox", "--output-format", "json"])
        .ok()
        .to_string();
    let said: Value = serde_json::from_str(inbox.lines().next().unwrap()).unwrap();
    assert_eq!(said["commission"], 1);
    assert_eq!(said["tick"], 1);

    // Rejected: it is the creature's step again, with the keeper's words above it.
    snapshot!(
        env,
        "commission-reject",
        ["commission", "reject", "1", "say the day of the month"]
    )
    .ok();
    let dry = env.wis(&["tick", "--dry-run"]).ok().to_string();
    assert!(
        dry.contains("Known fact: the keeper said it is not done yet: say the day of the month"),
        "{dry}"
    );
    let second = tick(&env);
    assert_eq!(second["tool"], "reply");
    let shown = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(shown["status"], "waiting");
    assert_eq!(shown["rejections"].as_array().unwrap().len(), 1);

    let xp = status(&env)["xp"].as_u64().unwrap();
    snapshot!(env, "commission-confirm", ["commission", "confirm", "1"]).ok();
    assert_eq!(status(&env)["xp"].as_u64().unwrap(), xp + 4);
    assert_eq!(status(&env)["life"]["commissions_finished"], 1);
    env.wis(&["commission", "confirm", "1"]).code(65);
    env.wis(&["commission", "reject", "1", "no"]).code(65);
    env.wis(&["commission", "drop", "1"]).code(65);
    let lineage = env.json(&["legacy", "lineage", "--output-format", "json"]);
    assert_eq!(
        lineage[0]["ticks_to_first_confirmed_commission"], 2,
        "{lineage}"
    );
    env.wis(&["check"]).ok();
}

#[test]
fn bad_commissions_are_refused_with_the_right_code() {
    let server = FakeOpenAi::builder().start();
    let mut env = creature(&server);
    let empty = env.wis(&["commission", "add", "  "]);
    empty.code(64);
    let unknown = env.wis(&["commission", "add", "x", "--check", "file a.txt is big"]);
    unknown.code(64);
    assert!(
        unknown.stderr.contains("file PATH exists"),
        "{}",
        unknown.stderr
    );
    let outside = env.wis(&["commission", "add", "x", "--check", "file ../x exists"]);
    outside.code(65);
    let stat = env.wis(&["commission", "add", "x", "--check", "moods.happy >= 1"]);
    stat.code(64);
    env.wis(&["commission", "show", "9"]).code(66);
    env.wis(&["commission", "show", "nine"]).code(64);
    env.wis(&["commission", "drop", "1"]).code(66);
    env.set("WIS_KEEPER_MAX_OPEN", "2");
    env.wis(&["commission", "add", "one"]).ok();
    env.wis(&["commission", "add", "two", "--check", "skills.live >= 1"])
        .ok();
    let third = env.wis(&["commission", "add", "three"]);
    third.code(65);
    assert!(third.stderr.contains("max_open"), "{}", third.stderr);
    snapshot!(env, "commission-list", ["commission", "list"]).ok();
    env.wis(&["commission", "drop", "1"]).ok();
    env.wis(&["commission", "add", "three"]).ok();
    assert!(server.completions().is_empty(), "nothing was asked");
}

#[test]
fn a_tick_killed_while_it_works_on_a_commission_leaves_a_sound_store() {
    let server = FakeOpenAi::builder().start();
    let env = creature(&server);
    env.wis(&[
        "commission",
        "add",
        "write hello into a.txt",
        "--check",
        "file a.txt exists",
    ])
    .ok();
    server.push(Answer::delayed(
        Duration::from_secs(30),
        Answer::content(WRITE),
    ));
    let mut child = env
        .command()
        .args(["tick", "--output-format", "json"])
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while server.completions().is_empty() {
        assert!(std::time::Instant::now() < deadline, "never asked");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    env.wis(&["check"]).ok();
    let open = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(
        open["status"], "open",
        "nothing of the killed turn was recorded"
    );
    server.push(Answer::content(
        r#"{"tool": "write_file", "args": {"path": "a.txt", "content": "hello"}}"#,
    ));
    let out = tick(&env);
    assert_eq!(out["recovered"], 1, "{out}");
    let shown = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(shown["status"], "done");
    env.wis(&["check"]).ok();
}
