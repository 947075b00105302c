//! The heir's world on what it inherited: a fact read again the same is witnessed, an inherited
//! fact read otherwise is archived saying what the reading showed, a lived fact is not
//! confirmed by its own reading; an inherited memory that fails twice before it is verified is
//! archived saying so, and one verified here is not.

use super::*;
use crate::base::store::testing::temp_store;
use crate::memory::{HashEmbedder, NewEngram, Settlement};

fn memory() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(256)))
}

fn fact(tx: &mut Tx<'_>, m: &Memory, body: &str, p: Provenance, episode: u64) -> EngramId {
    let new = NewEngram::new(Kind::Fact, body, p).source(format!("episode:{episode}"));
    m.remember(tx, new, 1).unwrap()
}

fn reading(fact: &str, tick: u64, episode: u64) -> Reading {
    Reading {
        fact: fact.into(),
        tick,
        episode,
    }
}

#[test]
fn a_fact_s_subject_is_its_file_or_its_command() {
    assert_eq!(
        subject("notes.txt says: port 8731"),
        Some("notes.txt says:")
    );
    assert_eq!(subject("`date` shows: Mon"), Some("`date` shows:"));
    assert_eq!(
        subject("papers/a b.txt says: x says: y"),
        Some("papers/a b.txt says:")
    );
    assert_eq!(subject("The pump is blue."), None);
}

#[test]
fn a_reading_confirms_what_it_shows_again_and_contradicts_an_inherited_fact() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let inherited = fact(
        &mut tx,
        &m,
        "pump.txt says: port 8731",
        Provenance::Inherited,
        0,
    );
    let same = fact(
        &mut tx,
        &m,
        "cfg.txt says: mode fast",
        Provenance::Inherited,
        0,
    );
    let lived = fact(
        &mut tx,
        &m,
        "log.txt says: all quiet",
        Provenance::Experienced,
        5,
    );
    let other = fact(
        &mut tx,
        &m,
        "note.txt says: hello",
        Provenance::Experienced,
        3,
    );
    let judged = judge_readings(
        &mut tx,
        &m,
        &[
            reading("pump.txt says: port 8000", 12, 20),
            reading("cfg.txt says: mode fast", 12, 21),
            // Its own reading is no confirmation, a later one is.
            reading("log.txt says: all quiet", 4, 5),
            reading("note.txt says: hello", 9, 7),
            // A lived fact read otherwise is distillation's to supersede.
            reading("other.txt says: b", 9, 8),
        ],
        1,
    )
    .unwrap();
    assert_eq!(judged.contradicted, [inherited]);
    assert_eq!(judged.confirmed, [same, other]);
    let gone = crate::memory::get(&tx, inherited).unwrap().unwrap();
    assert_eq!(gone.tier, Tier::Archive);
    assert_eq!(
        gone.fate.archived.unwrap().line(),
        "contradicted by the read at tick 12: pump.txt says: port 8000"
    );
    let w = &crate::memory::get(&tx, same)
        .unwrap()
        .unwrap()
        .fate
        .witnessed;
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].how, Witnessed::ReadAgain);
    assert_eq!(w[0].said, "read again at tick 12, unchanged");
    assert!(
        !crate::memory::get(&tx, lived)
            .unwrap()
            .unwrap()
            .fate
            .world_verified()
    );
}

#[test]
fn an_inherited_memory_that_fails_twice_here_is_demoted_saying_so() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let new = NewEngram::new(Kind::Procedure, "To copy: cp a b", Provenance::Inherited);
    let id = m.remember(&mut tx, new, 1).unwrap();
    crate::memory::settle(&mut tx, id, Settlement::IntoFailure, 2).unwrap();
    assert!(
        !demote_if_failed(&mut tx, &m, id, 4, 2).unwrap(),
        "once is not twice"
    );
    crate::memory::settle(&mut tx, id, Settlement::IntoFailure, 3).unwrap();
    assert!(demote_if_failed(&mut tx, &m, id, 9, 3).unwrap());
    let e = crate::memory::get(&tx, id).unwrap().unwrap();
    assert_eq!(e.tier, Tier::Archive);
    assert_eq!(
        e.fate.archived.as_ref().unwrap().line(),
        "demoted: it failed here 2 times before it was verified, the last at tick 9"
    );

    // What helped more often than it failed, or was verified here, or was lived, stays.
    let mut kept = e.clone();
    kept.tier = Tier::Active;
    kept.fate.archived = None;
    kept.utility.followed_into_success = 3;
    assert!(!failed_here(&kept), "it helped more often");
    kept.utility.followed_into_success = 0;
    kept.fate.verified_at = Some(2);
    assert!(!failed_here(&kept), "verified here");
    kept.fate.verified_at = None;
    kept.fate.witness(Witness::new(
        Witnessed::FollowedIntoClose,
        "step closed",
        4,
        0,
    ));
    assert!(!failed_here(&kept), "the world showed it here");
    kept.fate.witnessed.clear();
    kept.provenance = Provenance::Experienced;
    assert!(!failed_here(&kept), "lived here");
    kept.provenance = Provenance::Inherited;
    assert!(failed_here(&kept));
}
