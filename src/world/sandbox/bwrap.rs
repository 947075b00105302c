//! bubblewrap: finding it, checking once that it can build a sandbox here, and its arguments.
//!
//! The sandbox sees the whole filesystem read-only (`--ro-bind / /`), a fresh `/proc` and
//! `/dev`, a private size-capped tmpfs on `/tmp`, and the workspace bound writable at its own
//! path. The workspace's parent directory (the creature's home, with its store and its
//! configuration, which may hold an API key) is hidden behind an empty read-only tmpfs. `--unshare-all` gives it its own network (loopback only), pid, ipc, uts, cgroup and
//! (where allowed) user namespaces; `--new-session` stops it from reaching the terminal;
//! `--die-with-parent` ties it to the supervisor; `--cap-drop ALL` matters when wis runs as
//! root, where bwrap would otherwise keep every capability.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The descriptor bwrap writes its `--info-fd` JSON to (`{"child-pid": N}`, the pid of the
/// sandbox's init as seen from outside).
pub const INFO_FD: i32 = 3;

/// `bwrap` on `PATH`, if installed.
pub fn find() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("bwrap"))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// Whether `bwrap` can build the sandbox on this machine (user namespaces may be disabled,
/// or a container may forbid mounts). Checked once per process and remembered.
pub fn probe(bwrap: &Path) -> Result<(), String> {
    type Probed = Vec<(PathBuf, Result<(), String>)>;
    static CACHE: OnceLock<Mutex<Probed>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, r)) = cache.iter().find(|(p, _)| p == bwrap) {
        return r.clone();
    }
    let result = run_probe(bwrap);
    cache.push((bwrap.to_path_buf(), result.clone()));
    result
}

fn run_probe(bwrap: &Path) -> Result<(), String> {
    // The same layout a real call builds: a workspace inside a home that gets hidden.
    let home = tempfile::tempdir().map_err(|e| format!("a directory to probe bwrap in: {e}"))?;
    let ws = home.path().join("workspace");
    std::fs::create_dir(&ws).map_err(|e| format!("{}: {e}", ws.display()))?;
    let mut cmd = Command::new(bwrap);
    cmd.args(args(&ws, 1 << 20))
        .arg("--")
        .arg("/bin/sh")
        .args(["-c", "exit 0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("{}: {e}", bwrap.display()))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => {
                let mut err = String::new();
                if let Some(mut s) = child.stderr.take() {
                    use std::io::Read;
                    let _ = s.read_to_string(&mut err);
                }
                let err = err.lines().next().unwrap_or("").trim().to_string();
                return Err(format!(
                    "bwrap cannot build a sandbox here ({status}): {err}"
                ));
            }
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("bwrap did not finish setting up within 10 s".into());
            }
            Err(e) => return Err(format!("waiting for bwrap: {e}")),
        }
    }
}

/// The isolation arguments, for a workspace (canonical, absolute) and a `/tmp` size.
pub fn args(workspace: &Path, tmp_bytes: u64) -> Vec<OsString> {
    let mut a: Vec<OsString> = [
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--size",
        &tmp_bytes.to_string(),
        "--tmpfs",
        "/tmp",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    let home = workspace
        .parent()
        .filter(|p| p.parent().is_some() && *p != Path::new("/tmp"));
    if let Some(home) = home {
        a.extend([
            "--size".into(),
            tmp_bytes.to_string().into(),
            "--tmpfs".into(),
        ]);
        a.push(home.into());
    }
    // After the tmpfs mounts, so a workspace under them is bound on top.
    a.push("--bind".into());
    a.push(workspace.into());
    a.push(workspace.into());
    if let Some(home) = home {
        a.push("--remount-ro".into());
        a.push(home.into());
    }
    a.push("--chdir".into());
    a.push(workspace.into());
    for flag in [
        "--unshare-all",
        "--new-session",
        "--die-with-parent",
        "--cap-drop",
        "ALL",
    ] {
        a.push(flag.into());
    }
    a
}
