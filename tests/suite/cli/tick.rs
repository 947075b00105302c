//! `wis tick` end to end: the real binary against a fake OpenAI-compatible server with
//! scripted replies. Twenty ticks of a life, every malformed reply as its typed outcome, the
//! lease, pause, dry runs and an unreachable mind.

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};
use serde_json::Value;

fn env_with(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "2");
    env
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(
        run.code, 0,
        "tick failed\nstdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    run.json()
}

#[test]
fn twenty_ticks_of_a_life_with_every_malformed_reply() {
    let script: Vec<(&str, &str, &str)> = vec![
        // (reply, expected turn, expected fail_kind)
        (
            r#"{"thought": "new here", "plan": ["look around", "write a note"]}"#,
            "rumination",
            "ok",
        ),
        (
            r#"{"tool": "bash", "args": {"command": "ls -la"}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"tool": "write_file", "args": {"path": "hello.txt", "content": "hi there"}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"tool": "read_file", "args": {"path": "hello.txt"}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"tool": "note_append", "args": {"notebook": "plan", "text": "read the note"}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"tool": "note_read", "args": {"notebook": "plan"}}"#,
            "work",
            "ok",
        ),
        (r#"{"tool": "check_tools", "args": {}}"#, "work", "ok"),
        ("", "work", "parse_error"),
        (
            r#"Sure! {"tool": "bash", "args": {"command": "echo hi"}} that should do it"#,
            "work",
            "ok",
        ),
        (r#"{"tool": "bash", "args": {"comm"#, "work", "parse_error"),
        (r#"{"tool": "fly", "args": {}}"#, "work", "parse_error"),
        (
            r#"{"tool": "bash", "args": {"command": 5}}"#,
            "work",
            "parse_error",
        ),
        (
            r#"{"thought": "slow down", "plan": ["echo"]}"#,
            "rumination",
            "ok",
        ),
        (
            r#"{"tool": "bash", "args": {"command": "false"}}"#,
            "work",
            "nonzero_exit",
        ),
        (
            r#"{"tool": "reply", "args": {"text": "hello, keeper"}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"tool": "note_close", "args": {"notebook": "plan", "number": 4}}"#,
            "work",
            "ok",
        ),
        (
            r#"{"thought": "all done", "plan": ["rest"]}"#,
            "rumination",
            "ok",
        ),
        (
            r#"{"tool": "read_file", "args": {"path": "missing.txt"}}"#,
            "work",
            "not_found",
        ),
        (
            r#"{"tool": "write_file", "args": {"path": "../escape.txt", "content": "x"}}"#,
            "work",
            "denied",
        ),
        (
            r#"{"tool": "bash", "args": {"command": "sleep 30"}}"#,
            "work",
            "timeout",
        ),
    ];
    let server = FakeOpenAi::builder()
        .answers(script.iter().map(|(r, _, _)| Answer::content(*r)))
        .start();
    let env = env_with(&server);
    let mut successes_paid = 0;
    for (i, (_, turn, kind)) in script.iter().enumerate() {
        let out = tick(&env);
        assert_eq!(out["status"], "turn");
        assert_eq!(out["tick"], i as u64 + 1, "{out}");
        assert_eq!(out["turn"], *turn, "tick {}: {out}", i + 1);
        assert_eq!(out["fail_kind"], *kind, "tick {}: {out}", i + 1);
        successes_paid += out["xp"].as_u64().unwrap();
    }
    assert!(!env.dir.path().join("escape.txt").exists() && !env.home().join("escape.txt").exists());
    assert_eq!(env.read("workspace/hello.txt"), "hi there");

    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["ticks"], 20);
    assert_eq!(status["xp"], successes_paid);
    assert_eq!(
        successes_paid, 7,
        "paid for the seven tool successes that advanced something: not the reply, the \
         thoughts, or closing a note that was not the step being worked"
    );
    assert_eq!(
        status["documents"]["wis.episode.v1"], 17,
        "one episode per acting tick"
    );
    assert_eq!(status["documents"]["wis.stream.v1"], 40);
    assert_eq!(status["documents"]["wis.lease.v1"], 0);
    env.wis(&["check"]).ok();

    // Every work request offered exactly the visible tools through the nested schema.
    let sent = server.completions();
    assert_eq!(sent.len(), 20);
    let work = &sent[1].json;
    assert_eq!(work["response_format"]["type"], "json_schema");
    let branches = work["response_format"]["json_schema"]["schema"]["anyOf"]
        .as_array()
        .unwrap();
    let names: Vec<&str> = branches
        .iter()
        .map(|b| b["properties"]["tool"]["enum"][0].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "bash",
            "write_file",
            "read_file",
            "note_append",
            "note_read",
            "note_list",
            "note_close",
            "note_reopen",
            "check_tools",
            "reply"
        ]
    );
    // The stable prefix did not change while nothing was granted.
    let systems: Vec<&Value> = sent
        .iter()
        .map(|r| &r.json["messages"][0]["content"])
        .collect();
    assert!(
        systems.windows(2).all(|w| w[0] == w[1]),
        "the stable prefix changed between ticks"
    );
}

#[test]
fn one_line_per_tick_for_people() {
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "hm", "plan": ["look"]}"#)
        .reply(r#"{"tool": "bash", "args": {"command": "ls"}}"#)
        .reply(r#"{"tool": "write_file", "args": {"path": "a.txt", "content": "a"}}"#)
        .start();
    let env = env_with(&server);
    let first = snapshot!(env, "tick-rumination", ["tick"]).ok().to_string();
    assert_eq!(
        first.trim_end(),
        "tick 1 rumination (nothing is planned): planned look"
    );
    let second = snapshot!(env, "tick-work", ["tick"]).ok().to_string();
    assert!(
        second.starts_with("tick 2 work: bash `ls` -> ok "),
        "{second}"
    );
    assert!(second.trim_end().ends_with("(+1 XP)"), "{second}");
    assert_eq!(second.lines().count(), 1);
    snapshot!(env, "tick-json", ["tick", "--output-format", "json"]).ok();
    snapshot!(env, "status-lived", ["status"]).ok();
    snapshot!(
        env,
        "status-lived-json",
        ["status", "--output-format", "json"]
    )
    .ok();
}

/// The first `echo again` is its first success in the situation (progress); the four after it
/// advance nothing, and a rut of four brings a rumination.
#[test]
fn the_same_act_four_times_in_a_row_brings_a_rumination() {
    let same = r#"{"tool": "bash", "args": {"command": "echo again"}}"#;
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "go", "plan": ["say it"]}"#)
        .answers(std::iter::repeat_n(Answer::content(same), 5))
        .reply(r#"{"thought": "I am in a rut", "plan": ["do something else"]}"#)
        .start();
    let env = env_with(&server);
    let reports: Vec<serde_json::Value> = (0..7).map(|_| tick(&env)).collect();
    let turns: Vec<&str> = reports
        .iter()
        .map(|r| r["turn"].as_str().unwrap())
        .collect();
    assert_eq!(
        turns,
        [
            "rumination",
            "work",
            "work",
            "work",
            "work",
            "work",
            "rumination"
        ]
    );
    let xp: Vec<u64> = reports[1..6]
        .iter()
        .map(|r| r["xp"].as_u64().unwrap())
        .collect();
    assert_eq!(xp, [1, 0, 0, 0, 0], "only the first success pays");
    let last = server.last_completion();
    let asked = last.json["messages"][1]["content"].as_str().unwrap();
    assert!(
        asked.contains("\nQ: you keep doing the same thing") && asked.trim_end().ends_with("A:"),
        "{asked}"
    );
}

/// A call cut at the token limit is not the call the model meant: a write cut short (here to
/// an empty file) is refused as too large, and the keeper's file stays whole.
#[test]
fn a_write_cut_at_the_limit_is_not_run() {
    let cut = r#"{"tool": "write_file", "args": {"path": "notes.txt", "content": ""}}"#;
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "go", "plan": ["write the notes"]}"#)
        .answer(Answer::length(cut))
        .start();
    let env = env_with(&server);
    env.write("workspace/notes.txt", "the pump listens on 8731\n");
    assert_eq!(tick(&env)["turn"], "rumination");
    let report = tick(&env);
    assert_eq!(report["fail_kind"], "too_large", "{report}");
    assert!(
        report["summary"]
            .as_str()
            .unwrap()
            .contains("cut at its length limit"),
        "{report}"
    );
    assert_eq!(
        std::fs::read_to_string(env.path("workspace/notes.txt")).unwrap(),
        "the pump listens on 8731\n"
    );
}

#[test]
fn paused_creature_does_nothing() {
    let server = FakeOpenAi::builder().start();
    let env = env_with(&server);
    env.wis(&["pause"]).ok();
    let out = env.wis(&["tick"]).ok().to_string();
    assert!(out.contains("paused"), "{out}");
    assert!(server.completions().is_empty());
    assert_eq!(
        env.wis(&["status", "--output-format", "json"]).json()["ticks"],
        0
    );
}

#[test]
fn dry_run_prints_prompt_and_schema_and_writes_nothing() {
    let server = FakeOpenAi::builder().start();
    let env = env_with(&server);
    let before = env.wis(&["status", "--output-format", "json"]).json();
    let out = env.wis(&["tick", "--dry-run"]).ok().to_string();
    assert!(
        out.contains("=== prompt: stable prefix ===") && out.contains("=== schema ==="),
        "{out}"
    );
    assert!(
        out.contains("\"anyOf\"") || out.contains("\"plan\""),
        "{out}"
    );
    let json = env
        .wis(&["tick", "--dry-run", "--output-format", "json"])
        .json();
    assert_eq!(json["status"], "dry_run");
    assert!(
        json["prompt"]["stable"]
            .as_str()
            .unwrap()
            .contains("What you can do")
    );
    assert!(server.completions().is_empty(), "a dry run calls nothing");
    let after = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(before, after, "a dry run writes nothing");
}

#[test]
fn unreachable_mind_is_69_and_the_next_tick_still_runs() {
    let mut env = TestEnv::born();
    env.set(
        "WIS_LLM_URL",
        &crate::support::fake_openai::closed_port_url(),
    );
    env.set("WIS_LLM_CONNECT_TIMEOUT_SECS", "1");
    let run = env.wis(&["tick"]);
    run.code(69);
    assert!(run.stderr.contains("hint:"), "{}", run.stderr);
    assert_eq!(
        env.wis(&["status", "--output-format", "json"]).json()["ticks"],
        0
    );
    env.wis(&["check"]).ok();

    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "back", "plan": ["go"]}"#)
        .start();
    env.use_mind(&server);
    assert_eq!(tick(&env)["tick"], 1);
}

