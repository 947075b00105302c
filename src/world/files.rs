//! The workspace file tools: `write_file` and `read_file`, confined and bounded.
//!
//! Both take the creature's path through [`paths::confine`] and open it with
//! [`paths::open_beneath`], so no symbolic link can carry them out of the workspace. A write
//! goes to a temporary file in the target's directory and is renamed over the target, so a
//! reader never sees half a file and a link at the target's name is replaced, not followed.
//! A read never loads more than it can show: a long file is read as a head and a tail.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::creature::{Effect, FailKind, Outcome, normalize_output};
use crate::world::paths::{self, Confined};
use crate::world::sandbox::Limits;

/// Bytes looked at to tell a binary file from text.
const SNIFF_BYTES: usize = 8192;

/// Writes `content` to `path` in the workspace, replacing the file; creates missing parent
/// directories inside the workspace.
pub fn write_file(workspace: &Path, path: &str, content: &str, limits: &Limits) -> Outcome {
    write_bytes(workspace, path, content.as_bytes(), limits)
}

/// Like [`write_file`], for any bytes (the audio a voice returns).
pub fn write_bytes(workspace: &Path, path: &str, content: &[u8], limits: &Limits) -> Outcome {
    let start = Instant::now();
    let outcome = write_inner(workspace, path, content, limits);
    outcome.with_duration(start.elapsed().as_millis() as u64)
}

fn write_inner(workspace: &Path, path: &str, content: &[u8], limits: &Limits) -> Outcome {
    if content.len() as u64 > limits.write_max_bytes {
        let msg = format!(
            "the content is {} bytes; a file written at once may have at most {}",
            content.len(),
            limits.write_max_bytes
        );
        return Outcome::fail(FailKind::TooLarge, msg);
    }
    let c = match paths::confine(workspace, path) {
        Ok(c) => c,
        Err(e) => return e.into_outcome(),
    };
    let (Some(parent), Some(name)) = (c.rel.parent(), c.rel.file_name()) else {
        return Outcome::fail(FailKind::InvalidArgs, "that names the workspace itself");
    };
    if c.abs().is_dir() {
        let msg = format!("`{}` is a directory", c.shown());
        return Outcome::fail(FailKind::InvalidArgs, msg);
    }
    let dir = Confined {
        rel: parent.to_path_buf(),
        ..c.clone()
    };
    if let Err(e) = paths::create_dirs_beneath(&dir) {
        return io_failure(&dir, e);
    }
    let existed = c.abs().symlink_metadata().is_ok();
    let effect = if !existed {
        Effect::Created
    } else if holds(&c, content) {
        Effect::Unchanged
    } else {
        Effect::Changed
    };
    match replace(&dir, name, content) {
        Ok(()) => Outcome::ok(format!("wrote {} bytes to {}", content.len(), c.shown()))
            .with_effect(effect),
        Err(e) => io_failure(&c, e),
    }
}

/// Whether the file at `c` already holds exactly `content`, read through the same
/// confinement; any doubt (no such file, a link, a read error) counts as a change.
fn holds(c: &Confined, content: &[u8]) -> bool {
    let Ok(mut file) = paths::open_beneath(c, libc::O_RDONLY | libc::O_NONBLOCK, 0) else {
        return false;
    };
    let same_size = file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == content.len() as u64);
    let mut have = Vec::with_capacity(content.len());
    same_size && file.read_to_end(&mut have).is_ok() && have == content
}

