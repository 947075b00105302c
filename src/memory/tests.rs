//! Memory against a real store: remember, recall, filters, the caps, settlement, tiers,
//! re-embedding and the bookkeeping that fails open.

use super::*;
use crate::base::store::testing::temp_store;
use crate::base::store::{SINGLETON_KEY, Store};

fn hash_memory(dim: usize) -> Memory {
    Memory::new(Box::new(HashEmbedder::new(dim)))
}

fn add(store: &Store, memory: &Memory, new: NewEngram, now: i64) -> EngramId {
    let mut tx = store.write().unwrap();
    let id = memory.remember(&mut tx, new, now).unwrap();
    tx.commit().unwrap();
    id
}

fn fact(body: &str) -> NewEngram {
    NewEngram::new(Kind::Fact, body, Provenance::Told).source("operator")
}

#[test]
fn remembered_facts_are_recalled_best_first() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(256);
    let pump = add(
        &store,
        &memory,
        fact("the pump controller listens on TCP port 8731"),
        10,
    );
    add(&store, &memory, fact("the garden is watered at dawn"), 11);
    add(&store, &memory, fact("backups run every night at 3"), 12);
    assert_eq!(pump, EngramId(1));
    let rx = store.read().unwrap();
    let recall = memory
        .recall(
            &rx,
            "which port does the pump controller use",
            &Filter::active(),
            2,
        )
        .unwrap();
    assert_eq!(recall.route, Route::Exact);
    assert_eq!(recall.hits.len(), 2);
    let best = &recall.hits[0];
    assert_eq!(best.id, pump);
    assert!(
        best.sim > 0.3 && best.sim > recall.hits[1].sim,
        "{}",
        best.sim
    );
    let e = &best.engram;
    assert_eq!(
        (e.provenance, e.strength, e.tier),
        (Provenance::Told, 0.7, Tier::Active)
    );
    assert_eq!(e.sources, vec!["operator".to_string()]);
    assert_eq!((e.created, e.updated), (10, 10));
    assert_eq!(e.vector.backend, "hash");
    assert_eq!(e.vector.dim, 256);
    assert_eq!(e.vector.text_sha256, engram::text_sha256(&e.body));
    // Recalling by a vector made once gives the same answer as by its text.
    let situation = memory
        .embed("which port does the pump controller use")
        .unwrap();
    let by_vector = memory
        .recall_vector(&rx, &situation, &Filter::active(), 2)
        .unwrap();
    let ids = |r: &Recall| r.hits.iter().map(|h| (h.id, h.sim)).collect::<Vec<_>>();
    assert_eq!(ids(&by_vector), ids(&recall));
    // A query with nothing to embed finds nothing rather than everything at 0.
    assert!(
        memory
            .recall(&rx, "?!", &Filter::default(), 5)
            .unwrap()
            .hits
            .is_empty()
    );
}

#[test]
fn recall_honours_kind_tier_and_provenance() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(128);
    let text = "restart the pump when the pressure drops";
    add(
        &store,
        &memory,
        NewEngram::new(Kind::Strategy, text, Provenance::Experienced),
        1,
    );
    add(
        &store,
        &memory,
        NewEngram::new(Kind::Fact, text, Provenance::Told),
        2,
    );
    let scar = add(
        &store,
        &memory,
        NewEngram::new(Kind::Scar, text, Provenance::Inherited),
        3,
    );
    let mut tx = store.write().unwrap();
    assert!(memory.set_tier(&mut tx, scar, Tier::Archive, 4).unwrap());
    assert!(!memory.set_tier(&mut tx, scar, Tier::Archive, 4).unwrap());
    tx.commit().unwrap();
    let rx = store.read().unwrap();
    let ids = |f: Filter| -> Vec<u64> {
        let r = memory.recall(&rx, text, &f, 10).unwrap();
        r.hits.iter().map(|h| h.id.0).collect()
    };
    assert_eq!(ids(Filter::default()), vec![1, 2, 3]);
    assert_eq!(ids(Filter::active()), vec![1, 2]);
    assert_eq!(ids(Filter::default().kind(Kind::Strategy)), vec![1]);
    assert_eq!(ids(Filter::default().provenance(Provenance::Told)), vec![2]);
    let archive = Filter {
        tier: Some(Tier::Archive),
        ..Filter::default()
    };
    assert_eq!(ids(archive), vec![3]);
    assert_eq!(ids(Filter::active().kind(Kind::Scar)), Vec::<u64>::new());
    assert_eq!(list(&rx, &Filter::default(), 2).unwrap().len(), 2);
    assert_eq!(list(&rx, &Filter::default(), 10).unwrap()[0].id, scar);
}

