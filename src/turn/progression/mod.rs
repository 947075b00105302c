//! The growing body: how units are granted, and everything a tick boundary settles.
//!
//! One writer, `grant`, with exactly three callers (a test counts them): the quest reward
//! sink ([`crate::turn::quests`]), the milestone adjudicator ([`milestone::adjudicate`], run
//! after every outcome, at every sleep, and by `wis unlock grant`), and the one-shot seeder for
//! an existing store ([`seed::load_or_seed`]). Grants happen only at tick boundaries: the tick
//! reads the body once ([`snapshot::snapshot`]) and hands that one snapshot to the prompt, the
//! schema and dispatch, so a grant made at the end of one tick is felt from the next.
//!
//! [`boundary`] is what the tick calls at its boundaries; [`chores`] is the work a boundary
//! needs done with the store closed (organ probes, prediction checks, a delegated job).

pub mod boundary;
mod check;
pub mod chores;
mod grant;
pub mod milestone;
pub mod seed;
pub mod snapshot;
pub mod unlock;

pub use check::check;
pub(crate) use grant::grant;
pub use grant::{Granted, OrganCheck, retry_engrams};

use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::stream::{StreamLine, Voice};
use crate::turn::ctx::TurnCtx;

/// A System window in the stream: what the creature reads next tick.
pub(crate) fn window(tx: &mut Tx<'_>, b: &TurnCtx<'_>, text: &str) -> Result<()> {
    tx.push(&StreamLine::new(b.tick, b.now, Voice::System, text))?;
    Ok(())
}
