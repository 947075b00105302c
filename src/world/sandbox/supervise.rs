//! Watching a running command: reading its output into bounded buffers, enforcing the
//! wall-clock limit, and killing everything it started when it ends.
//!
//! One thread polls the output pipe and a pidfd of the child together. The loop ends when the
//! child exits, the deadline passes, or the output passes its read ceiling. Then, always, the
//! whole process group and the command's cgroup are SIGKILLed, so nothing it left running in
//! the background survives the call (the child is detected with `waitid(WNOWAIT)` and reaped
//! only after the kill, so its pid, which names the group, cannot be reused in between).
//! What is still in the pipe is drained for a short grace period, never waiting for an EOF
//! that a process outside the group could hold back forever.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

use super::cgroup::PidsCgroup;
use crate::world::normalize_output;

/// How long to keep reading after the kill.
const DRAIN_GRACE: Duration = Duration::from_millis(200);

/// What happened to a command.
pub struct Finished {
    pub status: Option<ExitStatus>,
    pub timed_out: bool,
    /// The output passed the read ceiling and the command was stopped.
    pub flooded: bool,
    pub output: Captured,
}

/// Output kept as a head and a tail of bounded size, and a count of everything seen.
pub struct Captured {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    head_keep: usize,
    tail_keep: usize,
    pub total: u64,
}

impl Captured {
    pub fn new(max_chars: usize) -> Captured {
        let head_keep = max_chars * 2 / 3;
        Captured {
            head: Vec::new(),
            tail: VecDeque::new(),
            head_keep,
            tail_keep: max_chars - head_keep,
            total: 0,
        }
    }

    pub fn push(&mut self, mut buf: &[u8]) {
        self.total += buf.len() as u64;
        let room = self.head_keep - self.head.len();
        let take = room.min(buf.len());
        self.head.extend_from_slice(&buf[..take]);
        buf = &buf[take..];
        if buf.len() >= self.tail_keep {
            self.tail.clear();
            buf = &buf[buf.len() - self.tail_keep..];
        }
        self.tail.extend(buf);
        let excess = self.tail.len().saturating_sub(self.tail_keep);
        self.tail.drain(..excess);
    }

    /// Normalized text of at most about `max_chars` characters; a cut says how many bytes.
    pub fn render(&self, max_chars: usize) -> String {
        let tail: Vec<u8> = self.tail.iter().copied().collect();
        let kept = (self.head.len() + tail.len()) as u64;
        if kept == self.total {
            let mut all = self.head.clone();
            all.extend_from_slice(&tail);
            return normalize_output(&all, max_chars);
        }
        let head = normalize_output(utf8_prefix(&self.head), max_chars);
        let tail = normalize_output(utf8_suffix(&tail), max_chars);
        format!(
            "{head}\n[... {} bytes cut ...]\n{}",
            self.total - kept,
            tail.trim_start_matches('\n')
        )
    }
}

/// Drops a multi-byte character cut off at the end.
fn utf8_prefix(b: &[u8]) -> &[u8] {
    match std::str::from_utf8(b) {
        Err(e) if e.error_len().is_none() => &b[..e.valid_up_to()],
        _ => b,
    }
}

/// Drops continuation bytes of a character cut off at the start.
fn utf8_suffix(b: &[u8]) -> &[u8] {
    let skip = b.iter().take(3).take_while(|&&c| c & 0xC0 == 0x80).count();
    &b[skip..]
}

/// Runs the watch loop for `child` (leader of its own process group) until it ends.
pub fn supervise(
    child: &mut Child,
    reader: OwnedFd,
    timeout: Duration,
    max_read: u64,
    max_chars: usize,
    cgroup: Option<&PidsCgroup>,
) -> Finished {
    let pid = child.id() as i32;
    let deadline = Instant::now() + timeout;
    let pidfd = pidfd_open(pid);
    set_nonblocking(&reader);
    let mut out = Captured::new(max_chars);
    let (mut eof, mut timed_out, mut flooded) = (false, false, false);
    loop {
        if exited(pid) {
            break;
        }
        let now = Instant::now();
        if now >= deadline {
            timed_out = true;
            break;
        }
        let left = deadline - now;
        let wait = match pidfd {
            Some(_) => left,
            None => left.min(Duration::from_millis(10)),
        };
        let mut fds = Vec::with_capacity(2);
        if !eof {
            fds.push(poll_fd(reader.as_raw_fd()));
        }
        if let Some(fd) = &pidfd {
            fds.push(poll_fd(fd.as_raw_fd()));
        }
        poll(&mut fds, wait);
        if !eof {
            eof = read_available(&reader, &mut out);
        }
        if out.total > max_read {
            flooded = true;
            break;
        }
    }
    // The command is over, one way or another: nothing it started may outlive it.
    // SAFETY: killpg on the group the child leads; its pid is still reserved (not reaped).
    unsafe { libc::killpg(pid, libc::SIGKILL) };
    if let Some(cg) = cgroup {
        cg.kill_all();
    }
    let status = child.wait().ok();
    let grace = Instant::now() + DRAIN_GRACE;
    while !eof && !flooded {
        let now = Instant::now();
        if now >= grace {
            break;
        }
        poll(&mut [poll_fd(reader.as_raw_fd())], grace - now);
        eof = read_available(&reader, &mut out);
    }
    Finished {
        status,
        timed_out,
        flooded,
        output: out,
    }
}

/// Whether the child has exited, without reaping it.
fn exited(pid: i32) -> bool {
    // SAFETY: waitid fills the zeroed siginfo; WNOWAIT leaves the child waitable.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) == 0 && info.si_pid() != 0
    }
}

/// Reads what is available now; true at end of file (or an error that ends reading).
fn read_available(fd: &OwnedFd, out: &mut Captured) -> bool {
    let mut buf = [0u8; 65536];
    loop {
        // SAFETY: read into a stack buffer of the stated length.
        let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        match n {
            0 => return true,
            n if n > 0 => out.push(&buf[..n as usize]),
            _ => {
                let err = io::Error::last_os_error();
                return match err.kind() {
                    io::ErrorKind::WouldBlock => false,
                    io::ErrorKind::Interrupted => continue,
                    _ => true,
                };
            }
        }
    }
}

fn poll_fd(fd: i32) -> libc::pollfd {
    libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    }
}

fn poll(fds: &mut [libc::pollfd], wait: Duration) {
    let ms = wait.as_millis().clamp(1, i32::MAX as u128) as i32;
    // SAFETY: poll on a slice of initialized pollfds of the stated length.
    unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
}

fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open(2) returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a fresh descriptor owned only here.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

fn set_nonblocking(fd: &OwnedFd) {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}
