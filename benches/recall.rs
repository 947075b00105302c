//! Recall latency of the exact scan, at 10k, 100k and 1M engrams (256 dimensions, the
//! default; top 10, active tier).
//!
//! `exact_scan` times the scan itself over vectors already in one contiguous set: the
//! dot-product loop and the bounded heap. `recall_from_store` times what a tick pays: embed
//! the query, load every vector row of the space from a redb store filled through
//! `Memory::remember`, scan, and look the hits up. The store path stops at 100k, the active
//! cap: a 1M-engram store is past what recall ever scans by default.
//!
//! Run: `cargo bench --bench recall`.

use divan::{Bencher, black_box};
use wis::base::store::Store;
use wis::memory::search::{Tag, VectorSet, top_k};
use wis::memory::{
    Caps, EngramId, Filter, HashEmbedder, Kind, Memory, NewEngram, Provenance, Tier,
};

/// The tests' temporary store.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

const DIM: usize = 256;
const K: usize = 10;

fn main() {
    divan::main();
}

/// A small deterministic generator (splitmix64), so every run scans the same vectors.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    }

    fn unit(&mut self) -> Vec<f32> {
        let mut v: Vec<f32> = (0..DIM).map(|_| self.next()).collect();
        wis::memory::embed::normalize(&mut v);
        v
    }
}

fn random_set(n: usize) -> VectorSet {
    let mut rng = Rng(7);
    let mut set = VectorSet::with_capacity(DIM, n);
    for i in 0..n {
        let tag = Tag {
            kind: Kind::ALL[i % Kind::ALL.len()],
            tier: if i % 10 == 0 {
                Tier::Archive
            } else {
                Tier::Active
            },
            provenance: Provenance::Experienced,
        };
        set.push(EngramId(i as u64 + 1), tag, &rng.unit());
    }
    set
}

#[divan::bench(args = [10_000, 100_000, 1_000_000], sample_count = 20)]
fn exact_scan(bencher: Bencher, n: usize) {
    let set = random_set(n);
    let query = Rng(99).unit();
    let filter = Filter::active();
    bencher.bench_local(|| top_k(black_box(&set), black_box(&query), &filter, K));
}

const WORDS: [&str; 24] = [
    "pump",
    "valve",
    "pressure",
    "garden",
    "water",
    "restart",
    "drain",
    "cellar",
    "port",
    "controller",
    "backup",
    "night",
    "kettle",
    "kitchen",
    "log",
    "disk",
    "full",
    "clean",
    "quest",
    "skill",
    "note",
    "morning",
    "error",
    "fixed",
];

/// A temp store with `n` engrams remembered through the public API.
fn filled_store(n: usize) -> (tempfile::TempDir, Store, Memory) {
    let (dir, store) = store::temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(DIM))).with_caps(Caps {
        active: n as u64,
        total: n as u64,
    });
    let mut rng = Rng(3);
    for chunk in 0..n.div_ceil(10_000) {
        let mut tx = store.write().unwrap();
        for i in chunk * 10_000..((chunk + 1) * 10_000).min(n) {
            let body: Vec<&str> = (0..8)
                .map(|_| WORDS[((rng.next() + 1.0) * 12.0) as usize % WORDS.len()])
                .collect();
            let new = NewEngram::new(Kind::Episodic, body.join(" "), Provenance::Experienced);
            memory.remember(&mut tx, new, i as i64).unwrap();
        }
        tx.commit().unwrap();
    }
    (dir, store, memory)
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn recall_from_store(bencher: Bencher, n: usize) {
    let (_dir, store, memory) = filled_store(n);
    let rx = store.read().unwrap();
    let filter = Filter::active();
    bencher.bench_local(|| {
        memory
            .recall(
                &rx,
                black_box("the pump pressure dropped, restart it"),
                &filter,
                K,
            )
            .unwrap()
    });
}
