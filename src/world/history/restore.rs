//! Putting a version back: `wis workspace restore PATH [--at TICK]`. The version chosen is the
//! one holding the file as it was when tick TICK began (the first kept at or after it), or
//! the latest. What the file holds now is kept first, as a version of its own (so a restore
//! can be undone); the copy is checked against its hash; the words go to a temporary file
//! beside the path, synced, renamed over it, and the folder synced. A failure at any point
//! leaves the file with what it held or with the restored words, never a part of either.

use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::History;
use super::disk::{Kind, Root};
use super::observe::Scope;
use super::state::Sha;
use super::state::{By, Change, NotKept, RelPath, Seen, Version, What};
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::world::paths::{self, PathError};

/// What a restore did.
#[derive(Debug, Clone, PartialEq)]
pub struct Restored {
    pub path: RelPath,
    /// The version put back.
    pub version: Version,
    /// The version made of what the file held before (none when it was missing, or already
    /// held those words).
    pub kept: Option<Version>,
    /// The file already held the version's words: nothing was written.
    pub already: bool,
}

/// An I/O failure of a restore, saying whether the disk is full; nothing was lost.
fn io_error(what: &str, path: &str, e: io::Error) -> Error {
    let full = e.kind() == io::ErrorKind::StorageFull || e.raw_os_error() == Some(libc::EDQUOT);
    let hint = if full {
        "the disk is full: free some space and run it again; the file holds what it held or \
         the restored words, never a part"
    } else {
        "the file holds what it held or the restored words, never a part; run it again"
    };
    Error::io(format!("{what} {path}: {e}"))
        .with_source(e)
        .hint(hint)
}

impl History {
    /// Restores `path` (as the keeper names it) to the version of tick `at` (the file as it was
    /// when that tick began), or to the latest version; `tick` is the last tick lived.
    pub fn restore(
        &mut self,
        workspace: &Path,
        path: &str,
        at: Option<u64>,
        tick: u64,
        now: Millis,
    ) -> Result<Restored> {
        let rel = match paths::confine(workspace, path) {
            Ok(c) => c.rel.as_os_str().as_bytes().to_vec(),
            Err(PathError::Workspace(m)) => return Err(Error::io(m)),
            Err(PathError::Denied(m) | PathError::Invalid(m)) => {
                return Err(Error::usage(m).hint(
                    "name a path inside the workspace, as `wis workspace history` lists it",
                ));
            }
        };
        let version = self.choose(&rel, path, at, tick)?.clone();
        let Some(sha) = version.blob else {
            let why = version.not_kept.map_or("not kept", NotKept::as_str);
            return Err(Error::no_input(format!(
                "the version of {path} from tick {} was not kept: {why}",
                version.tick
            ))
            .hint("`wis workspace history PATH` shows which versions are kept"));
        };
        let content = self
            .content(&sha)
            .map_err(|e| io_error("reading the copy of", path, e))?
            .ok_or_else(|| {
                Error::data(format!(
                    "the copy of {path} from tick {} is missing or does not match its hash; it is \
                     not restored",
                    version.tick
                ))
                .hint("another version may be whole: `wis workspace history PATH`")
            })?;
        // What the file holds now, copied first: a restore can be undone.
        let io = |e| io_error("looking at", path, e);
        self.look(&Scope::Paths(vec![rel.clone()]), &By::Outside, tick, now)
            .map_err(io)?;
        let there = self
            .disk
            .lstat(
                Root::Workspace,
                Path::new(std::ffi::OsStr::from_bytes(&rel)),
            )
            .map_err(io)?;
        let current = match there {
            Some(stat) if stat.kind != Kind::File => {
                return Err(Error::data(format!("{path} is not a file now"))
                    .hint("move what is there aside (it is not in the history), then restore"));
            }
            Some(stat) => Some((stat, self.state.get(&rel).cloned())),
            None => None,
        };
        if let Some((_, Some(seen))) = &current
            && seen.blob == Some(sha)
        {
            return Ok(Restored {
                path: rel,
                version,
                kept: None,
                already: true,
            });
        }
        if let Some((_, seen)) = &current
            && seen.as_ref().is_none_or(|s| s.blob.is_none())
        {
            let why = seen
                .as_ref()
                .and_then(|s| s.not_kept)
                .unwrap_or(NotKept::Unreadable);
            let err = format!(
                "what {path} holds now cannot be kept ({}), so restoring over it would lose it",
                why.as_str()
            );
            return Err(match why {
                NotKept::Unreadable => Error::io(err),
                _ => Error::data(err),
            }
            .hint("move the file aside first, then restore"));
        }
        self.save()
            .map_err(|e| io_error("keeping what is in", path, e))?;
        let mode = current.as_ref().map_or(0o644, |(stat, _)| stat.mode);
        self.put(&rel, &content, mode)
            .map_err(|e| io_error("restoring", path, e))?;
        let kept = current
            .and_then(|(_, seen)| seen)
            .map(|old| self.record_restore(&rel, &old, sha, tick, now))
            .transpose()
            .map_err(|e| io_error("recording the restore of", path, e))?
            .flatten();
        if kept.is_none() {
            self.seen_restored(&rel, sha)
                .map_err(|e| io_error("recording the restore of", path, e))?;
        }
        self.save()
            .map_err(|e| io_error("recording the restore of", path, e))?;
        Ok(Restored {
            path: rel,
            version,
            kept,
            already: false,
        })
    }

