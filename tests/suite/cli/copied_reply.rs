//! The keeper's channel refuses a copied answer (design §3.6), through the real binary against
//! a fake model server: a reply that is a worked example's answer (`Pip`), held by nothing the
//! creature was shown but the demonstrations, never reaches the inbox and closes nothing; the
//! world says why; an answer of the creature's own is said as before.

use crate::support::TestEnv;
use crate::support::fake_openai::planning_then;

const PLAN: &str = r#"{"thought": "the keeper asked", "plan": ["tell the keeper the cat's name"]}"#;

fn reply(text: &str) -> String {
    format!(r#"{{"tool": "reply", "args": {{"text": "{text}"}}}}"#)
}

#[test]
fn a_demonstration_s_answer_is_refused_and_the_creature_s_own_is_said() {
    let (copied, own) = (reply("Pip"), reply("Misu"));
    let server = planning_then(PLAN, &[&copied, &own]);
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.wis(&[
        "commission",
        "add",
        "tell the keeper the cat's name",
        "--check",
        "reply contains Misu",
    ])
    .ok();
    let mut replies = Vec::new();
    for _ in 0..8 {
        let run = env.wis(&["tick", "--output-format", "json"]);
        assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
        let report = run.json();
        if report["tool"] == "reply" {
            replies.push(report);
            if replies.len() == 2 {
                break;
            }
        }
    }
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[0]["fail_kind"], "invalid_args", "{}", replies[0]);
    assert!(
        replies[0]["summary"]
            .as_str()
            .unwrap()
            .contains("worked example"),
        "{}",
        replies[0]
    );
    let inbox = env.wis(&["inbox", "--output-format", "json"]).stdout;
    assert!(!inbox.contains("Pip"), "{inbox}");
    assert!(inbox.contains("Misu"), "{inbox}");
    let done = env
        .wis(&["commission", "list", "--all", "--output-format", "json"])
        .stdout;
    assert!(done.contains("\"done\""), "{done}");
    let summary = env.wis(&["suite", "summary"]);
    assert!(
        summary
            .stdout
            .contains("replies copying a demonstration's answer: 0 said, 1 refused"),
        "{}\n{}",
        summary.stdout,
        summary.stderr
    );
}
