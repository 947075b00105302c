//! Embedding throughput: the built-in hashed embedder against the local all-MiniLM-L6-v2, on
//! the 55 memories of the labelled retrieval set (typical memory length: 50–110 characters,
//! 10–30 tokens).
//!
//! `one` embeds one memory per call (what a tick or a `wis memory add` pays), `all` the 55 in
//! one call (what re-embedding pays, texts packed into shared passes). Before the benches run,
//! one line per embedder gives the ratio to the built-in embedder measured in this run, the
//! local model's load time and the resident memory its load added to the process.
//!
//! Run: `cargo bench --bench embed` (the local benches are skipped, with a line saying so,
//! when `scripts/fetch-embedder.sh` has not installed the model).

use std::sync::OnceLock;
use std::time::Instant;

use divan::{Bencher, black_box};
use wis::memory::embed::local::{LocalEmbedder, default_model_dir};
use wis::memory::{Embedder, HashEmbedder};

const PAIRS: &str = include_str!("../tests/fixtures/retrieval/pairs.jsonl");

fn main() {
    summary();
    divan::main();
}

/// The labelled set's memories.
fn memories() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        PAIRS
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("a labelled pair");
                v["memory"].as_str().expect("a memory").to_string()
            })
            .collect()
    })
}

/// Resident memory of this process, in bytes (Linux; 0 elsewhere).
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// The local model, loaded once; `None` when it is not installed.
fn local() -> Option<&'static LocalEmbedder> {
    static LOCAL: OnceLock<Option<LocalEmbedder>> = OnceLock::new();
    LOCAL
        .get_or_init(|| {
            let dir = default_model_dir().ok()?;
            LocalEmbedder::open(&dir, false).ok()
        })
        .as_ref()
}

/// CPU time this thread has used: unlike wall time, not lengthened by other processes
/// sharing the cores.
fn cpu_time() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0.0;
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 / 1e9
}

/// Texts per second of wall time and of CPU time, embedding every memory `rounds` times, one
/// call per memory or one call for all.
fn rate(e: &dyn Embedder, rounds: usize, batched: bool) -> (f64, f64) {
    let texts: Vec<&str> = memories().iter().map(String::as_str).collect();
    let (start, cpu) = (Instant::now(), cpu_time());
    for _ in 0..rounds {
        if batched {
            black_box(e.embed(&texts).expect("embeds"));
        } else {
            for t in &texts {
                black_box(e.embed(&[t]).expect("embeds"));
            }
        }
    }
    let n = (rounds * texts.len()) as f64;
    (n / start.elapsed().as_secs_f64(), n / (cpu_time() - cpu))
}

fn summary() {
    let hash = HashEmbedder::new(256);
    let (hash_one, hash_all) = (rate(&hash, 200, false), rate(&hash, 200, true));
    println!(
        "hash ngram-v2: {:.0} texts/s one at a time, {:.0} in one call ({:.0} and {:.0} a \
         second of CPU)",
        hash_one.0, hash_all.0, hash_one.1, hash_all.1
    );
    let before = resident();
    let (start, cpu) = (Instant::now(), cpu_time());
    let Some(local) = local() else {
        println!("local: skipped, the model is not installed (scripts/fetch-embedder.sh)");
        return;
    };
    let (load, load_cpu) = (start.elapsed().as_secs_f64(), cpu_time() - cpu);
    let added = resident().saturating_sub(before);
    let (one, all) = (rate(local, 3, false), rate(local, 3, true));
    println!(
        "local {}: {:.0} texts/s one at a time, {:.0} in one call ({:.0} and {:.0} a second of \
         CPU: {:.1} and {:.1} ms of CPU a text, {:.0}x and {:.0}x the built-in embedder's); \
         load {:.0} ms ({:.0} ms of CPU), resident memory +{:.0} MiB",
        local.model(),
        one.0,
        all.0,
        one.1,
        all.1,
        1000.0 / one.1,
        1000.0 / all.1,
        hash_one.1 / one.1,
        hash_all.1 / all.1,
        load * 1000.0,
        load_cpu * 1000.0,
        added as f64 / (1 << 20) as f64
    );
}

#[divan::bench(args = ["one", "all"])]
fn hash(bencher: Bencher, how: &str) {
    let e = HashEmbedder::new(256);
    embed_with(bencher, &e, how);
}

#[divan::bench(args = ["one", "all"], sample_count = 20)]
fn local_minilm(bencher: Bencher, how: &str) {
    let Some(e) = local() else {
        return;
    };
    embed_with(bencher, e, how);
}

fn embed_with(bencher: Bencher, e: &dyn Embedder, how: &str) {
    let texts: Vec<&str> = memories().iter().map(String::as_str).collect();
    if how == "one" {
        let mut i = 0;
        bencher.bench_local(|| {
            i = (i + 1) % texts.len();
            e.embed(black_box(&texts[i..=i])).expect("embeds")
        });
    } else {
        bencher.bench_local(|| e.embed(black_box(&texts)).expect("embeds"));
    }
}
