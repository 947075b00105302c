//! Adjudication of a finished command: one typed [`Outcome`] from how it ended, with a line
//! saying what the platform did when it was the platform that stopped it.
//!
//! A kill by the wall clock is `timeout`, and so is SIGXCPU (its CPU seconds ran out). SIGXFSZ
//! (a file reached `RLIMIT_FSIZE`) and an output flood are `too_large`. Under bwrap a signal
//! reaches wis as exit status 128+n, the shell's encoding, so both encodings are read alike
//! (a command that itself exits 153 is taken for SIGXFSZ). A command the platform stopped (time,
//! output flood) has no exit code.

use super::Limits;
use super::supervise::Finished;
use crate::creature::{FailKind, Outcome};

/// Turns what happened into the typed outcome, with a line saying what the platform did.
pub fn judge(fin: Finished, procs_hit: bool, limits: &Limits) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    let code = fin
        .status
        .map(|s| s.code().unwrap_or_else(|| 128 + s.signal().unwrap_or(0)));
    let (kind, note) = if fin.timed_out {
        let secs = limits.timeout.as_secs();
        let note = format!("[stopped: still running after {secs} s; all its processes killed]");
        (FailKind::Timeout, Some(note))
    } else if fin.flooded {
        let mib = limits.output_read_max_bytes >> 20;
        let note = format!("[stopped: printed more than {mib} MiB]");
        (FailKind::TooLarge, Some(note))
    } else {
        match code {
            Some(0) => (FailKind::Ok, None),
            Some(c) if c == 128 + libc::SIGXFSZ => {
                let mib = limits.file_max_bytes >> 20;
                let note = format!("[stopped: a file reached the size limit of {mib} MiB]");
                (FailKind::TooLarge, Some(note))
            }
            Some(c) if c == 128 + libc::SIGXCPU => {
                let note = format!("[stopped: used its {} s of CPU time]", limits.cpu_secs);
                (FailKind::Timeout, Some(note))
            }
            _ => (FailKind::NonzeroExit, None),
        }
    };
    let mut output = fin.output.render(limits.output_max_chars);
    let procs_note = procs_hit.then(|| {
        format!(
            "[the limit of {} processes was reached]",
            limits.max_processes
        )
    });
    for line in note.into_iter().chain(procs_note) {
        if !output.is_empty() {
            output.push('\n');
        }
        output.push_str(&line);
    }
    let mut outcome = if kind == FailKind::Ok {
        Outcome::ok(output)
    } else {
        Outcome::fail(kind, output)
    };
    let stopped = fin.timed_out || fin.flooded;
    outcome.exit_code = if stopped { None } else { code };
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::sandbox::capture::Captured;

    #[test]
    fn exit_statuses_become_kinds() {
        use std::os::unix::process::ExitStatusExt;
        let limits = Limits::from_organs(&crate::base::config::Organs::default());
        let judged = |raw: i32, timed_out: bool| {
            let mut output = Captured::new(100);
            output.push(b"some output\n");
            let fin = Finished {
                status: Some(std::process::ExitStatus::from_raw(raw)),
                timed_out,
                flooded: false,
                output,
            };
            judge(fin, false, &limits)
        };
        assert_eq!(judged(0, false).fail_kind, FailKind::Ok);
        let out = judged(2 << 8, false);
        assert_eq!(
            (out.fail_kind, out.exit_code),
            (FailKind::NonzeroExit, Some(2))
        );
        let out = judged(libc::SIGXFSZ, false);
        assert_eq!(
            (out.fail_kind, out.exit_code),
            (FailKind::TooLarge, Some(153))
        );
        assert!(out.output.starts_with("some output\n[stopped: a file"));
        assert_eq!(
            judged((128 + libc::SIGXFSZ) << 8, false).fail_kind,
            FailKind::TooLarge
        );
        assert_eq!(judged(libc::SIGXCPU, false).fail_kind, FailKind::Timeout);
        let out = judged(libc::SIGKILL, true);
        assert_eq!((out.fail_kind, out.exit_code), (FailKind::Timeout, None));
        assert_eq!(
            judged(libc::SIGKILL, false).fail_kind,
            FailKind::NonzeroExit
        );
    }
}
