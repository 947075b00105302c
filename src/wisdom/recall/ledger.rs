//! Keeping the situation index in step with the episode ring.
//!
//! [`sync`] reads only the episodes recorded since the index last read (one, on an ordinary
//! tick; the whole ring, once, the first time recall is switched on) and folds them into the
//! situations they belong to, in memory: a [`Pending`] change. A writing caller stores it with
//! [`Pending::write`]; a dry run or an operator view reads through it without writing, so both
//! see what the next tick would see.

use std::collections::{BTreeMap, BTreeSet};

use super::situation::{
    IndexState, SITUATION_CAP, Situation, SituationVector, SituationVectorRef, indexable,
    situation_text,
};
use crate::base::exit::Result;
use crate::base::store::{Doc, Read, Tx};
use crate::memory::{Memory, vector};
use crate::wisdom::episodes::{EPISODE_CAP, Episode};

/// Changes to the index not yet written: the situations and vector rows touched, and the
/// situations dropped at the cap.
#[derive(Debug, Clone, Default)]
pub struct Pending {
    pub state: IndexState,
    pub situations: BTreeMap<String, Situation>,
    pub vectors: BTreeMap<String, SituationVector>,
    pub evicted: Vec<String>,
    /// Episodes read from the ring by this sync.
    pub read: u64,
    changed: bool,
}

impl Pending {
    /// Whether anything is to be written.
    pub fn changed(&self) -> bool {
        self.changed
    }

    /// A situation as it will be once this change is written.
    pub fn situation(&self, rx: &impl Read, key: &str) -> Result<Option<Situation>> {
        if self.evicted.iter().any(|k| k == key) {
            return Ok(None);
        }
        match self.situations.get(key) {
            Some(s) => Ok(Some(s.clone())),
            None => rx.get::<Situation>(key),
        }
    }

    /// Writes the change into the caller's transaction.
    pub fn write(self, tx: &mut Tx<'_>) -> Result<()> {
        if !self.changed {
            return Ok(());
        }
        for key in &self.evicted {
            tx.remove::<Situation>(key)?;
            tx.remove::<SituationVector>(key)?;
        }
        for (key, situation) in &self.situations {
            tx.put(key, situation)?;
        }
        for (key, row) in &self.vectors {
            tx.put(key, row)?;
        }
        tx.set(&self.state)
    }
}

/// Folds every episode recorded since the index last read into a [`Pending`] change.
pub fn sync(rx: &impl Read, memory: &Memory) -> Result<Pending> {
    let (state, _) = rx.singleton_or_default::<IndexState>()?;
    let next = rx.ring_next::<Episode>()?;
    let mut p = Pending {
        state,
        ..Pending::default()
    };
    if state.next_seq == next {
        return Ok(p);
    }
    p.changed = true;
    p.state.next_seq = next;
    if state.next_seq > next {
        // The ring was started anew under the index: read from here on.
        return Ok(p);
    }
    let behind = (next - state.next_seq).min(EPISODE_CAP) as usize;
    let mut new = 0;
    for (seq, ep) in rx.ring::<Episode>(Some(behind))? {
        p.read += 1;
        if seq < state.next_seq || !indexable(&ep) {
            continue;
        }
        if !p.situations.contains_key(&ep.situation) {
            let found = rx.get::<Situation>(&ep.situation)?;
            new += u64::from(found.is_none());
            let fresh = found.unwrap_or_else(|| Situation::new(&ep.situation, ep.tick));
            p.situations.insert(ep.situation.clone(), fresh);
        }
        if let Some(s) = p.situations.get_mut(&ep.situation) {
            s.apply(&ep);
        }
    }
    refresh_vectors(rx, memory, &mut p)?;
    apply_cap(rx, &mut p, new)?;
    Ok(p)
}

/// Gives every touched situation a vector row of the current embedder, re-using rows that
/// already are, and carrying its last tick.
fn refresh_vectors(rx: &impl Read, memory: &Memory, p: &mut Pending) -> Result<()> {
    let mut to_embed = Vec::new();
    for (key, situation) in &p.situations {
        let row = match rx.get::<SituationVector>(key)? {
            Some(row) if current(memory, &row) => SituationVector {
                last_tick: situation.last_tick,
                ..row
            },
            _ => {
                to_embed.push(key.clone());
                SituationVector {
                    key: key.clone(),
                    space: 0,
                    last_tick: situation.last_tick,
                    f32le: Vec::new(),
                }
            }
        };
        p.vectors.insert(key.clone(), row);
    }
    let batch = memory.embedder().max_batch().max(1);
    for keys in to_embed.chunks(batch) {
        let texts: Vec<String> = keys.iter().map(|k| situation_text(k)).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        match memory.embedder().embed(&refs) {
            Ok(vectors) => {
                for (key, values) in keys.iter().zip(vectors) {
                    if let Some(row) = p.vectors.get_mut(key) {
                        row.space = memory.space_for(values.len());
                        row.f32le = vector::to_bytes(&values);
                    }
                }
            }
            Err(e) => {
                super::warn_once(&format!(
                    "recall: the embedder did not answer ({}); similar situations are left out \
                     until it does",
                    e.message
                ));
                break;
            }
        }
    }
    Ok(())
}

/// Whether a row was made by this memory's embedder.
fn current(memory: &Memory, row: &SituationVector) -> bool {
    let dim = row.f32le.len() / 4;
    dim > 0
        && row.space == memory.space_for(dim)
        && memory.embedder().dim().is_none_or(|d| d == dim)
}

/// Past [`SITUATION_CAP`] (with `new` situations not yet stored), the least recently seen
/// situations go, touched ones included.
fn apply_cap(rx: &impl Read, p: &mut Pending, new: u64) -> Result<()> {
    let stored = rx.count::<Situation>()?;
    if stored + new <= SITUATION_CAP {
        return Ok(());
    }
    let excess = (stored + new - SITUATION_CAP) as usize;
    let mut ages: Vec<(u64, String)> = p
        .situations
        .values()
        .map(|s| (s.last_tick, s.key.clone()))
        .collect();
    let touched: BTreeSet<&String> = p.situations.keys().collect();
    for (key, bytes) in rx.keyed_all_raw(SituationVector::SCHEMA)? {
        if touched.contains(&key) {
            continue;
        }
        let last_tick = rmp_serde::from_slice::<SituationVectorRef>(&bytes)
            .map(|r| r.last_tick)
            .unwrap_or(0);
        ages.push((last_tick, key));
    }
    ages.sort();
    for (_, key) in ages.into_iter().take(excess) {
        p.situations.remove(&key);
        p.vectors.remove(&key);
        p.evicted.push(key);
        p.state.evicted += 1;
    }
    Ok(())
}
