//! Ctrl-C during a curve run: the first SIGINT only raises a flag that the runner reads
//! between tasks, so the run stops at a task boundary, keeps the arms it finished, and still
//! brings the resident model back. The handler resets itself as it fires, so a second Ctrl-C
//! ends the process the ordinary way.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::base::exit::{Error, Result};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_signal: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// The installed handler; dropping it puts the previous one back.
pub struct Interrupt {
    previous: libc::sigaction,
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
        INTERRUPTED.store(false, Ordering::SeqCst);
        // SAFETY: `sigaction` is given a zeroed, then fully initialised struct; the handler
        // only stores to an atomic, which is async-signal-safe.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            let mut previous: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGINT, &action, &mut previous) != 0 {
                return Err(Error::internal(format!(
                    "installing the Ctrl-C handler: {}",
                    std::io::Error::last_os_error()
                )));
            }
            Ok(Interrupt { previous })
        }
    }

    /// Whether Ctrl-C was pressed since [`Interrupt::install`].
    pub fn is_set(&self) -> bool {
        INTERRUPTED.load(Ordering::SeqCst)
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        // SAFETY: restores the disposition saved by `install`.
        unsafe {
            libc::sigaction(libc::SIGINT, &self.previous, std::ptr::null_mut());
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