#[test]
fn at_the_active_cap_the_weakest_is_archived_and_at_the_total_cap_nothing_is_lost() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(64).with_caps(Caps {
        active: 3,
        total: 5,
    });
    for (i, body) in ["alpha one", "beta two", "gamma three"].iter().enumerate() {
        add(&store, &memory, fact(body), i as i64);
    }
    let mut tx = store.write().unwrap();
    settle(&mut tx, EngramId(1), Settlement::FollowedIntoSuccess, 5).unwrap();
    let u = settle(&mut tx, EngramId(2), Settlement::IntoFailure, 5).unwrap();
    assert_eq!((u.into_failure, u.score()), (1, -1));
    tx.commit().unwrap();
    // The fourth: e2 (utility -1) goes to the archive.
    add(&store, &memory, fact("delta four"), 6);
    let tier = |id: u64| {
        let rx = store.read().unwrap();
        get(&rx, EngramId(id)).unwrap().unwrap().tier
    };
    assert_eq!(tier(2), Tier::Archive);
    assert_eq!([tier(1), tier(3), tier(4)], [Tier::Active; 3]);
    // The fifth: e3 and e4 tie on utility and strength; e3 was untouched longer.
    add(&store, &memory, fact("epsilon five"), 7);
    assert_eq!(tier(3), Tier::Archive);
    let state = MemoryState::load(&store.read().unwrap()).unwrap();
    assert_eq!((state.active, state.archived, state.next_id), (3, 2, 6));
    // The sixth is refused; all five are still there.
    let mut tx = store.write().unwrap();
    let err = memory.remember(&mut tx, fact("zeta six"), 8).unwrap_err();
    assert!(err.message.contains("memory is full"), "{}", err.message);
    assert_eq!(err.code(), 65);
    drop(tx);
    let rx = store.read().unwrap();
    assert_eq!(rx.count::<Engram>().unwrap(), 5);
    assert_eq!(rx.count::<Vector>().unwrap(), 5);
}

#[test]
fn settling_an_unknown_engram_says_so() {
    let (_dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    let err = settle(&mut tx, EngramId(9), Settlement::Ignored, 1).unwrap_err();
    assert_eq!(err.code(), 66);
    assert!(err.message.contains("e9"));
}

#[test]
fn bad_engrams_are_refused() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(16);
    let mut tx = store.write().unwrap();
    for new in [
        fact("   "),
        fact(&"x".repeat(MAX_BODY_CHARS + 1)),
        fact("ok").strength(1.5),
        NewEngram::new(Kind::Fact, "ok", Provenance::Told).source("s".repeat(300)),
    ] {
        assert_eq!(memory.remember(&mut tx, new, 1).unwrap_err().code(), 65);
    }
    assert!(
        memory
            .remember(&mut tx, fact(&"x".repeat(MAX_BODY_CHARS)), 1)
            .is_ok()
    );
}

#[test]
fn a_changed_embedder_leaves_old_vectors_out_until_reembedded() {
    let (_dir, store) = temp_store();
    let old = hash_memory(64);
    for body in ["the kettle is in the kitchen", "the cat sleeps on the mat"] {
        add(&store, &old, fact(body), 1);
    }
    let new = hash_memory(32);
    let recall = new
        .recall(&store.read().unwrap(), "kettle", &Filter::default(), 5)
        .unwrap();
    assert!(recall.hits.is_empty());
    assert_eq!(recall.other_space, 2);
    let mut seen = Vec::new();
    let report = maintain::reembed(&store, &new, 50, &mut |d, t| seen.push((d, t))).unwrap();
    assert_eq!(
        (report.checked, report.reembedded, report.commits),
        (2, 2, 1)
    );
    assert_eq!(seen, vec![(0, 2), (2, 2)]);
    let rx = store.read().unwrap();
    let recall = new.recall(&rx, "kettle", &Filter::default(), 5).unwrap();
    assert_eq!(recall.hits[0].id, EngramId(1));
    assert_eq!(recall.other_space, 0);
    let e = &recall.hits[0].engram;
    assert_eq!((e.vector.dim, e.vector.embedded_at), (32, 50));
    assert_eq!(maintain::stats(&rx, &new).unwrap().stale, 0);
    assert_eq!(maintain::stats(&rx, &old).unwrap().stale, 2);
    drop(rx);
    let again = maintain::reembed(&store, &new, 60, &mut |_, _| {}).unwrap();
    assert_eq!((again.reembedded, again.commits), (0, 0));
}

