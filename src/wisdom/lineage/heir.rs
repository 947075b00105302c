//! What an heir's own world makes of what it inherited (design §4.6): an inherited memory is
//! re-earned by use here (a bet followed into success, or the world witnessing it: curation
//! then marks it verified, `fate.verified_at`), or it is demoted, each with a reason of its own
//! in its archive mark:
//!
//! - **failed here**: followed into failure or failed to teach twice, and more often than it
//!   helped, before anything verified it here ([`failed_here`]). The tick's last phase demotes
//!   it at the settlement that makes it so, and the sleep's curation catches what replay
//!   settled, so an inherited memory that fails in the new house is gone within three uses;
//! - **unheeded**: shown [`IGNORED_TO_DEMOTE`] times here and never followed, never failed,
//!   before anything verified it here ([`unheeded_here`]): the sleep's curation demotes it, so
//!   advice about the ancestor's paths stops taking the block's room (measured on the 270M: an
//!   heir was shown two guardrails about files of its ancestor's house 11 times in 150 ticks
//!   and followed them none);
//! - **contradicted**: an inherited or told fact about a file or a command (`notes.txt says:
//!   …`, `` `date` shows: … ``) that this creature's own reading of the same file or command
//!   showed otherwise: a fact about the ancestor's house, not this one ([`judge_readings`],
//!   run by the sleep's distillation over the readings since its cursor). A reading that shows
//!   the same confirms it instead: the world's witness, `read again at tick T, unchanged`, on
//!   any fact, lived or inherited.

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::memory::{
    self, Archived, Engram, EngramId, Gone, Kind, Memory, Provenance, Tier, Witness, Witnessed,
};

/// Failures here that demote an inherited memory not verified here.
pub const FAILURES_TO_DEMOTE: u32 = 2;
/// Shows not followed that demote an inherited memory never followed here.
pub const IGNORED_TO_DEMOTE: u32 = 5;
/// Most characters of a contradicting reading kept in the archive mark.
const READ_CHARS: usize = 200;

/// Failures (into failure, failed to teach) in this creature's own settlements.
fn failures(e: &Engram) -> u32 {
    e.utility
        .into_failure
        .saturating_add(e.utility.failed_to_teach)
}

/// Whether an inherited memory has failed in this house: not verified here (by its own
/// settlements or the world), followed into failure or failed to teach at least
/// [`FAILURES_TO_DEMOTE`] times, and more often than it helped.
pub fn failed_here(e: &Engram) -> bool {
    let helped = e
        .utility
        .followed_into_success
        .saturating_add(e.utility.taught_in_replay);
    e.provenance == Provenance::Inherited
        && e.tier == Tier::Active
        && e.fate.verified_at.is_none()
        && !e.fate.world_verified()
        && failures(e) >= FAILURES_TO_DEMOTE
        && failures(e) > helped
}

/// Whether an inherited memory goes unheeded in this house: not verified here, shown and not
/// followed at least [`IGNORED_TO_DEMOTE`] times, and never followed, taught or failed here (a
/// failure is [`failed_here`]'s to judge).
pub fn unheeded_here(e: &Engram) -> bool {
    let u = &e.utility;
    e.provenance == Provenance::Inherited
        && e.tier == Tier::Active
        && e.fate.verified_at.is_none()
        && !e.fate.world_verified()
        && u.ignored >= IGNORED_TO_DEMOTE
        && u.followed_into_success == 0
        && u.taught_in_replay == 0
        && failures(e) == 0
}

/// The archive mark of a memory that went [`unheeded_here`], at sleep `sleep`.
pub fn unheeded_mark(e: &Engram, sleep: u64, now: Millis) -> Archived {
    Archived {
        gone: Gone::Unheeded {
            ignored: e.utility.ignored,
        },
        sleep: Some(sleep),
        at: now,
    }
}

/// The archive mark of a memory that [`failed_here`], the last failure at `tick` (none when a
/// sleep's replay settled it).
pub fn failed_mark(e: &Engram, tick: Option<u64>, sleep: Option<u64>, now: Millis) -> Archived {
    Archived {
        gone: Gone::FailedHere {
            failures: failures(e),
            tick,
        },
        sleep,
        at: now,
    }
}

