//! Lineage costs (design §4.6), each against reading the same volume with serde_json alone.
//!
//! `read_serde_json` parses every line of a 10k-item volume as a `serde_json::Value` (the
//! floor: no checks, no types); `read_strict` is the reader an import uses (typed records,
//! unknown keys refused, content ids checked, the file hashed); `export_render` writes the
//! volume's text; `import` is the whole import into a newborn: read, plan (the merge, which
//! embeds every text), and one transaction writing 10k engrams and their vectors. `merge`
//! joins N volumes of 5k items (a quarter of each volume's items shared by every volume, so
//! the merge has duplicates to find) for N = 1, 5, 20: candidates come from LSH buckets, so the
//! time should grow as the items do (linearly in N), never as their pairs. The allocation
//! profiler's bytes are the memory each spends.
//!
//! Measured once on the shared 2-core build machine (median): `read_serde_json` 24 ms (4.9 KB
//! live at most), `read_strict` 40 ms (1.7x; 7.2 MB live: it holds the 10k records it
//! returns), `export_render` 10 ms, `import` 2.1-2.4 s (about 90x the serde_json read: it
//! embeds 10k texts and writes 10k engrams and vectors; 31 MB live at most). `merge_volumes`
//! 1: 0.33 s / 12 MB, 5: 2.8 s / 47 MB, 20: 7.6-16 s / 182 MB (the machine was shared):
//! memory linear in the items; time per item grows until the buckets fill to their peer cap,
//! then stays flat (all pairs of 100k items would be 5e9 comparisons; the cap allows 2.6e7).
//!
//! Run: `cargo bench --bench lineage` (quick: `-- --sample-count 3`).

use wis::memory::{HashEmbedder, Memory};
use wis::wisdom::lineage::export::render;
use wis::wisdom::lineage::format::*;
use wis::wisdom::lineage::import::{apply, plan};
use wis::wisdom::lineage::merge::merge;
use wis::wisdom::lineage::read::{Volume, read_bytes};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

/// The tests' temporary store and newborn.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

const WORDS: [&str; 16] = [
    "pump", "disk", "port", "backup", "notes", "restart", "service", "check", "log", "before",
    "after", "script", "quest", "skill", "space", "report",
];
const KINDS: [ItemKind; 4] = [
    ItemKind::Guardrail,
    ItemKind::Procedure,
    ItemKind::Fact,
    ItemKind::Scar,
];

/// Item `n`'s text: a dozen words drawn from `n`, and `n` itself.
fn text(n: u64) -> String {
    let mut words: Vec<&str> = (0..12)
        .map(|k| WORDS[((n.wrapping_mul(2654435761) >> (k * 3)) % 16) as usize])
        .collect();
    words.dedup();
    format!("item {n}: {}", words.join(" "))
}

fn record(n: u64) -> Record {
    let kind = KINDS[(n % 4) as usize];
    let text = text(n);
    Record {
        id: content_id(kind, &text),
        kind,
        text,
        evidence: Evidence {
            successes: n % 7,
            ..Evidence::default()
        },
        utility: (n % 7) as i64,
        replay_validated: n % 5 == 0,
        strength: 0.8,
        provenance: Chain {
            origin: "experienced".into(),
            episodes: vec![format!("episode:{n}")],
            volumes: Vec::new(),
        },
        reflex: None,
        signature: None,
        world: Vec::new(),
        lesson: None,
        group: None,
    }
}

fn header(volume: &str, records: u64) -> Header {
    Header {
        format: FORMAT.into(),
        version: VERSION,
        volume: volume.into(),
        creature: "Ada".into(),
        genome: GenomeSummary {
            seed: 1,
            temperament: [0.5; 4],
        },
        morph: "otter".into(),
        age: AgeSummary {
            ticks: 1,
            sleeps: 1,
            born_at: 0,
            exported_at: 0,
        },
        generation: 1,
        lineage: Vec::new(),
        ancestry: Vec::new(),
        stats: Stats {
            ticks: 1,
            successes: 1,
            sleeps: 1,
            units: Vec::new(),
            below_model_fraction: None,
            ticks_to_u2: None,
            ticks_to_first_quest: None,
            ticks_to_first_confirmed_commission: None,
            curve: Vec::new(),
            ticks_to_level_2: None,
            commissions: None,
        },
        records,
    }
}

/// Volume `v` of `n` items: every fourth item shared by all volumes, the rest its own.
fn volume_text(v: u64, n: u64) -> String {
    let records: Vec<Record> = (0..n)
        .map(|i| {
            record(if i % 4 == 0 {
                i
            } else {
                (v + 1) * 1_000_000 + i
            })
        })
        .collect();
    render(&header(&format!("Ada{v}-20260101"), n), &records)
}

fn volume(v: u64, n: u64) -> Volume {
    read_bytes("bench.jsonl", volume_text(v, n).as_bytes()).unwrap()
}

fn memory() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(256)))
}

#[divan::bench(sample_count = 5)]
fn read_serde_json(b: divan::Bencher) {
    let text = volume_text(0, 10_000);
    b.bench(|| {
        text.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|v| v.as_object().map_or(0, |o| o.len()))
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 5)]
fn read_strict(b: divan::Bencher) {
    let text = volume_text(0, 10_000);
    b.bench(|| {
        read_bytes("bench.jsonl", text.as_bytes())
            .unwrap()
            .records
            .len()
    });
}

#[divan::bench(sample_count = 5)]
fn export_render(b: divan::Bencher) {
    let v = volume(0, 10_000);
    b.bench(|| render(&v.header, &v.records).len());
}

#[divan::bench(sample_count = 3)]
fn import(b: divan::Bencher) {
    let text = volume_text(0, 10_000);
    let m = memory();
    b.with_inputs(|| {
        let dir = tempfile::tempdir().unwrap();
        let home = store::born(dir.path(), 0);
        (dir, store::open(&home.store_path()))
    })
    .bench_local_refs(|(_dir, s)| {
        let v = read_bytes("bench.jsonl", text.as_bytes()).unwrap();
        let mut tx = s.write().unwrap();
        let p = plan(&tx, vec![v], None, &m).unwrap();
        let done = apply(&mut tx, &p, &m, 0, 0).unwrap();
        tx.commit().unwrap();
        done.engrams
    });
}

#[divan::bench(args = [1, 5, 20], sample_count = 3)]
fn merge_volumes(b: divan::Bencher, n: u64) {
    let volumes: Vec<Volume> = (0..n).map(|v| volume(v, 5_000)).collect();
    let m = memory();
    b.bench(|| {
        let out = merge(&volumes, m.embedder()).unwrap();
        (out.items.len(), out.comparisons)
    });
}
