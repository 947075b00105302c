//! Stopping a long command cleanly: the first SIGINT (and, for a server, SIGTERM) only raises
//! a flag the command reads at its own boundaries. A curve run stops between tasks, keeps the
//! arms it finished and still brings the resident model back; `wis mind serve` finishes the
//! call in hand and removes its socket. The handler resets itself as it fires, so a second
//! signal ends the process the ordinary way.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::base::exit::{Error, Result};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_signal: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// The installed handler; dropping it puts the previous one back.
pub struct Interrupt {
    previous: Vec<(libc::c_int, libc::sigaction)>,
}

impl std::fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interrupt")
            .field("interrupted", &self.is_set())
            .finish()
    }
}

impl Interrupt {
    /// Installs the SIGINT handler and clears the flag.
    pub fn install() -> Result<Interrupt> {
        Interrupt::install_for(&[libc::SIGINT])
    }

    /// Installs the handler for SIGINT and SIGTERM (a server's way to be stopped).
    pub fn install_stop() -> Result<Interrupt> {
        Interrupt::install_for(&[libc::SIGINT, libc::SIGTERM])
    }

    fn install_for(signals: &[libc::c_int]) -> Result<Interrupt> {
        INTERRUPTED.store(false, Ordering::SeqCst);
        let mut installed = Interrupt {
            previous: Vec::new(),
        };
        for &signal in signals {
            // SAFETY: `sigaction` is given a zeroed, then fully initialised struct; the handler
            // only stores to an atomic, which is async-signal-safe.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESETHAND;
                libc::sigemptyset(&mut action.sa_mask);
                let mut previous: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, &action, &mut previous) != 0 {
                    return Err(Error::internal(format!(
                        "installing the handler of signal {signal}: {}",
                        std::io::Error::last_os_error()
                    )));
                }
                installed.previous.push((signal, previous));
            }
        }
        Ok(installed)
    }

    /// Whether Ctrl-C was pressed since [`Interrupt::install`].
    pub fn is_set(&self) -> bool {
        INTERRUPTED.load(Ordering::SeqCst)
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        for (signal, previous) in &self.previous {
            // SAFETY: restores the disposition saved by `install_for`.
            unsafe {
                libc::sigaction(*signal, previous, std::ptr::null_mut());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sigint_sets_the_flag_instead_of_ending_the_process() {
        let guard = Interrupt::install().unwrap();
        assert!(!guard.is_set());
        // SAFETY: raising a signal whose handler only sets a flag.
        assert_eq!(unsafe { libc::raise(libc::SIGINT) }, 0);
        assert!(guard.is_set());
        drop(guard);
        // the default disposition is back; the flag is cleared by the next install
        let again = Interrupt::install().unwrap();
        assert!(!again.is_set());
    }
}
