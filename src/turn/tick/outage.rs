//! When the mind does not answer: the turn does not happen, and the stream says so once per
//! outage, not once per failed tick.
//!
//! A failed tick clears its lease and writes one system line. The line is not numbered as a
//! turn (no turn happened, and the tick number goes to the next real turn): it carries the
//! tick of the last turn that did happen, and says how often and since when the mind has
//! been silent. When the stream's last line is already such a line, it is replaced in place
//! (the stream is a ring) with the count raised and the last time moved on; its `at` stays
//! the time of the first failure. So an outage of any length is one line, and the creature's
//! memory of itself is not flooded by it.

use std::time::Duration;

use super::{Plan, TickOptions, finish};
use crate::base::clock::{Clock, Millis, rfc3339};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Tx};
use crate::creature::cut_middle;
use crate::creature::stream::{StreamLine, Voice};

/// How every outage line starts.
const SILENT: &str = "the mind did not answer";

/// The mind did not answer: clear the lease and record the outage; the turn did not happen.
pub(super) fn abandon(
    home: &Home,
    opts: &TickOptions,
    clock: &Clock,
    plan: &Plan,
    why: &str,
) -> Result<()> {
    let store = home.open(opts.wait.max(Duration::from_secs(30)), "tick", clock)?;
    let mut tx = store.write()?;
    finish::take_lease(&mut tx, plan)?;
    record(&mut tx, plan.tick.saturating_sub(1), clock.now(), why)?;
    tx.commit()
}

/// Records one failure after turn `last_turn` at `now`, extending the outage line the stream
/// ends with, if it ends with one.
pub(crate) fn record(tx: &mut Tx<'_>, last_turn: u64, now: Millis, why: &str) -> Result<()> {
    let why = cut_middle(why, 160);
    let previous = tx.ring::<StreamLine>(Some(1))?.into_iter().next();
    if let Some((seq, line)) = previous
        && let Some(count) = outage_count(&line)
    {
        let text = outage_text(count + 1, line.at, now, &why);
        tx.replace(
            seq,
            &StreamLine::new(line.tick, line.at, Voice::System, text),
        )?;
        return Ok(());
    }
    let text = outage_text(1, now, now, &why);
    tx.push(&StreamLine::new(last_turn, now, Voice::System, text))?;
    Ok(())
}

fn outage_text(count: u64, first: Millis, last: Millis, why: &str) -> String {
    if count == 1 {
        return format!("{SILENT} at {} ({why}); no turn happened", rfc3339(first));
    }
    format!(
        "{SILENT} {count} times, from {} to {} (last: {why}); no turn happened",
        rfc3339(first),
        rfc3339(last)
    )
}

/// How many failures an outage line counts; `None` for any other line.
fn outage_count(line: &StreamLine) -> Option<u64> {
    if line.voice != Voice::System {
        return None;
    }
    let rest = line.text.strip_prefix(SILENT)?;
    if rest.starts_with(" at ") {
        return Some(1);
    }
    let (n, _) = rest.strip_prefix(' ')?.split_once(" times, from ")?;
    n.parse().ok()
}

#[cfg(test)]
#[path = "outage_tests.rs"]
mod tests;
