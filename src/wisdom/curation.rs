//! Utility-grounded curation (design §4.5): a memory's strength follows its adjudicated
//! utility record and nothing else (WIS1): what recalled it into success or taught in replay
//! protects it; an empty or negative record past its grace decays it, whatever its recall
//! frequency; below the strength floor it moves to the archive tier, never deleted. What was
//! ever followed into success or taught in replay is never archived by it, unless its
//! confidence has fallen to doubt ([`CONFIDENCE_DOUBTED`]): then its past protects it no more.
//! A told or inherited memory is verified here by its own positive settlements or by the
//! world's witness in this life; an inherited one that failed here first is archived, saying
//! so ([`heir::failed_here`]).
//!
//! [`judge`] is the rule for one engram; [`curate`] applies it to the active tier, once per
//! sleep per engram, within a budget. Sleep runs it as a job and `wis curate` on its own.

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::memory::{
    Archived, Engram, EngramId, Gone, Kind, Memory, MemoryState, Provenance, Tier,
};
use crate::wisdom::lineage::heir;

/// Below this strength a memory moves to the archive tier.
pub const STRENGTH_FLOOR: f32 = 0.2;
/// What a sleep adds to a memory with positive utility.
pub const REINFORCE: f32 = 0.1;
/// What a sleep takes, past the grace, from a lived memory that has not earned utility; a
/// negative record takes twice as much.
pub const DECAY: f32 = 0.15;
/// The same for what the creature was told or inherited: a rumour it never verified (once its
/// own settlements verify one, `fate.verified_at`, it decays at [`DECAY`]).
pub const DECAY_RUMOUR: f32 = 0.3;
/// A scar's slow decay.
pub const DECAY_SCAR: f32 = 0.03;
/// A useful memory recalled this many times more often than it helped is cooled, not
/// reinforced (a saturated theme loses salience).
pub const SATURATION: u32 = 4;
/// What cooling takes (a protected memory is never archived by it).
pub const COOL: f32 = 0.05;

/// Below this confidence a memory is doubted: its own settlements have lately gone against it
/// (from [`CONFIDENCE_START`](crate::memory::engram::CONFIDENCE_START), two failures in a row;
/// after five successes, four). A doubted memory is not reinforced or verified by a positive
/// score and not kept from the archive by what it once helped: past its grace it decays as a
/// memory without utility does, so it is archived sooner than one trusted on the same record.
pub const CONFIDENCE_DOUBTED: f32 = 0.25;

/// What one judgement did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Judged already this sleep, or within its grace, or at full strength and useful.
    Kept,
    Reinforced,
    Cooled,
    Demoted,
    /// Fell below the floor: to the archive.
    Archived,
    /// An inherited memory that failed in this house before it was verified here
    /// ([`heir::failed_here`]): to the archive, saying so.
    FailedHere,
    /// An inherited memory shown here again and again and never followed
    /// ([`heir::unheeded_here`]): to the archive, saying so.
    Unheeded,
}

/// The rule for one active engram at sleep `sleep`: changes its strength and fate. A change
/// marks the engram judged at `sleep`, and a judged engram is not judged again that sleep.
pub fn judge(e: &mut Engram, sleep: u64, grace: u32) -> Verdict {
    if e.fate.judged_at == Some(sleep) {
        return Verdict::Kept;
    }
    let verdict = rule(e, sleep, grace);
    if verdict != Verdict::Kept {
        e.fate.judged_at = Some(sleep);
    }
    verdict
}

