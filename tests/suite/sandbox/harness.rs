//! What every sandbox test shares: a temporary home, test limits, and the survivor scan.

use std::path::{Path, PathBuf};
use std::sync::RwLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use wis::base::config::Organs;
use wis::world::sandbox::{Backend, Limits, SandboxMode, backend};

pub struct Home {
    _tmp: tempfile::TempDir,
    pub home: PathBuf,
    pub ws: PathBuf,
}

pub fn home() -> Home {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let ws = home.join("workspace");
    std::fs::create_dir_all(&ws).unwrap();
    Home {
        _tmp: dir,
        home,
        ws,
    }
}

pub fn limits(mode: SandboxMode) -> Limits {
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

/// Whether this mode can be tested here; says why not when it cannot (and fails in CI).
pub fn available(mode: SandboxMode) -> bool {
    match backend(mode) {
        Backend::Refused(why) => {
            crate::support::require::skip(why);
            false
        }
        _ => true,
    }
}

pub fn marker() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "m{}x{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Live processes carrying `mark` in their environment.
pub fn survivors(mark: &str) -> Vec<u32> {
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
pub fn run(mode: SandboxMode, ws: &Path, limits: &Limits, body: &str) -> wis::creature::Outcome {
    let _shared = SATURATING.read().unwrap_or_else(|e| e.into_inner());
    run_alone(mode, ws, limits, body)
}

/// Held for writing by a test that saturates the process cap: as an unprivileged user that
/// cap (`RLIMIT_NPROC`) counts every task of the user, so other commands would find it full.
pub static SATURATING: RwLock<()> = RwLock::new(());

/// [`run`] for a test already holding [`SATURATING`].
pub fn run_alone(
    mode: SandboxMode,
    ws: &Path,
    limits: &Limits,
    body: &str,
) -> wis::creature::Outcome {
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

/// The limits with and without a pids cgroup, so each layer of containment is tried alone.
pub fn with_and_without_cgroup(mode: SandboxMode) -> [Limits; 2] {
    let no_cgroup = Limits {
        pids_cgroup: false,
        ..limits(mode)
    };
    [limits(mode), no_cgroup]
}

pub fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    done()
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
