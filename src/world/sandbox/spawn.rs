//! Starting the sandboxed process: one pipe for its output, a minimal environment, its own
//! process group, and the limits it carries into exec (and bwrap passes on to the command).
//!
//! Everything the child does between fork and exec is in [`pre_exec`], which runs only
//! async-signal-safe system calls on values prepared beforehand: join the command's pids
//! cgroup, close every inherited descriptor past stdio, lower its priority, set the rlimits, die with the supervising thread
//! (`PR_SET_PDEATHSIG`), and in the rlimit fallback where it is allowed, leave the network
//! (`unshare(CLONE_NEWNET)`: only a loopback device remains).

use std::ffi::OsString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

use super::Limits;
use super::cgroup::PidsCgroup;

/// The environment a command sees; nothing of wis's own environment leaks in.
pub fn environment(workspace: &Path) -> Vec<(&'static str, OsString)> {
    vec![
        (
            "PATH",
            "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".into(),
        ),
        ("HOME", workspace.into()),
        ("LANG", "C.UTF-8".into()),
        ("TERM", "dumb".into()),
    ]
}

/// How the child should be set up before exec.
pub struct Setup<'a> {
    pub limits: &'a Limits,
    pub cgroup: Option<&'a PidsCgroup>,
    /// Leave the network namespace (rlimit fallback as root).
    pub isolate_network: bool,
    /// Hand the child a pipe on this descriptor number (bwrap's `--info-fd`).
    pub info_fd: Option<i32>,
    /// Set `PR_SET_NO_NEW_PRIVS`: no setuid or file capability raises what the command may do.
    pub no_new_privs: bool,
}

/// A started command: the child, its output pipe, and the read end of the info pipe.
pub struct Spawned {
    pub child: Child,
    pub output: OwnedFd,
    pub info: Option<OwnedFd>,
}

/// Spawns `program args` in `workspace`, stdout and stderr both into one pipe.
pub fn spawn(
    program: &Path,
    args: &[OsString],
    workspace: &Path,
    setup: &Setup,
) -> io::Result<Spawned> {
    let (reader, writer) = pipe()?;
    let info = setup.info_fd.map(|_| pipe()).transpose()?;
    let mut cmd = Command::new(program);
    cmd.args(args)
        .current_dir(workspace)
        .env_clear()
        .envs(environment(workspace))
        .stdin(Stdio::null())
        .stdout(Stdio::from(writer.try_clone()?))
        .stderr(Stdio::from(writer))
        .process_group(0);
    let limits = rlimits(setup.limits);
    let join_fd = setup.cgroup.map(PidsCgroup::procs_fd);
    let nice = setup.limits.nice;
    let isolate = setup.isolate_network;
    let no_new_privs = setup.no_new_privs;
    let info_map = setup
        .info_fd
        .zip(info.as_ref())
        .map(|(target, (_, w))| (w.as_raw_fd(), target));
    // SAFETY: the closure only makes async-signal-safe system calls on data prepared above.
    unsafe {
        cmd.pre_exec(move || pre_exec(join_fd, info_map, nice, &limits, isolate, no_new_privs))
    };
    let child = cmd.spawn()?;
    // `cmd` still holds the pipe's write ends; they must close here or EOF never comes.
    drop(cmd);
    Ok(Spawned {
        child,
        output: reader,
        info: info.map(|(r, _)| r),
    })
}

