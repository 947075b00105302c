//! Every file operation the history makes, on one of its two roots (the workspace and the
//! history's own directory), as a [`Disk`]: the real one confines each path beneath its root
//! with [`paths::open_beneath`] (no symbolic link is followed on the way, however it got
//! there) and works from directory descriptors; the tests' faulty one (`faults.rs`) fails an
//! operation, fills the disk or cuts the power at any point of a command.
//!
//! Operations are small on purpose (create, sync, rename, sync the directory), so that a fault
//! can fall between any two of them.

use std::ffi::{CString, OsString};
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::world::paths::{self, Confined};

/// Which tree a path is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Root {
    Workspace,
    History,
}

/// What a name in a directory is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    /// A symbolic link (never followed), a FIFO, a socket or a device.
    Other,
}

/// What `lstat` says of a name: enough to tell a file that changed from one that did not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    pub kind: Kind,
    pub size: u64,
    /// Modification time, nanoseconds since the epoch.
    pub mtime_ns: i64,
    pub ino: u64,
    /// Permission bits.
    pub mode: u32,
}

/// The file operations of the history, each on a path relative to a root.
pub trait Disk {
    /// The name under `rel`, not following a link there; `None` when nothing is there.
    fn lstat(&self, root: Root, rel: &Path) -> io::Result<Option<Stat>>;
    /// The names in directory `rel` with what each is.
    fn list(&self, root: Root, rel: &Path) -> io::Result<Vec<(OsString, Stat)>>;
    /// At most `limit` bytes of the regular file `rel`, and its stat taken before reading.
    fn read(&self, root: Root, rel: &Path, limit: u64) -> io::Result<(Vec<u8>, Stat)>;
    /// Creates the file `rel`, which must not exist, with `bytes` (not yet durable).
    fn create(&self, root: Root, rel: &Path, bytes: &[u8], mode: u32) -> io::Result<()>;
    /// Appends to `rel`, creating it (mode 0600) when missing (not yet durable).
    fn append(&self, root: Root, rel: &Path, bytes: &[u8]) -> io::Result<()>;
    /// Cuts `rel` to `len` bytes.
    fn truncate(&self, root: Root, rel: &Path, len: u64) -> io::Result<()>;
    /// Makes a file's content, or a directory's names, durable.
    fn sync(&self, root: Root, rel: &Path) -> io::Result<()>;
    /// Makes everything written on the root's filesystem durable (one call for many files).
    fn sync_all(&self, root: Root) -> io::Result<()>;
    /// Renames `from` to `to`, replacing what is there.
    fn rename(&self, root: Root, from: &Path, to: &Path) -> io::Result<()>;
    /// Removes the file `rel`.
    fn remove(&self, root: Root, rel: &Path) -> io::Result<()>;
    /// Makes the directory `rel` and its missing parents.
    fn mkdirs(&self, root: Root, rel: &Path) -> io::Result<()>;
}

/// The real disk, each root canonical.
#[derive(Debug, Clone)]
pub struct Real {
    pub workspace: PathBuf,
    pub history: PathBuf,
}

impl Real {
    fn confined(&self, root: Root, rel: &Path) -> Confined {
        let root = match root {
            Root::Workspace => &self.workspace,
            Root::History => &self.history,
        };
        Confined {
            root: root.clone(),
            rel: rel.to_path_buf(),
            dangling: false,
        }
    }

    fn open(&self, root: Root, rel: &Path, flags: i32, mode: u32) -> io::Result<File> {
        paths::open_beneath(&self.confined(root, rel), flags, mode)
    }

    /// The directory holding `rel`, opened beneath the root, and `rel`'s last name.
    fn parent(&self, root: Root, rel: &Path) -> io::Result<(File, CString)> {
        let name = rel
            .file_name()
            .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        let dir = rel.parent().unwrap_or(Path::new(""));
        let fd = self.open(root, dir, libc::O_PATH | libc::O_DIRECTORY, 0)?;
        let name = CString::new(name.as_bytes()).map_err(|_| io::ErrorKind::InvalidInput)?;
        Ok((fd, name))
    }
}

/// What `fstatat` filled in, as a [`Stat`] (the fields' widths vary by target: the casts stay).
#[allow(clippy::unnecessary_cast)]
fn stat_of(st: &libc::stat) -> Stat {
    let kind = match st.st_mode & libc::S_IFMT {
        libc::S_IFREG => Kind::File,
        libc::S_IFDIR => Kind::Dir,
        _ => Kind::Other,
    };
    Stat {
        kind,
        size: st.st_size as u64,
        mtime_ns: st.st_mtime as i64 * 1_000_000_000 + st.st_mtime_nsec as i64,
        ino: st.st_ino as u64,
        mode: st.st_mode & 0o7777,
    }
}

/// `fstatat(dir, name, AT_SYMLINK_NOFOLLOW)`.
fn stat_at(dir: i32, name: &CString) -> io::Result<Stat> {
    // SAFETY: a zeroed stat is a valid out-parameter; the name is NUL-terminated.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::fstatat(dir, name.as_ptr(), &mut st, libc::AT_SYMLINK_NOFOLLOW) };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(stat_of(&st))
}

