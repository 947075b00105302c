//! wis's own overhead per tick, against one durable redb commit of one episode measured in the
//! same run. The mind answers at once (in process), and the action is `check_tools`, so what
//! is measured is wis: opening the store twice, reading the snapshot, building the prompt and
//! schema, the lease commit, adjudication and the final commit.
//!
//! Run: `cargo bench --bench tick`. Ratios: tick / commit for 1k, 10k and 100k episodes, and
//! tick / `store_open_and_close`: a tick opens and closes the store twice (it is closed while
//! the model thinks), and those are most of what it costs (design.md §3). A benchmark, without
//! a goal: what a tick asks of the disk is counted, and held to its floor, in
//! `tests/suite/cli/syncs.rs`.
//!
//! `tick_overhead_with_recall` is the same tick with `[wisdom] recall_enabled` on: the
//! situation index is read, the "Before you act" block rendered (a verified case for the
//! step, from the 100k-episode ledger), the new episode indexed and the bets settled.
//! `recall_block_alone` is recall's part by itself (read-only, as `wis memory recall`);
//! `recall_catch_up` is the one-time read of the whole ring when recall is first switched
//! on (computed, not written).

use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::config::Config;
use wis::base::home::Home;
use wis::base::store::Store;
use wis::creature::FailKind;
use wis::memory::Memory;
use wis::turn::tick::{TickOptions, tick};
use wis::wisdom::episodes::Episode;
use wis::wisdom::recall;

fn main() {
    divan::main();
}

/// The tests' mind, answering at once: a plan when asked to think, `check_tools` otherwise.
#[path = "../tests/support/mind.rs"]
#[allow(dead_code)]
mod mind;
/// The tests' way of opening a store and of bearing a creature.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

fn instant() -> mind::Policy {
    mind::policy(|_, tools| {
        if tools.is_some() {
            r#"{"tool": "check_tools", "args": {}}"#.into()
        } else {
            r#"{"thought": "go on", "plan": ["keep going"]}"#.into()
        }
    })
}

fn episode(tick: u64) -> Episode {
    Episode {
        tick,
        at: 0,
        situation: "-|keep going".into(),
        tool: "bash".into(),
        signature: "bash ls -la".into(),
        action: r#"{"tool":"bash","args":{"command":"ls -la"}}"#.into(),
        fail_kind: FailKind::Ok,
        success: true,
        automated: false,
        summary: "bash `ls -la` -> ok: a.txt b.txt".into(),
        duration_ms: 3,
        advanced: Default::default(),
        step: None,
    }
}

/// A creature whose ledger already holds `episodes` episodes.
fn creature(episodes: u64) -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = store::born(&dir.path().join("home"), 0);
    let store = open(&home);
    let mut tx = store.write().unwrap();
    let mut persona: wis::creature::Persona = wis::base::store::Read::singleton(&tx).unwrap();
    for t in 1..=episodes {
        tx.push(&episode(t)).unwrap();
    }
    persona.ticks = episodes;
    tx.set(&persona).unwrap();
    tx.commit().unwrap();
    (dir, home)
}

fn open(home: &Home) -> Store {
    store::open(&home.store_path())
}

#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn tick_overhead(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    ticks(bencher, &home, &Config::default());
}

/// Measures ticks of `home` under `config`.
fn ticks(bencher: divan::Bencher, home: &Home, config: &Config) {
    let opts = TickOptions {
        wait: Duration::from_secs(5),
        dry_run: false,
        ..Default::default()
    };
    let clock = Clock::pinned(0);
    let answer = instant();
    bencher.bench_local(|| tick(home, config, &clock, &opts, &mut || mind::open(&answer)).unwrap());
}

#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn tick_overhead_with_recall(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    let config = indexed(&home);
    ticks(bencher, &home, &config);
}

/// Turns recall on and brings the situation index up to the ledger (the one-time catch-up,
/// kept out of the samples); returns the configuration with recall on.
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

/// Recall's own part of a tick, alone: the index in step, the block for the step.
#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn recall_block_alone(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    let config = indexed(&home);
    let store = open(&home);
    bencher.bench_local(|| {
        let memory = wis::memory::Memory::from_config(&config.embed).unwrap();
        let view = recall::view(&store.read().unwrap(), &config, &memory, "-|keep going").unwrap();
        assert!(view.block.is_some());
        view
    });
}

#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 10)]
fn recall_catch_up(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    let memory = Memory::from_config(&Config::default().embed).unwrap();
    let store = open(&home);
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        recall::ledger::sync(&rx, &memory).unwrap().read
    });
}