#[test]
fn no_url_and_no_embedded_model_is_69_with_both_ways_out() {
    let env = TestEnv::born();
    let run = env.wis(&["tick"]);
    run.code(69);
    assert!(
        run.stderr.contains("fetch-model") && run.stderr.contains("url"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_fresh_lease_is_75_a_stale_one_is_recovered() {
    use wis::creature::lease::{LEASE_KEY, Lease};
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "ok", "plan": ["x"]}"#)
        .start();
    let env = env_with(&server);
    let put = |pid: u32| {
        env.edit_store(|tx| {
            let now = crate::support::EPOCH_MS;
            let lease = Lease {
                pid,
                tick: 1,
                turn: wis::creature::heartbeat::Turn::Work,
                started_at: now,
                expires_at: now + 600_000,
            };
            tx.put(LEASE_KEY, &lease).unwrap();
        })
    };
    put(std::process::id());
    let run = env.wis(&["tick"]);
    run.code(75);
    assert!(run.stderr.contains("in flight"), "{}", run.stderr);
    assert!(server.completions().is_empty());

    let mut dead = std::process::Command::new("true").spawn().unwrap();
    let dead_pid = dead.id();
    dead.wait().unwrap();
    put(dead_pid);
    let out = env.wis(&["tick"]);
    out.ok();
    assert!(out.stderr.contains("recovered turn 1"), "{}", out.stderr);
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["ticks"], 1);
    assert_eq!(status["documents"]["wis.lease.v1"], 0);
    env.wis(&["check"]).ok();
}

#[test]
fn sleep_pressure_brings_a_sleep_turn_and_wis_sleep_sleeps_now() {
    use wis::base::store::Read;
    use wis::creature::Persona;
    let server = FakeOpenAi::builder().start();
    let env = env_with(&server);
    env.edit_store(|tx| {
        let mut persona: Persona = tx.singleton().unwrap();
        persona.sleep_pressure = persona.nap_threshold();
        tx.set(&persona).unwrap();
    });
    let out = tick(&env);
    assert_eq!(out["turn"], "sleep", "{out}");
    assert!(server.completions().is_empty(), "sleep asks no model");
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["sleeps"], 1);
    assert_eq!(status["sleep_pressure"], 0.0);
    assert_eq!(status["last_tick"]["turn"], "sleep");

    let out = env.wis(&["sleep"]).ok().to_string();
    assert!(out.contains("sleep 2"), "{out}");
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["sleeps"], 2);
    assert_eq!(status["documents"]["wis.sleep_receipt.v1"], 2);
}