fn fstat(file: &File) -> io::Result<Stat> {
    // SAFETY: as in `stat_at`, on a descriptor we hold.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(file.as_raw_fd(), &mut st) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(stat_of(&st))
}

impl Disk for Real {
    fn lstat(&self, root: Root, rel: &Path) -> io::Result<Option<Stat>> {
        if rel.as_os_str().is_empty() {
            return self
                .open(root, rel, libc::O_PATH, 0)
                .and_then(|f| fstat(&f))
                .map(Some);
        }
        let (dir, name) = match self.parent(root, rel) {
            Ok(found) => found,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => return Ok(None),
            Err(e) => return Err(e),
        };
        match stat_at(dir.as_raw_fd(), &name) {
            Ok(stat) => Ok(Some(stat)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn list(&self, root: Root, rel: &Path) -> io::Result<Vec<(OsString, Stat)>> {
        let dir = self.open(root, rel, libc::O_RDONLY | libc::O_DIRECTORY, 0)?;
        // SAFETY: fdopendir takes over a descriptor we give up (into_raw_fd); closedir frees it.
        let fd = std::os::fd::IntoRawFd::into_raw_fd(dir);
        let stream = unsafe { libc::fdopendir(fd) };
        if stream.is_null() {
            let err = io::Error::last_os_error();
            unsafe { libc::close(fd) };
            return Err(err);
        }
        let mut out = Vec::new();
        let mut failed = None;
        loop {
            // SAFETY: readdir on an open stream; the entry is read before the next call.
            let entry = unsafe { libc::readdir(stream) };
            if entry.is_null() {
                break;
            }
            let name = unsafe { std::ffi::CStr::from_ptr((*entry).d_name.as_ptr()) };
            let bytes = name.to_bytes();
            if bytes == b"." || bytes == b".." {
                continue;
            }
            match stat_at(unsafe { libc::dirfd(stream) }, &name.to_owned()) {
                Ok(stat) => out.push((OsString::from_vec(bytes.to_vec()), stat)),
                // Gone between the listing and the look: it is not there.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        // SAFETY: the stream is ours and closed once.
        unsafe { libc::closedir(stream) };
        match failed {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    fn read(&self, root: Root, rel: &Path, limit: u64) -> io::Result<(Vec<u8>, Stat)> {
        // O_NONBLOCK: a FIFO swapped in must not hang the tick; it is refused below.
        let file = self.open(root, rel, libc::O_RDONLY | libc::O_NONBLOCK, 0)?;
        let stat = fstat(&file)?;
        if stat.kind != Kind::File {
            return Err(io::Error::from(io::ErrorKind::InvalidInput));
        }
        let mut bytes = Vec::with_capacity(stat.size.min(limit) as usize);
        file.take(limit).read_to_end(&mut bytes)?;
        Ok((bytes, stat))
    }

    fn create(&self, root: Root, rel: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
        let (dir, name) = self.parent(root, rel)?;
        let flags =
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        // SAFETY: openat on a directory descriptor we hold, with a NUL-terminated name.
        let fd = unsafe { libc::openat(dir.as_raw_fd(), name.as_ptr(), flags, mode) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a fresh descriptor owned only here.
        let mut file = unsafe { File::from_raw_fd(fd) };
        file.write_all(bytes)
    }

    fn append(&self, root: Root, rel: &Path, bytes: &[u8]) -> io::Result<()> {
        let flags = libc::O_WRONLY | libc::O_APPEND | libc::O_CREAT;
        self.open(root, rel, flags, 0o600)?.write_all(bytes)
    }

    fn truncate(&self, root: Root, rel: &Path, len: u64) -> io::Result<()> {
        self.open(root, rel, libc::O_WRONLY, 0)?.set_len(len)
    }

    fn sync(&self, root: Root, rel: &Path) -> io::Result<()> {
        self.open(root, rel, libc::O_RDONLY | libc::O_NONBLOCK, 0)?
            .sync_all()
    }

    fn sync_all(&self, root: Root) -> io::Result<()> {
        let dir = self.open(root, Path::new(""), libc::O_RDONLY | libc::O_DIRECTORY, 0)?;
        // SAFETY: syncfs on a descriptor we hold.
        if unsafe { libc::syncfs(dir.as_raw_fd()) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    fn rename(&self, root: Root, from: &Path, to: &Path) -> io::Result<()> {
        let (from_dir, from_name) = self.parent(root, from)?;
        let (to_dir, to_name) = self.parent(root, to)?;
        // SAFETY: renameat between directory descriptors we hold, names NUL-terminated.
        let rc = unsafe {
            libc::renameat(
                from_dir.as_raw_fd(),
                from_name.as_ptr(),
                to_dir.as_raw_fd(),
                to_name.as_ptr(),
            )
        };
        if rc != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    fn remove(&self, root: Root, rel: &Path) -> io::Result<()> {
        let (dir, name) = self.parent(root, rel)?;
        // SAFETY: unlinkat of a name in a directory descriptor we hold.
        if unsafe { libc::unlinkat(dir.as_raw_fd(), name.as_ptr(), 0) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    fn mkdirs(&self, root: Root, rel: &Path) -> io::Result<()> {
        paths::create_dirs_beneath(&self.confined(root, rel))
    }
}
