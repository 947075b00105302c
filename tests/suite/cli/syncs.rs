//! What the disk is asked to sync, counted with `strace` around the real binary (design §3,
//! "What a tick costs"). The floor: four syncs each time a command opens the store to write
//! and closes it (redb marks the file open; its close records the free space in a two-phase
//! commit that carries the command's own, and marks the file closed), and one more each time
//! the file must grow; a command that only reads makes none. A model tick opens the store to
//! write twice (it is closed while the model thinks), a tick an armed reflex handles once,
//! and a resting tick not at all. Each count is checked against that floor, exactly, and the
//! counts are printed (`--nocapture`).

use std::path::Path;
use std::process::Command;

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, require};

const PLAN: &str =
    r#"{"thought": "the pump port is written down somewhere", "plan": ["read notes/pump.txt"]}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
const NOTE: &str = r#"{"tool": "note_append", "args": {"notebook": "log", "text": "a tick"}}"#;

/// What one traced run asked of the disk.
#[derive(Debug, Default)]
struct Trace {
    code: i32,
    stdout: String,
    /// fsync and fdatasync calls, on any file.
    syncs: usize,
    /// Those on the store file.
    store_syncs: usize,
    /// Opens of the store to write.
    writes: usize,
    /// Opens of the store to read only.
    reads: usize,
    /// Changes of the store file's length that lengthened it.
    grows: usize,
}

impl Trace {
    /// The floor the design states for what this run did.
    fn floor(&self) -> usize {
        4 * self.writes + self.grows
    }
}

