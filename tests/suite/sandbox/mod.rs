//! The body under attack: commands run through `world::sandbox::run_command`, in both
//! backends (bwrap where it can run here, and the rlimit fallback). Each must end as a typed
//! outcome within its timeout and leave no process behind.
//!
//! Every command exports a unique `WIS_TEST_MARK`; the environment is inherited by everything
//! the command starts, so a scan of `/proc/*/environ` finds any survivor.

/// One test per backend for each scenario.
macro_rules! both_modes {
    ($name:ident, $scenario:ident) => {
        mod $name {
            use super::*;
            #[test]
            fn bwrap() {
                if available(SandboxMode::Bwrap) {
                    $scenario(SandboxMode::Bwrap);
                }
            }
            #[test]
            fn rlimit() {
                $scenario(SandboxMode::Rlimit);
            }
        }
    };
}

mod escape;
mod harness;
mod hostile;
mod lifecycle;
