//! A hermetic environment for running the real `wis` binary: a temp home, a cleared
//! environment (PATH kept), a pinned clock.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// 2026-01-01T00:00:00Z.
pub const NOW: &str = "1767225600";

pub struct Env {
    pub dir: tempfile::TempDir,
}

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub took: Duration,
}

impl Run {
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

impl Env {
    pub fn new() -> Env {
        Env {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// The binary with a cleared environment, its home under `home`.
    pub fn command(&self, home: &str) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_wis"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("WIS_HOME", self.path(home))
            .env("WIS_DATA_DIR", self.path("data"))
            .env("WIS_NOW", NOW)
            .current_dir(self.dir.path());
        cmd
    }

    pub fn run_in(&self, home: &str, args: &[&str]) -> Run {
        finish(self.command(home).args(args))
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_in("home", args)
    }

    /// Runs and insists on success.
    pub fn ok_in(&self, home: &str, args: &[&str]) -> Run {
        let run = self.run_in(home, args);
        assert_eq!(run.code, 0, "wis {args:?} failed: {}", run.stderr);
        run
    }

    pub fn ok(&self, args: &[&str]) -> Run {
        self.ok_in("home", args)
    }

    /// Births a creature in `home` with a seed.
    pub fn init(&self, home: &str, seed: u64) {
        self.ok_in(home, &["init", "--seed", &seed.to_string()]);
    }
}

pub fn finish(cmd: &mut Command) -> Run {
    let start = Instant::now();
    let Output {
        status,
        stdout,
        stderr,
    } = cmd.output().unwrap();
    Run {
        code: status.code().unwrap_or(-1),
        stdout,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        took: start.elapsed(),
    }
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
