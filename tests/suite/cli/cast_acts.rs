//! `wis cast`: the scene actions beyond speech, against a fake model server. Each of `wait`,
//! `hesitate`, `refuse`, `withhold`, `move` and `use` is offered where it belongs (and never to
//! a creature alone), and leaves its outcome, its receipt, its rest and its scene line.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::cast::{cast_args, status};
use crate::support::fake_openai::{Answer, FakeOpenAi, Recorded};
use crate::support::{TestEnv, snapshot};

const THOUGHT: &str = r#"{"thought": "I should look around.", "plan": ["look around"]}"#;
const REPLY: &str = r#"{"tool": "reply", "args": {"text": "all is well"}}"#;

/// A server that answers a rumination with a plan, and each creature's work turns with its
/// own script (by the name its prompt opens with), then with a reply to the keeper.
#[derive(Clone, Default)]
struct Script {
    queues: Arc<Mutex<BTreeMap<String, VecDeque<String>>>>,
}

impl Script {
    fn then(&self, name: &str, reply: impl Into<String>) {
        let mut queues = self.queues.lock().unwrap();
        queues
            .entry(name.to_string())
            .or_default()
            .push_back(reply.into());
    }

    fn serve(&self) -> FakeOpenAi {
        let queues = self.queues.clone();
        let answer = move |req: &Recorded| {
            let text = req.json.to_string();
            if text.contains("## Think") {
                return Answer::content(THOUGHT);
            }
            let mut queues = queues.lock().unwrap();
            let next = queues
                .iter_mut()
                .find(|(name, _)| text.contains(&format!("The life of {name}")))
                .and_then(|(_, q)| q.pop_front());
            Answer::content(next.unwrap_or_else(|| REPLY.to_string()))
        };
        let chat = answer.clone();
        FakeOpenAi::builder()
            .route("POST", "/v1/chat/completions", move |r| chat(r))
            .route("POST", "/v1/completions", answer)
            .start()
    }
}

