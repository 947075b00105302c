//! An operator's review of the mutator's proposals (`wis cast review`): the list, pending
//! first; an acceptance, which writes the value into the member's memory (provenance told,
//! sources `operator` and the proposal's `cast-proposal:p3`), archives the engram it replaces,
//! and marks the proposal accepted; a rejection, which marks it rejected with the operator's
//! reason. Only an operator decides: nothing else changes a proposal's status.
//!
//! An acceptance writes the member's store first and the cast's second. Interrupted between the
//! two, the proposal stays pending; accepted again, it finds its value already written (by the
//! source that names it) and only marks the proposal.

use std::time::Duration;

use serde::Serialize;

use super::proposal::{Proposal, Status, WHY_MAX_CHARS, label, parse_id};
use crate::base::clock::{Clock, rfc3339};
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::Read;
use crate::memory::fate::{Archived, Gone};
use crate::memory::{EngramId, Kind, Memory, NewEngram, Provenance, Tier};
use crate::turn::cast::Cast;
use crate::world::scene::flat;

/// The cast's proposals, pending first, then the newest first.
pub fn list(rx: &impl Read) -> Result<Vec<Proposal>> {
    let mut all: Vec<Proposal> = rx.all::<Proposal>()?.into_iter().map(|(_, p)| p).collect();
    all.sort_by(|a, b| {
        (a.status != Status::Proposed)
            .cmp(&(b.status != Status::Proposed))
            .then(b.id.cmp(&a.id))
    });
    Ok(all)
}

/// The proposal `id` names (`p3` or `3`); a bad or unknown one is a usage error (64) that says
/// which are pending.
pub fn find(rx: &impl Read, id: &str) -> Result<Proposal> {
    let Some(n) = parse_id(id) else {
        return Err(
            Error::usage(format!("{:?} is not a proposal id", flat(id, 40)))
                .hint("ids look like p3; `wis cast review` lists them"),
        );
    };
    if let Some(p) = rx.get::<Proposal>(&Proposal::key(n))? {
        return Ok(p);
    }
    let pending: Vec<String> = list(rx)?
        .iter()
        .filter(|p| p.status == Status::Proposed)
        .map(Proposal::label)
        .collect();
    Err(
        Error::usage(format!("no proposal {} in the cast", label(n))).hint(if pending.is_empty() {
            "none is pending; `wis cast review` lists them all".to_string()
        } else {
            format!("pending: {}", pending.join(", "))
        }),
    )
}

/// A decision must meet a pending proposal.
fn pending(p: &Proposal) -> Result<()> {
    if p.status == Status::Proposed {
        return Ok(());
    }
    let when = p.decided_at.map(rfc3339).unwrap_or_else(|| "?".into());
    Err(Error::usage(format!(
        "{} was already {} at {when}",
        p.label(),
        p.status.as_str()
    ))
    .hint("only a pending proposal can be accepted or rejected"))
}

/// What an acceptance did.
#[derive(Debug, Clone, Serialize)]
pub struct Accepted {
    pub proposal: Proposal,
    /// The engram replaced, and whether this acceptance archived it (it may have gone already).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced: Option<(EngramId, bool)>,
}

/// How a review reaches the stores.
#[derive(Debug, Clone, Copy)]
pub struct Reach<'a> {
    pub wait: Duration,
    pub config_flags: &'a [String],
    pub clock: &'a Clock,
}

/// Accepts proposal `id`: the value into the member's memory, then the proposal marked.
pub fn accept(cast: &Cast, id: &str, reach: Reach<'_>) -> Result<Accepted> {
    let store = cast.open(reach.wait, "cast review", reach.clock)?;
    let p = find(&store.read()?, id)?;
    drop(store);
    pending(&p)?;
    let home = Home::new(&p.home);
    let config = home
        .config(reach.config_flags)
        .map_err(|e| e.context(format!("member {} ({})", p.member, p.home.display())))?;
    let memory = Memory::from_config(&config.embed)?;
    let member = home
        .open(reach.wait, "cast review", reach.clock)
        .map_err(|e| e.context(format!("member {}", p.member)))?;
    let now = reach.clock.now();
    let mut tx = member.write()?;
    let engram = match crate::memory::value_from(&tx, &p.source())? {
        Some(written) => written.id,
        None => {
            let new = NewEngram::new(Kind::Value, p.value.clone(), Provenance::Told)
                .source("operator")
                .source(p.source());
            memory.remember(&mut tx, new, now)?
        }
    };
    let replaced = match p.replaces {
        None => None,
        Some(old) => {
            let moved = match crate::memory::get(&tx, old)? {
                Some(mut e) if e.tier == Tier::Active && e.kind == Kind::Value => {
                    let mark = Archived {
                        gone: Gone::Superseded,
                        sleep: None,
                        at: now,
                    };
                    memory.archive(&mut tx, &mut e, mark)?
                }
                _ => false,
            };
            Some((old, moved))
        }
    };
    tx.commit()?;
    drop(member);
    let store = cast.open(
        reach.wait.max(Duration::from_secs(5)),
        "cast review",
        reach.clock,
    )?;
    let mut tx = store.write()?;
    let mut p = find(&tx, &p.label())?;
    pending(&p)?;
    p.status = Status::Accepted;
    p.decided_at = Some(now);
    p.engram = Some(engram);
    tx.put(&Proposal::key(p.id), &p)?;
    tx.commit()?;
    Ok(Accepted {
        proposal: p,
        replaced,
    })
}

/// Rejects proposal `id`, with the operator's reason (on one line, at most
/// [`WHY_MAX_CHARS`]).
pub fn reject(cast: &Cast, id: &str, why: Option<&str>, reach: Reach<'_>) -> Result<Proposal> {
    let store = cast.open(reach.wait, "cast review", reach.clock)?;
    let mut tx = store.write()?;
    let mut p = find(&tx, id)?;
    pending(&p)?;
    p.status = Status::Rejected;
    p.decided_at = Some(reach.clock.now());
    p.reason = why
        .map(|w| flat(w, WHY_MAX_CHARS))
        .filter(|w| !w.is_empty());
    tx.put(&Proposal::key(p.id), &p)?;
    tx.commit()?;
    Ok(p)
}
