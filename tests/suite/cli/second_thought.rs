//! A second thought through the real binary against a fake model server (design §6): a step
//! answered with the action that advanced nothing on it at the previous work turn is asked once
//! more, before anything runs, with that action's tool out of the grammar and what it showed
//! stated above the step; the second answer is the one that runs, and the stream says so.
//! With `[wisdom] second_thought_enabled` off, the repeated action runs and nothing more is
//! asked.

use serde_json::Value;

use crate::support::TestEnv;
use crate::support::fake_openai::{FakeOpenAi, planning_then};

const STEP: &str = "write hello into greeting.txt";
const WRONG: &str = r#"{"tool": "write_file", "args": {"path": "hello.txt", "content": "hello"}}"#;
const RIGHT: &str = r#"{"tool": "bash", "args": {"command": "echo hello > greeting.txt"}}"#;
const PLAN: &str = r#"{"thought": "the keeper asked", "plan": ["write hello into greeting.txt"]}"#;

/// A server that plans when asked to think and otherwise answers the work turns in order.
fn scripted(work: &[&str]) -> FakeOpenAi {
    planning_then(PLAN, work)
}

fn creature(server: &FakeOpenAi, on: bool) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set(
        "WIS_WISDOM_SECOND_THOUGHT_ENABLED",
        if on { "true" } else { "false" },
    );
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    env.wis(&[
        "commission",
        "add",
        STEP,
        "--check",
        "file greeting.txt contains hello",
    ])
    .ok();
    env
}

/// Ticks until `n` work turns have acted (ruminations between them are the server's too).
fn work_ticks(env: &TestEnv, n: usize) -> Vec<Value> {
    let mut work = Vec::new();
    for _ in 0..4 * n {
        let run = env.wis(&["tick", "--output-format", "json"]);
        assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
        let report = run.json();
        if report["turn"] == "work" {
            work.push(report);
            if work.len() == n {
                return work;
            }
        }
    }
    panic!("{n} work turns never came: {work:?}");
}

/// The completion requests of work turns (not a rumination's), as JSON.
fn work_asked(server: &FakeOpenAi) -> Vec<Value> {
    server
        .completions()
        .into_iter()
        .map(|r| r.json)
        .filter(|b| !b.to_string().contains("## Think"))
        .collect()
}

/// The action grammar's tool names in a completion request.
fn tools_asked(body: &Value) -> Vec<String> {
    let schema = &body["response_format"]["json_schema"]["schema"];
    let schema = if schema.is_null() {
        &body["json_schema"]
    } else {
        schema
    };
    schema["anyOf"]
        .as_array()
        .map(|branches| {
            branches
                .iter()
                .filter_map(|b| b.pointer("/properties/tool/enum/0")?.as_str())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_idle_action_chosen_again_is_asked_about_once_more_and_the_second_answer_runs() {
    // Made hello.txt (new: it advanced), the same again (nothing), then the same a third time:
    // the second asking answers the step another way.
    let server = scripted(&[WRONG, WRONG, WRONG, RIGHT]);
    let env = creature(&server, true);
    let work = work_ticks(&env, 3);
    assert_eq!(work[1]["action"], work[0]["action"]);
    let third = &work[2];
    assert!(
        third["action"].as_str().unwrap().starts_with("bash"),
        "the second answer ran: {third}"
    );
    let events = third["events"].to_string();
    assert!(
        events.contains("(second thought) write_file `hello.txt` again would change nothing"),
        "{events}"
    );
    assert!(env.home().join("workspace").join("greeting.txt").exists());

    let asked = work_asked(&server);
    assert_eq!(asked.len(), 4, "three work turns, one asked twice");
    let (first, second) = (&asked[2], &asked[3]);
    assert!(tools_asked(first).iter().any(|t| t == "write_file"));
    let tools = tools_asked(second);
    assert!(!tools.is_empty() && !tools.iter().any(|t| t == "write_file"));
    assert!(tools.iter().any(|t| t == "reply"));
    let prompt = second.to_string();
    assert!(
        prompt.contains(
            "Known fact: you just did write_file `hello.txt` for this step and it showed: ok: wrote 5 bytes to hello.txt"
        ),
        "{prompt}"
    );

    // The stream says what was chosen instead, where the next prompt shows it.
    let next = env
        .wis(&["tick", "--dry-run", "--output-format", "json"])
        .json();
    let volatile = next["prompt"]["volatile"].as_str().unwrap();
    assert!(
        volatile.contains("(second thought) write_file `hello.txt` again would change nothing"),
        "{volatile}"
    );
}

#[test]
fn a_first_action_or_one_that_advanced_is_asked_once() {
    // The first write advanced (a new file): the second, identical, is not questioned.
    let server = scripted(&[WRONG, WRONG]);
    let env = creature(&server, true);
    work_ticks(&env, 2);
    assert_eq!(server.remaining(), 0);
    let asked = work_asked(&server).len();
    assert_eq!(asked, 2);
}

#[test]
fn off_the_repeated_action_runs_and_nothing_more_is_asked() {
    let server = scripted(&[WRONG, WRONG, WRONG, RIGHT]);
    let env = creature(&server, false);
    let work = work_ticks(&env, 3);
    assert_eq!(work[2]["action"], work[0]["action"]);
    assert!(!work[2]["events"].to_string().contains("second thought"));
    assert!(!env.home().join("workspace").join("greeting.txt").exists());
    let asked = work_asked(&server).len();
    assert_eq!(asked, 3);
}

#[test]
fn a_step_done_by_telling_the_keeper_is_asked_again_with_the_reply_alone() {
    const READ: &str = r#"{"tool": "read_file", "args": {"path": "todo.txt"}}"#;
    const TOLD: &str = r#"{"tool": "reply", "args": {"text": "water the plants at noon"}}"#;
    let server = scripted(&[READ, READ, READ, TOLD]);
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.set("WIS_WISDOM_SECOND_THOUGHT_ENABLED", "true");
    std::fs::write(
        env.home().join("workspace").join("todo.txt"),
        "water the plants at noon\n",
    )
    .unwrap();
    env.wis(&[
        "commission",
        "add",
        "tell me what todo.txt says",
        "--check",
        "reply contains water",
    ])
    .ok();
    let work = work_ticks(&env, 3);
    assert!(
        work[2]["action"].as_str().unwrap().starts_with("reply"),
        "{}",
        work[2]
    );
    let asked = work_asked(&server);
    assert_eq!(asked.len(), 4);
    assert_eq!(tools_asked(&asked[3]), ["reply"]);
    let commission = env
        .wis(&["commission", "list", "--all", "--output-format", "json"])
        .stdout;
    assert!(commission.contains("\"done\""), "{commission}");
}
