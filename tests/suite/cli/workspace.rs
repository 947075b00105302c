//! The workspace's history through the real binary against a fake model server (design §3.7):
//! `write_file` refuses a keeper's file the creature has not read and writes it once read; a
//! creature writes over the keeper's file with a command, another deletes one with `bash rm`; `wis workspace history` lists both and `wis workspace restore` brings each back
//! byte for byte, a restore undone by another; the refusals have their codes (66 nothing kept,
//! 64 a bad tick or path, 75 a turn in flight); and the overwrite scar appears with
//! `[wisdom] overwrite_scars_enabled` on, and not with it off or after a read.

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{EPOCH_MS, TestEnv, bytes, snapshot};
use serde_json::Value;

/// The keeper's list, with bytes no text tool would keep (a NUL, an invalid UTF-8 byte).
const TODO: &[u8] = b"buy milk\nwater the plants\n\x00\xff the end\n";
const PLAN: &[u8] = b"1. read the notes\n2. reply\n";
const OVERWRITE: &str =
    r#"{"tool": "bash", "args": {"command": "printf 'hello keeper' > todo.txt"}}"#;
const WRITE: &str =
    r#"{"tool": "write_file", "args": {"path": "todo.txt", "content": "hello keeper"}}"#;
const DELETE: &str = r#"{"tool": "bash", "args": {"command": "rm notes/plan.txt"}}"#;
const APPEND: &str = r#"{"tool": "bash", "args": {"command": "echo 'one more' >> todo.txt"}}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "todo.txt"}}"#;

fn creature(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    let ws = env.path("workspace");
    std::fs::create_dir_all(ws.join("notes")).unwrap();
    std::fs::write(ws.join("todo.txt"), TODO).unwrap();
    std::fs::write(ws.join("notes/plan.txt"), PLAN).unwrap();
    // A commission is the creature's step at once: its turns are work, not rumination.
    env.wis(&["commission", "add", "tidy up my notes"]).ok();
    env
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

fn scars(env: &TestEnv) -> Vec<Value> {
    let listed = env.json(&["memory", "list", "--kind", "scar"]);
    listed.as_array().expect("a list").clone()
}

#[test]
fn what_the_creature_wrote_over_or_deleted_comes_back_byte_for_byte() {
    let server = FakeOpenAi::builder()
        .answers([OVERWRITE, DELETE].map(Answer::content))
        .start();
    let env = creature(&server);
    let wrote = tick(&env);
    assert_eq!(
        (wrote["tool"].as_str(), wrote["success"].as_bool()),
        (Some("bash"), Some(true))
    );
    let deleted = tick(&env);
    assert_eq!(
        (deleted["tool"].as_str(), deleted["success"].as_bool()),
        (Some("bash"), Some(true))
    );
    assert!(!env.path("workspace/notes/plan.txt").exists());
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");

    snapshot!(env, "workspace-history", ["workspace", "history"]).ok();
    snapshot!(
        env,
        "workspace-history-json",
        ["workspace", "history", "--output-format", "json"]
    )
    .ok();
    snapshot!(
        env,
        "workspace-history-path",
        ["workspace", "history", "todo.txt"]
    )
    .ok();
    snapshot!(
        env,
        "workspace-history-path-json",
        [
            "workspace",
            "history",
            "notes/plan.txt",
            "--output-format",
            "json"
        ]
    )
    .ok();

    // Refusals first: nothing changes.
    snapshot!(
        env,
        "workspace-restore-none",
        ["workspace", "restore", "never.txt"]
    )
    .code(66);
    snapshot!(
        env,
        "workspace-restore-bad-at",
        ["workspace", "restore", "todo.txt", "--at", "9"]
    )
    .code(64);
    env.wis(&["workspace", "restore", "../wis.toml"]).code(64);
    env.wis(&["workspace", "history", "never.txt"]).code(66);
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");

    snapshot!(
        env,
        "workspace-restore",
        ["workspace", "restore", "todo.txt"]
    )
    .ok();
    assert_eq!(bytes(&env.path("workspace/todo.txt")), TODO);
    let back = snapshot!(
        env,
        "workspace-restore-json",
        [
            "workspace",
            "restore",
            "notes/plan.txt",
            "--at",
            "2",
            "--output-format",
            "json"
        ]
    );
    back.ok();
    assert_eq!(bytes(&env.path("workspace/notes/plan.txt")), PLAN);
    assert_eq!(
        back.json()["kept"],
        Value::Null,
        "nothing was there to keep"
    );

    // A restore is undone by another: the creature's words were kept first.
    env.wis(&["workspace", "restore", "todo.txt"]).ok();
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");
    env.wis(&["workspace", "restore", "todo.txt", "--at", "1"])
        .ok();
    assert_eq!(bytes(&env.path("workspace/todo.txt")), TODO);
    let versions = env.wis(&[
        "workspace",
        "history",
        "todo.txt",
        "--output-format",
        "json",
    ]);
    let whats: Vec<String> = versions
        .ok()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["what"]
                .as_str()
                .unwrap()
                .into()
        })
        .collect();
    assert_eq!(
        whats,
        [
            "written over by a restore",
            "written over by a restore",
            "written over by a restore",
            "overwritten"
        ]
    );
    // With the flag off (the default) the creature is told nothing and remembers nothing.
    assert!(scars(&env).is_empty());
    env.wis(&["check"]).ok();
}

