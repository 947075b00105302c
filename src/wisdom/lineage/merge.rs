//! Many ancestors into one inheritance. Items with the same content id are one item; items
//! of the same kind whose texts embed (with the creature's own memory embedder) at its
//! `lineage_merge_sim` or more (0.9 for the built-in embedder, 0.92 for the local model; see
//! [`Calibration`](crate::memory::embed::Calibration)) are near-duplicates and become one
//! item too: the
//! best-evidenced text, every ancestor's volume in its provenance, the summed evidence (and
//! every ancestor's world evidence, within its bound; the lesson of an errand, if any carried
//! one).
//! Reflexes are one item when they answer the same situation with the same action signature;
//! two reflexes answering one situation with different verified actions contradict each
//! other: both are kept, each flagged with the other, never merged.
//!
//! Candidates are found by locality-sensitive hashing, never all pairs: each vector gets
//! [`BANDS`] keys of [`BITS`] random-hyperplane signs, items are compared only within a
//! (kind, band, key) bucket, and each with at most [`BUCKET_PEERS`] earlier members of it. The
//! work grows linearly with the items: `BANDS × BUCKET_PEERS` comparisons per item at most.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::format::{Chain, Evidence, ItemKind, MAX_LIST, Record};
use super::read::Volume;
use crate::base::exit::Result;
use crate::memory::Embedder;
use crate::memory::search::dot;

/// Hash bands per vector.
pub const BANDS: usize = 8;
/// Hyperplane signs per band.
pub const BITS: usize = 8;
/// Earlier bucket members an item is compared with, at most.
pub const BUCKET_PEERS: usize = 32;

/// One item of the merged inheritance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Merged {
    /// The item, its evidence summed and its provenance joined over every ancestor.
    pub record: Record,
    /// The volumes that carried it.
    pub ancestors: Vec<String>,
    /// How many records became this one (1: no duplicate).
    pub records: usize,
    /// Content ids of the items it contradicts.
    pub contradicts: Vec<String>,
}

/// The merge of several volumes.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Merge {
    pub items: Vec<Merged>,
    /// Records read, over every volume.
    pub input: usize,
    /// Records that joined another item.
    pub duplicates: usize,
    /// Items flagged as contradicting another.
    pub contradictions: usize,
    /// Cosine comparisons made.
    pub comparisons: u64,
}

/// Merges the records of `volumes` (in order), embedding texts with `embedder`.
pub fn merge(volumes: &[Volume], embedder: &dyn Embedder) -> Result<Merge> {
    let mut out = Merge::default();
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for (v, vol) in volumes.iter().enumerate() {
        for (i, r) in vol.records.iter().enumerate() {
            out.input += 1;
            let key = match &r.reflex {
                Some(x) => format!("reflex\n{}\n{}", x.situation_key, x.signature),
                None => r.id.clone(),
            };
            match by_key.get(&key) {
                Some(&g) => groups[g].push((v, i)),
                None => {
                    by_key.insert(key, groups.len());
                    groups.push(vec![(v, i)]);
                }
            }
        }
    }
    let record = |(v, i): (usize, usize)| &volumes[v].records[i];
    let mut parent: Vec<usize> = (0..groups.len()).collect();
    let texts: Vec<(usize, &str)> = groups
        .iter()
        .enumerate()
        .filter(|(_, g)| record(g[0]).kind != ItemKind::Reflex)
        .map(|(n, g)| (n, record(g[0]).text.as_str()))
        .collect();
    let mut vectors: Vec<Vec<f32>> = Vec::with_capacity(texts.len());
    for chunk in texts.chunks(embedder.max_batch().max(1)) {
        let batch: Vec<&str> = chunk.iter().map(|(_, t)| *t).collect();
        vectors.extend(embedder.embed(&batch)?);
    }
    let planes = Planes::new(vectors.first().map_or(0, Vec::len));
    let floor = embedder.calibration().lineage_merge_sim;
    let mut buckets: HashMap<(ItemKind, usize, u32), Vec<usize>> = HashMap::new();
    for (t, (n, _)) in texts.iter().enumerate() {
        let kind = record(groups[*n][0]).kind;
        for (band, key) in planes.keys(&vectors[t]).into_iter().enumerate() {
            let peers = buckets.entry((kind, band, key)).or_default();
            for &p in peers.iter().rev().take(BUCKET_PEERS) {
                out.comparisons += 1;
                if dot(&vectors[t], &vectors[p]) >= floor {
                    union(&mut parent, texts[p].0, *n);
                }
            }
            peers.push(t);
        }
    }
    let mut clusters: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
    for (n, g) in groups.iter().enumerate() {
        let root = find(&mut parent, n);
        clusters.entry(root).or_default().extend(g.iter().copied());
    }
    for members in clusters.into_values() {
        out.duplicates += members.len() - 1;
        out.items.push(join(volumes, &members));
    }
    out.contradictions = flag_contradictions(&mut out.items);
    Ok(out)
}

