//! The incubation job: failure situations with no fix yet, revisited each sleep and closed
//! when the ledger records a fix ([`crate::wisdom::incubation`]). It runs when the ledger has
//! a dead end or the document an open entry; its line counts what it opened, revisited and
//! closed, naming each closed situation and its fix. It changes no engram.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY, Tx};
use crate::wisdom::episodes::Episode;
use crate::wisdom::incubation::Incubation;

/// Incubation reads the episode ledger once.
pub const JOB: Job = Job {
    name: "incubation",
    budget: Budget::BOOKKEEPING,
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    if !ctx.config().wisdom.dreams_enabled {
        return Ok(Vec::new());
    }
    let mut doc: Incubation = tx.get(SINGLETON_KEY)?.unwrap_or_default();
    let ledger = tx.ring::<Episode>(None)?.into_iter().map(|(_, e)| e);
    let done = doc.revisit(ledger, ctx.sleep);
    if done.opened.is_empty() && done.revisited == 0 && done.closed.is_empty() {
        return Ok(Vec::new());
    }
    let open = doc.open().count();
    let mut summary = format!(
        "{open} open ({} new, {} revisited), {} closed",
        done.opened.len(),
        done.revisited,
        done.closed.len()
    );
    let closed: Vec<String> = done
        .closed
        .iter()
        .map(|(situation, fix)| match fix {
            Some(fix) => format!("{situation} by `{fix}`"),
            None => format!("{situation} (left the ledger unfixed)"),
        })
        .collect();
    if !closed.is_empty() {
        summary.push_str(&format!(": {}", closed.join("; ")));
    }
    tx.set(&doc)?;
    Ok(vec![JobReport::new(JOB.name, summary)])
}
