//! The curation rule, one engram at a time: only the adjudicated record moves strength.

use super::*;
use crate::memory::{Fate, Settlement, Utility, engram::VectorMeta};

fn engram(kind: Kind, provenance: Provenance, strength: f32) -> Engram {
    Engram {
        id: EngramId(1),
        kind,
        body: "the backup script is tools/backup.sh".into(),
        strength,
        confidence: crate::memory::engram::CONFIDENCE_START,
        provenance,
        utility: Utility::default(),
        tier: Tier::Active,
        sources: Vec::new(),
        created: 0,
        updated: 0,
        vector: VectorMeta {
            backend: "hash".into(),
            model: "ngram-v1".into(),
            dim: 8,
            text_sha256: String::new(),
            embedded_at: 0,
            qdrant: None,
        },
        fate: Fate::default(),
    }
}

/// Sleeps `from..=to`, the verdict of the last.
fn sleeps(e: &mut Engram, from: u64, to: u64, grace: u32) -> Verdict {
    let mut last = Verdict::Kept;
    for s in from..=to {
        last = judge(e, s, grace);
    }
    last
}

#[test]
fn positive_utility_is_reinforced_and_never_decays() {
    let mut e = engram(Kind::Fact, Provenance::Experienced, 0.5);
    e.utility.record(Settlement::FollowedIntoSuccess, 1);
    assert_eq!(judge(&mut e, 1, 3), Verdict::Reinforced);
    assert!((e.strength - 0.6).abs() < 1e-6);
    assert_eq!(judge(&mut e, 1, 3), Verdict::Kept, "one judgement a sleep");
    sleeps(&mut e, 2, 20, 3);
    assert_eq!(e.strength, 1.0);
    assert_eq!(e.fate.quiet_since, None);
}

#[test]
fn an_empty_record_decays_after_its_grace_and_goes_to_the_archive() {
    let mut e = engram(Kind::Fact, Provenance::Experienced, 1.0);
    assert_eq!(sleeps(&mut e, 1, 3, 3), Verdict::Kept, "within its grace");
    assert_eq!(e.strength, 1.0);
    assert_eq!(judge(&mut e, 4, 3), Verdict::Demoted);
    assert!((e.strength - 0.85).abs() < 1e-6);
    assert_eq!(sleeps(&mut e, 5, 8, 3), Verdict::Demoted);
    assert_eq!(judge(&mut e, 9, 3), Verdict::Archived);
}

#[test]
fn ignores_alone_do_not_protect_and_failures_decay_twice_as_fast() {
    let mut ignored = engram(Kind::Fact, Provenance::Experienced, 1.0);
    for _ in 0..20 {
        ignored.utility.record(Settlement::Ignored, 1);
    }
    let mut failed = engram(Kind::Fact, Provenance::Experienced, 1.0);
    failed.utility.record(Settlement::IntoFailure, 1);
    sleeps(&mut ignored, 1, 4, 3);
    sleeps(&mut failed, 1, 4, 3);
    assert!((ignored.strength - 0.85).abs() < 1e-6);
    assert!((failed.strength - 0.7).abs() < 1e-6);
}

#[test]
fn told_and_inherited_decay_faster_and_scars_slowly() {
    let mut told = engram(Kind::Fact, Provenance::Told, 0.7);
    let mut inherited = engram(Kind::Fact, Provenance::Inherited, 0.5);
    let mut scar = engram(Kind::Scar, Provenance::Experienced, 1.0);
    let mut lived = engram(Kind::Fact, Provenance::Experienced, 1.0);
    for e in [&mut told, &mut inherited, &mut scar, &mut lived] {
        sleeps(e, 1, 4, 3);
    }
    assert!((told.strength - 0.4).abs() < 1e-6);
    assert!((inherited.strength - 0.2).abs() < 1e-6);
    assert!((scar.strength - 0.97).abs() < 1e-6);
    assert!((lived.strength - 0.85).abs() < 1e-6);
    assert_eq!(judge(&mut told, 5, 3), Verdict::Archived);
}

