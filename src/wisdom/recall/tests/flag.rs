//! With `recall_enabled` on, the tick's two calls show the block and keep the index, and only a
//! work turn gets a block. (Off, they read, write and show nothing: WIS7, in the integration
//! suite, `tests/suite/recall_flag_off.rs`, which compares every registered document.)

use crate::memory::LazyMemory;

use super::*;
use crate::base::store::Read;
use crate::creature::heartbeat::Turn;
use crate::wisdom::recall::{Bet, Situation, prepare, record};

fn story_with_guardrail() -> (tempfile::TempDir, Store) {
    let (dir, store) = temp_store();
    pump_story(&store);
    strategy(
        &store,
        "Find the pump port by listing sockets.",
        Provenance::Told,
        "operator",
    );
    (dir, store)
}

#[test]
fn with_the_flag_on_the_block_shows_and_the_index_and_bets_are_kept() {
    let (_dir, store) = story_with_guardrail();
    let mut tx = store.write().unwrap();
    let prepared = prepare(
        &mut tx,
        &config(true),
        &LazyMemory::new(&config(true).embed),
        PUMP,
        Turn::Work,
        true,
    )
    .unwrap();
    let block = prepared.block.clone().unwrap();
    assert!(
        block.contains(r#"{"tool":"bash","args":{"command":"ss -ltnp"}}"#),
        "{block}"
    );
    assert!(!block.contains("cat pump.conf"), "{block}");
    assert_eq!(prepared.injected.items.len(), 2, "{block}");
    push_in(&mut tx, episode(4, PUMP, &bash("ss -ltnp"), true));
    let bets = record(
        &mut tx,
        &config(true),
        &LazyMemory::new(&config(true).embed),
        4,
        &prepared.injected,
        &crate::wisdom::recall::Closure::default(),
        9,
    )
    .unwrap();
    tx.commit().unwrap();
    assert_eq!(bets.len(), 2);
    let rx = store.read().unwrap();
    assert_eq!(rx.count::<Bet>().unwrap(), 2);
    let s: Situation = rx.get(PUMP).unwrap().unwrap();
    let track = s.track("bash ss -ltnp").unwrap();
    assert_eq!(track.successes, 2, "the new episode was indexed");
    assert_eq!(track.bets.followed_into_success, 1);
}

#[test]
fn only_work_turns_get_a_block() {
    let (_dir, store) = story_with_guardrail();
    let mut tx = store.write().unwrap();
    for turn in [Turn::Rumination, Turn::Sleep] {
        let prepared = prepare(
            &mut tx,
            &config(true),
            &LazyMemory::new(&config(true).embed),
            PUMP,
            turn,
            true,
        )
        .unwrap();
        assert!(prepared.block.is_none());
    }
}

fn push_in(tx: &mut crate::base::store::Tx<'_>, ep: Episode) {
    tx.push(&ep).unwrap();
}

/// An inherited guardrail the tick's own outcomes go against twice is demoted at the second, in
/// the tick's last phase, when curation is on; with curation off it is only settled.
#[test]
fn an_inherited_guardrail_that_fails_twice_here_is_demoted_by_the_tick() {
    for curation in [true, false] {
        let (_dir, store) = temp_store();
        let id = strategy(
            &store,
            "List the sockets to find a port.",
            Provenance::Inherited,
            "signature:bash ss -ltnp",
        );
        let mut config = config(true);
        config.wisdom.curation_enabled = curation;
        let shown = crate::wisdom::recall::Shown {
            item: crate::wisdom::recall::Item::Guardrail { engram: id },
            recommends: Some("bash ss -ltnp".into()),
            sim: 0.9,
            provenance: Provenance::Inherited,
            words: Vec::new(),
        };
        let injected = crate::wisdom::recall::Injected { items: vec![shown] };
        for tick in [4, 5] {
            let mut tx = store.write().unwrap();
            tx.push(&episode(tick, PUMP, &bash("ss -ltnp"), false))
                .unwrap();
            let lazy = LazyMemory::new(&config.embed);
            record(
                &mut tx,
                &config,
                &lazy,
                tick,
                &injected,
                &Default::default(),
                9,
            )
            .unwrap();
            tx.commit().unwrap();
            let e = crate::memory::get(&store.read().unwrap(), id)
                .unwrap()
                .unwrap();
            let archived = e.tier == crate::memory::Tier::Archive;
            assert_eq!(
                archived,
                curation && tick == 5,
                "tick {tick}, curation {curation}"
            );
            if archived {
                assert_eq!(
                    e.fate.archived.unwrap().line(),
                    "demoted: it failed here 2 times before it was verified, the last at tick 5"
                );
            }
        }
    }
}
