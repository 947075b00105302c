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

/// Texts per second embedding every memory `rounds` times, one call per memory or one call
/// for all.
fn rate(e: &dyn Embedder, rounds: usize, batched: bool) -> f64 {
    let texts: Vec<&str> = memories().iter().map(String::as_str).collect();
    let start = Instant::now();
    for _ in 0..rounds {
        if batched {
            black_box(e.embed(&texts).expect("embeds"));
        } else {
            for t in &texts {
                black_box(e.embed(&[t]).expect("embeds"));
            }
        }
    }
    (rounds * texts.len()) as f64 / start.elapsed().as_secs_f64()
}

fn summary() {
    let hash = HashEmbedder::new(256);
    let (hash_one, hash_all) = (rate(&hash, 200, false), rate(&hash, 200, true));
    println!("hash ngram-v2: {hash_one:.0} texts/s one at a time, {hash_all:.0} in one call");
    let before = resident();
    let start = Instant::now();
    let Some(local) = local() else {
        println!("local: skipped, the model is not installed (scripts/fetch-embedder.sh)");
        return;
    };
    let load = start.elapsed();
    let added = resident().saturating_sub(before);
    let (one, all) = (rate(local, 3, false), rate(local, 3, true));
    println!(
        "local {}: {one:.0} texts/s one at a time ({:.2} ms a text, {:.0}x slower than hash), \
         {all:.0} in one call ({:.0}x slower); load {:.0} ms, resident memory +{:.0} MiB",
        local.model(),
        1000.0 / one,
        hash_one / one,
        hash_all / all,
        load.as_secs_f64() * 1000.0,
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
