//! Confidence: settlements move it (a positive one up, a negative one down, being ignored
//! not at all) within 0..=1; an engram written before it was kept reads as the start; recall
//! puts the more confident of two equal memories first.

use super::engram::{CONFIDENCE_GAIN, CONFIDENCE_LOSS, CONFIDENCE_START};
use super::*;
use crate::base::store::testing::temp_store;
use crate::base::store::{DocType, encode};

fn near(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-5
}

#[test]
fn settlements_move_confidence_and_being_ignored_leaves_it() {
    let (_dir, store) = temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(64)));
    let mut tx = store.write().unwrap();
    let new = NewEngram::new(Kind::Lore, "the river floods in spring", Provenance::Told);
    let id = memory.remember(&mut tx, new, 1).unwrap();
    let confidence = |tx: &crate::base::store::Tx<'_>| get(tx, id).unwrap().unwrap().confidence;
    assert_eq!(confidence(&tx), CONFIDENCE_START);
    let steps = [
        (Settlement::FollowedIntoSuccess, CONFIDENCE_GAIN),
        (Settlement::Ignored, 0.0),
        (Settlement::TaughtInReplay, CONFIDENCE_GAIN),
        (Settlement::IntoFailure, -CONFIDENCE_LOSS),
        (Settlement::FailedToTeach, -CONFIDENCE_LOSS),
    ];
    let mut want = CONFIDENCE_START;
    for (s, step) in steps {
        settle(&mut tx, id, s, 2).unwrap();
        want += step;
        assert!(near(confidence(&tx), want), "{s:?}: {}", confidence(&tx));
    }
    let e = get(&tx, id).unwrap().unwrap();
    assert_eq!(
        e.strength,
        Provenance::Told.initial_strength(),
        "strength is apart"
    );
    for _ in 0..20 {
        settle(&mut tx, id, Settlement::FollowedIntoSuccess, 3).unwrap();
    }
    assert_eq!(confidence(&tx), 1.0);
    for _ in 0..20 {
        settle(&mut tx, id, Settlement::IntoFailure, 4).unwrap();
    }
    assert_eq!(confidence(&tx), 0.0);
}

/// An old store loads unchanged: an engram written without `confidence` reads with the
/// migration default, and everything else as it was written.
#[test]
fn an_engram_written_before_confidence_reads_as_the_start() {
    let (_dir, store) = temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(64)));
    let mut tx = store.write().unwrap();
    let new = NewEngram::new(
        Kind::Fact,
        "the kettle is in the cupboard",
        Provenance::Told,
    );
    let id = memory.remember(&mut tx, new, 1).unwrap();
    settle(&mut tx, id, Settlement::IntoFailure, 2).unwrap();
    let written = get(&tx, id).unwrap().unwrap();
    let mut old = serde_json::to_value(&written).unwrap();
    assert!(old.as_object_mut().unwrap().remove("confidence").is_some());
    tx.put_raw(&DocType::of::<Engram>(), &id.key(), &encode(&old).unwrap())
        .unwrap();
    let read = get(&tx, id).unwrap().unwrap();
    assert_eq!(read.confidence, CONFIDENCE_START);
    assert_eq!(
        Engram {
            confidence: written.confidence,
            ..read
        },
        written
    );
    assert!(tx.damage().is_empty());
}

#[test]
fn recall_puts_the_more_confident_of_two_equal_memories_first() {
    let (_dir, store) = temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    let mut tx = store.write().unwrap();
    let body = "the spare key hangs behind the blue door";
    let told = || NewEngram::new(Kind::Fact, body, Provenance::Told);
    let first = memory.remember(&mut tx, told(), 1).unwrap();
    let second = memory.remember(&mut tx, told(), 2).unwrap();
    let order = |tx: &crate::base::store::Tx<'_>| -> Vec<EngramId> {
        let hits = memory
            .recall(tx, "where is the spare key", &Filter::active(), 2)
            .unwrap()
            .hits;
        assert_eq!(hits[0].sim, hits[1].sim, "equal memories");
        hits.iter().map(|h| h.id).collect()
    };
    assert_eq!(
        order(&tx),
        [first, second],
        "equal confidence: the lower id"
    );
    settle(&mut tx, second, Settlement::FollowedIntoSuccess, 3).unwrap();
    assert_eq!(order(&tx), [second, first]);
    settle(&mut tx, first, Settlement::TaughtInReplay, 4).unwrap();
    settle(&mut tx, first, Settlement::TaughtInReplay, 4).unwrap();
    assert_eq!(order(&tx), [first, second]);
}
