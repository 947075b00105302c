//! Who holds the store: a small JSON file beside it (`wis.redb.holder`) naming the pid, the
//! command and since when, so a process that has to give up can say whom it waited for.
//!
//! redb's own file lock is the real exclusion; this file is only the name tag. It is written
//! after the lock is taken and removed when the store is dropped; one left behind by a killed
//! process is recognised by its dead pid and overwritten by the next holder.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::OpenOptions;
use crate::base::clock::Millis;

/// The holder record.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Holder {
    pub pid: u32,
    pub command: String,
    pub since: Millis,
}

impl Holder {
    /// Whether the recorded process still exists.
    pub fn alive(&self) -> bool {
        pid_alive(self.pid)
    }
}

/// Whether a process with this pid exists (signal 0 probe).
pub fn pid_alive(pid: u32) -> bool {
    if pid == 0 || pid > i32::MAX as u32 {
        return false;
    }
    // SAFETY: kill with signal 0 sends nothing; it only checks that the pid exists.
    let rc = unsafe { libc::kill(pid as libc::pid_t, 0) };
    rc == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

pub fn holder_path(store: &Path) -> PathBuf {
    let mut name = store.file_name().unwrap_or_default().to_os_string();
    name.push(".holder");
    store.with_file_name(name)
}

/// Reads the holder record, if there is a readable one.
pub fn read(store: &Path) -> Option<Holder> {
    let text = std::fs::read_to_string(holder_path(store)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Removes the holder record when the store is dropped.
pub struct HolderGuard {
    path: PathBuf,
}

impl HolderGuard {
    pub fn write(store: &Path, opts: &OpenOptions) -> HolderGuard {
        let path = holder_path(store);
        let holder = Holder {
            pid: std::process::id(),
            command: opts.command.clone(),
            since: opts.now,
        };
        if let Ok(text) = serde_json::to_string(&holder) {
            // Best effort: the name tag must never stop the work.
            let _ = std::fs::write(&path, text);
        }
        HolderGuard { path }
    }
}

impl Drop for HolderGuard {
    fn drop(&mut self) {
        if let Some(h) = std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|t| serde_json::from_str::<Holder>(&t).ok())
            && h.pid == std::process::id()
        {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
