//! `wis curve run` arms against a fake model server: an arm is the model it claims to be (a
//! server that answers another model is refused with exit 78 naming both, a matching one is
//! recorded), and a voting arm (`samples = N`) samples warm with derived seeds and shows its
//! model calls.

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};

const BATTERY: &str = r#"{"id": "port", "domain": "recall", "prompt": "Which TCP port does the pump controller listen on?", "scorer": {"type": "exact", "answer": "8731"}}
"#;

fn reply(text: &str) -> Answer {
    Answer::content(format!(
        r#"{{"tool": "reply", "args": {{"text": "{text}"}}}}"#
    ))
}

/// A paused home whose resident model is `small` on `server`, with `arms` as [curve.arms].
fn setup(server: &FakeOpenAi, arms: &str) -> TestEnv {
    let env = TestEnv::born();
    env.write("battery/v3.jsonl", BATTERY);
    env.write(
        "wis.toml",
        &format!(
            "[llm]\nurl = \"{}\"\nmodel = \"small\"\n\n[curve]\nbattery = \"{}\"\n\n{arms}",
            server.url(),
            env.path("battery/v3.jsonl").display(),
        ),
    );
    env.wis(&["pause"]).ok();
    env
}

#[test]
fn an_arm_answered_by_another_model_is_refused_and_a_matching_one_recorded() {
    // A plain llama-server: one model (its /props says /models/small.gguf), whatever name is
    // asked for.
    let server = FakeOpenAi::builder()
        .model("small")
        .then_forever(reply("8731"))
        .start();
    let env = setup(
        &server,
        &format!(
            "[curve.arms.naive-small]\nmemory = \"none\"\n\n\
             [curve.arms.naive-large]\nurl = \"{}\"\nmodel = \"large\"\nmemory = \"none\"\n",
            server.url()
        ),
    );
    let out = env.path("curve.jsonl");
    snapshot!(
        env,
        "curve-run-answered-by-another-model",
        [
            "curve",
            "run",
            "--arm",
            "naive-large",
            "--out",
            out.to_str().unwrap()
        ]
    )
    .code(78);
    let kept = std::fs::read_to_string(&out).unwrap_or_default();
    assert_eq!(
        kept.lines().count(),
        0,
        "a refused arm is not a curve point"
    );

    env.wis(&[
        "curve",
        "run",
        "--arm",
        "naive-small",
        "--out",
        out.to_str().unwrap(),
    ])
    .ok();
    let line = std::fs::read_to_string(&out).unwrap();
    let result: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(result["model"], "small");
    assert_eq!(result["answered_by"], "/models/small.gguf");
    assert_eq!(result["tasks"][0]["score"], 1.0);
    assert!(result.get("samples").is_none(), "{result}");
}

#[test]
fn a_voting_arm_samples_warm_with_derived_seeds_and_shows_its_calls() {
    let server = FakeOpenAi::builder()
        .model("small")
        .answers([reply("8080"), reply("8731"), reply("8731.")])
        .then_forever(reply("touched"))
        .start();
    let env = setup(
        &server,
        "[curve.arms.vote-small]\nmemory = \"none\"\nsamples = 3\ntemperature = 0.9\n",
    );
    snapshot!(env, "curve-run-voting-arm", ["curve", "run"]).ok();
    let asked: Vec<_> = server
        .completions()
        .into_iter()
        .filter(|r| r.json["max_tokens"] != 1)
        .collect();
    assert_eq!(asked.len(), 3);
    for (k, req) in asked.iter().enumerate() {
        assert_eq!(req.json["temperature"], 0.9);
        assert_eq!(req.json["seed"], 7 + k as u64);
    }
}

#[test]
fn every_answer_names_the_memories_shown_and_the_one_it_came_from() {
    // One lived tick (a command that printed the port), then every battery call answers 8731.
    let server = FakeOpenAi::builder()
        .model("small")
        .reply(r#"{"tool": "bash", "args": {"command": "echo the pump listens on 8731"}}"#)
        .then_forever(reply("8731"))
        .start();
    let env = TestEnv::born();
    env.write("battery/v3.jsonl", BATTERY);
    env.write(
        "wis.toml",
        &format!(
            "[llm]\nurl = \"{}\"\nmodel = \"small\"\n\n[organs]\nbash_timeout_secs = 5\n\n\
             [curve]\nbattery = \"{}\"\n\n\
             [curve.arms.naive-small]\nmemory = \"none\"\n\n\
             [curve.arms.wise-small]\nmemory = \"live\"\n\n\
             [curve.arms.raw-small]\nmemory = \"raw\"\n",
            server.url(),
            env.path("battery/v3.jsonl").display(),
        ),
    );
    env.wis(&["commission", "add", "find which port the pump uses"])
        .ok();
    env.wis(&["tick"]).ok();
    env.wis(&[
        "memory",
        "add",
        "The pump controller listens on TCP port 8731.",
        "--kind",
        "fact",
    ])
    .ok();
    env.wis(&["pause"]).ok();
    let out = env.path("curve.jsonl");
    env.wis(&["curve", "run", "--out", out.to_str().unwrap()])
        .ok();
    let results: Vec<serde_json::Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let arm = |name: &str| -> serde_json::Value {
        results
            .iter()
            .find(|r| r["arm"] == name)
            .unwrap_or_else(|| panic!("no {name} in {results:?}"))["tasks"][0]
            .clone()
    };

    let naive = arm("naive-small");
    assert_eq!(naive["score"], 1.0);
    assert!(naive.get("shown").is_none() && naive.get("answered_from").is_none());

    let wise = arm("wise-small");

    let shown = wise["shown"].as_array().unwrap();
    let from = wise["answered_from"].as_u64().unwrap() as usize;
    assert_eq!(shown[from]["source"], "engram");
    assert_eq!(shown[from]["kind"], "fact");
    assert_eq!(shown[from]["provenance"], "told");
    assert!(shown[from]["text"].as_str().unwrap().contains("8731"));

    let raw = arm("raw-small");
    let shown = raw["shown"].as_array().unwrap();
    assert!(shown.iter().all(|m| m["source"] == "episode"), "{raw}");
    let from = raw["answered_from"].as_u64().unwrap() as usize;
    assert_eq!(shown[from]["provenance"], "experienced");
    assert!(
        shown[from]["text"]
            .as_str()
            .unwrap()
            .contains("the pump listens on 8731"),
        "{raw}"
    );
    // The raw arm's prompt held that history verbatim, in the wise arm's room.
    let asked = server.completions();
    let raw_prompt = asked
        .iter()
        .map(|r| r.body.clone())
        .find(|b| b.contains("Known fact: bash `echo the pump listens on 8731`"))
        .expect("the raw arm was shown the episode");
    // Not the told fact (the layout's own example states the same port once, for every arm).
    assert_eq!(
        raw_prompt
            .matches("The pump controller listens on TCP port 8731.")
            .count(),
        1
    );
}
