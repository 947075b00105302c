//! A sleep over 10k and 100k engrams (the active cap), without a dream call, against reading
//! the engram table once: near-linear means the ratio stays flat per tenfold (no all-pairs
//! comparison; consolidation blocks by signature).
//!
//! The creature is born in process; its engrams are remembered through `Memory::remember`
//! (one in ten a duplicate of another) and a third of them settled into success, a third
//! ignored. `sleep` runs every job of a sleep with curation on (`sleep_dry`: the same work in a
//! transaction that is dropped, so every sample sees the same store); `read_table` decodes
//! every engram once.
//!
//! `peak_memory` runs the same sleep under a counting global allocator ([`Counting`]) and
//! prints the most heap it held above what was live when it began, for each size and, once
//! both ran, their ratio (near-linear: about 10 per tenfold).
//!
//! Run: `cargo bench --bench sleep` (`-- peak_memory` for the memory alone).

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use divan::{Bencher, black_box};
use wis::base::config::Config;
use wis::base::store::{Read, Store};
use wis::memory::{
    Caps, Engram, EngramId, HashEmbedder, Kind, Memory, NewEngram, Provenance, Settlement,
};
use wis::turn::sleep::sleep_dry;

#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

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

/// The system allocator, counting the bytes live and the most live since [`Counting::reset`].
struct Counting {
    live: AtomicUsize,
    peak: AtomicUsize,
}

#[global_allocator]
static HEAP: Counting = Counting {
    live: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
};

// SAFETY: every call is forwarded to `System` unchanged; the counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            self.grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        self.live.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            self.live.fetch_sub(layout.size(), Ordering::Relaxed);
            self.grew(new_size);
        }
        p
    }
}

impl Counting {
    fn grew(&self, by: usize) {
        let live = self.live.fetch_add(by, Ordering::Relaxed) + by;
        self.peak.fetch_max(live, Ordering::Relaxed);
    }

    /// Starts a measurement: returns the bytes live now, from which the peak is counted.
    fn reset(&self) -> usize {
        let live = self.live.load(Ordering::Relaxed);
        self.peak.store(live, Ordering::Relaxed);
        live
    }

    /// The most bytes held above `base` since the reset that returned it.
    fn peak_above(&self, base: usize) -> usize {
        self.peak.load(Ordering::Relaxed).saturating_sub(base)
    }
}

/// Peak heap of a sleep, by engrams, as measured so far.
static PEAKS: Mutex<BTreeMap<usize, usize>> = Mutex::new(BTreeMap::new());

fn main() {
    divan::main();
}

/// A creature with `n` engrams of known utility, in a temporary home.
fn creature(n: usize) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let home = store::born(&dir.path().join("home"), 1);
    let store = store::open(&home.store_path());
    let memory = Memory::new(Box::new(HashEmbedder::new(256))).with_caps(Caps {
        active: n as u64 + 100,
        total: n as u64 + 100,
    });
    let mut seed = 3u64;
    let mut word = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        WORDS[(seed >> 33) as usize % WORDS.len()]
    };
    for chunk in 0..n.div_ceil(10_000) {
        let mut tx = store.write().unwrap();
        let mut last = String::new();
        for i in chunk * 10_000..((chunk + 1) * 10_000).min(n) {
            let body = if i % 10 == 9 {
                last.clone()
            } else {
                (0..12).map(|_| word()).collect::<Vec<_>>().join(" ")
            };
            let new = NewEngram::new(Kind::Fact, body.clone(), Provenance::Experienced);
            let id = memory.remember(&mut tx, new, 1).unwrap();
            match i % 3 {
                0 => wis::memory::settle(&mut tx, id, Settlement::FollowedIntoSuccess, 2),
                1 => wis::memory::settle(&mut tx, id, Settlement::Ignored, 2),
                _ => Ok(Default::default()),
            }
            .unwrap();
            last = body;
        }
        tx.commit().unwrap();
    }
    (dir, store)
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3)]
fn sleep(bencher: Bencher, n: usize) {
    let (_dir, store) = creature(n);
    let mut config = Config::default();
    config.wisdom.curation_enabled = true;
    bencher.bench_local(|| {
        let (_, receipt) = sleep_dry(&store, &config, 2).unwrap();
        black_box(receipt)
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3)]
fn read_table(bencher: Bencher, n: usize) {
    let (_dir, store) = creature(n);
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        let all = rx.all::<Engram>().unwrap();
        black_box(all.last().map(|(_, e)| e.id).unwrap_or(EngramId(0)))
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 1, sample_size = 1)]
fn peak_memory(bencher: Bencher, n: usize) {
    let (_dir, store) = creature(n);
    let mut config = Config::default();
    config.wisdom.curation_enabled = true;
    let mut peak = 0;
    bencher.bench_local(|| {
        let base = HEAP.reset();
        let (_, receipt) = sleep_dry(&store, &config, 2).unwrap();
        black_box(receipt);
        peak = peak.max(HEAP.peak_above(base));
    });
    let mut peaks = PEAKS.lock().unwrap();
    peaks.insert(n, peak);
    let mib = |b: usize| b as f64 / (1 << 20) as f64;
    eprintln!(
        "peak heap of a sleep over {n} engrams: {:.1} MiB",
        mib(peak)
    );
    if let (Some(small), Some(large)) = (peaks.get(&10_000), peaks.get(&100_000)) {
        eprintln!(
            "peak heap, 100k over 10k engrams: {:.2}x",
            *large as f64 / *small as f64
        );
    }
}
