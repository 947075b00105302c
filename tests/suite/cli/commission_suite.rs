//! `scripts/commission_suite.sh` through the real binary against a fake model server: a newborn
//! is given the keeper's own errands in the house named, one at a time; the errand it closes is
//! done and summarised in `suite.json`; what its life verified is exported, and an heir born with
//! `INHERIT=` imports it before its first tick and lives the same errands.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};
use serde_json::Value;

fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The suite's script for `home`, the creature's mind the fake server.
fn suite(env: &TestEnv, server: &FakeOpenAi, home: &Path) -> Command {
    let mut cmd = Command::new("bash");
    cmd.arg(repo("scripts/commission_suite.sh"))
        .args([home.to_str().unwrap(), "7"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", env.dir.path())
        .env("WIS_DATA_DIR", env.root("data"))
        .env("WIS_NOW", env.now.to_string())
        .env("WIS_LLM_URL", server.url())
        .env("NO_COLOR", "1")
        .env("WIS", env!("CARGO_BIN_EXE_wis"))
        .env("HOUSE", env.root("house"))
        .env("COMMISSIONS", env.root("errands.txt"))
        .env("EACH", "3")
        .env("SLEEP_EVERY", "0")
        .current_dir(env.dir.path());
    cmd
}

fn ran(cmd: &mut Command) -> String {
    let out = cmd.output().expect("the script runs");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{said}\n{err}");
    format!("{said}{err}")
}

fn summary(home: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(home.join("suite.json")).unwrap()).unwrap()
}

#[test]
fn the_suite_lives_the_keepers_errands_and_an_heir_inherits_what_the_life_verified() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::content(
            r#"{"tool": "reply", "args": {"text": "7341"}}"#,
        ))
        .start();
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root("house")).unwrap();
    std::fs::write(
        env.root("house/notes.txt"),
        "pump port: 7341\nshed lamp: amber\n",
    )
    .unwrap();
    std::fs::write(
        env.root("errands.txt"),
        "# the keeper's errands\nvalue: Read notes.txt and tell me the pump port. | reply contains 7341\n",
    )
    .unwrap();
    let first = env.root("first");
    let said = ran(&mut suite(&env, &server, &first));
    assert!(said.contains("1 errands in"), "{said}");
    assert!(first.join("workspace/notes.txt").is_file());
    let fates = summary(&first);
    assert_eq!(fates["summary"]["per_kind"]["value"]["done"], 1, "{fates}");
    assert_eq!(fates["lives"][0]["commissions"][0]["done"], true, "{fates}");

    // What the life verified goes to its heir, imported before the heir's first tick.
    let volumes = env.root("volumes");
    env.wis_in(
        &first,
        &["legacy", "export", "--out", volumes.to_str().unwrap()],
    )
    .ok();
    let volume = std::fs::read_dir(&volumes)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a volume");
    let heir = env.root("heir");
    let said = ran(suite(&env, &server, &heir).env("INHERIT", &volume));
    assert!(said.contains("1 errands in"), "{said}");
    let memories = env.wis_in(&heir, &["memory", "list", "--output-format", "json"]);
    assert!(
        memories.ok().contains("inherited"),
        "the heir holds what it inherited:\n{}",
        memories.stdout
    );
    assert_eq!(summary(&heir)["summary"]["all"]["done"], 1);
}
