//! Closed predictions as replay material, through the real binary against a fake model server.
//! A scripted life makes four predictions the world settles: one held, two did not, and one
//! (`==`) has no complement to score by. Replayed answers that predict what the world
//! confirmed, repeat what it refuted, or do something else come out learned, unlearned and
//! divergent; no answer enters the expectation ledger, because nothing is executed.

use serde_json::Value;
use wis::base::store::Read;
use wis::creature::expectations::Expectation;

use super::replay::tick;
use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};

const PLAN: &str = r#"{"thought": "I can foresee", "plan": ["guess what the world holds"]}"#;
const HELD: &str = r#"{"tool": "predict", "args": {"claim": "notes exist", "check": "test -f notes.txt", "within": 1}}"#;
const REFUTED: &str = r#"{"tool": "predict", "args": {"claim": "a ghost file", "check": "test -f ghost.txt", "within": 1}}"#;
const STAT_REFUTED: &str =
    r#"{"tool": "predict", "args": {"claim": "I have slept", "stat": "sleeps >= 1", "within": 1}}"#;
/// Held, but `==` has no complement: not material.
const EQUAL: &str =
    r#"{"tool": "predict", "args": {"claim": "no sleep yet", "stat": "sleeps == 0", "within": 1}}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes.txt"}}"#;

fn ledger(env: &TestEnv) -> Vec<Option<bool>> {
    let store = env.store();
    let rx = store.read().unwrap();
    rx.ring::<Expectation>(None)
        .unwrap()
        .into_iter()
        .map(|(_, e)| e.settled.map(|s| s.held))
        .collect()
}

#[test]
fn closed_predictions_replay_as_learned_unlearned_and_divergent() {
    let script = [PLAN, HELD, REFUTED, READ, STAT_REFUTED, EQUAL, READ, READ];
    let server = FakeOpenAi::builder()
        .answers(script.into_iter().map(Answer::content))
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.wis(&["unlock", "grant", "U3", "--operator"]).ok();
    env.write("workspace/notes.txt", "a note\n");
    for _ in script {
        let out = tick(&env);
        assert_eq!(out["success"], true, "{out}");
    }
    assert_eq!(
        ledger(&env),
        [Some(true), Some(false), Some(false), Some(true)]
    );

    let dry = env.json(&["replay", "--dry-run", "--seed", "5", "--batch", "8"]);
    assert_eq!(dry["replayable"], 3, "{dry}");
    assert_eq!(dry["unreplayable"], 1, "{dry}");
    let drawn = dry["drawn"].as_array().unwrap();
    let mut answers = Vec::new();
    for d in drawn {
        let m = &d["material"];
        assert_eq!(m["ground"], "prediction", "{m}");
        let tail = d["prompt"]["volatile"].as_str().unwrap();
        assert!(
            tail.ends_with("Q: guess what the world holds\nA: "),
            "{tail}"
        );
        let (fix, failed) = (m["fix"].as_str().unwrap(), m["failed"].as_str().unwrap());
        let (answer, verdict) = match (fix, failed) {
            ("predict check: test -f notes.txt", "predict check: ! test -f notes.txt") => (
                HELD.replace("notes exist", "the notes are there"),
                "learned",
            ),
            ("predict check: ! test -f ghost.txt", "predict check: test -f ghost.txt") => (
                REFUTED.replace("\"within\": 1", "\"within\": 4"),
                "unlearned",
            ),
            ("predict stat: sleeps < 1", "predict stat: sleeps >= 1") => {
                (READ.to_string(), "divergent")
            }
            other => panic!("unexpected material {other:?}"),
        };
        answers.push((answer, verdict));
    }
    for (answer, _) in &answers {
        server.push(Answer::content(answer.clone()));
    }
    let report = env.json(&["replay", "--seed", "5", "--batch", "8"]);
    assert_eq!(
        [
            &report["learned"],
            &report["unlearned"],
            &report["divergent"]
        ],
        [1, 1, 1].map(Value::from).each_ref(),
        "{report}"
    );
    let items = report["items"].as_array().unwrap();
    for (item, (_, verdict)) in items.iter().zip(&answers) {
        assert_eq!(item["ground"], "prediction");
        assert_eq!(item["verdict"], *verdict, "{item}");
    }
    assert_eq!(
        ledger(&env).len(),
        4,
        "a replayed prediction entered the ledger"
    );
    env.wis(&["check"]).ok();
}
