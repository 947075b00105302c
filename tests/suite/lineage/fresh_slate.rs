//! `scripts/fresh_slate.sh` through the binary: a creature that lived against a fake model
//! server is retired and its descendant born paused with its inheritance; a failure at the
//! export (a held store, retried then given up: nothing retired) and at the import (a
//! malformed letter: the old creature archived once, the newborn waiting) are each finished by
//! a rerun with the same arguments.

use std::path::PathBuf;
use std::process::Command;

use wis::base::store::{Read, Store};
use wis::memory::{Engram, Provenance};

use super::e2e::{GUARD, elder};
use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{Run, TestEnv};

fn slate(env: &TestEnv, args: &[&str], extra: &[(&str, &str)]) -> Run {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/fresh_slate.sh");
    let mut cmd = Command::new("bash");
    cmd.arg(script)
        .arg(env.home())
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", env.dir.path())
        .env("WIS_DATA_DIR", env.dir.path().join("data"))
        .env("WIS_NOW", env.now.to_string())
        .env("NO_COLOR", "1")
        .env("WIS", env!("CARGO_BIN_EXE_wis"))
        .current_dir(env.dir.path());
    for (k, v) in extra {
        cmd.env(k, v);
    }
    Run::of(&mut cmd)
}

fn archived(env: &TestEnv) -> usize {
    std::fs::read_dir(env.path("archive")).map_or(0, |d| d.count())
}

fn server() -> FakeOpenAi {
    FakeOpenAi::builder()
        .answers([super::e2e::PLAN, super::e2e::READ].map(Answer::content))
        .start()
}

#[test]
fn a_failed_import_is_finished_by_a_rerun_and_the_newborn_is_left_paused() {
    let server = server();
    let env = elder(&server);
    let letter = env.root("letter.toml");
    std::fs::write(
        &letter,
        "[[nugget]]\nkind = \"fact\"\ntext = \"Backups run at 04:00.\"\nmood = 1\n",
    )
    .unwrap();
    let letter_arg = letter.to_string_lossy().into_owned();
    let failed = slate(&env, &["--letter", &letter_arg], &[]);
    failed.code(65);
    assert!(failed.stderr.contains("import failed"), "{}", failed.stderr);
    assert!(env.path("fresh_slate.state").exists());
    assert_eq!(archived(&env), 1, "the elder is retired");
    std::fs::write(
        &letter,
        "[[nugget]]\nkind = \"fact\"\ntext = \"Backups run at 04:00.\"\n",
    )
    .unwrap();
    let done = slate(&env, &["--letter", &letter_arg], &[]);
    assert!(done.ok().contains("resume it with:"), "{}", done.stdout);
    assert!(
        done.stderr.contains("resuming after step 'born'"),
        "{}",
        done.stderr
    );
    assert!(!env.path("fresh_slate.state").exists());
    assert_eq!(archived(&env), 1, "retired once");
    let status = env.json(&["status"]);
    assert_eq!(status["paused"], true);
    assert_eq!(status["ticks"], 0);
    assert_eq!(status["seed"], 1, "born from the elder's seed");
    let store = env.store();
    let engrams: Vec<Engram> = store
        .read()
        .unwrap()
        .all::<Engram>()
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    assert!(
        engrams
            .iter()
            .any(|e| e.body == GUARD && e.provenance == Provenance::Inherited)
    );
    assert!(engrams.iter().any(|e| e.provenance == Provenance::Told));
    drop(store);
    let lineage = env.json(&["legacy", "lineage"]);
    assert_eq!(lineage.as_array().unwrap().len(), 2, "{lineage}");
}

#[test]
fn a_busy_export_is_retried_then_given_up_and_a_rerun_completes() {
    let server = server();
    let env = elder(&server);
    let held = Store::open(&env.path("wis.redb"), &crate::support::store::options()).unwrap();
    let busy = [
        ("WIS_WAIT", "0"),
        ("FRESH_SLATE_TRIES", "2"),
        ("FRESH_SLATE_RETRY_SECS", "0"),
    ];
    let failed = slate(&env, &["--seed", "5"], &busy);
    failed.code(75);
    assert!(failed.stderr.contains("try 1 of 2"), "{}", failed.stderr);
    assert!(!env.path("fresh_slate.state").exists(), "nothing recorded");
    assert_eq!(archived(&env), 0, "nothing retired");
    drop(held);
    slate(&env, &["--seed", "5"], &busy).ok();
    assert_eq!(env.json(&["status"])["seed"], 5);
    assert_eq!(archived(&env), 1);
}
