//! Confinement of creature-given paths to the workspace.
//!
//! A path the model names is untrusted text. [`confine`] turns it into a [`Confined`] path or a
//! typed refusal: absolute paths, `..` that climbs out, and symbolic links that resolve outside
//! the workspace (as the last component, through an intermediate directory, or as the parent of
//! a file not written yet) are all [`FailKind::Denied`]. The string is normalized lexically
//! first and never handed to the OS as given; each existing component is then canonicalized in
//! turn and must stay under the canonical workspace.
//!
//! Checking and opening are two steps, so [`open_beneath`] closes the gap: it opens the checked,
//! symlink-free relative path with `openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)` from a
//! descriptor of the workspace, so a component swapped for a link after the check makes the
//! open fail instead of escaping. Where `openat2` is missing (Linux before 5.6) it falls back to
//! `O_NOFOLLOW`, which guards only the last component: a directory swapped for a link between
//! the check and the open could still redirect it. Nothing of the creature's runs between its
//! commands (the sandbox kills every process a command leaves), so that window is only open to
//! processes outside the body. Directories a write needs are made the same way
//! ([`create_dirs_beneath`]): each with `mkdirat` in its parent opened by [`open_beneath`].

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use crate::creature::{FailKind, Outcome};

/// Why a path was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathError {
    /// The path leaves the workspace.
    Denied(String),
    /// The path is not a usable path at all (empty, a NUL byte).
    Invalid(String),
    /// The workspace itself is missing or unreadable: the platform's fault.
    Workspace(String),
}

impl PathError {
    /// The refusal as the creature sees it.
    pub fn into_outcome(self) -> Outcome {
        match self {
            PathError::Denied(m) => Outcome::fail(FailKind::Denied, m),
            PathError::Invalid(m) => Outcome::fail(FailKind::InvalidArgs, m),
            PathError::Workspace(m) => Outcome::fail(FailKind::Internal, m),
        }
    }
}

/// A path checked to lie inside the workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confined {
    /// The canonical workspace.
    pub root: PathBuf,
    /// Relative to `root`, with every existing symbolic link resolved; empty for the workspace
    /// itself. Components past the deepest existing one are kept as written.
    pub rel: PathBuf,
    /// The last component is a symbolic link whose target does not exist (inside the workspace).
    pub dangling: bool,
}

impl Confined {
    /// The absolute, checked path.
    pub fn abs(&self) -> PathBuf {
        self.root.join(&self.rel)
    }

    /// The relative path for messages ("." for the workspace itself).
    pub fn shown(&self) -> String {
        if self.rel.as_os_str().is_empty() {
            ".".to_string()
        } else {
            self.rel.display().to_string()
        }
    }
}

/// Checks a creature-given `path` against `workspace`.
pub fn confine(workspace: &Path, path: &str) -> Result<Confined, PathError> {
    if path.trim().is_empty() {
        return Err(PathError::Invalid("the path is empty".into()));
    }
    if path.contains('\0') {
        return Err(PathError::Invalid("the path contains a NUL byte".into()));
    }
    if path.starts_with('/') {
        return Err(PathError::Denied(format!(
            "`{path}` is an absolute path; only paths relative to the workspace are allowed, \
             like notes/todo.txt"
        )));
    }
    let root = workspace
        .canonicalize()
        .map_err(|e| PathError::Workspace(format!("workspace {}: {e}", workspace.display())))?;
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for comp in Path::new(path).components() {
        match comp {
            Component::Normal(name) => parts.push(name),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(PathError::Denied(format!(
                        "`{path}` climbs out of the workspace with `..`"
                    )));
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(PathError::Denied(format!(
                    "`{path}` is not a relative path"
                )));
            }
        }
    }
    resolve(root, &parts, path)
}

