//! The history's fault-injection disk, for tests: the real disk wrapped so that a planned fault
//! hits one operation of a command (the faults and their tally are the store's, `base::store::
//! faults`): an I/O error at the N-th operation, a full disk at the N-th write (what was being
//! written is cut in half), or a power loss at the k-th sync (that sync fails and every later
//! operation too). [`Installed::reboot`] then leaves on disk what a careful filesystem keeps
//! after a power loss: a directory's names as its last sync left them, and a file's content as
//! its last sync left it (as it was, for a file that was there before; empty, for one made and
//! never synced). While installed for a history directory, [`super::History::open`] of it uses
//! this disk.

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use super::disk::{Disk, Kind, Real, Root, Stat};
use crate::base::store::faults::{Fault, Tally};

/// What a directory held when it was last synced: each name's inode and kind.
type Names = BTreeMap<OsString, (u64, Kind)>;

#[derive(Debug)]
struct Sim {
    fault: Fault,
    tally: Tally,
    dead: bool,
    /// Directories touched, with their names as durable.
    dirs: HashMap<(Root, PathBuf), Names>,
    /// Content as durable, by inode: what a sync left, or what was there before.
    durable: HashMap<(Root, u64), Vec<u8>>,
}

/// A faulty disk installed for one history directory.
#[derive(Debug)]
pub(crate) struct Installed {
    real: Real,
    sim: Mutex<Sim>,
}

static INSTALLED: Mutex<Vec<Arc<Installed>>> = Mutex::new(Vec::new());

/// The disk [`super::History::open`] uses for `real`'s history, while one is installed.
pub(crate) fn installed(real: &Real) -> Option<FaultyDisk> {
    let all = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    let found = all.iter().find(|d| d.real.history == real.history)?;
    Some(FaultyDisk(found.clone()))
}

impl Installed {
    /// Plans `fault` for the history of `workspace` kept in `history` (both must exist).
    pub(crate) fn install(workspace: &Path, history: &Path, fault: Fault) -> Arc<Installed> {
        std::fs::create_dir_all(history.join(super::blobs::DIR)).unwrap();
        let real = Real {
            workspace: workspace.canonicalize().unwrap(),
            history: history.canonicalize().unwrap(),
        };
        let disk = Arc::new(Installed {
            real,
            sim: Mutex::new(Sim {
                fault,
                tally: Tally::default(),
                dead: false,
                dirs: HashMap::new(),
                durable: HashMap::new(),
            }),
        });
        let mut all = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|d| d.real.history != disk.real.history);
        all.push(disk.clone());
        disk
    }

    /// Takes the disk out; after a power loss, puts back what would have survived it.
    pub(crate) fn reboot(&self) -> Tally {
        INSTALLED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|d| d.real.history != self.real.history);
        let sim = self.lock();
        if sim.dead {
            let mut dirs: Vec<&(Root, PathBuf)> = sim.dirs.keys().collect();
            dirs.sort_by_key(|(_, p)| p.components().count());
            for key in dirs {
                self.roll_back(&sim, key);
            }
        }
        sim.tally
    }

    fn lock(&self) -> MutexGuard<'_, Sim> {
        self.sim.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn abs(&self, root: Root, rel: &Path) -> PathBuf {
        match root {
            Root::Workspace => self.real.workspace.join(rel),
            Root::History => self.real.history.join(rel),
        }
    }

    /// The names in `dir` now, with inodes and kinds.
    fn names(&self, root: Root, dir: &Path) -> Names {
        self.real
            .list(root, dir)
            .unwrap_or_default()
            .into_iter()
            .map(|(name, stat)| (name, (stat.ino, stat.kind)))
            .collect()
    }

    /// Before `dir` changes: its names (and its files' content) as durable, if not known yet.
    fn touch_dir(&self, sim: &mut Sim, root: Root, dir: &Path) {
        if sim.dirs.contains_key(&(root, dir.to_path_buf())) {
            return;
        }
        let names = self.names(root, dir);
        for (name, (ino, kind)) in &names {
            if *kind == Kind::File {
                let bytes = std::fs::read(self.abs(root, &dir.join(name))).unwrap_or_default();
                sim.durable.entry((root, *ino)).or_insert(bytes);
            }
        }
        sim.dirs.insert((root, dir.to_path_buf()), names);
    }

    /// Puts `dir` back as its last sync left it.
    fn roll_back(&self, sim: &Sim, key: &(Root, PathBuf)) {
        let (root, dir) = key;
        let durable = &sim.dirs[key];
        let abs = self.abs(*root, dir);
        for (name, (_, kind)) in self.names(*root, dir) {
            if !durable.contains_key(&name) {
                let path = abs.join(&name);
                let _ = match kind {
                    Kind::Dir => std::fs::remove_dir_all(path),
                    _ => std::fs::remove_file(path),
                };
            }
        }
        for (name, (ino, kind)) in durable {
            let path = abs.join(name);
            match kind {
                Kind::Dir => std::fs::create_dir_all(&path).unwrap(),
                Kind::File => {
                    let bytes = sim.durable.get(&(*root, *ino)).cloned().unwrap_or_default();
                    let _ = std::fs::remove_file(&path);
                    std::fs::write(&path, bytes).unwrap();
                }
                Kind::Other => {}
            }
        }
    }
}

/// A handle on an installed disk, as the history holds it.
#[derive(Debug, Clone)]
pub(crate) struct FaultyDisk(Arc<Installed>);

fn injected(what: &str) -> io::Error {
    io::Error::other(format!("injected fault: {what}"))
}

fn parent(rel: &Path) -> PathBuf {
    rel.parent().unwrap_or(Path::new("")).to_path_buf()
}

