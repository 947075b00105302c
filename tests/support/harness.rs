//! The one way a test runs the real `wis` binary: [`TestEnv`], a temporary root holding the
//! creature's home (`home/`), its data directory (`data/`) and whatever files the test makes,
//! run with a cleared environment (only `PATH` kept; `HOME`, `WIS_HOME` and `WIS_DATA_DIR`
//! point inside the root), the clock pinned by `WIS_NOW`, no colour, and the root as working
//! directory. Creatures are born from a fixed seed, dark unless a test asks for a wise birth
//! ([`TestEnv::born_wise`]); [`TestEnv::use_mind`] points them at a fake model server from
//! `support::fake_openai`. A [`Run`] is what came back; its
//! [`Run::transcript`] (exit code, stdout, stderr) is what the [`snapshot!`] macro pins, with
//! the variable parts of a run (the temporary root, loopback ports, wall-clock timings) redacted.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;
use wis::base::store::{Store, Tx};

use super::fake_openai::FakeOpenAi;

/// 2026-01-01T00:00:00Z, the pinned clock every run starts at, in seconds.
pub const EPOCH: u64 = 1_767_225_600;
/// [`EPOCH`] in milliseconds, as the store records time.
pub const EPOCH_MS: i64 = EPOCH as i64 * 1000;
/// The seed [`TestEnv::born`] births from.
pub const SEED: u64 = 1;

/// A temporary root and the settings every run of the binary in it gets.
pub struct TestEnv {
    pub dir: tempfile::TempDir,
    home: PathBuf,
    /// The pinned clock, in seconds (`WIS_NOW`); a test may move it.
    pub now: u64,
    vars: Vec<(String, String)>,
}

impl Default for TestEnv {
    fn default() -> TestEnv {
        TestEnv::new()
    }
}

impl TestEnv {
    /// A root with no creature yet; the home is `home/` inside it.
    pub fn new() -> TestEnv {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let home = dir.path().join("home");
        TestEnv {
            dir,
            home,
            now: EPOCH,
            vars: Vec::new(),
        }
    }

    /// A root whose runs use a home that lives elsewhere (a creature born in process).
    pub fn at(home: &Path) -> TestEnv {
        TestEnv {
            home: home.to_path_buf(),
            ..TestEnv::new()
        }
    }

    /// A home with a creature born dark from [`SEED`].
    pub fn born() -> TestEnv {
        TestEnv::born_from(SEED)
    }

    /// A home with a creature born dark (`wis init --dark`: every `[wisdom]` flag off, so a
    /// test turns on the flags it is about) from `seed`.
    pub fn born_from(seed: u64) -> TestEnv {
        let env = TestEnv::new();
        env.wis(&["init", "--dark", "--seed", &seed.to_string()])
            .ok();
        env
    }

    /// A home with a creature born wise (`wis init`: the wisdom loop on) from `seed`.
    pub fn born_wise(seed: u64) -> TestEnv {
        let env = TestEnv::new();
        env.wis(&["init", "--seed", &seed.to_string()]).ok();
        env
    }

    pub fn home(&self) -> PathBuf {
        self.home.clone()
    }

    /// A path inside the home.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.home.join(rel)
    }

    /// A path inside the root, beside the home (the working directory of every run).
    pub fn root(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// Sets an environment variable for every later run.
    pub fn set(&mut self, key: &str, value: &str) {
        self.vars.push((key.into(), value.into()));
    }

    /// Points every later run's mind at a fake model server (`WIS_LLM_URL`).
    pub fn use_mind(&mut self, server: &FakeOpenAi) {
        self.set("WIS_LLM_URL", &server.url());
    }

    /// The binary for this home: cleared environment, pinned clock, the root as working
    /// directory.
    pub fn command(&self) -> Command {
        self.command_in(&self.home)
    }

    /// [`TestEnv::command`] for another home (say a second creature in the same root).
    pub fn command_in(&self, home: &Path) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_wis"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path())
            .env("WIS_HOME", home)
            .env("WIS_DATA_DIR", self.dir.path().join("data"))
            .env("WIS_NOW", self.now.to_string())
            .env("NO_COLOR", "1")
            .current_dir(self.dir.path());
        for (k, v) in &self.vars {
            cmd.env(k, v);
        }
        cmd
    }

    /// Runs `wis ARGS` in this home.
    pub fn wis<S: AsRef<OsStr>>(&self, args: &[S]) -> Run {
        Run::of(self.command().args(args))
    }

    /// Runs `wis ARGS` in another home.
    pub fn wis_in<S: AsRef<OsStr>>(&self, home: &Path, args: &[S]) -> Run {
        Run::of(self.command_in(home).args(args))
    }

    /// Runs `wis --output-format json ARGS`, insists on success and parses stdout.
    pub fn json<S: AsRef<OsStr>>(&self, args: &[S]) -> Value {
        let mut cmd = self.command();
        cmd.args(["--output-format", "json"]).args(args);
        let run = Run::of(&mut cmd);
        run.ok();
        run.json()
    }

    /// Writes a file inside the home, making its directories.
    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Reads a file inside the home.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }

    /// The home's store, opened in process (hold it only between runs).
    pub fn store(&self) -> Store {
        super::store::open(&self.path("wis.redb"))
    }

    /// Changes the store directly, in one committed transaction (for arranging a situation).
    pub fn edit_store(&self, edit: impl FnOnce(&mut Tx<'_>)) {
        let store = self.store();
        let mut tx = store.write().unwrap();
        edit(&mut tx);
        tx.commit().unwrap();
    }

    /// The snapshot settings for a run of `args` here: the command line as the snapshot's
    /// description, and the run's variable parts redacted.
    pub fn settings(&self, args: &[String]) -> insta::Settings {
        let mut settings = insta::Settings::clone_current();
        let root = self.dir.path().to_string_lossy().into_owned();
        let home = self.home.to_string_lossy().into_owned();
        let elsewhere = !self.home.starts_with(self.dir.path());
        // The command line, with the same temporary paths redacted as in its output.
        let mut description = format!("wis {}", args.join(" ")).replace(&root, "[ROOT]");
        if elsewhere {
            description = description.replace(&home, "[HOME]");
        }
        let port = regex::Regex::new(REDACTIONS[0].0).unwrap();
        let description = port.replace_all(&description, REDACTIONS[0].1);
        settings.set_description(description);
        settings.set_omit_expression(true);
        settings.set_prepend_module_to_snapshot(false);
        settings.add_filter(&regex::escape(&root), "[ROOT]");
        if elsewhere {
            settings.add_filter(&regex::escape(&home), "[HOME]");
        }
        for (pattern, replacement) in REDACTIONS {
            settings.add_filter(pattern, *replacement);
        }
        settings
    }
}

