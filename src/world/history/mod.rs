//! The workspace's history (design §3.7): earlier versions of the files the creature changes,
//! kept so that nothing of the keeper's is lost.
//!
//! A command can change any file, so the history does not hook one tool: it keeps a copy of
//! every watched file as last seen (content-addressed, `blobs/<sha256>`, one copy per distinct
//! content) and, around each action that can change files, looks again. Before the action,
//! files whose (size, mtime, inode) moved since the last look are read and copied (a change
//! found then happened between turns); after it, each file that changed, vanished or was
//! renamed over becomes a [`Version`] holding the copy of what it was: the path, the tick, what
//! befell it, by which action. A `write_file` or `read_file` looks at its one path; a command
//! or a skill at the whole workspace, bounded by `[workspace] history_max_files` entries.
//!
//! The index lives beside the copies (`index` and `journal`, [`journal`]), not in the store: the
//! looks happen while the store is closed (a tick's second phase), and the copy of what a file
//! held must be recorded before the action that destroys it runs, so a tick that dies in the
//! middle leaves a history whose next look finds the change. Every save writes the copies
//! first (durably), then one journal record; a crash between leaves copies nothing refers to,
//! which the next fold or eviction sweeps away. Nothing is restored that does not hash to its
//! name.
//!
//! Caps ([`Caps`]): a file larger than `history_file_max_bytes` is listed but not kept;
//! `history_versions_per_path` and `history_max_versions` evict the oldest first; so does
//! `history_max_bytes`, past which a new file is listed as not kept.

mod blobs;
pub mod disk;
#[cfg(test)]
pub(crate) mod faults;
mod journal;
#[cfg(test)]
mod journal_tests;
mod known;
mod observe;
mod restore;
#[cfg(test)]
mod restore_tests;
mod scan;
mod state;
#[cfg(test)]
mod tests;
mod version;

use std::collections::HashSet;
use std::io;
use std::path::Path;

pub use disk::{Disk, Real};
pub use observe::{Changed, Scope};
pub use restore::Restored;
pub use state::{Bound, By, NotKept, RelPath, Seen, Sha, State, Version, What};

use crate::base::config::Workspace;
use journal::Journal;

/// What the history may keep and look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    pub file_max_bytes: u64,
    pub versions_per_path: usize,
    pub max_versions: usize,
    pub max_bytes: u64,
    pub max_files: u64,
}

impl Caps {
    pub fn of(config: &Workspace) -> Caps {
        Caps {
            file_max_bytes: config.history_file_max_bytes,
            versions_per_path: config.history_versions_per_path as usize,
            max_versions: config.history_max_versions as usize,
            max_bytes: config.history_max_bytes,
            max_files: config.history_max_files as u64,
        }
    }
}

/// The history of one workspace, loaded.
pub struct History {
    disk: Box<dyn Disk>,
    caps: Caps,
    state: State,
    journal: Journal,
    staged: Vec<blobs::Staged>,
    staged_shas: HashSet<Sha>,
    seq: u64,
    /// Versions were evicted for room since the last save: sweep the copies after it.
    evicted_for_room: bool,
    /// A save failed: nothing more is saved by this process (the next one reads the disk).
    broken: Option<String>,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History")
            .field("caps", &self.caps)
            .field("versions", &self.state.versions.len())
            .field("seen", &self.state.seen.len())
            .finish()
    }
}

impl History {
    /// Opens the history kept in `dir` of the workspace `workspace`, making `dir` if missing.
    pub fn open(workspace: &Path, dir: &Path, caps: Caps) -> io::Result<History> {
        std::fs::create_dir_all(dir.join(blobs::DIR))?;
        let real = Real {
            workspace: workspace.canonicalize()?,
            history: dir.canonicalize()?,
        };
        #[cfg(test)]
        if let Some(faulty) = faults::installed(&real) {
            return History::with_disk(Box::new(faulty), caps);
        }
        History::with_disk(Box::new(real), caps)
    }

    /// The history on `disk`.
    pub fn with_disk(disk: Box<dyn Disk>, caps: Caps) -> io::Result<History> {
        let (state, journal) = journal::load(disk.as_ref())?;
        Ok(History {
            disk,
            caps,
            state,
            journal,
            staged: Vec::new(),
            staged_shas: HashSet::new(),
            seq: 0,
            evicted_for_room: false,
            broken: None,
        })
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// The versions of `path`, oldest first.
    pub fn versions_of(&self, path: &[u8]) -> Vec<&Version> {
        self.state
            .versions
            .iter()
            .filter(|v| v.path == path)
            .collect()
    }

    /// Makes what changed durable: the copies, then one journal record; folds the journal
    /// into the index when it has outgrown it, and removes copies nothing refers to.
    pub fn save(&mut self) -> io::Result<()> {
        if let Some(why) = &self.broken {
            return Err(io::Error::other(why.clone()));
        }
        if !self.state.dirty() && self.staged.is_empty() {
            return Ok(());
        }
        let saved = self.save_inner();
        if let Err(e) = &saved {
            blobs::discard(self.disk.as_ref(), &self.staged);
            self.staged.clear();
            self.staged_shas.clear();
            self.broken = Some(format!("an earlier save failed: {e}"));
        }
        saved
    }

    fn save_inner(&mut self) -> io::Result<()> {
        let disk = self.disk.as_ref();
        blobs::commit(disk, &self.staged)?;
        self.staged.clear();
        self.staged_shas.clear();
        let batch = state::Batch {
            generation: self.state.generation,
            changes: self.state.take_pending(),
        };
        journal::append(disk, &mut self.journal, &batch)?;
        blobs::remove(disk, &self.state.unreferenced());
        self.state.drop_unreferenced();
        let fold = journal::wants_fold(&self.journal);
        if fold {
            journal::fold(disk, &mut self.state, &mut self.journal)?;
        }
        if fold || std::mem::take(&mut self.evicted_for_room) {
            blobs::sweep(disk, &self.state)?;
        }
        Ok(())
    }

    /// The content of a kept copy, checked against its hash.
    pub fn content(&self, sha: &Sha) -> io::Result<Option<Vec<u8>>> {
        blobs::read(self.disk.as_ref(), sha, self.caps.max_bytes)
    }
}

/// A path for people: the bytes as text, control characters escaped.
pub fn shown(path: &[u8]) -> String {
    String::from_utf8_lossy(path)
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}
