//! `wis curve run` end to end: three arms against fake model servers with scripted answers,
//! the table and the SVG, the refusal while live, and the resident model touched back in
//! after a run and after an interrupted one (WIS6).

use std::time::Duration;

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};

pub(super) const BATTERY: &str = r#"{"id": "port", "domain": "recall", "prompt": "Which TCP port does the pump controller listen on?", "scorer": {"type": "exact", "answer": "8731"}}
{"id": "look", "domain": "procedure", "prompt": "How do you see what is in your home?", "scorer": {"type": "action_signature", "tool": "bash", "args_pattern": "\\bls\\b"}}
{"id": "store", "domain": "subsystems", "prompt": "What is your store made of?", "scorer": {"type": "claim", "must_include": ["redb", "messagepack"], "must_exclude": ["sqlite"]}}
"#;

pub(super) fn reply(text: &str) -> Answer {
    Answer::content(format!(
        r#"{{"tool": "reply", "args": {{"text": "{text}"}}}}"#
    ))
}

pub(super) fn ls() -> Answer {
    Answer::content(r#"{"tool": "bash", "args": {"command": "ls -la"}}"#)
}

/// A home whose resident model is `small` on `resident`, with a large arm on `large`.
fn setup(resident: &FakeOpenAi, large: &FakeOpenAi) -> TestEnv {
    let env = TestEnv::born();
    env.write("battery/v9.jsonl", BATTERY);
    env.write(
        "wis.toml",
        &format!(
            "[llm]\nurl = \"{}\"\nmodel = \"small\"\n\n[curve]\nbattery = \"{}\"\n\n\
             [curve.arms.naive-small]\nmemory = \"none\"\n\n\
             [curve.arms.wise-small]\nmemory = \"live\"\n\n\
             [curve.arms.naive-large]\nurl = \"{}\"\nmodel = \"large\"\nmemory = \"none\"\n",
            resident.url(),
            env.path("battery/v9.jsonl").display(),
            large.url()
        ),
    );
    env
}

fn touches(server: &FakeOpenAi) -> usize {
    server
        .completions()
        .iter()
        .filter(|r| r.json["max_tokens"] == 1)
        .count()
}

#[test]
fn three_arms_give_the_expected_table_svg_and_restore() {
    // Resident server: naive-small's three answers, wise-small's three, then the touch.
    let resident = FakeOpenAi::builder()
        .model("small")
        .answers([
            reply("127.0.0.1"),
            reply("I would look"),
            reply("a sqlite file"),
        ])
        .answers([
            reply("8731"),
            ls(),
            reply("redb holding MessagePack documents"),
        ])
        .answer(Answer::content("{}"))
        .start();
    let large = FakeOpenAi::builder()
        .model("large")
        .answers([reply("8080"), ls(), reply("redb, with messagepack")])
        .start();
    let env = setup(&resident, &large);

    snapshot!(env, "curve-run-live", ["curve", "run"]).code(75);
    assert!(
        resident.completions().is_empty(),
        "a live creature is never measured"
    );

    env.wis(&["pause"]).ok();
    let out = env.path("curve.jsonl");
    snapshot!(
        env,
        "curve-run",
        ["curve", "run", "--out", out.to_str().unwrap()]
    )
    .ok();
    // Every battery call: temperature 0, the fixed seed, no prompt cache, the same grammar.
    for req in resident
        .completions()
        .iter()
        .chain(large.completions().iter())
        .filter(|r| r.json["max_tokens"] != 1)
    {
        assert_eq!(req.json["temperature"], 0.0);
        assert_eq!(req.json["seed"], 7);
        assert_eq!(req.json["cache_prompt"], false);
    }
    assert_eq!(
        touches(&resident),
        1,
        "the resident model is touched back in once, at the end"
    );
    assert_eq!(touches(&large), 0);
    let last = resident.completions().last().unwrap().clone();
    assert_eq!(
        last.json["model"], "small",
        "the touch is the last request and asks for the resident model"
    );
    assert!(
        resident
            .requests()
            .iter()
            .any(|r| r.path.ends_with("/running")),
        "llama-swap's /running was polled"
    );

    let lines = std::fs::read_to_string(env.path("curve.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 3);
    let shown = env
        .wis(&["curve", "show", "--output-format", "json"])
        .json();
    assert!(shown.to_string().contains("wise-small"), "{shown}");
    let svg_path = env.path("curve.svg");
    snapshot!(
        env,
        "curve-plot",
        ["curve", "plot", "--out", svg_path.to_str().unwrap()]
    )
    .ok();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..60.min(svg.len())]
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    for arm in ["naive-small", "wise-small", "naive-large"] {
        assert!(svg.contains(arm), "legend lacks {arm}");
    }

    // --min-score gates a pipeline on one arm.
    for answer in [reply("no"), reply("no"), reply("no"), Answer::content("{}")] {
        resident.push(answer);
    }
    snapshot!(
        env,
        "curve-run-below-min-score",
        ["curve", "run", "--arm", "naive-small", "--min-score", "0.5"]
    )
    .code(1);
    for answer in [
        reply("8731"),
        ls(),
        reply("redb and messagepack"),
        Answer::content("{}"),
    ] {
        resident.push(answer);
    }
    snapshot!(
        env,
        "curve-run-json",
        [
            "--output-format",
            "json",
            "curve",
            "run",
            "--arm",
            "naive-small",
            "--min-score",
            "0.5"
        ]
    )
    .ok();
    snapshot!(
        env,
        "curve-plot-json",
        [
            "--output-format",
            "json",
            "curve",
            "plot",
            "--out",
            "curve.svg"
        ]
    )
    .ok();
}

#[test]
fn an_interrupted_run_still_restores_the_resident_model() {
    let resident = FakeOpenAi::builder()
        .model("small")
        .answers([
            reply("a"),
            reply("b"),
            reply("c"),
            reply("d"),
            reply("e"),
            reply("f"),
        ])
        .answer(Answer::content("{}"))
        .start();
    let large = FakeOpenAi::builder()
        .model("large")
        .then_forever(Answer::Delayed {
            wait: Duration::from_secs(2),
            then: Box::new(reply("slow")),
        })
        .start();
    let env = setup(&resident, &large);
    env.wis(&["pause"]).ok();
    let child = env
        .command()
        .args(["curve", "run"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the large arm is under way, then press Ctrl-C.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while large.completions().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !large.completions().is_empty(),
        "the large arm never started"
    );
    // SAFETY: signalling our own child process.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
    assert_eq!(
        touches(&resident),
        1,
        "the resident model is brought back after Ctrl-C too"
    );
    // The two finished arms were recorded; the interrupted one was not.
    let shown = env
        .wis(&["curve", "show", "--output-format", "json"])
        .json()
        .to_string();
    assert!(
        shown.contains("wise-small") && !shown.contains("naive-large"),
        "{shown}"
    );
}

#[test]
fn the_live_arm_answers_with_the_creatures_recall_and_the_fixture_without() {
    let life = FakeOpenAi::builder()
        .model("small")
        .reply(r#"{"thought": "where is it", "plan": ["find the pump port"]}"#)
        .reply(r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#)
        .reply(r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#)
        .start();
    let large = FakeOpenAi::builder().model("large").start();
    let env = setup(&life, &large);
    env.write(
        "workspace/notes/pump.txt",
        "the pump controller listens on 8731\n",
    );
    env.write("battery/v9.jsonl", "{\"id\": \"port\", \"domain\": \"recall\", \"prompt\": \"find the pump port\", \"scorer\": {\"type\": \"exact\", \"answer\": \"8731\"}}\n");
    for _ in 0..3 {
        env.wis(&["tick"]).ok();
    }
    env.wis(&[
        "memory",
        "add",
        "The pump controller port is written in notes/pump.txt.",
    ])
    .ok();
    env.wis(&["memory", "add", "The cat sleeps on the mat."])
        .ok();
    env.wis(&["pause"]).ok();
    for answer in [
        reply("no idea"),
        Answer::content("{}"),
        reply("8731"),
        Answer::content("{}"),
    ] {
        life.push(answer);
    }
    let before = life.completions().len();
    env.wis(&["curve", "run", "--arm", "naive-small"]).ok();
    env.wis(&["curve", "run", "--arm", "wise-small"]).ok();
    let sent = life.completions();
    let content = |i: usize| {
        let messages = sent[i].json["messages"].as_array().unwrap();
        messages
            .iter()
            .map(|m| m["content"].as_str().unwrap())
            .collect::<String>()
    };
    let (naive, wise) = (content(before), content(before + 2));
    // One layout: the same examples, then what the arm remembers, then the question.
    let examples = "Known fact: (lived) The garden log is in garden.log.";
    assert!(naive.contains(examples) && wise.contains(examples));
    assert!(
        naive.ends_with("Answer yes or no.\nA: {\"tool\": \"reply\", \"args\": {\"text\": \"Yes.\"}}\n\nQ: find the pump port\nA: "),
        "the fixture remembers nothing:\n{naive}"
    );
    // The verified case is an earlier question and answer; the told fact sits right above
    // the question; the unrelated memory and the failed action are not shown.
    assert!(
        wise.contains(
            "Q: find the pump port\nA: {\"tool\":\"read_file\",\"args\":{\"path\":\"notes/pump.txt\"}}\n\n"
        ),
        "{wise}"
    );
    assert!(
        wise.ends_with(
            "Known fact: (told, not yet verified) The pump controller port is written in notes/pump.txt.\nQ: find the pump port\nA: "
        ),
        "{wise}"
    );
    assert!(!wise.contains("The cat sleeps"), "{wise}");
    assert!(
        !wise.contains("pump.conf"),
        "the failure is not the case:\n{wise}"
    );
    // The live creature's store is untouched by the run's recall.
    assert_eq!(
        env.wis(&["status", "--output-format", "json"]).json()["documents"]["wis.bet.v1"],
        0
    );
}
