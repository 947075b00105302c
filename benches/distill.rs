//! Distillation's cost over 1,000 new episodes at the end of a 10k and a 100k ledger, against
//! reading those 1,000 episodes once: the job reads from its cursor, so the ratio should stay
//! flat per tenfold of ledger (linear in what is new, not in what was lived before).
//!
//! The ledger is a life of 997 situations where one try in 80 fails and the next, another
//! action, closes the step (a scar, a guardrail and a fact each time), and the rest ran and
//! advanced nothing; the distillation state's cursor
//! stands at the first new episode, as after the last sleep. Each sample runs in a write
//! transaction that is dropped, so every sample sees the same store.
//!
//! Run: `cargo bench --bench distill`.

use wis::base::store::{Read, Store};
use wis::creature::FailKind;
use wis::creature::turns::Advanced;
use wis::memory::{HashEmbedder, Memory};
use wis::wisdom::distill::{DistillState, distill};
use wis::wisdom::episodes::Episode;

#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

/// What is new since the last sleep.
const NEW: u64 = 1_000;

fn main() {
    divan::main();
}

fn episode(t: u64) -> Episode {
    let step = format!("step {}", t % 997);
    // One try in 80 fails and the next, another action, closes the step; the rest ran and
    // advanced nothing (most of a life), so one sleep's item budget holds 1,000 new episodes.
    let (success, tool, command) = match t % 80 {
        0 => (false, "bash", format!("cat missing{}.txt", t % 13)),
        1 => (true, "bash", format!("touch made{}.txt", t % 17)),
        _ => (true, "read_file", format!("notes{}.txt", t % 19)),
    };
    let advanced = t % 80 == 1;
    let action = if tool == "bash" {
        format!(r#"{{"tool":"bash","args":{{"command":"{command}"}}}}"#)
    } else {
        format!(r#"{{"tool":"read_file","args":{{"path":"{command}"}}}}"#)
    };
    Episode {
        tick: t,
        at: t as i64 * 60_000,
        situation: format!("o{}|{step}", t % 997),
        tool: tool.into(),
        signature: format!("{tool} {command}"),
        action,
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NotFound
        },
        success,
        automated: false,
        summary: format!("{tool} {command} -> ok: the pump listens on {}", t % 101),
        duration_ms: 3,
        advanced: Advanced {
            step_closed: advanced,
            first_success: advanced,
            ..Advanced::default()
        },
        step: Some(step),
    }
}

/// A store of `ledger` episodes whose distillation cursor stands at the last [`NEW`].
fn ledger(ledger: u64) -> (tempfile::TempDir, Store) {
    store::filled_store(|tx| {
        for t in 0..ledger {
            tx.push(&episode(t))?;
        }
        tx.set(&DistillState {
            cursor: ledger - NEW,
            ..DistillState::default()
        })?;
        Ok(())
    })
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn distill_new(bencher: divan::Bencher, episodes: u64) {
    let (_dir, store) = ledger(episodes);
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    bencher.bench_local(|| {
        let mut tx = store.write().unwrap();
        let made = distill(&mut tx, &memory, 0, &Default::default()).unwrap();
        assert_eq!(made.episodes, NEW);
        made.memories.len()
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn read_new(bencher: divan::Bencher, episodes: u64) {
    let (_dir, store) = ledger(episodes);
    bencher.bench_local(|| {
        let tx = store.write().unwrap();
        tx.ring_from::<Episode>(episodes - NEW).unwrap().len()
    });
}