/// Walks the components from the root, resolving each existing one and checking it stays in.
fn resolve(root: PathBuf, parts: &[&std::ffi::OsStr], shown: &str) -> Result<Confined, PathError> {
    let outside = || {
        PathError::Denied(format!(
            "`{shown}` leads outside the workspace through a symbolic link"
        ))
    };
    let mut cur = root.clone();
    for (i, name) in parts.iter().enumerate() {
        let candidate = cur.join(name);
        let meta = match std::fs::symlink_metadata(&candidate) {
            Ok(meta) => meta,
            Err(_) => {
                // Missing (or under a non-directory): the rest cannot exist; keep it as written.
                parts[i..].iter().for_each(|p| cur.push(p));
                break;
            }
        };
        // `cur` is canonical (the canonical root, or what a link resolved to), so an entry in
        // it that is not a link is canonical as it stands: only a link needs resolving.
        let real = if meta.file_type().is_symlink() {
            candidate.canonicalize()
        } else {
            Ok(candidate.clone())
        };
        match real {
            Ok(real) if real.starts_with(&root) => cur = real,
            Ok(_) => return Err(outside()),
            Err(_) if meta.file_type().is_symlink() => {
                // A link to something missing: refuse it unless it is the last component and
                // points inside, where a write may replace the link itself.
                let target = std::fs::read_link(&candidate).map_err(|_| outside())?;
                if i + 1 != parts.len() || !lexically_inside(&root, &cur, &target) {
                    return Err(outside());
                }
                cur = candidate;
                let rel = cur.strip_prefix(&root).unwrap_or(&cur).to_path_buf();
                return Ok(Confined {
                    root,
                    rel,
                    dangling: true,
                });
            }
            Err(_) => cur = candidate,
        }
    }
    let rel = cur
        .strip_prefix(&root)
        .map_err(|_| outside())?
        .to_path_buf();
    Ok(Confined {
        root,
        rel,
        dangling: false,
    })
}

