//! The history's index on disk: a crash's leftovers (a copy never recorded, a temporary of a
//! dead process, a record cut short) are cut off or swept, and every kind of change reads back.

use super::tests::{bash, caps, home, look};
use super::*;

#[test]
fn a_crash_leaves_orphans_a_later_sweep_removes_and_a_torn_record_is_cut() {
    let home = home();
    home.write("a.txt", "one");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    let blobs = home.hist.join("blobs");
    // A copy written and never recorded, a temporary left by a dead process.
    std::fs::write(blobs.join(Sha::of(b"orphan").hex()), "orphan").unwrap();
    std::fs::write(blobs.join(".tmp-999-1"), "half").unwrap();
    // A record cut short at the journal's end.
    let journal = home.hist.join(journal::JOURNAL);
    let whole = std::fs::metadata(&journal).unwrap().len();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .unwrap();
    std::io::Write::write_all(&mut f, &[200, 0, 0, 0, 1, 2]).unwrap();
    drop(h);
    let mut h = home.open(caps());
    assert_eq!(h.state().seen.len(), 1);
    home.write("a.txt", "two");
    look(&mut h, &bash(), 1);
    assert!(std::fs::metadata(&journal).unwrap().len() > whole);
    let reopened = home.open(caps());
    assert_eq!(
        reopened.state().versions.len(),
        1,
        "the record after the torn one reads"
    );
    // Folding the journal sweeps what nothing refers to.
    let mut h = reopened;
    journal::fold(h.disk.as_ref(), &mut h.state, &mut h.journal).unwrap();
    blobs::sweep(h.disk.as_ref(), &h.state).unwrap();
    assert!(!blobs.join(".tmp-999-1").exists());
    assert!(!blobs.join(Sha::of(b"orphan").hex()).exists());
    assert_eq!(home.blobs(), 2);
    let folded = home.open(caps());
    assert_eq!(folded.state().versions, h.state().versions);
}

/// Regression: a version done by a restore (a variant with no tool) once wrote a journal
/// record that did not read back, and the reading stopped there.
#[test]
fn every_kind_of_change_reads_back_from_the_journal() {
    let home = home();
    let mut h = home.open(caps());
    let bys = [
        By::Action("bash".into()),
        By::Reflex("write_file".into()),
        By::Check,
        By::Outside,
        By::Restore,
    ];
    let whats = [
        What::Overwritten,
        What::Deleted,
        What::Replaced,
        What::Moved,
        What::Restored,
    ];
    for (i, (by, what)) in bys.into_iter().zip(whats).enumerate() {
        h.state.apply(state::Change::Version(Version {
            id: i as u64,
            path: format!("p{i}").into_bytes(),
            tick: i as u64,
            at: 0,
            what,
            by,
            size: 0,
            blob: None,
            not_kept: Some(NotKept::TooLarge),
            to: (what == What::Moved).then(|| b"elsewhere".to_vec()),
        }));
    }
    h.save().unwrap();
    assert_eq!(home.open(caps()).state().versions, h.state().versions);
}

#[test]
fn a_damaged_index_is_an_error_never_an_empty_history() {
    let home = home();
    home.write("a.txt", "one");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    journal::fold(h.disk.as_ref(), &mut h.state, &mut h.journal).unwrap();
    std::fs::write(home.hist.join(journal::INDEX), b"not an index").unwrap();
    let err = History::open(&home.ws, &home.hist, caps()).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData, "{err}");
    // The copies it named are still there for the keeper.
    assert_eq!(home.blobs(), 1);
}