/// What varies from one run to the next however the clock and seed are pinned: loopback
/// ports (the first entry; command lines are redacted with it too), process ids, and measured wall-clock time (the `*_ms` fields a turn or a model call
/// reports, the seconds a tick line shows). Time by the pinned clock is left alone.
const REDACTIONS: &[(&str, &str)] = &[
    (r"127\.0\.0\.1:\d+", "127.0.0.1:[PORT]"),
    (r"\bpid \d+", "pid [PID]"),
    (
        r#""((?:median_)?(?:duration|model|elapsed|prompt|predicted|load)_ms)":( ?)[\d.]+"#,
        r#""$1":$2[MS]"#,
    ),
    (r"\b\d+\.\d s (reading|generating|in all)\b", "[SECS] s $1"),
    (r"-> (\w+) \d+\.\ds\b", "-> $1 [SECS]s"),
];

/// What a run of the binary gave.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    /// Stdout as text (lossy).
    pub stdout: String,
    /// Stdout as bytes, for binary output.
    pub bytes: Vec<u8>,
    pub stderr: String,
    /// The run's wall time.
    pub took: Duration,
}

impl Run {
    /// Runs a prepared command to the end.
    pub fn of(cmd: &mut Command) -> Run {
        let start = Instant::now();
        let output = cmd.output().expect("run wis");
        Run::from_output(output, start.elapsed())
    }

    /// What a process that ran some other way (spawned and watched, say) gave.
    pub fn from_output(output: Output, took: Duration) -> Run {
        let Output {
            status,
            stdout,
            stderr,
        } = output;
        Run {
            code: status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&stdout).into_owned(),
            bytes: stdout,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
            took,
        }
    }

    /// Asserts success and returns stdout.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(
            self.code, 0,
            "expected success\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        &self.stdout
    }

    /// Asserts an exit code.
    #[track_caller]
    pub fn code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "expected exit {code}\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        self
    }

    /// Stdout parsed as JSON.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", self.stdout))
    }

    /// The stderr lines that are warnings.
    pub fn warnings(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|l| l.starts_with("warning:"))
            .collect()
    }

    /// Exit code, stdout and stderr, as a snapshot shows them.
    pub fn transcript(&self) -> String {
        format!(
            "exit {}\n----- stdout -----\n{}----- stderr -----\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// The bytes of a file, which must be there (for "not overwritten" and "the same bytes" checks).
#[track_caller]
pub fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `wis ARGS` in a [`TestEnv`] and snapshots the run's transcript under `name`
/// (`snapshots/NAME.snap` beside the calling file); evaluates to the [`Run`] for further
/// assertions. Accept changed output with `INSTA_UPDATE=always cargo nextest run` and review
/// the diff of the `.snap` files.
#[allow(unused_macros)]
macro_rules! snapshot {
    ($env:expr, $name:expr, $args:expr) => {{
        let env = &$env;
        let args: Vec<String> = $args.iter().map(|a| a.to_string()).collect();
        let run = env.wis(&args);
        env.settings(&args)
            .bind(|| insta::assert_snapshot!($name, run.transcript()));
        run
    }};
}
#[allow(unused_imports)]
pub(crate) use snapshot;

/// [`snapshot!`] of a [`Run`] of `wis ARGS` the test made itself (one it watched while it ran,
/// say): the same settings, the same transcript.
#[allow(unused_macros)]
macro_rules! snapshot_run {
    ($env:expr, $name:expr, $args:expr, $run:expr) => {{
        let args: Vec<String> = $args.iter().map(|a| a.to_string()).collect();
        let run = &$run;
        $env.settings(&args)
            .bind(|| insta::assert_snapshot!($name, run.transcript()));
    }};
}
#[allow(unused_imports)]
pub(crate) use snapshot_run;
