//! Running a model-chosen shell command, confined, bounded in time and output, and judged.
//!
//! Two backends, chosen by `[organs] sandbox`:
//! - **bwrap** (bubblewrap, when installed and able to build a sandbox here): read-only root,
//!   the workspace writable, its parent (the creature's home: store, configuration) hidden, a
//!   private `/tmp`, no network, its own pid namespace and session, no capabilities.
//! - **rlimit** (the fallback): the command runs as wis's own user in the workspace, with no
//!   filesystem confinement; only the limits below and, where wis may create one (root with
//!   `CAP_SYS_ADMIN`), a private network namespace. Use it where bubblewrap cannot run, and prefer a dedicated user.
//!
//! Both set the same limits before exec (bwrap and the command inherit them): CPU seconds,
//! file size (`RLIMIT_FSIZE`: a runaway `yes > f` dies of SIGXFSZ, reported `too_large`), open
//! files, address space, no core files, a lower priority, and a process count: a pids cgroup
//! per command where wis can make one (the only cap that binds root), else `RLIMIT_NPROC` for
//! an unprivileged user. [`process_cap`] says which applies. Neither lets a setuid binary
//! raise a command's privileges (`no_new_privs`: bwrap sets it, the fallback sets it itself). Both get a minimal environment
//! and no inherited descriptors beyond stdin (`/dev/null`) and one pipe for stdout and stderr.
//!
//! A wall-clock timeout SIGKILLs the command's whole process group, its cgroup and (under
//! bwrap) its pid namespace; so does the end of the command, so a background `sleep 600 &`
//! never outlives its call. Output is read with bounded buffers and a read ceiling past which
//! the command is stopped (`too_large`). The command dies with the thread that runs it (a tick
//! killed mid-command takes it along), and what a killed tick's rlimit command left behind is
//! swept from its cgroup by the next command.
//!
//! Known limits of the rlimit fallback: a process that calls `setsid` leaves the process
//! group, so without a pids cgroup it can outlive the call; and nothing stops it reading or
//! writing files outside the workspace that its user may touch, wis's own `/proc/<pid>/environ`
//! among them. Run as root without a pids
//! cgroup (cgroup v2 under systemd gives root's own cgroup no pids controller for children),
//! nothing but the timeout bounds a fork bomb: [`describe_sandbox`] says so.

mod bwrap;
mod capture;
mod cgroup;
mod judge;
mod spawn;
mod supervise;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::base::config::Organs;
pub use crate::base::config::SandboxMode;
use crate::creature::{FailKind, Outcome};
use cgroup::PidsCgroup;

/// Every bound a command runs under.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    pub mode: SandboxMode,
    /// Wall-clock time before the whole process group is killed.
    pub timeout: Duration,
    /// Characters of output the creature sees.
    pub output_max_chars: usize,
    /// Bytes of output read before the command is stopped as flooding.
    pub output_read_max_bytes: u64,
    /// CPU seconds per process (`RLIMIT_CPU`).
    pub cpu_secs: u64,
    /// Largest file a command may write (`RLIMIT_FSIZE`).
    pub file_max_bytes: u64,
    /// Largest content `write_file` accepts.
    pub write_max_bytes: u64,
    /// Processes (threads included) a command may have at once.
    pub max_processes: u64,
    /// Open files per process (`RLIMIT_NOFILE`).
    pub max_open_files: u64,
    /// Virtual memory per process (`RLIMIT_AS`); `None` leaves it unlimited.
    pub address_space_bytes: Option<u64>,
    /// Size of the private `/tmp` under bwrap.
    pub tmp_max_bytes: u64,
    /// Scheduling niceness of commands (0 normal, 19 lowest).
    pub nice: i32,
    /// Give each command a pids cgroup when wis can make one.
    pub pids_cgroup: bool,
}

