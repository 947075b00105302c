//! Watching a running command: reading its output into bounded buffers, enforcing the
//! wall-clock limit, and killing everything it started when it ends.
//!
//! One thread polls the output pipe, a pidfd of the child and, under bwrap, the `--info-fd`
//! pipe that names the sandbox's init. The loop ends when the child exits, the deadline
//! passes, or the output passes its read ceiling. Then, always, the whole process group, the
//! command's cgroup and the sandbox's init are SIGKILLed, so nothing it left running in the
//! background survives the call. The child is detected with `waitid(WNOWAIT)` and reaped only
//! after the kill, so its pid, which names the group, cannot be reused in between. The init is
//! held by a pidfd, and waited for: it finishes exiting only once the kernel has killed every
//! process of its pid namespace (bwrap's outer process may exit before that). What is still in
//! the pipe is drained for a short grace period, never waiting for an EOF that a process
//! outside the group could hold back forever.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use super::capture::Captured;
use super::cgroup::PidsCgroup;
use super::spawn::Spawned;

/// How long to keep reading after the kill.
const DRAIN_GRACE: Duration = Duration::from_millis(200);
/// How long to wait for killed processes to be gone.
const KILL_GRACE: Duration = Duration::from_secs(2);

/// What happened to a command.
pub struct Finished {
    pub status: Option<ExitStatus>,
    pub timed_out: bool,
    /// The output passed the read ceiling and the command was stopped.
    pub flooded: bool,
    pub output: Captured,
}

/// Runs the watch loop for a spawned command (leader of its own process group) until it ends.
pub fn supervise(
    spawned: Spawned,
    timeout: Duration,
    max_read: u64,
    max_chars: usize,
    cgroup: Option<&PidsCgroup>,
) -> Finished {
    let Spawned {
        mut child,
        output: reader,
        info,
    } = spawned;
    let pid = child.id() as i32;
    let deadline = Instant::now() + timeout;
    let pidfd = pidfd_open(pid);
    let mut init = info.map(|fd| SandboxInit::new(fd, pid));
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
        let mut fds = Vec::with_capacity(3);
        if !eof {
            fds.push(poll_fd(reader.as_raw_fd()));
        }
        fds.extend(pidfd.as_ref().map(|fd| poll_fd(fd.as_raw_fd())));
        fds.extend(init.as_ref().and_then(SandboxInit::waiting_fd).map(poll_fd));
        poll(&mut fds, wait);
        if !eof {
            eof = read_available(&reader, &mut out);
        }
        if let Some(init) = &mut init {
            init.learn();
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
    if let Some(init) = &mut init {
        init.kill_and_wait(Instant::now() + KILL_GRACE);
    }
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

/// bwrap's init inside the sandbox, learned from its `--info-fd` JSON.
struct SandboxInit {
    info: OwnedFd,
    /// bwrap's outer process, the init's parent.
    parent: i32,
    text: Vec<u8>,
    done: bool,
    pidfd: Option<OwnedFd>,
}

impl SandboxInit {
    fn new(info: OwnedFd, parent: i32) -> SandboxInit {
        set_nonblocking(&info);
        SandboxInit {
            info,
            parent,
            text: Vec::new(),
            done: false,
            pidfd: None,
        }
    }

    /// The info pipe, while the pid is still to come.
    fn waiting_fd(&self) -> Option<i32> {
        (!self.done).then(|| self.info.as_raw_fd())
    }

    /// Reads what bwrap wrote; once the pid is there, holds the process by a pidfd, checked to
    /// be a child of bwrap's outer process (a pid already reaped and reused is not taken).
    fn learn(&mut self) {
        if self.done {
            return;
        }
        let mut buf = [0u8; 512];
        loop {
            // SAFETY: read into a stack buffer of the stated length.
            let n = unsafe { libc::read(self.info.as_raw_fd(), buf.as_mut_ptr().cast(), 512) };
            if n <= 0 || self.text.len() > 4096 {
                self.done = n == 0 || self.text.len() > 4096;
                break;
            }
            self.text.extend_from_slice(&buf[..n as usize]);
        }
        let text = String::from_utf8_lossy(&self.text);
        let pid = text.split_once("\"child-pid\"").and_then(|(_, rest)| {
            let digits = rest.trim_start_matches([' ', ':', '\n', '\t']);
            let end = digits
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(digits.len());
            digits[..end].parse::<i32>().ok()
        });
        if let Some(pid) = pid {
            self.pidfd = pidfd_open(pid).filter(|_| parent_of(pid) == Some(self.parent));
            self.done = true;
        }
    }

    fn kill_and_wait(&mut self, deadline: Instant) {
        self.learn();
        let Some(fd) = &self.pidfd else {
            return;
        };
        // SAFETY: pidfd_send_signal on a pidfd we hold; it cannot reach a reused pid.
        unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                fd.as_raw_fd(),
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0,
            )
        };
        // The pidfd turns readable once the init has exited, after its namespace is empty.
        let now = Instant::now();
        if now < deadline {
            poll(&mut [poll_fd(fd.as_raw_fd())], deadline - now);
        }
    }
}

/// The parent pid of a process, from `/proc/<pid>/stat`.
fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace().nth(1)?.parse().ok()
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