/// A standing value the operator told (`wis memory add --kind value`) reaches the creature's
/// prompt as one line, and an archived one leaves it; with none, no line.
#[test]
fn a_told_value_is_one_line_of_the_next_prompt() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(
            r#"{"tool": "reply", "args": {"text": "ok"}}"#,
        ))
        .start();
    let mut env = env_with(&server);
    tick(&env);
    let first = server.last_completion().json.to_string();
    assert!(!first.contains("You hold:"), "{first}");
    let told = [
        "--output-format",
        "json",
        "memory",
        "add",
        "--kind",
        "value",
        "When someone speaks to me, I answer them.",
    ];
    let id = env.wis(&told).json()["id"].as_u64().unwrap();
    env.now += 60;
    tick(&env);
    let asked = server.last_completion().json.to_string();
    assert!(
        asked.contains("You hold: When someone speaks to me, I answer them."),
        "{asked}"
    );
    env.edit_store(|tx| {
        let memory = wis::memory::Memory::new(Box::new(wis::memory::HashEmbedder::new(256)));
        let id = wis::memory::EngramId(id);
        memory
            .set_tier(tx, id, wis::memory::Tier::Archive, 0)
            .unwrap();
    });
    env.now += 60;
    tick(&env);
    let after = server.last_completion().json.to_string();
    assert!(!after.contains("You hold:"), "{after}");
}