    /// The version `at` names for `rel`.
    fn choose(&self, rel: &[u8], path: &str, at: Option<u64>, tick: u64) -> Result<&Version> {
        let versions = self.versions_of(rel);
        let Some(latest) = versions.last() else {
            return Err(
                Error::no_input(format!("no earlier version of {path} is kept"))
                    .hint("`wis workspace history` lists every path with versions"),
            );
        };
        let Some(at) = at else {
            return Ok(latest);
        };
        let ticks = || {
            let mut t: Vec<String> = versions.iter().map(|v| v.tick.to_string()).collect();
            t.dedup();
            t.join(", ")
        };
        if at > tick.max(1) {
            return Err(Error::usage(format!(
                "--at {at} is no tick lived: the creature has lived ticks 1 to {tick}"
            ))
            .hint(format!("versions of {path} were kept at ticks {}", ticks())));
        }
        versions
            .iter()
            .find(|v| v.tick >= at)
            .copied()
            .ok_or_else(|| {
                Error::usage(format!(
                    "nothing changed {path} at or after tick {at}: it holds what it held then"
                ))
                .hint(format!("versions of {path} were kept at ticks {}", ticks()))
            })
    }

    /// Writes `content` over `rel` in the workspace: a temporary file beside it, synced,
    /// renamed over it, the folder synced.
    fn put(&mut self, rel: &[u8], content: &[u8], mode: u32) -> io::Result<()> {
        let rel = Path::new(std::ffi::OsStr::from_bytes(rel));
        let parent = rel.parent().unwrap_or(Path::new(""));
        let name = rel.file_name().unwrap_or_default();
        let disk = self.disk.as_ref();
        if !parent.as_os_str().is_empty() {
            disk.mkdirs(Root::Workspace, parent)?;
        }
        let tmp: PathBuf = parent.join(format!(
            ".{}.wis-restore-{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let _ = disk.remove(Root::Workspace, &tmp);
        let written = disk
            .create(Root::Workspace, &tmp, content, mode)
            .and_then(|_| disk.sync(Root::Workspace, &tmp))
            .and_then(|_| disk.rename(Root::Workspace, &tmp, rel));
        if let Err(e) = written {
            let _ = disk.remove(Root::Workspace, &tmp);
            return Err(e);
        }
        disk.sync(Root::Workspace, parent)
    }

    /// Records what `rel` held before the restore as a version, and the file as it is now.
    fn record_restore(
        &mut self,
        rel: &[u8],
        old: &Seen,
        sha: Sha,
        tick: u64,
        now: Millis,
    ) -> io::Result<Option<Version>> {
        let version = Version {
            id: self.state.next_id,
            path: rel.to_vec(),
            tick,
            at: now,
            what: What::Restored,
            by: By::Restore,
            size: old.size,
            blob: old.blob,
            not_kept: old.not_kept,
            to: None,
        };
        self.state.apply(Change::Version(version.clone()));
        self.keep_caps(rel);
        self.seen_restored(rel, sha)?;
        Ok(Some(version))
    }

    /// The file at `rel` as the restore left it: the restored copy, not read by the creature.
    fn seen_restored(&mut self, rel: &[u8], sha: Sha) -> io::Result<()> {
        let path = Path::new(std::ffi::OsStr::from_bytes(rel));
        let Some(stat) = self.disk.lstat(Root::Workspace, path)? else {
            return Ok(());
        };
        let seen = Seen {
            size: stat.size,
            mtime_ns: stat.mtime_ns,
            ino: stat.ino,
            blob: Some(sha),
            not_kept: None,
            known: false,
        };
        self.state.apply(Change::Seen(rel.to_vec(), seen));
        Ok(())
    }
}