/// What a failing write still did: half its bytes.
enum Torn {
    No,
    Half,
}

impl FaultyDisk {
    /// Counts one operation and decides whether it fails; a write that hits a full disk is
    /// reported `Torn::Half` for the caller to do half of before failing.
    fn step(&self, write: bool, sync: bool) -> io::Result<(MutexGuard<'_, Sim>, Torn)> {
        let mut s = self.0.lock();
        if s.dead {
            return Err(injected("the power is off"));
        }
        s.tally.ops += 1;
        s.tally.writes += write as u64;
        s.tally.syncs += sync as u64;
        let t = s.tally;
        match s.fault {
            Fault::Io(n) if t.ops == n => {
                s.tally.fired = true;
                Err(injected("I/O error"))
            }
            Fault::Full(n) if write && t.writes == n => {
                s.tally.fired = true;
                Ok((s, Torn::Half))
            }
            Fault::Power(k) if sync && t.syncs == k => {
                s.tally.fired = true;
                s.dead = true;
                Err(injected("power lost during sync"))
            }
            _ => Ok((s, Torn::No)),
        }
    }
}

fn full() -> io::Error {
    io::Error::new(
        io::ErrorKind::StorageFull,
        "injected fault: no space left on device",
    )
}

impl Disk for FaultyDisk {
    fn lstat(&self, root: Root, rel: &Path) -> io::Result<Option<Stat>> {
        drop(self.step(false, false)?);
        self.0.real.lstat(root, rel)
    }

    fn list(&self, root: Root, rel: &Path) -> io::Result<Vec<(OsString, Stat)>> {
        drop(self.step(false, false)?);
        self.0.real.list(root, rel)
    }

    fn read(&self, root: Root, rel: &Path, limit: u64) -> io::Result<(Vec<u8>, Stat)> {
        drop(self.step(false, false)?);
        self.0.real.read(root, rel, limit)
    }

    fn create(&self, root: Root, rel: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
        let (mut sim, torn) = self.step(true, false)?;
        self.0.touch_dir(&mut sim, root, &parent(rel));
        match torn {
            Torn::No => self.0.real.create(root, rel, bytes, mode),
            Torn::Half => {
                self.0
                    .real
                    .create(root, rel, &bytes[..bytes.len() / 2], mode)?;
                Err(full())
            }
        }
    }

    fn append(&self, root: Root, rel: &Path, bytes: &[u8]) -> io::Result<()> {
        let (mut sim, torn) = self.step(true, false)?;
        self.0.touch_dir(&mut sim, root, &parent(rel));
        match torn {
            Torn::No => self.0.real.append(root, rel, bytes),
            Torn::Half => {
                self.0.real.append(root, rel, &bytes[..bytes.len() / 2])?;
                Err(full())
            }
        }
    }

    fn truncate(&self, root: Root, rel: &Path, len: u64) -> io::Result<()> {
        let (mut sim, torn) = self.step(true, false)?;
        self.0.touch_dir(&mut sim, root, &parent(rel));
        match torn {
            Torn::No => self.0.real.truncate(root, rel, len),
            Torn::Half => Err(full()),
        }
    }

    fn sync(&self, root: Root, rel: &Path) -> io::Result<()> {
        let (mut sim, _) = self.step(false, true)?;
        let Some(stat) = self.0.real.lstat(root, rel)? else {
            return Err(io::ErrorKind::NotFound.into());
        };
        self.0.real.sync(root, rel)?;
        if stat.kind == Kind::Dir {
            let names = self.0.names(root, rel);
            sim.dirs.insert((root, rel.to_path_buf()), names);
        } else {
            let bytes = std::fs::read(self.0.abs(root, rel))?;
            sim.durable.insert((root, stat.ino), bytes);
        }
        Ok(())
    }

    fn sync_all(&self, root: Root) -> io::Result<()> {
        let (mut sim, _) = self.step(false, true)?;
        self.0.real.sync_all(root)?;
        let dirs: Vec<(Root, PathBuf)> = sim.dirs.keys().cloned().collect();
        for (r, dir) in dirs {
            let names = self.0.names(r, &dir);
            for (name, (ino, kind)) in &names {
                if *kind == Kind::File {
                    let bytes = std::fs::read(self.0.abs(r, &dir.join(name))).unwrap_or_default();
                    sim.durable.insert((r, *ino), bytes);
                }
            }
            sim.dirs.insert((r, dir), names);
        }
        Ok(())
    }

    fn rename(&self, root: Root, from: &Path, to: &Path) -> io::Result<()> {
        let (mut sim, torn) = self.step(true, false)?;
        self.0.touch_dir(&mut sim, root, &parent(from));
        self.0.touch_dir(&mut sim, root, &parent(to));
        match torn {
            Torn::No => self.0.real.rename(root, from, to),
            Torn::Half => Err(full()),
        }
    }

    fn remove(&self, root: Root, rel: &Path) -> io::Result<()> {
        let (mut sim, _) = self.step(false, false)?;
        self.0.touch_dir(&mut sim, root, &parent(rel));
        self.0.real.remove(root, rel)
    }

    fn mkdirs(&self, root: Root, rel: &Path) -> io::Result<()> {
        let (mut sim, torn) = self.step(true, false)?;
        // Every ancestor may gain a name: each is touched before.
        let mut dir = PathBuf::new();
        self.0.touch_dir(&mut sim, root, &dir);
        for part in rel.components() {
            dir.push(part);
            if self.0.real.lstat(root, &dir)?.is_none() {
                break;
            }
            self.0.touch_dir(&mut sim, root, &dir);
        }
        match torn {
            Torn::No => self.0.real.mkdirs(root, rel),
            Torn::Half => Err(full()),
        }
    }
}
