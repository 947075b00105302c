//! The Qdrant mirror against a stand-in that speaks its REST shapes: upsert on write,
//! recall through Qdrant with the same answers as the exact scan, rebuild from the store,
//! and Qdrant going away mid-run (fallback to the exact scan, one warning).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::qdrant::Qdrant;
use crate::support::store::temp_store;
use wis::base::store::Store;
use wis::memory::maintain::{self, rebuild_mirror};
use wis::memory::{
    EngramId, Filter, HashEmbedder, Kind, Memory, MemoryState, Mirror, NewEngram, Provenance,
    Route, Tier,
};

const COLLECTION: &str = "engrams";
const DIM: usize = 64;

type Said = Arc<Mutex<Vec<String>>>;

fn mirrored(url: &str) -> (Memory, Said) {
    mirrored_with_timeout(url, Duration::from_secs(2))
}

fn mirrored_with_timeout(url: &str, timeout: Duration) -> (Memory, Said) {
    let said: Said = Arc::default();
    let sink = said.clone();
    let mirror = Mirror::new(url, COLLECTION, timeout)
        .with_warn(Box::new(move |m| sink.lock().unwrap().push(m.to_string())));
    let memory = Memory::new(Box::new(HashEmbedder::new(DIM))).with_mirror(mirror);
    (memory, said)
}

fn exact() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(DIM)))
}

const BODIES: [(Kind, &str); 6] = [
    (Kind::Fact, "the pump controller listens on TCP port 8731"),
    (Kind::Strategy, "restart the pump when the pressure drops"),
    (
        Kind::Scar,
        "restarting the pump without draining it flooded the cellar",
    ),
    (Kind::Episodic, "watered the garden at dawn and it worked"),
    (Kind::Fact, "backups run every night at three"),
    (
        Kind::Procedure,
        "to drain the pump: close valve A, open valve B, wait",
    ),
];

fn fill(store: &Store, memory: &Memory) {
    for (i, (kind, body)) in BODIES.iter().enumerate() {
        let mut tx = store.write().unwrap();
        let prov = if i % 2 == 0 {
            Provenance::Told
        } else {
            Provenance::Experienced
        };
        memory
            .remember(&mut tx, NewEngram::new(*kind, *body, prov), i as i64)
            .unwrap();
        tx.commit().unwrap();
    }
}

/// The ids and similarities of a recall.
fn found(memory: &Memory, store: &Store, query: &str, filter: &Filter) -> (Route, Vec<(u64, f32)>) {
    let r = memory
        .recall(&store.read().unwrap(), query, filter, 4)
        .unwrap();
    (r.route, r.hits.iter().map(|h| (h.id.0, h.sim)).collect())
}

fn assert_same(a: &[(u64, f32)], b: &[(u64, f32)]) {
    assert_eq!(
        a.iter().map(|x| x.0).collect::<Vec<_>>(),
        b.iter().map(|x| x.0).collect::<Vec<_>>()
    );
    for (x, y) in a.iter().zip(b) {
        assert!((x.1 - y.1).abs() < 1e-4, "{} vs {}", x.1, y.1);
    }
}

#[test]
fn writes_upsert_and_recall_through_qdrant_matches_the_exact_scan() {
    let q = Qdrant::start();
    let (_dir, store) = temp_store();
    let (memory, said) = mirrored(&q.url());
    fill(&store, &memory);
    assert_eq!(q.points(COLLECTION), BODIES.len());
    let rx = store.read().unwrap();
    let e1 = wis::memory::get(&rx, EngramId(1)).unwrap().unwrap();
    assert_eq!(e1.vector.qdrant.as_ref().map(|r| r.point_id), Some(1));
    assert!(MemoryState::load(&rx).unwrap().mirror.unwrap().synced);
    drop(rx);
    let filters = [
        Filter::active(),
        Filter::default().kind(Kind::Fact),
        Filter::active().provenance(Provenance::Experienced),
    ];
    for filter in &filters {
        let (route, via_qdrant) = found(&memory, &store, "pump pressure restart", filter);
        assert_eq!(route, Route::Qdrant);
        let (route, scanned) = found(&exact(), &store, "pump pressure restart", filter);
        assert_eq!(route, Route::Exact);
        assert_same(&via_qdrant, &scanned);
    }
    // A tier change reaches the mirror's payload, so Qdrant's filter sees it.
    let mut tx = store.write().unwrap();
    memory
        .set_tier(&mut tx, EngramId(2), Tier::Archive, 10)
        .unwrap();
    tx.commit().unwrap();
    let (route, active) = found(&memory, &store, "restart the pump", &Filter::active());
    assert_eq!(route, Route::Qdrant);
    assert!(active.iter().all(|(id, _)| *id != 2));
    assert!(said.lock().unwrap().is_empty());
}