fn rule(e: &mut Engram, sleep: u64, grace: u32) -> Verdict {
    if heir::failed_here(e) {
        return Verdict::FailedHere;
    }
    if heir::unheeded_here(e) {
        return Verdict::Unheeded;
    }
    let u = &e.utility;
    let score = u.score();
    let doubted = e.confidence < CONFIDENCE_DOUBTED;
    // What the world showed true here verifies a told or inherited memory as its own
    // positive settlements do.
    if e.fate.world_verified()
        && !doubted
        && e.provenance != Provenance::Experienced
        && e.fate.verified_at.is_none()
    {
        e.fate.verified_at = Some(sleep);
    }
    if score > 0 && !doubted {
        e.fate.quiet_since = None;
        if e.provenance != Provenance::Experienced && e.fate.verified_at.is_none() {
            e.fate.verified_at = Some(sleep);
        }
        let helped = u.followed_into_success + u.taught_in_replay;
        if u.ignored > helped.saturating_mul(SATURATION) {
            e.strength = (e.strength - COOL).max(STRENGTH_FLOOR);
            return Verdict::Cooled;
        }
        if e.strength >= 1.0 {
            return Verdict::Kept;
        }
        e.strength = (e.strength + REINFORCE).min(1.0);
        return Verdict::Reinforced;
    }
    let since = *e.fate.quiet_since.get_or_insert(sleep);
    if sleep.saturating_sub(since) < u64::from(grace) {
        return Verdict::Kept;
    }
    let mut rate = match (e.kind, e.provenance) {
        (Kind::Scar, _) => DECAY_SCAR,
        (_, Provenance::Experienced) => DECAY,
        _ if e.fate.verified_at.is_some() => DECAY,
        (_, Provenance::Told | Provenance::Keeper | Provenance::Inherited) => DECAY_RUMOUR,
    };
    if score < 0 && e.kind != Kind::Scar {
        rate *= 2.0;
    }
    e.strength = (e.strength - rate).max(0.0);
    // What the creature once followed into success, or learned from in replay, is never
    // pruned while it is not doubted: it may weaken to the floor, and stays.
    if u.followed_into_success + u.taught_in_replay > 0 && !doubted {
        e.strength = e.strength.max(STRENGTH_FLOOR);
        return Verdict::Demoted;
    }
    if e.strength < STRENGTH_FLOOR {
        Verdict::Archived
    } else {
        Verdict::Demoted
    }
}

/// What a curation did, by id.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Curation {
    pub reinforced: Vec<EngramId>,
    pub cooled: Vec<EngramId>,
    pub demoted: Vec<EngramId>,
    pub archived: Vec<EngramId>,
    /// Engrams judged.
    pub judged: u64,
    /// Engrams in the store after it (both tiers).
    pub store: u64,
}

impl Curation {
    /// `3 demoted, 2 reinforced, store 4,812` (cooled and archived when there were any).
    pub fn line(&self) -> String {
        let mut parts = vec![
            format!("{} demoted", self.demoted.len()),
            format!("{} reinforced", self.reinforced.len()),
        ];
        if !self.cooled.is_empty() {
            parts.push(format!("{} cooled", self.cooled.len()));
        }
        if !self.archived.is_empty() {
            parts.push(format!("{} archived", self.archived.len()));
        }
        parts.push(format!("store {}", grouped(self.store)));
        parts.join(", ")
    }

    /// Every memory it changed, by id.
    pub fn memories(&self) -> Vec<String> {
        let tagged = [
            ("reinforced", &self.reinforced),
            ("cooled", &self.cooled),
            ("demoted", &self.demoted),
            ("archived", &self.archived),
        ];
        tagged
            .iter()
            .flat_map(|(what, ids)| ids.iter().map(move |id| format!("{what} {id}")))
            .collect()
    }
}

/// Judges the active tier at sleep `sleep`, spending one engram of `spend` per judgement and
/// stopping when it refuses.
pub fn curate(
    tx: &mut Tx,
    memory: &Memory,
    sleep: u64,
    grace: u32,
    now: Millis,
    spend: &mut dyn FnMut() -> bool,
) -> Result<Curation> {
    let mut out = Curation::default();
    let active = tx.all::<Engram>()?.into_iter().map(|(_, e)| e);
    for mut e in active.filter(|e| e.tier == Tier::Active) {
        if !spend() {
            break;
        }
        out.judged += 1;
        let before = e.fate.clone();
        let verdict = judge(&mut e, sleep, grace);
        let id = e.id;
        match verdict {
            Verdict::Archived | Verdict::FailedHere | Verdict::Unheeded => {
                let mark = match verdict {
                    Verdict::FailedHere => heir::failed_mark(&e, None, Some(sleep), now),
                    Verdict::Unheeded => heir::unheeded_mark(&e, sleep, now),
                    _ => Archived {
                        gone: Gone::Pruned,
                        sleep: Some(sleep),
                        at: now,
                    },
                };
                memory.archive(tx, &mut e, mark)?;
                out.archived.push(id);
                continue;
            }
            Verdict::Reinforced => out.reinforced.push(id),
            Verdict::Cooled => out.cooled.push(id),
            Verdict::Demoted => out.demoted.push(id),
            Verdict::Kept if e.fate == before => continue,
            Verdict::Kept => {}
        }
        memory.rewrite(tx, &e)?;
    }
    out.store = MemoryState::load(tx)?.total();
    Ok(out)
}

/// 4812 as `4,812`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
#[path = "curation_tests.rs"]
mod tests;