/// The tool names a completion request's grammar admits.
fn offered(req: &Recorded) -> Vec<String> {
    let schema = req
        .json
        .pointer("/response_format/json_schema/schema")
        .or_else(|| req.json.get("json_schema"))
        .unwrap_or_else(|| panic!("no schema in {}", req.json));
    schema["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b.pointer("/properties/tool/enum/0")?.as_str())
        .map(String::from)
        .collect()
}

const SCENE_ACTS: [&str; 6] = ["wait", "hesitate", "refuse", "withhold", "move", "use"];

/// Two creatures on stage in `cast/`, with a 60 s rest; their ids (their names).
fn cast_of_two(env: &TestEnv) -> (PathBuf, [String; 2]) {
    let homes = ["a", "b"].map(|h| env.root(h));
    for (i, home) in homes.iter().enumerate() {
        env.wis_in(home, &["init", "--seed", &(i + 1).to_string()])
            .ok();
    }
    let cast = env.root("cast");
    env.wis(&[
        "cast",
        "init",
        cast.to_str().unwrap(),
        "--member",
        homes[0].to_str().unwrap(),
        "--member",
        homes[1].to_str().unwrap(),
        "--recovery-secs",
        "60",
    ])
    .ok();
    let status = status(env, &cast);
    let ids = homes.map(|h| {
        status["participants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["home"] == h.to_str().unwrap())
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string()
    });
    (cast, ids)
}

fn participant(status: &Value, id: &str) -> Value {
    status["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
        .clone()
}

/// Plays cast ticks, moving the clock on to whoever is ready next, until `id` takes a turn of
/// `kind` that is a work turn; returns that cast tick's output.
fn turn_of(env: &mut TestEnv, cast: &Path, id: &str, kind: &str) -> Value {
    for _ in 0..40 {
        let now = status(env, cast);
        if now["next"].is_null() {
            let soonest = now["participants"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["next_ready_at"].as_u64().unwrap())
                .min()
                .unwrap();
            env.now = soonest.div_ceil(1000);
            continue;
        }
        let run = env.wis(&cast_args(cast, &["tick"]));
        run.ok();
        let out = run.json();
        let r = &out["receipt"];
        if r["id"] == id && r["kind"] == kind && r["turn"] == "work" {
            return out;
        }
    }
    panic!("{id} never took a {kind} work turn");
}

/// A completed turn's rest: `recovery_secs / speed`, and a share of it for a turn let pass.
fn rest_ms(speed: f64, factor: f64) -> i64 {
    let full = (60_000.0 / speed).round();
    (full * factor).round() as i64
}

fn speed(env: &TestEnv, cast: &Path, id: &str) -> f64 {
    participant(&status(env, cast), id)["initiative_speed"]
        .as_f64()
        .unwrap()
}

fn cooldown(receipt: &Value) -> i64 {
    receipt["cooldown_until"].as_i64().unwrap() - receipt["completed_at"].as_i64().unwrap()
}

/// The scene's lines, oldest first, as `wis cast log --scene` gives them.
fn scene_lines(env: &TestEnv, cast: &Path) -> Vec<Value> {
    env.wis(&cast_args(cast, &["log", "--scene", "-n", "100"]))
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn last_scene_line(env: &TestEnv, cast: &Path) -> Value {
    scene_lines(env, cast).pop().expect("a scene line")
}

#[test]
fn wait_costs_the_turn_and_rests_half_as_long_as_a_full_turn() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, [a, _]) = cast_of_two(&env);
    script.then(&a, r#"{"tool": "wait", "args": {}}"#);
    let out = turn_of(&mut env, &cast, &a, "scene");
    // The outcome: the member's turn was taken, and told so.
    let report = &out["report"];
    assert_eq!(report["tool"], "wait", "{out}");
    assert_eq!(report["success"], true);
    assert_eq!(report["summary"], "wait -> ok: you wait; the turn passes");
    // The receipt.
    let r = &out["receipt"];
    assert_eq!(r["ending"], "completed");
    assert_eq!(
        r["act"],
        json!({"act": {"kind": "wait"}, "ok": true, "outcome": "you wait; the turn passes"})
    );
    // The rest: half of a completed turn's (the default `wait_recovery_factor`).
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, &a), 0.5), "{r}");
    // The scene line, in the tick's output and the scene's log.
    let line = format!("{a} waits");
    assert_eq!(out["scene"], line.as_str());
    let logged = last_scene_line(&env, &cast);
    assert_eq!(logged["text"], line.as_str());
    assert_eq!(logged["actor"], a.as_str());
    // It was offered with the other scene actions of a scene turn, not a refusal's.
    let asked = offered(&server.last_completion());
    for tool in ["say", "wait", "hesitate", "move"] {
        assert!(asked.iter().any(|t| t == tool), "{tool} in {asked:?}");
    }
    for tool in ["refuse", "withhold", "use"] {
        assert!(!asked.iter().any(|t| t == tool), "{tool} in {asked:?}");
    }
    env.wis(&[
        "cast",
        "--dir",
        cast.to_str().unwrap(),
        "check",
        "--schemas",
    ])
    .ok();
}

#[test]
fn hesitate_rests_the_share_cast_toml_names() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, [_, b]) = cast_of_two(&env);
    // The knob is read: a quarter of a full rest.
    let toml = cast.join("cast.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(text.contains("wait_recovery_factor = 0.5"), "{text}");
    std::fs::write(
        &toml,
        text.replace("wait_recovery_factor = 0.5", "wait_recovery_factor = 0.25"),
    )
    .unwrap();
    script.then(&b, r#"{"tool": "hesitate", "args": {}}"#);
    let out = turn_of(&mut env, &cast, &b, "scene");
    assert_eq!(out["report"]["tool"], "hesitate", "{out}");
    let r = &out["receipt"];
    assert_eq!(r["act"]["act"]["kind"], "hesitate");
    assert_eq!(r["act"]["ok"], true);
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, &b), 0.25), "{r}");
    assert_eq!(out["scene"], format!("{b} hesitates").as_str());
    assert_eq!(
        last_scene_line(&env, &cast)["text"],
        format!("{b} hesitates").as_str()
    );
    // A later work turn that acts rests the full time again.
    let next = turn_of(&mut env, &cast, &b, "scene");
    assert_eq!(next["report"]["tool"], "reply", "{next}");
    assert_eq!(
        cooldown(&next["receipt"]),
        rest_ms(speed(&env, &cast, &b), 1.0)
    );
    assert!(next["receipt"]["act"].is_null(), "a reply is no scene act");
    // A factor outside (0, 1) is refused when the cast loads.
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        text.replace("wait_recovery_factor = 0.25", "wait_recovery_factor = 1.5"),
    )
    .unwrap();
    let bad = env.wis(&["cast", "--dir", cast.to_str().unwrap(), "status"]);
    bad.code(78);
    assert!(
        bad.stderr.contains("wait_recovery_factor"),
        "{}",
        bad.stderr
    );
}