/// Writes a temporary file beside `name` in `dir` and renames it over `name`, keeping the
/// permissions of the file it replaces.
fn replace(dir: &Confined, name: &std::ffi::OsStr, bytes: &[u8]) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    use std::os::unix::ffi::OsStrExt;
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let dir_fd = paths::open_beneath(dir, libc::O_PATH | libc::O_DIRECTORY, 0)?;
    let tmp_name = format!(
        ".{}.wis-{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    );
    let tmp = std::ffi::CString::new(tmp_name).map_err(|_| io::ErrorKind::InvalidInput)?;
    let dest = std::ffi::CString::new(name.as_bytes()).map_err(|_| io::ErrorKind::InvalidInput)?;
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    // SAFETY: openat on a directory descriptor we hold, with a NUL-terminated name.
    let fd = unsafe { libc::openat(dir_fd.as_raw_fd(), tmp.as_ptr(), flags, 0o644) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor owned only here.
    let mut file = unsafe { <File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    let mut written = file.write_all(bytes).and_then(|_| file.sync_all());
    let existing = dir.abs().join(name);
    if let Ok(meta) = std::fs::symlink_metadata(&existing) {
        if written.is_ok() && meta.is_file() {
            let mode = meta.permissions().mode() & 0o7777;
            written = file.set_permissions(std::fs::Permissions::from_mode(mode));
        }
    }
    if written.is_ok() {
        // SAFETY: renameat within one directory descriptor, both names NUL-terminated.
        let rc = unsafe {
            libc::renameat(
                dir_fd.as_raw_fd(),
                tmp.as_ptr(),
                dir_fd.as_raw_fd(),
                dest.as_ptr(),
            )
        };
        if rc == 0 {
            return Ok(());
        }
        written = Err(io::Error::last_os_error());
    }
    // SAFETY: unlinkat of the temporary name we created in this directory.
    unsafe { libc::unlinkat(dir_fd.as_raw_fd(), tmp.as_ptr(), 0) };
    written
}

/// Reads `path` in the workspace; at most `max_chars` characters of it are shown.
pub fn read_file(workspace: &Path, path: &str, max_chars: usize) -> Outcome {
    let start = Instant::now();
    let outcome = read_inner(workspace, path, max_chars);
    outcome.with_duration(start.elapsed().as_millis() as u64)
}

fn read_inner(workspace: &Path, path: &str, max_chars: usize) -> Outcome {
    let c = match paths::confine(workspace, path) {
        Ok(c) => c,
        Err(e) => return e.into_outcome(),
    };
    if c.dangling {
        let msg = format!("`{}` is a link to a file that does not exist", c.shown());
        return Outcome::fail(FailKind::NotFound, msg);
    }
    // O_NONBLOCK: opening a FIFO must not hang the tick; it is refused just below.
    let mut file = match paths::open_beneath(&c, libc::O_RDONLY | libc::O_NONBLOCK, 0) {
        Ok(f) => f,
        Err(e) => return io_failure(&c, e),
    };
    let meta = match file.metadata() {
        Ok(m) => m,
        Err(e) => return io_failure(&c, e),
    };
    if meta.is_dir() {
        let msg = format!("`{}` is a directory, not a file", c.shown());
        return Outcome::fail(FailKind::InvalidArgs, msg);
    }
    if !meta.is_file() {
        let msg = format!("`{}` is not a regular file", c.shown());
        return Outcome::fail(FailKind::InvalidArgs, msg);
    }
    match read_bounded(&mut file, meta.len(), max_chars) {
        Ok(text) => Outcome::ok(text),
        Err(e) => io_failure(&c, e),
    }
}

/// The file's text, or a line saying it is binary; a long file as head, cut and tail.
fn read_bounded(file: &mut File, size: u64, max_chars: usize) -> io::Result<String> {
    let budget = (max_chars as u64 * 4).max(SNIFF_BYTES as u64);
    let mut head = Vec::new();
    file.take(budget.min(size)).read_to_end(&mut head)?;
    let sniff = &head[..head.len().min(SNIFF_BYTES)];
    if sniff.contains(&0) {
        return Ok(format!("(a binary file of {size} bytes; not shown)"));
    }
    if size <= budget {
        return Ok(normalize_output(&head, max_chars));
    }
    let keep_tail = budget / 3;
    head.truncate((budget - keep_tail) as usize);
    let mut tail = Vec::new();
    file.seek(SeekFrom::Start(size - keep_tail))?;
    file.take(keep_tail).read_to_end(&mut tail)?;
    let cut = size - head.len() as u64 - tail.len() as u64;
    let head_chars = max_chars * 2 / 3;
    let head_text = normalize_output(&head, head_chars);
    let tail_text = normalize_output(&tail, max_chars - head_chars);
    Ok(format!(
        "{head_text}\n[... {cut} bytes cut ...]\n{tail_text}"
    ))
}

/// An I/O error as the creature sees it.
fn io_failure(c: &Confined, e: io::Error) -> Outcome {
    let shown = c.shown();
    if paths::is_link_refusal(&e) {
        let msg = format!("`{shown}` leads outside the workspace through a symbolic link");
        return Outcome::fail(FailKind::Denied, msg);
    }
    let kind = match e.kind() {
        io::ErrorKind::NotFound => FailKind::NotFound,
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => FailKind::Denied,
        io::ErrorKind::NotADirectory | io::ErrorKind::IsADirectory => FailKind::InvalidArgs,
        io::ErrorKind::InvalidInput | io::ErrorKind::AlreadyExists => FailKind::InvalidArgs,
        io::ErrorKind::FileTooLarge | io::ErrorKind::StorageFull => FailKind::TooLarge,
        _ => match e.raw_os_error() {
            Some(libc::ENAMETOOLONG) => FailKind::InvalidArgs,
            Some(libc::EDQUOT) => FailKind::TooLarge,
            _ => FailKind::Internal,
        },
    };
    let what = match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::NotADirectory | io::ErrorKind::AlreadyExists => {
            "a part of the path is a file, not a directory".to_string()
        }
        _ => e.to_string(),
    };
    Outcome::fail(kind, format!("`{shown}`: {what}"))
}
