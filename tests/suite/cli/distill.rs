//! Experience becomes memory through the real binary against a fake model server (design
//! §4.9): a commission failed twice (`cat nothere.txt`) and then done (`touch made.txt`)
//! becomes, at the next sleep, a scar and a guardrail naming their episodes; the next time the
//! creature is in that situation the guardrail is shown, the creature follows it and the bet
//! settles as a success, which `wis memory show` prints. The export carries the guardrail; a
//! newborn that imports it holds it as inherited, is shown it, follows it into success, and
//! its next sleep verifies it. A told fact used into a closed step outlives curation's grace
//! (and is verified); one never used is archived after it.

use serde_json::Value;

use crate::support::TestEnv;
use crate::support::fake_openai::{FakeOpenAi, planning_then};

const STEP: &str = "make made.txt for me";
const FAIL: &str = r#"{"tool": "bash", "args": {"command": "cat nothere.txt"}}"#;
const FIX: &str = r#"{"tool": "bash", "args": {"command": "touch made.txt"}}"#;
const PLAN: &str = r#"{"thought": "the keeper asked", "plan": ["make made.txt for me"]}"#;

/// A server that plans when asked to think and otherwise answers the work turns in order.
fn scripted(work: &[&str]) -> FakeOpenAi {
    planning_then(PLAN, work)
}

fn creature(env: &mut TestEnv, server: &FakeOpenAi) {
    env.use_mind(server);
    env.set("WIS_WISDOM_DISTILL_ENABLED", "true");
    env.set("WIS_WISDOM_RECALL_ENABLED", "true");
    env.set("WIS_WISDOM_CURATION_ENABLED", "true");
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
}

fn commission(env: &TestEnv, check: &str) {
    env.wis(&["commission", "add", STEP, "--check", check]).ok();
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

fn engrams(env: &TestEnv) -> Vec<Value> {
    env.json(&[
        "memory",
        "list",
        "--tier",
        "active",
        "--output-format",
        "json",
    ])
    .as_array()
    .cloned()
    .unwrap_or_default()
}

fn of_kind(env: &TestEnv, kind: &str) -> Vec<Value> {
    engrams(env)
        .into_iter()
        .filter(|e| e["kind"] == kind && e["tier"] == "active")
        .collect()
}

fn shown_guardrail(env: &TestEnv) -> String {
    let dry = env.json(&["tick", "--dry-run", "--output-format", "json"]);
    dry["prompt"]["volatile"].as_str().unwrap().to_string()
}

#[test]
fn a_failure_and_its_fix_become_a_guardrail_that_is_shown_followed_passed_on_and_verified() {
    let server = scripted(&[FAIL, FAIL, FIX, FIX]);
    let mut env = TestEnv::born();
    creature(&mut env, &server);
    commission(&env, "file made.txt exists");
    for _ in 0..3 {
        tick(&env);
    }
    let done = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(done["status"], "done", "{done}");

    let slept = env.json(&["sleep", "--output-format", "json"]);
    let receipt = slept.to_string();
    assert!(receipt.contains("distillation"), "{receipt}");
    let scars = of_kind(&env, "scar");
    assert_eq!(scars.len(), 1, "{receipt}\n{:?}", engrams(&env));
    let scar = scars[0]["body"].as_str().unwrap();
    assert!(
        scar.contains("cat nothere.txt") && scar.contains(STEP),
        "{scar}"
    );
    let guards = of_kind(&env, "strategy");
    assert_eq!(guards.len(), 1, "{guards:?}");
    let guard = &guards[0];
    let body = guard["body"].as_str().unwrap();
    assert!(
        body.contains("touch made.txt") && body.contains("not bash `cat nothere.txt`"),
        "{body}"
    );
    let sources = guard["sources"].to_string();
    assert!(
        sources.contains("episode:0") && sources.contains("episode:2"),
        "the failure and the fix: {sources}"
    );
    assert!(sources.contains("signature:"), "{sources}");
    let id = format!("e{}", guard["id"]);

    // The same situation again: the guardrail is shown, followed, and settles a success.
    std::fs::remove_file(env.path("workspace/made.txt")).unwrap();
    commission(&env, "file made.txt exists");
    let prompt = shown_guardrail(&env);
    assert!(prompt.contains("Guardrail (sim"), "{prompt}");
    assert!(prompt.contains(body), "{prompt}");
    tick(&env);
    let shown = env.json(&["memory", "show", &id, "--output-format", "json"]);
    assert_eq!(shown["utility"]["followed_into_success"], 1, "{shown}");
    assert_eq!(
        shown["last_bets"][0]["settlement"], "followed_into_success",
        "{shown}"
    );
    let text = env.wis(&["memory", "show", &id]).ok().to_string();
    assert!(text.contains("followed into success (acted"), "{text}");

    // Passed on, and verified by the heir's own success.
    let out = env.json(&["legacy", "export", "--output-format", "json"]);
    let volume = std::fs::read_to_string(out["path"].as_str().unwrap()).unwrap();
    assert!(
        volume.contains("\"guardrail\"") && volume.contains("touch made.txt"),
        "{volume}"
    );
    let heir_server = scripted(&[FIX]);
    let mut heir = TestEnv::born_from(2);
    creature(&mut heir, &heir_server);
    let file = heir.root("volume.jsonl");
    std::fs::copy(out["path"].as_str().unwrap(), &file).unwrap();
    heir.wis(&["legacy", "import", file.to_str().unwrap()]).ok();
    let inherited = of_kind(&heir, "strategy");
    assert_eq!(inherited.len(), 1, "{inherited:?}");
    assert_eq!(inherited[0]["provenance"], "inherited");
    assert!(inherited[0]["fate"]["verified_at"].is_null());
    commission(&heir, "file made.txt exists");
    assert!(shown_guardrail(&heir).contains("Guardrail (sim"));
    tick(&heir);
    heir.wis(&["sleep"]).ok();
    let verified = of_kind(&heir, "strategy");
    assert!(
        !verified[0]["fate"]["verified_at"].is_null(),
        "its own success verified it: {}",
        verified[0]
    );
}

/// The tier and utility of the engram whose body is `body`.
fn engram_with(env: &TestEnv, body: &str) -> Value {
    env.json(&["memory", "list", "--output-format", "json"])
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["body"] == body)
        .cloned()
        .unwrap_or_else(|| panic!("no engram {body:?}"))
}