#[test]
fn bookkeeping_is_rebuilt_when_missing_or_damaged() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(16);
    for body in ["one", "two", "three"] {
        add(&store, &memory, fact(body), 1);
    }
    let mut tx = store.write().unwrap();
    memory
        .set_tier(&mut tx, EngramId(2), Tier::Archive, 2)
        .unwrap();
    tx.commit().unwrap();
    let kept = MemoryState::load(&store.read().unwrap()).unwrap();
    let mut tx = store.write().unwrap();
    assert!(tx.remove::<MemoryState>(SINGLETON_KEY).unwrap());
    tx.commit().unwrap();
    let rebuilt = MemoryState::load(&store.read().unwrap()).unwrap();
    assert_eq!(rebuilt, kept);
    assert_eq!(
        (rebuilt.active, rebuilt.archived, rebuilt.next_id),
        (2, 1, 4)
    );
    // A damaged document reads as the recount too, and the next id is never reused.
    let mut tx = store.write().unwrap();
    tx.put_raw(
        &crate::base::store::DocType::of::<MemoryState>(),
        SINGLETON_KEY,
        b"\xc1",
    )
    .unwrap();
    let id = memory.remember(&mut tx, fact("four"), 3).unwrap();
    tx.commit().unwrap();
    assert_eq!(id, EngramId(4));
}

#[test]
fn stats_count_by_tier_kind_and_provenance() {
    let (_dir, store) = temp_store();
    let memory = hash_memory(16);
    add(&store, &memory, fact("a fact"), 1);
    add(
        &store,
        &memory,
        NewEngram::new(Kind::Dream, "a dream", Provenance::Experienced),
        1,
    );
    let mut tx = store.write().unwrap();
    settle(&mut tx, EngramId(2), Settlement::TaughtInReplay, 2).unwrap();
    tx.commit().unwrap();
    let s = maintain::stats(&store.read().unwrap(), &memory).unwrap();
    assert_eq!(
        (s.total, s.active, s.archived, s.settled, s.stale),
        (2, 2, 0, 1, 0)
    );
    assert_eq!(s.by_kind.get("dream"), Some(&1));
    assert_eq!(s.by_provenance.get("told"), Some(&1));
    assert!(s.mirror.is_none());
    assert_eq!(s.caps, Caps::DEFAULT);
}

#[test]
fn engrams_of_another_embedder_are_caught_up_in_bounded_steps() {
    let (_dir, store) = temp_store();
    let old = hash_memory(64);
    for (i, body) in [
        "the kettle is in the kitchen",
        "the cat sleeps on the mat",
        "backups run at 3",
    ]
    .iter()
    .enumerate()
    {
        add(&store, &old, fact(body), i as i64);
    }
    let new = hash_memory(256);
    let rx = store.read().unwrap();
    assert!(
        new.recall(&rx, "kettle", &Filter::default(), 5)
            .unwrap()
            .hits
            .is_empty()
    );
    drop(rx);
    let mut tx = store.write().unwrap();
    let caught = maintain::reembed_other_space(&mut tx, &new, 2, 50).unwrap();
    tx.commit().unwrap();
    assert_eq!((caught.reembedded, caught.left), (2, 1));
    let mut tx = store.write().unwrap();
    let caught = maintain::reembed_other_space(&mut tx, &new, 2, 60).unwrap();
    tx.commit().unwrap();
    assert_eq!((caught.reembedded, caught.left), (1, 0));
    let rx = store.read().unwrap();
    let found = new.recall(&rx, "kettle", &Filter::default(), 5).unwrap();
    assert_eq!(found.other_space, 0);
    assert_eq!(found.hits[0].engram.body, "the kettle is in the kitchen");
    drop(rx);
    let mut tx = store.write().unwrap();
    let caught = maintain::reembed_other_space(&mut tx, &new, 2, 70).unwrap();
    assert_eq!((caught.reembedded, caught.left), (0, 0));
}
