//! Counterfactual replay's own cost, apart from its model calls.
//!
//! Run: `cargo bench --bench replay`.
//!
//! `find_material` is the one pass that finds the replayable set (failures a later, different
//! action fixed in the same situation) over 10k, 100k and 1M episodes in memory: its growth
//! per tenfold is the scaling. `find_material_from_store` is the same pass as a replay runs it,
//! reading and decoding the episode ring first (10k and 100k: the ring keeps at most 100k).
//! `rebuild_one_context` rebuilds one drawn episode's prompt at 100k episodes with recall on
//! (the stream tail, today's "Before you act" block, the tick's prompt builder);
//! `plan_batch_of_four` is a replay's whole read phase at 100k: material, draw and four
//! rebuilt prompts.

use wis::base::config::Config;
use wis::base::home::Home;
use wis::base::store::{Read, Store};
use wis::creature::expectations::Expectation;
use wis::creature::stream::{StreamLine, Voice};
use wis::creature::{FailKind, Morph, Persona, Unlocks};
use wis::memory::{LazyMemory, Memory};
use wis::wisdom::episodes::Episode;
use wis::wisdom::recall;
use wis::wisdom::replay::{self, Today, context, material};

fn main() {
    divan::main();
}

/// The tests' way of opening a store and of bearing a creature.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

/// Episode `t` of a life of 997 situations where one try in four fails and the next one
/// there works with another action.
fn episode(t: u64) -> Episode {
    let success = t % 4 != 0;
    let situation = format!("o{}|step {}", t % 997, t % 997);
    let (signature, action) = if success {
        (
            "bash ls -la",
            r#"{"tool":"bash","args":{"command":"ls -la"}}"#,
        )
    } else {
        (
            "bash cat x",
            r#"{"tool":"bash","args":{"command":"cat x"}}"#,
        )
    };
    Episode {
        tick: t,
        at: t as i64 * 60_000,
        situation,
        tool: "bash".into(),
        signature: signature.into(),
        action: action.into(),
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NonzeroExit
        },
        success,
        automated: false,
        summary: "bash -> ok".into(),
        duration_ms: 3,
        advanced: Default::default(),
        step: None,
    }
}

#[divan::bench(args = [10_000, 100_000, 1_000_000], sample_count = 10)]
fn find_material(bencher: divan::Bencher, episodes: u64) {
    let all: Vec<(u64, Episode)> = (1..=episodes).map(|t| (t, episode(t))).collect();
    bencher
        .with_inputs(|| all.clone())
        .bench_local_values(|eps| material::find(eps, []).material.len());
}

/// A creature whose ledger holds `episodes` episodes and whose stream a line for each of the
/// last 2000 ticks.
fn creature(episodes: u64) -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = store::born(&dir.path().join("home"), 0);
    let store = open(&home);
    let mut tx = store.write().unwrap();
    let mut persona: Persona = tx.singleton().unwrap();
    for t in 1..=episodes {
        tx.push(&episode(t)).unwrap();
    }
    for t in episodes.saturating_sub(1999)..=episodes {
        tx.push(&StreamLine::new(
            t,
            0,
            Voice::Act,
            "bash ls -la -> ok: a.txt b.txt",
        ))
        .unwrap();
    }
    persona.ticks = episodes;
    tx.set(&persona).unwrap();
    tx.commit().unwrap();
    (dir, home)
}

fn open(home: &Home) -> Store {
    store::open(&home.store_path())
}

/// The expectation ledger, as the replay reads it.
fn predictions(rx: &impl Read) -> Vec<Expectation> {
    rx.ring::<Expectation>(None)
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect()
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn find_material_from_store(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    let store = open(&home);
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        material::find(rx.ring::<Episode>(None).unwrap(), predictions(&rx))
            .material
            .len()
    });
}

/// Recall on, the situation index in step with the ledger.
fn indexed(home: &Home) -> Config {
    let mut config = Config::default();
    config.wisdom.recall_enabled = true;
    let memory = Memory::from_config(&config.embed).unwrap();
    let store = open(home);
    let mut tx = store.write().unwrap();
    recall::ledger::sync(&tx, &memory)
        .unwrap()
        .write(&mut tx)
        .unwrap();
    tx.commit().unwrap();
    config
}

/// Runs `f` with today's body of a newborn.
fn with_today<R>(f: impl FnOnce(&Today<'_>) -> R) -> R {
    let persona = Persona::newborn("Bench", 0);
    let unlocks = Unlocks::newborn(0);
    let visible = wis::world::units::visible_tools(&unlocks, &[]);
    f(&Today {
        persona: &persona,
        morph: Morph::Otter,
        unlocks: &unlocks,
        visible: &visible,
        objectives: &[],
        quest: None,
        skills: &[],
    })
}

#[divan::bench(sample_count = 30)]
fn rebuild_one_context(bencher: divan::Bencher) {
    let (_dir, home) = creature(100_000);
    let config = indexed(&home);
    let store = open(&home);
    let rx = store.read().unwrap();
    let found = material::find(rx.ring::<Episode>(None).unwrap(), predictions(&rx));
    let newest = found.material.last().unwrap().clone();
    let stream = context::Stream::read(&rx).unwrap();
    with_today(|today| {
        bencher.bench_local(|| {
            let memory = LazyMemory::new(&config.embed);
            let rebuilt = context::rebuild(&rx, &config, &memory, today, &stream, &newest)
                .unwrap()
                .unwrap();
            assert!(rebuilt.prompt.volatile.contains("## Before you act"));
            rebuilt
        })
    });
}

#[divan::bench(sample_count = 10)]
fn plan_batch_of_four(bencher: divan::Bencher) {
    let (_dir, home) = creature(100_000);
    let config = indexed(&home);
    let store = open(&home);
    with_today(|today| {
        bencher.bench_local(|| {
            let memory = LazyMemory::new(&config.embed);
            let rx = store.read().unwrap();
            replay::plan(&rx, &config, &memory, today, 4, 7).unwrap()
        })
    });
}