#[test]
fn write_file_refuses_a_keeper_s_file_unread_and_writes_it_once_read() {
    let server = FakeOpenAi::builder()
        .answers([WRITE, READ, WRITE].map(Answer::content))
        .start();
    let env = creature(&server);
    let refused = tick(&env);
    assert_eq!(refused["fail_kind"], "invalid_args", "{refused}");
    let summary = refused["summary"].to_string();
    assert!(
        summary.contains("todo.txt is here and you have not read it"),
        "{summary}"
    );
    assert_eq!(bytes(&env.path("workspace/todo.txt")), TODO, "kept whole");
    tick(&env);
    let wrote = tick(&env);
    assert_eq!(wrote["success"], true, "{wrote}");
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");
    // What it made it may write again at once.
    let again = FakeOpenAi::builder()
        .answers(
            [
                r#"{"tool": "write_file", "args": {"path": "mine.txt", "content": "one"}}"#,
                r#"{"tool": "write_file", "args": {"path": "mine.txt", "content": "two"}}"#,
            ]
            .map(Answer::content),
        )
        .start();
    let env = creature(&again);
    tick(&env);
    assert_eq!(tick(&env)["success"], true);
    assert_eq!(env.read("workspace/mine.txt"), "two");
}

#[test]
fn a_restore_waits_for_a_turn_in_flight() {
    use wis::creature::lease::{LEASE_KEY, Lease};
    let server = FakeOpenAi::builder()
        .answers([OVERWRITE].map(Answer::content))
        .start();
    let env = creature(&server);
    tick(&env);
    env.edit_store(|tx| {
        let lease = Lease {
            pid: std::process::id(),
            tick: 2,
            turn: wis::creature::heartbeat::Turn::Work,
            started_at: EPOCH_MS,
            expires_at: EPOCH_MS + 600_000,
        };
        tx.put(LEASE_KEY, &lease).unwrap();
    });
    let run = env.wis(&["workspace", "restore", "todo.txt"]);
    run.code(75);
    assert!(run.stderr.contains("in flight"), "{}", run.stderr);
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");
    // The listing reads the history alone and goes on.
    env.wis(&["workspace", "history"]).ok();
}

#[test]
fn writing_over_an_unread_file_is_a_scar_with_the_flag_on() {
    let scarred = |flag: &str, answers: &[&str]| {
        let server = FakeOpenAi::builder()
            .answers(answers.iter().copied().map(Answer::content))
            .start();
        let mut env = creature(&server);
        env.set("WIS_WISDOM_OVERWRITE_SCARS_ENABLED", flag);
        let mut last = Value::Null;
        for _ in answers {
            last = tick(&env);
        }
        let prompt = env.wis(&["tick", "--dry-run"]).ok().to_string();
        (env, last, prompt)
    };
    let line = "todo.txt was written over without being read first";

    let (env, last, prompt) = scarred("true", &[OVERWRITE]);
    let events = last["events"].to_string();
    assert!(events.contains(line), "{events}");
    assert!(prompt.contains(line), "the creature reads it in its stream");
    let found = scars(&env);
    assert_eq!(found.len(), 1, "{found:?}");
    let id = found[0]["id"].to_string();
    let shown = env.json(&["memory", "show", &id]);
    assert_eq!(shown["provenance"], "experienced");
    // The first episode of the ledger is its number 0.
    let sources = &shown["sources"];
    assert_eq!(
        *sources,
        serde_json::json!(["tick:1", "file:todo.txt", "episode:0"])
    );
    let body = shown["body"].as_str().unwrap();
    assert!(
        body.contains("I wrote over todo.txt") && body.contains("kept"),
        "{body}"
    );

    // Off: the same life, no scar, no line; the history kept the words all the same.
    let (env, last, prompt) = scarred("false", &[OVERWRITE]);
    assert!(!last["events"].to_string().contains(line));
    assert!(!prompt.contains(line));
    assert!(scars(&env).is_empty());
    env.wis(&["workspace", "history", "todo.txt"]).ok();

    // Read first, then written over: no scar.
    let (env, last, _) = scarred("true", &[READ, OVERWRITE]);
    assert!(!last["events"].to_string().contains(line), "{last}");
    assert!(scars(&env).is_empty());

    // A line added at its end, unread (the keeper's "append" errand): its words are all still
    // there, so no scar; the history keeps the version before the line all the same.
    let (env, last, _) = scarred("true", &[APPEND]);
    assert!(
        !last["events"].to_string().contains("without being read"),
        "{last}"
    );
    assert!(scars(&env).is_empty());
    let now = std::fs::read(env.path("workspace/todo.txt")).unwrap();
    assert_eq!(
        now,
        [TODO, b"one more\n"].concat(),
        "the keeper's bytes kept whole"
    );
    let history = env
        .wis(&["workspace", "history", "todo.txt"])
        .ok()
        .to_string();
    assert!(history.contains("added to"), "{history}");
}

#[test]
fn with_the_history_off_nothing_is_kept_and_a_broken_history_runs_nothing() {
    let server = FakeOpenAi::builder()
        .answers([OVERWRITE, OVERWRITE].map(Answer::content))
        .start();
    let mut env = creature(&server);
    env.set("WIS_WORKSPACE_HISTORY", "false");
    tick(&env);
    assert_eq!(env.read("workspace/todo.txt"), "hello keeper");
    assert!(
        !env.path("history").exists(),
        "off: nothing looked at or kept"
    );
    env.wis(&["workspace", "restore", "todo.txt"]).code(66);

    // On, with a history that cannot keep anything (its folder is a file): the write is not run.
    let mut env = creature(&server);
    env.set("WIS_WORKSPACE_HISTORY", "true");
    std::fs::write(env.path("history"), "not a folder").unwrap();
    let refused = tick(&env);
    assert_eq!(refused["success"], false);
    assert_eq!(refused["fail_kind"], "internal");
    assert!(
        refused["summary"].to_string().contains("was not run"),
        "{refused}"
    );
    assert_eq!(bytes(&env.path("workspace/todo.txt")), TODO);
}