fn pre_exec(
    join_fd: Option<i32>,
    info: Option<(i32, i32)>,
    nice: i32,
    limits: &[(libc::__rlimit_resource_t, u64, u64)],
    isolate_network: bool,
    no_new_privs: bool,
) -> io::Result<()> {
    // SAFETY (all blocks below): plain system calls on integers and stack values.
    if let Some(fd) = join_fd {
        let zero = b"0";
        if unsafe { libc::write(fd, zero.as_ptr().cast(), 1) } != 1 {
            return Err(io::Error::last_os_error());
        }
    }
    // After the join: the cgroup descriptor may have the number the info pipe takes.
    if let Some((from, to)) = info {
        let rc = if from == to {
            unsafe { libc::fcntl(to, libc::F_SETFD, 0) }
        } else {
            unsafe { libc::dup2(from, to) }
        };
        if rc < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    // Nothing but stdio (and the info pipe) may reach the command: descriptors wis inherited
    // without close-on-exec (from cron, a terminal, a test harness) are marked close-on-exec
    // here. Marked, not closed: the pipe on which the standard library reports a failed exec
    // (an argument list too long, a missing program) must live until the exec.
    let first_free = info.map_or(3, |(_, to)| to.max(2) + 1) as u32;
    let cloexec = libc::CLOSE_RANGE_CLOEXEC as libc::c_uint;
    if unsafe { libc::syscall(libc::SYS_close_range, first_free, u32::MAX, cloexec) } != 0 {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) };
        for fd in first_free..(lim.rlim_cur.min(1 << 20) as u32) {
            unsafe { libc::fcntl(fd as i32, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
    }
    unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, nice) };
    for &(resource, soft, hard) in limits {
        let lim = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        if unsafe { libc::setrlimit(resource, &lim) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) } != 0 {
        return Err(io::Error::last_os_error());
    }
    if isolate_network && unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
        return Err(io::Error::last_os_error());
    }
    if no_new_privs && unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The rlimits to set, each clamped to the current hard limit (only root may raise it).
fn rlimits(l: &Limits) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let mut wanted = vec![
        (libc::RLIMIT_CPU, l.cpu_secs, l.cpu_secs + 1),
        (libc::RLIMIT_FSIZE, l.file_max_bytes, l.file_max_bytes),
        (libc::RLIMIT_NOFILE, l.max_open_files, l.max_open_files),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    if let Some(nproc) = nproc_limit(l.max_processes) {
        wanted.push((libc::RLIMIT_NPROC, nproc, nproc));
    }
    if let Some(bytes) = l.address_space_bytes {
        wanted.push((libc::RLIMIT_AS, bytes, bytes));
    }
    wanted
        .into_iter()
        .map(|(res, soft, hard)| {
            let mut cur = libc::rlimit {
                rlim_cur: 0,
                rlim_max: libc::RLIM_INFINITY,
            };
            // SAFETY: getrlimit fills the struct we pass.
            unsafe { libc::getrlimit(res, &mut cur) };
            let hard = hard.min(cur.rlim_max);
            (res, soft.min(hard), hard)
        })
        .collect()
}

/// Whether commands can be given their own network namespace outside bwrap: only with
/// `CAP_SYS_ADMIN` (root, and not in a container that dropped it). Tried once per process by
/// starting a shell that leaves the network and exits.
pub fn can_leave_network() -> bool {
    static CAN: OnceLock<bool> = OnceLock::new();
    *CAN.get_or_init(|| {
        let mut cmd = Command::new("/bin/sh");
        cmd.args(["-c", "exit 0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: unshare is a single system call on a flag.
        unsafe {
            cmd.pre_exec(|| match libc::unshare(libc::CLONE_NEWNET) {
                0 => Ok(()),
                _ => Err(io::Error::last_os_error()),
            })
        };
        cmd.status().is_ok_and(|s| s.success())
    })
}

/// `RLIMIT_NPROC` counts every task of the real uid, machine-wide, so the budget is added to
/// what this uid already runs. Root is exempt from it, so none is set for root.
pub fn nproc_limit(budget: u64) -> Option<u64> {
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    (uid != 0).then(|| tasks_of_uid(uid) + budget)
}

fn tasks_of_uid(uid: u32) -> u64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut total = 0;
    for entry in dir.flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse::<u64>().ok())
        };
        if field("Uid:") == Some(uid as u64) {
            total += field("Threads:").unwrap_or(1);
        }
    }
    total
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: pipe2 writes two descriptors into the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors are fresh and owned only here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}