#[test]
fn a_told_fact_used_into_a_closed_step_outlives_its_grace_and_one_never_used_is_archived() {
    const USED: &str = "The greenhouse pump listens on port 8731";
    const UNUSED: &str = "The shed key hangs behind the blue door";
    let server = scripted(&[r#"{"tool": "reply", "args": {"text": "It is 8731."}}"#]);
    let mut env = TestEnv::born();
    creature(&mut env, &server);
    env.set("WIS_WISDOM_PROSE_RECALL_ENABLED", "true");
    for fact in [USED, UNUSED] {
        env.wis(&["memory", "add", "--kind", "fact", fact]).ok();
    }
    env.wis(&[
        "commission",
        "add",
        "which port does the greenhouse pump listen on",
        "--check",
        "reply contains 8731",
    ])
    .ok();
    let prompt = shown_guardrail(&env);
    assert!(
        prompt.contains(&format!("Known fact: (told, not yet verified) {USED}")),
        "{prompt}"
    );
    tick(&env);
    let done = env.json(&["commission", "show", "1", "--output-format", "json"]);
    assert_eq!(done["status"], "done", "{done}");
    let used = engram_with(&env, USED);
    assert_eq!(used["utility"]["followed_into_success"], 1, "{used}");
    for sleep in 1..=13 {
        env.wis(&["sleep"]).ok();
        let unused = engram_with(&env, UNUSED);
        if sleep <= 10 {
            assert_eq!(
                unused["tier"], "active",
                "within its grace at sleep {sleep}"
            );
        }
    }
    let used = engram_with(&env, USED);
    assert_eq!(used["tier"], "active", "{used}");
    assert!(!used["fate"]["verified_at"].is_null(), "{used}");
    let unused = engram_with(&env, UNUSED);
    assert_eq!(unused["tier"], "archive", "{unused}");
}