/// `a` asks `b` for something in a scene turn; returns the reaction turn of `b` answering it
/// with `answer`.
fn asked_and_answered(
    env: &mut TestEnv,
    script: &Script,
    cast: &Path,
    ids: &[String; 2],
    answer: &str,
) -> Value {
    let [a, b] = ids;
    script.then(
        a,
        format!(r#"{{"tool": "say", "args": {{"to": "{b}", "text": "lend me the lamp"}}}}"#),
    );
    let said = turn_of(env, cast, a, "scene");
    assert_eq!(said["report"]["said"]["to"], b.as_str(), "{said}");
    assert_eq!(
        said["scene"],
        format!("{a} to {b}: \"lend me the lamp\"").as_str()
    );
    assert_eq!(said["receipt"]["act"]["act"]["kind"], "say");
    script.then(b, answer);
    let before = status(env, cast);
    assert_eq!(before["next"], b.as_str(), "{before}");
    assert!(
        participant(&before, b)["state"]
            .as_str()
            .unwrap()
            .starts_with("spoken to by")
    );
    turn_of(env, cast, b, "reaction")
}

#[test]
fn refuse_answers_the_window_with_a_reason_and_closes_it() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, ids) = cast_of_two(&env);
    let [a, b] = &ids;
    let out = asked_and_answered(
        &mut env,
        &script,
        &cast,
        &ids,
        r#"{"tool": "refuse", "args": {"reason": "it is mine"}}"#,
    );
    let requests = server.completions();
    // The reaction was offered refuse and withhold; the scene turn that asked was not.
    let reaction = offered(requests.last().unwrap());
    assert!(
        reaction.iter().any(|t| t == "refuse") && reaction.iter().any(|t| t == "withhold"),
        "{reaction:?}"
    );
    let asking = requests
        .iter()
        .rev()
        .find(|r| r.json.to_string().contains(&format!("The life of {a}")))
        .unwrap();
    assert!(!offered(asking).iter().any(|t| t == "refuse"));
    // The outcome and the receipt.
    assert_eq!(out["report"]["tool"], "refuse", "{out}");
    assert_eq!(out["report"]["success"], true);
    let r = &out["receipt"];
    assert_eq!(r["kind"], "reaction");
    assert_eq!(
        r["act"],
        json!({
            "act": {"kind": "refuse", "from": a, "asked": "lend me the lamp", "reason": "it is mine"},
            "ok": true,
            "outcome": format!("you refuse what {a} asked: it is mine"),
        })
    );
    // An answer rests the full time, and closes the window like a `say` would.
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, b), 1.0));
    let after = status(&env, &cast);
    assert!(
        !participant(&after, b)["state"]
            .as_str()
            .unwrap()
            .starts_with("spoken to"),
        "{after}"
    );
    assert!(participant(&after, b)["reaction"].is_null());
    assert!(
        !participant(&after, a)["state"]
            .as_str()
            .unwrap()
            .starts_with("spoken to"),
        "a refusal opens no window"
    );
    // The scene line says who refused what, and why, and whom it answers.
    let line = format!("{b} refuses what {a} asked (\"lend me the lamp\") because \"it is mine\"");
    assert_eq!(out["scene"], line.as_str());
    let logged = last_scene_line(&env, &cast);
    assert_eq!(logged["text"], line.as_str());
    assert_eq!(logged["to"], a.as_str());
}

#[test]
fn withhold_answers_the_window_with_a_bounded_reason() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, ids) = cast_of_two(&env);
    let [a, b] = &ids;
    let long = "it is not yours to know ".repeat(40);
    let out = asked_and_answered(
        &mut env,
        &script,
        &cast,
        &ids,
        &json!({"tool": "withhold", "args": {"reason": long}}).to_string(),
    );
    assert_eq!(out["report"]["tool"], "withhold", "{out}");
    let r = &out["receipt"];
    let act = &r["act"]["act"];
    assert_eq!(act["kind"], "withhold");
    assert_eq!(act["from"], a.as_str());
    let reason = act["reason"].as_str().unwrap();
    assert_eq!(reason.chars().count(), 200, "bounded: {reason}");
    assert!(reason.starts_with("it is not yours to know it is") && reason.ends_with('…'));
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, b), 1.0));
    let line = out["scene"].as_str().unwrap();
    assert!(
        line.starts_with(&format!(
            "{b} withholds what {a} asked for (\"lend me the lamp\") because \"it is not yours"
        )),
        "{line}"
    );
    assert!(line.chars().count() < 300, "{line}");
    assert!(participant(&status(&env, &cast), b)["reaction"].is_null());
    drop(server);
}

