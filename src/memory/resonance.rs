//! Resonance: edges between engrams whose vectors are alike, and the clusters they make, kept
//! as one capped document (`wis.resonance.v1`).
//!
//! Edges are found by blocking as near-duplicates are ([`super::merge::alike_pairs`], engrams
//! of one kind sharing a random-hyperplane signature, with shorter signatures), never by
//! comparing every pair, at a lower floor (the embedder's `resonance_sim`: 0.6 for the built-in
//! embedder, where the middle half of restated facts are 0.54–0.82 alike and distinct facts at
//! most 0.43; 0.65 for the local model). Each sleep's blocking is seeded afresh, so one sleep
//! finds a sample of the edges and the document gathers them across sleeps: an edge is kept
//! until one of its engrams leaves the active tier or stronger edges push it out at
//! [`EDGE_CAP`]. Clusters are the connected groups of the kept edges, largest first.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::engram::EngramId;
use crate::base::store::Layout;
use crate::doc;

/// Most edges kept.
pub const EDGE_CAP: usize = 512;
/// Most clusters kept, and most members named in one.
pub const CLUSTER_CAP: usize = 32;
pub const MEMBERS_MAX: usize = 32;

/// Two engrams alike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edge {
    pub a: EngramId,
    pub b: EngramId,
    pub sim: f32,
    /// The sleep that last found it.
    pub sleep: u64,
}

/// A connected group of edges.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    /// Its members, by id (at most [`MEMBERS_MAX`]).
    pub members: Vec<EngramId>,
    /// How many members it has in all.
    pub size: u32,
    pub edges: u32,
    pub mean_sim: f32,
}

/// The resonance document.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Resonance {
    /// The sleep that last updated it.
    pub sleep: u64,
    pub edges: Vec<Edge>,
    pub clusters: Vec<Cluster>,
}

doc!(Resonance, "wis.resonance", 1, Layout::Singleton);

impl Resonance {
    /// Adds the edges `found` at `sleep` (an edge found again takes the new similarity),
    /// keeps the [`EDGE_CAP`] strongest, and rebuilds the clusters. Returns how many were new.
    pub fn gather(&mut self, found: &[(EngramId, EngramId, f32)], sleep: u64) -> usize {
        let mut by_pair: BTreeMap<(EngramId, EngramId), Edge> = self
            .edges
            .drain(..)
            .map(|e| ((e.a.min(e.b), e.a.max(e.b)), e))
            .collect();
        let mut new = 0;
        for &(a, b, sim) in found {
            let key = (a.min(b), a.max(b));
            let edge = Edge {
                a: key.0,
                b: key.1,
                sim,
                sleep,
            };
            if by_pair.insert(key, edge).is_none() {
                new += 1;
            }
        }
        let mut edges: Vec<Edge> = by_pair.into_values().collect();
        edges.sort_by(|x, y| {
            y.sim
                .total_cmp(&x.sim)
                .then(y.sleep.cmp(&x.sleep))
                .then((x.a, x.b).cmp(&(y.a, y.b)))
        });
        edges.truncate(EDGE_CAP);
        self.edges = edges;
        self.sleep = sleep;
        self.clusters = clusters(&self.edges);
        new
    }

    /// Drops the edges that touch an engram `gone` says is no longer active.
    pub fn forget(&mut self, mut gone: impl FnMut(EngramId) -> bool) {
        self.edges.retain(|e| !gone(e.a) && !gone(e.b));
        self.clusters = clusters(&self.edges);
    }

    /// Every engram an edge touches, each once.
    pub fn members(&self) -> Vec<EngramId> {
        let mut ids: Vec<EngramId> = self.edges.iter().flat_map(|e| [e.a, e.b]).collect();
        ids.sort();
        ids.dedup();
        ids
    }
}

/// The connected groups of `edges`, largest first (then the closest), at most [`CLUSTER_CAP`].
fn clusters(edges: &[Edge]) -> Vec<Cluster> {
    let mut parent: HashMap<EngramId, EngramId> = HashMap::new();
    fn root(parent: &mut HashMap<EngramId, EngramId>, x: EngramId) -> EngramId {
        let p = *parent.entry(x).or_insert(x);
        if p == x {
            return x;
        }
        let r = root(parent, p);
        parent.insert(x, r);
        r
    }
    for e in edges {
        let (ra, rb) = (root(&mut parent, e.a), root(&mut parent, e.b));
        if ra != rb {
            parent.insert(ra.max(rb), ra.min(rb));
        }
    }
    let mut groups: BTreeMap<EngramId, (Vec<EngramId>, u32, f32)> = BTreeMap::new();
    let ids: Vec<EngramId> = parent.keys().copied().collect();
    for id in ids {
        let r = root(&mut parent, id);
        groups.entry(r).or_default().0.push(id);
    }
    for e in edges {
        let r = root(&mut parent, e.a);
        let g = groups.entry(r).or_default();
        g.1 += 1;
        g.2 += e.sim;
    }
    let mut out: Vec<Cluster> = groups
        .into_values()
        .map(|(mut members, edges, sum)| {
            members.sort();
            let size = members.len() as u32;
            members.truncate(MEMBERS_MAX);
            Cluster {
                members,
                size,
                edges,
                mean_sim: sum / edges.max(1) as f32,
            }
        })
        .collect();
    out.sort_by(|x, y| {
        y.size
            .cmp(&x.size)
            .then(y.mean_sim.total_cmp(&x.mean_sim))
            .then(x.members.cmp(&y.members))
    });
    out.truncate(CLUSTER_CAP);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(n: u64) -> EngramId {
        EngramId(n)
    }

    #[test]
    fn edges_gather_across_sleeps_into_clusters_and_leave_with_their_engrams() {
        let mut r = Resonance::default();
        assert_eq!(r.gather(&[(e(2), e(1), 0.9), (e(3), e(4), 0.85)], 1), 2);
        assert_eq!(r.clusters.len(), 2);
        assert_eq!(r.gather(&[(e(1), e(2), 0.91), (e(2), e(3), 0.82)], 2), 1);
        assert_eq!(r.edges.len(), 3);
        assert_eq!(r.clusters.len(), 1);
        let c = &r.clusters[0];
        assert_eq!(
            (c.members.clone(), c.size, c.edges),
            (vec![e(1), e(2), e(3), e(4)], 4, 3)
        );
        r.forget(|id| id == e(3));
        assert_eq!(r.edges.len(), 1);
        assert_eq!(r.clusters[0].members, vec![e(1), e(2)]);
        assert_eq!(r.members(), vec![e(1), e(2)]);
    }

    #[test]
    fn the_strongest_edges_are_kept_at_the_cap() {
        let mut r = Resonance::default();
        let found: Vec<_> = (0..EDGE_CAP as u64 + 10)
            .map(|i| (e(2 * i), e(2 * i + 1), 0.8 + i as f32 / 10_000.0))
            .collect();
        r.gather(&found, 1);
        assert_eq!(r.edges.len(), EDGE_CAP);
        assert!(r.edges.iter().all(|x| x.a.0 >= 20));
        assert_eq!(r.clusters.len(), CLUSTER_CAP);
    }
}