#[test]
fn a_saturated_theme_is_cooled_not_archived() {
    let mut e = engram(Kind::Strategy, Provenance::Experienced, 0.3);
    e.utility.record(Settlement::FollowedIntoSuccess, 1);
    for _ in 0..10 {
        e.utility.record(Settlement::Ignored, 1);
    }
    assert_eq!(sleeps(&mut e, 1, 10, 3), Verdict::Cooled);
    assert_eq!(e.strength, STRENGTH_FLOOR);
}

#[test]
fn numbers_are_grouped() {
    assert_eq!(grouped(4812), "4,812");
    assert_eq!(grouped(100000), "100,000");
    assert_eq!(grouped(12), "12");
}

#[test]
fn an_inherited_memory_decays_as_a_rumour_until_its_own_settlements_verify_it() {
    let mut rumour = engram(Kind::Strategy, Provenance::Inherited, 0.9);
    assert_eq!(sleeps(&mut rumour, 1, 4, 3), Verdict::Demoted);
    assert!((rumour.strength - (0.9 - DECAY_RUMOUR)).abs() < 1e-6);
    let mut verified = engram(Kind::Strategy, Provenance::Inherited, 0.6);
    verified.utility.record(Settlement::FollowedIntoSuccess, 1);
    assert_eq!(judge(&mut verified, 1, 3), Verdict::Reinforced);
    assert_eq!(verified.fate.verified_at, Some(1));
    // Its record goes negative later: it decays as a lived memory does, not as a rumour.
    verified.utility.record(Settlement::IntoFailure, 2);
    verified.utility.record(Settlement::IntoFailure, 3);
    let before = verified.strength;
    assert_eq!(sleeps(&mut verified, 2, 5, 3), Verdict::Demoted);
    assert!((before - verified.strength - 2.0 * DECAY).abs() < 1e-6);
    // An experienced memory never gets the mark.
    let mut lived = engram(Kind::Strategy, Provenance::Experienced, 0.6);
    lived.utility.record(Settlement::FollowedIntoSuccess, 1);
    judge(&mut lived, 1, 3);
    assert_eq!(lived.fate.verified_at, None);
}

#[test]
fn what_was_used_into_success_weakens_to_the_floor_and_is_never_archived() {
    let mut e = engram(Kind::Fact, Provenance::Told, 0.7);
    e.utility.record(Settlement::FollowedIntoSuccess, 1);
    e.utility.record(Settlement::IntoFailure, 2);
    e.utility.record(Settlement::IntoFailure, 3);
    assert!(e.utility.score() < 0);
    assert_eq!(sleeps(&mut e, 1, 40, 3), Verdict::Demoted);
    assert_eq!(e.strength, STRENGTH_FLOOR);
    assert_eq!(e.tier, Tier::Active);
}

