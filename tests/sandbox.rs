//! The body under attack: hostile commands run through `world::sandbox::run_command`, in both
//! backends (bwrap where it can run here, and the rlimit fallback). Each must end as a typed
//! outcome within its timeout and leave no process behind.
//!
//! Every command exports a unique `WIS_TEST_MARK`; the environment is inherited by everything
//! the command starts, so a scan of `/proc/*/environ` finds any survivor.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use wis::config::Organs;
use wis::world::FailKind;
use wis::world::sandbox::{Backend, Limits, ProcessCap, SandboxMode, backend, process_cap};

struct Home {
    _dir: tempfile::TempDir,
    home: PathBuf,
    ws: PathBuf,
}

fn home() -> Home {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let ws = home.join("workspace");
    std::fs::create_dir_all(&ws).unwrap();
    Home {
        _dir: dir,
        home,
        ws,
    }
}

fn limits(mode: SandboxMode) -> Limits {
    let organs = Organs {
        sandbox: mode,
        bash_timeout_secs: 3,
        ..Organs::default()
    };
    Limits {
        max_processes: 32,
        ..Limits::from_organs(&organs)
    }
}

/// Whether this mode can be tested here; says why not when it cannot.
fn available(mode: SandboxMode) -> bool {
    match backend(mode) {
        Backend::Refused(why) => {
            eprintln!("skipped: {why}");
            false
        }
        _ => true,
    }
}

fn marker() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "m{}x{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Live processes carrying `mark` in their environment.
fn survivors(mark: &str) -> Vec<u32> {
    let needle = format!("WIS_TEST_MARK={mark}");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(env) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if env.split(|b| *b == 0).any(|v| v == needle.as_bytes()) {
            found.push(pid);
        }
    }
    found
}

/// Runs `body` under a fresh marker, checks the outcome arrived within the timeout (plus
/// slack) and that nothing carrying the marker is left alive.
fn run(mode: SandboxMode, ws: &Path, limits: &Limits, body: &str) -> wis::world::Outcome {
    let mark = marker();
    let command = format!("export WIS_TEST_MARK={mark}\n{body}");
    let start = Instant::now();
    let outcome = wis::world::sandbox::run_command(&command, ws, limits);
    let took = start.elapsed();
    eprintln!(
        "{mode:?} `{body}` -> {} in {took:?}: {}",
        outcome.fail_kind, outcome.output
    );
    assert!(took < limits.timeout + Duration::from_secs(2), "{took:?}");
    let left = survivors(&mark);
    assert!(left.is_empty(), "processes left behind: {left:?}");
    outcome
}

#[test]
fn the_survivor_scan_sees_a_marked_process() {
    let mark = marker();
    let mut child = std::process::Command::new("sleep")
        .arg("30")
        .env("WIS_TEST_MARK", &mark)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(survivors(&mark), vec![child.id()]);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(survivors(&mark).is_empty());
}

/// One test per backend for each scenario.
macro_rules! both_modes {
    ($name:ident, $scenario:ident) => {
        mod $name {
            use super::*;
            #[test]
            fn bwrap() {
                if available(SandboxMode::Bwrap) {
                    $scenario(SandboxMode::Bwrap);
                }
            }
            #[test]
            fn rlimit() {
                $scenario(SandboxMode::Rlimit);
            }
        }
    };
}

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

/// The limits with and without a pids cgroup, so each layer of containment is tried alone.
fn with_and_without_cgroup(mode: SandboxMode) -> [Limits; 2] {
    let no_cgroup = Limits {
        pids_cgroup: false,
        ..limits(mode)
    };
    [limits(mode), no_cgroup]
}

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

fn file_size_limit(mode: SandboxMode) {
    let h = home();
    let l = Limits {
        file_max_bytes: 1 << 20,
        ..limits(mode)
    };
    let out = run(mode, &h.ws, &l, "yes > f");
    assert_eq!(out.fail_kind, FailKind::TooLarge, "{}", out.output);
    assert_eq!(std::fs::metadata(h.ws.join("f")).unwrap().len(), 1 << 20);
    assert!(out.output.contains("size limit"), "{}", out.output);
}
both_modes!(yes_to_a_file, file_size_limit);

fn output_flood(mode: SandboxMode) {
    let h = home();
    let l = Limits {
        output_read_max_bytes: 4 << 20,
        ..limits(mode)
    };
    let out = run(mode, &h.ws, &l, "yes");
    assert_eq!(out.fail_kind, FailKind::TooLarge);
    assert!(out.output.chars().count() < l.output_max_chars + 200);
    assert!(out.output.starts_with("y\ny\n") && out.output.contains("bytes cut"));
    // Under the ceiling, a long output runs to the end and is cut in the middle.
    let out = run(mode, &h.ws, &l, "seq 1 200000");
    assert_eq!(out.fail_kind, FailKind::Ok);
    assert!(out.output.starts_with("1\n2\n") && out.output.ends_with("199999\n200000"));
}
both_modes!(yes_to_stdout, output_flood);

