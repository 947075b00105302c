//! `scripts/curve_fixture.sh`, the experience curve's fixture creature, made with the binary
//! under test: told battery v1's facts, it lives the keeper's plan (`exam_battery/v1.life.json`)
//! through real ticks against the scripted test server, every outcome the one the script
//! expects, and ends paused with a verified fix in its ledger for each procedure task of the
//! battery, which the wise arm's recall finds when the task is put as the step.

use crate::support::TestEnv;

fn repo(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_fixture_creature_lives_its_plan_and_recalls_a_fix_for_every_procedure_task() {
    let env = TestEnv::new();
    let home = env.root("fixture");
    let made = std::process::Command::new("bash")
        .arg(repo("scripts/curve_fixture.sh"))
        .arg(&home)
        .arg(env!("CARGO_BIN_EXE_wis"))
        .env_remove("WIS_HOME")
        .env("WIS_DATA_DIR", env.root("data"))
        .output()
        .expect("bash runs");
    let said = String::from_utf8_lossy(&made.stdout);
    assert!(
        made.status.success(),
        "{said}\n{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // Fifteen scripted actions; the world closes "list the files in your workspace …" when
    // `ls` works, so that step's own `note_close` is never played.
    assert!(said.contains("told 12 facts, lived 14 ticks"), "{said}");

    let status = env.wis_in(&home, &["--output-format", "json", "status"]);
    let status = status.json();
    assert_eq!(status["ticks"], 14, "{status}");
    assert_eq!(status["paused"], true, "{status}");

    let battery = std::fs::read_to_string(repo("exam_battery/v1.jsonl")).unwrap();
    let mut found = 0;
    for line in battery.lines() {
        let task: serde_json::Value = serde_json::from_str(line).unwrap();
        if task["domain"] != "procedure" {
            continue;
        }
        let step = task["prompt"].as_str().unwrap();
        let want = task["scorer"]["tool"].as_str().unwrap();
        let run = env.wis_in(
            &home,
            &[
                "--output-format",
                "json",
                "memory",
                "recall",
                "--step",
                step,
            ],
        );
        let view = run.json();
        let case = &view["lookup"]["cases"][0];
        assert_eq!(case["track"]["tool"], want, "{step}: {view}");
        assert!(case["track"]["fixes"].as_u64() >= Some(1), "{step}: {case}");
        assert!(
            case["sim"].as_f64() >= view["min_sim"].as_f64(),
            "{step}: {case}"
        );
        found += 1;
    }
    assert_eq!(found, 5);
}