/// Whether a link `target` found in directory `dir` stays under `root`, by its text alone.
fn lexically_inside(root: &Path, dir: &Path, target: &Path) -> bool {
    let mut out = if target.is_absolute() {
        PathBuf::from("/")
    } else {
        dir.to_path_buf()
    };
    for comp in target.components() {
        match comp {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out.starts_with(root) && out != root
}

/// `struct open_how` of openat2(2).
#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}

/// Opens a confined path with `flags` (`O_CLOEXEC` is added) so that no symbolic link can be
/// followed on the way, refusing with `ELOOP`/`EXDEV` if one appeared since [`confine`].
pub fn open_beneath(c: &Confined, flags: i32, mode: u32) -> io::Result<File> {
    let root = File::open(&c.root)?;
    let rel = if c.rel.as_os_str().is_empty() {
        Path::new(".")
    } else {
        c.rel.as_path()
    };
    let name = CString::new(rel.as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    let how = OpenHow {
        flags: (flags | libc::O_CLOEXEC) as u64,
        mode: mode as u64,
        resolve: libc::RESOLVE_BENEATH | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS,
    };
    // SAFETY: openat2 reads `how` (size passed) and the NUL-terminated name; both outlive it.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat2,
            root.as_raw_fd(),
            name.as_ptr(),
            &how as *const OpenHow,
            std::mem::size_of::<OpenHow>(),
        )
    };
    if fd >= 0 {
        // SAFETY: the kernel just returned this descriptor to us and nothing else owns it.
        return Ok(File::from(unsafe { OwnedFd::from_raw_fd(fd as i32) }));
    }
    let err = io::Error::last_os_error();
    if !matches!(err.raw_os_error(), Some(libc::ENOSYS) | Some(libc::EPERM)) {
        return Err(err);
    }
    let path = CString::new(c.abs().as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    // SAFETY: a plain open(2) of a NUL-terminated path.
    let fd = unsafe {
        libc::open(
            path.as_ptr(),
            flags | libc::O_CLOEXEC | libc::O_NOFOLLOW,
            mode,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above, a fresh descriptor we own.
    Ok(File::from(unsafe { OwnedFd::from_raw_fd(fd) }))
}

/// Creates the confined directory and its missing parents, one component at a time: each
/// with `mkdirat(2)` in its parent opened by [`open_beneath`], so a component swapped for a
/// link after [`confine`] is refused (`ELOOP`/`EXDEV`) instead of followed.
pub fn create_dirs_beneath(c: &Confined) -> io::Result<()> {
    let mut made = PathBuf::new();
    for part in c.rel.components() {
        let Component::Normal(name) = part else {
            return Err(io::Error::from(io::ErrorKind::InvalidInput));
        };
        let parent = Confined {
            rel: made.clone(),
            ..c.clone()
        };
        let dir = open_beneath(&parent, libc::O_PATH | libc::O_DIRECTORY, 0)?;
        let cname = CString::new(name.as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
        // SAFETY: mkdirat on a directory descriptor we hold, with a NUL-terminated name.
        if unsafe { libc::mkdirat(dir.as_raw_fd(), cname.as_ptr(), 0o777) } != 0 {
            let err = io::Error::last_os_error();
            if err.raw_os_error() != Some(libc::EEXIST) {
                return Err(err);
            }
        }
        made.push(name);
    }
    open_beneath(c, libc::O_PATH | libc::O_DIRECTORY, 0).map(|_| ())
}

/// Whether an open failed because a symbolic link stood in the way (a race or a planted link).
pub fn is_link_refusal(err: &io::Error) -> bool {
    matches!(err.raw_os_error(), Some(libc::ELOOP) | Some(libc::EXDEV))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn denied(ws: &Path, path: &str) -> bool {
        matches!(confine(ws, path), Err(PathError::Denied(_)))
    }

    #[test]
    fn plain_paths_stay_inside_and_escapes_are_denied() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        std::fs::create_dir(ws.join("a")).unwrap();
        let c = confine(ws, "a/./b/../c.txt").unwrap();
        assert_eq!(c.rel, Path::new("a/c.txt"));
        assert_eq!(confine(ws, ".").unwrap().shown(), ".");
        assert!(denied(ws, "/etc/passwd"));
        assert!(denied(ws, "../x"));
        assert!(denied(ws, "a/../../x"));
        assert!(matches!(confine(ws, ""), Err(PathError::Invalid(_))));
        assert!(matches!(confine(ws, "a\0b"), Err(PathError::Invalid(_))));
    }

    #[test]
    fn links_are_followed_only_while_they_stay_inside() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join("real")).unwrap();
        std::fs::write(dir.path().join("secret"), "s").unwrap();
        symlink(dir.path().join("secret"), ws.join("leak")).unwrap();
        symlink(dir.path(), ws.join("up")).unwrap();
        symlink("real", ws.join("alias")).unwrap();
        symlink("../nowhere", ws.join("broken_out")).unwrap();
        symlink("missing", ws.join("broken_in")).unwrap();
        assert!(denied(&ws, "leak"));
        assert!(denied(&ws, "up/secret"));
        assert!(denied(&ws, "up/new/file.txt"));
        assert!(denied(&ws, "broken_out"));
        assert!(denied(&ws, "broken_in/x"));
        assert_eq!(confine(&ws, "alias/f").unwrap().rel, Path::new("real/f"));
        let c = confine(&ws, "broken_in").unwrap();
        assert!(c.dangling);
        assert_eq!(c.rel, Path::new("broken_in"));
    }

    #[test]
    fn open_beneath_refuses_a_link_planted_after_the_check() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join("d")).unwrap();
        std::fs::write(dir.path().join("secret"), "s").unwrap();
        let c = confine(&ws, "d/f").unwrap();
        std::fs::remove_dir(ws.join("d")).unwrap();
        symlink(dir.path(), ws.join("d")).unwrap();
        std::fs::write(dir.path().join("f"), "outside").unwrap();
        let err = open_beneath(&c, libc::O_RDONLY, 0).unwrap_err();
        assert!(is_link_refusal(&err), "{err}");
    }
}
