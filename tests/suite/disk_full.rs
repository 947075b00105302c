//! A real full disk (ENOSPC), under the workspace and under the store: the binary runs with a
//! small tmpfs mounted over the directory (`support::full_disk`), filled to the last byte.
//!
//! The workspace full: a creature's write fails as its own typed outcome (`too_large`, the
//! system's words in the observation), the file it meant to replace keeps its bytes, no
//! temporary file is left behind, the tick itself succeeds and `wis check` passes.
//! The store's disk full: the command that cannot commit exits 74 saying the disk is full,
//! nothing half-written is left, and once space is freed the creature lives on from its last
//! committed tick.

use serde_json::Value;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::full_disk::SmallDisk;

const FILLER: &str = "filler.bin";

fn tick(disk: &SmallDisk, env: &TestEnv) -> Value {
    let mut cmd = env.command();
    cmd.args(["--output-format", "json", "tick"]);
    let run = disk.run(&cmd);
    assert_eq!(run.code, 0, "tick: {}\n{}", run.stdout, run.stderr);
    run.json()
}

fn temporary_files(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn a_full_workspace_fails_the_write_not_the_tick_and_keeps_the_old_bytes() {
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "keep notes", "plan": ["write the notes down"]}"#)
        .reply(r#"{"tool": "write_file", "args": {"path": "keep.txt", "content": "first"}}"#)
        .reply(r#"{"tool": "write_file", "args": {"path": "keep.txt", "content": "second version, longer than the first"}}"#)
        .reply(r#"{"tool": "write_file", "args": {"path": "deep/new.txt", "content": "x"}}"#)
        .reply(r#"{"tool": "bash", "args": {"command": "head -c 65536 /dev/zero > big.bin"}}"#)
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    let Some(disk) = SmallDisk::mount(&env.path("workspace"), 256 * 1024) else {
        return;
    };
    assert_eq!(tick(&disk, &env)["turn"], "rumination");
    assert_eq!(tick(&disk, &env)["fail_kind"], "ok");
    let ws = disk.root();
    assert_eq!(
        std::fs::read_to_string(ws.join("keep.txt")).unwrap(),
        "first"
    );

    disk.fill(FILLER);
    let replaced = tick(&disk, &env);
    assert_eq!(replaced["fail_kind"], "too_large", "{replaced}");
    let said = replaced.to_string();
    assert!(said.contains("No space left on device"), "{said}");
    assert_eq!(
        std::fs::read_to_string(ws.join("keep.txt")).unwrap(),
        "first"
    );
    assert!(
        temporary_files(&ws).is_empty(),
        "{:?}",
        temporary_files(&ws)
    );

    let fresh = tick(&disk, &env);
    assert_eq!(fresh["fail_kind"], "too_large", "{fresh}");
    assert!(!ws.join("deep/new.txt").exists());

    let command = tick(&disk, &env);
    assert_eq!(command["fail_kind"], "nonzero_exit", "{command}");
    assert_eq!(
        std::fs::read_to_string(ws.join("keep.txt")).unwrap(),
        "first"
    );

    let mut check = env.command();
    check.arg("check");
    disk.run(&check).ok();
    let mut status = env.command();
    status.args(["--output-format", "json", "status"]);
    let status = disk.run(&status);
    assert_eq!(status.json()["ticks"], 5, "{}", status.stdout);

    disk.free(FILLER);
    assert!(temporary_files(&ws).is_empty());
}

#[test]
fn a_full_store_disk_is_exit_74_and_loses_no_committed_tick() {
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "a log", "plan": ["keep the log"]}"#)
        .then_forever(Answer::content(
            r#"{"tool": "note_append", "args": {"notebook": "log", "text": "a tick went by, and this line is long enough to need room in the store as the ticks add up"}}"#,
        ))
        .start();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let home = env.path("");
    std::fs::create_dir_all(&home).unwrap();
    let Some(disk) = SmallDisk::mount(&home, 8 * 1024 * 1024) else {
        return;
    };
    let mut init = env.command();
    init.args(["init", "--seed", "1"]);
    disk.run(&init).ok();
    let mut plan = env.command();
    plan.args(["tick"]);
    disk.run(&plan).ok();
    disk.fill(FILLER);

    let mut codes = Vec::new();
    let mut last_ok = 1;
    for _ in 0..400 {
        let mut cmd = env.command();
        cmd.args(["--output-format", "json", "tick"]);
        let run = disk.run(&cmd);
        codes.push(run.code);
        match run.code {
            0 => last_ok = run.json()["tick"].as_u64().unwrap(),
            74 => {
                eprintln!(
                    "after {} ticks on a full disk: {}",
                    codes.len(),
                    run.stderr.trim()
                );
                assert!(
                    run.stderr.contains("the disk holding the store is full"),
                    "74 must say the disk is full: {}",
                    run.stderr
                );
                break;
            }
            other => panic!("tick exited {other}: {}\n{}", run.stdout, run.stderr),
        }
    }
    assert_eq!(
        codes.last(),
        Some(&74),
        "the store never hit the full disk: {codes:?}"
    );

    disk.free(FILLER);
    let mut check = env.command();
    check.arg("check");
    disk.run(&check).ok();
    let mut status = env.command();
    status.args(["--output-format", "json", "status"]);
    let ticks = disk.run(&status).json()["ticks"].as_u64().unwrap();
    assert!(
        ticks >= last_ok,
        "committed ticks lost: {ticks} < {last_ok}"
    );
    let mut next = env.command();
    next.args(["--output-format", "json", "tick"]);
    let after = disk.run(&next);
    assert_eq!(after.code, 0, "{}\n{}", after.stdout, after.stderr);
}
