//! Throughput of the CultCache reader: `project` (the JSON projection, vectors stripped and
//! kept) and `verify` over a synthetic snapshot of 100 MB (`WIS_BENCH_MB` changes the size).
//!
//! `cargo bench --bench cultcache_throughput`; divan reports the time per pass and the bytes
//! per second.

#[path = "cultcache_fixture/mod.rs"]
mod fixture;

use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use wis::base::cultcache::{CultFile, project, verify};

static FIXTURE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mb = std::env::var("WIS_BENCH_MB")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(100usize);
    fixture::snapshot(mb << 20)
});

fn main() {
    divan::main();
}

fn project_all(bytes: &[u8], keep_vectors: bool) -> usize {
    let mut out = std::io::BufWriter::new(std::io::sink());
    let mut file = CultFile::open(bytes).expect("the fixture reads");
    project::for_each(
        &mut file,
        keep_vectors,
        |p| -> Result<(), wis::base::exit::Error> {
            serde_json::to_writer(&mut out, p).expect("a projection serializes");
            Ok(())
        },
    )
    .expect("the fixture projects")
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn project_stripped(bencher: Bencher) {
    let bytes = &*FIXTURE;
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench(|| project_all(bytes, false));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn project_keep_vectors(bencher: Bencher) {
    let bytes = &*FIXTURE;
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench(|| project_all(bytes, true));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn verify_all(bencher: Bencher) {
    let bytes = &*FIXTURE;
    bencher.counter(BytesCount::new(bytes.len())).bench(|| {
        verify(bytes, wis::turn::documents::registry())
            .expect("the fixture verifies")
            .records
    });
}