#[test]
fn move_changes_the_place_that_status_and_the_others_see() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, [a, b]) = cast_of_two(&env);
    // Everyone starts here.
    assert!(participant(&status(&env, &cast), &a)["place"].is_null());
    script.then(&a, r#"{"tool": "move", "args": {"to": "the door"}}"#);
    let out = turn_of(&mut env, &cast, &a, "scene");
    assert_eq!(out["report"]["tool"], "move", "{out}");
    assert_eq!(out["report"]["success"], true);
    let r = &out["receipt"];
    assert_eq!(
        r["act"],
        json!({"act": {"kind": "move", "from": null, "to": "the door"}, "ok": true,
               "outcome": "you move to the door"})
    );
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, &a), 1.0));
    assert_eq!(out["scene"], format!("{a} moves to the door").as_str());
    // Status shows where each one is.
    assert_eq!(participant(&status(&env, &cast), &a)["place"], "the door");
    let table = env.wis(&["cast", "--dir", cast.to_str().unwrap(), "status"]);
    let row = table
        .ok()
        .lines()
        .find(|l| l.contains(&format!(" {a} ")))
        .unwrap()
        .to_string();
    assert!(row.contains("the door"), "{row}");
    let other = table
        .stdout
        .lines()
        .find(|l| l.contains(&format!(" {b} ")))
        .unwrap();
    assert!(other.contains(" here "), "{other}");
    // The other's scene says where it went; its own next scene says where it is.
    turn_of(&mut env, &cast, &b, "scene");
    let seen = server.last_completion().json.to_string();
    assert!(seen.contains(&format!("{a} (at the door)")), "{seen}");
    script.then(&a, r#"{"tool": "move", "args": {"to": "here"}}"#);
    let back = turn_of(&mut env, &cast, &a, "scene");
    let own = server.last_completion().json.to_string();
    assert!(own.contains("You are at the door."), "{own}");
    assert_eq!(
        back["scene"],
        format!("{a} comes back here from the door").as_str()
    );
    assert!(participant(&status(&env, &cast), &a)["place"].is_null());
    env.wis(&[
        "cast",
        "--dir",
        cast.to_str().unwrap(),
        "check",
        "--schemas",
    ])
    .ok();
}

#[test]
fn use_acts_on_a_scene_object_and_an_unknown_one_is_a_clear_failure() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, [a, _]) = cast_of_two(&env);
    let dir = cast.to_str().unwrap();
    env.wis(&["cast", "--dir", dir, "object", "add", "lamp", "an oil lamp"])
        .ok();
    script.then(&a, r#"{"tool": "use", "args": {"object": "Lamp"}}"#);
    let out = turn_of(&mut env, &cast, &a, "scene");
    let asked = server.last_completion();
    assert!(offered(&asked).iter().any(|t| t == "use"));
    assert!(
        asked
            .json
            .to_string()
            .contains("Things here: lamp (an oil lamp)."),
        "{}",
        asked.json
    );
    assert_eq!(out["report"]["success"], true, "{out}");
    let r = &out["receipt"];
    assert_eq!(
        r["act"],
        json!({"act": {"kind": "use", "object": "lamp"}, "ok": true,
               "outcome": "you use the lamp (an oil lamp)"})
    );
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, &a), 1.0));
    assert_eq!(out["scene"], format!("{a} uses the lamp").as_str());
    // An unknown thing: a failed outcome, a completed turn, no crash.
    script.then(&a, r#"{"tool": "use", "args": {"object": "harp"}}"#);
    let out = turn_of(&mut env, &cast, &a, "scene");
    let report = &out["report"];
    assert_eq!(report["success"], false, "{out}");
    assert_eq!(report["fail_kind"], "not_found");
    let r = &out["receipt"];
    assert_eq!(r["ending"], "completed");
    assert!(r["exit"].is_null());
    assert_eq!(r["act"]["ok"], false);
    assert_eq!(r["act"]["act"], json!({"kind": "use", "object": "harp"}));
    assert_eq!(cooldown(r), rest_ms(speed(&env, &cast, &a), 1.0));
    let line = format!(
        "{a} tries to use \"harp\" but cannot: there is no 'harp' here; the things here: lamp"
    );
    assert_eq!(out["scene"], line.as_str());
    assert_eq!(last_scene_line(&env, &cast)["text"], line.as_str());
    // The member's own store holds the turns as any other.
    env.wis_in(&env.root("a"), &["check"]).ok();
    // Taken out of the scene, it is offered no more.
    env.wis(&["cast", "--dir", dir, "object", "remove", "LAMP"])
        .ok();
    turn_of(&mut env, &cast, &a, "scene");
    assert!(
        !offered(&server.last_completion())
            .iter()
            .any(|t| t == "use")
    );
}