#[test]
fn qdrant_going_away_mid_run_falls_back_to_the_exact_scan_and_warns_once() {
    let mut q = Qdrant::start();
    let (_dir, store) = temp_store();
    let (memory, said) = mirrored(&q.url());
    fill(&store, &memory);
    let query = "drain the pump";
    let (route, before) = found(&memory, &store, query, &Filter::active());
    assert_eq!(route, Route::Qdrant);

    q.stop();
    for _ in 0..3 {
        let (route, after) = found(&memory, &store, query, &Filter::active());
        assert_eq!(route, Route::Exact);
        assert_same(&after, &before);
    }
    // Writes go on: the store is the record; the mirror is marked behind.
    let mut tx = store.write().unwrap();
    let id = memory
        .remember(
            &mut tx,
            NewEngram::new(Kind::Fact, "the drain valve is red", Provenance::Told),
            20,
        )
        .unwrap();
    tx.commit().unwrap();
    let (_, after) = found(&memory, &store, "drain valve", &Filter::active());
    assert_eq!(after[0].0, id.0);
    let said = said.lock().unwrap().clone();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("exact scan"), "{}", said[0]);
    let rx = store.read().unwrap();
    assert!(
        wis::memory::get(&rx, id)
            .unwrap()
            .unwrap()
            .vector
            .qdrant
            .is_none()
    );
    assert!(!MemoryState::load(&rx).unwrap().mirror.unwrap().synced);
    drop(rx);

    // The next run finds Qdrant back (empty, on another port): the mirror is behind, so
    // recall stays exact and says so once, until a rebuild.
    let q2 = Qdrant::start();
    let (memory, said) = mirrored(&q2.url());
    let (route, _) = found(&memory, &store, query, &Filter::active());
    assert_eq!(route, Route::Exact);
    assert_eq!(q2.requests("points/query"), 0);
    assert!(said.lock().unwrap()[0].contains("behind"));
    let report = rebuild_mirror(&store, &memory, 30, &mut |_, _| {}).unwrap();
    assert_eq!(
        (report.mirrored, report.other_space, report.dim),
        (7, 0, DIM)
    );
    assert_eq!(q2.points(COLLECTION), 7);
    let (route, rebuilt) = found(&memory, &store, query, &Filter::active());
    assert_eq!(route, Route::Qdrant);
    // The same as the exact scan over the store as it is now (the red valve included).
    let (_, exact_now) = found(&exact(), &store, query, &Filter::active());
    assert_same(&rebuilt, &exact_now);
    let rx = store.read().unwrap();
    assert!(
        maintain::stats(&rx, &memory)
            .unwrap()
            .mirror
            .unwrap()
            .synced
    );
    assert!(
        wis::memory::get(&rx, id)
            .unwrap()
            .unwrap()
            .vector
            .qdrant
            .is_some()
    );
    assert_eq!(said.lock().unwrap().len(), 1);
}

#[test]
fn a_hung_qdrant_costs_one_timeout_per_run() {
    let q = Qdrant::start();
    let (_dir, store) = temp_store();
    let (memory, _) = mirrored(&q.url());
    fill(&store, &memory);
    let (_, before) = found(&memory, &store, "pump", &Filter::active());
    // A port that accepts connections and never answers.
    let hung = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", hung.local_addr().unwrap());
    let (memory, said) = mirrored_with_timeout(&url, Duration::from_millis(300));
    let started = std::time::Instant::now();
    for _ in 0..5 {
        let (route, after) = found(&memory, &store, "pump", &Filter::active());
        assert_eq!(route, Route::Exact);
        assert_same(&after, &before);
    }
    // One timeout for the run, not one per recall.
    assert!(
        started.elapsed() < Duration::from_millis(1200),
        "{:?}",
        started.elapsed()
    );
    let said = said.lock().unwrap();
    assert_eq!(said.len(), 1);
    assert!(said[0].contains("timed out"), "{}", said[0]);
}

#[test]
fn a_collection_that_is_not_ours_is_never_trusted() {
    let q = Qdrant::start();
    let (_dir, store) = temp_store();
    // Someone else's points already in the collection: a fresh store must not adopt it.
    let (other, _) = mirrored(&q.url());
    let (_dir2, other_store) = temp_store();
    fill(&other_store, &other);
    let (memory, said) = mirrored(&q.url());
    let mut tx = store.write().unwrap();
    memory
        .remember(
            &mut tx,
            NewEngram::new(Kind::Fact, "only this", Provenance::Told),
            1,
        )
        .unwrap();
    tx.commit().unwrap();
    let (route, hits) = found(&memory, &store, "pump", &Filter::default());
    assert_eq!(route, Route::Exact);
    assert!(hits.iter().all(|(id, _)| *id == 1));
    assert_eq!(said.lock().unwrap().len(), 1);

    // A collection of another dimension: the write lands in the store, the mirror is
    // given up, and a rebuild makes it right.
    let q2 = Qdrant::start();
    let small = Mirror::new(&q2.url(), COLLECTION, Duration::from_secs(2));
    small.create(DIM / 2).unwrap();
    let (memory, said) = mirrored(&q2.url());
    let mut tx = store.write().unwrap();
    memory
        .remember(
            &mut tx,
            NewEngram::new(Kind::Fact, "and this", Provenance::Told),
            2,
        )
        .unwrap();
    tx.commit().unwrap();
    assert!(said.lock().unwrap()[0].contains("dimensional"));
    let report = rebuild_mirror(&store, &memory, 3, &mut |_, _| {}).unwrap();
    assert_eq!(report.mirrored, 2);
    let st = q2.state.lock().unwrap();
    assert_eq!(st.collections[COLLECTION].size, DIM);
}

#[test]
fn rebuild_needs_a_configured_and_reachable_qdrant() {
    let (_dir, store) = temp_store();
    let err = rebuild_mirror(&store, &exact(), 1, &mut |_, _| {}).unwrap_err();
    assert_eq!(err.code(), 78);
    let mut q = Qdrant::start();
    let url = q.url();
    q.stop();
    let (memory, _) = mirrored(&url);
    let err = rebuild_mirror(&store, &memory, 1, &mut |_, _| {}).unwrap_err();
    assert_eq!(err.code(), 69);
}
