//! `[workspace]`: the workspace's history (design §3.7), the platform's safety net under
//! everything the creature does to its files. It is on by default; every cap here bounds what
//! it keeps or how much a tick may look at.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Workspace {
    /// Keep earlier versions of the workspace's files (`wis workspace history`, `restore`).
    /// Off: nothing is looked at or kept; what was kept stays restorable.
    pub history: bool,
    /// Largest file a copy is kept of; a larger one is listed as not kept.
    pub history_file_max_bytes: u64,
    /// Versions kept per path; the oldest of a path goes first.
    pub history_versions_per_path: u32,
    /// Versions kept in all; the oldest goes first.
    pub history_max_versions: u32,
    /// Bytes of copies kept in all (earlier versions and the files as last seen); the oldest
    /// versions are evicted first, and past that a new file is listed as not kept.
    pub history_max_bytes: u64,
    /// Entries (files and folders) looked at per action; past it, the rest of the workspace
    /// (in name order) is not watched until it shrinks, and `wis workspace history` says so.
    pub history_max_files: u32,
}

impl Default for Workspace {
    fn default() -> Self {
        Workspace {
            history: true,
            history_file_max_bytes: 1024 * 1024,
            history_versions_per_path: 16,
            history_max_versions: 4096,
            history_max_bytes: 256 * 1024 * 1024,
            history_max_files: 20_000,
        }
    }
}

impl Workspace {
    /// Refuses caps that would keep nothing while the history is on.
    pub fn check(&self) -> crate::base::exit::Result<()> {
        let zero = [
            ("history_file_max_bytes", self.history_file_max_bytes == 0),
            (
                "history_versions_per_path",
                self.history_versions_per_path == 0,
            ),
            ("history_max_versions", self.history_max_versions == 0),
            ("history_max_bytes", self.history_max_bytes == 0),
            ("history_max_files", self.history_max_files == 0),
        ];
        if let Some((key, _)) = zero.iter().find(|(_, is_zero)| *is_zero) {
            return Err(crate::base::exit::Error::config(format!(
                "[workspace] {key} = 0 would keep nothing"
            ))
            .hint("to keep no history, set [workspace] history = false"));
        }
        Ok(())
    }
}
