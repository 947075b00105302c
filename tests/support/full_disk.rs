//! A real full disk for the tests: a small tmpfs mounted over a directory, in a user and mount
//! namespace of its own that a holder process keeps alive, so the binary's runs see a
//! filesystem that really answers ENOSPC while the rest of the machine is untouched.
//!
//! [`SmallDisk::mount`] starts the holder (`unshare --user --map-root-user --mount`, which
//! mounts the tmpfs and waits); [`SmallDisk::run`] runs a prepared command inside the same
//! namespaces with `nsenter`, so every run of a test sees the same small filesystem and what
//! the last one left on it; [`SmallDisk::host`] is a path as the test process reaches it
//! (through `/proc/<holder>/root`). Machines that do not allow unprivileged user namespaces
//! get `None` and the test says it was skipped (or fails, in CI: `support::require`).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::Run;

/// A tmpfs of a declared size mounted over one directory, in namespaces of its own.
pub struct SmallDisk {
    holder: Child,
    at: PathBuf,
}

impl SmallDisk {
    /// Mounts a tmpfs of `bytes` over `at` (which must exist), or `None` with the reason
    /// printed when this machine cannot.
    pub fn mount(at: &Path, bytes: u64) -> Option<SmallDisk> {
        let script = format!(
            "mount -t tmpfs -o size={bytes} wis-test-disk \"$1\" && echo mounted && exec sleep 600"
        );
        let spawned = Command::new("unshare")
            .args([
                "--user",
                "--map-root-user",
                "--mount",
                "--propagation",
                "private",
            ])
            .args(["sh", "-c", &script, "sh"])
            .arg(at)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut holder = match spawned {
            Ok(child) => child,
            Err(e) => {
                super::require::skip(format!("`unshare` could not start ({e})"));
                return None;
            }
        };
        let mut line = String::new();
        let stdout = holder.stdout.take().expect("the holder's stdout");
        BufReader::new(stdout).read_line(&mut line).ok();
        if line.trim() != "mounted" {
            let _ = holder.kill();
            let out = holder.wait_with_output().ok();
            let err = out.map(|o| String::from_utf8_lossy(&o.stderr).into_owned());
            super::require::skip(format!(
                "this machine cannot mount a tmpfs in a user namespace ({})",
                err.unwrap_or_default().trim()
            ));
            return None;
        }
        Some(SmallDisk {
            holder,
            at: at.to_path_buf(),
        })
    }

    /// `path` (absolute) as the test process sees it inside the namespace.
    pub fn host(&self, path: &Path) -> PathBuf {
        let rel = path.strip_prefix("/").unwrap_or(path);
        PathBuf::from(format!("/proc/{}/root", self.holder.id())).join(rel)
    }

    /// The mounted directory as the test process sees it.
    pub fn root(&self) -> PathBuf {
        self.host(&self.at)
    }

    /// Fills the disk to the last byte with one file, `name`, at its root.
    pub fn fill(&self, name: &str) {
        let mut file = std::fs::File::create(self.root().join(name)).expect("the filler file");
        let block = vec![0x5au8; 4096];
        while file.write_all(&block).is_ok() {}
        // The page cache may hold a partial block; a byte at a time takes the rest.
        while file.write_all(&[0x5a]).is_ok() {}
        let _ = file.sync_all();
    }

    /// Frees the disk by removing the filler `name`.
    pub fn free(&self, name: &str) {
        std::fs::remove_file(self.root().join(name)).expect("removing the filler");
    }

    /// Runs `cmd` (made by the harness: its program, arguments, environment and working
    /// directory are kept) inside the namespace.
    pub fn run(&self, cmd: &Command) -> Run {
        let mut inner = Command::new("nsenter");
        inner
            .arg("--target")
            .arg(self.holder.id().to_string())
            .args(["--user", "--mount", "--preserve-credentials", "--"])
            .arg(cmd.get_program())
            .args(cmd.get_args())
            .env_clear();
        for (k, v) in cmd.get_envs() {
            if let Some(v) = v {
                inner.env(k, v);
            }
        }
        if let Some(dir) = cmd.get_current_dir() {
            inner.current_dir(dir);
        }
        Run::of(&mut inner)
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = self.holder.kill();
        let _ = self.holder.wait();
    }
}
