//! Looking again: what changed in the workspace since the last look, as versions. A file whose
//! stat moved is read; the same words again only refresh its stat, other words make a version
//! of what it held. A file gone becomes a version too: `moved` when a new name now holds the
//! same inode (with its size and mtime), else `deleted`; a file that took such an inode was
//! `replaced` by the rename. New files are read and copied. Each version says whether the
//! creature knew what it replaced (read it, or made it, since it last changed): the overwrite
//! scar reads that.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::History;
use super::blobs;
use super::disk::{Kind, Root, Stat};
use super::scan;
use super::state::{Bound, By, Change, NotKept, RelPath, Seen, Sha, Version, What};
use crate::base::clock::Millis;

/// What a look covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// These paths (relative to the workspace, symbolic links inside it resolved).
    Paths(Vec<RelPath>),
    /// The whole workspace, up to the bound on entries.
    All,
}

/// A version a look recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct Changed {
    pub version: Version,
    /// The creature had not read (or made) what was replaced since it last changed.
    pub unread: bool,
}

fn same(stat: &Stat, seen: &Seen) -> bool {
    stat.size == seen.size && stat.mtime_ns == seen.mtime_ns && stat.ino == seen.ino
}

impl History {
    /// Looks at `scope` and records every change since the last look as done `by` at `tick`.
    pub fn look(
        &mut self,
        scope: &Scope,
        by: &By,
        tick: u64,
        now: Millis,
    ) -> io::Result<Vec<Changed>> {
        if let Some(why) = &self.broken {
            return Err(io::Error::other(why.clone()));
        }
        let (files, watched) = self.current(scope, tick)?;
        let mut gone = Vec::new();
        let mut changed = Vec::new();
        for path in watched {
            let Some(seen) = self.state.get(&path) else {
                continue;
            };
            match files.get(&path) {
                None => gone.push(path),
                Some(stat) if same(stat, seen) => {}
                Some(stat) => changed.push((path, *stat)),
            }
        }
        let new: Vec<(RelPath, Stat)> = files
            .iter()
            .filter(|(p, _)| self.state.get(p).is_none())
            .map(|(p, s)| (p.clone(), *s))
            .collect();
        // A name gone whose inode, size and mtime turned up under another name was renamed.
        let arrived: HashMap<(u64, u64, i64), &RelPath> = changed
            .iter()
            .chain(new.iter())
            .map(|(p, s)| ((s.ino, s.size, s.mtime_ns), p))
            .collect();
        let mut moved_to: HashMap<RelPath, RelPath> = HashMap::new();
        let mut renamed_over: HashSet<RelPath> = HashSet::new();
        for path in &gone {
            let Some(seen) = self.state.get(path) else {
                continue;
            };
            if let Some(to) = arrived.get(&(seen.ino, seen.size, seen.mtime_ns)) {
                moved_to.insert(path.clone(), (*to).clone());
                renamed_over.insert((*to).clone());
            }
        }
        let mut out = Vec::new();
        for (path, stat) in changed {
            let Some(old) = self.state.get(&path).cloned() else {
                continue;
            };
            let (fresh, extends) = self.take(&path, &stat, by, Some(&old))?;
            if fresh.blob.is_some() && fresh.blob == old.blob {
                let known = old.known;
                self.state
                    .apply(Change::Seen(path, Seen { known, ..fresh }));
                continue;
            }
            let what = if renamed_over.contains(&path) {
                What::Replaced
            } else if extends {
                What::Extended
            } else {
                What::Overwritten
            };
            out.push(self.version(&path, &old, what, by, tick, now, None));
            self.state.apply(Change::Seen(path, fresh));
        }
        for path in gone {
            let Some(old) = self.state.get(&path).cloned() else {
                continue;
            };
            let to = moved_to.remove(&path);
            let what = if to.is_some() {
                What::Moved
            } else {
                What::Deleted
            };
            out.push(self.version(&path, &old, what, by, tick, now, to));
            self.state.apply(Change::Forget(path));
        }
        for (path, stat) in new {
            let (fresh, _) = self.take(&path, &stat, by, None)?;
            self.state.apply(Change::Seen(path, fresh));
        }
        Ok(out)
    }