impl Limits {
    /// The limits for `[organs]`, with declared defaults for what it does not set.
    pub fn from_organs(organs: &Organs) -> Limits {
        const MIB: u64 = 1 << 20;
        let timeout = organs.bash_timeout_secs.max(1);
        Limits {
            mode: organs.sandbox,
            timeout: Duration::from_secs(timeout),
            output_max_chars: organs.output_max_chars.max(80),
            output_read_max_bytes: 16 * MIB,
            cpu_secs: timeout + 1,
            file_max_bytes: 64 * MIB,
            write_max_bytes: MIB,
            max_processes: 128,
            max_open_files: 256,
            address_space_bytes: Some(4096 * MIB),
            tmp_max_bytes: 64 * MIB,
            nice: 10,
            pids_cgroup: true,
        }
    }
}

/// Which confinement a command would get.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    Bwrap(PathBuf),
    /// The fallback, with why bwrap is not used.
    Rlimit(String),
    /// Commands are refused, with why and what to do.
    Refused(String),
}

/// Chooses the backend for a mode (bwrap is located and probed once per process).
pub fn backend(mode: SandboxMode) -> Backend {
    if mode == SandboxMode::Rlimit {
        return choose(mode, Err(String::new()));
    }
    let found = bwrap::find().ok_or_else(|| "bwrap is not installed".to_string());
    choose(mode, found.and_then(|p| bwrap::probe(&p).map(|_| p)))
}

/// The backend for a mode, given a working bwrap or why there is none.
fn choose(mode: SandboxMode, bwrap: Result<PathBuf, String>) -> Backend {
    match (bwrap, mode) {
        (_, SandboxMode::Rlimit) => Backend::Rlimit("[organs] sandbox = \"rlimit\"".into()),
        (Ok(p), _) => Backend::Bwrap(p),
        (Err(why), SandboxMode::Bwrap) => Backend::Refused(format!(
            "commands are refused: [organs] sandbox = \"bwrap\" but {why}; hint: install \
             bubblewrap (apt-get install bubblewrap) or set sandbox = \"auto\""
        )),
        (Err(why), _) => Backend::Rlimit(why),
    }
}

/// What bounds the number of processes a command can start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProcessCap {
    /// A pids cgroup per command.
    Cgroup(u64),
    /// `RLIMIT_NPROC` (this many more tasks of wis's user).
    Rlimit(u64),
    /// Nothing but the timeout: root without a usable pids cgroup.
    Unbounded,
}

/// The process cap commands get on this machine, as this user.
pub fn process_cap(limits: &Limits) -> ProcessCap {
    if limits.pids_cgroup && PidsCgroup::create(limits.max_processes).is_some() {
        ProcessCap::Cgroup(limits.max_processes)
    } else if spawn::nproc_limit(limits.max_processes).is_some() {
        ProcessCap::Rlimit(limits.max_processes)
    } else {
        ProcessCap::Unbounded
    }
}

/// One line saying how commands are confined, for status output.
pub fn describe_sandbox(organs: &Organs) -> String {
    let limits = Limits::from_organs(organs);
    let how = match backend(organs.sandbox) {
        Backend::Bwrap(p) => format!(
            "bwrap ({}): read-only root, workspace writable, private /tmp, no network",
            p.display()
        ),
        Backend::Rlimit(why) => format!(
            "rlimit ({why}): files outside the workspace are not protected, network {}",
            if spawn::can_leave_network() {
                "isolated"
            } else {
                "open"
            }
        ),
        Backend::Refused(why) => return why,
    };
    let procs = match process_cap(&limits) {
        ProcessCap::Cgroup(n) => format!("at most {n} processes (pids cgroup)"),
        ProcessCap::Rlimit(n) => format!("at most {n} more processes (RLIMIT_NPROC)"),
        ProcessCap::Unbounded => "process count unbounded (root without a pids cgroup)".into(),
    };
    format!(
        "{how}; {procs}; timeout {} s kills the process group; files up to {} MiB; output \
         cut at {} chars",
        limits.timeout.as_secs(),
        limits.file_max_bytes >> 20,
        limits.output_max_chars
    )
}

/// The shell commands run in.
fn shell() -> &'static Path {
    ["/bin/bash", "/usr/bin/bash"]
        .iter()
        .map(Path::new)
        .find(|p| p.exists())
        .unwrap_or(Path::new("/bin/sh"))
}