/// A memory whose latest settlements went against it is doubted: the record that would have
/// reinforced it, or kept it from the archive, does not, and it is archived past its grace.
#[test]
fn a_doubted_memory_is_neither_reinforced_nor_kept_from_the_archive() {
    // Six successes, then four failures: a positive score, but the latest went wrong.
    let lived = |e: &mut Engram| {
        for _ in 0..6 {
            e.settle(Settlement::FollowedIntoSuccess, 1);
        }
        for _ in 0..4 {
            e.settle(Settlement::IntoFailure, 2);
        }
    };
    let mut doubted = engram(Kind::Fact, Provenance::Experienced, 0.6);
    lived(&mut doubted);
    assert_eq!(doubted.utility.score(), 2);
    assert!(
        doubted.confidence < CONFIDENCE_DOUBTED,
        "{}",
        doubted.confidence
    );
    // The same record at the starting confidence (settled before confidence was kept).
    let mut trusted = doubted.clone();
    trusted.confidence = crate::memory::engram::CONFIDENCE_START;
    assert_eq!(judge(&mut trusted, 1, 3), Verdict::Reinforced);
    assert_eq!(judge(&mut doubted, 1, 3), Verdict::Kept, "within its grace");
    assert_eq!(sleeps(&mut doubted, 2, 4, 3), Verdict::Demoted);
    assert_eq!(sleeps(&mut doubted, 5, 10, 3), Verdict::Archived);
    // A helped-once record at zero: kept at the floor while trusted, archived when doubted.
    let mut once = engram(Kind::Fact, Provenance::Experienced, 0.6);
    once.settle(Settlement::FollowedIntoSuccess, 1);
    once.settle(Settlement::IntoFailure, 2);
    assert_eq!(once.utility.score(), 0);
    let mut twice_failed = once.clone();
    twice_failed.settle(Settlement::IntoFailure, 3);
    twice_failed.settle(Settlement::FollowedIntoSuccess, 4);
    twice_failed.settle(Settlement::IntoFailure, 5);
    assert_eq!(twice_failed.utility.score(), -1);
    assert_eq!(sleeps(&mut once, 1, 40, 3), Verdict::Demoted);
    assert_eq!(once.strength, STRENGTH_FLOOR);
    assert_eq!(sleeps(&mut twice_failed, 1, 40, 3), Verdict::Archived);
}

#[test]
fn the_world_s_witness_verifies_an_inherited_memory_and_failing_here_first_archives_it() {
    let mut e = engram(Kind::Procedure, Provenance::Inherited, 0.5);
    e.fate.witness(crate::memory::Witness::new(
        crate::memory::Witnessed::FollowedIntoClose,
        "commission #2 done: file b.txt exists",
        7,
        0,
    ));
    judge(&mut e, 3, 10);
    assert_eq!(e.fate.verified_at, Some(3), "verified by its world here");
    let mut failing = engram(Kind::Procedure, Provenance::Inherited, 0.5);
    failing.settle(Settlement::IntoFailure, 1);
    assert_eq!(judge(&mut failing.clone(), 3, 10), Verdict::Kept);
    failing.settle(Settlement::FailedToTeach, 2);
    assert_eq!(judge(&mut failing, 3, 10), Verdict::FailedHere);
}

#[test]
fn an_inherited_memory_shown_again_and_again_and_never_followed_is_archived_unheeded() {
    use crate::wisdom::lineage::heir::IGNORED_TO_DEMOTE;
    let mut unheeded = engram(Kind::Strategy, Provenance::Inherited, 0.5);
    for t in 1..IGNORED_TO_DEMOTE {
        unheeded.settle(Settlement::Ignored, t as i64);
    }
    assert_eq!(
        judge(&mut unheeded.clone(), 3, 10),
        Verdict::Kept,
        "one short"
    );
    unheeded.settle(Settlement::Ignored, 9);
    assert_eq!(judge(&mut unheeded.clone(), 3, 10), Verdict::Unheeded);
    // Followed once here, it is not unheeded; nor is a memory it lived itself.
    let mut heeded = unheeded.clone();
    heeded.settle(Settlement::FollowedIntoSuccess, 10);
    assert_ne!(judge(&mut heeded, 3, 10), Verdict::Unheeded);
    let mut lived = engram(Kind::Strategy, Provenance::Experienced, 0.5);
    for t in 0..10 {
        lived.settle(Settlement::Ignored, t);
    }
    assert_ne!(judge(&mut lived, 3, 10), Verdict::Unheeded);
    // The archive mark says why.
    let mark = crate::wisdom::lineage::heir::unheeded_mark(&unheeded, 3, 0);
    assert_eq!(
        mark.line(),
        format!(
            "demoted: shown here {IGNORED_TO_DEMOTE} times and never followed before it was verified at sleep 3"
        )
    );
}