/// Demotes engram `id` to the archive when it [`failed_here`], the last failure settled at
/// `tick`. Whether it did.
pub fn demote_if_failed(
    tx: &mut Tx<'_>,
    memory: &Memory,
    id: EngramId,
    tick: u64,
    now: Millis,
) -> Result<bool> {
    let Some(mut e) = memory::get(tx, id)? else {
        return Ok(false);
    };
    if !failed_here(&e) {
        return Ok(false);
    }
    let mark = failed_mark(&e, Some(tick), None, now);
    memory.archive(tx, &mut e, mark)
}

/// One reading of a file or a command by this creature: the fact it makes, in distillation's
/// form (`notes.txt says: …`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub fact: String,
    pub tick: u64,
    /// The episode (ring number) it was read in.
    pub episode: u64,
}

/// What the readings did to the facts already held.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Judged {
    /// Facts a reading showed unchanged.
    pub confirmed: Vec<EngramId>,
    /// Inherited or told facts a reading showed otherwise, demoted.
    pub contradicted: Vec<EngramId>,
}

/// What a fact is about, when it is about a file or a command: `notes.txt says:` of
/// `notes.txt says: port 8731`, `` `date` shows: `` of a command's.
pub fn subject(fact: &str) -> Option<&str> {
    let end = if fact.starts_with('`') {
        fact.find("` shows: ").map(|i| i + "` shows:".len())
    } else {
        fact.find(" says: ").map(|i| i + " says:".len())
    }?;
    (end > 0).then(|| &fact[..end])
}

/// The episode a lived fact was made from: the oldest its sources name (`episode:N`).
pub(super) fn made_from(e: &Engram) -> Option<u64> {
    e.sources
        .iter()
        .filter_map(|s| s.strip_prefix("episode:")?.parse::<u64>().ok())
        .min()
}

/// Judges the active facts against `readings` (oldest first; the newest of a subject counts):
/// a fact read again the same, in a later episode than the one it was made from, is witnessed (`read again at
/// tick T, unchanged`); an inherited or told fact read otherwise is demoted to the archive,
/// `contradicted by the read at tick T: …`. A lived fact read otherwise is left to
/// distillation, whose newer reading supersedes it.
pub fn judge_readings(
    tx: &mut Tx<'_>,
    memory: &Memory,
    readings: &[Reading],
    now: Millis,
) -> Result<Judged> {
    let mut out = Judged::default();
    let mut newest: std::collections::BTreeMap<&str, &Reading> = Default::default();
    for r in readings {
        if let Some(s) = subject(&r.fact) {
            newest.insert(s, r);
        }
    }
    if newest.is_empty() {
        return Ok(out);
    }
    let facts: Vec<Engram> = tx
        .all::<Engram>()?
        .into_iter()
        .map(|(_, e)| e)
        .filter(|e| e.kind == Kind::Fact && e.tier == Tier::Active)
        .collect();
    for mut e in facts {
        let Some(r) = subject(&e.body).and_then(|s| newest.get(s)) else {
            continue;
        };
        let lived = e.provenance == Provenance::Experienced;
        if e.body == r.fact {
            // Its own reading is no confirmation: a later one is.
            if lived && made_from(&e).is_some_and(|n| n >= r.episode) {
                continue;
            }
            let said = format!("read again at tick {}, unchanged", r.tick);
            e.fate
                .witness(Witness::new(Witnessed::ReadAgain, &said, r.tick, now).episodes([r.tick]));
            tx.put(&e.id.key(), &e)?;
            out.confirmed.push(e.id);
        } else if !lived {
            let mark = Archived {
                gone: Gone::Contradicted {
                    tick: r.tick,
                    read: r.fact.chars().take(READ_CHARS).collect(),
                },
                sleep: None,
                at: now,
            };
            memory.archive(tx, &mut e, mark)?;
            out.contradicted.push(e.id);
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "heir_tests.rs"]
mod tests;