fn network(mode: SandboxMode) {
    let h = home();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let probe = format!("echo hi > /dev/tcp/127.0.0.1/{port} && echo connected");
    // Outside the sandbox the same command reaches the listener: the probe itself works.
    let direct = std::process::Command::new("bash")
        .args(["-c", &probe])
        .output();
    assert!(direct.unwrap().status.success());
    assert!(listener.accept().is_ok());
    let root = unsafe { libc::geteuid() } == 0;
    if mode == SandboxMode::Rlimit && !root {
        eprintln!("skipped: the rlimit fallback leaves the network open for non-root users");
        return;
    }
    let out = run(mode, &h.ws, &limits(mode), &probe);
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
    assert!(!out.output.contains("connected"));
    assert!(listener.accept().is_err(), "the sandbox reached the host");
    let out = run(mode, &h.ws, &limits(mode), "echo > /dev/tcp/1.1.1.1/53");
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
}
both_modes!(no_network, network);

fn fork_bomb(mode: SandboxMode) {
    let h = home();
    let l = limits(mode);
    let cap = process_cap(&l);
    if cap == ProcessCap::Unbounded {
        eprintln!("skipped: nothing caps processes here (root without a pids cgroup)");
        return;
    }
    // First a bounded fork loop: the cap must hold before the real bomb is tried.
    let out = run(
        mode,
        &h.ws,
        &l,
        "for i in $(seq 60); do sleep 5 & done; wait",
    );
    assert!(
        out.output.contains("fork"),
        "no fork was refused: {}",
        out.output
    );
    // The classic bomb: the top shell returns at once (ok) or is stuck retrying a refused
    // fork (timeout); either way the call ends in time and nothing survives it.
    let out = run(mode, &h.ws, &l, ":(){ :|:& };:");
    assert!(matches!(out.fail_kind, FailKind::Ok | FailKind::Timeout));
    let out = run(mode, &h.ws, &l, ":(){ :|:& };:; sleep 600");
    assert_eq!(out.fail_kind, FailKind::Timeout);
    if let ProcessCap::Cgroup(n) = cap {
        assert!(out.output.contains(&format!("limit of {n} processes")));
    }
}
both_modes!(fork_bomb_is_capped, fork_bomb);

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

fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    done()
}

/// A tick killed with SIGKILL mid-command: its command dies with it (bwrap: the supervisor's
/// death signal reaches bwrap, whose sandbox dies with it; rlimit: the shell dies the same way,
/// and what it left in its cgroup is swept by the next command of any wis).
fn killed_supervisor(mode: SandboxMode) {
    let cgroup = matches!(process_cap(&limits(mode)), ProcessCap::Cgroup(_));
    if mode == SandboxMode::Rlimit && !cgroup {
        eprintln!("skipped: without a pids cgroup the fallback's orphans outlive a killed tick");
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
        .args(["--exact", "supervisor_helper", "--ignored", "--nocapture"])
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
fn bwrap_write_and_read_outside_are_contained() {
    if !available(SandboxMode::Bwrap) {
        return;
    }
    let mode = SandboxMode::Bwrap;
    let h = home();
    std::fs::write(h.home.join("wis.toml"), "api_key = \"secret\"").unwrap();
    std::os::unix::fs::symlink("../wis.toml", h.ws.join("config")).unwrap();
    let l = limits(mode);
    // A real directory outside the workspace: read-only in the sandbox.
    let outside = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("outside-{}", marker()));
    let body = format!("echo escaped > {}", outside.display());
    let out = run(mode, &h.ws, &l, &body);
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
    assert!(
        out.output.contains("Read-only file system"),
        "{}",
        out.output
    );
    assert!(!outside.exists());
    // Under /tmp: the sandbox has its own, so the write lands nowhere outside.
    let outside = h.home.parent().unwrap().join("outside.txt");
    let body = format!("echo escaped > {} && cat {0}", outside.display());
    run(mode, &h.ws, &l, &body);
    assert!(!outside.exists());
    let out = run(
        mode,
        &h.ws,
        &l,
        "cat config; cat ../wis.toml; echo x > ../planted",
    );
    assert_eq!(out.fail_kind, FailKind::NonzeroExit);
    assert!(!out.output.contains("secret"), "{}", out.output);
    assert!(!h.home.join("planted").exists());
}

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
