//! WIS7: with `recall_enabled` off, the tick's two calls read nothing, write nothing and add
//! nothing to the prompt; on, the same calls show the block and keep the index.

use crate::memory::LazyMemory;
use std::collections::BTreeMap;

use super::*;
use crate::base::store::{Layout, Read};
use crate::creature::heartbeat::Turn;
use crate::turn::documents::registry;
use crate::wisdom::recall::{Bet, Situation, prepare, record};

/// Every document in the store, raw, by schema and key.
fn dump(rx: &impl Read) -> BTreeMap<(String, String), Vec<u8>> {
    let mut out = BTreeMap::new();
    for ty in registry() {
        let rows: Vec<(String, Vec<u8>)> = match ty.layout {
            Layout::Ring { .. } => rx
                .ring_raw(ty.schema, None)
                .unwrap()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            _ => rx.keyed_all_raw(ty.schema).unwrap(),
        };
        for (k, v) in rows {
            out.insert((ty.schema.to_string(), k), v);
        }
    }
    out
}

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
fn with_the_flag_off_nothing_is_read_written_or_shown() {
    let (_dir, store) = story_with_guardrail();
    let before = dump(&store.read().unwrap());
    let mut tx = store.write().unwrap();
    let prepared = prepare(
        &mut tx,
        &config(false),
        &LazyMemory::new(&config(false).embed),
        PUMP,
        Turn::Work,
        true,
    )
    .unwrap();
    assert!(prepared.block.is_none() && prepared.injected.items.is_empty());
    push_in(&mut tx, episode(4, PUMP, &bash("ss -ltnp"), true));
    let bets = record(
        &mut tx,
        &config(false),
        &LazyMemory::new(&config(false).embed),
        4,
        &prepared.injected,
        9,
    )
    .unwrap();
    assert!(bets.is_empty());
    tx.commit().unwrap();
    let mut after = dump(&store.read().unwrap());
    let pushed = after
        .keys()
        .rfind(|(schema, _)| schema == "wis.episode.v1")
        .cloned()
        .unwrap();
    after.remove(&pushed);
    assert_eq!(before, after, "only the episode itself was written");
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
