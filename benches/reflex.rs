//! Reflex costs, each against one durable redb commit of one episode measured in the same run.
//!
//! `matching_12_armed` is what a tick with reflexes on pays before its prompt: the armed
//! reflex matching the situation found among 12 armed (and 200 proposed) in a store whose
//! ledger holds 100k episodes (matching never reads the ledger); `matching_12_armed_file_guard`
//! the same with the matching reflex guarded by a file that exists. `streaks_over` feeds N
//! episodes to the scan's streaks in memory (10k, 100k, 1M: the scan's work per episode, the
//! growth per tenfold should be the data's, 10x); `scan_since_cursor` is what a sleep pays: the
//! scan in a store of 10k or 100k episodes, reading the 1k pushed since its cursor
//! (incremental: flat as the ledger grows); `scan_first` the one-time read of the whole ring.
//!
//! Run: `cargo bench --bench reflex`.

use std::collections::BTreeMap;

use wis::base::config::{Organs, Wisdom};
use wis::base::store::Store;
use wis::creature::{Check, FailKind, Persona};
use wis::wisdom::episodes::Episode;
use wis::wisdom::reflex::fire::matching;
use wis::wisdom::reflex::scan::{observe, scan};
use wis::wisdom::reflex::{Provenance, Reflex, ReflexAction, ReflexState, Status, Trigger};
use wis::world::sandbox::Limits;

fn main() {
    divan::main();
}

/// The tests' temporary store.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

const SITUATIONS: u64 = 500;

/// Episode `i`: one of 500 situations, one of three actions, one in ten a failure.
fn episode(i: u64) -> Episode {
    let situation = format!("o{}|step {}", i % 7, i % SITUATIONS);
    let action = i / SITUATIONS % 3;
    Episode {
        tick: i + 1,
        at: i as i64,
        situation,
        tool: "bash".into(),
        signature: format!("bash ls {action}"),
        action: format!(r#"{{"tool":"bash","args":{{"command":"ls {action}"}}}}"#),
        fail_kind: if i % 10 == 9 {
            FailKind::NonzeroExit
        } else {
            FailKind::Ok
        },
        success: i % 10 != 9,
        automated: false,
        summary: String::new(),
        duration_ms: 1,
        advanced: Default::default(),
        step: None,
    }
}

fn reflex(n: u64, status: Status) -> Reflex {
    Reflex {
        id: format!("r{n}"),
        trigger: Trigger {
            situation_key: format!("o{}|step {}", n % 7, n % SITUATIONS),
            guard: None,
            world: None,
        },
        action: ReflexAction {
            tool: "bash".into(),
            args: r#"{"command":"ls"}"#.into(),
            signature: "bash ls".into(),
        },
        provenance: Provenance {
            episode_ids: (0..5).collect(),
            successes: 5,
            last_adjudicated: 0,
        },
        status,
        fired: 0,
        failed: 0,
        armed_by: None,
        armed_at: None,
        proposed_tick: 0,
        last_fired: None,
        demoted_tick: None,
        last_failure: None,
        inherited: None,
    }
}

/// A store holding `episodes` episodes, 12 armed reflexes and 200 proposed ones; the scan's
/// cursor `behind` episodes short of the end.
fn filled(episodes: u64, behind: u64) -> (tempfile::TempDir, Store) {
    store::filled_store(|tx| {
        for i in 0..episodes {
            tx.push(&episode(i))?;
        }
        for n in 1..=212 {
            let status = if n <= 12 {
                Status::Armed
            } else {
                Status::Proposed
            };
            tx.put(&format!("r{n}"), &reflex(n, status))?;
        }
        tx.set(&ReflexState {
            cursor: episodes - behind,
            next_id: 212,
            ..ReflexState::default()
        })
    })
}

#[divan::bench(sample_count = 100)]
fn matching_12_armed(bencher: divan::Bencher) {
    let (_dir, store) = filled(100_000, 0);
    let persona = Persona::newborn("X", 0);
    let (workspace, limits) = (tempfile::tempdir().unwrap(), limits());
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        matching(&rx, &persona, "o5|step 12", workspace.path(), &limits)
            .unwrap()
            .reflex
            .is_some()
    });
}

/// The same, the matching reflex guarded by the file its action reads (`file a.txt exists`,
/// the guard promotion writes for a `read_file`): one confined lookup more.
#[divan::bench(sample_count = 100)]
fn matching_12_armed_file_guard(bencher: divan::Bencher) {
    let (_dir, store) = filled(100_000, 0);
    {
        let mut tx = store.write().unwrap();
        let mut r = reflex(12, Status::Armed);
        r.trigger.world = Some(Check::FileExists {
            path: "a.txt".into(),
        });
        tx.put("r12", &r).unwrap();
        tx.commit().unwrap();
    }
    let persona = Persona::newborn("X", 0);
    let workspace = tempfile::tempdir().unwrap();
    std::fs::write(workspace.path().join("a.txt"), "a").unwrap();
    let limits = limits();
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        matching(&rx, &persona, "o5|step 12", workspace.path(), &limits)
            .unwrap()
            .reflex
            .is_some()
    });
}

fn limits() -> Limits {
    Limits::from_organs(&Organs::default())
}

#[divan::bench(args = [10_000, 100_000, 1_000_000], sample_count = 5)]
fn streaks_over(bencher: divan::Bencher, n: u64) {
    let episodes: Vec<Episode> = (0..n).map(episode).collect();
    bencher.bench_local(|| {
        let mut streaks = BTreeMap::new();
        let mut proposed = 0;
        for (i, e) in episodes.iter().enumerate() {
            proposed += usize::from(observe(&mut streaks, i as u64, e, 5).is_some());
        }
        proposed
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn scan_since_cursor(bencher: divan::Bencher, n: u64) {
    let (_dir, store) = filled(n, 1_000);
    bencher.bench_local(|| {
        let mut tx = store.write().unwrap();
        let report = scan(&mut tx, &Wisdom::default(), 1, 0, true).unwrap();
        drop(tx);
        report.read
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 5)]
fn scan_first(bencher: divan::Bencher, n: u64) {
    let (_dir, store) = filled(n, n);
    bencher.bench_local(|| {
        let mut tx = store.write().unwrap();
        let report = scan(&mut tx, &Wisdom::default(), 1, 0, true).unwrap();
        drop(tx);
        report.read
    });
}

#[divan::bench(sample_count = 30)]
fn one_durable_commit_of_one_episode(bencher: divan::Bencher) {
    let (_dir, store) = filled(100_000, 0);
    let mut n = 100_000;
    bencher.bench_local(|| {
        n += 1;
        let mut tx = store.write().unwrap();
        tx.push(&episode(n)).unwrap();
        tx.commit().unwrap();
    });
}
