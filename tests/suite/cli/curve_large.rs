//! The seed's question end to end against two fake model servers: the small model (resident)
//! with and without memory and voting over two samples, and a naive larger model on a second
//! server that answers better. Run at two ages, `wis curve run` prints each arm's compute and
//! its ratio to the naive small arm's, the wise arm against the large one, and the age it
//! crossed; `wis curve show` and `wis curve plot` give the same, the plot with the three lines
//! and the crossing marked; and a large arm that another model answers is refused (78),
//! recording nothing.

use wis::base::store::Read;
use wis::creature::Persona;

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};

// The three-task battery and the answers of `curve_run`'s tests.
use super::curve_run::{BATTERY, ls, reply};

fn wrong() -> [Answer; 3] {
    [
        reply("127.0.0.1"),
        reply("I would look"),
        reply("a sqlite file"),
    ]
}

/// The four arms: the small model (`resident`) with and without memory and voting over two
/// samples, and the large model on its own server (`large_url`).
fn config(resident: &FakeOpenAi, large_url: &str, battery: &str) -> String {
    format!(
        "[llm]\nurl = \"{}\"\nmodel = \"small\"\n\n[curve]\nbattery = \"{battery}\"\n\n\
         [curve.arms.naive-small]\nmemory = \"none\"\n\n\
         [curve.arms.wise-small]\nmemory = \"live\"\n\n\
         [curve.arms.vote-small]\nmemory = \"none\"\nsamples = 2\n\n\
         [curve.arms.naive-large]\nurl = \"{large_url}\"\nmodel = \"large\"\nmemory = \"none\"\n",
        resident.url(),
    )
}

/// Sets the paused creature's age.
fn age(env: &TestEnv, ticks: u64) {
    env.edit_store(|tx| {
        let mut p: Persona = tx.singleton().unwrap();
        p.ticks = ticks;
        tx.set(&p).unwrap();
    });
}

#[test]
fn wise_small_crosses_naive_large_and_the_curve_says_when() {
    // Resident, per run: naive-small's three answers, vote-small's six, wise-small's three,
    // then the touch that brings it back. Below the large arm at 10 ticks, above it at 20.
    let resident = FakeOpenAi::builder()
        .model("small")
        .answers(wrong())
        .answers(wrong().into_iter().flat_map(|a| [a.clone(), a]))
        .answers([reply("8731"), reply("I would look"), reply("a sqlite file")])
        .answer(Answer::content("{}"))
        .answers(wrong())
        .answers(wrong().into_iter().flat_map(|a| [a.clone(), a]))
        .answers([
            reply("8731"),
            ls(),
            reply("redb holding MessagePack documents"),
        ])
        .answer(Answer::content("{}"))
        .start();
    // The large model knows two of the three, at both ages (it has no memory to grow).
    let large = FakeOpenAi::builder()
        .model("large")
        .answers([reply("8731"), ls(), reply("a sqlite file")])
        .answers([reply("8731"), ls(), reply("a sqlite file")])
        .start();
    let env = TestEnv::born();
    env.write("battery/v9.jsonl", BATTERY);
    let battery = env.path("battery/v9.jsonl").display().to_string();
    env.write("wis.toml", &config(&resident, &large.url(), &battery));
    env.wis(&["pause"]).ok();

    age(&env, 10);
    let below = snapshot!(env, "curve-large-run-below", ["curve", "run"])
        .ok()
        .to_string();
    assert!(
        below.contains("wise-small has not crossed naive-large"),
        "{below}"
    );
    age(&env, 20);
    let out = env.path("curve.jsonl");
    let crossed = snapshot!(
        env,
        "curve-large-run-crossed",
        ["curve", "run", "--out", out.to_str().unwrap()]
    )
    .ok()
    .to_string();
    assert!(
        crossed.contains("at 20 ticks: wise-small − naive-large: 0.333 ["),
        "{crossed}"
    );
    assert!(
        crossed.contains("wise-small crossed naive-large at age 20 ticks"),
        "{crossed}"
    );

    // Every arm's compute is in its result: calls and the tokens the fake server reported.
    let results: Vec<serde_json::Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let compute = |arm: &str| results.iter().find(|r| r["arm"] == arm).unwrap()["compute"].clone();
    for arm in ["naive-small", "vote-small", "wise-small", "naive-large"] {
        let c = compute(arm);
        assert_eq!(c["reported"], c["calls"], "{arm}: {c}");
        assert!(c["prompt_tokens"].as_u64().unwrap() > 0, "{arm}: {c}");
        assert!(c["generated_tokens"].as_u64().unwrap() > 0, "{arm}: {c}");
    }
    assert_eq!(compute("vote-small")["calls"], 6);
    assert_eq!(
        compute("vote-small")["prompt_tokens"],
        compute("naive-small")["prompt_tokens"].as_u64().unwrap() * 2,
        "two samples of the same prompts read twice the tokens"
    );
    let json = env.json(&["curve", "show"]);
    assert_eq!(json["readouts"][0]["crossing"]["state"], "crossed");
    assert_eq!(json["readouts"][0]["crossing"]["age"]["ticks"], 20);
    assert_eq!(
        json["roles"],
        serde_json::json!(["naive-small", null, "wise-small", "naive-large"])
    );
    snapshot!(env, "curve-large-show", ["curve", "show"]).ok();

    // The picture: the three lines, the large one dashed, and the crossing at 20 ticks.
    let svg_path = env.path("curve.svg");
    env.wis(&["curve", "plot", "--out", svg_path.to_str().unwrap()])
        .ok();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    for role in ["wise-small", "naive-small", "naive-large"] {
        let at = svg
            .find(&format!("<g class=\"arm {role}\""))
            .unwrap_or_else(|| panic!("no {role} line:\n{svg}"));
        let line = &svg[at..at + svg[at..].find("</g>").unwrap()];
        assert!(line.contains("<polyline "), "{role}: {line}");
        assert_eq!(role == "naive-large", line.contains("stroke-dasharray"));
    }
    assert!(svg.contains("<g class=\"arm\""), "vote-small has no role");
    assert_eq!(svg.matches("<g class=\"crossing\">").count(), 1);
    assert!(svg.contains(">crossed at 20</text>"), "{svg}");
    assert_eq!(crate::curve::xml_check::check(&svg), Ok("svg".to_string()));

    // A large arm that another model answers is refused, and nothing is recorded.
    env.write("wis.toml", &config(&resident, &resident.url(), &battery));
    resident.push(reply("8731"));
    resident.push(Answer::content("{}"));
    let refused = env.wis(&[
        "curve",
        "run",
        "--arm",
        "naive-large",
        "--out",
        out.to_str().unwrap(),
    ]);
    refused.code(78);
    assert!(
        refused.stderr.contains("asked for model \"large\"")
            && refused.stderr.contains("/models/small.gguf"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().lines().count(),
        4,
        "the refused arm is not a curve point"
    );
}
