//! A hermetic environment for running the real `wis` binary: a temporary home, a cleared
//! environment, a pinned clock. Every end-to-end test goes through [`TestEnv`].
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// 2026-01-01T00:00:00Z.
pub const EPOCH: u64 = 1_767_225_600;

pub struct TestEnv {
    pub dir: tempfile::TempDir,
    pub now: u64,
    pub vars: Vec<(String, String)>,
}

/// What a run of the binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
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

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", self.stdout))
    }
}

impl TestEnv {
    pub fn new() -> TestEnv {
        TestEnv {
            dir: tempfile::tempdir().expect("temp dir"),
            now: EPOCH,
            vars: Vec::new(),
        }
    }

    /// A home with a creature born from seed 1.
    pub fn born() -> TestEnv {
        let env = TestEnv::new();
        env.wis(&["init", "--seed", "1"]).ok();
        env
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.home().join(rel)
    }

    pub fn set(&mut self, key: &str, value: &str) {
        self.vars.push((key.into(), value.into()));
    }

    /// The binary with a cleared environment, this home, and the pinned clock.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_wis"));
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.dir.path())
            .env("WIS_HOME", self.home())
            .env("WIS_DATA_DIR", self.dir.path().join("data"))
            .env("WIS_NOW", self.now.to_string())
            .env("NO_COLOR", "1");
        for (k, v) in &self.vars {
            cmd.env(k, v);
        }
        cmd
    }

    pub fn wis(&self, args: &[&str]) -> Run {
        Run::from(self.command().args(args).output().expect("run wis"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Changes the store directly, in one committed transaction (for arranging a situation).
    pub fn edit_store(&self, edit: impl FnOnce(&mut wis::base::store::Tx<'_>)) {
        let opts = wis::base::store::OpenOptions {
            wait: std::time::Duration::from_secs(5),
            command: "test".into(),
            now: 0,
        };
        let store = wis::base::store::Store::open(&self.path("wis.redb"), &opts).unwrap();
        let mut tx = store.write().unwrap();
        edit(&mut tx);
        tx.commit().unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }
}

/// Bytes of a file, for "not overwritten" checks.
pub fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}
