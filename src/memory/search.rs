//! Exact top-k by cosine: a contiguous set of unit vectors, a tight dot-product loop and a
//! bounded heap. Vectors are L2-normalised when they are made, so cosine is the dot product.
//!
//! Ties break by the lower id, so results are deterministic.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use serde::Serialize;

use super::engram::{EngramId, Kind, Provenance, Tier};

/// The fields a search can filter on, kept beside each vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    pub kind: Kind,
    pub tier: Tier,
    pub provenance: Provenance,
}

/// Which engrams a search considers; `None` means any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Filter {
    pub kind: Option<Kind>,
    pub tier: Option<Tier>,
    pub provenance: Option<Provenance>,
}

impl Filter {
    /// Active engrams of any kind and provenance: what ordinary recall sees.
    pub fn active() -> Filter {
        Filter {
            tier: Some(Tier::Active),
            ..Filter::default()
        }
    }

    pub fn kind(mut self, kind: Kind) -> Filter {
        self.kind = Some(kind);
        self
    }

    pub fn provenance(mut self, provenance: Provenance) -> Filter {
        self.provenance = Some(provenance);
        self
    }

    pub fn matches(&self, tag: Tag) -> bool {
        self.kind.is_none_or(|k| k == tag.kind)
            && self.tier.is_none_or(|t| t == tag.tier)
            && self.provenance.is_none_or(|p| p == tag.provenance)
    }
}

/// Vectors of one dimension, stored back to back.
#[derive(Debug, Clone)]
pub struct VectorSet {
    dim: usize,
    ids: Vec<EngramId>,
    tags: Vec<Tag>,
    data: Vec<f32>,
}

impl VectorSet {
    pub fn with_capacity(dim: usize, n: usize) -> VectorSet {
        VectorSet {
            dim,
            ids: Vec::with_capacity(n),
            tags: Vec::with_capacity(n),
            data: Vec::with_capacity(n.saturating_mul(dim)),
        }
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Adds a vector; it must have the set's dimension.
    pub fn push(&mut self, id: EngramId, tag: Tag, values: &[f32]) {
        assert_eq!(values.len(), self.dim, "vector of the wrong dimension");
        self.push_iter(id, tag, values.iter().copied());
    }

    /// Adds a vector from an iterator of exactly `dim` values.
    pub(crate) fn push_iter(&mut self, id: EngramId, tag: Tag, values: impl Iterator<Item = f32>) {
        let before = self.data.len();
        self.data.extend(values.take(self.dim));
        debug_assert_eq!(self.data.len() - before, self.dim);
        self.ids.push(id);
        self.tags.push(tag);
    }

    /// The `i`th vector.
    pub fn vector(&self, i: usize) -> &[f32] {
        &self.data[i * self.dim..(i + 1) * self.dim]
    }

    pub fn id(&self, i: usize) -> EngramId {
        self.ids[i]
    }

    pub fn tag(&self, i: usize) -> Tag {
        self.tags[i]
    }
}

/// The dot product, in eight lanes the compiler vectorises.
#[inline]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut acc = [0.0f32; 8];
    let mut ca = a.chunks_exact(8);
    let mut cb = b.chunks_exact(8);
    for (x, y) in (&mut ca).zip(&mut cb) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }
    let mut tail = 0.0;
    for (x, y) in ca.remainder().iter().zip(cb.remainder()) {
        tail += x * y;
    }
    (acc[0] + acc[4]) + (acc[1] + acc[5]) + (acc[2] + acc[6]) + (acc[3] + acc[7]) + tail
}

/// A scored candidate, ordered so that the heap's top is the worst one kept.
#[derive(Debug, Clone, Copy)]
struct Scored {
    sim: f32,
    id: EngramId,
}

impl Ord for Scored {
    /// Greater means worse: lower similarity, then higher id.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .sim
            .total_cmp(&self.sim)
            .then_with(|| self.id.cmp(&other.id))
    }
}
impl PartialOrd for Scored {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Scored {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Scored {}

/// The `k` most similar vectors that pass `filter`, best first, with their similarity.
pub fn top_k(set: &VectorSet, query: &[f32], filter: &Filter, k: usize) -> Vec<(EngramId, f32)> {
    if k == 0 || query.len() != set.dim {
        return Vec::new();
    }
    let mut heap: BinaryHeap<Scored> = BinaryHeap::with_capacity(k + 1);
    let any = *filter == Filter::default();
    for (i, v) in set.data.chunks_exact(set.dim.max(1)).enumerate() {
        if !any && !filter.matches(set.tags[i]) {
            continue;
        }
        let cand = Scored {
            sim: dot(v, query),
            id: set.ids[i],
        };
        if heap.len() < k {
            heap.push(cand);
        } else if let Some(worst) = heap.peek()
            && cand < *worst
        {
            heap.pop();
            heap.push(cand);
        }
    }
    heap.into_sorted_vec()
        .into_iter()
        .map(|s| (s.id, s.sim))
        .collect()
}

#[cfg(test)]
mod tests;
