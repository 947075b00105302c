//! A pids cgroup per command: the one limit on process count that also holds for root.
//!
//! `RLIMIT_NPROC` is not enforced for uid 0 (the kernel lets root past it, inside a user
//! namespace too), so a fork bomb started by a root-run wis is contained by a cgroup's
//! `pids.max` instead. Each command gets a fresh child cgroup `wis-<ns>-<pid>-<n>` under the cgroup
//! wis runs in (cgroup v1 `pids` hierarchy, or v2 when the `pids` controller is enabled for
//! children), joins it in the child before exec, and everything it forks stays inside; the
//! cgroup also lists every process to kill afterwards, even those that left the process group
//! or session. Where no such cgroup can be made (an unprivileged user on systemd's cgroup v2,
//! no pids controller), [`PidsCgroup::create`] returns `None` and the rlimit is what remains.

use std::fs::{self, File, OpenOptions};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

static SEQ: AtomicU64 = AtomicU64::new(0);

/// One command's cgroup; dropping it kills what is left in it and removes it.
#[derive(Debug)]
pub struct PidsCgroup {
    dir: PathBuf,
    procs: File,
}

impl PidsCgroup {
    /// A fresh cgroup allowing at most `max` processes (threads count), or `None` when this
    /// process cannot make one.
    pub fn create(max: u64) -> Option<PidsCgroup> {
        let parent = parent()?;
        sweep_stale(parent);
        let n = SEQ.fetch_add(1, Ordering::Relaxed);
        let dir = parent.join(format!("{}{}-{n}", prefix(), std::process::id()));
        fs::create_dir(&dir).ok()?;
        let made = fs::write(dir.join("pids.max"), max.to_string())
            .ok()
            .and_then(|_| {
                OpenOptions::new()
                    .write(true)
                    .open(dir.join("cgroup.procs"))
                    .ok()
            });
        match made {
            Some(procs) => Some(PidsCgroup { dir, procs }),
            None => {
                let _ = fs::remove_dir(&dir);
                None
            }
        }
    }

    /// The descriptor a child writes `0` to, before exec, to join.
    pub fn procs_fd(&self) -> i32 {
        self.procs.as_raw_fd()
    }

    /// Whether a fork was refused for hitting `pids.max`.
    pub fn limit_hit(&self) -> bool {
        let events = fs::read_to_string(self.dir.join("pids.events")).unwrap_or_default();
        events
            .lines()
            .filter_map(|l| l.strip_prefix("max "))
            .any(|n| n.trim().parse::<u64>().unwrap_or(0) > 0)
    }

    /// SIGKILLs every process in the cgroup until it is empty (bounded: the cgroup cannot grow
    /// past `pids.max`, so each round shrinks what is left).
    pub fn kill_all(&self) {
        kill_members(&self.dir);
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        kill_members(&self.dir);
        for _ in 0..50 {
            if fs::remove_dir(&self.dir).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

fn kill_members(dir: &Path) {
    let _ = fs::write(dir.join("cgroup.kill"), "1");
    for _ in 0..200 {
        let procs = fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        let pids: Vec<i32> = procs
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect();
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: kill(2) on a pid read from our own cgroup; no memory is involved.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The directory new cgroups are made in, found once per process.
fn parent() -> Option<&'static Path> {
    static PARENT: OnceLock<Option<PathBuf>> = OnceLock::new();
    PARENT.get_or_init(find_parent).as_deref()
}

fn find_parent() -> Option<PathBuf> {
    let mountinfo = fs::read_to_string("/proc/self/mountinfo").ok()?;
    let own = fs::read_to_string("/proc/self/cgroup").ok()?;
    let candidates = mountinfo.lines().filter_map(|line| {
        let (pre, post) = line.split_once(" - ")?;
        let pre: Vec<&str> = pre.split(' ').collect();
        let post: Vec<&str> = post.split(' ').collect();
        let (root, mount) = (*pre.get(3)?, *pre.get(4)?);
        let v1_pids =
            post.first() == Some(&"cgroup") && post.get(2)?.split(',').any(|o| o == "pids");
        let v2 = post.first() == Some(&"cgroup2");
        let ours = own.lines().find_map(|l| {
            let mut f = l.splitn(3, ':');
            let (_, ctrl, path) = (f.next()?, f.next()?, f.next()?);
            let hit = (v1_pids && ctrl.split(',').any(|c| c == "pids")) || (v2 && ctrl.is_empty());
            hit.then_some(path)
        })?;
        let rel = ours
            .strip_prefix(root)
            .unwrap_or(ours)
            .trim_start_matches('/');
        Some((PathBuf::from(mount), rel.to_string(), v2))
    });
    for (mount, rel, v2) in candidates {
        let dirs = if v2 {
            vec![mount.join(&rel), mount]
        } else {
            vec![mount.join(&rel)]
        };
        for dir in dirs {
            if usable(&dir, v2) {
                return Some(dir);
            }
        }
    }
    None
}

/// Whether a child cgroup made in `dir` gets a `pids.max` we can write.
fn usable(dir: &Path, v2: bool) -> bool {
    if v2 {
        let ctl = fs::read_to_string(dir.join("cgroup.subtree_control")).unwrap_or_default();
        if !ctl.split_whitespace().any(|c| c == "pids") {
            return false;
        }
    }
    let probe = dir.join(format!("{}{}-probe", prefix(), std::process::id()));
    let ok = fs::create_dir(&probe).is_ok()
        && fs::write(probe.join("pids.max"), "1").is_ok()
        && OpenOptions::new()
            .write(true)
            .open(probe.join("cgroup.procs"))
            .is_ok();
    let _ = fs::remove_dir(&probe);
    ok
}

/// `wis-<pid namespace>-`: cgroups are named for the pid namespace their maker's pid belongs
/// to, so a sweep never judges a pid from another namespace (another container) dead.
fn prefix() -> &'static str {
    static PREFIX: OnceLock<String> = OnceLock::new();
    PREFIX.get_or_init(|| {
        use std::os::unix::fs::MetadataExt;
        let ns = fs::metadata("/proc/self/ns/pid")
            .map(|m| m.ino())
            .unwrap_or(0);
        format!("wis-{ns}-")
    })
}

/// Kills what is left in this namespace's `wis-*` cgroups of processes that no longer exist (a
/// tick killed mid-command leaves its command's background processes there), and removes them.
fn sweep_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix(prefix())
            .and_then(|r| r.split('-').next())
        else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if pid != std::process::id() && !alive(pid) {
            kill_members(&entry.path());
            let _ = fs::remove_dir(entry.path());
        }
    }
}

fn alive(pid: u32) -> bool {
    // SAFETY: signal 0 sends nothing; it only asks whether the pid exists.
    let rc = unsafe { libc::kill(pid as libc::pid_t, 0) };
    rc == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}