/// Whether strace can trace here (installed, and ptrace allowed); says why not otherwise.
fn strace_works() -> bool {
    let ok = Command::new("strace")
        .args(["-f", "-qq", "-o", "/dev/null", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        require::skip("strace is not installed here, or may not trace (scripts/install-deps.sh)");
    }
    ok
}

/// Runs `wis ARGS` in `env` under strace.
fn traced(env: &TestEnv, args: &[&str]) -> Trace {
    let store = env.path("wis.redb");
    let mut len = std::fs::metadata(&store).map(|m| m.len()).unwrap_or(0);
    let log = env.root("strace.log");
    let inner = env.command();
    let mut cmd = Command::new("strace");
    cmd.env_clear();
    for (key, value) in inner.get_envs() {
        if let Some(value) = value {
            cmd.env(key, value);
        }
    }
    if let Some(dir) = inner.get_current_dir() {
        cmd.current_dir(dir);
    }
    cmd.args(["-f", "-qq", "-y", "-o"])
        .arg(&log)
        .args(["-e", "trace=openat,fsync,fdatasync,ftruncate"])
        .arg(inner.get_program())
        .args(args);
    let out = cmd.output().expect("run strace");
    let text = std::fs::read_to_string(&log).unwrap();
    let mut t = Trace {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        ..Trace::default()
    };
    let name = format!("{}\"", store.display());
    let fd = format!("{}>", store.display());
    for line in text.lines().filter(|l| !l.contains(" resumed>")) {
        if line.contains("fsync(") || line.contains("fdatasync(") {
            t.syncs += 1;
            t.store_syncs += usize::from(line.contains(&fd));
        } else if line.contains("openat(") && line.contains(&name) {
            if line.contains("O_RDWR") {
                t.writes += 1;
            } else if !line.contains("O_CREAT") {
                t.reads += 1;
            }
        } else if let Some(to) = truncated_to(line, &store)
            && to > std::mem::replace(&mut len, to)
        {
            t.grows += 1;
        }
    }
    t
}

/// The length an `ftruncate` of the store file set.
fn truncated_to(line: &str, store: &Path) -> Option<u64> {
    let rest = line.split("ftruncate(").nth(1)?;
    let (fd, rest) = rest.split_once(">, ")?;
    if !fd.ends_with(&store.display().to_string()) {
        return None;
    }
    rest.split(')').next()?.trim().parse().ok()
}

fn creature(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    env
}

#[test]
fn a_model_tick_syncs_at_the_floor_and_the_commands_that_read_never() {
    if !strace_works() {
        return;
    }
    let server = FakeOpenAi::builder()
        .answers([Answer::content(PLAN)])
        .then_forever(Answer::content(NOTE))
        .start();
    let env = creature(&server);
    // Past the first sight of everything (units seeded, the first plan).
    for _ in 0..3 {
        env.wis(&["tick"]).ok();
    }
    let mut counts = Vec::new();
    for _ in 0..12 {
        let t = traced(&env, &["tick", "--output-format", "json"]);
        assert_eq!(t.code, 0, "{}", t.stdout);
        let turn: serde_json::Value = serde_json::from_str(&t.stdout).unwrap();
        if turn["turn"] != "sleep" {
            assert_eq!(t.writes, 2, "a model tick opens the store to write twice");
        }
        assert_eq!(t.store_syncs, t.floor(), "{t:?}");
        assert_eq!(
            t.syncs, t.store_syncs,
            "a note is written to no other file: {t:?}"
        );
        counts.push(t.syncs);
    }
    eprintln!("syncs of 12 model ticks: {counts:?}");
    assert!(counts.iter().all(|&n| (8..=10).contains(&n)), "{counts:?}");

    env.wis(&["commission", "add", "read notes/pump.txt"]).ok();
    let reads: &[&[&str]] = &[
        &["status"],
        &["status", "--output-format", "json"],
        &["report"],
        &["report", "--out", "page.html"],
        &["inbox"],
        &["commission", "list", "--all"],
        &["commission", "show", "1"],
        &["memory", "list"],
        &["memory", "stats"],
        &["reflex", "list"],
        &["curve", "show"],
        &["news"],
        &["unlock", "list"],
        &["replay", "history"],
        &["sleep", "show"],
        &["legacy", "lineage"],
    ];
    for args in reads {
        let t = traced(&env, args);
        assert!(t.code == 0 || t.code == 66, "wis {args:?}: exit {}", t.code);
        assert_eq!(
            (t.syncs, t.writes),
            (0, 0),
            "wis {args:?} only reads: {t:?}"
        );
        assert!(t.reads >= 1, "wis {args:?} opened no store: {t:?}");
    }
    eprintln!("syncs of {} commands that only read: 0", reads.len());
    // An export is a backup: its own file is made durable, the store is only read.
    let t = traced(&env, &["cachectl", "export", "--out", "snapshot.cc"]);
    assert_eq!((t.code, t.store_syncs, t.writes), (0, 0, 0), "{t:?}");
}

#[test]
fn a_reflex_tick_syncs_at_the_floor_and_a_resting_tick_never() {
    if !strace_works() {
        return;
    }
    // Five reads that each close the step, planned again each time: a reflex is proposed.
    let server = FakeOpenAi::builder()
        .answers([PLAN, READ].repeat(6).into_iter().map(Answer::content))
        .start();
    let mut env = creature(&server);
    env.set("WIS_WISDOM_REFLEXES_ENABLED", "true");
    env.set("WIS_WISDOM_REFLEX_SAVES_TICK", "true");
    for _ in 0..10 {
        env.wis(&["tick"]).ok();
    }
    env.wis(&["reflex", "scan"]).ok();
    env.wis(&["reflex", "arm", "r1"]).ok();
    env.wis(&["tick"]).ok(); // the step planned again
    let asked = server.completions().len();
    let t = traced(&env, &["tick", "--output-format", "json"]);
    assert_eq!(t.code, 0, "{}", t.stdout);
    assert!(
        t.stdout.contains("[REFLEX]"),
        "not a reflex tick: {}",
        t.stdout
    );
    assert_eq!(server.completions().len(), asked, "the model was not asked");
    assert_eq!(t.writes, 1, "a reflex tick opens the store to write once");
    assert_eq!(t.store_syncs, t.floor(), "{t:?}");
    eprintln!("syncs of a reflex tick: {}", t.syncs);

    // Resting after that turn: the tick reads, says so, and syncs nothing.
    env.set("WIS_HEARTBEAT_RECOVERY_SECS", "600");
    let t = traced(&env, &["tick"]);
    assert_eq!(t.code, 0);
    assert!(t.stdout.contains("resting until"), "{}", t.stdout);
    assert_eq!((t.syncs, t.writes), (0, 0), "{t:?}");
    env.wis(&["pause"]).ok();
    let t = traced(&env, &["tick"]);
    assert!(t.stdout.contains("paused"), "{}", t.stdout);
    assert_eq!((t.syncs, t.writes), (0, 0), "{t:?}");
}
