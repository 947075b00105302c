//! Near-duplicates found by blocking, merged with both provenances; an archived engram says
//! where it went and comes back.

use super::super::fate::Gone;
use super::*;
use crate::base::store::testing::temp_store;
use crate::memory::{HashEmbedder, Kind, NewEngram, Settlement};

#[test]
fn duplicates_merge_into_one_with_both_sources_and_summed_utility() {
    let (_dir, store) = temp_store();
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    let mut tx = store.write().unwrap();
    let body = "the pump controller listens on TCP port 8731";
    let fact = |src: &str| NewEngram::new(Kind::Fact, body, Provenance::Told).source(src);
    let a = memory.remember(&mut tx, fact("operator"), 1).unwrap();
    let b = memory.remember(&mut tx, fact("episode:4"), 2).unwrap();
    let other = NewEngram::new(
        Kind::Fact,
        "the garden is watered at dawn",
        Provenance::Told,
    );
    memory.remember(&mut tx, other, 3).unwrap();
    let scar = NewEngram::new(Kind::Scar, body, Provenance::Experienced);
    memory.remember(&mut tx, scar, 4).unwrap();
    crate::memory::settle(&mut tx, a, Settlement::FollowedIntoSuccess, 5).unwrap();
    crate::memory::settle(&mut tx, b, Settlement::FollowedIntoSuccess, 6).unwrap();
    crate::memory::settle(&mut tx, b, Settlement::FailedToTeach, 6).unwrap();

    let (pairs, read) = near_duplicates(&tx, &memory, 0.95, 1, 100).unwrap();
    assert_eq!(read, 4);
    assert_eq!(pairs.len(), 1, "same kind only: {pairs:?}");
    assert_eq!((pairs[0].0, pairs[0].1), (a, b));

    memory.merge(&mut tx, a, b, Some(2), 7).unwrap();
    let keep = crate::memory::get(&tx, a).unwrap().unwrap();
    assert_eq!(keep.sources, ["operator", "episode:4", "merged:e2"]);
    assert_eq!(keep.utility.followed_into_success, 2);
    assert_eq!(keep.utility.failed_to_teach, 1);
    // 0.6 (one success) and 0.4 (a success, then a failure to teach) make 0.5.
    assert!((keep.confidence - 0.5).abs() < 1e-6, "{}", keep.confidence);
    let gone = crate::memory::get(&tx, b).unwrap().unwrap();
    assert_eq!(gone.tier, Tier::Archive);
    let mark = gone.fate.archived.unwrap();
    assert_eq!(mark.gone, Gone::MergedInto { survivor: a });
    assert_eq!(mark.line(), "merged into e1 at sleep 2");
    let state = crate::memory::MemoryState::load(&tx).unwrap();
    assert_eq!((state.active, state.archived), (3, 1));
    let (pairs, _) = near_duplicates(&tx, &memory, 0.95, 2, 100).unwrap();
    assert!(pairs.is_empty(), "the archive is not merged again");

    let back = memory.restore(&mut tx, b, 8).unwrap();
    assert_eq!(back.tier, Tier::Active);
    assert_eq!(back.fate.archived, None);
    let err = memory.restore(&mut tx, b, 9).unwrap_err();
    assert!(err.message.contains("active already"), "{}", err.message);
}
