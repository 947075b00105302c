//! A tick that will write nothing, found before the store is opened to write: the creature is
//! paused, a turn is in flight, or it is resting after its last turn (`[heartbeat]
//! recovery_secs`). The store is opened to read only for it, so such a tick, the one cron
//! starts every minute while the creature rests, makes no sync (design §3). Anything else
//! (a turn that died, a persona that does not read) is left to the first phase, which decides
//! it again with the store open to write.

use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::Persona;
use crate::creature::lease::{self, LEASE_KEY, Lease, LeaseState};
use crate::turn::lease::resting_until;

use super::{TickOptions, TickOutcome};

/// What the tick comes to without writing, when it comes to nothing: paused, resting, or
/// busy (75, a turn in flight); `None` when it has work for the first phase.
pub(super) fn quiet(
    home: &Home,
    config: &Config,
    clock: &Clock,
    opts: &TickOptions,
) -> Result<Option<TickOutcome>> {
    if opts.dry_run {
        return Ok(None);
    }
    let now = clock.now();
    let store = home.open_read(opts.wait, "tick", clock)?;
    let rx = store.read()?;
    let Some(persona) = rx.get::<Persona>(SINGLETON_KEY)? else {
        return Ok(None);
    };
    if persona.paused {
        return Ok(Some(TickOutcome::Paused { name: persona.name }));
    }
    if let Some(lease) = rx.get::<Lease>(LEASE_KEY)? {
        return match lease.state(now) {
            LeaseState::Fresh(l) => Err(lease::busy(&l, "the next tick runs when it completes")),
            // Recovered as an interrupted turn by the first phase, which also writes.
            LeaseState::Stale(_) => Ok(None),
        };
    }
    Ok((!opts.ignore_rest)
        .then(|| resting_until(&persona, config, now))
        .flatten()
        .map(|until| TickOutcome::Resting {
            name: persona.name,
            until,
        }))
}
