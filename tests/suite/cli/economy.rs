//! XP per tick, measured: the real binary lives a scripted 50-tick life against the fake model
//! server, a life full of the repeats a small model falls into (the same `note_list` again and
//! again, the same file written and read back unchanged), with a little real progress mixed in
//! (a new diary note every eighth call). XP pays for progress only (design §6).
//! Each tick's turn is read from a dry run first, so a rumination gets a thought and a work
//! turn the next scripted call.

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};
use serde_json::Value;

/// Ticks in the measured life.
const TICKS: u64 = 50;

const THOUGHT: &str = r#"{"thought": "I live here", "plan": ["keep a diary", "look around"]}"#;

/// The work turns' calls, in a cycle: mostly repeats, one new note per cycle.
fn work(n: usize) -> String {
    let calls = [
        r#"{"tool": "write_file", "args": {"path": "hello.txt", "content": "hello"}}"#.to_string(),
        r#"{"tool": "read_file", "args": {"path": "hello.txt"}}"#.to_string(),
        r#"{"tool": "note_list", "args": {}}"#.to_string(),
        r#"{"tool": "note_list", "args": {}}"#.to_string(),
        r#"{"tool": "bash", "args": {"command": "echo hi"}}"#.to_string(),
        format!(
            r#"{{"tool": "note_append", "args": {{"notebook": "diary", "text": "entry {}"}}}}"#,
            n / 8
        ),
        r#"{"tool": "note_list", "args": {}}"#.to_string(),
        r#"{"tool": "write_file", "args": {"path": "hello.txt", "content": "hello"}}"#.to_string(),
    ];
    calls[n % calls.len()].clone()
}

fn json(env: &TestEnv, args: &[&str]) -> Value {
    let run = env.wis(args);
    assert_eq!(run.code, 0, "{args:?}\n{}\n{}", run.stdout, run.stderr);
    run.json()
}

#[test]
fn xp_per_tick_of_a_scripted_life_full_of_repeats() {
    let server = FakeOpenAi::builder().start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "2");
    let (mut works, mut paid, mut xp) = (0usize, 0u64, 0u64);
    let mut paid_by_tool: std::collections::BTreeMap<String, (u64, u64)> = Default::default();
    for _ in 0..TICKS {
        if server.remaining() == 0 {
            let dry = json(&env, &["tick", "--dry-run", "--output-format", "json"]);
            match dry["turn"].as_str() {
                Some("rumination") => server.push(Answer::content(THOUGHT)),
                Some("work") => {
                    server.push(Answer::content(work(works)));
                    works += 1;
                }
                _ => {}
            }
        }
        let out = json(&env, &["tick", "--output-format", "json"]);
        let got = out["xp"].as_u64().unwrap_or(0);
        xp += got;
        paid += u64::from(got > 0);
        if out["turn"] == "work"
            && let Some(tool) = out["tool"].as_str()
        {
            let entry = paid_by_tool.entry(tool.to_string()).or_default();
            entry.0 += 1;
            entry.1 += got;
        }
    }
    let status = json(&env, &["status", "--output-format", "json"]);
    assert_eq!(status["ticks"], TICKS);
    assert_eq!(status["xp"], xp, "every XP is in a tick's report");
    eprintln!(
        "{TICKS} ticks, {works} work calls: {xp} XP ({:.2} XP per tick), paid on {paid} ticks, \
         level {}",
        xp as f64 / TICKS as f64,
        status["level"]
    );
    for (tool, (calls, got)) in &paid_by_tool {
        eprintln!("  {tool}: {calls} calls, {got} XP");
    }
    // The same write, read, command and listing pay once in a situation, the first time (the
    // plan's two steps are the only situations; a re-plan that reproduces the plan twice sets
    // its first step aside); every new note pays (it was created).
    let situations = 2;
    for tool in ["write_file", "read_file", "bash", "note_list"] {
        let (calls, got) = paid_by_tool[tool];
        assert!(got >= 1 && got <= situations, "{tool}: {paid_by_tool:?}");
        assert!(
            got < calls,
            "{tool} repeated pays nothing: {paid_by_tool:?}"
        );
    }
    let notes = paid_by_tool["note_append"];
    assert_eq!(notes.0, notes.1, "every note appended pays");
}
