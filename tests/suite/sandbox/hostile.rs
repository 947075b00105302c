//! Hostile commands: a full disk by `yes > f`, a flood on stdout, the network, a fork bomb,
//! and writes and reads outside the workspace.

use std::net::TcpListener;
use std::path::Path;

use super::harness::*;
use crate::support::require::skip;
use wis::creature::FailKind;
use wis::world::sandbox::{Limits, ProcessCap, SandboxMode, process_cap};

fn file_size_limit(mode: SandboxMode) {
    let h = home();
    let l = Limits {
        file_max_bytes: 1 << 20,
        ..limits(mode)
    };
    let out = run(mode, &h.ws, &l, "yes > f");
    assert_eq!(out.fail_kind, FailKind::TooLarge, "{}", out.output);
    assert_eq!(std::fs::metadata(h.ws.join("f")).unwrap().len(), 1 << 20);
    assert!(out.output.contains("size limit"), "{}", out.output);
}
both_modes!(yes_to_a_file, file_size_limit);

fn output_flood(mode: SandboxMode) {
    let h = home();
    let l = Limits {
        output_read_max_bytes: 4 << 20,
        ..limits(mode)
    };
    let out = run(mode, &h.ws, &l, "yes");
    assert_eq!(out.fail_kind, FailKind::TooLarge);
    assert!(out.output.chars().count() < l.output_max_chars + 200);
    assert!(out.output.starts_with("y\ny\n") && out.output.contains("bytes cut"));
    // Under the ceiling, a long output runs to the end and is cut in the middle.
    let out = run(mode, &h.ws, &l, "seq 1 200000");
    assert_eq!(out.fail_kind, FailKind::Ok);
    assert!(out.output.starts_with("1\n2\n") && out.output.ends_with("199999\n200000"));
}
both_modes!(yes_to_stdout, output_flood);

fn network(mode: SandboxMode) {
    let h = home();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let probe = format!("echo hi > /dev/tcp/127.0.0.1/{port} && echo connected");
    // Outside the sandbox the same command reaches the listener: the probe itself works.
    let direct = std::process::Command::new("bash")
        .args(["-c", &probe])
        .output();
    assert!(direct.unwrap().status.success());
    assert!(listener.accept().is_ok());
    let organs = wis::base::config::Organs {
        sandbox: mode,
        ..Default::default()
    };
    let described = wis::world::sandbox::describe_sandbox(&organs);
    if mode == SandboxMode::Rlimit && !described.contains("network isolated") {
        skip(format!(
            "the rlimit fallback leaves the network open here: {described}"
        ));
        return;
    }
    let out = run(mode, &h.ws, &limits(mode), &probe);
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
    assert!(!out.output.contains("connected"));
    assert!(listener.accept().is_err(), "the sandbox reached the host");
    let out = run(mode, &h.ws, &limits(mode), "echo > /dev/tcp/1.1.1.1/53");
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
}
both_modes!(no_network, network);

fn fork_bomb(mode: SandboxMode) {
    let h = home();
    let l = limits(mode);
    let cap = process_cap(&l);
    if cap == ProcessCap::Unbounded {
        skip("nothing caps processes here (root without a pids cgroup)");
        return;
    }
    let _alone = SATURATING.write().unwrap_or_else(|e| e.into_inner());
    // First a bounded fork loop: the cap must hold before the real bomb is tried.
    let out = run_alone(
        mode,
        &h.ws,
        &l,
        "for i in $(seq 150); do sleep 5 & done; wait",
    );
    assert!(
        out.output.contains("fork"),
        "no fork was refused: {}",
        out.output
    );
    // The classic bomb: the top shell returns at once (ok) or is stuck retrying a refused
    // fork (timeout); either way the call ends in time and nothing survives it.
    let out = run_alone(mode, &h.ws, &l, ":(){ :|:& };:");
    assert!(matches!(out.fail_kind, FailKind::Ok | FailKind::Timeout));
    let out = run_alone(mode, &h.ws, &l, ":(){ :|:& };:; sleep 600");
    assert_eq!(out.fail_kind, FailKind::Timeout);
    if let ProcessCap::Cgroup(n) = cap {
        assert!(out.output.contains(&format!("limit of {n} processes")));
    }
}
both_modes!(fork_bomb_is_capped, fork_bomb);

#[test]
fn bwrap_write_and_read_outside_are_contained() {
    if !available(SandboxMode::Bwrap) {
        return;
    }
    let mode = SandboxMode::Bwrap;
    let h = home();
    std::fs::write(h.home.join("wis.toml"), "api_key = \"secret\"").unwrap();
    std::os::unix::fs::symlink("../wis.toml", h.ws.join("config")).unwrap();
    let l = limits(mode);
    // A real directory outside the workspace: read-only in the sandbox (or, when the build
    // lives under /tmp, hidden by the sandbox's own /tmp).
    let outside = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("outside-{}", marker()));
    let body = format!("echo escaped > {}", outside.display());
    let out = run(mode, &h.ws, &l, &body);
    assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
    let refusal = if outside.starts_with("/tmp") {
        "No such file or directory"
    } else {
        "Read-only file system"
    };
    assert!(out.output.contains(refusal), "{}", out.output);
    assert!(!outside.exists());
    // Under /tmp: the sandbox has its own, so the write lands nowhere outside.
    let outside = h.home.parent().unwrap().join("outside.txt");
    let body = format!("echo escaped > {} && cat {0}", outside.display());
    run(mode, &h.ws, &l, &body);
    assert!(!outside.exists());
    let out = run(
        mode,
        &h.ws,
        &l,
        "cat config; cat ../wis.toml; echo x > ../planted",
    );
    assert_eq!(out.fail_kind, FailKind::NonzeroExit);
    assert!(!out.output.contains("secret"), "{}", out.output);
    assert!(!h.home.join("planted").exists());
}