    /// The regular files in `scope` now, and the watched paths the look can speak for.
    fn current(
        &mut self,
        scope: &Scope,
        tick: u64,
    ) -> io::Result<(BTreeMap<RelPath, Stat>, Vec<RelPath>)> {
        match scope {
            Scope::All => {
                let look = scan::walk(self.disk.as_ref(), self.caps.max_files)?;
                let bound = look.stopped_at.clone().map(|last| Bound {
                    tick,
                    looked: look.looked,
                    last,
                });
                let moved = match (&bound, &self.state.bound) {
                    (Some(new), Some(old)) => new.last != old.last,
                    (new, old) => new.is_some() != old.is_some(),
                };
                if moved {
                    self.state.apply(Change::Bound(bound));
                }
                let watched = self
                    .state
                    .seen
                    .keys()
                    .filter(|p| look.sees(p))
                    .map(|p| p.to_vec())
                    .collect();
                Ok((look.files, watched))
            }
            Scope::Paths(paths) => {
                let mut files = BTreeMap::new();
                for path in paths {
                    let rel = Path::new(std::ffi::OsStr::from_bytes(path));
                    let stat = match self.disk.lstat(Root::Workspace, rel) {
                        Ok(stat) => stat,
                        // A link on the way (planted, or raced in): no file is there for us.
                        Err(e) if crate::world::paths::is_link_refusal(&e) => None,
                        Err(e) => return Err(e),
                    };
                    if let Some(stat) = stat.filter(|s| s.kind == Kind::File) {
                        files.insert(path.clone(), stat);
                    }
                }
                Ok((files, paths.clone()))
            }
        }
    }

    /// Reads and copies the file at `path` (stat `stat`), within the caps.
    /// Also says whether the content now begins with all of `old`'s kept content (lines added
    /// after it, its words kept whole).
    fn take(
        &mut self,
        path: &[u8],
        stat: &Stat,
        by: &By,
        old: Option<&Seen>,
    ) -> io::Result<(Seen, bool)> {
        let mut seen = Seen {
            size: stat.size,
            mtime_ns: stat.mtime_ns,
            ino: stat.ino,
            blob: None,
            not_kept: None,
            known: by.creature(),
        };
        let max = self.caps.file_max_bytes;
        if stat.size > max {
            seen.not_kept = Some(NotKept::TooLarge);
            return Ok((seen, false));
        }
        let rel = Path::new(std::ffi::OsStr::from_bytes(path));
        let (bytes, fresh) = match self.disk.read(Root::Workspace, rel, max + 1) {
            Ok(read) => read,
            Err(_) => {
                seen.not_kept = Some(NotKept::Unreadable);
                return Ok((seen, false));
            }
        };
        (seen.size, seen.mtime_ns, seen.ino) = (bytes.len() as u64, fresh.mtime_ns, fresh.ino);
        if seen.size > max {
            seen.not_kept = Some(NotKept::TooLarge);
            return Ok((seen, false));
        }
        let extends = old.is_some_and(|o| {
            let head = usize::try_from(o.size).unwrap_or(usize::MAX);
            o.blob.is_some() && head < bytes.len() && Some(Sha::of(&bytes[..head])) == o.blob
        });
        let sha = Sha::of(&bytes);
        if !self.state.holds(&sha) && !self.staged_shas.contains(&sha) {
            if !self.room_for(seen.size) {
                seen.not_kept = Some(NotKept::OverTotal);
                return Ok((seen, extends));
            }
            self.seq += 1;
            let staged = blobs::stage(self.disk.as_ref(), sha, &bytes, self.seq)?;
            self.staged.push(staged);
            self.staged_shas.insert(sha);
        }
        seen.blob = Some(sha);
        Ok((seen, extends))
    }

    /// Evicts the oldest versions until `size` more bytes fit; false when they cannot.
    fn room_for(&mut self, size: u64) -> bool {
        while self.state.bytes() + size > self.caps.max_bytes {
            let Some(oldest) = self.state.versions.front() else {
                return false;
            };
            let id = oldest.id;
            self.state.apply(Change::Evict(id));
            self.evicted_for_room = true;
        }
        true
    }

    /// Records a version of `old` at `path`, then keeps the caps on versions.
    #[allow(clippy::too_many_arguments)]
    fn version(
        &mut self,
        path: &[u8],
        old: &Seen,
        what: What,
        by: &By,
        tick: u64,
        now: Millis,
        to: Option<RelPath>,
    ) -> Changed {
        let version = Version {
            id: self.state.next_id,
            path: path.to_vec(),
            tick,
            at: now,
            what,
            by: by.clone(),
            size: old.size,
            blob: old.blob,
            not_kept: old.not_kept,
            to,
        };
        self.state.apply(Change::Version(version.clone()));
        self.keep_caps(path);
        Changed {
            version,
            unread: !old.known,
        }
    }

    /// Evicts the oldest versions of `path` past the per-path cap, then the oldest of all past
    /// the total.
    pub(super) fn keep_caps(&mut self, path: &[u8]) {
        let of_path: Vec<u64> = self
            .state
            .versions
            .iter()
            .filter(|v| v.path == path)
            .map(|v| v.id)
            .collect();
        let over = of_path.len().saturating_sub(self.caps.versions_per_path);
        for id in of_path.into_iter().take(over) {
            self.state.apply(Change::Evict(id));
        }
        while self.state.versions.len() > self.caps.max_versions {
            let id = self.state.versions[0].id;
            self.state.apply(Change::Evict(id));
        }
    }
}