#[test]
fn a_creature_alone_is_never_offered_a_scene_action() {
    let server = FakeOpenAi::builder()
        .reply(THOUGHT)
        .reply(REPLY)
        .reply(r#"{"tool": "wait", "args": {}}"#)
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    assert_eq!(env.json(&["tick"])["turn"], "rumination");
    env.now += 600;
    let work = env.json(&["tick"]);
    assert_eq!(work["turn"], "work", "{work}");
    let asked = offered(&server.last_completion());
    for tool in ["say"].iter().chain(SCENE_ACTS.iter()) {
        assert!(!asked.iter().any(|t| t == tool), "{tool} in {asked:?}");
    }
    // A model that names one anyway has written no action it has.
    env.now += 600;
    let third = env.json(&["tick"]);
    assert_eq!(third["fail_kind"], "parse_error", "{third}");
    assert!(third.get("scene").is_none());
    env.wis(&["check"]).ok();
}

#[test]
fn the_scene_and_its_things_for_people_and_for_scripts() {
    let script = Script::default();
    let server = script.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    for (seed, home) in ["a", "b"].iter().enumerate() {
        env.wis_in(
            &env.root(home),
            &["init", "--seed", &(seed + 1).to_string()],
        )
        .ok();
    }
    env.wis(&["cast", "init", "cast", "--member", "a", "--member", "b"])
        .ok();
    let cast = |rest: &[&'static str]| [&["cast", "--dir", "cast"][..], rest].concat();
    let json = |rest: &[&'static str]| {
        [
            &["--output-format", "json", "cast", "--dir", "cast"][..],
            rest,
        ]
        .concat()
    };
    snapshot!(env, "cast-log-scene-empty", cast(&["log", "--scene"])).ok();
    snapshot!(
        env,
        "cast-object-add",
        cast(&["object", "add", "lamp", "an oil lamp, unlit"])
    )
    .ok();
    snapshot!(
        env,
        "cast-object-add-json",
        json(&["object", "add", "brass key", "a small brass key"])
    )
    .ok();
    snapshot!(
        env,
        "cast-object-add-twice",
        cast(&["object", "add", "LAMP", "another lamp"])
    )
    .code(64);
    snapshot!(
        env,
        "cast-object-add-bad-name",
        cast(&["object", "add", "a \"lamp\"", "quoted"])
    )
    .code(64);
    snapshot!(
        env,
        "cast-object-remove",
        cast(&["object", "remove", "brass key"])
    )
    .ok();
    snapshot!(
        env,
        "cast-object-remove-json",
        json(&["object", "remove", "harp"])
    )
    .code(64);
    let dir = env.root("cast");
    let first = status(&env, &dir)["next"].as_str().unwrap().to_string();
    script.then(&first, r#"{"tool": "move", "args": {"to": "the window"}}"#);
    turn_of(&mut env, &dir, &first, "scene");
    script.then(&first, r#"{"tool": "use", "args": {"object": "lamp"}}"#);
    turn_of(&mut env, &dir, &first, "scene");
    snapshot!(env, "cast-status-places", cast(&["status"])).ok();
    snapshot!(env, "cast-log-acts", cast(&["log", "-n", "2"])).ok();
    snapshot!(env, "cast-log-scene", cast(&["log", "--scene"])).ok();
    snapshot!(
        env,
        "cast-log-scene-json",
        json(&["log", "--scene", "-n", "2"])
    )
    .ok();
}