/// Runs `command` with the shell (`bash -c`, or `sh -c` without bash) in `workspace`,
/// confined and bounded by `limits`, and judges how it ended.
///
/// Blocks for at most the timeout plus a short grace for the kill. Call it from a thread that
/// lives until it returns: the command is tied to the calling thread's life
/// (`PR_SET_PDEATHSIG`), not only the process's.
/// `s` as one single-quoted shell word.
pub fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

pub fn run_command(command: &str, workspace: &Path, limits: &Limits) -> Outcome {
    let start = Instant::now();
    let outcome = run_inner(command, workspace, limits);
    outcome.with_duration(start.elapsed().as_millis() as u64)
}

fn run_inner(command: &str, workspace: &Path, limits: &Limits) -> Outcome {
    if command.trim().is_empty() {
        return Outcome::fail(FailKind::InvalidArgs, "the command is empty");
    }
    if command.contains('\0') {
        return Outcome::fail(FailKind::InvalidArgs, "the command contains a NUL byte");
    }
    let ws = match workspace.canonicalize() {
        Ok(ws) => ws,
        Err(e) => {
            let msg = format!("workspace {}: {e}", workspace.display());
            return Outcome::fail(FailKind::Internal, msg);
        }
    };
    let shell_args: [OsString; 3] = [shell().into(), "-c".into(), command.into()];
    let (program, args, isolate_network, info_fd, no_new_privs) = match backend(limits.mode) {
        Backend::Bwrap(bwrap) => {
            let mut args = bwrap::args(&ws, limits.tmp_max_bytes);
            args.extend(["--info-fd".into(), bwrap::INFO_FD.to_string().into()]);
            args.push("--".into());
            args.extend(shell_args);
            // bwrap sets no_new_privs itself (and may be installed setuid, which it would break).
            (bwrap, args, false, Some(bwrap::INFO_FD), false)
        }
        Backend::Rlimit(_) => {
            let args = shell_args[1..].to_vec();
            (
                shell().to_path_buf(),
                args,
                spawn::can_leave_network(),
                None,
                true,
            )
        }
        Backend::Refused(why) => return Outcome::fail(FailKind::Internal, why),
    };
    let cgroup = limits
        .pids_cgroup
        .then(|| PidsCgroup::create(limits.max_processes))
        .flatten();
    let setup = spawn::Setup {
        limits,
        cgroup: cgroup.as_ref(),
        isolate_network,
        info_fd,
        no_new_privs,
    };
    let spawned = match spawn::spawn(&program, &args, &ws, &setup) {
        Ok(spawned) => spawned,
        Err(e) if e.raw_os_error() == Some(libc::E2BIG) => {
            let msg = format!(
                "the command is too long to run ({} bytes; the kernel takes at most 128 KiB \
                 in one argument): write long input to a file first",
                command.len()
            );
            return Outcome::fail(FailKind::TooLarge, msg);
        }
        Err(e) => {
            let msg = format!("could not start {}: {e}", program.display());
            return Outcome::fail(FailKind::Internal, msg);
        }
    };
    let fin = supervise::supervise(
        spawned,
        limits.timeout,
        limits.output_read_max_bytes,
        limits.output_max_chars,
        cgroup.as_ref(),
    );
    let procs_hit = cgroup.as_ref().is_some_and(PidsCgroup::limit_hit);
    drop(cgroup);
    judge::judge(fin, procs_hit, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bwrap_mode_without_bwrap_refuses_with_a_hint() {
        let missing = || Err("bwrap is not installed".to_string());
        let Backend::Refused(why) = choose(SandboxMode::Bwrap, missing()) else {
            panic!("not refused");
        };
        assert!(why.contains("apt-get install bubblewrap"), "{why}");
        assert!(
            matches!(choose(SandboxMode::Auto, missing()), Backend::Rlimit(w) if w.contains("not installed"))
        );
        let found = || Ok(PathBuf::from("/usr/bin/bwrap"));
        assert!(matches!(
            choose(SandboxMode::Auto, found()),
            Backend::Bwrap(_)
        ));
        assert!(matches!(
            choose(SandboxMode::Rlimit, found()),
            Backend::Rlimit(_)
        ));
    }
}

#[cfg(test)]
mod quote_tests {
    use super::shell_quote;

    #[test]
    fn quoting_survives_quotes() {
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
