//! A whole tick as cron runs it: the `wis` binary started as a process, against `wis --version`
//! started the same way, in the same run. The tick is one an armed reflex handles below the
//! model (the cron path that needs no model server): the store read (is the creature paused,
//! busy or resting?), then opened to write, the reflex fired through dispatch (`read_file`), the
//! turn recorded, one commit, the store closed. A benchmark, without a goal.
//!
//! Run: `cargo bench --bench tick_process`. Ratio: `reflex_tick` / `version`. Each tick starts
//! from a copy of the same home (made outside the measured time), so every sample is the same
//! tick.

use std::path::{Path, PathBuf};
use std::process::Command;

use wis::base::config::TEMPLATE;
use wis::base::store::Tx;
use wis::creature::notebooks::{Notebook, PLAN};
use wis::wisdom::reflex::{Provenance, Reflex, ReflexAction, Status, Trigger};

fn main() {
    divan::main();
}

/// The tests' way of opening a store and of bearing a creature.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

const BIN: &str = env!("CARGO_BIN_EXE_wis");
const SITUATION: &str = "-|find the pump port";

fn armed_reflex() -> Reflex {
    Reflex {
        id: "r1".into(),
        trigger: Trigger {
            situation_key: SITUATION.into(),
            guard: None,
            world: None,
        },
        action: ReflexAction {
            tool: "read_file".into(),
            args: r#"{"path":"notes/pump.txt"}"#.into(),
            signature: "read_file notes/pump.txt".into(),
        },
        provenance: Provenance {
            episode_ids: vec![1, 2, 3, 4, 5],
            successes: 5,
            last_adjudicated: 0,
        },
        status: Status::Armed,
        fired: 0,
        failed: 0,
        armed_by: Some("operator".into()),
        armed_at: Some(0),
        proposed_tick: 5,
        last_fired: None,
        demoted_tick: None,
        last_failure: None,
        inherited: None,
    }
}

/// `wis` in `home`, the clock pinned, as cron starts it.
fn wis(home: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("WIS_HOME", home)
        .env("WIS_DATA_DIR", home.join("data"))
        .env("WIS_NOW", "1767225600");
    cmd
}

/// Runs `cmd`, insisting on success; its stdout.
fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run wis");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A creature with reflexes switched on in its `wis.toml` (the template `wis init` writes,
/// two keys set), a plan step, the file its armed reflex reads, and one reflex tick lived, so
/// the measured tick is an ordinary one (nothing seeded on first sight).
fn template(dir: &Path) -> PathBuf {
    let home = dir.join("template");
    store::born(&home, 0);
    let config = TEMPLATE
        .replace("# reflexes_enabled = false", "reflexes_enabled = true")
        .replace("# reflex_saves_tick = false", "reflex_saves_tick = true");
    assert_ne!(config, TEMPLATE);
    std::fs::write(home.join("wis.toml"), config).unwrap();
    std::fs::create_dir_all(home.join("workspace/notes")).unwrap();
    std::fs::write(home.join("workspace/notes/pump.txt"), "port 8731\n").unwrap();
    let db = store::open(&home.join("wis.redb"));
    let mut tx: Tx = db.write().unwrap();
    let mut plan = Notebook {
        name: PLAN.into(),
        ..Notebook::default()
    };
    plan.append("find the pump port", 0);
    tx.put(PLAN, &plan).unwrap();
    tx.put("r1", &armed_reflex()).unwrap();
    tx.commit().unwrap();
    drop(db);
    let first = run(wis(&home, &["--output-format", "json", "tick"]).arg("--quiet"));
    assert!(first.contains("[REFLEX]"), "not a reflex tick: {first}");
    home
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[divan::bench(sample_count = 40)]
fn version(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    bencher.bench_local(|| run(&mut wis(&home, &["--version"])));
}

#[divan::bench(sample_count = 40)]
fn reflex_tick(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let template = template(dir.path());
    let mut n = 0;
    bencher
        .with_inputs(|| {
            n += 1;
            let home = dir.path().join(format!("home{n}"));
            copy_dir(&template, &home);
            home
        })
        .bench_local_values(|home| {
            let out = run(&mut wis(&home, &["--output-format", "json", "tick"]));
            assert!(out.contains("[REFLEX]"), "not a reflex tick: {out}");
            home
        });
}