/// One item from its members: the best-evidenced text, evidence summed, provenance joined.
fn join(volumes: &[Volume], members: &[(usize, usize)]) -> Merged {
    let rec = |&(v, i): &(usize, usize)| &volumes[v].records[i];
    let best = members
        .iter()
        .max_by_key(|m| {
            (
                rec(m).utility,
                rec(m).evidence.successes,
                std::cmp::Reverse(**m),
            )
        })
        .expect("a cluster has members");
    let mut record = rec(best).clone();
    let mut evidence = Evidence::default();
    let mut ancestors: Vec<String> = Vec::new();
    let mut chain = Chain {
        origin: record.provenance.origin.clone(),
        episodes: Vec::new(),
        volumes: Vec::new(),
    };
    let push = |list: &mut Vec<String>, s: &str| {
        if list.len() < MAX_LIST && !list.iter().any(|x| x == s) {
            list.push(s.to_string());
        }
    };
    for m in members {
        let r = rec(m);
        let volume = &volumes[m.0].header.volume;
        evidence = evidence.plus(r.evidence);
        push(&mut ancestors, volume);
        for v in &r.provenance.volumes {
            push(&mut chain.volumes, v);
        }
        push(&mut chain.volumes, volume);
        for e in &r.provenance.episodes {
            push(&mut chain.episodes, &format!("{volume}/{e}"));
        }
        record.replay_validated |= r.replay_validated;
        record.strength = record.strength.max(r.strength);
        // What any ancestor's world showed of it is evidence for the one item.
        for w in &r.world {
            if record.world.len() < super::parts::MAX_WORLD && !record.world.contains(w) {
                record.world.push(w.clone());
            }
        }
        if record.lesson.is_none() {
            record.lesson = r.lesson.clone();
        }
    }
    if let Some(x) = record.reflex.as_mut() {
        x.successes = u32::try_from(evidence.successes).unwrap_or(u32::MAX);
    }
    record.utility = evidence.successes as i64 + evidence.taught as i64
        - evidence.failures as i64
        - evidence.failed_to_teach as i64;
    record.evidence = evidence;
    record.provenance = chain;
    Merged {
        record,
        ancestors,
        records: members.len(),
        contradicts: Vec::new(),
    }
}

/// Flags reflexes that answer one situation with different actions; returns how many.
fn flag_contradictions(items: &mut [Merged]) -> usize {
    let mut by_situation: HashMap<String, Vec<usize>> = HashMap::new();
    for (n, m) in items.iter().enumerate() {
        if let Some(x) = &m.record.reflex {
            by_situation
                .entry(x.situation_key.clone())
                .or_default()
                .push(n);
        }
    }
    let mut flagged = 0;
    for same in by_situation.values().filter(|s| s.len() > 1) {
        let ids: Vec<String> = same.iter().map(|&n| items[n].record.id.clone()).collect();
        for &n in same {
            let own = items[n].record.id.clone();
            items[n].contradicts = ids.iter().filter(|i| **i != own).cloned().collect();
            flagged += 1;
        }
    }
    flagged
}

fn find(parent: &mut [usize], mut n: usize) -> usize {
    while parent[n] != n {
        parent[n] = parent[parent[n]];
        n = parent[n];
    }
    n
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// The random hyperplanes: `BANDS × BITS` sign vectors, the same on every run.
struct Planes {
    signs: Vec<Vec<f32>>,
}

impl Planes {
    fn new(dim: usize) -> Planes {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let signs = (0..BANDS * BITS)
            .map(|_| {
                (0..dim)
                    .map(|_| if next() & 1 == 1 { 1.0 } else { -1.0 })
                    .collect()
            })
            .collect();
        Planes { signs }
    }

    /// The band keys of a vector.
    fn keys(&self, v: &[f32]) -> [u32; BANDS] {
        let mut keys = [0u32; BANDS];
        for (p, plane) in self.signs.iter().enumerate() {
            if dot(plane, v) >= 0.0 {
                keys[p / BITS] |= 1 << (p % BITS);
            }
        }
        keys
    }
}
