//! A command's life and its end: plain runs, the timeout, processes left in the background,
//! a supervisor killed mid-command, and the description for status.

use std::path::Path;
use std::time::Duration;

use super::harness::*;
use crate::support::require::skip;
use wis::base::config::Organs;
use wis::creature::FailKind;
use wis::world::sandbox::{Limits, ProcessCap, SandboxMode, process_cap};

fn plain_commands(mode: SandboxMode) {
    let h = home();
    let l = limits(mode);
    let out = run(
        mode,
        &h.ws,
        &l,
        "echo hi > made.txt; pwd; echo $HOME; echo oops >&2",
    );
    assert_eq!(out.fail_kind, FailKind::Ok);
    let ws = h.ws.canonicalize().unwrap();
    let ws = ws.display();
    assert_eq!(out.output, format!("{ws}\n{ws}\noops"));
    assert_eq!(out.exit_code, Some(0));
    assert!(h.ws.join("made.txt").exists());
    // Only the standard descriptors reach the command (ls's own directory handle aside).
    let out = run(mode, &h.ws, &l, "ls /proc/self/fd | wc -l");
    assert_eq!(out.output, "4");
    let out = run(mode, &h.ws, &l, "echo failing; exit 3");
    assert_eq!(out.fail_kind, FailKind::NonzeroExit);
    assert_eq!(out.exit_code, Some(3));
    assert_eq!(out.output, "failing");
}
both_modes!(plain, plain_commands);

fn timeout_kills_the_group(mode: SandboxMode) {
    let h = home();
    for l in with_and_without_cgroup(mode) {
        let out = run(mode, &h.ws, &l, "echo before; sleep 600; echo after");
        assert_eq!(out.fail_kind, FailKind::Timeout);
        assert!(out.output.starts_with("before\n[stopped"), "{}", out.output);
        assert!(out.duration_ms >= 3000 && out.duration_ms < 4000);
    }
}
both_modes!(timeout, timeout_kills_the_group);

fn background_sleep_left_behind(mode: SandboxMode) {
    let h = home();
    for l in with_and_without_cgroup(mode) {
        let out = run(mode, &h.ws, &l, "sleep 600 & echo started");
        assert_eq!(
            (out.fail_kind, out.output.as_str()),
            (FailKind::Ok, "started")
        );
        assert!(out.duration_ms < 1000, "{}", out.duration_ms);
        // One that also leaves the session and the pipe: a cgroup or a pid namespace holds it.
        if mode == SandboxMode::Bwrap || matches!(process_cap(&l), ProcessCap::Cgroup(_)) {
            let body = "setsid sleep 600 </dev/null >/dev/null 2>&1 & echo detached";
            let out = run(mode, &h.ws, &l, body);
            assert_eq!(out.fail_kind, FailKind::Ok);
            assert!(out.duration_ms < 1000, "{}", out.duration_ms);
        }
    }
}
both_modes!(background, background_sleep_left_behind);

/// Not a test on its own: the supervisor that `killed_supervisor` runs in a child process
/// (this test binary again) and kills mid-command.
#[test]
#[ignore = "helper process for the killed_supervisor tests"]
fn supervisor_helper() {
    let (Ok(mark), Ok(ws)) = (
        std::env::var("WIS_HELPER_MARK"),
        std::env::var("WIS_HELPER_WS"),
    ) else {
        return;
    };
    let mode = match std::env::var("WIS_HELPER_MODE").as_deref() {
        Ok("bwrap") => SandboxMode::Bwrap,
        _ => SandboxMode::Rlimit,
    };
    let l = Limits {
        timeout: Duration::from_secs(60),
        ..limits(mode)
    };
    let command = format!("export WIS_TEST_MARK={mark}\nsleep 600 & sleep 600");
    wis::world::sandbox::run_command(&command, Path::new(&ws), &l);
}

/// A tick killed with SIGKILL mid-command: its command dies with it (bwrap: the supervisor's
/// death signal reaches bwrap, whose sandbox dies with it; rlimit: the shell dies the same way,
/// and what it left in its cgroup is swept by the next command of any wis).
fn killed_supervisor(mode: SandboxMode) {
    let cgroup = matches!(process_cap(&limits(mode)), ProcessCap::Cgroup(_));
    if mode == SandboxMode::Rlimit && !cgroup {
        skip("without a pids cgroup the fallback's orphans outlive a killed tick");
        return;
    }
    let h = home();
    let mark = marker();
    let mode_name = if mode == SandboxMode::Bwrap {
        "bwrap"
    } else {
        "rlimit"
    };
    let mut helper = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "sandbox::lifecycle::supervisor_helper",
            "--ignored",
            "--nocapture",
        ])
        .env("WIS_HELPER_MARK", &mark)
        .env("WIS_HELPER_WS", &h.ws)
        .env("WIS_HELPER_MODE", mode_name)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The two sleeps carry the marker (the shell exported it; its own environ predates that).
    let started = wait_until(Duration::from_secs(10), || survivors(&mark).len() >= 2);
    helper.kill().unwrap();
    helper.wait().unwrap();
    assert!(started, "the helper's command never started");
    if mode == SandboxMode::Rlimit {
        wis::world::sandbox::run_command("true", &h.ws, &limits(mode));
    }
    let gone = wait_until(Duration::from_secs(2), || survivors(&mark).is_empty());
    assert!(gone, "left behind: {:?}", survivors(&mark));
}
both_modes!(killed_tick, killed_supervisor);

#[test]
fn describe_names_the_backend_and_caps() {
    let organs = Organs {
        sandbox: SandboxMode::Rlimit,
        ..Organs::default()
    };
    let text = wis::world::sandbox::describe_sandbox(&organs);
    assert!(text.starts_with("rlimit"), "{text}");
    assert!(text.contains("timeout 20 s"), "{text}");
    if available(SandboxMode::Bwrap) {
        let text = wis::world::sandbox::describe_sandbox(&Organs::default());
        assert!(text.starts_with("bwrap"), "{text}");
    }
}
