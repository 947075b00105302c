//! Prose recall through the real binary: a creature told how to restart the greenhouse pump,
//! whose plan's step is to restart it, is shown the fact as a `Known fact:` line right above
//! the step's question, after the worked examples of answering from such a line; a step the
//! fact does not answer shows neither; with `[wisdom] prose_recall_enabled` off the prompt is
//! what it was.

use crate::support::TestEnv;
use crate::support::fake_openai::FakeOpenAi;

const PLAN: &str = r#"{"thought": "the pump stopped", "plan": ["restart the greenhouse pump"]}"#;
const OTHER: &str = r#"{"thought": "time to tidy", "plan": ["sweep the shed floor"]}"#;
const FACT: &str = "To restart the greenhouse pump, run: pumpctl restart --greenhouse";

/// A newborn told the fact whose first (rumination) turn planned `plan`.
fn planned(plan: &str) -> TestEnv {
    let server = FakeOpenAi::builder().reply(plan).start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.json(&["memory", "add", "--kind", "procedure", FACT]);
    env.wis(&["tick"]).ok();
    env
}

fn volatile(env: &TestEnv, prose: bool) -> String {
    let flag = format!("wisdom.prose_recall_enabled={prose}");
    let dry = env.json(&["--config", &flag, "tick", "--dry-run"]);
    dry["prompt"]["volatile"].as_str().unwrap().to_string()
}

#[test]
fn a_known_fact_sits_right_above_the_step_it_answers() {
    let env = planned(PLAN);
    let on = volatile(&env, true);
    let tail =
        format!("Known fact: (told, not yet verified) {FACT}\nQ: restart the greenhouse pump\nA: ");
    assert!(on.ends_with(&tail), "{on}");
    assert!(
        on.contains(&format!(
            "## Now, your step\n{}Known fact",
            wis::world::prompt::KNOWN_EXAMPLES
        )),
        "the worked examples open the step: {on}"
    );

    let off = volatile(&env, false);
    assert!(!off.contains("Known fact"), "{off}");
    assert!(
        off.ends_with("## Now, your step\nQ: restart the greenhouse pump\nA: "),
        "{off}"
    );
    assert_eq!(
        on.replace(&on[on.find("## Now, your step").unwrap()..], ""),
        off.replace(&off[off.find("## Now, your step").unwrap()..], ""),
        "only the cue differs"
    );
}

#[test]
fn a_step_the_memory_does_not_answer_shows_nothing() {
    let env = planned(OTHER);
    let on = volatile(&env, true);
    assert!(!on.contains("Known fact"), "{on}");
    assert_eq!(on, volatile(&env, false));
}
