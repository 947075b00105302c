//! The cast's scheduling decision at 10, 100 and 1,000 participants, against one durable
//! commit of the cast's store measured in the same run.
//!
//! `pick` is the law alone (which ready participant acts next, with the schedule in memory);
//! `read_and_pick` is what a cast tick pays for the decision: a read transaction of the
//! cast's store, the schedule document decoded, and the law. `durable_commit` is the baseline:
//! one receipt pushed and committed (fsync) in a cast store.
//!
//! Run: `cargo bench --bench cast`. Ratios: read_and_pick / durable_commit per size, and the
//! growth per tenfold (100 / 10, 1,000 / 100).

use std::path::PathBuf;
use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::store::{Read, SINGLETON_KEY, Store};
use wis::turn::cast::record::{Ending, Receipt};
use wis::turn::cast::schedule::{Participant, Schedule, TurnKind, pick};
use wis::turn::cast::{Cast, CastFile};
use wis::world::scene::{Addressed, Arena};

fn main() {
    divan::main();
}

const NOW: i64 = 1_000_000;

/// `n` participants: a third ready, a third resting, some pending, a few spoken to.
fn schedule(n: usize) -> Schedule {
    let mut s: u64 = 0x5eed;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        s >> 33
    };
    let participants = (0..n)
        .map(|i| {
            let r = next();
            Participant {
                id: format!("member-{i:04}"),
                home: PathBuf::from(format!("/srv/cast/member-{i:04}")),
                arena: if r % 5 == 0 {
                    Arena::Offstage
                } else {
                    Arena::Scene
                },
                initiative_speed: [0.5, 0.75, 1.0, 1.25, 1.5][(r % 5) as usize],
                next_ready_at: NOW - 60_000 + (r % 120_000) as i64,
                last_completed_at: Some(NOW - 90_000),
                pending: (r % 7 == 0).then_some(wis::turn::cast::schedule::Pending {
                    pid: 1,
                    cast_tick: 1,
                    kind: TurnKind::Scene,
                    started_at: NOW - 1000,
                    expires_at: NOW + 600_000,
                }),
                reaction: (r % 31 == 0).then(|| wis::turn::cast::schedule::Reaction {
                    message: Addressed {
                        from: "member-0000".into(),
                        text: "where is the key?".into(),
                    },
                    opened_at: NOW - 5000,
                    until: NOW + 600_000,
                }),
                place: (r % 3 == 0).then(|| "the door".into()),
                organ: None,
            }
        })
        .collect();
    Schedule {
        participants,
        cast_ticks: 1,
    }
}

/// A cast's store (made as `wis cast init` makes one) holding `s`.
fn cast_store(s: &Schedule) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let cast = Cast::new(dir.path().join("cast"));
    let clock = Clock::pinned(0);
    cast.create(&CastFile::default(), &clock).unwrap();
    let store = cast.open(Duration::from_secs(5), "bench", &clock).unwrap();
    let mut tx = store.write().unwrap();
    tx.set(s).unwrap();
    tx.commit().unwrap();
    (dir, store)
}

#[divan::bench(args = [10, 100, 1_000], sample_count = 50)]
fn pick_alone(bencher: divan::Bencher, n: usize) {
    let s = schedule(n);
    bencher.bench_local(|| pick(divan::black_box(&s.participants), NOW));
}

#[divan::bench(args = [10, 100, 1_000], sample_count = 50)]
fn read_and_pick(bencher: divan::Bencher, n: usize) {
    let (_dir, store) = cast_store(&schedule(n));
    bencher.bench_local(|| {
        let rx = store.read().unwrap();
        let s: Schedule = rx.get(SINGLETON_KEY).unwrap().unwrap();
        pick(&s.participants, NOW).map(|(i, _)| i)
    });
}

#[divan::bench(sample_count = 50)]
fn durable_commit(bencher: divan::Bencher) {
    let (_dir, store) = cast_store(&schedule(10));
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        let mut tx = store.write().unwrap();
        tx.push(&Receipt {
            cast_tick: n,
            id: "member-0001".into(),
            why: "ready the longest".into(),
            arena: Arena::Scene,
            kind: TurnKind::Scene,
            turn: Some("work".into()),
            lane: None,
            tick: Some(n),
            ending: Ending::Completed,
            detail: "tick 1 work: reply `hi` -> ok 0.0s".into(),
            started_at: NOW,
            completed_at: NOW,
            cooldown_until: NOW + 60_000,
            exit: None,
            act: None,
        })
        .unwrap();
        tx.commit().unwrap();
    });
}