/// What each of a tick's two phases costs before wis does anything: the store opened and
/// closed. redb marks the file open when it opens (a synced header) and, when it closes,
/// records the file's free space in a durable commit and marks the file closed.
#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn store_open_and_close(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    bencher.bench_local(|| open(&home).close().unwrap());
}

#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn one_durable_commit_of_one_episode(bencher: divan::Bencher, episodes: u64) {
    let (_dir, home) = creature(episodes);
    let store = open(&home);
    let mut n = episodes;
    bencher.bench_local(|| {
        n += 1;
        let mut tx = store.write().unwrap();
        tx.push(&episode(n)).unwrap();
        tx.commit().unwrap();
    });
}

/// Judging the keeper's open checks after an action (design §3.6): `[keeper] max_open` (8)
/// commissions on the desk, each with a file check that does not hold yet (half `exists`, half
/// `contains`), and a plan step, judged after a `write_file` as a tick's last phase does,
/// inside a write transaction that is then dropped (the commit is the tick's own, measured
/// above). The transaction is begun and the step found (the plan phase's work) before the
/// timing, and the transaction dropped after it, as the tick's own is. Ratio: against
/// `one_durable_commit_of_one_episode`.
#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 30)]
fn judging_open_checks(bencher: divan::Bencher, episodes: u64) {
    use wis::creature::commissions::{self, Commission};
    use wis::creature::{Action, Check, Outcome};
    use wis::turn::steps::{self, Scene};
    let (_dir, home) = creature(episodes);
    let store = open(&home);
    let mut tx = store.write().unwrap();
    for i in 0..8 {
        let check = if i % 2 == 0 {
            Check::FileExists {
                path: format!("out{i}.txt"),
            }
        } else {
            Check::FileContains {
                path: "hello.txt".into(),
                text: format!("word {i}"),
            }
        };
        let c = Commission::new(&format!("job {i}"), Some(check), None, episodes, 0);
        commissions::give(&mut tx, &c).unwrap();
    }
    tx.commit().unwrap();
    std::fs::write(home.workspace().join("hello.txt"), "hello").unwrap();
    let pool = wis::world::prompt::examples_for(&wis::creature::Unlocks::newborn(0));
    let action = Action::new(
        "write_file",
        serde_json::json!({"path": "hello.txt", "content": "hello"}),
    );
    let outcome = Outcome::ok("wrote 5 bytes to hello.txt");
    let workspace = home.workspace();
    // The tick's transaction is open already when it judges, and its step was found when the
    // turn was planned: both before the timing, and the transaction dropped after it.
    bencher
        .with_inputs(|| {
            let tx = store.write().unwrap();
            let step = steps::current(&tx).unwrap();
            (tx, step)
        })
        .bench_local_values(|(mut tx, step)| {
            let scene = Scene {
                workspace: &workspace,
                tick: episodes + 1,
                now: 0,
                situation: "-|job #",
                pool: &pool,
                errands: false,
            };
            let closing =
                steps::after_action(&mut tx, scene, step.as_ref(), &action, &outcome, None)
                    .unwrap();
            assert!(!closing.closed.commission);
            tx
        });
}

/// Drawing a commission suite (`wis suite generate`, 40 errands and their house, in memory) and
/// reading an errand's looks from its words (what `wis commission add` does with errands on):
/// the suite's own cost, which no tick pays, and the words' reading, which a commission pays
/// once. Ratio: against `one_durable_commit_of_one_episode`.
#[divan::bench(sample_count = 30)]
fn suite_generate_forty_errands() -> wis::wisdom::suite::Suite {
    wis::wisdom::suite::generate(7, wis::wisdom::suite::Half::Test, 40).unwrap()
}

#[divan::bench(sample_count = 30)]
fn errand_stages_from_words(bencher: divan::Bencher) {
    let suite = wis::wisdom::suite::generate(7, wis::wisdom::suite::Half::Test, 40).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (path, content) in &suite.files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    let errands: Vec<(String, wis::creature::Check)> = suite
        .errands
        .iter()
        .map(|e| {
            (
                e.text.clone(),
                wis::creature::Check::parse(&e.check).unwrap(),
            )
        })
        .collect();
    bencher.bench_local(|| {
        errands
            .iter()
            .map(|(text, check)| {
                wis::turn::steps::errand::stages(text, Some(check), dir.path()).len()
            })
            .sum::<usize>()
    });
}
