//! Two processes on one store: the second waits up to --wait, then exits 75 naming the holder.

use std::time::{Duration, Instant};

use crate::support::TestEnv;
use wis::base::store::{OpenOptions, Store};

#[test]
fn second_process_waits_then_exits_75_naming_the_holder() {
    let env = TestEnv::born();
    let opts = OpenOptions {
        wait: Duration::ZERO,
        command: "test-holder".into(),
        now: crate::support::EPOCH_MS,
    };
    let held = Store::open(&env.path("wis.redb"), &opts).unwrap();
    let start = Instant::now();
    let run = env.wis(&["--wait", "0.6", "status"]);
    let waited = start.elapsed();
    run.code(75);
    assert!(
        waited >= Duration::from_millis(600),
        "gave up after {waited:?}"
    );
    assert!(waited < Duration::from_secs(5), "waited {waited:?}");
    let pid = std::process::id().to_string();
    assert!(run.stderr.contains(&pid), "{}", run.stderr);
    assert!(run.stderr.contains("test-holder"), "{}", run.stderr);
    assert!(
        run.stderr.contains("2026-01-01T00:00:00Z"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--wait"), "{}", run.stderr);
    drop(held);
    env.wis(&["status"]).ok();
}

#[test]
fn waiting_process_gets_the_store_when_released() {
    let env = TestEnv::born();
    let opts = OpenOptions {
        wait: Duration::ZERO,
        command: "short-holder".into(),
        now: 0,
    };
    let held = Store::open(&env.path("wis.redb"), &opts).unwrap();
    let child = env
        .command()
        .args(["--wait", "10", "pause"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(held);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
