//! More hostile commands: wis's own `/proc` and ptrace of it, setuid binaries, device files,
//! a huge argv, descriptor exhaustion, and a command that closes its output and keeps running.
//! Under bwrap each is contained; under the rlimit fallback (no filesystem confinement, by
//! design) each still ends as a typed outcome in time with nothing left behind.

use super::harness::*;
use wis::creature::FailKind;
use wis::world::sandbox::SandboxMode;

fn own_proc_and_ptrace(mode: SandboxMode) {
    let h = home();
    let pid = std::process::id();
    let body = format!(
        "cat /proc/{pid}/environ >/dev/null && echo READ-ENVIRON; \
         ls /proc/{pid}/fd >/dev/null && echo LISTED-FDS; \
         python3 -c 'import ctypes,sys; l=ctypes.CDLL(None); \
         sys.exit(0 if l.ptrace(0x4206, {pid}, 0, 0) == 0 else 1)' && echo SEIZED"
    );
    let out = run(mode, &h.ws, &limits(mode), &body);
    if mode == SandboxMode::Bwrap {
        // Its own pid namespace: wis is not there to read or trace.
        assert_eq!(out.fail_kind, FailKind::NonzeroExit, "{}", out.output);
        for done in ["READ-ENVIRON", "LISTED-FDS", "SEIZED"] {
            assert!(!out.output.contains(done), "{}", out.output);
        }
    } else {
        assert!(matches!(
            out.fail_kind,
            FailKind::Ok | FailKind::NonzeroExit
        ));
    }
}
both_modes!(proc_and_ptrace_of_wis, own_proc_and_ptrace);

fn setuid_binary(mode: SandboxMode) {
    let h = home();
    // No setuid bit can raise a command's privileges: no_new_privs is set for it.
    let body = "grep NoNewPrivs /proc/self/status; cp /bin/sh ./s && chmod 4755 ./s; \
                ./s -c 'grep NoNewPrivs /proc/self/status'";
    let out = run(mode, &h.ws, &limits(mode), body);
    assert!(matches!(
        out.fail_kind,
        FailKind::Ok | FailKind::NonzeroExit
    ));
    let seen: String = out.output.split_whitespace().collect();
    assert!(seen.contains("NoNewPrivs:1"), "{}", out.output);
    assert!(!seen.contains("NoNewPrivs:0"), "{}", out.output);
}
both_modes!(setuid_binaries_gain_nothing, setuid_binary);

fn device_files(mode: SandboxMode) {
    let h = home();
    let body = "for d in /dev/mem /dev/kmem /dev/port /dev/sda /dev/nvme0n1 /dev/vda; do \
                head -c 16 $d >/dev/null 2>&1 && echo READ $d; done; echo scanned";
    let out = run(mode, &h.ws, &limits(mode), body);
    assert_eq!(out.fail_kind, FailKind::Ok, "{}", out.output);
    if mode == SandboxMode::Bwrap {
        // A minimal /dev: null, zero, full, random, urandom, tty, and no disk or memory.
        assert!(!out.output.contains("READ"), "{}", out.output);
    }
}
both_modes!(device_files_are_not_there, device_files);

fn huge_argv(mode: SandboxMode) {
    let h = home();
    // 4 MiB of arguments from inside: the kernel refuses the exec, the shell says so.
    let body = "/bin/true $(head -c 4194304 /dev/zero | tr '\\0' a); echo \"exit $?\"";
    let out = run(mode, &h.ws, &limits(mode), body);
    assert_eq!(out.fail_kind, FailKind::Ok, "{}", out.output);
    assert!(
        out.output.contains("Argument list too long"),
        "{}",
        out.output
    );
    // 4 MiB as the command itself: refused before or at exec, typed, never a panic.
    let body = format!("echo {}", "a".repeat(4 << 20));
    let out = run(mode, &h.ws, &limits(mode), &body);
    assert_eq!(
        out.fail_kind,
        FailKind::TooLarge,
        "{}",
        &out.output[..out.output.len().min(200)]
    );
    assert!(out.output.contains("too long to run"), "{}", out.output);
}
both_modes!(a_huge_argv_is_typed, huge_argv);

fn descriptor_exhaustion(mode: SandboxMode) {
    let h = home();
    let l = limits(mode);
    let body = "python3 -c 'import os\nfds=[]\ntry:\n  while True: fds.append(os.open(\"/dev/null\", 0))\n\
                except OSError as e: print(\"stopped at\", len(fds), e.strerror)'";
    let out = run(mode, &h.ws, &l, body);
    assert_eq!(out.fail_kind, FailKind::Ok, "{}", out.output);
    assert!(out.output.contains("Too many open files"), "{}", out.output);
    // wis itself is untouched: the next command runs.
    assert_eq!(run(mode, &h.ws, &l, "echo fine").output.trim(), "fine");
}
both_modes!(descriptor_exhaustion_stays_inside, descriptor_exhaustion);

fn closed_output(mode: SandboxMode) {
    let h = home();
    let l = limits(mode);
    // Closes both streams and keeps running: killed at the time limit and typed.
    let out = run(mode, &h.ws, &l, "exec >&- 2>&-; sleep 600");
    assert_eq!(out.fail_kind, FailKind::Timeout, "{}", out.output);
    // The same in a background child after the command has answered: swept at its end.
    let out = run(
        mode,
        &h.ws,
        &l,
        "(exec >&- 2>&-; sleep 600) & echo answered",
    );
    assert_eq!(out.fail_kind, FailKind::Ok, "{}", out.output);
    assert!(out.output.contains("answered"));
}
both_modes!(closed_output_is_still_timed_out, closed_output);
