//! Near-duplicates and their merge. Finding them never compares every pair: each active
//! vector gets a few short signatures of random-hyperplane signs (seeded per call, so a pair
//! one sleep misses another finds), and only vectors of the same kind sharing a signature
//! are compared, at most [`BUCKET_CAP`] to a bucket. Merging keeps one survivor with the union
//! of the sources and the sum of the utility records; the others go to the archive tier
//! pointing at it.

use std::collections::HashMap;

use super::Memory;
use super::engram::{Engram, EngramId, Provenance, Tier, Utility};
use super::fate::{Archived, Gone};
use super::search::dot;
use super::vector::{self, Loaded};
use super::write::{MAX_SOURCES, require};
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};

/// How vectors are blocked: signatures per vector (`bands`) and sign bits in each (`bits`).
/// More bits make a bucket hold only closer pairs; more bands give a pair more chances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocking {
    pub bands: usize,
    pub bits: usize,
}

impl Blocking {
    /// For near-duplicates (cosine 0.95 and up): a pair at 0.95 shares one of 4 signatures of
    /// 12 bits with probability 0.99 in one call.
    pub const DUPLICATES: Blocking = Blocking { bands: 4, bits: 12 };
    /// For resonance (cosine 0.6 and up, paraphrases of one fact): a pair at 0.7 shares one
    /// of 6 signatures of 8 bits with probability 0.46 in one call, 0.84 over three sleeps.
    pub const RESONANCE: Blocking = Blocking { bands: 6, bits: 8 };
}
/// Most vectors compared within one bucket (a bucket over this compares its first ones).
pub const BUCKET_CAP: usize = 64;

/// A pair found alike: the two ids and their similarity.
pub type Pair = (EngramId, EngramId, f32);

/// Active pairs of the same kind at `min_sim` or more, in the space of this memory's embedder,
/// looking at no more than `limit` vectors. Returns the pairs and how many vectors it read.
pub fn near_duplicates(
    rx: &impl Read,
    memory: &Memory,
    min_sim: f32,
    seed: u64,
    limit: usize,
) -> Result<(Vec<Pair>, usize)> {
    alike_pairs(rx, memory, min_sim, seed, limit, Blocking::DUPLICATES)
}

/// [`near_duplicates`] with its blocking chosen by the caller.
pub fn alike_pairs(
    rx: &impl Read,
    memory: &Memory,
    min_sim: f32,
    seed: u64,
    limit: usize,
    blocking: Blocking,
) -> Result<(Vec<Pair>, usize)> {
    let Blocking { bands, bits } = blocking;
    let Some(dim) = current_dim(rx, memory)? else {
        return Ok((Vec::new(), 0));
    };
    let Loaded { set, .. } = vector::load(rx, memory.space_for(dim), dim)?;
    let n = set.len().min(limit);
    let planes = planes(seed, dim, bands * bits);
    let mut buckets: HashMap<(u8, usize, u16), Vec<usize>> = HashMap::new();
    for i in 0..n {
        let tag = set.tag(i);
        if tag.tier != Tier::Active {
            continue;
        }
        let v = set.vector(i);
        for band in 0..bands {
            let mut sig = 0u16;
            for bit in 0..bits.min(16) {
                let plane = &planes[(band * bits + bit) * dim..][..dim];
                if dot(v, plane) >= 0.0 {
                    sig |= 1 << bit;
                }
            }
            let bucket = buckets.entry((tag.kind as u8, band, sig)).or_default();
            if bucket.len() < BUCKET_CAP {
                bucket.push(i);
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut pairs = Vec::new();
    for members in buckets.values() {
        for (x, &i) in members.iter().enumerate() {
            for &j in &members[x + 1..] {
                let sim = dot(set.vector(i), set.vector(j));
                if sim >= min_sim && seen.insert((i, j)) {
                    pairs.push((set.id(i), set.id(j), sim));
                }
            }
        }
    }
    pairs.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    Ok((pairs, n))
}

/// The dimension of the embedder's vectors: declared, or read off the newest engram it made.
fn current_dim(rx: &impl Read, memory: &Memory) -> Result<Option<usize>> {
    if let Some(dim) = memory.embedder().dim() {
        return Ok(Some(dim));
    }
    let e = memory.embedder();
    Ok(rx
        .all::<Engram>()?
        .into_iter()
        .rev()
        .find(|(_, g)| g.vector.backend == e.backend() && g.vector.model == e.model())
        .map(|(_, g)| g.vector.dim as usize))
}

/// `count` hyperplanes of `dim` values, from a small deterministic generator.
fn planes(seed: u64, dim: usize, count: usize) -> Vec<f32> {
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    (0..count * dim).map(|_| next()).collect()
}

/// Which of two engrams survives a merge: the more useful, then the stronger, then the older.
pub fn survivor_first(a: &Engram, b: &Engram) -> bool {
    (a.utility.score(), a.strength, std::cmp::Reverse(a.id))
        .partial_cmp(&(b.utility.score(), b.strength, std::cmp::Reverse(b.id)))
        .is_none_or(|o| o.is_ge())
}

impl Memory {
    /// Merges `gone` into `survivor`: the survivor keeps the union of the sources (with
    /// `merged:eN`), the sum of the utility records, the mean of the confidences, the stronger
    /// provenance and strength; the other moves to the archive pointing at it. Both must be
    /// active.
    pub fn merge(
        &self,
        tx: &mut Tx,
        survivor: EngramId,
        gone: EngramId,
        sleep: Option<u64>,
        now: Millis,
    ) -> Result<()> {
        let mut keep = require(tx, survivor)?;
        let mut other = require(tx, gone)?;
        let mut sources = keep.sources.clone();
        for s in other
            .sources
            .iter()
            .cloned()
            .chain([format!("merged:{gone}")])
        {
            if !sources.contains(&s) {
                sources.push(s);
            }
        }
        sources.truncate(MAX_SOURCES);
        keep.sources = sources;
        keep.utility = sum(&keep.utility, &other.utility);
        keep.provenance = stronger(keep.provenance, other.provenance);
        keep.strength = keep.strength.max(other.strength);
        // Their settlements are now one memory's evidence: the mean of the two confidences.
        keep.confidence = (keep.confidence + other.confidence) / 2.0;
        // What the world showed of either is the survivor's evidence too.
        for w in other.fate.witnessed.clone() {
            keep.fate.witness(w);
        }
        keep.updated = now;
        self.rewrite(tx, &keep)?;
        let mark = Archived {
            gone: Gone::MergedInto { survivor },
            sleep,
            at: now,
        };
        self.archive(tx, &mut other, mark)?;
        Ok(())
    }
}

fn sum(a: &Utility, b: &Utility) -> Utility {
    Utility {
        followed_into_success: a
            .followed_into_success
            .saturating_add(b.followed_into_success),
        ignored: a.ignored.saturating_add(b.ignored),
        into_failure: a.into_failure.saturating_add(b.into_failure),
        taught_in_replay: a.taught_in_replay.saturating_add(b.taught_in_replay),
        failed_to_teach: a.failed_to_teach.saturating_add(b.failed_to_teach),
        last_settled: a.last_settled.max(b.last_settled),
    }
}

/// What the creature lived counts over what it was told, and that over what it inherited.
fn stronger(a: Provenance, b: Provenance) -> Provenance {
    if b.trust() > a.trust() { b } else { a }
}

#[cfg(test)]
#[path = "merge_tests.rs"]
mod tests;
