//! Battery v3's fixture through the scripts and the binary: `scripts/real_life.sh` gives the v3
//! house and the keeper's commissions, each with its kind, to a newborn; `wis curve run` puts
//! the test half, built into wis, from a directory that does not hold it, and records every
//! task's sort; and `scripts/battery_life.py` reads a lived creature's export: the answers and
//! jobs that appeared in the life, a transfer whose job was done on another file, one whose file
//! the life touched, and what never appeared.

use std::path::PathBuf;
use std::process::Command;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi, planning_then};

fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// `PROGRAM SCRIPT ARGS` (bash or python3) with the environment the harness gives the binary.
fn script(env: &TestEnv, program: &str, rel: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(program);
    cmd.arg(repo(rel))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", env.dir.path())
        .env("WIS_DATA_DIR", env.root("data"))
        .env("WIS_NOW", env.now.to_string())
        .env("NO_COLOR", "1")
        .env("WIS", env!("CARGO_BIN_EXE_wis"))
        .current_dir(env.dir.path());
    cmd
}

fn ran(cmd: &mut Command) -> String {
    let out = cmd.output().expect("the script runs");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    said
}

#[test]
fn real_life_gives_the_v3_house_and_each_commission_with_its_kind() {
    let env = TestEnv::new();
    let home = env.home();
    ran(script(
        &env,
        "bash",
        "scripts/real_life.sh",
        &[home.to_str().unwrap(), "0", "5"],
    )
    .env("HOUSE", repo("exam_battery/v3.house"))
    .env("COMMISSIONS", repo("exam_battery/v3.commissions.txt")));
    for f in [
        "notes.txt",
        "pump.conf",
        "recipes/soup.txt",
        "shed/lamp.conf",
    ] {
        assert!(env.path("workspace").join(f).is_file(), "{f}");
    }
    let list = env.wis(&["--output-format", "json", "commission", "list"]);
    let given: Vec<serde_json::Value> = list
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let file = std::fs::read_to_string(repo("exam_battery/v3.commissions.txt")).unwrap();
    let lines: Vec<&str> = file.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(given.len(), lines.len());
    for line in lines {
        let (kind, rest) = line.split_once(": ").unwrap();
        let (text, _) = rest.split_once(" | ").unwrap();
        let c = given
            .iter()
            .find(|c| c["text"] == text)
            .unwrap_or_else(|| panic!("{text} was not given"));
        assert_eq!(c["kind"], kind, "{c}");
        assert!(c["check"].is_object(), "{c}");
    }
}

#[test]
fn curve_run_puts_the_built_in_test_half_and_records_each_tasks_sort() {
    // The resident model's name, so the arm is the model it claims to be.
    let server = FakeOpenAi::builder()
        .model("gemma-3-270m")
        .then_forever(Answer::content(
            r#"{"tool": "reply", "args": {"text": "7341"}}"#,
        ))
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.wis(&["pause"]).ok();
    let out = env.root("curve.jsonl");
    // The working directory and the home hold no exam_battery/: the copy inside wis answers.
    assert!(!env.root("exam_battery").exists());
    env.wis(&[
        "curve",
        "run",
        "--battery",
        "exam_battery/v3-test.jsonl",
        "--arm",
        "naive-small",
        "--out",
        out.to_str().unwrap(),
    ])
    .ok();
    let line = std::fs::read_to_string(&out).unwrap();
    let r: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(r["battery"]["version"], "v3-test");
    let file = std::fs::read(repo("exam_battery/v3-test.jsonl")).unwrap();
    assert_eq!(
        r["battery"]["sha256"],
        wis::wisdom::curve::battery::sha256_hex(&file)
    );
    let tasks = r["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 12);
    let sorts: std::collections::BTreeSet<&str> = tasks
        .iter()
        .map(|t| t["domain"].as_str().unwrap())
        .collect();
    assert_eq!(
        sorts.into_iter().collect::<Vec<_>>(),
        ["detail", "procedure", "recall", "transfer"]
    );
    for t in tasks {
        let want = if t["id"] == "value-pump-port" {
            1.0
        } else {
            0.0
        };
        assert_eq!(t["score"], want, "{t}");
    }
    let by_domain = ran(&mut script(
        &env,
        "python3",
        "scripts/curve_domains.py",
        &[out.to_str().unwrap()],
    ));
    assert!(
        by_domain.contains("battery v3-test at age 0"),
        "{by_domain}"
    );
    assert!(by_domain.contains("1.00/4"), "recall: {by_domain}");
    assert!(by_domain.contains("0.00/2"), "transfer: {by_domain}");
}

#[test]
fn battery_life_names_what_appeared_in_a_life_and_what_never_did() {
    let work = [
        r#"{"tool": "read_file", "args": {"path": "notes.txt"}}"#,
        r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#,
        r#"{"tool": "bash", "args": {"command": "mkdir -p logs"}}"#,
        r#"{"tool": "bash", "args": {"command": "echo eggs >> shopping.txt"}}"#,
        r#"{"tool": "read_file", "args": {"path": "shed/lamp.conf"}}"#,
    ];
    let server = planning_then(
        r#"{"thought": "the house", "plan": ["read the notes", "tidy up"]}"#,
        &work,
    );
    let mut env = TestEnv::born();
    env.use_mind(&server);
    ran(Command::new("cp")
        .arg("-R")
        .arg(repo("exam_battery/v3.house").join("."))
        .arg(env.path("workspace")));
    // A plan, then each scripted action; once they run out the server answers 500 and a tick
    // fails, which changes nothing the life already holds.
    for _ in 0..=work.len() + 1 {
        env.wis(&["tick"]);
    }
    let cc = env.root("life.cc");
    env.wis(&["cachectl", "export", "--out", cc.to_str().unwrap()])
        .ok();
    let projected = env.wis(&["cachectl", "project", cc.to_str().unwrap()]);
    let life = env.root("life.jsonl");
    std::fs::write(&life, projected.ok()).unwrap();
    let said = ran(&mut script(
        &env,
        "python3",
        "scripts/battery_life.py",
        &[
            life.to_str().unwrap(),
            repo("exam_battery/v3-test.jsonl").to_str().unwrap(),
            repo("exam_battery/v3-tune.jsonl").to_str().unwrap(),
        ],
    ));
    let verdict = |id: &str| -> String {
        said.lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("{id} is not in {said}"))
            .to_string()
    };
    for id in [
        "value-pump-port",
        "detail-shed-code",
        "detail-pump-log",
        "procedure-read-notes",
        "procedure-logs",
        "procedure-eggs",
        "detail-pump-mode",
        "value-notes",
    ] {
        assert!(verdict(id).ends_with(" appeared"), "{}", verdict(id));
    }
    assert!(
        verdict("transfer-mkdir").contains("its job appeared (bash mkdir), its file never touched"),
        "{said}"
    );
    assert!(
        verdict("transfer-append").contains("its job appeared (bash >>)"),
        "{said}"
    );
    assert!(
        verdict("transfer-read").contains("NOT A TRANSFER"),
        "{said}"
    );
    for id in [
        "value-backup",
        "detail-backup-files",
        "transfer-copy",
        "procedure-soup-copy",
    ] {
        assert!(verdict(id).contains("NEVER APPEARED"), "{}", verdict(id));
    }
    assert!(said.contains("never: value-backup"), "{said}");
}
